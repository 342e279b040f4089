"""The strength table of the computer opponents, from `three-thirteen simulate`.

    .venv/bin/python bench/bots.py [--games 200] [--seed 7] [--jobs 2] [--only master]

Plays each match-up with seats rotating, prints one markdown row per bot per match-up
(win rate with its 95% interval, mean total, decision times) and the games per second.
"""

from __future__ import annotations

import argparse
import os

from threethirteen.rules import Rules
from threethirteen.sim import simulate

MATCHES = (
    ("expert", "greedy", "greedy", "greedy"),
    ("expert", "greedy"),
    ("search", "greedy", "greedy", "greedy"),
    ("search", "greedy"),
    ("search", "expert"),
    ("search-deep", "search"),
    ("medium", "greedy"),
    ("easy", "greedy"),
    ("greedy", "random"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="", help="play only the match-ups that include "
                        "this bot (e.g. search-deep: its games take minutes each)")
    args = parser.parse_args()
    print("| seats | bot | win rate | 95% interval | mean total | decision p50 / p95 ms"
          " | games/s |")
    print("|---|---|---|---|---|---|---|")
    for seats in MATCHES:
        deep = "search-deep"
        if (args.only and args.only not in seats) or (deep in seats and args.only != deep):
            continue  # the deep search's games take minutes each: only with --only search-deep
        result = simulate(seats, args.games, seed=args.seed, jobs=args.jobs,
                          rules=Rules(players=len(seats)))
        for bot, stats in result["bots"].items():
            low, high = stats["win_rate_ci95"]
            print(f"| {','.join(seats)} | {bot} | {stats['win_rate']:.3f} | "
                  f"{low:.3f}-{high:.3f} | {stats['mean_total']:.1f} | "
                  f"{stats['decision_ms_p50']:.1f} / {stats['decision_ms_p95']:.1f} | "
                  f"{result['games_per_second']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
