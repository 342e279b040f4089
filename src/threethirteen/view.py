"""What one seat may know (RULES.md, "What each player may see"), as a frozen value.

Bots, front ends and the network receive only views. A view holds the seat's own hand,
everything public (the discard pile, pickups, card counts, announcements, scores),
never another hand nor the order of the stock. ``seat=None`` is a spectator: no hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from threethirteen.actions import Action, parse_action
from threethirteen.cards import Card, Rank
from threethirteen.errors import InputError, ThreeThirteenError
from threethirteen.results import RoundResult
from threethirteen.rules import Rules
from threethirteen.scoring import read_wild, wild_json


class Phase(StrEnum):
    """What the game waits for: a draw, a discard, or nothing (the game is over)."""

    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Pickup:
    """A public event: ``seat`` took ``card`` from the discard pile."""

    seat: int
    card: Card


@dataclass(frozen=True, kw_only=True)
class View:
    """One seat's knowledge of the game at one moment."""

    seat: int | None  # whose view; None for a spectator
    rules: Rules
    players: tuple[str, ...]
    round_number: int  # 1..rules.rounds, one more for a playoff
    playoff: bool
    seats: tuple[int, ...]  # the seats playing this round
    wild: Rank | None  # None: no rank is wild, only jokers (round 12)
    dealer: int
    phase: Phase
    turn: int | None  # the seat to act; None once the game is over
    hand: tuple[Card, ...] | None  # the seat's own cards; None for a spectator
    hand_sizes: tuple[int, ...]  # by seat
    stock_size: int
    discard_pile: tuple[Card, ...]  # bottom first, top last
    pickups: tuple[Pickup, ...]  # this round's draws from the discard pile, in order
    actions: tuple[Action, ...]  # this round's actions, in order
    reshuffled: bool  # the stock has been rebuilt from the pile this round
    out: int | None  # the seat that went out this round
    final_turns_left: int  # turns still owed after someone went out
    false_outs: tuple[int, ...]  # false announcements this round, by seat
    totals: tuple[int, ...]  # by seat, over the finished regular rounds
    results: tuple[RoundResult, ...]  # every finished round
    winners: tuple[int, ...] | None  # None until the game is over
    legal: tuple[Action, ...]  # the seat's legal actions (empty unless it is to act)

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        """True when this view's seat is the one to act."""
        return self.seat is not None and self.turn == self.seat

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data; ``View.from_json`` reads it back."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "round": self.round_number,
            "playoff": self.playoff,
            "seats": list(self.seats),
            "wild": wild_json(self.wild),
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "hand": None if self.hand is None else [str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": [str(card) for card in self.discard_pile],
            "pickups": [{"seat": p.seat, "card": str(p.card)} for p in self.pickups],
            "actions": [str(action) for action in self.actions],
            "reshuffled": self.reshuffled,
            "out": self.out,
            "final_turns_left": self.final_turns_left,
            "false_outs": list(self.false_outs),
            "totals": list(self.totals),
            "results": [result.to_json() for result in self.results],
            "winners": None if self.winners is None else list(self.winners),
            "legal": [str(action) for action in self.legal],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> View:
        """Read the form ``to_json`` writes; anything else is an ``InputError`` naming the
        key (a view may arrive from the network)."""
        if not isinstance(data, Mapping):
            raise InputError(f"a view is a JSON object, not {type(data).__name__}", "view")
        read = _Reader(data)
        try:
            view = cls(
                seat=read.seat("seat", optional=True),
                rules=read.rules(),
                players=tuple(read.items("players", str)),
                round_number=read.number("round"),
                playoff=read.flag("playoff"),
                seats=tuple(read.items("seats", int)),
                wild=read_wild(read.value("wild")),
                dealer=read.number("dealer"),
                phase=read.parsed("phase", Phase),
                turn=read.seat("turn", optional=True),
                hand=None if read.value("hand") is None else read.cards("hand"),
                hand_sizes=tuple(read.items("hand_sizes", int)),
                stock_size=read.number("stock_size"),
                discard_pile=read.cards("discard_pile"),
                pickups=tuple(Pickup(read.item_number(item, "pickups", "seat"),
                                     read.item_card(item, "pickups", "card"))
                              for item in read.items("pickups", Mapping)),
                actions=tuple(read.parsed_items("actions", parse_action)),
                reshuffled=read.flag("reshuffled"),
                out=read.seat("out", optional=True),
                final_turns_left=read.number("final_turns_left"),
                false_outs=tuple(read.items("false_outs", int)),
                totals=tuple(read.items("totals", int)),
                results=tuple(read.parsed_items("results", RoundResult.from_json)),
                winners=None if read.value("winners") is None else tuple(
                    read.items("winners", int)),
                legal=tuple(read.parsed_items("legal", parse_action)),
            )
            view.check()
            return view
        except InputError:
            raise
        except ThreeThirteenError as error:
            raise InputError(str(error), f"view, key {read.key!r}") from None

    def check(self) -> None:
        """Raise ``InputError`` unless the view's parts agree: one entry per seat in every
        per-seat list, seats that exist, the own hand as large as its count says."""
        players = len(self.players)
        if players != self.rules.players:
            raise InputError(f"{players} players, but the rules say {self.rules.players}",
                             "view, key 'players'")
        for key in ("hand_sizes", "false_outs", "totals"):
            if len(getattr(self, key)) != players:
                raise InputError(f"must hold one entry per seat ({players})", f"view, key {key!r}")
        seats = [self.seat, self.turn, self.out, self.dealer, *self.seats, *(self.winners or ()),
                 *(pickup.seat for pickup in self.pickups), *(a.seat for a in self.actions),
                 *(a.seat for a in self.legal)]
        if any(seat is not None and not 0 <= seat < players for seat in seats):
            raise InputError(f"names a seat outside 0..{players - 1}", "view")
        if self.hand is not None and (self.seat is None
                                      or len(self.hand) != self.hand_sizes[self.seat]):
            raise InputError("the hand does not match its seat's card count", "view, key 'hand'")


class _Reader:
    """Typed reads of a view's fields; ``key`` is the one being read, for errors."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.key = ""

    def value(self, key: str) -> Any:
        self.key = key
        if key not in self.data:
            raise InputError(f"missing key {key!r}", "view")
        return self.data[key]

    def fail(self, what: str, value: Any) -> InputError:
        return InputError(f"must be {what}, not {repr(value)[:40]}", f"view, key {self.key!r}")

    def number(self, key: str) -> int:
        value = self.value(key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 31:
            raise self.fail("a whole number from 0", value)
        return value

    def seat(self, key: str, optional: bool) -> int | None:
        value = self.value(key)
        return None if value is None and optional else self.number(key)

    def flag(self, key: str) -> bool:
        value = self.value(key)
        if not isinstance(value, bool):
            raise self.fail("true or false", value)
        return value

    def rules(self) -> Rules:
        value = self.value("rules")
        if not isinstance(value, Mapping):
            raise self.fail("a JSON object", value)
        return Rules.from_json(value)

    def items(self, key: str, kind: Any) -> list[Any]:
        value = self.value(key)
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise self.fail(f"a list of at most {MAX_ITEMS} items", value)
        for item in value:
            if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
                raise self.fail(f"a list of {getattr(kind, '__name__', kind)}", item)
        return value

    def parsed(self, key: str, parse: Any) -> Any:
        value = self.value(key)
        try:
            return parse(value)
        except ThreeThirteenError:
            raise
        except (ValueError, TypeError, KeyError):
            raise self.fail("a valid value", value) from None

    def parsed_items(self, key: str, parse: Any) -> list[Any]:
        found = []
        for item in self.items(key, object):
            try:
                found.append(parse(item))
            except ThreeThirteenError:
                raise
            except (ValueError, TypeError, KeyError, AttributeError):
                raise self.fail("a list of valid items", item) from None
        return found

    def cards(self, key: str) -> tuple[Card, ...]:
        return tuple(Card.parse(text) for text in self.items(key, str))

    def item_number(self, item: Mapping[str, Any], key: str, field: str) -> int:
        value = item.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 31:
            raise self.fail(f"objects whose {field!r} is a seat", value)
        return value

    def item_card(self, item: Mapping[str, Any], key: str, field: str) -> Card:
        value = item.get(field)
        if not isinstance(value, str):
            raise self.fail(f"objects whose {field!r} is a card", value)
        return Card.parse(value)


MAX_ITEMS = 4096  # items in any list of a view (the largest pack has 848 cards)
