"""Saved games: bad saves set aside (never overwriting), an unwritable data directory, the
record written before the save goes, the resume question, names shown printable, and
every change saved before it is shown, in the plain mode and the full-screen table."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from test_tui_session import person_plays, small, to_person

from threethirteen.cards import Card
from threethirteen.record import load_record, replay_record
from threethirteen.rules import Rules
from threethirteen.tui import store
from threethirteen.tui.leaving import ask_yes_no, leave
from threethirteen.tui.plain import PlainGame
from threethirteen.tui.session import Session, told
from threethirteen.tui.setup import Setup
from threethirteen.tui.store import Keeper

COMMAND = str(Path(sys.executable).parent / "three-thirteen")


def a_save(seed: int = 9) -> dict[str, Any]:
    session = small(seed=seed)
    to_person(session)
    person_plays(session)
    to_person(session)
    session.hint()
    return session.to_json()


class Notes:
    """What a keeper tells the person."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


# -- bad saves ---------------------------------------------------------------------------

def tampered(change: Callable[[dict[str, Any]], Any]) -> str:
    data = a_save()
    result = change(data)
    return json.dumps(data if result is None else result)


BAD_SAVES = {
    "a list": "[]",
    "a number": "3",
    "null": "null",
    "a string": '"saved"',
    "deep": "[" * 5000 + "]" * 5000,
    "deep object": '{"a":' * 200 + "1" + "}" * 200,
    "not JSON": "{not json",
    "a long number": '{"seed": ' + "9" * 5000 + "}",
    "no format": tampered(lambda d: d.pop("format") and None),
    "seed a string": tampered(lambda d: d.update(seed="nine")),
    "seed a float": tampered(lambda d: d.update(seed=9.5)),
    "actions an object": tampered(lambda d: d.update(actions={"0": "1: draw stock"})),
    "an action a number": tampered(lambda d: d["actions"].__setitem__(0, 7)),
    "an illegal action": tampered(lambda d: d["actions"].insert(0, "0: discard Qs")),
    "an unknown action": tampered(lambda d: d["actions"].append("3: fly away")),
    "players short": tampered(lambda d: d["players"].pop()),
    "a name a list": tampered(lambda d: d["players"].__setitem__(1, ["x"])),
    "an unknown level": tampered(lambda d: d["levels"].__setitem__(1, "genius")),
    "the person a bot": tampered(lambda d: d["levels"].__setitem__(0, "greedy")),
    "rules a list": tampered(lambda d: d.update(rules=[])),
    "rules unknown": tampered(lambda d: d["rules"].update(colour="red")),
    "nine players": tampered(lambda d: d["rules"].update(players=9)),
    "hints a string": tampered(lambda d: d.update(hints="many")),
    "a hint without advice": tampered(lambda d: d["hints"][0].pop("advice") and None),
    "a hint of seat 2": tampered(lambda d: d["hints"][0].update(seat=2)),
    "an undo without a list": tampered(lambda d: d.update(undos=[{"round": 1, "seat": 0,
                                                                  "turn": 1, "undone": 3}])),
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_a_bad_save_is_set_aside_and_a_new_game_starts(name: str, tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    keeper.save_path.write_text(BAD_SAVES[name], encoding="utf-8")
    (tmp_path / "saved-game.json.bad").write_text("an earlier bad save")
    (tmp_path / "other.txt").write_text("untouched")
    session, message = keeper.load()
    assert session is None and message is not None
    assert message.startswith(f"The saved game {keeper.save_path} could not be read: ")
    assert message.endswith(f"It was kept as {tmp_path / 'saved-game.json.bad.2'}; "
                            "a new game starts.")
    assert "Traceback" not in message and len(message) < 400
    assert (tmp_path / "saved-game.json.bad").read_text() == "an earlier bad save"
    assert (tmp_path / "saved-game.json.bad.2").read_text(encoding="utf-8") == BAD_SAVES[name]
    assert (tmp_path / "other.txt").read_text() == "untouched"
    assert not keeper.save_path.exists()
    assert keeper.load() == (None, None)


def test_bytes_that_are_not_utf8_and_a_folder_in_place_of_the_save(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    keeper.save_path.write_bytes(b'{"format": "\xff\xfe"}')
    session, message = keeper.load()
    assert session is None and message is not None and "not UTF-8" in message
    keeper.save_path.mkdir()
    session, message = keeper.load()
    assert session is None and message is not None and "it is not a file" in message
    assert (tmp_path / "saved-game.json.bad.2").is_dir()
    os.mkfifo(keeper.save_path)  # reading a pipe would wait for ever
    session, message = keeper.load()
    assert session is None and message is not None and "it is not a file" in message


def test_a_good_save_survives_the_round_trip_with_its_hints(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    data = a_save()
    keeper.save_path.write_text(json.dumps(data))
    session, message = keeper.load()
    assert message is None and session is not None
    assert session.to_json() == data and session.hints and session.since_person()


def test_names_from_a_save_are_shown_printable(tmp_path: Path) -> None:
    data = a_save()
    data["players"][1] = "Bob\x1b[2J\x07"
    keeper = Keeper(tmp_path)
    keeper.save_path.write_text(json.dumps(data))
    session, _ = keeper.load()
    assert session is not None and session.names[1] == "Bob\\x1b[2J\\x07"
    assert "\x1b" not in store.describe_saved(session)
    out: list[str] = []
    game = PlainGame(session, pace=0, read=lambda prompt: "quit", write=out.append)
    game.run()
    assert out and not any("\x1b" in line or "\x07" in line for line in out)
    assert any("Bob\\x1b[2J" in line for line in out)


# -- an unwritable data directory -----------------------------------------------------------

def test_without_a_writable_folder_the_game_goes_on_and_is_saved_when_it_can(
        tmp_path: Path) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("a file where the data directory should be")
    notes = Notes()
    keeper = Keeper(blocker, tell=notes)
    session = small(seed=3)
    session.on_change = keeper.keep
    to_person(session)
    person_plays(session)
    to_person(session)
    assert len(notes.lines) == 1 and notes.lines[0].startswith(
        f"Note: the game cannot be saved in {blocker}")
    assert "kept in memory" in notes.lines[0] and keeper.failure is not None
    blocker.unlink()  # the folder can be made now
    person_plays(session)
    assert notes.lines[-1] == f"The game is saved again, in {blocker / 'saved-game.json'}."
    assert keeper.failure is None
    resumed, problem = Keeper(blocker).load()
    assert problem is None and resumed is not None and resumed.state == session.state


def finish(session: Session) -> None:
    while not session.is_over:
        to_person(session)
        if not session.is_over:
            person_plays(session)


def test_a_finished_game_is_recorded_before_its_save_is_removed(tmp_path: Path) -> None:
    notes = Notes()
    keeper = Keeper(tmp_path, tell=notes)
    (tmp_path / "games").write_text("a file where the records folder should be")
    session = small(seed=4)
    session.on_change = keeper.keep
    finish(session)
    assert not keeper.recorded and notes.lines and "record cannot be written" in notes.lines[0]
    saved = json.loads(keeper.save_path.read_text())  # the finished game is kept
    assert saved["record"].endswith("-4.json") and len(saved["actions"]) == len(
        session.state.history)
    # the next start records the finished game, then removes its save
    (tmp_path / "games").unlink()
    resumed, message = Keeper(tmp_path).load()
    assert resumed is None and message is not None
    assert message.startswith("A finished game was waiting to be recorded: ")
    record = load_record(tmp_path / "games" / saved["record"])
    assert replay_record(record) == session.state and record["hints"] == session.hints
    assert not keeper.save_path.exists()


def test_leaving_offers_to_try_again_and_prints_the_record_when_input_ends(
        tmp_path: Path) -> None:
    (tmp_path / "games").write_text("in the way")
    keeper = Keeper(tmp_path, tell=Notes())
    session = small(seed=4)
    session.on_change = keeper.keep
    finish(session)
    answers = iter(["", "show"])
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    leave(keeper, session, read=read, write=out.append)
    said = "\n".join(out)
    assert said.count("The game's record could not be written") == 3  # first, Enter, show
    assert "type a file name to write it there" in said
    printed = said[said.rindex("to keep as a .json file:\n") + 25:]
    assert replay_record(json.loads(printed)) == session.state
    # a file name writes it there, and the save is removed only then
    assert keeper.save_path.exists()
    answers = iter([str(tmp_path / "elsewhere.json")])
    leave(keeper, session, read=read, write=out.append)
    written = tmp_path / "elsewhere.json"
    assert keeper.recorded and f"The game's record: {written}" in out[-4:]
    assert f"Step through it with: three-thirteen replay --step {written}" in out[-4:]
    assert not keeper.save_path.exists()


# -- the resume question -----------------------------------------------------------------------

def test_only_a_clear_yes_or_no_answers() -> None:
    def asking(*answers: str) -> tuple[bool | None, list[str]]:
        lines: Iterator[str] = iter(answers)
        out: list[str] = []

        def read(prompt: str) -> str:
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

        return ask_yes_no("Resume it? ", read=read, write=out.append), out

    assert asking("yes") == (True, [])
    assert asking(" N ") == (False, [])
    answer, out = asking("", "yse", "maybe", "no")
    assert answer is False and out == ["Please answer yes or no (not '').",
                                       "Please answer yes or no (not 'yse').",
                                       "Please answer yes or no (not 'maybe')."]
    assert asking("nope")[0] is None


def spawn(home: Path, *args: str) -> pexpect.spawn:
    env = {"THREE_THIRTEEN_HOME": str(home), "PATH": "/usr/bin:/bin", "TERM": "dumb",
           "PYTHONIOENCODING": "utf-8"}
    return pexpect.spawn(COMMAND, ["play", "--plain", "--pace", "0", *args], env=env,
                         encoding="utf-8", timeout=30, dimensions=(40, 200))


def test_a_typo_at_the_resume_question_deletes_nothing(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    keeper.save_path.write_text(json.dumps(a_save()))
    before = keeper.save_path.read_text()
    child = spawn(tmp_path)
    child.expect("Resume it\\? Type yes, or no")
    child.sendline("yess")
    child.expect("Please answer yes or no \\(not 'yess'\\).")
    child.expect("Resume it\\? Type yes, or no")
    child.sendeof()
    child.expect("Nothing was changed: the saved game is still there.")
    child.expect(pexpect.EOF)
    assert keeper.save_path.read_text() == before


def test_the_table_asks_strictly_too(tmp_path: Path) -> None:
    from test_tui_app import until

    from threethirteen.tui.app import TableApp
    from threethirteen.tui.screens import StrictAsk

    keeper = Keeper(tmp_path)
    keeper.save_path.write_text(json.dumps(a_save()))
    saved, _ = keeper.load()
    app = TableApp(Setup.new(Rules(players=4, rounds=2), ("greedy",) * 3, seed=1),
                   saved=saved, pace=0, keeper=keeper)

    async def main() -> None:
        async with app.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StrictAsk))
            await pilot.press("enter", "escape", "x", "enter")
            await pilot.pause()
            assert isinstance(app.screen, StrictAsk) and keeper.save_path.exists()
            assert not app.started
            await pilot.press("n")
            await until(pilot, lambda: app.started)
            assert app.session is not saved

    asyncio.run(main())


# -- saved before shown --------------------------------------------------------------------

class Watcher:
    """A plain game's output that, at each line, checks what the save holds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: list[str] = []
        self.checked = {"drew": 0, "hint": 0, "undo": 0, "computer": 0}

    def saved(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.path.read_text())
        return data

    def write(self, line: str) -> None:
        self.lines.append(line)
        if line.startswith("You drew the "):
            assert self.saved()["actions"][-1] == "0: draw stock", line
            self.checked["drew"] += 1
        elif line.startswith("Hint: "):
            assert self.saved()["hints"][-1]["advice"] == line.removeprefix("Hint: ")
            self.checked["hint"] += 1
        elif line.startswith("Undone: your discard of "):
            data = self.saved()
            card = line.removeprefix("Undone: your discard of ").rstrip(".")
            assert data["undos"][-1]["undone"] == [f"0: discard {Card.parse(card)}"]
            assert data["actions"][-1] == "0: draw stock"
            self.checked["undo"] += 1
        elif line.startswith(("Left ", "Top ", "Right ")):
            data = self.saved()
            replayed = Session.from_json(data)
            heard = [event.text for event in told(replayed.events, replayed.names)]
            assert line in heard[-2:], (line, heard[-2:])
            self.checked["computer"] += 1


def test_the_plain_game_saves_every_change_before_showing_it(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    watcher = Watcher(keeper.save_path)
    session = small(seed=6)
    lines = iter(["hint", "draw", "hint", "discard 1", "discard 2", "", "hint", "draw",
                  "discard 1"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    heard: list[str] = []

    def listen(seconds: float) -> str | None:
        """``undo``, typed while the computers pause after the person's first discard."""
        last = session.state.history[-1]
        if heard or last.seat != 0 or not str(last).startswith("0: discard"):
            return None
        heard.append("undo")
        return "undo"

    game = PlainGame(session, pace=0.01, read=read, write=watcher.write, keeper=keeper,
                     listen=listen)
    game.command("hint")  # not the person's turn: refused, nothing saved
    game.run()
    assert watcher.checked["drew"] == 2 and watcher.checked["hint"] == 3, "\n".join(watcher.lines)
    assert watcher.checked["undo"] == 1 and watcher.checked["computer"] >= 6
    resumed, _ = Keeper(tmp_path).load()
    assert resumed is not None and resumed.state == session.state
    assert resumed.hints == session.hints and resumed.undos == session.undos


def test_the_table_saves_every_change_before_showing_it(tmp_path: Path) -> None:
    from test_tui_app import until

    from threethirteen.tui.app import TableApp
    from threethirteen.view import Phase

    keeper = Keeper(tmp_path)
    app = TableApp(Setup.new(Rules(players=4, rounds=2), ("greedy", "random", "greedy"),
                             seed=5), pace=0.3, keeper=keeper)

    def saved() -> Session:
        return Session.from_json(json.loads(keeper.save_path.read_text()))

    async def main() -> None:
        async with app.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: app.session.person_to_act, seconds=20)
            assert saved().state == app.session.state  # the computers' moves too
            await pilot.press("h")
            assert saved().hints == app.session.hints and app.session.hints
            await pilot.press("d")
            await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
            assert saved().state == app.session.state
            app.pace = 30.0  # time to undo
            await pilot.press("enter")
            await until(pilot, lambda: app.session.computer_to_act)
            await pilot.press("u")
            await until(pilot, lambda: app.session.person_to_act)
            assert saved().undos == app.session.undos and app.session.undos, app.message
            app.pace = 0.3
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.state.history) >= 8, seconds=20)
            moves = len(app.session.state.history)
            assert len(saved().state.history) >= moves  # saved before the log shows it
            await pilot.press("q")

    asyncio.run(main())


def test_leftovers_of_a_crash_are_tidied(tmp_path: Path) -> None:
    keeper = Keeper(tmp_path)
    old = tmp_path / ".saved-game.json.x1y2.tmp"
    fresh = tmp_path / ".saved-game.json.z3w4.tmp"
    for leftover in (old, fresh):
        leftover.write_text("{half a sa")
    os.utime(old, (1_000_000, 1_000_000))
    keeper.tidy()
    assert not old.exists() and fresh.exists()  # a fresh one may be another game's
