"""The browser game's built files (made by ``make web`` from the top-level ``web/`` folder).

A wheel carries ``dist/``, so serving the game needs no Node.
"""

from __future__ import annotations

from pathlib import Path

DIST = Path(__file__).resolve().parent / "dist"


def dist_path() -> Path:
    """The folder holding ``index.html`` and ``assets/`` of the built browser game."""
    return DIST


def is_built() -> bool:
    """True when the browser game has been built into the package."""
    return (DIST / "index.html").is_file()
