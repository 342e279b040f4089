"""A ceiling study for issue 14: the ``futures`` bot told what it cannot see.

    .venv/bin/python bench/oracle.py --peek stock,hands,pace [--others greedy]
        [--games 300] [--seed 7] [--jobs 2] --records DIR

No one plays this bot: it reads the game's hidden state, which ``play_game`` never gives
a bot, so it plays its own games here. What it is told (``--peek``, any of):

* ``stock``: the futures draw from the cards truly in the stock, not from every card
  the seat cannot see (the other hands' cards left out);
* ``hands``: the race is worth the penalty the other seats truly hold now, not the mean
  of sampled hands;
* ``pace``: the chance that the round ends before each of its next draws comes from the
  other seats' true hands, played on greedily with draws from the true stock (in
  ``PACE_SAMPLES`` random orders), not from the hazard table.

With nothing told (``--peek none``) it is the ``futures`` bot, game for game. Each game
is written where ``bench/paired.py`` reads its records (``DIR/<others>-s<seed>/oracle-
<peek>/``), so the gain of each piece of knowledge over ``futures`` is read with
``paired.py --bots futures,oracle-<peek>`` on the same games: what perfect inference of
that quantity could be worth to this design at most.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from threethirteen.bots import make_bot
from threethirteen.bots.base import Bot
from threethirteen.bots.ending import score_adjusted
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import best_discard
from threethirteen.bots.tracking import Tracking
from threethirteen.cards import Card, Rank
from threethirteen.files import write_atomic
from threethirteen.game import GameState
from threethirteen.record import dumps_record, game_record
from threethirteen.rules import Rules
from threethirteen.sim import derive_seed, game_seed, seating
from threethirteen.solver import deadwood
from threethirteen.view import View

PEEKS = ("stock", "hands", "pace")
PACE_SAMPLES = 32  # stock orders the other seats' hands are played on in


class PeekingFutures(FuturesBot):
    """The futures bot with the parts of the hidden state named in ``peek``."""

    def __init__(self, peek: Sequence[str]) -> None:
        super().__init__(name="oracle-" + ("-".join(peek) or "none"))
        self.peek = set(peek)
        self.table: GameState | None = None  # set by ``play`` before each decision
        self.chance = random.Random(0)  # the stock orders of ``pace``

    def _table(self) -> GameState:
        assert self.table is not None, "the oracle plays only in bench/oracle.py's games"
        return self.table

    def tracking(self, view: View) -> Tracking:
        tracking = super().tracking(view)
        if "stock" not in self.peek:
            return tracking
        return Tracking(Counter(self._table().stock), tracking.held)

    def others_penalty(self, view: View, rng: random.Random) -> float:
        if "hands" not in self.peek:
            return super().others_penalty(view, rng)
        hands = self._others(view)
        return sum(deadwood(hand, wild=view.wild, rules=view.rules)
                   for hand in hands) / max(1, len(hands))

    def ending_chances(self, view: View, tracking: Tracking, *, turns_ahead: int,
                       size: int | None = None) -> list[float]:
        if "pace" not in self.peek:
            return super().ending_chances(view, tracking, turns_ahead=turns_ahead, size=size)
        chances = paces(self._others(view), list(self._table().stock), view.wild,
                        view.rules, self.chance, turns=turns_ahead)
        return [score_adjusted(view, chance) if self.score_aware else chance
                for chance in chances]

    def _others(self, view: View) -> list[list[Card]]:
        """The other seats' true hands, in the order they play after this seat."""
        assert view.seat is not None
        order = list(view.seats)
        start = order.index(view.seat)
        hands = self._table().hands
        return [list(hands[order[(start + step) % len(order)]])
                for step in range(1, len(order))]


def paces(hands: list[list[Card]], stock: list[Card], wild: Rank | None, rules: Rules,
          rng: random.Random, *, turns: int) -> list[float]:
    """For each of the next ``turns`` rounds of the others' turns, the chance that one of
    ``hands`` goes out in it (or the stock runs out), given the round lasted until then:
    each hand draws from ``stock`` in random orders and keeps greedily."""
    reached = [0] * turns
    ended = [0] * turns
    for _ in range(PACE_SAMPLES):
        order = rng.sample(stock, len(stock))
        current = [list(hand) for hand in hands]
        for step in range(turns):
            reached[step] += 1
            if _someone_out(current, order, wild, rules):
                ended[step] += 1
                break
    return [ended[step] / reached[step] if reached[step] else 1.0 for step in range(turns)]


def _someone_out(hands: list[list[Card]], order: list[Card], wild: Rank | None,
                 rules: Rules) -> bool:
    """One round of turns, each hand drawing the next card of ``order``: True when a hand
    goes out or the stock runs out."""
    for hand in hands:
        if not order:
            return True
        card = order.pop()
        penalty, thrown = best_discard([*hand, card], wild, rules)
        if penalty == 0:
            return True
        hand.append(card)
        hand.remove(thrown)
    return False


def play(task: tuple[tuple[str, ...], int, int, Path]) -> None:
    """One game of the oracle (``--peek`` joined by ``,`` in the first seat name) against
    the other seats, written to the records folder."""
    seats, seed, index, folder = task
    peek = [part for part in seats[0].split(",") if part != "none"]
    oracle = PeekingFutures(peek)
    names = seating([oracle.name, *seats[1:]], index)
    players: list[Bot] = [oracle if name == oracle.name else make_bot(name) for name in names]
    state = GameState(Rules(players=len(names)), seed=game_seed(seed, index), names=names)
    oracle.table = state
    rngs = [random.Random(derive_seed(game_seed(seed, index), "bot", seat))
            for seat in range(len(names))]
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), rngs[seat]))
    write_atomic(folder / f"{index}.json", dumps_record(game_record(state)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peek", required=True, help=f"comma-separated, of {PEEKS}, "
                        "or none")
    parser.add_argument("--others", default="greedy")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--records", type=Path, required=True)
    args = parser.parse_args()
    peek = [part for part in args.peek.split(",") if part != "none"]
    if set(peek) - set(PEEKS):
        parser.error(f"--peek takes {', '.join(PEEKS)} or none, not {args.peek}")
    others = tuple(args.others.split(","))
    folder = args.records / f"{'-'.join(others)}-s{args.seed}" / PeekingFutures(peek).name
    folder.mkdir(parents=True, exist_ok=True)
    done = {int(path.stem) for path in folder.glob("*.json")}
    tasks = [((",".join(peek) or "none", *others), args.seed, index, folder)
             for index in range(args.games) if index not in done]
    with multiprocessing.Pool(args.jobs) as pool:
        for count, _ in enumerate(pool.imap_unordered(play, tasks), start=1):
            print(f"{count}/{len(tasks)} games", flush=True)


if __name__ == "__main__":
    main()
