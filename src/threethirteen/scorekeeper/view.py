"""The sheet as shown: a derived, read-only JSON for screens that only display a sheet
(a browser page, a live link). It is never read back; the sheet's own form is
``formats.sheet_json``.

>>> from threethirteen.rules import Rules
>>> from threethirteen.scorekeeper.entry import Entry
>>> sheet = Sheet.start(["Ann", "Bob"], Rules(rounds=1)).enter(1, 1, Entry.parse("4h 4s Kd"))
>>> shown = sheet_view(sheet)
>>> shown["rounds"][0]["entries"][1]["arrangement"]
{'deadwood': 18, 'melds': [], 'unmelded': ['Kd', '4h', '4s']}
>>> shown["totals"], shown["leaders"], shown["missing"], shown["winners"]
([0, 18], [0], [{'round': 1, 'player': 0}], None)
"""

from __future__ import annotations

from typing import Any

from threethirteen.scorekeeper.entry import EntryKind
from threethirteen.scorekeeper.hands import Scored
from threethirteen.scorekeeper.sheet import Sheet

VIEW_FORMAT = "three-thirteen-scoresheet-view/1"


def sheet_view(sheet: Sheet) -> dict[str, Any]:
    """Everything a screen shows of ``sheet``: rounds, entries with their points and
    arrangements, running totals, the leaders, what is missing, the winners."""
    running = sheet.running_totals()
    rounds = []
    for plan in sheet.rounds():
        row = sheet.row(plan.number)
        rounds.append({
            "number": plan.number, "playoff": plan.playoff, "cards": plan.deal,
            "wild": None if plan.wild is None else str(plan.wild),  # null: only jokers
            "dealer": plan.dealer, "first": plan.first,
            "order": list(plan.order),
            "entries": [None if seat not in plan.order else _entry(row[seat])
                        for seat in range(len(sheet.names))],
            "totals": None if plan.playoff else list(running[plan.number - 1]),
        })
    winners = sheet.winners
    playoff = sheet.playoff_seats
    return {
        "format": VIEW_FORMAT,
        "names": list(sheet.names),
        "rules": sheet.rules.to_json(),
        "rounds": rounds,
        "totals": list(sheet.totals),
        "leaders": list(sheet.leaders),
        "missing": [{"round": number, "player": seat} for number, seat in sheet.missing()],
        "playoff": None if playoff is None else list(playoff),
        "winners": None if winners is None else list(winners),
        "entries_made": len(sheet.changes),
    }


def _entry(scored: Scored | None) -> dict[str, Any]:
    if scored is None:
        return {"missing": True}
    shown: dict[str, Any] = {"points": scored.points, "entered": scored.entry.to_json()}
    if scored.entry.kind is EntryKind.CARDS:
        shown["arrangement"] = {
            "deadwood": scored.deadwood,
            "melds": [[str(card) for card in meld] for meld in scored.melds],
            "unmelded": [str(card) for card in scored.unmelded],
        }
    return shown
