"""The hidden hands, dealt from a seat's belief and weighed by how well they explain
their seats' turns this round (the study of commit 94639e2, for ``clairvoyant.py``).

``Belief.sample`` deals hands that fit what is public; it leans on the opponent's takes,
throws and declines only through fixed weights per related card. Here each dealt hand
is walked back through the opponent's turns, last first, as a player who keeps what
lowers its penalty most would have played them (``greedy``):

* a **throw** ``y``: the hand before it was the hand plus ``y``; ``y`` should be the card
  whose loss leaves the lowest penalty. Another card with the same penalty is half as
  likely; a card that leaves ``d`` points more is ``MISS * exp(-beta * d)`` as likely.
* a **take** of the pile's top card: the hand before it lacked that card, and the card
  should have lowered its penalty; otherwise ``MISS``.
* a **draw from the stock**: the card drawn is one of the hand's cards it is not known to
  have taken (each alike); the pile's top card it declined should not have lowered the
  penalty of the hand before, else ``MISS * exp(-beta * gain)``.

A hand's weight is the product over those turns: an estimate of the chance of its turns
as played, up to a constant (the drawn card is chosen at random, one per turn).

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> state = GameState(Rules(players=2, rounds=1), seed=3)
>>> for _ in range(4):
...     state.apply(state.legal_actions()[0])
>>> deals = weighted_deals(state.view(state.turn), random.Random(0), count=8)
>>> len(deals), all(len(deal.hands[1 - state.turn]) == 3 and weight >= 0
...                 for deal, weight in deals)
(8, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

from threethirteen.actions import Draw, Source
from threethirteen.bots.evaluate import without
from threethirteen.bots.greedy import best_discard, penalty_now
from threethirteen.bots.sampling import Belief, Deal, belief
from threethirteen.bots.sampling import _tops_before_draws as tops_before_draws
from threethirteen.cards import Card
from threethirteen.view import View

MISS = 0.1  # the likelihood of a turn that greedy play would not have made
TIE = 0.5  # a throw greedy would have broken the tie against
BETA = 0.5  # per point of penalty a turn gives away


def weighted_deals(view: View, rng: random.Random, *, count: int, uniform: bool = True,
                   practice: int = 0, temper: float = 1.0,
                   known: Belief | None = None) -> list[tuple[Deal, float]]:
    """``count`` deals of the hidden cards from the belief of ``view``'s seat (``known``,
    by default built from ``view``), each with its weight: the product over the other
    seats of how well their hands explain their turns (see the module text), to the power
    ``temper``. ``uniform`` deals the unknown cards unweighted; ``practice`` as
    ``Belief.sample``."""
    if known is None:
        known = belief(view)
    if uniform:
        known = replace(known, weights={other: (1.0,) * len(known.pool)
                                        for other in known.weights})
    turns = {seat: _turns(view, seat) for seat in known.missing}
    deals = [known.sample(rng, practice) for _ in range(count)]
    return [(deal, math.prod(_explains(deal.hands[seat], turns[seat], view, rng, BETA)
                             for seat in turns) ** temper) for deal in deals]


# One turn's public part: the draw (the card taken from the pile, or None for the stock),
# the top card it declined (None when unknown or taken), the cards it is known to have held
# before the draw, and the card thrown (None when the turn has not been thrown yet).
Turn = tuple[Card | None, Card | None, Counter[Card], Card | None]


def _turns(view: View, seat: int) -> list[Turn]:
    """``seat``'s turns this round, in order."""
    tops = tops_before_draws(view)
    pickups = iter(view.pickups)
    held: Counter[Card] = Counter()
    turns: list[Turn] = []
    for action, top in zip(view.actions, tops, strict=True):
        if isinstance(action, Draw):
            taken = next(pickups).card if action.source is Source.DISCARD else None
            if action.seat == seat:
                turns.append((taken, top if taken is None else None, held.copy(), None))
                if taken is not None:
                    held[taken] += 1
        elif action.seat == seat:
            if held[action.card] > 0:
                held[action.card] -= 1
            if turns:
                taken, declined, before, _ = turns[-1]
                turns[-1] = (taken, declined, before, action.card)
    return turns


def _explains(hand: list[Card], turns: list[Turn], view: View, rng: random.Random,
              beta: float) -> float:
    """The weight of ``hand`` as ``seat``'s hand now (see the module text)."""
    wild, rules = view.wild, view.rules
    weight = 1.0
    cards = list(hand)
    for taken, declined, before, thrown in reversed(turns):
        if thrown is not None:
            cards.append(thrown)
            least, greedy = best_discard(cards, wild, rules)
            if greedy != thrown:
                left = penalty_now(without(cards, thrown), wild, rules)
                weight *= TIE if left == least else MISS * math.exp(-beta * (left - least))
        if taken is not None:
            if taken not in cards:
                return 0.0
            earlier = without(cards, taken)
            if best_discard(cards, wild, rules)[0] >= penalty_now(earlier, wild, rules):
                weight *= MISS
        else:
            free = list((Counter(cards) - before).elements())
            if not free:
                return 0.0
            earlier = without(cards, rng.choice(free))
            if declined is not None:
                now = penalty_now(earlier, wild, rules)
                kept = best_discard([*earlier, declined], wild, rules)[0]
                if kept < now:
                    weight *= MISS * math.exp(-beta * (now - kept))
        cards = earlier
    return weight
