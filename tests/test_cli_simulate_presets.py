"""``three-thirteen simulate --preset``: the presets of issue 17 played by bots from the
command line, their records those of the preset, the mean points a round shown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from threethirteen.cli.simulate import seat_rules
from threethirteen.errors import InputError, RulesError
from threethirteen.record import load_record, replay_record

SCRIPT = Path(sys.executable).parent / "three-thirteen"


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), "simulate", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize(("preset", "seats", "rounds"), [
    ("five-suit", "greedy,random,greedy", 11),
    ("deuces-arent-wild", "greedy,random,greedy", 12),
])
def test_a_preset_is_simulated_and_its_records_replay(tmp_path: Path, preset: str, seats: str,
                                                      rounds: int) -> None:
    done = simulate("--seats", seats, "--games", "3", "--seed", "5", "--preset", preset,
                    "--records", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 games in ")
    assert f"mean points a round ({rounds} rounds): greedy " in done.stdout
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    for path in records:
        record = load_record(path)
        state = replay_record(record)
        assert state.is_over and len(state.names) == 3
        assert record["rules"]["rounds"] == rounds
        if preset == "five-suit":
            assert record["rules"]["pack"] == "five-suit"
            dealt = {card for round_ in record["rounds"] for hand in round_["deal"]["hands"]
                     for card in hand}
            assert any(card.endswith("x") for card in dealt)  # stars are dealt
            assert not any(card[0] in "A2" for card in dealt if card != "*")
        else:
            assert record["rounds"][11]["wild"] is None  # round 12: no wild rank
            assert len(record["rounds"][11]["deal"]["hands"][0]) == 14


def test_the_preset_and_the_rules_together() -> None:
    rules = seat_rules('{"rounds": 4}', 2, "deuces-arent-wild")
    assert (rules.players, rules.rounds, rules.jokers, rules.decks) == (2, 4, 2, 1)
    with pytest.raises(InputError, match="not both"):
        seat_rules('{"preset": "jokers"}', 2, "five-suit")
    with pytest.raises(RulesError, match="unknown preset 'fives'"):
        seat_rules(None, 2, "fives")
    done = simulate("--seats", "greedy,greedy", "--games", "1", "--preset", "five-suit",
                    "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 1
