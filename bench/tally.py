"""Win rates so far of a simulation still running, from the records it has written.

    three-thirteen simulate --seats expert,greedy --games 1000 --records DIR ... &
    .venv/bin/python bench/tally.py DIR

Reads every ``DIR/<n>.json`` record (``--records``), and prints per bot the seats, wins,
win rate with its 95% Wilson interval and mean total: the same numbers ``simulate``
prints at the end, for the games finished so far.
"""

from __future__ import annotations

import argparse
import json
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    args = parser.parse_args()
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    totals: dict[str, int] = {}
    games = 0
    for _, record in finished_records(args.records):
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


if __name__ == "__main__":
    main()
