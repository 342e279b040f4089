"""Where the program keeps its files: ``$THREE_THIRTEEN_HOME``, else
``$XDG_DATA_HOME/three-thirteen``, else ``~/.local/share/three-thirteen``.

A ``~`` that names no user (``~nosuchuser/x``), or a home directory that cannot be found,
is an ``InputError`` naming the variable: the command says so in one line, never with a
traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

from threethirteen.errors import InputError


def data_dir() -> Path:
    """The data directory (created by whoever first writes into it)."""
    home = os.environ.get("THREE_THIRTEEN_HOME")
    if home:
        return _expand(home, "THREE_THIRTEEN_HOME")
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return _expand(xdg, "XDG_DATA_HOME") / "three-thirteen"
    try:
        base = Path.home()
    except RuntimeError:
        raise InputError("cannot find your home directory: set THREE_THIRTEEN_HOME to the "
                         "folder for saved games and records", "data directory") from None
    return base / ".local" / "share" / "three-thirteen"


def _expand(value: str, variable: str) -> Path:
    """``value`` with a leading ``~`` or ``~user`` expanded."""
    try:
        return Path(value).expanduser()
    except RuntimeError:
        user = value.split("/", 1)[0]
        raise InputError(f"{value!r} starts with {user!r}, which names no home directory here: "
                         "give a folder path", variable) from None
