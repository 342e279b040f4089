"""How good a hand is to hold: its penalty now, and what one more draw is expected to make
of it, weighed by the chance that the round ends first.

``value = p * D0 + (1 - p) * D1`` where D0 is the exact penalty of the hand, D1 the
expected best penalty after drawing one unseen card and discarding one, and p the chance
that the round ends before the seat's next turn. Cards that cannot meld with the hand
are scored by a value swap (draw a low card, throw the dearest unmelded one); the others
go through the exact solver.

With ``race`` (R, the points the other seats are expected to hold when this seat goes
out), ``value`` subtracts ``(1 - p) * q * R``, q being the chance that the next draw
lets the hand go out (``out_next``): the gain of going out first, not only of holding
few points. A hand melded whole (it goes out next turn) is worth ``-(1 - p) * R``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from threethirteen.cards import Card, Rank
from threethirteen.rules import Ace, Rules
from threethirteen.scoring import card_points
from threethirteen.solver import arrange, go_out_discards

HandKey = tuple[int, ...]


class Evaluator:
    """Hand values for one seat at one decision, memoised for that decision."""

    def __init__(
        self, wild: Rank | None, rules: Rules, unseen: Counter[Card], horizon: float = 0.0,
        race: float = 0.0,
    ) -> None:
        self.horizon = horizon
        self.race = race
        self.wild = wild
        self.rules = rules
        self.unseen = unseen
        self.unseen_total = sum(unseen.values())
        self._arranged: dict[HandKey, tuple[int, int]] = {}
        self._lookahead: dict[HandKey, float] = {}
        self._out_next: dict[HandKey, float] = {}
        self._kept: dict[HandKey, int] = {}
        self._out: dict[HandKey, bool] = {}

    def points(self, card: Card) -> int:
        """The card's penalty this round."""
        return card_points(card, self.wild, self.rules)

    def is_wild(self, card: Card) -> bool:
        """True for jokers and cards of the wild rank."""
        return card.rank is None or card.rank == self.wild

    def penalty(self, hand: Sequence[Card]) -> int:
        """D0: the exact least penalty of ``hand``."""
        return self._solve(hand)[0]

    def _solve(self, hand: Sequence[Card]) -> tuple[int, int]:
        """(least penalty, points of the dearest unmelded card) of ``hand``."""
        key = tuple(sorted(card.code for card in hand))
        found = self._arranged.get(key)
        if found is None:
            result = arrange(hand, wild=self.wild, rules=self.rules)
            dearest = max((self.points(card) for card in result.unmelded), default=0)
            found = self._arranged[key] = (result.deadwood, dearest)
        return found

    def dearest(self, hand: Sequence[Card]) -> int:
        """Points of the dearest card left unmelded by the best arrangement (0 if none)."""
        return self._solve(hand)[1]

    def after_draw(self, hand: Sequence[Card], card: Card) -> int:
        """The least penalty of ``hand`` plus ``card`` after the best discard (0: going out)."""
        return self.after_discard([*hand, card])

    def after_discard(self, hand: Sequence[Card]) -> int:
        """The least penalty ``hand`` can keep after one discard (0: going out).

        When the best arrangement leaves a card with points unmelded, the best discard is
        read off it: its dearest unmelded card (never better than the truth; it may miss
        a discard of a melded card that does better). A hand whose every card melds is
        solved once per distinct discard: it goes out only if some discard leaves the
        rest melded, and a hand melded exactly (two sets of three) breaks a meld whatever
        it throws.
        """
        penalty, dearest = self._solve(hand)
        if penalty:
            return penalty - dearest
        key = tuple(sorted(card.code for card in hand))
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = min(self.penalty(without(hand, card)) for card in set(hand))
        return found

    def goes_out(self, hand: Sequence[Card]) -> bool:
        """True when some discard from ``hand`` leaves the rest melded completely."""
        key = tuple(sorted(card.code for card in hand))
        found = self._out.get(key)
        if found is None:
            found = self._out[key] = bool(go_out_discards(hand, wild=self.wild, rules=self.rules))
        return found

    def lookahead(self, hand: Sequence[Card]) -> float:
        """D1: the expected least penalty after one draw from the unseen cards and a discard."""
        key = tuple(sorted(card.code for card in hand))
        found = self._lookahead.get(key)
        if found is not None:
            return found
        if not self.unseen_total:
            return float(self.penalty(hand))
        base, dearest = self._solve(hand)
        near = self.meldable_with(hand)
        total = 0.0
        outs = 0
        for card, count in self.unseen.items():
            if card in near:
                after = self.after_draw(hand, card)
                total += count * after
                outs += count if after == 0 else 0
            else:
                total += count * (base - max(0, dearest - self.points(card)))
        self._out_next[key] = outs / self.unseen_total
        found = self._lookahead[key] = total / self.unseen_total
        return found

    def out_next(self, hand: Sequence[Card]) -> float:
        """The chance that one draw from the unseen cards lets ``hand`` go out (about: a
        hand melded after its discard, with the discard still to come)."""
        key = tuple(sorted(card.code for card in hand))
        if key not in self._out_next:
            if not self.unseen_total:
                return 0.0
            self.lookahead(hand)
        return self._out_next[key]

    def value(self, hand: Sequence[Card], ending: float) -> float:
        """Expected penalty of holding ``hand`` when the round ends first with chance ``ending``."""
        now = self.penalty(hand)
        if ending >= 1.0:
            return float(now)
        if now == 0:  # melded: it goes out on its next turn, unless the round ends first
            return -(1.0 - ending) * self.race if self.race else 0.0
        later = self.lookahead(hand)
        if self.horizon:  # the draws after the next one, extrapolated from its gain
            beyond = max(0.0, later - self.horizon * (now - later))
            later = ending * later + (1.0 - ending) * beyond
        value = ending * now + (1.0 - ending) * later
        if self.race:  # going out next turn also costs the others their penalty
            value -= (1.0 - ending) * self.out_next(hand) * self.race
        return value

    def ranked(self, hand: Sequence[Card]) -> list[tuple[int, Card]]:
        """Distinct discards by the penalty they leave, then the dearer card first."""
        return ranked_discards(hand, self.penalty, self.points)

    def best_keep(self, hand: Sequence[Card], ending: float, *, candidates: int,
                  out_value: float = 0.0) -> float:
        """The expected penalty after the best discard from ``hand`` (``out_value`` when
        it goes out), the ``candidates`` most promising discards valued in full."""
        if self.goes_out(hand):
            return out_value
        return min(self.value(without(hand, card), ending)
                   for _, card in self.ranked(hand)[:candidates])

    def stock_value(self, hand: Sequence[Card], ending: float, rng: random.Random, *,
                    samples: int, candidates: int, out_value: float = 0.0) -> float:
        """The expected penalty after a draw from the stock and the best discard.

        A card that cannot meld with the hand is kept only to replace its dearest unmelded
        card; ``samples`` of the cards that can meld are drawn and scored by ``best_keep``.
        """
        if not self.unseen_total:
            return self.value(hand, ending)
        hold = self.value(hand, ending)
        dearest = self.dearest(hand)
        meldable = self.meldable_with(hand)
        expected = 0.0
        population: list[Card] = []
        for card, count in self.unseen.items():
            if card in meldable:
                population += [card] * count
            else:
                expected += count * (hold - max(0, dearest - self.points(card)))
        if population:
            picks = rng.sample(population, min(samples, len(population)))
            sampled = sum(self.best_keep([*hand, card], ending, candidates=candidates,
                                         out_value=out_value) for card in picks)
            expected += len(population) * sampled / len(picks)
        return expected / self.unseen_total

    def meldable_with(self, hand: Sequence[Card]) -> set[Card]:
        """Unseen cards that could change how ``hand`` melds (all of them, given two wilds)."""
        wilds = sum(1 for card in hand if self.is_wild(card))
        if wilds >= 2:
            return set(self.unseen)
        reach = 2 + wilds
        naturals = [card for card in hand if not self.is_wild(card)]
        return {
            card for card in self.unseen
            if self.is_wild(card) or any(_close(card, other, reach, self.rules.ace)
                                         for other in naturals)
        }


def _close(card: Card, other: Card, reach: int, ace: Ace) -> bool:
    """Same rank, or same suit within ``reach`` ranks (ace placement allowed by ``ace``)."""
    if card.rank is None or other.rank is None:
        return True
    if card.rank == other.rank:
        return True
    if card.suit != other.suit:
        return False
    gap = abs(card.rank - other.rank)
    if ace is Ace.WRAP:
        gap = min(gap, 13 - gap)
    elif ace is not Ace.LOW and 1 in (card.rank, other.rank):
        gap = min(gap, 14 - max(card.rank, other.rank))
    return gap <= reach


def without(hand: Iterable[Card], card: Card) -> list[Card]:
    """``hand`` with one copy of ``card`` taken out."""
    rest = list(hand)
    rest.remove(card)
    return rest


def ranked_discards(
    hand: Sequence[Card], penalty: Callable[[list[Card]], int], points: Callable[[Card], int]
) -> list[tuple[int, Card]]:
    """Each distinct discard with the penalty it leaves: lowest first, the dearer card on ties."""
    ranked = [(penalty(without(hand, card)), card) for card in set(hand)]
    ranked.sort(key=lambda item: (item[0], -points(item[1]), item[1].code))
    return ranked
