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

from threethirteen.cards import CODES, Card
from threethirteen.errors import IllegalAction, NotationError


class Source(StrEnum):
    """Where a draw takes its card from."""

    STOCK = "stock"
    DISCARD = "discard"


MAX_SEAT = 999_999  # the largest seat number action text may name (Rules allow 16 players)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    seat: int
    source: Source

    def __post_init__(self) -> None:
        _refuse_if(problem(self))

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

    def __post_init__(self) -> None:
        _refuse_if(problem(self))

    def __str__(self) -> str:
        return f"{self.seat}: {'out' if self.out else 'discard'} {self.card}"

    def __repr__(self) -> str:
        flag = ", out=True" if self.out else ""
        return f"Discard({self.seat}, Card.parse({str(self.card)!r}){flag})"


Action = Draw | Discard


def problem(action: object) -> str | None:
    """Why ``action`` is not a well-formed action (a ``Draw`` or ``Discard`` whose seat is
    an int, source a ``Source``, card a ``Card`` and ``out`` a bool), or None.

    The engine asks again at ``check``: a plugin may hand it any object.

    >>> problem(Draw(1, Source.STOCK)) is None
    True
    >>> Draw(1, "stock")
    Traceback (most recent call last):
    ...
    threethirteen.errors.IllegalAction: a draw's source is a Source (stock or discard), not 'stock'
    """
    kind = type(action)
    if kind is not Draw and kind is not Discard:
        return f"{kind.__name__} is not an action (Draw or Discard)"
    seat = getattr(action, "seat", None)
    if type(seat) is not int:  # a seat out of range is the engine's "no-such-seat"
        return f"an action's seat is a whole number (int), not {_brief(seat)}"
    if kind is Draw:
        source = getattr(action, "source", None)
        if type(source) is not Source:
            return f"a draw's source is a Source (stock or discard), not {_brief(source)}"
        return None
    card = getattr(action, "card", None)
    if type(card) is not Card or not _is_real(card):
        return f"a discard's card is a Card, not {_brief(card)}"
    out = getattr(action, "out", None)
    if type(out) is not bool:
        return f"a discard's out is True or False, not {_brief(out)}"
    return None


def _is_real(card: Card) -> bool:
    """True when ``card`` is one of the 64 cards (not a Card with forged fields)."""
    code = getattr(card, "code", None)
    return type(code) is int and 0 <= code < CODES and Card.from_code(code) == card


def _brief(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile object's repr may raise anything
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _refuse_if(why: str | None) -> None:
    if why is not None:
        raise IllegalAction(why, "bad-action")

_FORM = re.compile(r"\s*(?:([0-9]{1,6})\s*:)?\s*(draw|discard|out)\s+(\S+)\s*",
                   re.IGNORECASE | re.ASCII)
MAX_ACTION_TEXT = 200  # characters of one action's text


def parse_action(text: str, seat: int | None = None) -> Action:
    """Read ``"<seat>: draw stock|draw discard|discard <card>|out <card>"``.

    The seat prefix may be left out when ``seat`` is given; if both are there they
    must agree. Verbs and sources are case-insensitive.
    """
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise NotationError(f"{_brief(text)} is not an action (like '1: draw stock', "
                            "'discard Qs', 'out Qs')", _brief(text))
    match = _FORM.fullmatch(text)
    if match is None:
        raise NotationError(
            f"{text!r} is not an action (like '1: draw stock', 'discard Qs', 'out Qs')", text
        )
    written, verb, argument = match.group(1), match.group(2).lower(), match.group(3)
    if written is not None and seat is not None and int(written) != seat:
        raise NotationError(f"{text!r} names seat {written}, not seat {seat}", text)
    if written is None and seat is None:
        raise NotationError(f"{text!r} does not say whose action it is (like '1: ...')", text)
    who = int(written) if written is not None else seat
    if type(who) is not int or not 0 <= who <= MAX_SEAT:
        raise NotationError(f"{_brief(text)}: a seat is a whole number 0 to {MAX_SEAT}",
                            _brief(text))
    if verb == "draw":
        try:
            return Draw(who, Source(argument.lower()))
        except ValueError:
            raise NotationError(
                f"{text!r}: draw from 'stock' or 'discard', not {argument!r}", argument
            ) from None
    return Discard(who, Card.parse(argument), out=verb == "out")
