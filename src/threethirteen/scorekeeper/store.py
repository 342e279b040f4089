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

    def find(self, word: str) -> str:
        """The id of the sheet ``word`` names: its id, a prefix of one id only (``20261203``
        when one sheet was started that day), or ``latest``: the unfinished sheet changed
        last (else the sheet changed last). ``InputError`` when none or several match."""
        if word == "latest":
            found = self.latest(unfinished=True) or self.latest()
            if found is None:
                raise InputError(f"there is no sheet in {self.folder} yet", "--resume")
            return found.sheet_id
        if self.path(word).exists():
            return word
        ids = [path.stem for path in self._files() if path.stem.startswith(word)]
        if len(ids) == 1:
            return ids[0]
        if not ids:
            raise InputError(f"there is no sheet {word} in {self.folder} (see --list)", word)
        shown = ", ".join(ids[:4]) + (", ..." if len(ids) > 4 else "")
        raise InputError(f"{len(ids)} sheets start with {word} ({shown}): give more of the id",
                         word)

    def latest(self, *, unfinished: bool = False) -> Listed | None:
        """The sheet written last (the newest file), only among the unfinished ones when
        ``unfinished``; None when there is none."""
        found = [listed for listed in self.list() if listed.sheet is not None
                 and not (unfinished and listed.sheet.is_over)]
        if not found:
            return None
        return max(found, key=lambda listed: (_mtime(listed.path), listed.sheet_id))

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return [path for path in sorted(self.folder.glob("*.json")) if _ID.fullmatch(path.stem)]

    def list(self) -> list[Listed]:
        """Every sheet file in the folder, by id."""
        found = []
        for path in self._files():
            sheet_id = path.stem
            try:
                found.append(Listed(sheet_id, path, self.load(sheet_id), None))
            except ThreeThirteenError as error:
                found.append(Listed(sheet_id, path, None, str(error)))
        return found


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
