"""What the futures' sampling noise costs ``expert``, in its own values: its recorded
decisions chosen again with more futures, and every choice valued by a reference of many
more.

    .venv/bin/python bench/noise.py DIR [--bot futures] [--games 10]
        [--counts 32,128] [--reference 1024] [--every 3] [--jobs 2]

``DIR`` holds ``--bot``'s records of ``bench/paired.py`` (``ROOT/greedy-s7/futures`` after
``paired.py --bots futures --others greedy --seed 7 --records ROOT``). Each game is
replayed from its record; at every ``--every``-th decision of the bot's
seat with nobody out, ``FuturesBot`` (``expert``'s settings) chooses with each of
``--counts`` futures, and a ``FuturesBot`` with ``--reference`` futures values every
option on random numbers of its own. A count's cost at a decision is the reference value
of its choice less that of the reference's own best; since the reference's numbers are
independent of the choices, the difference of two counts' mean costs is an unbiased
measure of what the extra futures buy in the reference's values (the cost itself is a
little overstated: the reference's best is picked from its own noisy values).

Printed: per count, the share of decisions where it chooses as the reference does, and
its mean cost a decision with a standard error, and that times the bot's decisions a
game with nobody out (points a game); and the paired difference of each count to the
first.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from pathlib import Path

from bots import mean_and_error

from threethirteen.actions import Action
from threethirteen.bots.expert import is_out
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.game import GameState
from threethirteen.record import replay_record

Costs = tuple[int, list[tuple[list[float], list[bool]]]]  # decisions, (costs, agreed)


def out_or(action: Action) -> Action | None:
    """``action``, or None for going out: whichever card goes out, the seat scores 0 (the
    card it throws then is chosen by its own samples, ``bots.outcard``)."""
    return None if is_out(action) else action


def game_costs(task: tuple[Path, str, list[int], int, int]) -> Costs:
    """The decisions of the bot in one recorded game (a file) and, at every
    ``every``-th one, each count's cost and whether it chose as the reference."""
    path, bot, counts, reference, every = task
    record = json.loads(path.read_text(encoding="utf-8"))
    players = record["players"]
    seat = players.index(bot)
    final = replay_record(record)
    state = GameState(final.rules, seed=record["seed"], names=players)
    choosers = [FuturesBot(count=count) for count in counts]
    judge = FuturesBot(count=reference)
    decisions = 0
    found: list[tuple[list[float], list[bool]]] = []
    for action in final.history:
        if state.turn == seat:
            view = state.view(seat)
            if view.out is None and view.legal:
                decisions += 1
                if decisions % every == 0:
                    rng = random.Random(f"{record['seed']}/{decisions}")
                    options = judge.explain(view, random.Random(rng.getrandbits(64)),
                                            every_option=False)
                    values = {out_or(o.action): o.expected for o in options}
                    best = out_or(options[0].action)
                    chosen = [out_or(chooser.choose(view, random.Random(rng.getrandbits(64))))
                              for chooser in choosers]
                    found.append(([values[c] - values[best] for c in chosen],
                                  [c == best for c in chosen]))
        state.apply(action)
    return decisions, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--bot", default="futures")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--counts", default="32,128")
    parser.add_argument("--reference", type=int, default=1024)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    counts = [int(count) for count in args.counts.split(",")]
    tasks = [(args.records / f"{index}.json", args.bot, counts, args.reference, args.every)
             for index in range(args.games)]
    decisions, rows = 0, []
    with multiprocessing.Pool(args.jobs) as pool:
        for index, (made, found) in enumerate(pool.imap(game_costs, tasks)):
            decisions += made
            rows += found
            print(f"game {index + 1}/{args.games}: {made} decisions, {len(found)} valued",
                  flush=True)
    per_game = decisions / args.games
    print(f"{len(rows)} decisions valued of {decisions} with nobody out "
          f"({per_game:.0f} a game); reference {args.reference} futures")
    print("| futures | chooses as the reference | cost a decision | points a game "
          "| against the first |")
    print("|---|---|---|---|---|")
    for which, count in enumerate(counts):
        costs = [row[0][which] for row in rows]
        agreed = sum(row[1][which] for row in rows) / len(rows)
        mean, error = mean_and_error(costs)
        gain, gain_error = mean_and_error([row[0][which] - row[0][0] for row in rows])
        print(f"| {count} | {100 * agreed:.1f}% | {mean:.3f} ({error:.3f}) | "
              f"{mean * per_game:.2f} ({error * per_game:.2f}) | "
              f"{gain * per_game:+.2f} ({gain_error * per_game:.2f}) |", flush=True)


if __name__ == "__main__":
    main()
