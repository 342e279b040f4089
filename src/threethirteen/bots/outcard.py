"""Which card to go out with: the one the next seat can use least on its final turn.

A hand may go out with more than one card: a run of four can shed either end, a set of
four any of its cards. The seat scores 0 whichever it throws, but the card lies on the
pile for the next seat's final turn (RULES.md, "A round", 6), and that seat takes it when
it lowers its penalty. Over ``samples`` deals of the hidden cards from the seat's belief
(``bots.sampling``), each card is valued by the penalty the next seat holds after a final
turn played as ``greedy`` plays it: the card taken when it lowers the best penalty after
a discard, else the deal's top stock card drawn. The seat throws the card that leaves the
next seat the most points, the dearest of equals (as ``greedy.going_out`` would).

It reads only the view and ``rng``: the same view and rng give the same card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from threethirteen.actions import Discard
from threethirteen.bots.greedy import best_discard, going_out, taken_penalty
from threethirteen.bots.sampling import belief
from threethirteen.cards import Card, Rank
from threethirteen.outs import go_out_cards
from threethirteen.rules import Rules
from threethirteen.scoring import card_points
from threethirteen.solver import deadwood
from threethirteen.view import View


def out_card(view: View, rng: random.Random, samples: int) -> Discard | None:
    """The going-out discard that leaves the next seat the most points (see the module
    text), or None when the hand cannot go out. With ``samples`` 0, or a single card to
    go out with, or no final turns, ``greedy.going_out``'s dearest card, and ``rng`` is
    not used."""
    dearest = going_out(view)
    if dearest is None or samples <= 0 or not view.rules.final_turns:
        return dearest
    assert view.seat is not None and view.hand is not None
    goers = set(go_out_cards(view.hand, wild=view.wild, rules=view.rules))
    choices = [action for action in view.legal
               if isinstance(action, Discard) and action.out and action.card in goers]
    cards = sorted({action.card for action in choices}, key=lambda card: card.code)
    if len(cards) < 2:
        return dearest
    order = list(view.seats)
    following = order[(order.index(view.seat) + 1) % len(order)]
    known = belief(view)
    chance = random.Random(rng.getrandbits(64))
    left = dict.fromkeys(cards, 0.0)
    for _ in range(samples):
        deal = known.sample(chance, practice=2)
        hand = deal.hands[following]  # the belief deals every other seat a hand
        stock_top = deal.stock[-1] if deal.stock else None
        for card in cards:
            left[card] += final_penalty(hand, card, stock_top, view.wild, view.rules)

    def worth(action: Discard) -> tuple[float, int, int]:
        points = card_points(action.card, view.wild, view.rules)
        return left[action.card], points, action.card.code

    return max(choices, key=worth)


def final_penalty(hand: Sequence[Card], top: Card, stock_top: Card | None,
                  wild: Rank | None, rules: Rules) -> int:
    """The penalty ``hand`` holds after a final turn played greedily with ``top`` on the
    pile and ``stock_top`` on the stock (None: no stock, the hand keeps its penalty)."""
    taken = taken_penalty(hand, top, wild, rules)
    if taken is not None:
        return taken
    if stock_top is None:
        return deadwood(hand, wild=wild, rules=rules)
    drawn, _ = best_discard([*hand, stock_top], wild, rules)
    return drawn
