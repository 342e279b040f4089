"""What the table says in words: moves, round ends, the score sheet, the rules.

Both faces use these texts, so the plain mode says exactly what the full-screen table
shows.

>>> from threethirteen.actions import Discard, Draw, Source
>>> names = ("You", "Left", "Top", "Right")
>>> move_text(names, Draw(1, Source.DISCARD), Card.parse("7h"))
'Left took the 7♥ from the discard pile'
>>> move_text(names, Draw(0, Source.STOCK), Card.parse("4c"))
'You drew the 4♣ from the stock'
>>> move_text(names, Draw(2, Source.STOCK), None), move_text(names, Discard(2, Card.parse("Qs")))
('Top drew from the stock', 'Top discarded Q♠')
>>> from threethirteen.tui.cardwords import LONG
>>> move_text(names, Discard(2, Card.parse("Ts")), words=LONG)
'Top discarded the ten of spades'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields

from threethirteen.actions import Action, Draw, Source
from threethirteen.cards import Card
from threethirteen.results import End, RoundResult
from threethirteen.rules import PLAYOFF_DEAL, Rules
from threethirteen.speed import SpeedView
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import plain_cards, plain_meld
from threethirteen.tui.rulewords import rules_in_play
from threethirteen.view import View


def move_text(names: Sequence[str], action: Action, card: Card | None = None,
              *, false_out: bool = False, penalty: int = 0, words: CardWords = SHORT) -> str:
    """One move in words. ``card`` is the card drawn, when the reader may know it."""
    who = names[action.seat]
    the = "the " if words.long else ""
    if isinstance(action, Draw):
        if action.source is Source.DISCARD:
            return f"{who} took the {words.card(card)} from the discard pile" if card else (
                f"{who} took the top card of the discard pile")
        if card is None:
            return f"{who} drew from the stock"
        return f"{who} drew the {words.card(card)} from the stock"
    thrown = the + words.card(action.card)
    if false_out:
        return (f"{who} announced going out with {thrown}, but the hand does not meld: "
                f"{penalty} penalty points")
    if action.out:
        return f"{who} went out, discarding {thrown}"
    return f"{who} discarded {thrown}"


def round_title(view: View, words: CardWords = SHORT) -> str:
    """``Round 3 of 11 · 5 cards · wild rank 5 · dealer Top``."""
    if view.playoff:
        head = f"Playoff round · {PLAYOFF_DEAL} cards"
    else:
        head = f"Round {view.round_number} of {view.rules.rounds} · {view.round_number + 2} cards"
    return f"{head} · {_wild_rank(view, words)} · dealer {view.players[view.dealer]}"


def round_sentence(view: View, words: CardWords = SHORT) -> str:
    """The round's title as it is heard, without separators to read aloud:
    ``Round 3 of 11: 5 cards each, wild rank 5, dealer Top.``"""
    if view.playoff:
        head = f"Playoff round: {PLAYOFF_DEAL} cards each"
    else:
        head = (f"Round {view.round_number} of {view.rules.rounds}: "
                f"{view.round_number + 2} cards each")
    return f"{head}, {_wild_rank(view, words)}, dealer {view.players[view.dealer]}."


def _wild_rank(view: View, words: CardWords) -> str:
    if view.wild is None:  # round 12 (deuces-arent-wild): only jokers are wild
        return "no wild rank, jokers wild" if view.rules.jokers else "no wild rank"
    return f"wild rank {words.rank(view.wild)}"


def count(number: int, thing: str) -> str:
    """``1 point``, ``2 points``, ``0 cards``.

    >>> count(1, "point"), count(12, "point"), count(0, "card")
    ('1 point', '12 points', '0 cards')
    """
    return f"{number} {thing}" + ("" if number == 1 else "s")


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
    """``Round 3 is over: Left went out.`` (in speed mode several may: ``Left and Top``)"""
    kind = "The playoff round" if result.playoff else f"Round {result.number}"
    outs = result.outs or (() if result.out is None else (result.out,))  # speed: several
    how = (f"{and_list([names[seat] for seat in outs])} went out"
           if result.end is End.OUT and outs else "the stock ran out")
    return f"{kind} is over: {how}."


def and_list(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``.

    >>> and_list(["Left"]), and_list(["Left", "Top", "Right"])
    ('Left', 'Left, Top and Right')
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def round_end_lines(result: RoundResult, names: Sequence[str], seats: Sequence[int],
                    words: CardWords = SHORT) -> list[str]:
    """Every hand laid open, with its best arrangement and points, one line a seat."""
    lines = []
    wild = result.wild
    outs = result.outs or (() if result.out is None else (result.out,))  # speed: several
    for seat in seats:
        shown = result.seats[seat]
        melds = " / ".join(plain_meld(meld, wild, words) for meld in shown.melds) or "no melds"
        dead = plain_cards(shown.deadwood, wild, words) or "none"
        mark = " (out)" if seat in outs else ""
        lines.append(f"{names[seat]}{mark}: {melds}; unmelded {dead}; "
                     f"{count(shown.points, 'point')}")
    return lines


def score_rows(view: View | SpeedView,
               words: CardWords = SHORT) -> tuple[list[str], list[list[str]]]:
    """The score sheet: a header and one row per finished round (wild rank, dealer,
    points by seat), then the totals."""
    header = ["Round", "Wild", "Dealer", *view.players]
    rows = []
    for result in view.results:
        number = "playoff" if result.playoff else str(result.number)
        points = [str(seat.points) for seat in result.seats]
        if result.playoff:
            points = [p if s in _playoff_seats(result) else "-" for s, p in enumerate(points)]
        rows.append([number, words.rank(result.wild), view.players[result.dealer], *points])
    rows.append(["Total", "", "", *(str(total) for total in view.totals)])
    return header, rows


def score_sentences(view: View | SpeedView, words: CardWords = SHORT) -> list[str]:
    """The score sheet said as sentences, one per finished round, then the totals:
    ``Round 1, wild rank 3, dealer Left: You 14, Left 0, Top 15, Right 0.``"""
    header, rows = score_rows(view, words)
    names = header[3:]
    lines = []
    for row in rows[:-1]:
        head = "The playoff round" if row[0] == "playoff" else f"Round {row[0]}"
        points = ", ".join(f"{name} {score}" for name, score in zip(names, row[3:], strict=True)
                           if score != "-")
        wild = "no wild rank" if row[1] == words.rank(None) else f"wild rank {row[1]}"
        lines.append(f"{head}, {wild}, dealer {row[2]}: {points}.")
    if not lines:
        lines.append("No round is finished yet.")
    totals = ", ".join(f"{name} {score}" for name, score in zip(names, rows[-1][3:], strict=True))
    return [*lines, f"Totals: {totals}."]


def _playoff_seats(result: RoundResult) -> set[int]:
    return {seat for seat, shown in enumerate(result.seats) if shown.melds or shown.deadwood}


def winners_text(view: View | SpeedView) -> str:
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
    "(threes in round 1, then fours, ... up to kings). On your turn draw the top card of the "
    "stock or of the discard pile, then discard one card. Melds are sets (3 or more of one "
    "rank) and runs (3 or more in one suit in a row); wild cards stand for any card. "
    "When all your cards but one meld, discard that one and go out; the others get one "
    "more turn. Unmelded cards cost their face value (J Q K 10, A 1); "
    "the lowest total after the last round wins."
)


def rules_lines(rules: Rules) -> list[str]:
    """The rules of this game: a summary, what its options mean in play, then every option
    with its value and meaning."""
    docs = Rules.option_docs()
    values = rules.to_json()
    lines = [RULES_SUMMARY, "", "In this game:"]
    lines += [f"  {line}" for line in rules_in_play(rules)]
    lines += ["", "Options of this game (their names, for --rules):"]
    for item in fields(Rules):
        lines.append(f"  {item.name} = {json.dumps(values[item.name])}: {docs[item.name]}")
    return lines
