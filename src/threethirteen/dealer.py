"""Chance, made explicit: the dealer draws the first dealer, deals, and reshuffles.

The engine never calls the global ``random``. ``SeededDealer`` owns one
``random.Random(seed)``, so the same seed gives the same game; ``ScriptedDealer`` hands
out deals written down elsewhere (a game record, a test's hand-made table).

>>> from threethirteen.cards import pack
>>> deal = SeededDealer(7).deal(pack(1), order=(1, 0), players=2, size=3, upcard=True)
>>> [len(hand) for hand in deal.hands], len(deal.stock), deal.upcard is not None
([3, 3], 45, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from threethirteen.cards import Card
from threethirteen.errors import RecordError


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of a fresh round: hands by seat, the upcard, and the stock (top first).

    A seat that sits the round out (in a playoff) has an empty hand.
    """

    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None
    stock: tuple[Card, ...]


class Dealer(Protocol):
    """The source of every random event of a game."""

    def first_dealer(self, players: int) -> int:
        """The seat that deals the first round."""
        ...

    def deal(
        self, pack: Sequence[Card], *, order: Sequence[int], players: int, size: int, upcard: bool
    ) -> Deal:
        """Shuffle ``pack`` and deal ``size`` cards to each seat of ``order`` in turn."""
        ...

    def reshuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` shuffled into a new stock, top first."""
        ...


class SeededDealer:
    """A dealer driven by one ``random.Random(seed)``; ``seed=None`` draws fresh entropy.

    ``random.Random`` seeds with the absolute value of an integer, so a negative seed is
    read as text instead: seeds 7 and -7 deal different games.

    >>> SeededDealer(7).first_dealer(1000) != SeededDealer(-7).first_dealer(1000)
    True
    """

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self._rng = random.Random(f"seed {seed}" if seed is not None and seed < 0 else seed)

    def first_dealer(self, players: int) -> int:
        """A seat drawn at random."""
        return self._rng.randrange(players)

    def deal(
        self, pack: Sequence[Card], *, order: Sequence[int], players: int, size: int, upcard: bool
    ) -> Deal:
        """Shuffle, deal one card at a time round ``order``, turn the upcard, stock the rest."""
        cards = list(pack)
        self._rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for _ in range(size):
            for seat in order:
                hands[seat].append(cards[position])
                position += 1
        up = cards[position] if upcard else None
        position += 1 if upcard else 0
        return Deal(tuple(tuple(hand) for hand in hands), up, tuple(cards[position:]))

    def reshuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """``cards`` in a random order."""
        shuffled = list(cards)
        self._rng.shuffle(shuffled)
        return tuple(shuffled)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeededDealer):
            return NotImplemented
        return self.seed == other.seed and self._rng.getstate() == other._rng.getstate()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SeededDealer({self.seed!r})"


@dataclass(eq=True)
class ScriptedDealer:
    """A dealer that replays given events in order: the first dealer, deals, reshuffles."""

    first: int
    deals: list[Deal]
    reshuffles: list[tuple[Card, ...]]

    def first_dealer(self, players: int) -> int:
        """The scripted first dealer."""
        if not 0 <= self.first < players:
            raise RecordError(f"the first dealer {self.first} is not a seat 0..{players - 1}")
        return self.first

    def deal(
        self, pack: Sequence[Card], *, order: Sequence[int], players: int, size: int, upcard: bool
    ) -> Deal:
        """The next scripted deal (the engine checks that it fits the round)."""
        if not self.deals:
            raise RecordError("the script has no deal left for the next round")
        return self.deals.pop(0)

    def reshuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The next scripted new stock (the engine checks it holds ``cards``)."""
        if not self.reshuffles:
            raise RecordError("the stock must be reshuffled here, but the script has no reshuffle")
        return self.reshuffles.pop(0)
