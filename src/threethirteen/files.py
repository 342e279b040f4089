"""Files written so that a crash or a full disk never leaves half of one.

``write_atomic`` writes a temporary file beside the target, flushes and fsyncs it, then
renames it over the target (an atomic step on POSIX): a reader sees the old file or the
new one, never a mix. ``set_aside`` moves a file out of the way under a name not yet taken.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path | str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically, creating its folder; return the path.

    Raises ``OSError`` (unwritable folder, full disk) with the target left as it was.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    return target


def set_aside(path: Path | str, suffix: str = ".bad") -> Path:
    """Rename ``path`` to ``<name><suffix>``, or ``<name><suffix>.2``, ``.3``, ... so that
    no earlier file is overwritten; return the new path."""
    source = Path(path)
    candidate = source.with_name(source.name + suffix)
    number = 1
    while candidate.exists():
        number += 1
        candidate = source.with_name(f"{source.name}{suffix}.{number}")
    os.replace(source, candidate)
    return candidate


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
