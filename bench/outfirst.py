"""Where a bot's lead comes from, round by round: going out first, what the other seats
hold when it does, and what it holds when another seat goes out first.

    .venv/bin/python bench/paired.py --bots futures,greedy-seat --others greedy \\
        --games 300 --seed 7 --records DIR
    .venv/bin/python bench/outfirst.py DIR/greedy-s7 futures greedy-seat

    three-thirteen simulate --seats expert,greedy --games 1000 --seed 11 --records DIR
    .venv/bin/python bench/outfirst.py --simulated DIR expert

Reads the records ``bench/paired.py`` wrote for each bot named (``DIR/<bot>/<n>.json``;
with ``--simulated``, one directory of ``simulate`` records that seat every bot named)
and prints, per round (the cards dealt), over every finished game: how often the bot went
out first, the other seats' mean points when it did, its own points when another seat
did, and its mean gap a round (its points less the others' mean). The last line sums
the rounds: the two parts of the gap, the points the others hold after the bot went out
and the points it holds itself when caught, each a game's worth.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tally import finished_records


@dataclass
class RoundTally:
    """One round number's results for the bot's seat."""

    rounds: int = 0
    out_first: int = 0
    others_when_out: list[float] = field(default_factory=list)
    own_when_caught: list[int] = field(default_factory=list)
    gap: float = 0.0

    def add(self, seat: int, result: dict[str, Any]) -> None:
        """Count one finished round of a record."""
        points = [hand["points"] for hand in result["result"]]
        others = sum(points) - points[seat]
        others_mean = others / (len(points) - 1)
        self.rounds += 1
        self.gap += points[seat] - others_mean
        if result.get("out") == seat:
            self.out_first += 1
            self.others_when_out.append(others_mean)
        elif result.get("out") is not None:
            self.own_when_caught.append(points[seat])


def tally(directory: Path, bot: str) -> tuple[int, dict[int, RoundTally]]:
    """The games read and, per round size, the bot's ``RoundTally``."""
    rounds: dict[int, RoundTally] = {}
    games = 0
    for _, record in finished_records(directory):
        games += 1
        seat = record["players"].index(bot)
        for result in record["rounds"]:
            size = len(result["deal"]["hands"][0])
            rounds.setdefault(size, RoundTally()).add(seat, result)
    return games, rounds


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def report(bot: str, games: int, rounds: dict[int, RoundTally]) -> str:
    """A markdown table of ``tally``'s numbers."""
    lines = [f"{bot}: {games} games",
             "| cards | out first | others hold then | own when caught | gap a round |",
             "|---|---|---|---|---|"]
    won = lost = 0.0
    for size in sorted(rounds):
        row = rounds[size]
        won += sum(row.others_when_out) / max(1, games)
        lost += sum(row.own_when_caught) / max(1, games)
        lines.append(f"| {size} | {row.out_first / row.rounds:.1%} | "
                     f"{_mean(row.others_when_out):.2f} | {_mean(row.own_when_caught):.2f} | "
                     f"{row.gap / row.rounds:+.2f} |")
    lines.append(f"a game: the others hold {won:.1f} points after it went out, "
                 f"it holds {lost:.1f} when caught")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, help="bench/paired.py's DIR/<others>-s<seed>")
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--simulated", action="store_true",
                        help="GAMES is one `three-thirteen simulate --records` directory")
    args = parser.parse_args()
    for bot in args.bots:
        directory = args.games if args.simulated else args.games / bot
        games, rounds = tally(directory, bot)
        if not games:
            raise SystemExit(f"no finished records in {directory}")
        print(report(bot, games, rounds))
        print()


if __name__ == "__main__":
    main()
