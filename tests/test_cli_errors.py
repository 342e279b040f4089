"""Issue 11: one policy for bad input, in every command and in record replay.

Each command, run as a real process on bad input, exits 1 with exactly one line
``error: ...`` that names the input (and, for a record, the place), and never prints a
traceback. Records are checked field by field: a ``RecordError`` names round, turn, key.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from golden_games import HERE

from threethirteen.errors import RecordError
from threethirteen.record import load_record, replay_record
from threethirteen.sim import run_games

SCRIPT = Path(sys.executable).parent / "three-thirteen"
DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = '{"wild_penalty": 1' + "0" * 5000 + "}"


def run(args: Sequence[str], stdin: bytes = b"", cwd: Path | None = None,
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, timeout=60,
                          cwd=cwd)


def assert_one_error(done: subprocess.CompletedProcess[bytes], *needles: str) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "Traceback" not in done.stdout.decode("utf-8", "replace")
    assert done.returncode == 1, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "\x1b" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def golden() -> dict[str, Any]:
    return load_record(HERE / "playoff.json")


def standard() -> dict[str, Any]:
    return load_record(HERE / "two-players-standard.json")


# -- tampered records: each names its place ------------------------------------------

def _set(path: Sequence[Any], value: Any, base: Callable[[], dict[str, Any]] = standard,
         ) -> dict[str, Any]:
    record = copy.deepcopy(base())
    target: Any = record
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return record


TAMPERED: list[tuple[str, dict[str, Any], str]] = [
    ("rounds not a list", _set(["rounds"], "all"), "rounds"),
    ("round not an object", _set(["rounds", 1], [1, 2]), "rounds[1]"),
    ("turn not an object", _set(["rounds", 1, "turns", 2], "7h"), "round 2, key 'turns'"),
    ("card not text", _set(["rounds", 1, "turns", 2, "discard"], 7),
     "round 2, turn 3, key 'discard'"),
    ("dealt card not text", _set(["rounds", 0, "deal", "hands", 0, 1], None),
     "round 1, deal, key 'hands'"),
    ("points as text", _set(["rounds", 0, "result", 0, "points"], "10"),
     "round 1, result of seat 0, key 'points'"),
    ("out as a number", _set(["rounds", 0, "turns", 0, "out"], 0), "round 1, turn 1, key 'out'"),
    ("draw from elsewhere", _set(["rounds", 0, "turns", 0, "draw"], "deck"),
     "round 1, turn 1, key 'draw'"),
    ("seat as a float", _set(["rounds", 0, "turns", 0, "seat"], 1.0),
     "round 1, turn 1, key 'seat'"),
    ("hints not a list", _set(["hints"], {"advice": 1}), "hints"),
    ("hint advice not text", _set(["hints"], [{"round": 1, "seat": 0, "turn": 1, "advice": 3}]),
     "hints[0], key 'advice'"),
    ("hint for no seat", _set(["hints"], [{"round": 1, "seat": -1, "turn": 1, "advice": "x"}]),
     "hints[0]"),
    ("hint for no round", _set(["hints"], [{"round": 99, "seat": 0, "turn": 1, "advice": "x"}]),
     "hints[0]"),
    ("undone not a list", _set(["undos"], [{"round": 1, "seat": 0, "turn": 1, "undone": "x"}]),
     "undos[0], key 'undone'"),
    ("name not text", _set(["players", 0], ["Ann"]), "players[0]"),
    ("rules not an object", _set(["rules"], "standard"), "rules"),
    ("rules out of range", _set(["rules", "wild_penalty"], 2**53), "rules, key 'wild_penalty'"),
    ("totals as text", _set(["totals", 0], "12"), "totals[0]"),
    ("playoff seats tampered", _set(["rounds", 1, "seats"], [0], golden), "round 2, key 'seats'"),
    ("playoff seats reordered", _set(["rounds", 1, "seats"], [1, 0], golden),
     "round 2, key 'seats'"),
    ("seats on a regular round", _set(["rounds", 0, "seats"], [0, 1], golden),
     "round 1, key 'seats'"),
]


@pytest.mark.parametrize(("label", "record", "where"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_malformed_records_name_the_place(label: str, record: dict[str, Any], where: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay_record(record)
    assert caught.value.where.startswith(where), (caught.value.where, str(caught.value))


def test_the_golden_records_still_replay() -> None:
    assert replay_record(golden()).is_over and replay_record(standard()).is_over


# -- every command, as a process -------------------------------------------------------

def test_solve_refuses_bad_arguments_with_one_line() -> None:
    assert_one_error(run(["solve", "--wild", "³", "7h"]), "³")
    assert_one_error(run(["solve", "--wild", "7", *(["7h"] * 40)]), "40 cards")
    assert_one_error(run(["solve", "--wild", "7", "--rules", DEEP[:2000] + "]" * 1000, "7h"]),
                     "--rules", "nested")
    assert_one_error(run(["solve", "--wild", "7", "--rules", LONG_NUMBER, "7h"]), "--rules")
    assert_one_error(run(["solve", "--wild", "7", "--rules", '{"wild_penalty": 9007199254740992}',
                          "7h"]), "--rules", "wild_penalty")
    assert_one_error(run(["solve", "--wild", "7", "--rules", '{"players": 4', "7h"]), "--rules")
    assert_one_error(run(["solve", "--wild", "7", "7h", "٣h"]), "٣h")


def test_solve_jsonl_answers_every_line_after_a_bad_one() -> None:
    lines = [b'{"hand": "7h 8h 9h", "wild": 7}', DEEP.encode(), b"\xff\xfe{}",
             LONG_NUMBER.encode(), b'{"hand": "7h 8h", "wild": 7, "rules": {"wild_penalty": '
             b'9007199254740992}}', b'{"hand": "' + b"7h " * 40 + b'", "wild": 7}',
             b"[1, 2]", b'{"hand": 7, "wild": 7}', b'{"hand": "Kh", "wild": "\xc2\xb3"}',
             b"x" * 200_000, *(b'{"hand": "7h 8h", "wild": 7, "rules": ' + empty + b"}"
                               for empty in (b"[]", b"0", b'""', b"false")),
             b'{"hand": "7h 8h 9h", "wild": 7, "rules": null}']
    done = run(["solve", "--jsonl"], stdin=b"\n".join(lines) + b"\n")
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] == answers[-1] and answers[0]["deadwood"] == 0
    for number, answer in enumerate(answers[1:-1], start=2):
        assert set(answer) == {"error"} and answer["error"].startswith(f"line {number}: ")


def _write(folder: Path, name: str, data: bytes | dict[str, Any]) -> Path:
    path = folder / name
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def test_replay_refuses_bad_files_with_one_line_naming_the_place(tmp_path: Path) -> None:
    for name, data, needles in [
        ("deep.json", DEEP.encode(), ["deep.json", "nested"]),
        ("bytes.json", b"\xff\xfe\x00", ["bytes.json", "UTF-8"]),
        ("number.json", LONG_NUMBER.encode(), ["number.json", "digits"]),
        ("list.json", b"[1, 2, 3]", ["list.json", "object"]),
        ("empty.json", b"", ["empty.json"]),
        *((f"tampered-{index}.json", record, [f"tampered-{index}.json", where])
          for index, (_, record, where) in enumerate(TAMPERED)),
    ]:
        assert_one_error(run(["replay", str(_write(tmp_path, name, data))]), *needles)
    assert_one_error(run(["replay", str(tmp_path / "missing.json")]), "missing.json")
    assert_one_error(run(["replay", str(tmp_path)]), str(tmp_path))
    assert_one_error(run(["replay", "-"], stdin=DEEP.encode()), "standard input")
    assert_one_error(run(["replay", "-"], stdin=b"\xff"), "standard input")


def test_replay_shows_escape_codes_in_names_instead_of_obeying_them(tmp_path: Path) -> None:
    record = standard()
    record["players"][0] = "Ann\x1b[2J\x1b]0;owned\x07"
    done = run(["replay", str(_write(tmp_path, "names.json", record))])
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "\x1b" not in out and "\x07" not in out
    assert "Ann\\x1b[2J" in out


def test_simulate_refuses_bad_options_before_playing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    base = ["simulate", "--seats", "random,random", "--games", "2"]
    assert_one_error(run([*base, "--records", str(blocker / "records")]), "--records")
    assert_one_error(run(["simulate", "--seats", "random,random", "--games", "100000000"]),
                     "--games", "1,000,000")
    assert_one_error(run([*base, "--jobs", "10000"]), "--jobs")
    assert_one_error(run([*base, "--rules", DEEP[:20_000] + "]" * 20_000]), "--rules")
    assert_one_error(run([*base, "--rules", LONG_NUMBER]), "--rules")
    assert_one_error(run([*base, "--rules", '{"players": 3}']), "--rules")
    assert_one_error(run(["simulate", "--seats", "random,nobody", "--games", "1"]), "nobody")
    assert not list(tmp_path.glob("*.json"))


def test_simulate_writes_records_atomically_and_streams(tmp_path: Path) -> None:
    from threethirteen.rules import Rules

    folder = tmp_path / "records"
    outcomes = run_games(["random", "random"], 3, seed=2, rules=Rules(players=2, rounds=1),
                         records=folder)
    assert [outcome.index for outcome in outcomes] == [0, 1, 2]
    assert sorted(path.name for path in folder.iterdir()) == ["0.json", "1.json", "2.json"]
    for path in folder.iterdir():
        assert replay_record(load_record(path)).is_over


def test_simulate_does_not_build_every_task_up_front() -> None:
    from threethirteen.rules import Rules
    from threethirteen.sim import MAX_GAMES, iter_games

    games = iter_games(["random", "random"], MAX_GAMES, seed=1,
                       rules=Rules(players=2, rounds=1))
    first = next(games)  # a list of a million tasks would take seconds and much memory
    assert first.index == 0
    games.close()


def test_play_refuses_hostile_rules_json_in_one_line(tmp_path: Path) -> None:
    for text in ("[" * 5000 + "]" * 5000, '{"rounds": 1' + "0" * 5000 + "}", "{"):
        done = run(["play", "--plain", "--new", "--rules", text], cwd=tmp_path)
        assert_one_error(done, "--rules")


def test_replay_shows_every_field_of_a_file_inert() -> None:
    from threethirteen.cli.replay import describe

    record = load_record(HERE / "two-players-standard.json")
    tampered = copy.deepcopy(record)
    tampered["rounds"][0]["wild"] = tampered["rounds"][0]["wild"] + " \t\x1b[2J"
    try:
        replay_record(tampered)
    except RecordError:
        return  # refused: nothing is shown
    assert all(line.isprintable() for line in describe(tampered))


def test_small_command_line_answers() -> None:
    """Issue 15's command-line items: no cards, --wild with --round, --version, 1 game."""
    assert_one_error(run(["solve", "--wild", "5"]), "give the cards")
    assert_one_error(run(["solve", "--wild", "5", "--round", "3", "7h"]), "not both")
    version = run(["--version"])
    assert version.returncode == 0 and version.stdout.decode().startswith("three-thirteen ")
    once = run(["simulate", "--games", "1", "--seats", "greedy,random", "--seed", "3"])
    out = once.stdout.decode()
    assert once.returncode == 0 and out.startswith("1 game in "), out
    assert "mean total: final points" in out


def test_replay_of_a_saved_game_says_what_it_is(tmp_path: Path) -> None:
    """Issue 15: a save given to replay is named as a game in progress, not 'not a record'."""
    from threethirteen.tui.session import SAVE_FORMAT

    save = _write(tmp_path, "saved-game.json", {"format": SAVE_FORMAT, "seed": 1})
    assert_one_error(run(["replay", str(save)]), "saved-game.json", "game in progress",
                     "three-thirteen play")
