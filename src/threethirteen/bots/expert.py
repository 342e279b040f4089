"""The ``expert`` bot: card tracking, a one-draw lookahead and the chance the round ends.

Every choice is scored by the seat's expected penalty at the end of the round
(``Evaluator.value``), from what the seat can see:

* **Card tracking** (``tracking.track``): the unseen cards are the pack minus its hand,
  the discard pile and the cards opponents took from the pile and still hold.
* **Beyond the next draw**: ``horizon`` extends the lookahead's gain to later draws,
  weighed by the same chance of the round ending first.
* **The round's end**: the chance that it ends before the seat plays again comes from
  whoever is out, the stock left, and how likely each opponent is to go out on a turn
  by now (``HAZARD``, measured in self-play). A seat well ahead in a late round plays
  for the penalty it holds; a seat behind plays for its chances.
* **Draws**: taking the top card is scored exactly, drawing from the stock by averaging
  over the unseen cards (sampled among those that can meld with the hand).
* **Discards**: the most promising discards are scored with the lookahead; a card the
  next seat is known to collect costs extra (``defence``).
* It always goes out when it can.

``explain`` gives every option with its expected penalty, for hints and analysis.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.evaluate import Evaluator, ranked_discards, without
from threethirteen.bots.greedy import going_out
from threethirteen.bots.tracking import Tracking, track
from threethirteen.cards import Card
from threethirteen.rules import StockEmpty
from threethirteen.view import Phase, View

# Chance that a player goes out on a turn, by the turns they have taken this round
# (measured with `bench/hazard.py`); the first round's three-card hands go out faster.
HAZARD = (0.02, 0.05, 0.08, 0.10, 0.12, 0.14, 0.17, 0.20)
HAZARD_FIRST_ROUND = 0.17


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action with the seat's expected penalty at the end of the round."""

    action: Action
    expected: float

    def __str__(self) -> str:
        return f"{self.action} (expected {self.expected:.1f})"


class ExpertBot:
    """The strongest built-in player (see the module text)."""

    def __init__(
        self, *, name: str = "expert", stock_samples: int = 8, candidates: int = 4,
        defence: float = 1.0, score_aware: bool = True, hazard_scale: float = 1.0,
        horizon: float = 0.7,
    ) -> None:
        self.name = name
        self.hazard_scale = hazard_scale
        self.horizon = horizon
        self.stock_samples = stock_samples
        self.candidates = candidates
        self.defence = defence
        self.score_aware = score_aware

    def choose(self, view: View, rng: random.Random) -> Action:
        """The best action for ``view``."""
        return self.explain(view, rng, every_option=False)[0].action

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> list[Option]:
        """The legal options with their expected penalties, best first."""
        if view.seat is None or view.hand is None or not view.legal:
            raise ValueError("the expert can only advise a seat whose turn it is")
        tracking = track(view)
        evaluator = Evaluator(view.wild, view.rules, tracking.unseen, horizon=self.horizon)
        ending = self.ending_chance(view, tracking)
        if view.phase is Phase.DRAW:
            options = self._draws(view, evaluator, ending, rng)
        else:
            options = self._discards(view, tracking, evaluator, ending, every_option)
        return sorted(options, key=lambda option: (not _is_out(option.action), option.expected))

    # -- the round's end -------------------------------------------------------------

    def ending_chance(self, view: View, tracking: Tracking) -> float:
        """The chance that the round ends before this seat's next turn."""
        if view.out is not None:
            return 1.0
        players = len(view.seats)
        last_stock = (
            view.rules.stock_empty is StockEmpty.END_ROUND or view.reshuffled
        )
        draws_left = view.stock_size - (1 if view.phase is Phase.DRAW else 0)
        if last_stock and draws_left < players:
            return 1.0
        turns = _turns_taken(view)
        survive = 1.0
        for seat in view.seats:
            if seat == view.seat:
                continue
            if view.round_number == 1:
                hazard = HAZARD_FIRST_ROUND
            else:
                hazard = HAZARD[min(turns.get(seat, 0), len(HAZARD) - 1)]
            hazard *= self.hazard_scale * (1.0 + 0.15 * len(tracking.held.get(seat, ())))
            hazard = min(0.6, hazard)
            survive *= 1.0 - hazard
        ending = 1.0 - survive
        return self._score_adjusted(view, ending) if self.score_aware else ending

    @staticmethod
    def _score_adjusted(view: View, ending: float) -> float:
        """Weigh the held penalty more when well ahead late, less when well behind."""
        assert view.seat is not None
        totals = view.totals
        if not view.results or len(totals) < 2:
            return ending
        others = [total for seat, total in enumerate(totals) if seat != view.seat]
        lead = min(others) - totals[view.seat]
        rounds_left = max(1, view.rules.rounds - view.round_number + 1)
        pressure = max(-0.5, min(0.5, lead / (25.0 * rounds_left)))
        if pressure > 0:
            return ending + (1.0 - ending) * pressure
        return ending * (1.0 + pressure)

    # -- draws -----------------------------------------------------------------------

    def _draws(
        self, view: View, evaluator: Evaluator, ending: float, rng: random.Random
    ) -> list[Option]:
        assert view.seat is not None and view.hand is not None
        hand = list(view.hand)
        options = [Option(Draw(view.seat, Source.STOCK),
                          self._stock_value(hand, evaluator, ending, rng))]
        top = view.top
        if top is not None and Draw(view.seat, Source.DISCARD) in view.legal:
            options.append(Option(Draw(view.seat, Source.DISCARD),
                                  self._best_keep([*hand, top], evaluator, ending)))
        return options

    def _best_keep(self, hand: list[Card], evaluator: Evaluator, ending: float) -> float:
        """The expected penalty after the best discard from ``hand`` (0 when it goes out)."""
        if evaluator.goes_out(hand):
            return 0.0
        ranked = self._ranked_discards(hand, evaluator)
        return min(evaluator.value(without(hand, card), ending)
                   for _, card in ranked[: self.candidates])

    def _stock_value(
        self, hand: list[Card], evaluator: Evaluator, ending: float, rng: random.Random
    ) -> float:
        """The expected penalty after drawing from the stock and the best discard.

        A card that cannot meld with the hand is kept only to replace the dearest
        unmelded card; the cards that can meld are sampled and scored in full.
        """
        unseen = evaluator.unseen
        if not evaluator.unseen_total:
            return evaluator.value(hand, ending)
        hold = evaluator.value(hand, ending)
        dearest = evaluator.dearest(hand)
        meldable = evaluator.meldable_with(hand)
        expected = 0.0
        population: list[Card] = []
        for card, count in unseen.items():
            if card in meldable:
                population += [card] * count
            else:
                expected += count * (hold - max(0, dearest - evaluator.points(card)))
        if population:
            picks = rng.sample(population, min(self.stock_samples, len(population)))
            sampled = sum(self._best_keep([*hand, card], evaluator, ending) for card in picks)
            expected += len(population) * sampled / len(picks)
        return expected / evaluator.unseen_total

    # -- discards --------------------------------------------------------------------

    @staticmethod
    def _ranked_discards(hand: list[Card], evaluator: Evaluator) -> list[tuple[int, Card]]:
        """Distinct discards by the penalty they leave, then the dearer card first."""
        return ranked_discards(hand, evaluator.penalty, evaluator.points)

    def _discards(
        self, view: View, tracking: Tracking, evaluator: Evaluator, ending: float,
        every_option: bool,
    ) -> list[Option]:
        assert view.seat is not None and view.hand is not None
        out = going_out(view)
        hand = list(view.hand)
        ranked = self._ranked_discards(hand, evaluator)
        scored = ranked if every_option else ranked[: self.candidates]
        options = []
        if out is not None:
            options.append(Option(out, float(view.rules.out_bonus)))
        danger = self._danger(view, tracking)
        for _, card in scored:
            expected = evaluator.value(without(hand, card), ending)
            expected += danger.get(card, 0.0) * (1.0 - ending) * self.defence
            options.append(Option(Discard(view.seat, card), expected))
        return options

    @staticmethod
    def _danger(view: View, tracking: Tracking) -> dict[Card, float]:
        """Extra cost of handing a card to the next seat, which is known to collect it."""
        assert view.seat is not None and view.hand is not None
        order = list(view.seats)
        following = order[(order.index(view.seat) + 1) % len(order)]
        wanted = tracking.held.get(following)
        danger: dict[Card, float] = {}
        for card in set(view.hand):
            if card.rank is None or card.rank == view.wild:
                danger[card] = 6.0
                continue
            cost = 0.0
            for other in wanted or ():
                if other.rank == card.rank:
                    cost += 3.0
                elif other.suit == card.suit and other.rank is not None and abs(
                    other.rank - card.rank
                ) <= 2:
                    cost += 2.0
            if cost:
                danger[card] = cost
        return danger


def _is_out(action: Action) -> bool:
    return isinstance(action, Discard) and action.out


def _turns_taken(view: View) -> dict[int, int]:
    """Turns each seat has finished this round (its discards)."""
    counts: dict[int, int] = {}
    for action in view.actions:
        if isinstance(action, Discard):
            counts[action.seat] = counts.get(action.seat, 0) + 1
    return counts
