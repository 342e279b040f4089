"""A hand's futures: the seat's own next draws played out, many times, to the round's end.

The evaluator (``bots.evaluate``) looks one draw ahead and extrapolates. Here a kept hand
is played on: each future is a sequence of draws from the cards the seat cannot see,
and at every draw the hand keeps what lowers its penalty most (``greedy.best_discard``).
Between two of the seat's draws the other seats may end the round with the chance
``ends[t]`` (``bots.ending``); the seat then has its final turn and holds its penalty.
If a draw lets the hand go out first, the seat scores 0 and the others keep what they
hold: worth ``-race`` points to the seat. A future's value is the expected result over
those endings; a hand's value is the mean over the same futures for every candidate
(common random numbers: the candidates' differences are far steadier than their values).

>>> from collections import Counter
>>> from threethirteen.cards import parse_cards
>>> from threethirteen.rules import Rules
>>> futures = Futures(None, Rules(players=2), Counter(parse_cards("4h 5h 9c")),
...                   random.Random(1), count=4, depth=3)
>>> futures.value(parse_cards("2h 3h Kd"), ends=[0.0, 0.0, 0.0], race=[5.0] * 3)
-5.0

Every future draws the 4h within three draws and goes out first, winning the race.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from threethirteen.bots.greedy import best_discard
from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.solver import deadwood


class Futures:
    """``count`` sequences of ``depth`` draws from ``unseen``, shared by every hand valued."""

    def __init__(self, wild: Rank | None, rules: Rules, unseen: Counter[Card],
                 rng: random.Random, *, count: int, depth: int) -> None:
        self.wild = wild
        self.rules = rules
        population = sorted(unseen.elements(), key=lambda card: card.code)
        depth = min(depth, len(population))
        self.draws = [rng.sample(population, depth) for _ in range(count)] if depth else []
        self._kept: dict[tuple[int, ...], tuple[int, Card]] = {}
        # with limits on wilds the solver reads each wild-rank card both ways
        self._split = wild is not None and (not rules.all_wild_melds
                                            or rules.max_wilds_per_meld is not None)
        self.solved = 0  # the work done: distinct hands solved, each weighed by ``cost``

    def _best(self, hand: list[Card]) -> tuple[int, Card]:
        key = tuple(sorted(card.code for card in hand))
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = best_discard(hand, self.wild, self.rules)
            self.solved += self.cost(key)
        return found

    def cost(self, codes: tuple[int, ...]) -> int:
        """A hand's share of the work: 1, doubled for each of (up to 4) wild-rank cards
        when the rules limit wilds, which the solver then reads as wild and as natural
        (random hands with one such card took 2.5 times as long as with none, with two
        5 to 9 times)."""
        if not self._split:
            return 1
        wilds = sum(1 for code in codes if Card.from_code(code).rank == self.wild)
        return 1 << min(wilds, 4)

    def batches(self, size: int) -> list[slice]:
        """The futures in consecutive groups of ``size`` (one group when there are none)."""
        return [slice(start, start + size) for start in range(0, len(self.draws), size)] \
            or [slice(None)]

    def value(self, hand: Sequence[Card], ends: Sequence[float], race: Sequence[float],
              first: Card | None = None, part: slice = slice(None)) -> float:
        """The mean over the futures (those in ``part``) of the seat's result after keeping
        ``hand`` (see the module text); ``ends[t]`` is the chance that the round ends
        before draw ``t`` (0 for a hand about to draw); ``first`` fixes the first draw (a
        card from the pile)."""
        if not self.draws and first is None:
            return float(self._penalty(hand))
        results = self.results(hand, ends, race, first, part)
        return sum(results) / len(results)

    def results(self, hand: Sequence[Card], ends: Sequence[float], race: Sequence[float],
                first: Card | None = None, part: slice = slice(None)) -> list[float]:
        """The seat's result in each future of ``part`` (as ``value``, one number a
        future; one for the pile's card alone when nothing is unseen)."""
        futures = self.draws[part] or [[]]  # nothing unseen: the pile's card is the one draw
        return [self._one(list(hand), draws, ends, race, first) for draws in futures]

    def _penalty(self, hand: Sequence[Card]) -> int:
        return deadwood(hand, wild=self.wild, rules=self.rules)

    def _one(self, hand: list[Card], draws: Sequence[Card], ends: Sequence[float],
             race: Sequence[float], first: Card | None) -> float:
        going = 1.0  # the chance that the round is still on before this draw
        result = 0.0
        cards = [first, *draws[:-1]] if first is not None else list(draws)
        steps = min(len(cards), len(ends))
        penalty = 0
        for step in range(steps):
            card = cards[step]
            penalty, thrown = self._best([*hand, card])
            end = ends[step]
            result += going * end * penalty  # the others went out: the final turn
            going *= 1.0 - end
            if penalty == 0:  # this draw goes out first
                return result - going * race[step]
            hand.append(card)
            hand.remove(thrown)
        return result + going * penalty
