"""Benchmark: complete 4-player games per second between bots of one kind (random by default).

    .venv/bin/python bench/games.py [--runs 5] [--games 10] [--players 4] [--preset standard]
                                    [--bot random|greedy|...]

Each run plays ``--games`` seeded games in this process; the median rate over the runs
is printed last.
"""

from __future__ import annotations

import argparse
import statistics
import time

from threethirteen.rules import Rules
from threethirteen.sim import game_seed, play_game


def run(rules: Rules, games: int, offset: int, bot: str) -> float:
    """Games per second for one run of ``games`` games."""
    start = time.perf_counter()
    for index in range(games):
        play_game(rules, [bot] * rules.players, seed=game_seed(offset, index))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    rules = Rules.preset(args.preset, players=args.players)
    rates = []
    for offset in range(args.runs):
        rates.append(run(rules, args.games, offset, args.bot))
        print(f"run {offset + 1}: {rates[-1]:.2f} games/s")
    print(f"median: {statistics.median(rates):.2f} games/s "
          f"({args.players} players, {args.preset}, {args.bot} bots, {args.games} games per run)")


if __name__ == "__main__":
    main()
