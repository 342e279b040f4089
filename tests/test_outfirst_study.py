"""Where a bot's lead comes from (``bench/outfirst.py``): a hand-made record read right,
and on simulated games the rounds' gaps add up to the games' totals."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from threethirteen.rules import Rules
from threethirteen.sim import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
outfirst = importlib.import_module("outfirst")


def _round(hands: list[list[str]], out: int | None, points: list[int]) -> dict[str, Any]:
    return {"deal": {"hands": hands}, "out": out,
            "result": [{"melds": [], "deadwood": [], "points": p} for p in points]}


def test_a_hand_made_record_is_read_seat_by_seat(tmp_path: Path) -> None:
    record = {
        "players": ["greedy", "futures"],
        "rounds": [
            _round([["3h", "4h", "5h"], ["Kc", "Kd", "Qs"]], 1, [12, 0]),  # it went out
            _round([["3h", "4h", "5h", "6h"], ["Kc", "Kd", "Qs", "2c"]], 0, [0, 7]),
        ],
        "totals": [12, 7],
        "winners": [1],
    }
    (tmp_path / "0.json").write_text(json.dumps(record), encoding="utf-8")
    games, rounds = outfirst.tally(tmp_path, "futures")
    assert games == 1
    assert rounds[3].out_first == 1 and rounds[3].others_when_out == [12]
    assert rounds[4].out_first == 0 and rounds[4].own_when_caught == [7]
    text = outfirst.report("futures", games, rounds)
    assert "| 3 | 100.0% | 12.00 | 0.00 | -12.00 |" in text
    assert "| 4 | 0.0% | 0.00 | 7.00 | +7.00 |" in text
    assert "the others hold 12.0 points after it went out, it holds 7.0 when caught" in text


def test_the_rounds_gaps_add_up_to_the_games_totals(tmp_path: Path) -> None:
    seats = ["medium", "greedy", "greedy"]
    simulate(seats, 3, seed=4, rules=Rules(players=3, rounds=4), records=tmp_path)
    games, rounds = outfirst.tally(tmp_path, "medium")
    assert games == 3
    expected = 0.0
    for path in tmp_path.glob("*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))
        seat = record["players"].index("medium")
        totals = record["totals"]
        expected += totals[seat] - (sum(totals) - totals[seat]) / 2
    assert abs(sum(row.gap for row in rounds.values()) - expected) < 1e-9
    assert sum(row.rounds for row in rounds.values()) == 3 * 4
    for row in rounds.values():
        assert row.out_first == len(row.others_when_out)
        assert row.out_first + len(row.own_when_caught) <= row.rounds


def test_a_simulation_directory_is_read_for_each_bot(tmp_path: Path) -> None:
    simulate(["medium", "greedy"], 2, seed=5, rules=Rules(players=2, rounds=3),
             records=tmp_path)
    script = Path(__file__).resolve().parents[1] / "bench" / "outfirst.py"
    done = subprocess.run([sys.executable, str(script), "--simulated", str(tmp_path),
                           "medium", "greedy"], capture_output=True, text=True, check=True)
    for bot in ("medium", "greedy"):
        games, rounds = outfirst.tally(tmp_path, bot)
        assert outfirst.report(bot, games, rounds) in done.stdout
    assert done.stdout.count(": 2 games") == 2
    missing = subprocess.run([sys.executable, str(script), str(tmp_path), "medium"],
                             capture_output=True, text=True)
    assert missing.returncode != 0 and "no finished records" in missing.stderr
