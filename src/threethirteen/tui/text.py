"""What the table says in words: moves, round ends, the score sheet, the rules.

Both faces use these texts, so the plain mode says exactly what the full-screen table
shows.

>>> from threethirteen.actions import Discard, Draw, Source
>>> names = ("You", "Left", "Top", "Right")
>>> move_text(names, Draw(1, Source.DISCARD), Card.parse("7h"))
'Left took the 7h from the discard pile'
>>> move_text(names, Draw(0, Source.STOCK), Card.parse("4c"))
'You drew the 4c from the stock'
>>> move_text(names, Draw(2, Source.STOCK), None), move_text(names, Discard(2, Card.parse("Qs")))
('Top drew from the stock', 'Top discarded Qs')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields

from threethirteen.actions import Action, Draw, Source
from threethirteen.cards import Card
from threethirteen.results import End, RoundResult
from threethirteen.rules import PLAYOFF_DEAL, Rules
from threethirteen.tui.hand import plain_cards
from threethirteen.view import View


def move_text(names: Sequence[str], action: Action, card: Card | None = None,
              *, false_out: bool = False, penalty: int = 0) -> str:
    """One move in words. ``card`` is the card drawn, when the reader may know it."""
    who = names[action.seat]
    if isinstance(action, Draw):
        if action.source is Source.DISCARD:
            return f"{who} took the {card} from the discard pile"
        return f"{who} drew the {card} from the stock" if card else f"{who} drew from the stock"
    if false_out:
        return (f"{who} announced going out with {action.card}, but the hand does not meld: "
                f"{penalty} penalty points")
    if action.out:
        return f"{who} went out, discarding {action.card}"
    return f"{who} discarded {action.card}"


def round_title(view: View) -> str:
    """``Round 3 of 11 · 5 cards · wild rank 5 · dealer Top``."""
    if view.playoff:
        head = f"Playoff round · {PLAYOFF_DEAL} cards"
    else:
        head = f"Round {view.round_number} of {view.rules.rounds} · {view.round_number + 2} cards"
    return f"{head} · wild rank {view.wild} · dealer {view.players[view.dealer]}"


def turn_text(view: View, person: int) -> str:
    """Whose turn it is, in words."""
    if view.turn is None:
        return "The game is over"
    if view.turn == person:
        verb = "draw a card" if view.phase.value == "draw" else "discard a card"
        if view.out is not None:
            return f"Your last turn ({view.players[view.out]} went out): {verb}"
        return f"Your turn: {verb}"
    return f"{view.players[view.turn]} is playing"


def round_end_text(result: RoundResult, names: Sequence[str]) -> str:
    """``Round 3 is over: Left went out.``"""
    kind = "The playoff round" if result.playoff else f"Round {result.number}"
    how = (f"{names[result.out]} went out" if result.end is End.OUT and result.out is not None
           else "the stock ran out")
    return f"{kind} is over: {how}."


def round_end_lines(result: RoundResult, names: Sequence[str], seats: Sequence[int]) -> list[str]:
    """Every hand laid open, with its best arrangement and points, one line a seat."""
    lines = []
    wild = int(result.wild)
    for seat in seats:
        shown = result.seats[seat]
        melds = " / ".join(plain_cards(meld, wild) for meld in shown.melds) or "no melds"
        dead = plain_cards(shown.deadwood, wild) or "none"
        mark = " (out)" if seat == result.out else ""
        lines.append(f"{names[seat]}{mark}: {melds}; unmelded {dead}; {shown.points} points")
    return lines


def score_rows(view: View) -> tuple[list[str], list[list[str]]]:
    """The score sheet: a header and one row per finished round (wild rank, dealer,
    points by seat), then the totals."""
    header = ["Round", "Wild", "Dealer", *view.players]
    rows = []
    for result in view.results:
        number = "playoff" if result.playoff else str(result.number)
        points = [str(seat.points) for seat in result.seats]
        if result.playoff:
            points = [p if s in _playoff_seats(result) else "-" for s, p in enumerate(points)]
        rows.append([number, str(result.wild), view.players[result.dealer], *points])
    rows.append(["Total", "", "", *(str(total) for total in view.totals)])
    return header, rows


def _playoff_seats(result: RoundResult) -> set[int]:
    return {seat for seat, shown in enumerate(result.seats) if shown.melds or shown.deadwood}


def table_text(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows laid out in aligned columns, for the plain mode."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            for row in [header, *rows]]


def winners_text(view: View) -> str:
    """Who won, in words."""
    winners = view.winners or ()
    if not winners:
        return "Nobody wins: the lowest totals are tied."
    names = [view.players[seat] for seat in winners]
    score = view.totals[winners[0]]
    if len(names) == 1:
        verb = "win" if names[0] == "You" else "wins"
        return f"{names[0]} {verb} with {score} points."
    return f"{', '.join(names[:-1])} and {names[-1]} share the win with {score} points."


RULES_SUMMARY = (
    "Each round deals one more card (3 in round 1) and makes one rank wild "
    "(3s in round 1, then 4s, ... up to kings). On your turn draw the top card of the "
    "stock or of the discard pile, then discard one card. Melds are sets (3 or more of one "
    "rank) and runs (3 or more in one suit in a row); wild cards stand for any card. "
    "When all your cards but one meld, discard that one and go out; the others get one "
    "more turn. Unmelded cards cost their face value (J Q K 10, A 1); "
    "the lowest total after the last round wins."
)


def rules_lines(rules: Rules) -> list[str]:
    """The rules of this game: a summary, then every option with its value and meaning."""
    docs = Rules.option_docs()
    values = rules.to_json()
    lines = [RULES_SUMMARY, "", "Options of this game:"]
    for item in fields(Rules):
        lines.append(f"  {item.name} = {json.dumps(values[item.name])}: {docs[item.name]}")
    return lines
