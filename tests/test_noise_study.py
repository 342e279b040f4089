"""The futures' sampling noise study (``bench/noise.py``): recorded decisions chosen again
with several numbers of futures and valued by a reference."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from threethirteen.actions import Discard, Draw, Source
from threethirteen.cards import Card
from threethirteen.rules import Rules
from threethirteen.sim import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
noise = importlib.import_module("noise")


def test_every_decision_is_valued_and_no_choice_beats_the_reference(tmp_path: Path) -> None:
    simulate(["futures", "greedy"], 1, seed=3, rules=Rules(players=2, rounds=3),
             records=tmp_path)
    decisions, found = noise.game_costs((tmp_path / "0.json", "futures", [2, 8], 16, 1))
    assert decisions > 6 and len(found) == decisions  # every decision of three rounds
    for costs, agreed in found:
        assert len(costs) == len(agreed) == 2
        for cost, same in zip(costs, agreed, strict=True):
            assert cost >= 0.0  # the reference's best is the least of its values
            assert cost == 0.0 or not same
    assert any(cost > 0.0 for costs, _ in found for cost in costs)  # two futures err


def test_every_other_decision_with_every_two(tmp_path: Path) -> None:
    simulate(["futures", "greedy"], 1, seed=3, rules=Rules(players=2, rounds=2),
             records=tmp_path)
    decisions, found = noise.game_costs((tmp_path / "0.json", "futures", [4], 8, 2))
    assert len(found) == decisions // 2


def test_going_out_with_any_card_is_one_choice() -> None:
    out = Discard(0, Card.parse("5c"), out=True)
    assert noise.out_or(out) is None
    assert noise.out_or(Discard(0, Card.parse("5c"))) == Discard(0, Card.parse("5c"))
    assert noise.out_or(Draw(0, Source.STOCK)) == Draw(0, Source.STOCK)
