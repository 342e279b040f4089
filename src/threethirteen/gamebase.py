"""What both game engines share: the seats, the dealer, the totals, and read-only facts.

``GameState`` (turns) and ``SpeedGame`` (calls) keep their own rounds and legality; this
base holds the rest: the names checked against the rules, the pack, the first dealer,
and the properties a front end reads of either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from threethirteen.actions import Action
from threethirteen.cards import Card, Rank, pack
from threethirteen.dealer import Dealer, SeededDealer
from threethirteen.errors import RulesError
from threethirteen.rules import Rules
from threethirteen.view import Phase


class RoundTable(Protocol):
    """What the base reads of an engine's round in play."""

    number: int
    wild: Rank | None
    dealer: int
    phase: Phase
    hands: list[list[Card]]
    stock: list[Card]  # top last


R = TypeVar("R", bound=RoundTable)


class GameBase(Generic[R]):
    """The seats, chance and scores of a game whose rounds are ``R``."""

    _rounds: list[R]

    def _seat(self, rules: Rules, seed: int | None, names: Sequence[str] | None,
              dealer: Dealer | None) -> None:
        """Take the resolved ``rules`` and check ``names`` against its players."""
        self._rules = rules
        players = rules.players
        if names is None:
            names = [f"Seat {seat}" for seat in range(players)]
        if len(names) != players or not all(isinstance(name, str) for name in names):
            raise RulesError(f"{players} players need {players} names, not {list(names)!r}",
                             "players")
        self._names = tuple(names)
        self._seed = seed
        self._dealer: Dealer = dealer if dealer is not None else SeededDealer(seed)
        self._pack = pack(rules.deck_count, rules.jokers, rules.pack)
        self._first_dealer = self._dealer.first_dealer(players)
        self._totals = [0] * players
        self._winners: tuple[int, ...] | None = None
        self._history: list[Action] = []
        self._rounds = []

    @property
    def _round(self) -> R:
        return self._rounds[-1]

    # -- read-only facts -----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules, ``decks`` resolved."""
        return self._rules

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, seat 0 first."""
        return self._names

    @property
    def seed(self) -> int | None:
        """The seed the game was created with (None when chance came from elsewhere)."""
        return self._seed

    @property
    def round_number(self) -> int:
        """The round in play (the last one once the game is over)."""
        return self._round.number

    @property
    def wild(self) -> Rank | None:
        """The wild rank of the round in play (None in round 12: only jokers are wild)."""
        return self._round.wild

    @property
    def dealer(self) -> int:
        """The seat that dealt the round in play."""
        return self._round.dealer

    @property
    def phase(self) -> Phase:
        """What the game waits for (in speed mode: every seat's draw, or discard)."""
        return self._round.phase

    @property
    def is_over(self) -> bool:
        """True once the winners are known."""
        return self._winners is not None

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winning seats (empty when nobody wins), None while the game goes on."""
        return self._winners

    @property
    def totals(self) -> tuple[int, ...]:
        """Points by seat over the finished regular rounds (a playoff is not added)."""
        return tuple(self._totals)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards: the referee's knowledge, never a player's."""
        return tuple(tuple(hand) for hand in self._round.hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""
        return tuple(reversed(self._round.stock))

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (in speed mode the caller's included)."""
        return tuple(self._history)
