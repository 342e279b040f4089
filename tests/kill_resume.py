"""kill -9 of the plain game at random moments, each followed by a resume.

The game runs in a real pseudo-terminal (pexpect), a scripted person types commands
(draw, take, discard, hint, undo, out), and after a random number of them, at a random
instant, the process gets SIGKILL. Then, from what reached the terminal and the save
left on disk:

* every move and every hint shown before the kill is in the save (the moves shown are a
  prefix of the saved game's moves, at most one move beyond them was saved but not yet
  printed, and an undo shown is in the save);
* the resumed game shows exactly the saved game, and no card that was not shown before
  the kill: the person's hand after resuming is the hand last shown, unless the one move
  saved but not printed was the person's own draw (a committed move) or ended the round.

``tests/test_kill_resume.py`` runs a few kills in the suite; ``bench/kill_resume.py``
runs 50 or more.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

from threethirteen.game import GameState
from threethirteen.tui.cardwords import SHORT
from threethirteen.tui.session import PERSON, Event, Kind, Session, told

COMMAND = str(Path(sys.executable).parent / "three-thirteen")
GAME = ["play", "--plain", "--rules", '{"rounds": 3}', "--levels", "greedy,random,greedy",
        "--pace", "0.02"]
PROMPTS = [r"Your draw > ", r"Your discard > ", r"Press Enter for the next round\. ",
           r"Go out by discarding \S+\? Type yes or no: ", r"Final scores:", pexpect.EOF,
           pexpect.TIMEOUT]
MOVE = re.compile(r"^(You|Left|Top|Right) (drew|took|discarded|went out|announced)\b")
UNDONE = re.compile(r"^Undone: your discard of (\S+)\.$")
HAND = re.compile(r"^(?:Your hand|You are dealt): (.*)\.$")


@dataclass
class Report:
    """What the kills found."""

    kills: int = 0
    games_finished: int = 0
    resumes_checked: int = 0
    moves_shown: int = 0
    hints_shown: int = 0
    undos_shown: int = 0
    saved_not_shown: int = 0  # kills between a save and its printing
    finished_saves: int = 0  # kills between the save of a finished game and its record
    problems: list[str] = field(default_factory=list)


def spawn(home: Path, *args: str) -> pexpect.spawn:
    env = {"THREE_THIRTEEN_HOME": str(home), "PATH": "/usr/bin:/bin", "TERM": "dumb",
           "PYTHONIOENCODING": "utf-8"}
    child = pexpect.spawn(COMMAND, [*GAME, *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(40, 250))
    child.delaybeforesend = None  # "undo" right after a discard lands in the pause
    return child


def load(home: Path) -> Session | None:
    path = home / "saved-game.json"
    if not path.exists():
        return None
    return Session.from_json(json.loads(path.read_text(encoding="utf-8")))


def moves(session: Session) -> list[Event]:
    """The saved game's moves as the plain mode tells them (a computer's turn in one line,
    undone moves left out)."""
    return [event for event in told(session.events, session.names) if event.kind is Kind.MOVE]


PROMPT_PREFIX = re.compile(r"^(?:Your (?:draw|discard) > |Press Enter for the next round\. "
                           r"|Go out by discarding \S+\? Type yes or no: )+")


def lines_of(text: str) -> list[str]:
    """The complete lines of terminal output (a line cut by the kill was not shown), each
    without the prompt it follows when the person typed ahead."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [PROMPT_PREFIX.sub("", line) for line in text.split("\n")[:-1]]


def cards_of(line: str) -> Counter[str]:
    return Counter(word for word in line.replace("(wild)", "").split())


def replay(session: Session, count: int) -> GameState:
    state = GameState(session.setup.rules, seed=session.setup.seed, names=session.setup.names)
    for action in session.state.history[:count]:
        state.apply(action)
    return state


class Killer:
    """Plays, kills and checks, game after game, in ``home``."""

    def __init__(self, home: Path, seed: int) -> None:
        self.home = home
        self.rng = random.Random(seed)
        self.seed = seed
        self.report = Report()
        self.games = 0

    def run(self, kills: int) -> Report:
        while self.report.kills < kills:
            self.life()
        return self.report

    def life(self) -> None:
        """One run of the game: started or resumed, played a little, killed, checked."""
        before = load(self.home)
        if before is not None and before.is_over:  # killed while finishing: the next
            before = None  # start records the game (checked below) and starts anew
            self.report.finished_saves += 1
        if before is None:
            self.games += 1
            child = spawn(self.home, "--new", "--seed", str(self.seed * 1000 + self.games))
        else:
            child = spawn(self.home, "--resume")
        shown = [event.text for event in moves(before)] if before is not None else []
        hints = [hint["advice"] for hint in before.hints] if before is not None else []
        undos = len(before.undos) if before is not None else 0
        commands = self.rng.randint(1, 8)
        finished = False
        transcript = ""
        try:
            for _ in range(commands):
                found = child.expect(PROMPTS)
                transcript += child.before + (child.after if isinstance(child.after, str)
                                              else "")
                if found == 4:
                    finished = True
                    break
                if found >= 5:
                    raise AssertionError(f"the game stopped: {child.before[-500:]!r}")
                child.sendline(self.choose(found, child.before))
                if found == 1 and self.rng.random() < 0.4:
                    child.sendline("undo")  # at once: in the pause before the next move
            time.sleep(self.rng.uniform(0, 0.05))
        finally:
            if not finished:
                os.kill(child.pid, signal.SIGKILL)
            with contextlib.suppress(pexpect.EOF, OSError):
                transcript += child.read()
            child.close(force=True)
        if finished:
            self.report.games_finished += 1
            return
        self.report.kills += 1
        try:
            self.check(before, transcript, shown, hints, undos)
        except AssertionError as error:
            tail = "\n".join(lines_of(transcript)[-40:])
            raise AssertionError(f"kill {self.report.kills}: {error}\n--- the terminal's "
                                 f"last lines:\n{tail}") from None

    def choose(self, prompt: int, before: str) -> str:
        rng = self.rng
        if prompt == 0:
            return rng.choice(["draw", "draw", "take", "hint"])
        if prompt == 1:
            out = re.search(r"You can go out: type out (\S+)", before)
            if out and rng.random() < 0.7:
                return f"out {out.group(1)}"
            return rng.choice(["discard 1", "discard 2", "discard 3", "hint", "1"])
        return "yes" if prompt == 3 else ""

    def check(self, before: Session | None, transcript: str, shown: list[str],
              hints: list[str], undos: int) -> None:
        """The save after the kill against what the terminal showed."""
        lines = lines_of(transcript)
        if before is not None:
            self.check_resume(before, lines)
        for line in lines:
            # The plain mode adds "(u to undo)" to a discard it may take back; the save's
            # event is the move alone.
            line = line.removesuffix(" (u to undo)")
            if (move := MOVE.match(line)) is not None:
                # a computer's draw shown before a kill, its discard after the resume: the
                # save tells them in one line, as the plain mode does in one go
                who = move.group(1)
                if (shown and who != "You" and shown[-1].startswith((f"{who} drew", f"{who} took"))
                        and " and " not in shown[-1] and move.group(2) not in ("drew", "took")):
                    shown[-1] += " and " + line.removeprefix(who + " ")
                else:
                    shown.append(line)
                self.report.moves_shown += 1
            elif (undone := UNDONE.match(line)) is not None:
                last = shown.pop()
                card = undone.group(1)
                assert last in (f"You discarded {card}", f"You went out, discarding {card}"), (
                    last, line)
                undos += 1
                self.report.undos_shown += 1
            elif line.startswith("Hint: "):
                hints.append(line.removeprefix("Hint: "))
                self.report.hints_shown += 1
        after = load(self.home)
        if after is None:  # killed before anything changed
            assert not shown and not hints, "the game in progress has no save"
            return
        told_moves = moves(after)
        saved = [event.text for event in told_moves]
        saved_hints = [hint["advice"] for hint in after.hints]
        if len(after.undos) == undos + 1:  # an undo saved, killed before it was printed
            assert shown[-1].startswith(("You discarded", "You went out")), shown[-1]
            shown.pop()
            undos += 1
            self.report.saved_not_shown += 1
        assert len(after.undos) == undos, (len(after.undos), undos)
        assert saved[:len(shown)] == shown, self.mismatch(saved, shown)
        assert len(saved) - len(shown) <= 1, self.mismatch(saved, shown)
        assert saved_hints[:len(hints)] == hints and len(saved_hints) - len(hints) <= 1, (
            saved_hints, hints)
        if len(saved) > len(shown) or len(saved_hints) > len(hints):
            self.report.saved_not_shown += 1
        self.expected_hand = self.hand_shown(
            after, sum(event.moves for event in told_moves[:len(shown)]))

    def hand_shown(self, after: Session, shown: int) -> tuple[Counter[str], Counter[str]]:
        """The person's hand as last shown, and the hand the resume may show."""
        state = replay(after, shown)
        last_shown = Counter(SHORT.card(card) for card in state.hands[PERSON])
        saved = Counter(SHORT.card(card) for card in after.state.hands[PERSON])
        extra = after.state.history[shown:]
        if extra:  # saved, not printed: the person's own move, or a computer's
            new_round = after.state.round_number != state.round_number
            if extra[0].seat == PERSON or new_round:
                last_shown = saved
        return last_shown, saved

    def check_resume(self, before: Session, lines: list[str]) -> None:
        """The resumed game shows the saved hand, which is the hand shown before."""
        hands = [HAND.match(line) for line in lines]
        first = next(match for match in hands if match is not None)
        shown_hand = cards_of(first.group(1))
        last_shown, saved = self.expected_hand
        assert shown_hand == saved, (shown_hand, saved)
        assert shown_hand == last_shown, ("the resume shows cards not shown before",
                                          shown_hand, last_shown)
        self.report.resumes_checked += 1

    @staticmethod
    def mismatch(saved: list[str], shown: list[str]) -> str:
        for index, (a, b) in enumerate(zip(saved, shown, strict=False)):
            if a != b:
                return f"move {index}: saved {a!r}, shown {b!r}"
        return f"saved {len(saved)} moves, shown {len(shown)}: {saved[len(shown) - 2:]}"


def run_kills(home: Path, kills: int, seed: int) -> Report:
    """``kills`` kills in ``home`` (which should be empty), with a seeded script."""
    home.mkdir(parents=True, exist_ok=True)
    return Killer(home, seed).run(kills)
