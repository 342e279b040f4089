"""Sheets on disk: one ``<id>.json`` file per sheet in a folder, written atomically.

The terminal keeps them in ``scoresheets/`` of the data directory; the folder is given by
the caller, so this module knows nothing of where that is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from threethirteen.errors import InputError, ThreeThirteenError
from threethirteen.files import write_atomic
from threethirteen.scorekeeper.formats import MAX_SHEET_BYTES, read_sheet, sheet_text
from threethirteen.scorekeeper.sheet import Sheet

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass(frozen=True, slots=True)
class Listed:
    """A sheet file found in the folder: the sheet, or why it could not be read."""

    sheet_id: str
    path: Path
    sheet: Sheet | None
    problem: str | None


def check_id(sheet_id: str) -> str:
    """A sheet's id: letters, digits, ``-`` and ``_``, at most 64 (never a path)."""
    if not isinstance(sheet_id, str) or not _ID.fullmatch(sheet_id):
        raise InputError("a sheet id is letters, digits, - and _ (like 20261122-2031)",
                         repr(sheet_id)[:80])
    return sheet_id


class SheetStore:
    """The sheets kept in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, sheet_id: str) -> Path:
        """The file of sheet ``sheet_id``."""
        return self.folder / f"{check_id(sheet_id)}.json"

    def new_id(self, stamp: str) -> str:
        """An id not yet taken, from ``stamp`` (like ``20261122-203112``)."""
        base = check_id(stamp)
        candidate, number = base, 1
        while self.path(candidate).exists():
            number += 1
            candidate = f"{base}-{number}"
        return candidate

    def save(self, sheet_id: str, sheet: Sheet) -> Path:
        """Write ``sheet`` (atomically: the old file or the new one, never half)."""
        return write_atomic(self.path(sheet_id), sheet_text(sheet))

    def load(self, sheet_id: str) -> Sheet:
        """The sheet ``sheet_id``; ``InputError`` or ``RecordError`` when it cannot be."""
        path = self.path(sheet_id)
        try:
            with path.open("rb") as stream:
                data = stream.read(MAX_SHEET_BYTES + 1)
        except FileNotFoundError:
            raise InputError(f"there is no sheet {sheet_id} in {self.folder}",
                             sheet_id) from None
        except OSError as error:
            raise InputError(f"cannot read it ({error.strerror})", str(path)) from None
        return read_sheet(data, what=path.name)

    def list(self) -> list[Listed]:
        """Every sheet file in the folder, by id."""
        if not self.folder.is_dir():
            return []
        found = []
        for path in sorted(self.folder.glob("*.json")):
            sheet_id = path.stem
            if not _ID.fullmatch(sheet_id):
                continue
            try:
                found.append(Listed(sheet_id, path, self.load(sheet_id), None))
            except ThreeThirteenError as error:
                found.append(Listed(sheet_id, path, None, str(error)))
        return found
