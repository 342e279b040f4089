"""The command line's text as a person reads it: replay in agreeing words with wild cards
marked, analyze without ``-0.0`` or empty rounds under ``--least``, ``solve --jsonl``
skipping blank lines and taking ``round``, and help without ``<bool>`` on flags."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from threethirteen.cli import app
from threethirteen.cli.analyze import report
from threethirteen.cli.replay import describe
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game

SCRIPT = Path(sys.executable).parent / "three-thirteen"


def a_record() -> dict[str, Any]:
    record = game_record(play_game(Rules(players=2, rounds=2), ["greedy", "random"], seed=3))
    return {**record, "players": ["You", "Ann"]}


def test_replay_words_agree_and_mark_wild_cards() -> None:
    lines = describe(a_record())
    text = "\n".join(lines)
    assert "You (seat 0) draw " in text and "You (seat 0) draws" not in text
    assert "You (seat 0) are dealt 3h (wild) 7d Ah" in text
    assert "Ann (seat 1) draws " in text and ", discards " in text
    assert "deadwood" not in text and "unmelded " in text
    assert "You (seat 0): Ad Ah 3h (wild); unmelded none; 0 points" in text
    assert " 1 points" not in text


def test_replay_step_says_what_enter_does(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(a_record()), encoding="utf-8")
    done = subprocess.run([str(SCRIPT), "replay", "--step", str(path)], input=b"\nq\n",
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 0
    assert done.stdout.decode().count("(Enter: next turn, q: stop)") == 2


def test_analyze_text_has_no_negative_zero_and_least_drops_quiet_rounds() -> None:
    decision = {"round": 1, "turn": 1, "seat": 0, "phase": "draw", "played": "draw discard",
                "card": "9s", "lost": 0.0, "played_expected": -0.01, "best": "draw discard",
                "best_expected": -0.01}
    analysis = {"players": ["Ann", "Bob"], "seats": [0, 1], "judge": "expert", "seed": 0,
                "decisions": [decision, {**decision, "round": 2, "lost": 2.5,
                                         "played_expected": 9.0, "best": "draw stock",
                                         "best_expected": 6.5}],
                "rounds": [{"round": 1, "seats": [{"seat": 0, "lost": 0.0},
                                                  {"seat": 1, "lost": 0.0}]},
                           {"round": 2, "seats": [{"seat": 0, "lost": 2.5},
                                                  {"seat": 1, "lost": 0.0}]}],
                "summary": []}
    full = report(analysis, "game.json")
    assert any("best (expected 0.0)" in line for line in full)
    assert not any("-0.0" in line for line in full)
    least = report(analysis, "game.json", least=1.0)
    assert "round 1" not in least and "round 2" in least
    assert any("lost at least 1 points are listed" in line for line in least)


def test_solve_jsonl_skips_blank_lines_and_takes_a_round() -> None:
    stdin = b'{"hand": "7h 8h *", "round": 5}\n\n   \n{"hand": "Kd Kc", "wild": "Q"}\n'
    done = subprocess.run([str(SCRIPT), "solve", "--jsonl"], input=stdin, capture_output=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [answer["deadwood"] for answer in answers] == [0, 20]


@pytest.mark.parametrize("command", [[], ["play"], ["score"], ["replay"], ["analyze"],
                                     ["solve"], ["simulate"]])
def test_flags_have_no_bool_placeholder(command: list[str]) -> None:
    shown = CliRunner().invoke(app, [*command, "--help"], terminal_width=100).output
    rows = [line for line in shown.splitlines() if "<bool>" in line]
    assert all("--help" in row for row in rows), rows


def test_an_unknown_rules_option_suggests_the_near_one() -> None:
    """Newcomer report, LOW: ``--rules '{"aces": ...}'`` got no did-you-mean."""
    from threethirteen.errors import RulesError

    with pytest.raises(RulesError, match=r"unknown rules option 'aces'; did you mean 'ace'\?"):
        Rules.from_json({"aces": "high"})
    with pytest.raises(RulesError, match=r"unknown rules option 'zzz'$"):
        Rules.from_json({"zzz": 1})
