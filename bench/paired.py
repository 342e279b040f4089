"""Bots compared on the same games: each plays one seat against the same opponents.

    .venv/bin/python bench/paired.py --bots expert,expert-1 [--others greedy,greedy,greedy]
        [--games 300] [--seed 5] [--jobs 2] [--records DIR]

Every bot named plays ``three-thirteen simulate --seats BOT,OTHERS`` with the same seed,
so game ``n`` deals the same cards with the same seating for each (the opponents play the
same way until the bots' choices differ). A bot's gap in a game is its total less the
mean of the others'. The first bot is the baseline: for each other bot the mean paired
difference of the gaps (negative: better than the baseline) with its standard error,
far steadier than comparing win rates of separate runs. Bots are registered names or
the tuning variants of ``bench/bots.py`` (``greedy-seat`` is greedy under a name of its
own: the baseline against greedy opponents). Records go to
``DIR/<others>-s<seed>/<bot>/``; a bot whose records are complete there is not played
again, so a run can be extended one bot at a time.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bots import _register_variants, mean_and_error
from tally import finished_records

from threethirteen.rules import Rules
from threethirteen.sim import simulate

Games = dict[int, tuple[float, float]]  # game index -> (gap, share of the win)


def games_folder(root: Path, others: Sequence[str], seed: int) -> Path:
    """Where the games against ``others`` with ``seed`` are kept, a folder per bot."""
    return root / f"{'-'.join(others)}-s{seed}"


def read_games(directory: Path, bot: str) -> Games:
    """The bot's gap and win share in every finished record of ``directory``."""
    games: Games = {}
    for index, record in finished_records(directory):
        seat = record["players"].index(bot)
        totals = record["totals"]
        others = [total for place, total in enumerate(totals) if place != seat]
        won = 1 / len(record["winners"]) if seat in record["winners"] else 0.0
        games[index] = (totals[seat] - sum(others) / len(others), won)
    return games


def compare(baseline: Games, games: Games) -> str:
    """The paired difference of ``games`` to ``baseline`` on the games both played."""
    common = sorted(baseline.keys() & games.keys())
    if len(common) < 2:
        return "too few games in common"
    mean, error = mean_and_error([games[index][0] - baseline[index][0] for index in common])
    wins = sum(games[index][1] - baseline[index][1] for index in common) / len(common)
    return (f"on {len(common)} games: gap {mean:+.2f} (standard error {error:.2f}), "
            f"win rate {wins:+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="comma-separated; the first is "
                        "the baseline")
    parser.add_argument("--others", default="greedy,greedy,greedy")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--records", type=Path, default=None)
    args = parser.parse_args()
    _register_variants()
    bots, others = args.bots.split(","), args.others.split(",")
    if set(bots) & set(others):
        parser.error("a compared bot cannot also be an opponent: its seat would be unknown")
    root = args.records or Path(tempfile.mkdtemp(prefix="paired-"))
    runs = games_folder(root, others, args.seed)
    baseline: Games | None = None
    for bot in bots:
        directory = runs / bot
        directory.mkdir(parents=True, exist_ok=True)
        if len(read_games(directory, bot)) < args.games:
            seats = [bot, *others]
            simulate(seats, args.games, seed=args.seed, rules=Rules(players=len(seats)),
                     jobs=args.jobs, records=directory)
        games = read_games(directory, bot)
        line = (f"{bot}: {len(games)} games, win rate "
                f"{sum(won for _, won in games.values()) / len(games):.3f}, gap "
                f"{sum(gap for gap, _ in games.values()) / len(games):+.2f}")
        if baseline is None:
            baseline = games
        else:
            line += f"; against {bots[0]} {compare(baseline, games)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
