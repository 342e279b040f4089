"""The strength table of the computer opponents, from `three-thirteen simulate`.

    .venv/bin/python bench/bots.py [--games 200] [--seed 7] [--jobs 2] [--only master]
    .venv/bin/python bench/bots.py --duplicate race-0.5 [--against expert-1] [--pairs 30]
        [--jobs 2] [--rounds]

Plays each match-up with seats rotating, prints one markdown row per bot per match-up
(win rate with its 95% interval, mean total, decision times) and the games per second.

``--duplicate BOT`` plays BOT heads-up against ``--against`` on ``--pairs`` deals, each
deal twice with the seats swapped (the luck of the cards cancels out), and prints the
wins and the mean total difference a game with its standard error: the low-variance
signal used to tune a bot. BOT is a registered bot or one of the tuning ``VARIANTS``
(the evaluator's settings), ``SEARCH_VARIANTS`` (the search's budgets) or
``FUTURES_VARIANTS`` (the futures bot's settings); deals are shared among ``--jobs``
processes, and each deal's result goes to stderr. ``--rounds`` adds, for every round, how
often BOT went out first and both sides' mean points.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from threethirteen.bots import register_bot
from threethirteen.bots.base import Bot
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.search import STANDARD, SearchBot
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.sim import derive_seed, percentile, play_game, simulate

# The evaluator's settings tried for issue 14 (README, "Simulations and tournaments").
VARIANTS: dict[str, dict[str, Any]] = {
    "race-0.5": {"race": 0.5},
    "race-1.0": {"race": 1.0},
    "race-1.5": {"race": 1.5},
    "race-1.0-s12": {"race": 1.0, "stock_samples": 12, "candidates": 5},
}

# The sampling search's budgets tried for issue 14 (``bots.search``): changes to STANDARD.
SEARCH_VARIANTS: dict[str, dict[str, Any]] = {
    # the seat's own playout turns and its hand at the cut-off by the evaluator
    "own-z2": {"own_policy": True, "own_playout": 1.0},
    # the search on top of expert-2's evaluator (greedy playouts): search-2's budget
    "race-guide-z2": {"guide_race": 0.5},
    "own-race-z2": {"own_policy": True, "own_playout": 1.0, "guide_race": 0.5},
    "own-race-z2-s20": {"own_policy": True, "own_playout": 1.0, "guide_race": 0.5,
                        "max_samples": 20},
    # the same with the evaluator's sampled draws (3 stock samples), fewer deals
    "own-z2-s12": {"own_policy": True, "own_playout": 1.0, "min_samples": 8,
                   "max_samples": 12, "own_samples": 3},
    # every seat greedy to the round's end, the choice by the playouts' score difference
    "search-full": {"laps": 60, "own_playout": 1.0, "confidence": 0.0, "min_samples": 32,
                    "max_samples": 32, "width": 5, "margin": 100.0},
}

# The futures bot's settings tried for issue 14 (``bots.futuresbot``).
FUTURES_VARIANTS: dict[str, dict[str, Any]] = {
    "futures-flat": {"by_size": False},  # the expert's hazard by turns alone
    "futures-64": {"count": 64, "choices": 7},
    # 32 futures at a time until the best option is sure (2 standard errors), at most 128
    "futures-sure-128": {"most": 128},
    "futures-race-1.5": {"race": 1.5},
    "futures-race-0.5": {"race": 0.5},
    "futures-race-0": {"race": 0.0},  # no race: its own expected penalty alone
    "futures-practice-6": {"practice": 6},  # sampled hands played up to 6 turns, not 2
    "futures-hazard-0.65": {"hazard_scale": 0.65},  # greedy's measured pace (an oracle)
    "futures-hazard-1.4": {"hazard_scale": 1.4},  # the round's end feared more
    "futures-choices-9": {"choices": 9},  # more discards valued by the futures
    "futures-depth-5": {"depth": 5},  # each future five draws long, not ten
    "futures-depth-20": {"depth": 20},  # each future twenty draws long, not ten
    "futures-depth-20-choices-9": {"depth": 20, "choices": 9},
    "futures-defence-0": {"defence": 0.0},  # no known-cards defence
    "futures-defence-2": {"defence": 2.0},  # the known-cards defence doubled
    "futures-unaware": {"score_aware": False},  # the round's end not weighed by the scores
    "futures-dearest": {"out_samples": 0},  # out with the dearest card, as before 94523c9
}

SLOW = ("search-deep", "master")  # their match-ups are played only with --only
MATCHES = (
    ("expert", "greedy", "greedy", "greedy"),
    ("expert", "greedy"),
    ("expert", "expert-1"),
    ("master", "expert"),
    ("expert-1", "greedy", "greedy", "greedy"),
    ("expert-1", "greedy"),
    ("search", "greedy", "greedy", "greedy"),
    ("search", "greedy"),
    ("search", "expert-1"),
    ("expert-2", "expert-1"),
    ("search-deep", "search"),
    ("medium", "greedy"),
    ("easy", "greedy"),
    ("greedy", "random"),
)


def _variant(name: str) -> Callable[[], Bot]:
    if name in FUTURES_VARIANTS:
        return lambda: FuturesBot(name=name, **FUTURES_VARIANTS[name])
    if name in SEARCH_VARIANTS:
        budget = replace(STANDARD, **SEARCH_VARIANTS[name])
        return lambda: SearchBot(name=name, budget=budget)
    return lambda: ExpertBot(name=name, **VARIANTS[name])


class SeatGreedy(GreedyBot):
    """``greedy`` under a name of its own, to play the compared seat of
    ``bench/paired.py`` against greedy opponents: the baseline every bot improves on."""

    name = "greedy-seat"


def _register_variants() -> None:
    for name in [*VARIANTS, *SEARCH_VARIANTS, *FUTURES_VARIANTS]:
        register_bot(name, _variant(name))
    register_bot(SeatGreedy.name, SeatGreedy)
    from racer import RACER_TIES, RacerBot, RacerTieBot  # a study's bots: bench/racer.py
    register_bot(RacerBot.name, RacerBot)
    for name, settings in RACER_TIES.items():
        register_bot(name, lambda name=name, settings=settings: RacerTieBot(name=name,
                                                                            **settings))


Round = tuple[int, bool, int, int]  # number, went out first, own points, the other's


def _deal(bot: str, against: str, seed: int, deal: int) -> tuple[float, float, list[float],
                                                                  list[Round]]:
    """One deal played both ways: wins, mean difference, decision times, rounds."""
    rules, wins, difference = Rules(players=2), 0.0, 0
    times: list[float] = []
    rounds: list[Round] = []
    for seats in ([bot, against], [against, bot]):
        timings: list[list[float]] = [[], []]
        state = play_game(rules, seats, seed=derive_seed(seed, deal), timings=timings)
        mine = seats.index(bot)
        assert state.winners is not None
        wins += 1 / len(state.winners) if mine in state.winners else 0.0
        difference += state.totals[mine] - state.totals[1 - mine]
        times += timings[mine]
        record = game_record(state)
        for played in record["rounds"]:
            points = [seat["points"] for seat in played["result"]]
            rounds.append((played["number"], played["out"] == mine, points[mine],
                           points[1 - mine]))
    return wins, difference / 2, times, rounds


def _play(task: tuple[str, str, int, int]) -> tuple[float, float, list[float], list[Round]]:
    _register_variants()
    return _deal(*task)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
    return mean, spread / math.sqrt(len(values))


def duplicate(bot: str, against: str, pairs: int, seed: int, jobs: int = 1,
              by_round: bool = False) -> str:
    """Lines: ``bot`` against ``against`` on ``pairs`` deals, each played both ways."""
    _register_variants()
    start = time.perf_counter()
    wins, by_deal, times, rounds = 0.0, [], [], []
    tasks = [(bot, against, seed, deal) for deal in range(pairs)]
    with multiprocessing.Pool(jobs) as pool:
        for deal, (won, difference, timed, played) in enumerate(pool.imap(_play, tasks)):
            wins += won
            by_deal.append(difference)
            times += timed
            rounds += played
            print(f"deal {deal + 1}/{pairs}: wins {wins:g}, difference {difference:+.1f}, "
                  f"running mean {sum(by_deal) / len(by_deal):+.2f}", file=sys.stderr,
                  flush=True)
    mean, error = mean_and_error(by_deal)
    lines = [f"{bot} against {against}, seed {seed}: {2 * pairs} games, wins {wins:g} "
             f"({wins / (2 * pairs):.1%}), total difference a game {mean:+.2f} "
             f"(standard error {error:.2f}), decisions p50 / p95 "
             f"{percentile(times, 0.5):.0f} / {percentile(times, 0.95):.0f} ms, "
             f"{time.perf_counter() - start:.0f} s"]
    for number in sorted({played[0] for played in rounds}) if by_round else ():
        these = [played for played in rounds if played[0] == number]
        own, other = (sum(p[k] for p in these) / len(these) for k in (2, 3))
        lines.append(f"round {number}: out first {sum(p[1] for p in these) / len(these):.0%}"
                     f", points {own:.1f} against {other:.1f} ({own - other:+.2f})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="", help="play only the match-ups that include "
                        "this bot (e.g. search-deep: its games take minutes each)")
    parser.add_argument("--duplicate", default="", help="a bot to play heads-up in "
                        "duplicate (see the module text) instead of the table")
    parser.add_argument("--against", default="expert-1")
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--rounds", action="store_true", help="with --duplicate: how each "
                        "round went")
    args = parser.parse_args()
    if args.duplicate:
        print(duplicate(args.duplicate, args.against, args.pairs, args.seed, args.jobs,
                        args.rounds), flush=True)
        return
    print("| seats | bot | win rate | 95% interval | mean total | decision p50 / p95 ms"
          " | games/s |")
    print("|---|---|---|---|---|---|---|")
    for seats in MATCHES:
        if (args.only and args.only not in seats) or any(
                slow in seats and args.only != slow for slow in SLOW):
            continue  # games that take minutes each: only with --only that bot
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
