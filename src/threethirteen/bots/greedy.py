"""The ``greedy`` bot: the baseline today's open-source apps play.

It takes the discard if that lowers its best penalty, otherwise draws from the stock;
it discards the card whose loss leaves the lowest penalty (the higher card on ties); it
goes out whenever it can.

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> state = GameState(Rules(players=2, rounds=1), seed=3)
>>> GreedyBot().choose(state.view(state.turn), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.evaluate import ranked_discards
from threethirteen.cards import Card, Rank
from threethirteen.outs import go_out_cards
from threethirteen.rules import Rules
from threethirteen.scoring import card_points
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View


def best_discard(hand: Sequence[Card], wild: Rank, rules: Rules) -> tuple[int, Card]:
    """The greedy discard: the lowest penalty left, the higher card on ties."""
    return ranked_discards(
        hand, lambda rest: deadwood(rest, wild=wild, rules=rules),
        lambda card: card_points(card, wild, rules),
    )[0]


def going_out(view: View) -> Discard | None:
    """A legal going-out action, if the hand can go out now."""
    outs = [a for a in view.legal if isinstance(a, Discard) and a.out]
    if not outs or view.hand is None:
        return None
    goers = set(go_out_cards(view.hand, wild=view.wild, rules=view.rules))
    for action in sorted(outs, key=lambda a: -card_points(a.card, view.wild, view.rules)):
        if action.card in goers:
            return action
    return None


class GreedyBot:
    """Lowers its own penalty now; never looks ahead."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The greedy action for ``view``."""
        if view.seat is None or view.hand is None or not view.legal:
            raise ValueError("greedy can only play a seat whose turn it is")
        if view.phase is Phase.DRAW:
            return Draw(view.seat, self.draw_source(view))
        out = going_out(view)
        if out is not None:
            return out
        _, card = best_discard(view.hand, view.wild, view.rules)
        return Discard(view.seat, card)

    @staticmethod
    def draw_source(view: View) -> Source:
        """The discard if it lowers the best penalty after a discard, else the stock."""
        assert view.hand is not None and view.seat is not None
        top = view.top
        if top is None or Draw(view.seat, Source.DISCARD) not in view.legal:
            return Source.STOCK
        now = deadwood(view.hand, wild=view.wild, rules=view.rules)
        after, _ = best_discard([*view.hand, top], view.wild, view.rules)
        return Source.DISCARD if after < now else Source.STOCK
