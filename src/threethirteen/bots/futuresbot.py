"""The ``futures`` bot: the expert's card tracking and round's end, with every option
valued by playing the seat's own hand on, many times, to the round's end
(``bots.futures``), racing the other seats to go out.

* **Options.** Drawing from the stock, taking the top card (its first draw fixed), and
  the ``choices`` discards that leave the lowest penalty; going out whenever it can.
* **Futures.** ``count`` sequences of ``depth`` draws from the unseen cards
  (``tracking``), the same for every option. The round ends before each of the seat's
  next draws with the opponents' chance of going out by then (``ExpertBot.ending_chances``,
  by hand size: ``ending.HAZARD_BY_SIZE``), weighed by the scores as the expert does.
* **The race.** Going out first is worth ``race`` times the penalty the other seats
  hold now (sampled from the seat's ``Belief``, as ``expert-2`` does), ``decay`` less for
  every turn later, since they improve their hands meanwhile.
* **Defence** as the expert's: a card the next seat is known to collect costs extra.
* Its final turn (someone is out) is the expert's exact choice.

It reads only the seat's view and its ``rng``: the same view and rng give the same
decision, whatever the hidden cards are.
"""

from __future__ import annotations

import random

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.expert import ExpertBot, Option, is_out
from threethirteen.bots.futures import Futures
from threethirteen.bots.greedy import going_out
from threethirteen.bots.tracking import track
from threethirteen.view import Phase, View


class FuturesBot(ExpertBot):
    """Options valued by the seat's own futures (see the module text)."""

    def __init__(self, *, name: str = "futures", count: int = 32, depth: int = 10,
                 choices: int = 5, race: float = 1.0, decay: float = 0.9,
                 by_size: bool = True) -> None:
        super().__init__(name=name, race=race)
        self.count = count
        self.depth = depth
        self.choices = choices
        self.decay = decay
        self.by_size = by_size
        self.final = ExpertBot(name=name)  # no race: somebody is out already

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> list[Option]:
        """The legal options with their values (the expected penalty, less the race's
        gain), best first."""
        if view.seat is None or view.hand is None or not view.legal:
            raise ValueError("the futures bot can only advise a seat whose turn it is")
        if view.out is not None:  # the final turn: the expert's exact penalties
            return self.final.explain(view, rng, every_option)
        tracking = track(view)
        held = self.others_penalty(view, rng) if self.race else 0.0
        races = [self.race * held * self.decay ** ahead for ahead in range(self.depth + 1)]
        futures = Futures(view.wild, view.rules, tracking.unseen,
                          random.Random(rng.getrandbits(64)), count=self.count,
                          depth=self.depth)
        size = len(view.hand) - (1 if view.phase is Phase.DISCARD else 0)
        ends = self.ending_chances(view, tracking, turns_ahead=self.depth,
                                   size=size if self.by_size else None)
        hand = list(view.hand)
        options: list[Option] = []
        if view.phase is Phase.DRAW:
            drawing = [0.0, *ends]  # nobody plays between now and this draw
            options.append(Option(Draw(view.seat, Source.STOCK),
                                  futures.value(hand, drawing, races)))
            top = view.top
            if top is not None and Draw(view.seat, Source.DISCARD) in view.legal:
                options.append(Option(Draw(view.seat, Source.DISCARD),
                                      futures.value(hand, drawing, races, first=top)))
        else:
            out = going_out(view)
            if out is not None:
                options.append(Option(out, float(view.rules.out_bonus) - races[0]))
            ranked = Evaluator(view.wild, view.rules, tracking.unseen).ranked(hand)
            danger = self._danger(view, tracking)
            for _, card in ranked if every_option else ranked[: self.choices]:
                expected = futures.value(without(hand, card), ends, races[1:])
                expected += danger.get(card, 0.0) * (1.0 - ends[0]) * self.defence
                options.append(Option(Discard(view.seat, card), expected))
        return sorted(options, key=lambda option: (not is_out(option.action), option.expected))
