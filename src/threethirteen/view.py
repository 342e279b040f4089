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
from threethirteen.results import RoundResult
from threethirteen.rules import Rules


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
    wild: Rank
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
            "wild": str(self.wild),
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
        """Read the form ``to_json`` writes."""
        cards = _cards
        return cls(
            seat=data["seat"],
            rules=Rules.from_json(data["rules"]),
            players=tuple(data["players"]),
            round_number=data["round"],
            playoff=data["playoff"],
            seats=tuple(data["seats"]),
            wild=Rank.parse(data["wild"]),
            dealer=data["dealer"],
            phase=Phase(data["phase"]),
            turn=data["turn"],
            hand=None if data["hand"] is None else cards(data["hand"]),
            hand_sizes=tuple(data["hand_sizes"]),
            stock_size=data["stock_size"],
            discard_pile=cards(data["discard_pile"]),
            pickups=tuple(Pickup(p["seat"], Card.parse(p["card"])) for p in data["pickups"]),
            actions=tuple(parse_action(text) for text in data["actions"]),
            reshuffled=data["reshuffled"],
            out=data["out"],
            final_turns_left=data["final_turns_left"],
            false_outs=tuple(data["false_outs"]),
            totals=tuple(data["totals"]),
            results=tuple(RoundResult.from_json(result) for result in data["results"]),
            winners=None if data["winners"] is None else tuple(data["winners"]),
            legal=tuple(parse_action(text) for text in data["legal"]),
        )


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)
