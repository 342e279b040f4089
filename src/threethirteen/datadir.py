"""Where the program keeps its files: ``$THREE_THIRTEEN_HOME``, else
``$XDG_DATA_HOME/three-thirteen``, else ``~/.local/share/three-thirteen``."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The data directory (created by whoever first writes into it)."""
    home = os.environ.get("THREE_THIRTEEN_HOME")
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "three-thirteen"
