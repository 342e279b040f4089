"""The ``random`` bot: random draws and discards, but it never misses going out.

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> state = GameState(Rules(players=2, rounds=1), seed=1)
>>> action = RandomBot().choose(state.view(state.turn), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import random

from threethirteen.actions import Action, Discard
from threethirteen.outs import go_out_cards
from threethirteen.view import Phase, View


class RandomBot:
    """Draws from a random source and discards a random card.

    When its hand melds completely but for one card (``go_out_discards``, through the
    cache of ``threethirteen.outs``) it goes out with that card, or, if
    going out is not allowed now (someone is out, or it is its first turn and
    ``first_turn_out`` is false), it still discards that card to meld everything.
    """

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """A random legal action, going out whenever the hand allows it."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if view.phase is Phase.DRAW or view.hand is None or view.seat is None:
            return rng.choice(view.legal)
        goers = go_out_cards(view.hand, wild=view.wild, rules=view.rules)
        if goers:
            outs = [a for a in view.legal if isinstance(a, Discard) and a.out and a.card in goers]
            return rng.choice(outs) if outs else Discard(view.seat, rng.choice(goers))
        return rng.choice([a for a in view.legal if isinstance(a, Discard) and not a.out])
