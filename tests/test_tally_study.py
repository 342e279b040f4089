"""A running simulation's tally (``bench/tally.py``): heads-up games read with ties
shared and the mean total difference, on hand-made records."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))
tally = importlib.import_module("tally")


def game(players: list[str], totals: list[int]) -> dict[str, Any]:
    low = min(totals)
    return {"players": players, "totals": totals,
            "winners": [seat for seat, total in enumerate(totals) if total == low]}


def test_heads_up_games_give_ties_shared_and_the_difference_either_seating() -> None:
    records = [game(["expert", "greedy"], [10, 30]),  # expert wins: 1
               game(["greedy", "expert"], [20, 40]),  # seats swapped, greedy wins: 0
               game(["expert", "greedy"], [25, 25])]  # a tie: a half each
    line = tally.heads_up(records)
    # expert minus greedy: -20, +20, 0; standard error 20 / sqrt(3)
    assert line == ("expert against greedy: 0.500 with ties shared, total +0.00 a game "
                    "(standard error 11.55) over 3 games")
    assert tally.heads_up(records[:1]) == ("expert against greedy: 1.000 with ties shared, "
                                           "total -20.00 a game (standard error nan) "
                                           "over 1 games")


def test_other_games_have_no_heads_up_line(tmp_path: Path) -> None:
    four = game(["expert", "greedy", "greedy", "greedy"], [10, 20, 30, 40])
    assert tally.heads_up([four]) is None
    assert tally.heads_up([]) is None
    mixed = [game(["expert", "greedy"], [1, 2]), game(["expert", "medium"], [1, 2])]
    assert tally.heads_up(mixed) is None
    for index, record in enumerate([four, game(["a", "b"], [3, 4])]):
        (tmp_path / f"{index}.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "2.json").write_text('{"players": ["a"', encoding="utf-8")  # being written
    printed = subprocess.run([sys.executable, str(BENCH / "tally.py"), str(tmp_path)],
                             capture_output=True, text=True, check=True).stdout
    assert printed.splitlines()[0] == "2 games"
    assert "with ties shared" not in printed  # a four-seat game among them
    assert "expert: 1/1 = 1.000" in printed
