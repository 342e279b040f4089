"""Actions: the moves a seat makes, as small frozen values with a text form.

A turn is two actions: a draw (``draw stock`` or ``draw discard``), then a discard
(``discard Qs``), or a discard that announces going out (``out Qs``). The text form
names the seat first; ``parse_action`` reads it back, or takes the seat separately.

>>> str(Draw(2, Source.STOCK)), str(Discard(0, Card.parse("Qs"), out=True))
('2: draw stock', '0: out Qs')
>>> parse_action("1: discard 10h")
Discard(1, Card.parse('Th'))
>>> parse_action("draw discard", seat=3)
Draw(3, Source.DISCARD)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from threethirteen.cards import Card
from threethirteen.errors import NotationError


class Source(StrEnum):
    """Where a draw takes its card from."""

    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    seat: int
    source: Source

    def __str__(self) -> str:
        return f"{self.seat}: draw {self.source}"

    def __repr__(self) -> str:
        return f"Draw({self.seat}, Source.{self.source.name})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on the discard pile, announcing going out when ``out`` is true."""

    seat: int
    card: Card
    out: bool = False

    def __str__(self) -> str:
        return f"{self.seat}: {'out' if self.out else 'discard'} {self.card}"

    def __repr__(self) -> str:
        flag = ", out=True" if self.out else ""
        return f"Discard({self.seat}, Card.parse({str(self.card)!r}){flag})"


Action = Draw | Discard

_FORM = re.compile(r"\s*(?:(\d+)\s*:)?\s*(draw|discard|out)\s+(\S+)\s*", re.IGNORECASE)


def parse_action(text: str, seat: int | None = None) -> Action:
    """Read ``"<seat>: draw stock|draw discard|discard <card>|out <card>"``.

    The seat prefix may be left out when ``seat`` is given; if both are there they
    must agree. Verbs and sources are case-insensitive.
    """
    match = _FORM.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(
            f"{text!r} is not an action (like '1: draw stock', 'discard Qs', 'out Qs')", str(text)
        )
    written, verb, argument = match.group(1), match.group(2).lower(), match.group(3)
    if written is not None and seat is not None and int(written) != seat:
        raise NotationError(f"{text!r} names seat {written}, not seat {seat}", text)
    if written is None and seat is None:
        raise NotationError(f"{text!r} does not say whose action it is (like '1: ...')", text)
    who = int(written) if written is not None else seat
    assert who is not None
    if verb == "draw":
        try:
            return Draw(who, Source(argument.lower()))
        except ValueError:
            raise NotationError(
                f"{text!r}: draw from 'stock' or 'discard', not {argument!r}", argument
            ) from None
    return Discard(who, Card.parse(argument), out=verb == "out")
