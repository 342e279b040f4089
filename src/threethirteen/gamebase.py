"""What both game engines share: the seats, the dealer, the totals, and read-only facts.

``GameState`` (turns) and ``SpeedGame`` (calls) keep their own rounds and legality; this
base holds the rest: the names checked against the rules, the pack, the first dealer,
a round's deal, the scores it adds, the game's end, the properties a front end reads
of either, copies and equality.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, NoReturn, Protocol, Self, TypeVar

from threethirteen.actions import Action
from threethirteen.cards import Card, Rank, pack
from threethirteen.dealer import Deal, Dealer, SeededDealer
from threethirteen.errors import IllegalAction, RecordError, RulesError
from threethirteen.results import SeatResult, lowest, winners_by_ties
from threethirteen.rules import PLAYOFF_DEAL, Rules, Ties
from threethirteen.scoring import round_wild
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


@dataclass(frozen=True)
class RoundDeal:
    """A round's dealer, order of play (left of the dealer first), wild rank and the
    dealer's deal, checked for hand sizes."""

    dealer: int
    order: tuple[int, ...]
    wild: Rank | None
    deal: Deal


def refuse(action: object, reason: str, why: str) -> NoReturn:
    """Raise the ``IllegalAction`` an engine refuses ``action`` with."""
    raise IllegalAction(f"illegal action '{action}': {why}", reason, action)


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

    # -- rounds and scores -----------------------------------------------------------

    def _start_round(self, number: int, seats: tuple[int, ...], *, playoff: bool) -> None:
        raise NotImplementedError

    def _deal_round(self, number: int, seats: tuple[int, ...], *, playoff: bool,
                    upcard: bool) -> RoundDeal:
        """Deal round ``number`` (or the playoff) to ``seats``; hand sizes are checked."""
        players = len(self._names)
        dealer = (self._first_dealer + number - 1) % players
        order = tuple(sorted(seats, key=lambda seat: (seat - dealer - 1) % players))
        size = PLAYOFF_DEAL if playoff else number + 2
        wild = Rank.KING if playoff else round_wild(number)
        deal = self._dealer.deal(self._pack, order=order, players=players, size=size,
                                 upcard=upcard)
        where = f"round {number} deal"
        if len(deal.hands) != players:
            raise RecordError(f"{len(deal.hands)} hands for {players} seats", where)
        for seat, hand in enumerate(deal.hands):
            want = size if seat in order else 0
            if len(hand) != want:
                raise RecordError(f"seat {seat} holds {len(hand)} cards, not {want}", where)
        return RoundDeal(dealer, order, wild, deal)

    def _check_pack(self, deal: Deal, number: int) -> None:
        """Refuse round ``number``'s deal unless its hands, stock and upcard (if any) are
        exactly the pack."""
        dealt = [card for hand in deal.hands for card in hand] + list(deal.stock)
        what = "the hands and stock"
        if deal.upcard is not None:
            dealt.append(deal.upcard)
            what = "the hands, upcard and stock"
        if Counter(dealt) != Counter(self._pack):
            raise RecordError(f"{what} are not exactly the pack", f"round {number} deal")

    def _score_round(self, results: Sequence[SeatResult], *, number: int,
                     seats: tuple[int, ...], playoff: bool) -> None:
        """Add a finished round's ``results`` and start the next round, the playoff, or
        the game's end (a playoff's lowest scores win it)."""
        if playoff:
            self._finish(tuple(lowest([seat.points for seat in results], among=seats)))
            return
        for seat, result in enumerate(results):
            self._totals[seat] += result.points
        if number < self._rules.rounds:
            self._start_round(number + 1, seats, playoff=False)
            return
        best = lowest(self._totals)
        if len(best) > 1 and self._rules.ties is Ties.PLAYOFF:
            self._start_round(number + 1, tuple(best), playoff=True)
        else:
            self._finish(winners_by_ties(self._totals, self._rules.ties))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self._winners = winners
        self._round.phase = Phase.OVER

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

    # -- copies and equality -----------------------------------------------------------

    def copy(self) -> Self:
        """An independent copy, dealer included."""
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        """Equal games of one kind: the same ``_key``."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameBase)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[object, ...]:
        """What makes two games of this kind equal."""
        raise NotImplementedError
