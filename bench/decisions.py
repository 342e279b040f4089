"""Decision times of the bots, per preset: p50 and p95 of one decision, in milliseconds.

    .venv/bin/python bench/decisions.py [--bots expert,master] [--views 40] [--seed 3]

For each preset (turn-based ones) one game is played by greedy bots; ``--views`` of its
decision points, spread evenly over the game (every round, draws and discards), are
given to each bot in turn. Each decision is timed twice: wall clock and this process's
CPU time (the machine may be shared; CPU time is what the bot costs). The same views go
to every bot, so the rows compare. Bots are registered names or the tuning variants of
``bench/bots.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from bots import _register_variants

from threethirteen.bots import make_bot
from threethirteen.game import GameState
from threethirteen.rules import PRESETS, Mode, Rules
from threethirteen.sim import derive_seed, percentile
from threethirteen.view import View


def decision_points(rules: Rules, seed: int, views: int) -> list[View]:
    """``views`` views of one greedy game, spread evenly over its decisions."""
    state = GameState(rules, seed=seed)
    greedy, rng = make_bot("greedy"), random.Random(seed)
    seen: list[View] = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        seen.append(view)
        state.apply(greedy.choose(view, rng))
    if len(seen) <= views:
        return seen
    return [seen[index * (len(seen) - 1) // (views - 1)] for index in range(views)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expert,search,search-deep")
    parser.add_argument("--presets", default=",".join(
        name for name in PRESETS if Rules.preset(name).mode is Mode.TURNS))
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    _register_variants()
    print("| preset | bot | decisions | CPU p50 / p95 / max ms | wall p50 / p95 ms |")
    print("|---|---|---|---|---|")
    for preset in args.presets.split(","):
        rules = Rules.preset(preset)
        views = decision_points(rules, derive_seed(args.seed, preset), args.views)
        for name in args.bots.split(","):
            bot = make_bot(name)
            cpu: list[float] = []
            wall: list[float] = []
            for index, view in enumerate(views):
                rng = random.Random(derive_seed(args.seed, preset, index))
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bot.choose(view, rng)
                cpu.append((time.process_time() - start_cpu) * 1000.0)
                wall.append((time.perf_counter() - start) * 1000.0)
                assert action in view.legal
            print(f"| {preset} | {name} | {len(views)} | {percentile(cpu, 0.5):.0f} / "
                  f"{percentile(cpu, 0.95):.0f} / {max(cpu):.0f} | "
                  f"{percentile(wall, 0.5):.0f} / {percentile(wall, 0.95):.0f} |", flush=True)


if __name__ == "__main__":
    main()
