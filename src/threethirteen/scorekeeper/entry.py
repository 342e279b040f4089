"""One player's entry for one round: the points, the cards left in the hand, or out.

The text form is what the table types: a number of points, cards, or ``out``, each
optionally after ``false out`` (once per false announcement of going out).

>>> Entry.parse("7h 8h, 10h *")
Entry.parse('7h 8h Th *')
>>> str(Entry.parse("False out 12")), Entry.parse("out").kind, Entry.parse("0").points
('false out 12', <EntryKind.OUT: 'out'>, 0)
>>> Entry.parse("-3")
Traceback (most recent call last):
...
threethirteen.scorekeeper.errors.SheetError: points cannot be negative: -3
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from threethirteen.cards import Card, parse_cards
from threethirteen.scorekeeper.errors import SheetError

MAX_POINTS = 100_000  # more than any round can cost; a bound for typed numbers
MAX_FALSE_OUTS = 9
_FALSE_OUT = re.compile(r"\s*false[\s_-]*outs?\b[\s,:]*", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?\d+")


class EntryKind(StrEnum):
    """What was entered: points counted at the table, the cards left, or going out."""

    POINTS = "points"
    CARDS = "cards"
    OUT = "out"


@dataclass(frozen=True, slots=True)
class Entry:
    """A player's round as entered; ``points`` for POINTS, ``cards`` for CARDS."""

    kind: EntryKind
    points: int | None = None
    cards: tuple[Card, ...] = ()
    false_outs: int = 0

    def __post_init__(self) -> None:
        if self.kind is EntryKind.POINTS:
            _check_points(self.points)
        elif self.points is not None:
            raise SheetError(f"a {self.kind.value} entry carries no points", "bad-entry")
        if self.kind is EntryKind.CARDS:
            if not self.cards:
                raise SheetError("a cards entry needs at least one card", "hand-size")
        elif self.cards:
            raise SheetError(f"a {self.kind.value} entry carries no cards", "bad-entry")
        if (isinstance(self.false_outs, bool) or not isinstance(self.false_outs, int)
                or not 0 <= self.false_outs <= MAX_FALSE_OUTS):
            raise SheetError(f"false outs must be 0 to {MAX_FALSE_OUTS}, not "
                             f"{self.false_outs!r}", "bad-false-outs")

    @classmethod
    def of_points(cls, points: int, *, false_outs: int = 0) -> Entry:
        """Points counted at the table."""
        return cls(EntryKind.POINTS, points=points, false_outs=false_outs)

    @classmethod
    def of_cards(cls, cards: Any, *, false_outs: int = 0) -> Entry:
        """The cards left in the hand (cards, or their text)."""
        found = parse_cards(cards) if isinstance(cards, str) else list(cards)
        return cls(EntryKind.CARDS, cards=tuple(found), false_outs=false_outs)

    @classmethod
    def went_out(cls, *, false_outs: int = 0) -> Entry:
        """The player went out."""
        return cls(EntryKind.OUT, false_outs=false_outs)

    @classmethod
    def parse(cls, text: str) -> Entry:
        """Read an entry as typed: ``12``, ``7h 8h Kd``, ``out``, ``false out 12``."""
        if not isinstance(text, str):
            raise SheetError(f"an entry is text, not {type(text).__name__}", "bad-entry")
        false_outs = 0
        rest = text
        while (match := _FALSE_OUT.match(rest)) is not None and false_outs <= MAX_FALSE_OUTS:
            false_outs += 1
            rest = rest[match.end():]
        rest = rest.strip()
        if not rest:
            raise SheetError("type the points, the cards left in the hand, or out",
                             "empty-entry")
        if rest.lower() == "out":
            return cls.went_out(false_outs=false_outs)
        if _NUMBER.fullmatch(rest):
            if len(rest) > 7:
                raise SheetError(f"{rest} points is more than any round can cost",
                                 "points-out-of-range")
            return cls.of_points(int(rest), false_outs=false_outs)
        return cls.of_cards(rest, false_outs=false_outs)

    def to_json(self) -> dict[str, Any]:
        """``{"points": 12}``, ``{"cards": "7h 8h Kd"}`` or ``{"out": true}``, with
        ``"false_outs": n`` when there were any."""
        data: dict[str, Any]
        if self.kind is EntryKind.POINTS:
            data = {"points": self.points}
        elif self.kind is EntryKind.CARDS:
            data = {"cards": " ".join(str(card) for card in self.cards)}
        else:
            data = {"out": True}
        if self.false_outs:
            data["false_outs"] = self.false_outs
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entry:
        """Read the form ``to_json`` writes (other keys are the caller's)."""
        kinds = [key for key in ("points", "cards", "out") if key in data]
        if len(kinds) != 1:
            raise SheetError("an entry has exactly one of points, cards or out",
                             "bad-entry")
        false_outs = data.get("false_outs", 0)
        if isinstance(false_outs, bool) or not isinstance(false_outs, int):
            raise SheetError(f"false_outs must be a whole number, not {false_outs!r}",
                             "bad-false-outs")
        kind = kinds[0]
        value = data[kind]
        if kind == "points":
            if isinstance(value, bool) or not isinstance(value, int):
                raise SheetError(f"points must be a whole number, not {value!r}", "bad-entry")
            return cls.of_points(value, false_outs=false_outs)
        if kind == "cards":
            if not isinstance(value, str):
                raise SheetError(f"cards must be text like \"7h 8h Kd\", not {value!r}",
                                 "bad-entry")
            return cls.of_cards(value, false_outs=false_outs)
        if value is not True:
            raise SheetError(f"out must be true, not {value!r}", "bad-entry")
        return cls.went_out(false_outs=false_outs)

    def __str__(self) -> str:
        prefix = "false out " * self.false_outs
        if self.kind is EntryKind.POINTS:
            return f"{prefix}{self.points}"
        if self.kind is EntryKind.CARDS:
            return prefix + " ".join(str(card) for card in self.cards)
        return f"{prefix}out"

    def __repr__(self) -> str:
        return f"Entry.parse({str(self)!r})"


def _check_points(points: object) -> None:
    if isinstance(points, bool) or not isinstance(points, int):
        raise SheetError(f"points must be a whole number, not {points!r}", "bad-entry")
    if points < 0:
        raise SheetError(f"points cannot be negative: {points}", "negative-points")
    if points > MAX_POINTS:
        raise SheetError(f"{points} points is more than any round can cost",
                         "points-out-of-range")
