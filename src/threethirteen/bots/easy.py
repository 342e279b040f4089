"""The ``easy`` bot: plays like a person learning the game, with a learner's mistakes.

Not random play: it knows its melds (the solver arranges its hand), but

* it takes the discard only to pair or set up a set (runs are harder to spot), and
  sometimes overlooks even that;
* it throws the unmelded card with the fewest partners in its hand, the *lower* one on
  ties: it hangs on to high cards that "might" meld, a classic learner's leak;
* once in a while it does not notice that it could go out.

Its choices come from the ``rng`` it is given, so a seed fixes its play.
"""

from __future__ import annotations

import random

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.greedy import going_out
from threethirteen.cards import Card
from threethirteen.solver import arrange
from threethirteen.view import Phase, View

OVERLOOK_DISCARD = 0.3
MISS_GOING_OUT = 0.2


class EasyBot:
    """A learner: sets over runs, high cards kept too long, chances missed."""

    name = "easy"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The learner's action for ``view``."""
        if view.seat is None or view.hand is None or not view.legal:
            raise ValueError("easy can only play a seat whose turn it is")
        hand = list(view.hand)
        if view.phase is Phase.DRAW:
            top = view.top
            legal_take = Draw(view.seat, Source.DISCARD) in view.legal
            wants = top is not None and legal_take and self._pairs_up(top, hand, view)
            take = wants and rng.random() >= OVERLOOK_DISCARD
            return Draw(view.seat, Source.DISCARD if take else Source.STOCK)
        out = going_out(view)
        if out is not None and rng.random() >= MISS_GOING_OUT:
            return out
        return Discard(view.seat, self._throw(hand, view))

    @staticmethod
    def _pairs_up(card: Card, hand: list[Card], view: View) -> bool:
        """The card is wild or matches the rank of a card in hand."""
        if card.rank is None or card.rank == view.wild:
            return True
        return any(other.rank == card.rank for other in hand)

    @staticmethod
    def _throw(hand: list[Card], view: View) -> Card:
        """The unmelded card with the fewest partners; the lower card on ties."""
        loose = list(arrange(hand, wild=view.wild, rules=view.rules).unmelded)
        loose = [card for card in loose if card.rank is not None and card.rank != view.wild]
        if not loose:
            return min(hand, key=lambda card: (card.rank is None, card.rank == view.wild,
                                               card.code))

        def partners(card: Card) -> int:
            return sum(
                1 for other in hand if other is not card and other.rank is not None and (
                    other.rank == card.rank
                    or (other.suit == card.suit and abs(other.rank - (card.rank or 0)) == 1)
                )
            )

        return min(loose, key=lambda card: (partners(card), card.rank or 0, card.code))
