"""The ``expert`` bots: card tracking, a one-draw lookahead, the chance the round ends,
and the race to go out first.

Every choice is scored by the seat's expected penalty at the end of the round
(``Evaluator.value``), from what the seat can see:

* **Card tracking** (``tracking.track``): the unseen cards are the pack minus its hand,
  the discard pile and the cards opponents took from the pile and still hold.
* **Beyond the next draw**: ``horizon`` extends the lookahead's gain to later draws,
  weighed by the same chance of the round ending first.
* **The round's end**: the chance that it ends before the seat plays again comes from
  whoever is out, the stock left, and how likely each opponent is to go out on a turn
  by now (``bots.ending``, measured in self-play). A seat well ahead in a late round plays
  for the penalty it holds; a seat behind plays for its chances.
* **Draws**: taking the top card is scored exactly, drawing from the stock by averaging
  over the unseen cards (sampled among those that can meld with the hand).
* **Discards**: the most promising discards are scored with the lookahead; a card the
  next seat is known to collect costs extra (``defence``).
* **The race** (``race`` > 0, the ``expert`` level; 0 for ``expert-1`` and ``medium``):
  a seat that goes out scores 0 and leaves every other seat its penalty, so a hand's
  chance of going out on its next draw is also worth ``race`` times the mean penalty
  the other seats hold now (``others_penalty``: the hidden hands dealt ``race_samples``
  times from the seat's ``Belief``, ``bots.sampling``). Values are then the expected
  penalty minus that gain: a difference to the others, which can be negative.
* It always goes out when it can.

``explain`` gives every option with its expected penalty, for hints and analysis.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.ending import ending_chance, hazard, score_adjusted
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.greedy import going_out
from threethirteen.bots.sampling import belief
from threethirteen.bots.tracking import Tracking, track
from threethirteen.cards import Card
from threethirteen.rules import StockEmpty
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View


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
        horizon: float = 0.7, race: float = 0.0, race_samples: int = 6, practice: int = 2,
    ) -> None:
        self.name = name
        self.race = race
        self.race_samples = race_samples
        self.practice = practice
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
        tracking = self.tracking(view)
        race = self.race * self.others_penalty(view, rng) if self.race else 0.0
        evaluator = Evaluator(view.wild, view.rules, tracking.unseen, horizon=self.horizon,
                              race=race)
        ending = self.ending_chance(view, tracking)
        if view.phase is Phase.DRAW:
            options = self._draws(view, evaluator, ending, rng)
        else:
            options = self._discards(view, tracking, evaluator, ending, every_option)
        return sorted(options, key=lambda option: (not is_out(option.action), option.expected))

    def tracking(self, view: View) -> Tracking:
        """What the seat knows of the cards it cannot see (``tracking.track``)."""
        return track(view)

    # -- the round's end -------------------------------------------------------------

    def ending_chance(self, view: View, tracking: Tracking) -> float:
        """The chance that the round ends before this seat's next turn (``bots.ending``)."""
        if view.out is not None:
            return 1.0
        return self.ending_chances(view, tracking, turns_ahead=1)[0]

    def ending_chances(self, view: View, tracking: Tracking, *, turns_ahead: int,
                       size: int | None = None) -> list[float]:
        """For each of the seat's next ``turns_ahead`` turns, the chance that the round
        ends before it, given that it did not end before the turn earlier (the opponents'
        hazards read by hand ``size`` when given: ``ending.HAZARD_BY_SIZE``)."""
        players = len(view.seats)
        last_stock = is_last_stock(view)
        draws_left = view.stock_size - (1 if view.phase is Phase.DRAW else 0)
        turns = turns_taken(view)
        chances = []
        for ahead in range(turns_ahead):
            if last_stock and draws_left - ahead * players < players:
                chances.append(1.0)
                continue
            ending = ending_chance(
                hazard(round_number=view.round_number, turns=turns.get(seat, 0) + ahead,
                       held=len(tracking.held.get(seat, ())), scale=self.hazard_scale,
                       size=size)
                for seat in view.seats if seat != view.seat)
            chances.append(score_adjusted(view, ending) if self.score_aware else ending)
        return chances

    def others_penalty(self, view: View, rng: random.Random) -> float:
        """The mean penalty the other seats hold now, over ``race_samples`` deals of the
        hidden cards consistent with the view (``bots.sampling``), each hand improved by
        up to ``practice`` greedy draws (one per turn it has played)."""
        known = belief(view)
        chance = random.Random(rng.getrandbits(64))
        total = 0.0
        for _ in range(self.race_samples):
            deal = known.sample(chance, practice=self.practice)
            total += sum(deadwood(hand, wild=view.wild, rules=view.rules)
                         for hand in deal.hands.values()) / max(1, len(deal.hands))
        return total / self.race_samples

    # -- draws -----------------------------------------------------------------------

    def _draws(
        self, view: View, evaluator: Evaluator, ending: float, rng: random.Random
    ) -> list[Option]:
        assert view.seat is not None and view.hand is not None
        hand = list(view.hand)
        out_value = -evaluator.race
        stock = evaluator.stock_value(hand, ending, rng, samples=self.stock_samples,
                                      candidates=self.candidates, out_value=out_value)
        options = [Option(Draw(view.seat, Source.STOCK), stock)]
        top = view.top
        if top is not None and Draw(view.seat, Source.DISCARD) in view.legal:
            options.append(Option(Draw(view.seat, Source.DISCARD), evaluator.best_keep(
                [*hand, top], ending, candidates=self.candidates, out_value=out_value)))
        return options

    # -- discards --------------------------------------------------------------------

    def _discards(
        self, view: View, tracking: Tracking, evaluator: Evaluator, ending: float,
        every_option: bool,
    ) -> list[Option]:
        assert view.seat is not None and view.hand is not None
        out = going_out(view)
        hand = list(view.hand)
        ranked = evaluator.ranked(hand)
        scored = ranked if every_option else ranked[: self.candidates]
        options = []
        if out is not None:
            options.append(Option(out, float(view.rules.out_bonus) - evaluator.race))
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


def is_out(action: Action) -> bool:
    """True for a discard that goes out."""
    return isinstance(action, Discard) and action.out


def is_last_stock(view: View) -> bool:
    """True when running out of this stock ends the round (no reshuffle to come)."""
    return view.rules.stock_empty is StockEmpty.END_ROUND or view.reshuffled


def turns_taken(view: View) -> dict[int, int]:
    """Turns each seat has finished this round (its discards)."""
    counts: dict[int, int] = {}
    for action in view.actions:
        if isinstance(action, Discard):
            counts[action.seat] = counts.get(action.seat, 0) + 1
    return counts
