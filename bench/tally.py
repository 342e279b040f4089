"""Win rates so far of a simulation still running, from the records it has written.

    three-thirteen simulate --seats expert,greedy --games 1000 --records DIR ... &
    .venv/bin/python bench/tally.py DIR

Reads every ``DIR/<n>.json`` record (``--records``), and prints per bot the seats, wins,
win rate with its 95% Wilson interval and mean total: the same numbers ``simulate``
prints at the end, for the games finished so far. For heads-up games between two bots it
also prints the win rate with ties shared and the mean total difference a game with its
standard error.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from threethirteen.sim import wilson


def finished_records(directory: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(game index, record) of every ``DIR/<n>.json`` that reads whole, by file name
    (a record still being written is skipped)."""
    for path in sorted(directory.glob("*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # being written
        yield int(path.stem), record


def heads_up(records: list[dict[str, Any]]) -> str | None:
    """For games between the same two bots, the first bot by name against the second:
    wins with ties shared and the mean total difference (standard error); None when the
    games are not all heads-up between the same two names."""
    pairs = {tuple(record["players"]) for record in records}
    names = sorted({name for pair in pairs for name in pair})
    if not records or len(names) != 2 or any(len(pair) != 2 for pair in pairs):
        return None
    first, second = names
    shared: list[float] = []
    differences: list[int] = []
    for record in records:
        seat = record["players"].index(first)
        winners = record["winners"]
        shared.append((seat in winners) / len(winners))
        differences.append(record["totals"][seat] - record["totals"][1 - seat])
    error = (statistics.stdev(differences) / len(differences) ** 0.5
             if len(differences) > 1 else float("nan"))
    return (f"{first} against {second}: {statistics.fmean(shared):.3f} with ties shared, "
            f"total {statistics.fmean(differences):+.2f} a game (standard error "
            f"{error:.2f}) over {len(records)} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    args = parser.parse_args()
    records = [record for _, record in finished_records(args.records)]
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    totals: dict[str, int] = {}
    games = 0
    for record in records:
        games += 1
        for seat, name in enumerate(record["players"]):
            seats[name] = seats.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (seat in record["winners"])
            totals[name] = totals.get(name, 0) + record["totals"][seat]
    print(f"{games} games")
    for name in sorted(seats):
        low, high = wilson(wins[name], seats[name])
        print(f"{name}: {wins[name]}/{seats[name]} = {wins[name] / seats[name]:.3f} "
              f"(95% {low:.3f}-{high:.3f}), mean total {totals[name] / seats[name]:.1f}")
    line = heads_up(records)
    if line is not None:
        print(line)


if __name__ == "__main__":
    main()
