"""A sheet's files: its JSON form (``three-thirteen-scoresheet/1``) and a CSV export.

The JSON form holds what was typed, in order; reading it replays every entry through the
same checks as at the table, so a file that reads is a sheet that could have been made.

>>> sheet = Sheet.start(["Ann", "Bob"], Rules(rounds=1)).enter(1, 1, Entry.parse("4h 4s Kd"))
>>> text = sheet_text(sheet)
>>> read_sheet(text, what="test") == sheet
True
>>> print(sheet_csv(sheet), end="")
Round,Cards,Wild,Dealer,Ann,Bob,Ann total,Bob total
1,3,3,Ann,,18,,18
>>> read_sheet('{"format": "three-thirteen-scoresheet/1", "names": ["Ann", "Ann"]}',
...            what="a.json")
Traceback (most recent call last):
...
threethirteen.errors.RecordError: a.json names: two players are called 'Ann'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from threethirteen.errors import RecordError, ThreeThirteenError
from threethirteen.jsontext import read_json
from threethirteen.rules import Rules
from threethirteen.scorekeeper.entry import Entry
from threethirteen.scorekeeper.sheet import Change, Sheet, check_names

T = TypeVar("T")

FORMAT = "three-thirteen-scoresheet/1"
MAX_SHEET_BYTES = 4 * 1024 * 1024
MAX_ENTRIES = 20_000
_TOP_KEYS = {"format", "names", "rules", "first_dealer", "entries"}
_ENTRY_KEYS = {"round", "player", "points", "cards", "out", "false_outs"}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The JSON-ready form of ``sheet``."""
    return {
        "format": FORMAT,
        "names": list(sheet.names),
        "rules": sheet.rules.to_json(),
        "first_dealer": sheet.first_dealer,
        "entries": [{"round": change.round, "player": change.seat, **change.entry.to_json()}
                    for change in sheet.changes],
    }


def sheet_text(sheet: Sheet) -> str:
    """The JSON form as text: one entry a line, so files diff well."""
    data = sheet_json(sheet)
    entries = data.pop("entries")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n  ".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    body = f'"entries": [\n  {lines}\n]' if entries else '"entries": []'
    return f"{head},\n{body}}}\n"


def sheet_from_json(data: Any, *, what: str = "scoresheet") -> Sheet:
    """The sheet of a JSON value; ``RecordError`` naming the place when it is not one."""
    if not isinstance(data, Mapping):
        raise RecordError("a score sheet is a JSON object", what)
    if data.get("format") != FORMAT:
        found = data.get("format")
        hint = " (a newer version of the program wrote it)" if isinstance(found, str) and (
            found.startswith("three-thirteen-scoresheet/")) else ""
        raise RecordError(f"not a {FORMAT} sheet: format is {found!r}{hint}", f"{what} format")
    unknown = sorted(set(data) - _TOP_KEYS, key=str)
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r}", what)
    names = _field(lambda: check_names(_get(data, "names", what)), f"{what} names")
    rules_data = _get(data, "rules", what)
    if not isinstance(rules_data, Mapping):
        raise RecordError("rules must be a JSON object", f"{what} rules")
    rules = _field(lambda: Rules.from_json(rules_data), f"{what} rules")
    if rules.players != len(names):
        raise RecordError(f"players is {rules.players}, but there are {len(names)} names",
                          f"{what} rules")
    first = _get(data, "first_dealer", what)
    sheet = _field(lambda: Sheet.start(names, rules, first_dealer=first),
                   f"{what} first_dealer")
    entries = _get(data, "entries", what)
    if not isinstance(entries, list):
        raise RecordError("entries must be a list", f"{what} entries")
    if len(entries) > MAX_ENTRIES:
        raise RecordError(f"more than {MAX_ENTRIES} entries", f"{what} entries")
    for index, item in enumerate(entries):
        place = f"{what} entries[{index}]"
        try:
            change = _change(item)
            sheet = sheet.enter(change.round, change.seat, change.entry)
        except RecordError as error:
            raise RecordError(error.args[0].split(": ", 1)[-1], place) from None
        except ThreeThirteenError as error:
            raise RecordError(str(error), place) from None
    return sheet


def read_sheet(text: str | bytes, *, what: str) -> Sheet:
    """Read a sheet's JSON text (bounded by ``read_json``); ``what`` names the input."""
    return sheet_from_json(read_json(text, what=what, max_bytes=MAX_SHEET_BYTES), what=what)


def _get(data: Mapping[str, Any], key: str, what: str) -> Any:
    if key not in data:
        raise RecordError(f"missing field {key!r}", what)
    return data[key]


def _change(item: Any) -> Change:
    if not isinstance(item, Mapping):
        raise RecordError("an entry is a JSON object", "entry")
    unknown = sorted(set(item) - _ENTRY_KEYS, key=str)
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r}", "entry")
    for key in ("round", "player"):
        value = item.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"{key} must be a whole number, not {value!r}", "entry")
    entry = Entry.from_json({key: value for key, value in item.items()
                             if key not in ("round", "player")})
    return Change(item["round"], item["player"], entry)


def _field(make: Callable[[], T], where: str) -> T:
    try:
        return make()
    except RecordError as error:
        raise RecordError(error.args[0].split(": ", 1)[-1], where) from None
    except ThreeThirteenError as error:
        raise RecordError(str(error), where) from None


def sheet_csv(sheet: Sheet) -> str:
    """A row per round: round, cards dealt, wild rank, dealer, each player's points (empty
    while missing), then each player's running total (empty from a missing entry on: a
    round not played yet has no total). The playoff row has no totals."""
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    names = [_cell(name) for name in sheet.names]
    writer.writerow(["Round", "Cards", "Wild", "Dealer", *names,
                     *(f"{name} total" for name in names)])
    running = sheet.running_totals()
    known = [sheet.entered_rounds(seat) for seat in range(len(names))]
    for plan in sheet.rounds():
        points = ["" if value is None else str(value) for value in sheet.round_points(plan.number)]
        totals = [""] * len(names) if plan.playoff else [
            str(value) if plan.number <= known[seat] else ""
            for seat, value in enumerate(running[plan.number - 1])]
        writer.writerow(["playoff" if plan.playoff else str(plan.number), str(plan.deal),
                         plan.wild_text, names[plan.dealer], *points, *totals])
    return stream.getvalue()


def _cell(text: str) -> str:
    """A name made safe for spreadsheets, which run cells starting with = + - @ as
    formulas."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
