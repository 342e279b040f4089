"""Round results and the game's winners (RULES.md, "Scoring").

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> seat = score_seat(Hand.parse("7h 8h 9h Kd").cards, wild=3, rules=Rules(),
...                   went_out=False, false_outs=1)
>>> seat.points, [str(card) for card in seat.deadwood]
(30, ['Kd'])
>>> lowest([40, 12, 12, 30]), winners_by_ties([40, 12, 12, 30], Ties.NONE)
([1, 2], ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules, Ties
from threethirteen.scoring import read_wild, wild_json
from threethirteen.solver import arrange


class End(StrEnum):
    """How a round ended: someone went out, or the stock ran out first."""

    OUT = "out"
    STOCK_EMPTY = "stock_empty"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's round: its melds, its unmelded cards, and the points it scored."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"melds": [[...]], "deadwood": [...], "points": n}`` (INTERFACES.md §3)."""
        return {
            "melds": [[str(card) for card in meld] for meld in self.melds],
            "deadwood": [str(card) for card in self.deadwood],
            "points": self.points,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatResult:
        """Read the form ``to_json`` writes."""
        return cls(
            tuple(tuple(Card.parse(text) for text in meld) for meld in data["melds"]),
            tuple(Card.parse(text) for text in data["deadwood"]),
            int(data["points"]),
        )


SITTING_OUT = SeatResult((), (), 0)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, public to every seat: how it ended and what each seat scored."""

    number: int
    wild: Rank | None  # None: no rank is wild (round 12)
    dealer: int
    end: End
    out: int | None
    seats: tuple[SeatResult, ...]
    playoff: bool = False
    outs: tuple[int, ...] | None = None  # speed mode: every seat that went out

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form; ``seats`` is the record's ``result``."""
        data: dict[str, Any] = {
            "number": self.number, "wild": wild_json(self.wild), "dealer": self.dealer,
            "end": self.end.value, "out": self.out, "playoff": self.playoff,
            "result": [seat.to_json() for seat in self.seats],
        }
        if self.outs is not None:
            data["outs"] = list(self.outs)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        """Read the form ``to_json`` writes."""
        return cls(
            int(data["number"]), read_wild(data["wild"]), int(data["dealer"]),
            End(data["end"]), data["out"], tuple(SeatResult.from_json(s) for s in data["result"]),
            bool(data.get("playoff", False)),
            None if data.get("outs") is None else tuple(int(seat) for seat in data["outs"]),
        )


def score_seat(
    hand: Sequence[Card], *, wild: int | None, rules: Rules, went_out: bool, false_outs: int
) -> SeatResult:
    """A seat's result: the best arrangement of ``hand``; going out scores ``out_bonus``.

    Each false announcement of going out (``false_out`` = penalty) adds the penalty.
    """
    best = arrange(hand, wild=wild, rules=rules)
    points = rules.out_bonus if went_out else best.deadwood
    points += false_outs * rules.false_out_penalty
    melds = tuple(meld.cards for meld in best.melds)
    return SeatResult(melds, best.unmelded, points)


def lowest(totals: Sequence[int], among: Sequence[int] | None = None) -> list[int]:
    """The seats (of ``among``, default all) with the lowest total, in seat order."""
    seats = list(range(len(totals))) if among is None else sorted(among)
    best = min(totals[seat] for seat in seats)
    return [seat for seat in seats if totals[seat] == best]


def winners_by_ties(totals: Sequence[int], ties: Ties) -> tuple[int, ...]:
    """The winners after the last round when no playoff is played."""
    best = lowest(totals)
    if len(best) > 1 and ties is Ties.NONE:
        return ()
    return tuple(best)
