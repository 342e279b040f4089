"""A ceiling study for issue 14: the ``futures`` bot told what it cannot see.

    .venv/bin/python bench/oracle.py --peek stock,hands,pace [--others greedy]
        [--games 300] [--seed 7] [--jobs 2] --records DIR

No one plays this bot: it reads the game's hidden state, which ``play_game`` never gives
a bot, so it plays its own games here (``play_on`` a state it holds). What it is told
(``--peek``, any of):

* ``stock``: the futures draw from the cards truly in the stock, not from every card
  the seat cannot see (the other hands' cards left out);
* ``hands``: the race is worth the penalty the other seats truly hold now, not the mean
  of sampled hands;
* ``pace``: the chance that the round ends before each of its next draws comes from the
  true table (every hand, the pile, the true stock in ``PACE_SAMPLES`` random orders)
  played on greedily (``pace.py``), not from the hazard table;
* ``feed``: a discard the next seat's true hand goes out with (greedy takes the pile's
  card when it lowers its penalty) ends the round at once: valued as the seat's final
  turn, its kept hand's penalty after one more draw (no race), not by the futures.

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

from pace import after, others_pace, true_tables
from paired import games_folder

from threethirteen.actions import Discard
from threethirteen.bots import make_bot
from threethirteen.bots.base import Bot
from threethirteen.bots.ending import score_adjusted
from threethirteen.bots.evaluate import without
from threethirteen.bots.expert import Option, is_last_stock, is_out
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import best_discard
from threethirteen.bots.tracking import Tracking
from threethirteen.cards import Card
from threethirteen.files import write_atomic
from threethirteen.game import GameState
from threethirteen.outs import go_out_cards
from threethirteen.record import dumps_record, game_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed, play_on, seating
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View

PEEKS = ("stock", "hands", "pace", "feed")
PACE_SAMPLES = 32  # orders of the true stock the true table is played on in (``pace``)


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
        ends = super().ending_chances(view, tracking, turns_ahead=turns_ahead, size=size)
        if "pace" not in self.peek or view.out is not None:
            return ends
        table = self._table()
        found = others_pace(true_tables(view, table.hands, table.stock, self.chance,
                                        PACE_SAMPLES), view.wild, view.rules, turns=turns_ahead,
                            drawn=view.phase is Phase.DISCARD, last_stock=is_last_stock(view))
        return [end if chance is None else
                score_adjusted(view, chance) if self.score_aware else chance
                for end, chance in zip(ends, found, strict=True)]

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> list[Option]:
        """The futures' options; told ``feed``, a discard the next seat's true hand goes out
        with is worth the seat's final turn instead."""
        options = super().explain(view, rng, every_option)
        if "feed" not in self.peek or view.phase is not Phase.DISCARD or view.out is not None:
            return options
        assert view.hand is not None
        following = list(self._table().hands[after(view)[0]])
        unseen = list(self.tracking(view).unseen.elements())
        changed = []
        for option in options:
            action = option.action
            if isinstance(action, Discard) and not action.out and go_out_cards(
                    [*following, action.card], wild=view.wild, rules=view.rules):
                kept = without(view.hand, action.card)
                final = sum(best_discard([*kept, card], view.wild, view.rules)[0]
                            for card in unseen) / max(1, len(unseen))
                option = Option(action, float(final))
            changed.append(option)
        return sorted(changed, key=lambda option: (not is_out(option.action), option.expected))

    def _others(self, view: View) -> list[tuple[Card, ...]]:
        """The other seats' true hands."""
        return [self._table().hands[seat] for seat in after(view)]


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
    play_on(state, players, seed=game_seed(seed, index))
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
    folder = games_folder(args.records, others, args.seed) / PeekingFutures(peek).name
    folder.mkdir(parents=True, exist_ok=True)
    done = {int(path.stem) for path in folder.glob("*.json")}
    tasks = [((",".join(peek) or "none", *others), args.seed, index, folder)
             for index in range(args.games) if index not in done]
    with multiprocessing.Pool(args.jobs) as pool:
        for count, _ in enumerate(pool.imap_unordered(play, tasks), start=1):
            print(f"{count}/{len(tasks)} games", flush=True)


if __name__ == "__main__":
    main()
