"""The ``search`` and ``search-deep`` bots: Monte Carlo search over sampled hidden hands
(meant to become ``expert`` and ``master`` once stronger than ``expert-1``).

A decision is made in four steps, from the seat's view alone:

1. **Candidates.** The guide, ``ExpertBot`` (``expert-1``'s method, with more samples of
   the stock), scores every option by the seat's expected penalty at the round's end
   (``bots.evaluate``: the exact penalty now, one draw of lookahead, the chance that the
   round ends first). Its best few within ``margin`` points are kept. Going out is
   always played when the hand allows it.
2. **Determinizations.** ``samples`` deals of the hidden cards are drawn from the seat's
   ``Belief`` (``bots.sampling``): the cards opponents took from the pile and kept are
   in their hands, their other cards are dealt with weights inferred from what each one
   took, threw and declined, improved by ``practice`` greedy draws (a hand that has
   been played for some turns is better than a fresh deal), and the rest, shuffled, is
   the stock.
3. **Playouts.** Every candidate is played on every deal (the same deals for all:
   common random numbers), then every seat plays on with the greedy policy
   (``bots.playout``) for ``laps`` turns each, or to the round's end if sooner. With
   ``own_policy`` the seat's own turns are played by the evaluator instead
   (``bots.ownplay``), and its hand at the cut-off is valued by the evaluator.
4. **Choice.** A candidate's value on one deal is its **expected score difference**: the
   guide's expected penalty for the seat, minus the mean penalty of the other seats at
   the end of the playout (``own_playout`` > 0 mixes in the seat's own playout penalty).
   The guide's choice is played unless another candidate is better on the same deals by
   more than ``confidence`` standard errors of the paired difference.

An option's ``expected`` value (``explain``) is that value's mean over the deals, in
points: the seat's expected penalty minus the other seats' mean penalty, lower is better
(negative: the seat expects to score fewer points than its opponents). The difference
of two options' values is what one loses to the other, so ``expected(played) -
expected(best)`` is what a decision cost.

Everything is drawn from the ``rng`` given to ``choose``/``explain`` (no clock): the same
view and rng give the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.actions import Action, Discard, Draw
from threethirteen.bots.expert import ExpertBot, Option, is_out
from threethirteen.bots.greedy import going_out
from threethirteen.bots.ownplay import OwnPolicy
from threethirteen.bots.playout import Table, mean_others, play_out
from threethirteen.bots.sampling import belief
from threethirteen.outs import go_out_cards
from threethirteen.view import Phase, View

__all__ = ["MASTER", "RACING", "STANDARD", "Budget", "Option", "SearchBot"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """How much a ``SearchBot`` searches per decision (deterministic: no clock)."""

    work: int  # simulated turns per decision, shared by the candidates
    min_samples: int  # deals per candidate, whatever the work
    max_samples: int  # deals per candidate at most
    width: int  # candidates searched (the guide's best)
    margin: float  # a candidate the guide scores this much worse than its best is dropped
    laps: int  # turns of each seat in a playout before the cut-off
    own_playout: float = 0.0  # weight of the playouts' own penalty beside the guide's
    practice: int = 0  # extra cards each sampled opponent hand is improved with
    confidence: float = 0.0  # z: leave the guide's choice only when this sure of better
    guide_samples: int = 8  # the guide's samples of the stock (``ExpertBot.stock_samples``)
    guide_candidates: int = 4  # discards the guide scores in full (``candidates``)
    guide_race: float = 0.0  # the guide's ``race`` (0: ``expert-1``'s evaluator)
    own_policy: bool = False  # the seat's own playout turns by the evaluator (``ownplay``)
    own_samples: int = 0  # its stock samples for a draw (0: one draw deep, ``ownplay``)
    own_candidates: int = 2  # its discards valued in full


STANDARD = Budget(work=600, min_samples=12, max_samples=48, width=3, margin=8.0, laps=2,
                  practice=2, confidence=2.0, guide_samples=12, guide_candidates=5)
# ``search-2``: STANDARD guided by ``expert-2``'s evaluator (race 0.5)
RACING = Budget(work=600, min_samples=12, max_samples=48, width=3, margin=8.0, laps=2,
                practice=2, confidence=2.0, guide_samples=12, guide_candidates=5,
                guide_race=0.5)
MASTER = Budget(work=5000, min_samples=32, max_samples=120, width=5, margin=12.0, laps=3,
                practice=3, confidence=2.0, guide_samples=20, guide_candidates=6)


class SearchBot:
    """Determinized Monte Carlo search on top of the ``expert-1`` evaluator (module text)."""

    def __init__(self, *, name: str = "search", budget: Budget = STANDARD) -> None:
        self.name = name
        self.budget = budget
        self.guide = ExpertBot(name=f"{name}-guide", stock_samples=budget.guide_samples,
                               candidates=budget.guide_candidates, race=budget.guide_race)

    def choose(self, view: View, rng: random.Random) -> Action:
        """The best action for ``view``."""
        _check(view)
        out = going_out(view)
        if out is not None:
            return out
        seed = rng.getrandbits(64)
        candidates = self._candidates(view, seed, every_option=False)
        if len(candidates) == 1:
            return candidates[0].action
        options, values = self._playouts(view, candidates, seed)
        return options[self._pick(values)].action

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> list[Option]:
        """The options with their expected values, best first.

        ``expected`` is the expected score difference at the round's end, in points: the
        seat's expected penalty minus the mean penalty of the other seats (see the module
        text; a false announcement adds its penalty). Lower is better, and
        ``expected(played) - expected(best)`` is the points a decision lost. Going out
        comes first when the hand allows it (``choose`` always plays it). With
        ``every_option`` every legal action is searched, else the guide's best few.
        """
        _check(view)
        seed = rng.getrandbits(64)
        candidates = self._candidates(view, seed, every_option)
        options, _ = self._playouts(view, candidates, seed)
        return sorted(options, key=lambda option: (not _true_out(option.action, view),
                                                   option.expected))

    # -- candidates ------------------------------------------------------------------

    def _candidates(self, view: View, seed: int, every_option: bool) -> list[Option]:
        """The actions to search, each with the guide's expected penalty."""
        options = self.guide.explain(view, random.Random(seed), every_option=every_option)
        if every_option:
            scored = {option.action: option.expected for option in options}
            worst = max(scored.values(), default=0.0)
            return [Option(action, scored.get(action, worst)) for action in
                    dict.fromkeys(view.legal)]
        options = [option for option in options if not is_out(option.action)]
        best = min(option.expected for option in options)
        kept = [option for option in options if option.expected <= best + self.budget.margin]
        return kept[: self.budget.width]

    # -- search ----------------------------------------------------------------------

    def samples_for(self, view: View, candidates: int) -> int:
        """Deals per candidate: the work shared out, by the turns one playout takes."""
        players = len(view.seats)
        turns = self.budget.laps * players + 1
        if view.out is not None:
            turns = min(turns, view.final_turns_left + 1)
        samples = self.budget.work // max(1, turns * candidates)
        return max(self.budget.min_samples, min(self.budget.max_samples, samples))

    def _pick(self, values: list[list[float]]) -> int:
        """The candidate to play: the guide's choice (the first) unless another one is
        better on the same deals by more than ``confidence`` standard errors."""
        samples = len(values[0])
        best, best_mean = 0, 0.0
        for index in range(1, len(values)):
            gaps = [mine - first for mine, first in zip(values[index], values[0], strict=True)]
            mean = sum(gaps) / samples
            spread = sum((gap - mean) ** 2 for gap in gaps) / max(1, samples - 1)
            error = (spread / samples) ** 0.5
            if mean + self.budget.confidence * error < 0 and mean < best_mean:
                best, best_mean = index, mean
        return best

    def _playouts(self, view: View, guided: Sequence[Option], seed: int
                  ) -> tuple[list[Option], list[list[float]]]:
        """Each candidate's option (its mean value) and its value on every deal."""
        assert view.seat is not None
        seat = view.seat
        candidates = [option.action for option in guided]
        known = belief(view)
        master = random.Random(seed ^ 0x5EA2C4)
        limit = self.budget.laps * len(view.seats) + 1
        weight = self.budget.own_playout
        values: list[list[float]] = [[] for _ in candidates]
        own = (OwnPolicy(view, samples=self.budget.own_samples,
                         candidates=self.budget.own_candidates)
               if self.budget.own_policy else None)
        samples = self.samples_for(view, len(candidates))
        for _ in range(samples):
            deal_seed = master.getrandbits(64)
            start = Table.from_view(view, known.sample(random.Random(deal_seed),
                                                      self.budget.practice))
            start.prime()
            for index, action in enumerate(candidates):
                table = start.copy()
                chance = random.Random(deal_seed + 1)
                extra, going_on = _apply(table, action, chance)
                penalties = (play_out(table, chance, limit, own) if going_on
                             else table.penalties())
                mine = own.leaf(table) if own is not None else float(penalties[seat])
                values[index].append((1.0 - weight) * guided[index].expected
                                     + weight * mine + extra - mean_others(penalties, seat))
        options = [Option(option.action, sum(found) / samples)
                   for option, found in zip(guided, values, strict=True)]
        return options, values


def _apply(table: Table, action: Action, rng: random.Random) -> tuple[int, bool]:
    """Play the seat's own action on ``table``: the points a false announcement costs,
    and whether the round goes on."""
    if isinstance(action, Draw):
        table.draw(action.source)
        return 0, True
    hand = table.hands[table.order[table.turn]]
    out = action.out and action.card in go_out_cards(hand, wild=table.wild, rules=table.rules)
    extra = table.rules.false_out_penalty if action.out and not out else 0
    return extra, table.discard(action.card, out, rng)


def _check(view: View) -> None:
    if view.seat is None or view.hand is None or not view.legal or view.phase is Phase.OVER:
        raise ValueError("the search bot can only advise a seat whose turn it is")


def _true_out(action: Action, view: View) -> bool:
    """A going-out announcement the hand makes good."""
    return (is_out(action) and view.hand is not None and isinstance(action, Discard)
            and action.card in go_out_cards(view.hand, wild=view.wild, rules=view.rules))
