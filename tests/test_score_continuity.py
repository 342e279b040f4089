"""The scorekeeper a family comes back to: ``three-thirteen score`` offers the unfinished
sheet, ``--resume`` alone takes the latest and an id's first digits do; the pack it checks
cards against is said at setup and can be changed (``decks 1``); ``rules`` speaks in
sentences; the sheet shows running totals, and a missing entry is neither 0 nor a lead."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pexpect
import pytest
from scorekeeping import PROMPT, spawn

from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet, sheet_csv
from threethirteen.scorekeeper.lines import ScoreLines
from threethirteen.scorekeeper.store import SheetStore
from threethirteen.scorekeeper.text import sheet_lines, totals_text
from threethirteen.tui.rulewords import rules_in_play


def kept_sheet(home: Path, sheet_id: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
               points: tuple[int, ...] = (4, 9), age: float = 0.0) -> str:
    """A kept sheet of ``names`` (the first deals) with ``points`` entered in the order of
    play, last written ``age`` seconds ago."""
    sheet = Sheet.start(list(names), Rules(players=len(names)))
    for (number, seat), typed in zip(sheet.missing(), points, strict=False):
        sheet = sheet.enter(number, seat, Entry.of_points(typed))
    path = SheetStore(home / "scoresheets").save(sheet_id, sheet)
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return sheet_id


def test_score_offers_the_unfinished_sheet_and_goes_on_with_it(tmp_path: Path) -> None:
    """Newcomer report M4: ``score`` again asked for the names and started a second sheet."""
    sheet_id = kept_sheet(tmp_path, "20261203-101500")
    child = spawn(tmp_path)
    child.expect(f"An unfinished score sheet is kept: {sheet_id}: Ann, Bob and Cy; next: "
                 "round 1")
    child.expect("Go on with it\\? ")
    child.sendline("yes")
    child.expect(f"Score sheet {sheet_id}, written to ")
    child.expect("Round 1, Ann > ")  # Bob and Cy are entered; Ann deals, so plays last
    child.sendline("out")
    child.expect("Ann: went out")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert os.listdir(tmp_path / "scoresheets") == [f"{sheet_id}.json"]
    saved = json.loads((tmp_path / "scoresheets" / f"{sheet_id}.json").read_text())
    assert len(saved["entries"]) == 3

    child = spawn(tmp_path)  # no: a new sheet, the kept one stays
    child.expect("Go on with it\\? ")
    child.sendline("no")
    child.expect("Players' names")
    child.sendeof()
    child.expect(pexpect.EOF)
    assert os.listdir(tmp_path / "scoresheets") == [f"{sheet_id}.json"]


def test_resume_alone_takes_the_latest_and_a_prefix_names_one_sheet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from threethirteen.cli import app

    first = kept_sheet(tmp_path, "20261203-101500", ("Ann", "Bob"), (3,), age=60)
    second = kept_sheet(tmp_path, "20261203-111500", ("Dee", "Eve", "Flo"), (5,))
    kept_sheet(tmp_path, "20261203-121500", ("Gus", "Hal"), (0,) * 22, age=30)  # finished
    child = spawn(tmp_path, "--resume")  # a real terminal: the option without its value
    child.expect(f"Score sheet {second}, written to ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)

    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))

    def score(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(app, ["score", *args], input="quit\n")
        return result.exit_code, result.output + (result.stderr or "")

    code, said = score("--resume", "20261203-10")  # the first digits of one id
    assert code == 0 and f"Score sheet {first}, written to " in said, said
    code, said = score("--resume", "--csv", "-")  # alone, before another option
    assert code == 0 and said.startswith("Round,Cards,Wild,Dealer,Dee,Eve,Flo,"), said
    code, said = score("--resume", "20261203")  # the day: every sheet
    assert code == 1 and "error: 20261203: 3 sheets start with 20261203 " in said, said
    code, said = score("--resume", "1999")
    assert code == 1 and "error: 1999: there is no sheet 1999 in " in said, said
    code, said = score("--new", "--names", "Gus,Hal", "--dealer", "1")  # nothing offered
    assert code == 0 and "unfinished" not in said, said
    assert ("2 players: the pack is 1 deck, no jokers. Shuffling two decks together? Type "
            "decks 2.") in said


def test_the_pack_is_said_at_setup_and_decks_1_checks_one_deck(tmp_path: Path) -> None:
    """Newcomer report M7: with 3 names it silently assumed 2 decks, and ``rules`` printed
    the option list (``upcard = true`` ...)."""
    child = spawn(tmp_path, "--names", "Ann,Bob,Cy", "--dealer", "Ann")
    child.expect("3 players: the pack is 2 decks, no jokers. Playing with one deck\\? Type "
                 "decks 1.")
    child.expect(PROMPT)
    child.sendline("Kd Kd 3c")  # two decks: two Kd may be in one hand
    child.expect("Bob: least penalty 0")
    child.expect(PROMPT)
    child.sendline("decks 1")
    child.expect("Not changed: .*Kd")  # Bob's entry does not fit one deck
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    child.sendline("decks 1")
    child.expect("The pack is now 1 deck, no jokers.")
    child.expect(PROMPT)
    child.sendline("Kd Kd 3c")
    child.expect("Not entered: 2 times Kd")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("In this game:")
    child.expect("3 players, 1 deck, 11 rounds")
    child.expect(PROMPT)
    assert "upcard =" not in (child.before or "")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_sheet_shows_running_totals_and_a_missing_entry_is_no_lead() -> None:
    sheet = Sheet.start(["Ann", "Bob", "Cy"], Rules(players=3))
    for number, seat, typed in [(1, 0, "12"), (1, 1, "out"), (1, 2, "7h 8h Kd"),
                                (2, 0, "4"), (2, 2, "3"), (3, 0, "4"), (3, 1, "3")]:
        sheet = sheet.enter(number, seat, Entry.parse(typed))
    lines = sheet_lines(sheet)
    assert lines[1].split() == ["1", "3", "Ann", "12", "(12)", "0", "(0)", "25", "(25)"]
    assert lines[2].split() == ["2", "4", "Bob", "4", "(16)", "?", "3", "(28)"]
    assert lines[3].split() == ["3", "5", "Cy", "4", "(20)", "3", "?"]
    assert lines[4].split() == ["4", "6", "Ann", "?", "?", "?"]
    # Bob has no round-2 entry: not counted as 0, not named the leader
    assert totals_text(sheet) == ("Totals: Ann 20, Bob 3 (an entry missing), Cy 28. "
                                  "Leader after round 1: Bob.")
    csv_rows = sheet_csv(sheet).splitlines()
    assert csv_rows[2] == "2,4,4,Bob,4,,3,16,,28"
    assert csv_rows[4] == "4,6,6,Ann,,,,,,"  # a round not played has no totals
    assert csv_rows[8] == "8,10,10,Bob,,,,,,"  # and tens are written 10, as the game does
    fresh = Sheet.start(["Ann", "Bob"], Rules(players=2)).enter(1, 0, Entry.parse("5"))
    assert totals_text(fresh) == "Totals: Ann 5, Bob 0. No leader until a round has every entry."
    said: list[str] = []
    typed = iter(["rules", "quit"])
    ScoreLines(fresh, save=lambda _: None, read=lambda _: next(typed),
               write=said.append, rule_words=rules_in_play).run()
    assert "  2 players, 1 deck, 11 rounds: round 1 deals 3 cards each, round 11 deals 13." in (
        said)


def test_cards_are_shown_as_the_game_shows_them() -> None:
    """Newcomer report, LOW: the keeper answered in notation (``Kd 9h``, wild rank ``T``)."""
    from threethirteen.scorekeeper.text import entry_text, round_title

    sheet = Sheet.start(["Ann", "Bob"], Rules(players=2))
    sheet = sheet.enter(8, 1, Entry.parse("Th Jh Qh Kh 10s 2c 3c 4c 5d 9h"))
    assert "wild rank 10," in round_title(sheet, sheet.plan(8))
    said = entry_text(sheet, 8, 1)
    assert "10♥ (wild)" in said and "K♥" in said and "Kh" not in said, said


def test_an_empty_names_line_asks_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from threethirteen.cli import app

    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["score"], input="\nAnn,Bob\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Type the players' names, separated by commas, like Ann,Bob,Cy." in result.output
    assert "not 1" not in result.output
