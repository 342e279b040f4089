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
from collections.abc import Collection, Sequence

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.evaluate import without
from threethirteen.cards import Card, Rank
from threethirteen.outs import go_out_cards
from threethirteen.rules import Rules
from threethirteen.scoring import card_points
from threethirteen.solver import arrange, deadwood
from threethirteen.view import Phase, View

# Hands solved lately, by (rules' identity, wild, card codes): a turn's draw decision and
# its discard solve the same hand, and a discard's result is the next turn's hand. Values
# keep the rules object, so that a recycled id() never answers for other rules.
_SOLVED: dict[tuple[int, int, tuple[int, ...]], tuple[Rules, tuple[int, Card]]] = {}
_KEPT: dict[tuple[int, int, tuple[int, ...]], tuple[Rules, int]] = {}
_REMEMBERED = 4096  # entries in each before it is emptied


def best_discard(hand: Sequence[Card], wild: Rank | None, rules: Rules) -> tuple[int, Card]:
    """``_best_discard``, remembered for the hands of the last few turns."""
    key = (id(rules), int(wild or 0), tuple(sorted(card.code for card in hand)))
    found = _SOLVED.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    answer = _best_discard(hand, wild, rules)
    if len(_SOLVED) >= _REMEMBERED:
        _SOLVED.clear()
        _KEPT.clear()
    _SOLVED[key] = (rules, answer)
    rest = list(key[2])
    rest.remove(answer[1].code)
    _KEPT[(key[0], key[1], tuple(rest))] = (rules, answer[0])
    return answer


def penalty_now(hand: Sequence[Card], wild: Rank | None, rules: Rules) -> int:
    """``deadwood(hand)``, read from the discard that left this hand when it was ours."""
    found = _KEPT.get((id(rules), int(wild or 0), tuple(sorted(card.code for card in hand))))
    if found is not None and found[0] is rules:
        return found[1]
    return deadwood(hand, wild=wild, rules=rules)


def taken_penalty(hand: Sequence[Card], top: Card, wild: Rank | None,
                  rules: Rules) -> int | None:
    """The least penalty after taking ``top`` and discarding, when it is below ``hand``'s
    penalty (greedy takes the card); None when greedy leaves it."""
    now = penalty_now(hand, wild, rules)
    after, _ = best_discard([*hand, top], wild, rules)
    return after if after < now else None


def _best_discard(hand: Sequence[Card], wild: Rank | None, rules: Rules) -> tuple[int, Card]:
    """The greedy discard: the lowest penalty left, the higher card on ties (then the
    lower card code): the first of ``ranked_discards``, found with one arrangement.

    With ``D`` the least penalty of ``hand``, discarding a card ``c`` of ``p`` points leaves
    at least ``D - p`` (put ``c`` back unmelded), and exactly ``D - p`` when ``c`` is
    unmelded in a best arrangement. So one ``arrange`` prices every unmelded card, and a
    melded card is solved only when its bound could still beat the best found.
    """
    best = arrange(hand, wild=wild, rules=rules)
    total = best.deadwood
    points = {card: card_points(card, wild, rules) for card in set(hand)}
    loose = set(best.unmelded)
    keys = [(total - points[card], -points[card], card.code, card) for card in loose]
    leader = min(keys) if keys else None
    for card in sorted(points.keys() - loose, key=lambda c: (-points[c], c.code)):
        bound = (total - points[card], -points[card], card.code)
        if leader is not None and bound > leader[:3]:
            continue  # its penalty is at least the bound: it cannot come first
        key = (deadwood(without(hand, card), wild=wild, rules=rules), -points[card],
               card.code, card)
        if leader is None or key < leader:
            leader = key
    assert leader is not None, "a hand to discard from is never empty"
    return leader[0], leader[3]


def dearest_out(cards: Sequence[Card], goers: Collection[Card], wild: Rank | None,
                rules: Rules) -> Card | None:
    """Greedy's card to go out with: of ``cards`` that are in ``goers``, the one with the
    most points, the first in ``cards``' order among equals; None when none goes out."""
    going = [(-card_points(card, wild, rules), place, card)
             for place, card in enumerate(cards) if card in goers]
    return min(going)[2] if going else None


def going_out(view: View) -> Discard | None:
    """A legal going-out action, if the hand can go out now."""
    outs = [a for a in view.legal if isinstance(a, Discard) and a.out]
    if not outs or view.hand is None:
        return None
    goers = set(go_out_cards(view.hand, wild=view.wild, rules=view.rules))
    card = dearest_out([a.card for a in outs], goers, view.wild, view.rules)
    return next((a for a in outs if a.card == card), None)


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
        taken = taken_penalty(view.hand, top, view.wild, view.rules)
        return Source.DISCARD if taken is not None else Source.STOCK
