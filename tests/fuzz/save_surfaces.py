"""Fuzz surfaces of the terminal game: saved-game files and plain-mode command lines.

* ``save-file``: real saves, mutated (values swapped for other types, huge numbers, deep
  nesting, terminal escapes; actions edited, dropped, repeated; bytes flipped, cut) and
  plain junk, written to ``saved-game.json`` and read by ``store.Keeper.load``. The
  answer is a session (the file kept as it was) or a message (the file set aside under a
  new name, the earlier ``.bad`` file and every other file untouched); never a traceback.
* ``plain-command``: random lines fed to ``PlainGame.command`` over games at different
  moments, with a fake output. Each line gets at least one line of answer; a line that
  does not carry out a move, a hint or an undo changes no game state.
"""

from __future__ import annotations

import atexit
import json
import os
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from fuzz.harness import Surface
from threethirteen.actions import Source
from threethirteen.game import GameState
from threethirteen.printable import printable
from threethirteen.rules import Rules
from threethirteen.tui.plain import PlainGame
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup
from threethirteen.tui.store import Keeper

# -- real games at different moments ----------------------------------------------------


def _games() -> list[Session]:
    """Small games (two to four seats) stopped at the person's draw, the person's
    discard, a computer's turn, just after an undo and at the end."""
    games = []
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        levels = ("greedy", "random", "greedy")[: players - 1]
        rules = Rules.from_json({"players": players, "rounds": 1 if seed == 1 else 2})
        session = Session(Setup.new(rules, levels, seed=seed))
        for step in range(4):
            while session.computer_to_act:
                session.play_computer()
            if session.is_over:
                break
            if step == 0:
                games.append(_copy(session))  # the person to draw
            session.draw(Source.STOCK if step % 2 else Source.DISCARD)
            if step == 1:
                games.append(_copy(session))  # the person to discard
            hand = session.view().hand
            assert hand is not None
            session.discard(hand[step % len(hand)])
            if step == 2:
                session.undo()
                games.append(_copy(session))  # after an undo, the person to discard
                session.discard(hand[0])
            if step == 3:
                games.append(_copy(session))  # a computer to play
        while not session.is_over:
            if session.computer_to_act:
                session.play_computer()
            elif session.view().phase.value == "draw":
                session.draw(Source.STOCK)
            else:
                hand = session.view().hand
                assert hand is not None
                session.discard(hand[0])
        games.append(session)
    return games


def _copy(session: Session) -> Session:
    return Session.from_json(json.loads(json.dumps(session.to_json())))


GAMES = _games()
SAVES = [game.to_json() for game in GAMES if not game.is_over]

# -- save files ---------------------------------------------------------------------------

ODD_STRINGS = ["", " ", "\x1b[2J", "Bob\x07", "³", "١٢", "\u202e", "\ud800x", "x" * 300,
               "0: draw stock", "0: out Qs", "1: discard 10h", "person", "greedy", "draw",
               "three-thirteen-save/1", "null", "-1", "1e999", "NaN"]
ODD_NUMBERS = [0, -1, 1, 2, 3, 7, 13, 99, 2**31, 2**63, 2**64, -(2**63) - 1, 10**29, 1.5,
               -0.0, 1e300]


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of a random type, often a hostile one."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice(ODD_NUMBERS)
    if kind == 3:
        return rng.choice(ODD_STRINGS)
    if kind == 4:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x2FFF)]))
                       for _ in range(rng.randrange(12)))
    if kind == 5:
        return rng.randrange(-100, 100)
    if kind == 6:
        return [odd_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7:
        return {rng.choice(["seed", "rules", "actions", "hints", "x", ""]):
                odd_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return dict(rng.choice(SAVES)["rules"])


def _place(data: Any, rng: random.Random) -> tuple[Any, Any]:
    """A random place in a JSON tree (not the root): its parent and its key or index,
    found by a random walk down from the root."""
    parent, key = None, None
    node = data
    while True:
        if isinstance(node, dict) and node:
            step: Any = rng.choice(list(node))
        elif isinstance(node, list) and node:
            step = rng.randrange(len(node))
        else:
            break
        parent, key, node = node, step, node[step]
        if rng.random() < 0.35:
            break
    return parent, key


def _mutate_tree(data: Any, rng: random.Random) -> Any:
    parent, key = _place(data, rng)
    if parent is None:
        return odd_value(rng)
    move = rng.randrange(6)
    if move == 0 and isinstance(parent, dict):
        del parent[key]
    elif move == 1 and isinstance(parent, list):
        parent.insert(key, parent[key] if rng.random() < 0.5 else odd_value(rng))
    elif move == 2 and isinstance(parent[key], str):
        text = parent[key]
        spot = rng.randrange(len(text) + 1)
        parent[key] = text[:spot] + rng.choice(ODD_STRINGS + ["s", "h", "1", "0", " "]) + \
            text[spot + rng.randrange(2):]
    elif move == 3:
        nested: Any = parent[key]
        for _ in range(rng.choice([2, 10, 70, 200])):
            nested = [nested]
        parent[key] = nested
    else:
        parent[key] = odd_value(rng)
    return data


def save_input(rng: random.Random) -> bytes:
    """A saved-game file: mostly real saves mutated, some junk."""
    choice = rng.random()
    if choice < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
    if choice < 0.12:
        return json.dumps(odd_value(rng)).encode()
    data = json.loads(json.dumps(rng.choice(SAVES)))
    if choice < 0.17:
        return json.dumps(data).encode()  # untouched: must load
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = _mutate_tree(data, rng)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if rng.random() < 0.15:  # damage the bytes as a disk or an editor might
        raw = bytearray(text)
        for _ in range(rng.randrange(1, 4)):
            spot = rng.randrange(len(raw))
            if rng.random() < 0.5:
                raw[spot] = rng.randrange(256)
            else:
                del raw[spot:]
                break
        text = bytes(raw)
    return text


class SaveFolder:
    """A data directory where each input is written as the save, then loaded."""

    def __init__(self) -> None:
        memory = Path("/dev/shm")  # a folder in memory, where there is one: no disk waits
        where = memory if memory.is_dir() and os.access(memory, os.W_OK) else None
        self.folder = Path(tempfile.mkdtemp(prefix="fuzz-saves-", dir=where))
        atexit.register(shutil.rmtree, self.folder, True)
        self.keeper = Keeper(self.folder, tell=lambda line: None)
        self.earlier = self.folder / "saved-game.json.bad"
        self.earlier.write_text("an earlier bad save")
        self.aside = self.folder / "saved-game.json.bad.2"  # where a bad input goes
        self.other = self.folder / "notes.txt"
        self.other.write_text("another file")

    def feed(self, value: object) -> None:
        assert isinstance(value, bytes)
        try:
            self.check(value)
        finally:  # the next input finds the folder as it was
            for left in (self.keeper.save_path, self.aside):
                if left.is_file():
                    left.unlink()

    def check(self, value: bytes) -> None:
        path = self.keeper.save_path
        path.write_bytes(value)
        session, message = self.keeper.load()
        assert self.earlier.read_text() == "an earlier bad save"
        assert self.other.read_text() == "another file"
        aside = self.aside
        if session is not None:  # read: the file stays as it was
            assert message is None and path.read_bytes() == value and not aside.exists()
            again = Session.from_json(session.to_json())
            assert again.state == session.state and again.hints == session.hints
            assert all(name == printable(name) for name in session.names)
            return
        assert message is not None and message == printable(message), message
        assert len(message) < 500, message
        if message.startswith("A finished game"):  # a finished game was recorded
            records = list(self.folder.glob("games/*.json"))
            assert not path.exists() and len(records) == 1
            records[0].unlink()
            return
        assert not path.exists() and aside.read_bytes() == value, message
        assert message.endswith(f"It was kept as {aside}; a new game starts."), message


# -- plain-mode commands ------------------------------------------------------------------

VERBS = ["draw", "d", "stock", "take", "t", "discard", "x", "out", "o", "hand", "table",
         "hint", "h", "undo", "u", "rules", "scores", "sort", "log", "pace", "help", "?",
         "DRAW", "Discard", "fly", "q!", "³", "١", "½", "🂡", "\x1b[2J", "\x00", "-", "--",
         "discard3", "10h", "Qs", "qs", "*", "Jk", "3", "0", "99", "١٢", "9" * 5000, "x" * 300]
ARGS = ["1", "2", "3", "4", "0", "-1", "13", "999999999999", "9" * 5000, "³", "١", "1.5",
        "Qs", "10h", "Th", "ah", "As", "Jk", "*", "Zz", "", "suit", "rank", "melds",
        "sideways", "0.5", "nan", "inf", "-inf", "1e309", "10", "11", "\x1b", "\u202e", "Q♠",
        "🂡", "x" * 200]
WRITES = ("You drew the ", "You took the ", "You discarded ", "You went out",
          "You announced going out", "Hint: ", "Undone: ")


def command_input(rng: random.Random) -> tuple[int, str, list[str]]:
    """A game to type into, a line, and the answers to any question it asks."""
    verb = rng.choice(VERBS)
    if verb in ("hint", "h") and rng.random() < 0.8:  # a hint costs a search: fewer of them
        verb = rng.choice(VERBS)
    words = [verb] + [rng.choice(ARGS) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    if rng.random() < 0.1:
        words = ["".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(1, 9)))]
    spaces = rng.choice([" ", "  ", "\t", " \u3000 "])
    answers = [rng.choice(["yes", "no", "y", "", "maybe", "³"])]
    return rng.randrange(len(GAMES)), spaces.join(words), answers


def fingerprint(state: GameState) -> tuple[object, ...]:
    """Everything of a game that a command could change (comparing whole states, dealer
    included, costs seven times as much)."""
    return (state.history, state.hands, state.discard_pile, state.stock, state.phase,
            state.turn, state.totals, state.round_number, state.winners)


class Commands:
    """Each line goes to a plain game over one of the prepared games, then the game is
    put back as it was."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.answers: list[str] = []
        self.games = [PlainGame(_copy(session), pace=0, read=self.read, write=self.out.append)
                      for session in GAMES]
        self.states = [game.session.state.copy() for game in self.games]
        self.pristine = [fingerprint(state) for state in self.states]

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def feed(self, value: object) -> None:
        index, line, answers = value  # type: ignore[misc]
        game = self.games[index]
        session = game.session
        pristine = self.pristine[index]  # the fingerprint of the prepared game
        hints, undos, events = len(session.hints), len(session.undos), len(session.events)
        order, pace = game.order, game.pace
        self.out.clear()
        self.answers[:] = answers
        moved: bool | None = None
        try:
            going_on = game.command(line)
            assert isinstance(going_on, bool)
            assert going_on or line.split()[0].lower() in ("q", "quit", "exit", "save")
            assert self.out or not going_on, "no answer"
            told = session.events[events:]
            asked = session.hints[hints:]
            moved = fingerprint(session.state) != pristine
            changed = moved or len(session.undos) != undos
            # the state changes exactly when a move, a hint or an undo is carried out,
            # and then it is told
            assert changed == bool(told) or (asked and not told and not changed), (line, self.out)
            for event in told:
                assert event.text in self.out, (line, event.text, self.out)
            for hint in asked:
                assert "Hint: " + hint["advice"] in self.out, (line, self.out)
        finally:  # back to the prepared game
            if moved or (moved is None and fingerprint(session.state) != pristine):
                session.state = self.states[index].copy()
            del session.hints[hints:], session.undos[undos:], session.events[events:]
            game.order, game.pace, game.undo_window = order, pace, False


_SAVES = SaveFolder()
_COMMANDS = Commands()

SURFACES: list[Surface] = [
    Surface("save-file", save_input, _SAVES.feed),
    Surface("plain-command", command_input, _COMMANDS.feed),
]
