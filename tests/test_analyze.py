"""Issue 14, item 4: ``three-thirteen analyze`` judges every decision of a record.

A hand-made game holds a known blunder (a seat breaks its meld by discarding the 8h when
the dead Kd would have taken it out); the analysis must find that decision, put its
points lost in the seat's summary, and keep to one seat with ``--seat``. The judge is
``expert`` (``master``, the default when it exists, is slower than a test wants).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from golden_games import HERE
from tables import deal, play, table

from threethirteen.bots.analysis import FORMAT, analyse, default_judge, make_judge
from threethirteen.bots.expert import ExpertBot, Option
from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.registry import _registered, register_bot
from threethirteen.game import GameState
from threethirteen.record import game_record, load_record, replay_record
from threethirteen.rules import Rules
from threethirteen.view import View

SCRIPT = Path(sys.executable).parent / "three-thirteen"
JUDGE = "expert"

DECISION_KEYS = {"round", "turn", "seat", "phase", "played", "card", "best",
                 "played_expected", "best_expected", "lost", "options"}
BRIEF_KEYS = {"round", "turn", "phase", "played", "card", "best", "lost"}


def finish(state: GameState, seed: int = 1) -> None:
    bot, rng = GreedyBot(), random.Random(seed)
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        state.apply(bot.choose(state.view(seat), rng))


def blunder_record() -> dict[str, Any]:
    """Two seats, one round. Seat 1 (first to play) holds 7h 8h Kd and takes the 9h
    (right), then throws the 8h (a blunder: out with the Kd was there)."""
    rules = Rules(players=2, rounds=1)
    state = table(rules, deal(rules, ["2c 5d 9s", "7h 8h Kd"], "9h", top="Qc Jd 4s"))
    play(state, "1: draw discard", "1: discard 8h")
    finish(state)
    record = game_record(state)
    record["players"] = ["Ann", "Bob"]
    return record


@pytest.fixture(scope="module")
def blunder() -> dict[str, Any]:
    return blunder_record()


@pytest.fixture(scope="module")
def judged(blunder: dict[str, Any]) -> dict[str, Any]:
    return analyse(blunder, judge=JUDGE)


def test_the_blunder_is_found_with_its_points(judged: dict[str, Any]) -> None:
    first = [d for d in judged["decisions"] if d["round"] == 1 and d["turn"] == 1]
    draw, discard = first
    assert (draw["seat"], draw["phase"], draw["played"], draw["card"]) == (
        1, "draw", "draw discard", "9h")
    assert draw["lost"] == 0 and draw["best"] == "draw discard"
    assert (discard["phase"], discard["played"], discard["card"]) == ("discard", "discard 8h", "8h")
    assert discard["best"] == "out Kd" and discard["lost"] > 10
    bob = next(s for s in judged["summary"] if s["seat"] == 1)
    assert bob["worst"] == {key: discard[key] for key in BRIEF_KEYS}
    assert bob["lost"] >= discard["lost"]
    assert bob["text"].startswith(f"Bob lost {bob['lost']:.1f} points to better play; "
                                  "the biggest: round 1, discarding the 8h")
    assert "best: going out with the Kd" in bob["text"]


@pytest.mark.parametrize("judge", ["search", "master"])
def test_declining_to_go_out_is_found(judge: str) -> None:
    """Seat 1 takes the 9h and throws the Kd without going out: its 7h 8h 9h stays down
    to nothing, but Ann gets more turns to mend her hand (``search`` and ``master`` weigh
    the others' points too)."""
    rules = Rules(players=2, rounds=1)
    state = table(rules, deal(rules, ["2c 5d 9s", "7h 8h Kd"], "9h", top="Qc Jd 4s"))
    play(state, "1: draw discard", "1: discard Kd")
    finish(state)
    analysis = analyse(game_record(state), judge=judge, seats=[1])
    declined = analysis["decisions"][1]
    assert (declined["turn"], declined["played"], declined["best"]) == (1, "discard Kd", "out Kd")
    assert declined["lost"] > 1
    assert analysis["summary"][0]["worst"]["played"] == "discard Kd"


def test_every_draw_and_discard_is_judged_once(blunder: dict[str, Any],
                                               judged: dict[str, Any]) -> None:
    turns = blunder["rounds"][0]["turns"]
    expected = [(1, number, turn["seat"], phase) for number, turn in enumerate(turns, start=1)
                for phase in ("draw", "discard")]
    assert [(d["round"], d["turn"], d["seat"], d["phase"]) for d in judged["decisions"]] == expected
    for decision in judged["decisions"]:
        assert decision["lost"] is not None and decision["lost"] >= 0
        assert decision["lost"] == pytest.approx(
            max(0.0, decision["played_expected"] - decision["best_expected"]), abs=0.011)


def test_the_json_form_has_its_documented_fields(judged: dict[str, Any]) -> None:
    assert set(judged) == {"format", "judge", "seed", "players", "seats", "decisions",
                           "rounds", "summary"}
    assert judged["format"] == FORMAT and judged["judge"] == JUDGE and judged["seed"] == 0
    assert judged["players"] == ["Ann", "Bob"] and judged["seats"] == [0, 1]
    for decision in judged["decisions"]:
        assert set(decision) == DECISION_KEYS
        assert decision["phase"] in ("draw", "discard")
    for summary in judged["rounds"]:
        assert set(summary) == {"round", "seats"}
        for row in summary["seats"]:
            assert set(row) == {"seat", "decisions", "lost", "worst"}
            assert row["worst"] is None or set(row["worst"]) == BRIEF_KEYS
    for summary in judged["summary"]:
        assert set(summary) == {"seat", "name", "decisions", "unjudged", "lost", "worst", "text"}
    assert json.loads(json.dumps(judged)) == judged


def test_one_seat_only(blunder: dict[str, Any], judged: dict[str, Any]) -> None:
    alone = analyse(blunder, judge=JUDGE, seats=[0])
    assert alone["seats"] == [0] and [s["seat"] for s in alone["summary"]] == [0]
    assert alone["decisions"] == [d for d in judged["decisions"] if d["seat"] == 0]
    assert all([row["seat"] for row in r["seats"]] == [0] for r in alone["rounds"])


def test_the_same_record_and_seed_give_the_same_analysis(blunder: dict[str, Any],
                                                         judged: dict[str, Any]) -> None:
    assert analyse(blunder, judge=JUDGE) == judged


class Spy:
    """A judge that checks what it is shown: the acting seat's own view, nothing else."""

    name = "spy"

    def __init__(self, seen: list[View]) -> None:
        self.seen = seen
        self.inner = ExpertBot()

    def explain(self, view: View, rng: random.Random,
                every_option: bool = True) -> Sequence[Option]:
        assert isinstance(view, View) and view.my_turn and view.hand is not None
        self.seen.append(view)
        return self.inner.explain(view, rng, every_option)


def test_the_judge_sees_only_the_seats_view_at_that_moment(blunder: dict[str, Any]) -> None:
    seen: list[View] = []
    register_bot("spy", lambda: Spy(seen))  # type: ignore[arg-type,return-value]
    try:
        analysis = analyse(blunder, judge="spy")
    finally:
        _registered.pop("spy")
    assert len(seen) == len(analysis["decisions"])
    first, second = seen[0], seen[1]
    assert first.seat == 1 and sorted(map(str, first.hand or ())) == ["7h", "8h", "Kd"]
    assert first.top is not None and str(first.top) == "9h"
    assert second.phase.value == "discard" and len(second.hand or ()) == 4
    assert all(view.hand_sizes[view.seat or 0] == len(view.hand or ()) for view in seen)


def test_judges_must_explain_and_default_to_master() -> None:
    assert default_judge() == "master"
    with pytest.raises(ValueError, match="cannot judge"):
        make_judge("greedy")
    with pytest.raises(ValueError, match="unknown bot"):
        make_judge("nobody")


@pytest.mark.parametrize("name", sorted(path.stem for path in HERE.glob("*.json")))
def test_every_golden_record_is_judged_action_by_action(name: str) -> None:
    """Reshuffles, playoffs, seedless deals and false announcements replay for the judge
    (``medium``: fast, and its options do not list a false announcement, whose value is
    then the plain discard plus the penalty)."""
    record = load_record(HERE / f"{name}.json")
    history = replay_record(record).history
    analysis = analyse(record, judge="medium")
    assert [(d["seat"], d["played"]) for d in analysis["decisions"]] == [
        (action.seat, str(action).split(": ", 1)[1]) for action in history]
    assert all(d["lost"] is not None and d["lost"] >= 0 for d in analysis["decisions"])
    for turn in (t for r in record["rounds"] for t in r["turns"] if t.get("false_out")):
        judged = next(d for d in analysis["decisions"] if d["played"] == f"out {turn['discard']}"
                      and d["seat"] == turn["seat"])
        penalty = Rules.from_json(record["rules"]).false_out_penalty
        assert judged["played_expected"] >= penalty  # medium's values are penalties, >= 0


# -- the command -----------------------------------------------------------------------

def run(args: Sequence[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, timeout=120)


def one_error(done: subprocess.CompletedProcess[bytes], *needles: str) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, err
    assert "Traceback" not in err and not done.stdout
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory, blunder: dict[str, Any]) -> Path:
    path = tmp_path_factory.mktemp("analyze") / "game.json"
    path.write_text(json.dumps(blunder))
    return path


def test_the_command_prints_json_for_one_seat(record_file: Path,
                                              judged: dict[str, Any]) -> None:
    done = run(["analyze", str(record_file), "--seat", "1", "--json", "--by", JUDGE])
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""  # no progress lines in the JSON form
    answer = json.loads(done.stdout)
    assert answer["seats"] == [1]
    assert answer["decisions"] == [d for d in judged["decisions"] if d["seat"] == 1]


def test_the_command_tells_it_in_words(record_file: Path) -> None:
    done = run(["analyze", str(record_file), "--by", JUDGE])
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "turn 1, Bob (seat 1): discard 8h: best out Kd, expected" in out
    assert "Bob (seat 1) lost" in out and "the biggest: round 1, discarding the 8h" in out
    assert "judged round 1 of 1" in done.stderr.decode()
    big = run(["analyze", str(record_file), "--by", JUDGE, "--least", "10"])
    listed = [line for line in big.stdout.decode().splitlines() if line.startswith("  turn ")]
    assert len(listed) == 1, listed  # the judge's numbers move as the bot improves
    said = re.fullmatch(r"  turn 1, Bob \(seat 1\): discard 8h: best out Kd, expected "
                        r"(-?\d+\.\d) against (-?\d+\.\d), lost (\d+\.\d)", listed[0])
    assert said is not None, listed[0]
    assert float(said[3]) >= 10
    assert abs(float(said[1]) - float(said[2]) - float(said[3])) <= 0.11
    stdin = run(["analyze", "-", "--by", JUDGE, "--seat", "0"], stdin=record_file.read_bytes())
    assert stdin.returncode == 0 and "Bob (seat 1) lost" not in stdin.stdout.decode()


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, record_file: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    one_error(run(["analyze", str(bad), "--by", JUDGE]), "bad.json")
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    one_error(run(["analyze", str(listed), "--by", JUDGE]), "list.json", "object")
    other = tmp_path / "other.json"
    other.write_text('{"format": "something-else"}')
    one_error(run(["analyze", str(other), "--by", JUDGE]), "other.json", "three-thirteen-record/1")
    tampered = json.loads(record_file.read_text())
    tampered["rounds"][0]["turns"][0]["card"] = "Ah"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(tampered))
    one_error(run(["analyze", str(wrong), "--by", JUDGE]), "wrong.json", "round 1, turn 1")
    one_error(run(["analyze", str(tmp_path / "missing.json")]), "missing.json")
    one_error(run(["analyze", "-", "--by", JUDGE], stdin=b"\xff"), "standard input")
    one_error(run(["analyze", str(record_file), "--seat", "2", "--by", JUDGE]),
              "--seat", "0 to 1")
    one_error(run(["analyze", str(record_file), "--seat", "-1", "--by", JUDGE]), "--seat")
    one_error(run(["analyze", str(record_file), "--by", "greedy"]), "--by", "greedy")
    one_error(run(["analyze", str(record_file), "--by", "nobody"]), "--by", "nobody")
    usage = run(["analyze", str(record_file), "--seat", "first"])  # the option parser's own
    assert usage.returncode == 2 and b"Traceback" not in usage.stderr


def test_a_speed_record_is_named_as_such_not_as_a_broken_file(tmp_path: Path) -> None:
    from scorekeeping import play_speed_game

    from threethirteen.speedrecord import speed_record

    game = play_speed_game(Rules(mode="speed", players=2, rounds=1), seed=4)
    path = tmp_path / "speed.json"
    path.write_text(json.dumps(speed_record(game)))
    one_error(run(["analyze", str(path)]), "speed game's record", "played in turns")
    one_error(run(["analyze", "-"], stdin=path.read_bytes()), "speed game's record")
