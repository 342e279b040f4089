"""The card a bot goes out with, replayed from its records (``bench/outchoice.py``)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from threethirteen.rules import Rules
from threethirteen.sim import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
outchoice = importlib.import_module("outchoice")


def test_greedy_outs_are_replayed_and_bounded_by_the_best_and_worst_card(
        tmp_path: Path) -> None:
    simulate(["greedy", "greedy"], 12, seed=3, rules=Rules(players=2), jobs=1,
             records=tmp_path)
    counts = outchoice.tally(tmp_path, "greedy")
    assert counts.games == 12
    assert counts.outs > 40  # about one round in two
    # every out of seat 0's greedy was followed by the other greedy's final turn, and
    # the replay played it exactly as recorded
    assert counts.checked == counts.outs
    assert 0 < counts.choices < counts.outs
    assert counts.worst <= counts.thrown <= counts.best
    assert counts.worst <= counts.dearest <= counts.best
    assert counts.worst < counts.best  # some choices matter to the next seat

