"""The ``futures`` bot: the expert's card tracking and round's end, with every option
valued by playing the seat's own hand on, many times, to the round's end
(``bots.futures``), racing the other seats to go out.

* **Options.** Drawing from the stock, taking the top card (its first draw fixed), and
  the ``choices`` discards that leave the lowest penalty; going out whenever it can,
  with the card the next seat's sampled hands use least on their final turn
  (``out_samples`` deals: ``bots.outcard``).
* **Futures.** ``count`` sequences of ``depth`` draws from the unseen cards
  (``tracking``), the same for every option. The round ends before each of the seat's
  next draws with the opponents' chance of going out by then (``ExpertBot.ending_chances``,
  by hand size: ``ending.HAZARD_BY_SIZE``), weighed by the scores as the expert does.
* **The race.** Going out first is worth ``race`` times the penalty the other seats
  hold now (sampled from the seat's ``Belief``, as ``expert-2`` does), ``decay`` less for
  every turn later, since they improve their hands meanwhile.
* **Defence** as the expert's: a card the next seat is known to collect costs extra.
* Its final turn (someone is out) is the expert's exact choice.
* **Work.** With ``work``, every option is valued on ``BATCH`` futures at a time, and
  no more batches follow once ``work`` distinct hands have been solved, a hand counted
  twice for each card of the wild rank when the rules limit wilds (``Futures.cost``):
  hands that are slow to solve get fewer futures, and the decision's time is capped.
* **Sure.** With ``most``, ``count`` futures at a time are valued for every option until
  the best leads every other by ``sure`` standard errors of their paired difference, or
  ``most`` futures are valued (or ``work`` is spent): more futures only where the choice
  is close.

It reads only the seat's view and its ``rng``: the same view and rng give the same
decision, whatever the hidden cards are.
"""

from __future__ import annotations

import math
import random
import statistics

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.expert import ExpertBot, Option, is_out
from threethirteen.bots.futures import Futures
from threethirteen.bots.outcard import out_card
from threethirteen.cards import Card
from threethirteen.view import Phase, View

# An option's hand, its chances of the round ending, its race values, the first draw it
# fixes (a pile card) and the extra cost of its discard (defence).
Valuation = tuple[list[Card], list[float], list[float], Card | None, float]
BATCH = 8  # futures valued for every option before the work done is checked


class FuturesBot(ExpertBot):
    """Options valued by the seat's own futures (see the module text)."""

    def __init__(self, *, name: str = "futures", count: int = 32, depth: int = 10,
                 choices: int = 5, race: float = 1.0, decay: float = 0.9,
                 by_size: bool = True, work: int | None = None, practice: int = 2,
                 hazard_scale: float = 1.0, defence: float = 1.0,
                 score_aware: bool = True, out_samples: int = 16, most: int | None = None,
                 sure: float = 2.0) -> None:
        super().__init__(name=name, race=race, practice=practice, hazard_scale=hazard_scale,
                         defence=defence, score_aware=score_aware)
        self.count = count
        self.depth = depth
        self.choices = choices
        self.decay = decay
        self.by_size = by_size
        self.work = work
        self.out_samples = out_samples
        self.most = most
        self.sure = sure
        self.final = ExpertBot(name=name)  # no race: somebody is out already

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> list[Option]:
        """The legal options with their values (the expected penalty, less the race's
        gain), best first."""
        if view.seat is None or view.hand is None or not view.legal:
            raise ValueError("the futures bot can only advise a seat whose turn it is")
        if view.out is not None:  # the final turn: the expert's exact penalties
            return self.final.explain(view, rng, every_option)
        tracking = self.tracking(view)
        held = self.others_penalty(view, rng) if self.race else 0.0
        races = [self.race * held * self.decay ** ahead for ahead in range(self.depth + 1)]
        futures = Futures(view.wild, view.rules, tracking.unseen,
                          random.Random(rng.getrandbits(64)),
                          count=max(self.count, self.most or 0), depth=self.depth)
        size = len(view.hand) - (1 if view.phase is Phase.DISCARD else 0)
        ends = self.ending_chances(view, tracking, turns_ahead=self.depth,
                                   size=size if self.by_size else None)
        hand = list(view.hand)
        fixed: list[Option] = []  # going out: valued without futures
        valued: list[tuple[Action, Valuation]] = []
        if view.phase is Phase.DRAW:
            drawing = [0.0, *ends]  # nobody plays between now and this draw
            valued.append((Draw(view.seat, Source.STOCK), (hand, drawing, races, None, 0.0)))
            top = view.top
            if top is not None and Draw(view.seat, Source.DISCARD) in view.legal:
                valued.append((Draw(view.seat, Source.DISCARD),
                               (hand, drawing, races, top, 0.0)))
        else:
            out = out_card(view, rng, self.out_samples)
            if out is not None:
                fixed.append(Option(out, float(view.rules.out_bonus) - races[0]))
            ranked = Evaluator(view.wild, view.rules, tracking.unseen).ranked(hand)
            danger = self._danger(view, tracking)
            for _, card in ranked if every_option else ranked[: self.choices]:
                extra = danger.get(card, 0.0) * (1.0 - ends[0]) * self.defence
                valued.append((Discard(view.seat, card),
                               (without(hand, card), ends, races[1:], None, extra)))
        values = self._values(futures, [valuation for _, valuation in valued])
        options = fixed + [Option(action, value)
                           for (action, _), value in zip(valued, values, strict=True)]
        return sorted(options, key=lambda option: (not is_out(option.action), option.expected))

    def _values(self, futures: Futures, valuations: list[Valuation]) -> list[float]:
        """Each valuation's mean over the futures. With ``work``, ``BATCH`` futures at a
        time for all of them, stopping after a batch once ``work`` distinct hands have
        been solved (``Futures.cost``): the same futures for every option, and the same
        view and rng give the same stop."""
        if self.most is not None and futures.draws:
            return self._values_until_sure(futures, valuations)
        if self.work is None:
            return [futures.value(hand, ends, races, first) + extra
                    for hand, ends, races, first, extra in valuations]
        totals = [0.0] * len(valuations)
        weight = 0
        for part in futures.batches(BATCH):
            share = len(futures.draws[part]) or 1
            for index, (hand, ends, races, first, _) in enumerate(valuations):
                totals[index] += share * futures.value(hand, ends, races, first, part)
            weight += share
            if futures.solved >= self.work:
                break
        return [total / weight + valuation[4]
                for total, valuation in zip(totals, valuations, strict=True)]

    def _values_until_sure(self, futures: Futures, valuations: list[Valuation]) -> list[float]:
        """Each valuation's mean over ``count`` futures at a time, the same for all, until
        every other option is worse than the best by ``sure`` standard errors of their
        paired difference, ``most`` futures are valued, or ``work`` is spent."""
        results: list[list[float]] = [[] for _ in valuations]
        start = 0
        while start < len(futures.draws):
            part = slice(start, start + self.count)
            for index, (hand, ends, races, first, _) in enumerate(valuations):
                results[index] += futures.results(hand, ends, races, first, part)
            start = part.stop
            if self._settled(results, [valuation[4] for valuation in valuations]) or (
                    self.work is not None and futures.solved >= self.work):
                break
        return [sum(values) / len(values) + valuation[4]
                for values, valuation in zip(results, valuations, strict=True)]

    def _settled(self, results: list[list[float]], extras: list[float]) -> bool:
        """Whether the option with the least mean is better than every other by ``sure``
        standard errors of the paired difference over the futures."""
        means = [sum(values) / len(values) + extra
                 for values, extra in zip(results, extras, strict=True)]
        best = means.index(min(means))
        count = len(results[best])
        for index, values in enumerate(results):
            if index == best:
                continue
            differences = [mine - theirs for mine, theirs in zip(values, results[best],
                                                                 strict=True)]
            mean = means[index] - means[best]
            spread = statistics.stdev(differences) if count > 1 else 0.0
            if mean < self.sure * spread / math.sqrt(count):
                return False
        return True
