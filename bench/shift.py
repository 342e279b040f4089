"""How many points a game a bot would need for a win rate: its games replayed on paper
with its total lowered by a fixed amount, the other seats' totals as they were.

    .venv/bin/python bench/shift.py DIR BOT [--target 0.75] [--most 20]

Reads the records in ``DIR`` (``simulate --records`` or ``bench/paired.py``) and prints
the bot's win rate (ties shared, as ``simulate`` counts them) with its total lowered by
0, 1, ... points, up to the first that reaches ``--target``. The other seats' play is
not changed, so it is a yardstick, not a forecast: a stronger bot changes the games.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tally import finished_records


def win_rate(records: Iterable[dict[str, Any]], bot: str, lowered: float) -> float:
    """The bot's share of the wins with its total ``lowered`` points lower."""
    games = 0
    wins = 0.0
    for record in records:
        seat = record["players"].index(bot)
        totals = list(record["totals"])
        totals[seat] -= lowered
        best = min(totals)
        if totals[seat] == best:
            wins += 1 / totals.count(best)
        games += 1
    return wins / games if games else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("bot")
    parser.add_argument("--target", type=float, default=0.75)
    parser.add_argument("--most", type=int, default=20, help="the largest shift tried")
    options = parser.parse_args()
    records = [record for _, record in finished_records(options.records)]
    print(f"{options.bot}: {len(records)} games")
    for lowered in range(options.most + 1):
        rate = win_rate(records, options.bot, lowered)
        print(f"{lowered:3d} points a game lower: {rate:.1%}")
        if rate >= options.target:
            break


if __name__ == "__main__":
    main()
