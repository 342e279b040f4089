"""The figures of the variants' table in the README, from `three-thirteen simulate`.

    .venv/bin/python bench/variants.py [--games 200] [--seed 7] [--jobs 2]

Plays each preset with greedy bots in every seat (the same games as `three-thirteen
simulate --seats greedy,... --preset NAME --games 200 --seed 7 --jobs 2 --records DIR`),
reads the records back and prints one markdown row per preset: games per second, the mean
final total, the mean points a seat scores in a round, the share of rounds someone went
out of (the rest ended with the stock), the turns a round lasts, the last round's mean
points and how many playoff rounds were played.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from threethirteen.rules import Rules
from threethirteen.sim import simulate

RUNS = (
    ("standard", 4),
    ("five-suit", 4),
    ("standard", 3),
    ("deuces-arent-wild", 3),
)


def figures(folder: Path) -> dict[str, Any]:
    """What the records in ``folder`` say about their rounds."""
    regular = playoffs = outs = turns = points = scores = 0
    last: list[int] = []
    for path in folder.glob("*.json"):
        record = json.loads(path.read_text())
        for played in record["rounds"]:
            if played.get("playoff"):
                playoffs += 1
                continue
            regular += 1
            outs += played["end"] == "out"
            turns += len(played["turns"])
            seat_points = [seat["points"] for seat in played["result"]]
            points += sum(seat_points)
            scores += len(seat_points)
            if played["number"] == record["rules"]["rounds"]:
                last += seat_points
    return {"per_round": points / scores, "out": outs / regular, "turns": turns / regular,
            "last": sum(last) / len(last), "playoffs": playoffs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    options = parser.parse_args()
    print("| preset | seats | games/s | mean total | points a round (a seat) | rounds gone out"
          " | turns a round | last round's points | playoffs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for preset, players in RUNS:
        rules = Rules.preset(preset, players=players)
        with tempfile.TemporaryDirectory() as folder:
            summary = simulate(["greedy"] * players, options.games, seed=options.seed,
                               rules=rules, jobs=options.jobs, records=Path(folder))
            found = figures(Path(folder))
        total = summary["bots"]["greedy"]["mean_total"]
        print(f"| `{preset}` | {players} | {summary['games_per_second']:.0f} | {total:.1f}"
              f" | {found['per_round']:.1f} | {100 * found['out']:.1f}% | {found['turns']:.1f}"
              f" | {found['last']:.1f} (round {rules.rounds}, {rules.rounds + 2} cards)"
              f" | {found['playoffs']} |")


if __name__ == "__main__":
    main()
