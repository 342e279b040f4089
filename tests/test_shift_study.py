"""Points a game needed for a win rate (``bench/shift.py``): ties shared, the bot's total
lowered and nobody else's."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
shift = importlib.import_module("shift")

RECORDS = [
    {"players": ["greedy", "futures"], "totals": [40, 30]},  # won by 10
    {"players": ["futures", "greedy"], "totals": [52, 50]},  # lost by 2
    {"players": ["greedy", "futures", "greedy"], "totals": [60, 65, 70]},  # lost by 5
]


def test_a_lowered_total_turns_losses_into_ties_then_wins() -> None:
    assert shift.win_rate(RECORDS, "futures", 0) == 1 / 3
    assert shift.win_rate(RECORDS, "futures", 2) == (1 + 0.5) / 3  # a tie: half a win
    assert shift.win_rate(RECORDS, "futures", 3) == 2 / 3
    assert shift.win_rate(RECORDS, "futures", 5) == (2 + 0.5) / 3
    assert shift.win_rate(RECORDS, "futures", 6) == 1.0
    assert shift.win_rate(RECORDS, "greedy", 0) == 2 / 3  # its first seat
    assert shift.win_rate([], "futures", 4) == 0.0
