"""Hidden hands dealt anew, consistent with one seat's view and biased by what it saw.

A ``Belief`` is what a seat knows of the cards it cannot see (RULES.md, "What each
player may see"), read from its ``View`` alone:

* the **unseen pool**: the pack minus the seat's hand, the discard pile, and the cards
  opponents are known to hold (``tracking.track``);
* **known cards**: a card an opponent took from the pile and has not thrown since is in
  that opponent's hand, in every sample;
* **inference**: each opponent's other cards are drawn from the pool with weights. A card
  close to one the opponent took (same rank, or same suit within two ranks) is more
  likely; a card close to one it threw, or to a top card it declined (drew from the stock
  instead), less likely. Wild cards and jokers keep weight 1.

``Belief.sample(rng)`` deals one determinization: a hand for every opponent (its known
cards plus weighted draws from the pool, as many as it holds) and the stock (the rest of
the pool, shuffled). Cards are conserved: the sampled hands, the stock, the seat's hand
and the pile are exactly the pack. ``sample(rng, practice=k)`` also plays each hand
forward by up to k greedy draws from the pool (an approximation of the turns it has had:
the cards it throws there go back to the stock, not to the pile).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots.greedy import best_discard
from threethirteen.bots.tracking import track
from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.scoring import card_points
from threethirteen.view import View

TAKE = 1.6  # a card close to one the opponent took and still holds
THROW = 0.7  # a card close to one the opponent threw
DECLINE = 0.6  # a card close to a top card the opponent left on the pile


@dataclass(frozen=True, slots=True)
class Deal:
    """One determinization: every opponent's hand and the stock (top card last)."""

    hands: dict[int, list[Card]]
    stock: list[Card]


@dataclass(frozen=True, slots=True)
class Belief:
    """What one seat knows of the hidden cards, and how it weighs them."""

    seat: int
    known: dict[int, tuple[Card, ...]]  # by opponent: cards it is known to hold
    missing: dict[int, int]  # by opponent: how many of its cards are unknown
    pool: tuple[Card, ...]  # the unseen cards, one entry per copy, in code order
    weights: dict[int, tuple[float, ...]]  # by opponent: a weight for each pool entry
    stock_size: int
    turns: dict[int, int]  # by opponent: turns it has played this round
    wild: Rank | None
    rules: Rules

    def sample(self, rng: random.Random, practice: int = 0) -> Deal:
        """One deal of the hidden cards (see the module text).

        With ``practice``, each opponent's unknown cards are drawn ``practice`` too many
        (at most one per turn it has played) and it keeps the best of them, throwing the
        card greedy would throw: a hand played for some turns is better than one just
        dealt. Its known cards are always kept.
        """
        left = list(range(len(self.pool)))
        hands: dict[int, list[Card]] = {}
        for seat, need in self.missing.items():
            hand = list(self.known[seat])
            extra = min(practice, self.turns.get(seat, 0), max(0, len(left) - need))
            if need:
                weights = self.weights[seat]
                # Efraimidis-Spirakis: the ``need`` largest keys u ** (1 / w)
                keyed = sorted(left, key=lambda i: rng.random() ** (1.0 / weights[i]))
                chosen = keyed[-(need + extra):]
                if extra:
                    chosen = self._practise(hand, chosen, extra)
                hand += [self.pool[i] for i in chosen]
                taken = set(chosen)
                left = [i for i in left if i not in taken]
            hands[seat] = hand
        stock = [self.pool[i] for i in left]
        rng.shuffle(stock)
        return Deal(hands, stock)

    def _practise(self, known: list[Card], chosen: list[int], extra: int) -> list[int]:
        """``chosen`` less ``extra`` entries: its last ``extra`` are drawn one at a time,
        each followed by the card greedy would throw from the whole hand."""
        kept = list(chosen[:-extra])
        for drawn in chosen[-extra:]:
            kept.append(drawn)
            cards = known + [self.pool[i] for i in kept]
            _, card = best_discard(cards, self.wild, self.rules)
            spots = [i for i in kept if self.pool[i] == card]
            if not spots:  # greedy would throw a known card: throw the dearest unknown one
                spots = [max(kept, key=lambda i: card_points(self.pool[i], self.wild,
                                                             self.rules))]
            kept.remove(spots[0])
        return kept


def belief(view: View) -> Belief:
    """The belief of ``view``'s seat (it must have a seat and a hand)."""
    if view.seat is None or view.hand is None:
        raise ValueError("a belief needs a seat's view, not a spectator's")
    tracking = track(view)
    others = [seat for seat in view.seats if seat != view.seat]
    known = {seat: tuple(sorted(tracking.held.get(seat, Counter()).elements(), key=_code))
             for seat in others}
    missing = {seat: max(0, view.hand_sizes[seat] - len(known[seat])) for seat in others}
    pool = tuple(sorted(tracking.unseen.elements(), key=_code))
    shortfall = sum(missing.values()) - len(pool)
    if shortfall > 0:  # never in a consistent view; deal what there is, last seats short
        for seat in reversed(others):
            cut = min(shortfall, missing[seat])
            missing[seat] -= cut
            shortfall -= cut
    stock_size = len(pool) - sum(missing.values())
    signs = _signs(view)
    weights = {seat: tuple(_weight(card, view, *signs[seat]) for card in pool)
               for seat in others}
    turns = {seat: sum(1 for action in view.actions
                       if isinstance(action, Discard) and action.seat == seat) for seat in others}
    return Belief(view.seat, known, missing, pool, weights, stock_size, turns, view.wild,
                  view.rules)


def _code(card: Card) -> int:
    return card.code


Signs = tuple[list[Card], list[Card], list[Card]]  # taken and held, thrown, declined


def _signs(view: View) -> dict[int, Signs]:
    """By opponent: cards it took and still holds, cards it threw, top cards it declined."""
    tracking = track(view)
    signs: dict[int, Signs] = {
        seat: (list(tracking.held.get(seat, Counter()).elements()), [], []) for seat in view.seats
    }
    tops = _tops_before_draws(view)
    for action, top in zip(view.actions, tops, strict=True):
        if action.seat not in signs or action.seat == view.seat:
            continue
        if isinstance(action, Discard):
            signs[action.seat][1].append(action.card)
        elif action.source is Source.STOCK and top is not None:
            signs[action.seat][2].append(top)
    return signs


def _tops_before_draws(view: View) -> list[Card | None]:
    """For each action of the round, the pile's top card before it (None when not known:
    an empty pile, or history the reshuffle of the stock has hidden)."""
    pile = list(view.discard_pile)
    pickups = [pickup.card for pickup in view.pickups]
    tops: list[Card | None] = [None] * len(view.actions)
    for index in range(len(view.actions) - 1, -1, -1):  # undo the round, action by action
        action = view.actions[index]
        if isinstance(action, Discard):
            if not pile or pile[-1] != action.card:
                break  # the pile was rebuilt (a reshuffle): the older tops stay unknown
            pile.pop()
        elif action.source is Source.DISCARD:
            if not pickups:
                break
            pile.append(pickups.pop())
        if isinstance(action, Draw):
            tops[index] = pile[-1] if pile else None
    return tops


def _weight(card: Card, view: View, taken: list[Card], thrown: list[Card],
            declined: list[Card]) -> float:
    if card.rank is None or card.rank == view.wild:
        return 1.0
    weight = 1.0
    for other in taken:
        if _related(card, other, view):
            weight *= TAKE
    for other in thrown:
        if _related(card, other, view):
            weight *= THROW
    for other in declined:
        if _related(card, other, view):
            weight *= DECLINE
    return min(8.0, max(0.05, weight))


def _related(card: Card, other: Card, view: View) -> bool:
    """Same rank, or same suit within two ranks (wilds relate to nothing here)."""
    if other.rank is None or other.rank == view.wild or card.rank is None:
        return False
    if card.rank == other.rank:
        return True
    return card.suit == other.suit and abs(card.rank - other.rank) <= 2
