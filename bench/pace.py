"""How soon the other seats go out, for the ceiling study of issue 14 (``oracle.py``): the
chance that the round ends before each of a seat's next draws, from whole tables played
on as ``greedy`` plays.

A ``Table`` holds every hand (the seat's first, then the others in the order they play),
the stock (top card last) and the pile. Every seat plays greedily: it takes the pile's top
card when that lowers its penalty, otherwise draws from the stock, and keeps what lowers
its penalty most (``greedy.best_discard``). A step is the seat's turn and then one turn of
each other seat; the round ends in that step when another seat goes out or, with
``last_stock``, when a draw takes the stock's last card. A table on which the seat itself
goes out, or whose stock runs out with a reshuffle still to come, says nothing more of
the others' pace and is left out from then on.

>>> from threethirteen.cards import parse_cards
>>> from threethirteen.rules import Rules
>>> table = Table([parse_cards("2c 3d 4s"), parse_cards("4h 5h Kd")],
...               stock=parse_cards("7c 6h"), pile=[])
>>> others_pace([table], None, Rules(players=2), turns=2, drawn=False, last_stock=True)
[1.0, None]

The seat draws the 6h and throws it; the other seat takes it and goes out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from threethirteen.bots.greedy import best_discard, penalty_now
from threethirteen.bots.sampling import belief
from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.view import View


@dataclass(slots=True)
class Table:
    """One deal of the hidden cards, played on in place."""

    hands: list[list[Card]]  # the seat's hand first, then the others' in playing order
    stock: list[Card]  # top card last
    pile: list[Card]  # top card last


def others_pace(tables: Iterable[Table], wild: Rank | None, rules: Rules, *, turns: int,
                drawn: bool, last_stock: bool) -> list[float | None]:
    """For each of the next ``turns`` steps (see the module text), the share of the tables
    still in play on which the round ends in that step; None where no table got there.
    ``drawn``: the seat has drawn already, its first turn is only a discard."""
    reached = [0] * turns
    ended = [0] * turns
    for table in tables:
        for step in range(turns):
            seat = _turn(table, 0, wild, rules, draw=step > 0 or not drawn)
            if seat == _OUT or (seat == _EMPTY and not last_stock):
                break
            reached[step] += 1
            if seat == _EMPTY or _others_end(table, wild, rules, last_stock):
                ended[step] += 1
                break
    return [ended[step] / reached[step] if reached[step] else None for step in range(turns)]


_ON, _OUT, _EMPTY = 0, 1, 2  # a turn's outcomes: play goes on, out, the stock ran out


def _others_end(table: Table, wild: Rank | None, rules: Rules, last_stock: bool) -> bool:
    """One turn of each other seat: True when the round ends in it."""
    for other in range(1, len(table.hands)):
        outcome = _turn(table, other, wild, rules, draw=True)
        if outcome == _OUT or (outcome == _EMPTY and last_stock):
            return True
    return False


def _turn(table: Table, seat: int, wild: Rank | None, rules: Rules, *, draw: bool) -> int:
    """Hand ``seat`` of ``table`` plays one greedy turn (its discard only when not
    ``draw``): going out, emptying the stock with its draw, or neither."""
    hand = table.hands[seat]
    from_stock = False
    if draw:
        top = table.pile[-1] if table.pile else None
        if top is not None and best_discard([*hand, top], wild, rules)[0] < penalty_now(
                hand, wild, rules):
            hand.append(table.pile.pop())
        elif table.stock:
            hand.append(table.stock.pop())
            from_stock = True
        else:
            return _EMPTY
    penalty, thrown = best_discard(hand, wild, rules)
    hand.remove(thrown)
    table.pile.append(thrown)
    if penalty == 0:
        return _OUT
    return _EMPTY if from_stock and not table.stock else _ON


def after(view: View) -> list[int]:
    """The other seats of the round, in the order they play after ``view``'s seat."""
    assert view.seat is not None
    order = list(view.seats)
    start = order.index(view.seat)
    return [order[(start + step) % len(order)] for step in range(1, len(order))]


def true_tables(view: View, hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                rng: random.Random, count: int) -> list[Table]:
    """``count`` tables of the true hands (by seat) and the true stock in random orders."""
    assert view.hand is not None
    return [Table([list(view.hand), *(list(hands[seat]) for seat in after(view))],
                  rng.sample(list(stock), len(stock)), list(view.discard_pile))
            for _ in range(count)]


def sampled_tables(view: View, rng: random.Random, count: int, practice: int = 2
                   ) -> list[Table]:
    """``count`` tables dealt from the seat's belief (``bots.sampling``), each hidden hand
    improved by up to ``practice`` greedy draws as the expert's race does."""
    assert view.hand is not None
    known = belief(view)
    tables = []
    for _ in range(count):
        deal = known.sample(rng, practice=practice)
        tables.append(Table([list(view.hand), *(deal.hands[seat] for seat in after(view))],
                            deal.stock, list(view.discard_pile)))
    return tables
