"""Speed games through a real pseudo-terminal: the full-screen table played by keys, left
and resumed; the plain mode quit and resumed; kill -9 at random moments, each followed by
a resume that shows the saved game, with nothing shown lost."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sys
import time
from pathlib import Path

import pexpect

from threethirteen.tui.cardwords import SHORT
from threethirteen.tui.session import PERSON
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.store import session_from_json

COMMAND = str(Path(sys.executable).parent / "three-thirteen")
RULES = '{"rounds": 3, "speed_seconds": 30, "first_turn_out": false}'
DRAW = r"Draw! draw or take \(\d+ s\) > "
DISCARD = r"Discard! discard N or out N \(\d+ s\) > "
ANSI = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|[PX^_].*?\x1b\\|\][^\x07]*\x07|.)")


def spawn(home: Path, *args: str, full: bool = False) -> pexpect.spawn:
    env = {"THREE_THIRTEEN_HOME": str(home), "PATH": "/usr/bin:/bin",
           "TERM": "xterm-256color" if full else "dumb", "PYTHONIOENCODING": "utf-8",
           "LANG": "C.UTF-8"}
    return pexpect.spawn(COMMAND, ["play", *args], env=env, encoding="utf-8", timeout=30,
                         dimensions=(24, 80) if full else (40, 200))


def saved(home: Path) -> SpeedSession | None:
    path = home / "saved-game.json"
    if not path.exists():
        return None
    session = session_from_json(json.loads(path.read_text(encoding="utf-8")))
    assert isinstance(session, SpeedSession)
    return session


def cards_of(hand: str) -> list[str]:
    """The cards of a numbered hand as the plain mode shows it (``1: 7♥, 2: 3♠ (wild)``)."""
    return sorted(re.sub(r"^\d+: ", "", card).replace(" (wild)", "")
                  for card in hand.split(", "))


class Screen:
    """What a full-screen program has written to the terminal, escapes taken out."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.raw = ""

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.raw += self.child.read_nonblocking(100_000, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw)

    def until(self, done: object, seconds: float = 20.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if callable(done) and done():
                return
            if isinstance(done, str) and done in self.text:
                return
            self.pump(0.1)
        raise AssertionError(f"never got there: {done!r}\n{self.text[-800:]}")


def test_the_full_screen_speed_table_in_a_terminal_left_and_resumed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(home, "--preset", "speed", "--rules", RULES, "--seed", "5", "--pace", "0",
                  full=True)
    screen = Screen(child)
    screen.until("Call 1")
    screen.until(lambda: saved(home) is not None)
    screen.until("Right's pile")
    screen.until("q quit")
    child.send("d")
    screen.until(lambda: "0: draw stock" in [str(a) for a in saved(home).game.history])  # type: ignore[union-attr]
    screen.until("You drew the ")
    child.send("1")
    child.send("\r")
    screen.until(lambda: saved(home).game.call == 2)  # type: ignore[union-attr]
    child.send("q")
    screen.until("Leave the game?")
    child.send("y")
    screen.until("Game saved to")
    child.expect(pexpect.EOF)
    before = saved(home)
    assert before is not None and before.game.call == 2
    assert not re.search(r"\b[2-9TJQKA][cdhs]\b", screen.text.split("Game saved")[0])

    # a plain `play` asks at the standard table; yes resumes at the speed table
    child = spawn(home, full=True)
    screen = Screen(child)
    screen.until("a speed game")
    child.send("y")
    screen.until("Call 2")
    child.send("d")
    screen.until(lambda: len(saved(home).game.history) > len(before.game.history))  # type: ignore[union-attr]
    child.sendcontrol("c")
    screen.until("Game saved to")
    child.expect(pexpect.EOF)
    after = saved(home)
    assert after is not None
    assert after.game.history[:len(before.game.history)] == before.game.history


def test_the_plain_speed_game_quits_and_resumes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(home, "--plain", "--preset", "speed", "--rules", RULES, "--seed", "7")
    child.expect(DRAW)
    child.sendline("draw")
    child.expect(r"You drew (\S+)\. Your hand: (.*)\.\r\n")
    child.expect(DISCARD)
    child.sendline("discard 1")
    child.expect(DRAW)
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect("Game saved to ")
    child.expect(pexpect.EOF)
    before = saved(home)
    assert before is not None and before.game.call == 2

    child = spawn(home, "--plain")
    child.expect("A saved game is waiting: a speed game \\(3-13 Speed\\), round 1 of 3, call 2")
    child.sendline("yes")
    child.expect("Resuming the speed game: round 1, call 2.")
    child.expect(r"Call 2\. Your hand: ([^\r\n]*)\.\r?\n")
    shown = cards_of(child.match.group(1))
    assert shown == sorted(SHORT.card(card) for card in before.game.hands[PERSON])
    child.expect(DRAW)
    child.sendline("take")
    child.expect(DISCARD)
    child.sendline("quit")
    child.expect("Game saved to ")
    child.expect(pexpect.EOF)
    after = saved(home)
    assert after is not None
    assert "0: draw discard" in [str(a) for a in after.game.history[len(before.game.history):]]

    child = spawn(home, "--plain", "--resume")  # no question
    child.expect("Resuming the speed game: round 1, call 2.")
    child.expect(DISCARD)
    child.sendeof()
    child.expect(pexpect.EOF)


HAND = re.compile(r"(?:Call \d+|You drew \S+)\. Your hand: (.*)\.$")
TOLD = re.compile(r"^(Left|Top|Right) drew from .*, discarded \S+( and went out)?\.$")


def told_lines(session: SpeedSession) -> list[str]:
    """Every call of the saved game as the plain mode tells it, in order."""
    lines = []
    names = session.names
    for round_ in session.game.rounds():
        seats = round_.seats
        for call in round_.calls:
            discards = {discard.seat: discard for discard in call.discards}
            for draw in call.draws:
                if draw.seat == PERSON:
                    continue
                discard = discards[draw.seat]
                right = seats[seats.index(draw.seat) - 1]
                owner = "your" if right == PERSON else f"{names[right]}'s"
                source = ("the stock" if draw.source.value == "stock"
                          else f"{owner} pile: {SHORT.card(draw.card)}")
                out = " and went out" if discard.out else ""
                lines.append(f"{names[draw.seat]} drew from {source}, discarded "
                             f"{SHORT.card(discard.card)}{out}.")
    return lines


def test_kill_minus_nine_in_a_speed_game_loses_nothing_shown(tmp_path: Path) -> None:
    """The plain speed game is killed at random moments; after each kill the save holds
    every call told, at most one step beyond what was shown, and the resume shows the
    saved hand."""
    home = tmp_path / "home"
    rng = random.Random(3)
    kills = resumes = calls_told = 0
    games = 0
    while kills < 6:
        before = saved(home)
        if before is None or before.is_over:
            games += 1
            child = spawn(home, "--plain", "--preset", "speed", "--rules", RULES, "--new",
                          "--seed", str(100 + games))
        else:
            child = spawn(home, "--plain", "--resume")
        transcript = ""
        finished = False
        for _ in range(rng.randint(1, 6)):
            found = child.expect([DRAW, DISCARD, "Final scores:", pexpect.EOF,
                                   r"Press Enter for \S+ \S+\. "])
            transcript += child.before + str(child.after)
            if found == 4:  # a round's results: the next round's clock waits for Enter
                child.sendline("")
                continue
            if found >= 2:
                finished = True
                break
            child.sendline(rng.choice(["draw", "take"]) if found == 0
                           else f"discard {rng.randint(1, 3)}")
        time.sleep(rng.uniform(0, 0.05))
        if finished:
            child.close(force=True)
            continue
        os.kill(child.pid, signal.SIGKILL)
        with contextlib.suppress(pexpect.EOF, OSError):
            transcript += child.read()
        child.close(force=True)
        kills += 1
        after = saved(home)
        lines = [line.strip() for line in transcript.replace("\r", "").split("\n")[:-1]]
        if before is not None:  # the resume showed the saved hand
            first = next(m for m in map(HAND.search, lines) if m is not None)
            shown = cards_of(first.group(1))
            assert shown == sorted(SHORT.card(c) for c in before.game.hands[PERSON]), (
                shown, before.game.hands[PERSON])
            resumes += 1
        told = [line for line in lines if TOLD.match(line)]
        calls_told += len(told)
        assert after is not None, "the game in progress has no save"
        everything = told_lines(after)
        # every call told is in the save, in order: the told lines end the saved ones,
        # up to the one call saved but not yet told
        start = len(told_lines(before)) if before is not None else 0
        assert everything[start:start + len(told)] == told, (told, everything[start:])
        assert len(everything) - start - len(told) <= len(after.names) - 1
    assert kills == 6 and resumes >= 3 and calls_told > 5
