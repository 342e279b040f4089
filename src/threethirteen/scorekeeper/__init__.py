"""Score sheets for games played with real cards, with the exact solver at the table.

``Sheet`` is the model (pure, immutable: every entry returns a new sheet); ``Entry`` is
what the table types for one player's round; ``formats`` reads and writes the JSON form
(``three-thirteen-scoresheet/1``) and the CSV export; ``text`` says the sheet in words;
``view`` is the derived JSON a display shows; ``store`` keeps sheets in a folder;
``lines`` keeps a sheet line by line at a terminal.
"""

from threethirteen.scorekeeper.entry import Entry, EntryKind
from threethirteen.scorekeeper.errors import SheetError
from threethirteen.scorekeeper.formats import (
    FORMAT,
    read_sheet,
    sheet_csv,
    sheet_from_json,
    sheet_json,
    sheet_text,
)
from threethirteen.scorekeeper.hands import Scored, score_entry
from threethirteen.scorekeeper.plan import RoundPlan, plan_round
from threethirteen.scorekeeper.sheet import Change, Sheet
from threethirteen.scorekeeper.view import VIEW_FORMAT, sheet_view

__all__ = [
    "FORMAT", "VIEW_FORMAT", "Change", "Entry", "EntryKind", "RoundPlan", "Scored", "Sheet",
    "SheetError", "plan_round", "read_sheet", "score_entry", "sheet_csv", "sheet_from_json",
    "sheet_json", "sheet_text", "sheet_view",
]
