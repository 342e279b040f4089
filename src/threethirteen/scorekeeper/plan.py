"""What each round of a game is: its cards dealt, wild rank, dealer and first player.

The same arithmetic as the engine (RULES.md, "A round"): round k deals k+2 cards with
rank k+2 wild (round 12 deals 14 with no wild rank, only jokers), the deal passes left
after each round, the player left of the dealer plays first; a playoff round deals 13
cards with kings wild to the tied players only.

>>> plan = plan_round(players=4, first_dealer=3, number=2)
>>> plan.deal, str(plan.wild), plan.dealer, plan.first, plan.order
(4, '4', 0, 1, (1, 2, 3, 0))
>>> playoff = plan_round(players=4, first_dealer=0, number=12, playoff_seats=(0, 2))
>>> playoff.deal, str(playoff.wild), playoff.dealer, playoff.first
(13, 'K', 3, 0)
>>> last = plan_round(players=3, first_dealer=0, number=12)
>>> last.deal, last.wild, last.wild_text
(14, None, 'none')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Rank
from threethirteen.rules import PLAYOFF_DEAL
from threethirteen.scoring import round_wild


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """One round of the sheet: ``order`` lists the playing seats, first player first."""

    number: int
    playoff: bool
    deal: int
    wild: Rank | None  # None: no rank is wild, only jokers (round 12)
    dealer: int
    order: tuple[int, ...]

    @property
    def first(self) -> int:
        """The seat that plays first."""
        return self.order[0]

    @property
    def wild_text(self) -> str:
        """The wild rank as a sheet writes it: ``7``, ``10``, ``K``, or ``none`` (round
        12)."""
        if self.wild is None:
            return "none"
        return "10" if self.wild == 10 else str(self.wild)

    @property
    def seats(self) -> tuple[int, ...]:
        """The playing seats in seat order."""
        return tuple(sorted(self.order))


def plan_round(*, players: int, first_dealer: int, number: int,
               playoff_seats: Sequence[int] | None = None) -> RoundPlan:
    """Round ``number``; with ``playoff_seats`` it is the playoff round of those seats."""
    dealer = (first_dealer + number - 1) % players
    seats = range(players) if playoff_seats is None else playoff_seats
    order = tuple(sorted(seats, key=lambda seat: (seat - dealer - 1) % players))
    if playoff_seats is not None:
        return RoundPlan(number, True, PLAYOFF_DEAL, Rank.KING, dealer, order)
    return RoundPlan(number, False, number + 2, round_wild(number), dealer, order)
