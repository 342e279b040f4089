"""Atomic files: a failed or killed write leaves the old file whole, and a bad file set
aside never overwrites an earlier one."""

from __future__ import annotations

import errno
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from threethirteen import files
from threethirteen.files import set_aside, write_atomic


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = write_atomic(tmp_path / "save.json", "old")

    def full_disk(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_atomic(target, "new" * 100_000)
    assert target.read_text() == "old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["save.json"]


def test_a_writer_killed_before_the_rename_leaves_the_old_file(tmp_path: Path) -> None:
    target = write_atomic(tmp_path / "save.json", "old")
    marker = tmp_path / "written"
    code = (
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "from threethirteen import files\n"
        "def stall(source, destination):\n"
        f"    Path({str(marker)!r}).touch()\n"
        "    time.sleep(60)\n"
        "files.os.replace = stall\n"
        f"files.write_atomic({str(target)!r}, 'new' * 100_000)\n"
    )
    writer = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 30
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert marker.exists(), "the writer never reached its rename"
    writer.send_signal(signal.SIGKILL)
    writer.wait(10)
    assert target.read_text() == "old"
    assert write_atomic(target, "new").read_text() == "new"


def test_set_aside_never_overwrites_an_earlier_file(tmp_path: Path) -> None:
    names = []
    for text in ("first", "second", "third"):
        (tmp_path / "save.json").write_text(text)
        names.append(set_aside(tmp_path / "save.json").name)
    assert names == ["save.json.bad", "save.json.bad.2", "save.json.bad.3"]
    assert [(tmp_path / name).read_text() for name in names] == ["first", "second", "third"]
