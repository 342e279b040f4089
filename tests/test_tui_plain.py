"""The plain mode: typed commands, line by line. A complete game played by a scripted
person through a real pseudo-terminal, save and resume, refusals that change nothing, and
``three-thirteen replay --step``."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from threethirteen.actions import Source
from threethirteen.cards import Card
from threethirteen.record import game_record, load_record, replay_record, save_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game
from threethirteen.solver import deadwood
from threethirteen.tui.cardwords import SHORT
from threethirteen.tui.plain import PlainGame
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup
from threethirteen.view import Phase

COMMAND = str(Path(sys.executable).parent / "three-thirteen")
GAME = ["play", "--plain", "--rules", '{"rounds": 2}', "--levels", "greedy,random,greedy",
        "--pace", "0"]


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = {"THREE_THIRTEEN_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin",
           "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}
    return pexpect.spawn(COMMAND, list(args), env=env, encoding="utf-8", timeout=30,
                         dimensions=(40, 200))


PROMPTS = [r"Your draw > ", r"Your discard > ", r"Press Enter for the next round",
           r"You can go out: type out (\S+)", r"Final scores:", pexpect.EOF]


def test_a_complete_game_through_a_pseudo_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, *GAME, "--seed", "21", "--new")
    child.expect("You play against Left \\(greedy\\), Top \\(random\\), Right \\(greedy\\)")
    turns = rounds = outs = 0
    bad_tried = False
    while True:
        found = child.expect(PROMPTS)
        if found == 0:  # the draw: a bad command first, once; it changes nothing
            if not bad_tried:
                bad_tried = True
                child.sendline("fly away")
                child.expect("Unknown command 'fly'. Type help for the commands.")
                child.expect(PROMPTS[0])
                child.sendline("discard 1")
                child.expect("Draw a card first: from the stock or the discard pile.")
                child.expect(PROMPTS[0])
            child.sendline("take" if turns % 2 else "draw")
        elif found == 1:
            child.sendline("discard 1")
            turns += 1
        elif found == 2:
            rounds += 1
            child.sendline("")
        elif found == 3:
            card = child.match.group(1)
            child.expect(PROMPTS[1])
            child.sendline(f"out {card}")
            child.expect(f"Go out by discarding {SHORT.card(card)}\\? Type yes or no: ")
            child.sendline("yes")
            child.expect(f"You went out, discarding {SHORT.card(card)}")
            outs += 1
        elif found == 4:
            break
        else:
            raise AssertionError(f"the game stopped early:\n{child.before}")
    for name in ("You", "Left", "Top", "Right"):
        child.expect(f"  {name}: \\d+")
    child.expect(r"The game's record: (\S+\.json)")
    path = Path(child.match.group(1).strip())
    child.expect(f"See where you lost points: three-thirteen analyze {re.escape(str(path))} "
                 "--seat 0")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and turns > 3 and rounds == 1 and bad_tried
    record = load_record(path)
    assert replay_record(record).is_over and record["levels"][1:] == ["greedy", "random",
                                                                     "greedy"]
    assert not (tmp_path / "home" / "saved-game.json").exists()


def test_quit_saves_and_the_next_start_resumes(tmp_path: Path) -> None:
    child = spawn(tmp_path, *GAME, "--seed", "4")
    child.expect(PROMPTS[0])
    child.sendline("draw")
    child.expect(r"You drew the (\S+) from the stock")
    drawn = child.match.group(1)
    child.expect(PROMPTS[1])
    child.sendline("quit")
    child.expect("Game saved to .*saved-game.json")
    child.expect(pexpect.EOF)
    saved = json.loads((tmp_path / "home" / "saved-game.json").read_text())
    assert saved["seed"] == 4 and saved["actions"][-1] == "0: draw stock"
    child = spawn(tmp_path, *GAME)
    child.expect("A saved game is waiting: round 1 of 2 against 3 opponents")
    child.expect("Resume it\\? Type yes, or no to start a new game")
    child.sendline("yes")
    child.expect("Resuming the saved game.")
    child.expect(PROMPTS[1])
    child.sendline("hand")
    child.expect(f"Your hand \\(by suit\\): .*{re.escape(drawn)}")
    child.sendline("quit")
    child.expect(pexpect.EOF)


class Script:
    """Typed lines for ``PlainGame``, and everything it writes."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.out: list[str] = []

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None

    def write(self, line: str) -> None:
        self.out.append(line)

    def said(self) -> str:
        return "\n".join(self.out)


def plain_game(seed: int = 5) -> tuple[PlainGame, Script]:
    session = Session(Setup.new(Rules(players=4, rounds=2), ("greedy", "random", "greedy"),
                                seed=seed))
    script = Script([])
    return PlainGame(session, pace=0, read=script.read, write=script.write), script


def plain_game_that_can_go_out() -> tuple[PlainGame, Script, tuple[Card, ...]]:
    """A plain game at the person's discard step with a hand that can go out."""
    for seed in range(200):
        game, script = plain_game(seed)
        game._computers()
        game.session.draw(Source.STOCK)
        goers = game.session.out_cards()
        if goers:
            return game, script, goers
    raise AssertionError("no seed found")


@pytest.mark.parametrize(("line", "answer"), [
    ("", "Type a command, or help for the list."),
    ("jump", "Unknown command 'jump'. Type help for the commands."),
    ("discard", "Say which card: discard 3 (its position) or discard Qs."),
    ("discard 9", "There is no card 9: your hand has 3 cards."),
    ("discard Zz", "'Zz' is not a card or a position (like Qs, 10h or 3)."),
    ("discard 1", "Draw a card first: from the stock or the discard pile."),
    ("out", "You cannot go out yet: draw a card first."),
    ("undo", "There is no discard of yours to undo in this round."),
    ("sort sideways", "Sort by suit, rank or melds."),
    ("pace fast", "Give the pause in seconds, 0 to 10: pace 0.5"),
])
def test_bad_commands_say_so_and_change_nothing(line: str, answer: str) -> None:
    game, script = plain_game()
    game._computers()
    before = game.session.state.copy()
    assert game.command(line) is True
    assert script.out[-1] == answer and game.session.state == before


def test_the_plain_commands_show_everything() -> None:
    game, script = plain_game()
    game._computers()
    for line in ("table", "hand", "scores", "rules", "help", "log", "sort rank", "pace 0"):
        assert game.command(line)
    said = script.said()
    for needed in ("Round 1 of 2: 3 cards each, wild rank 3, dealer Top.",
                   "Left: 3 cards, score 0.",
                   "Stock: ", "Discard pile: ", "Best arrangement: melds:", "Totals: You 0, Left 0",
                   "first_turn_out = true: may go out on one's first turn", "out N|card",
                   "Right took the", "Your hand (by rank):", "Computer moves now pause 0 seconds"):
        assert needed in said, needed
    game.command("draw")
    hand = game.shown().cards
    script.lines = iter(["no"])  # asked only if that discard would go out: just discard it
    game.command(str(hand[0]))  # a card name alone discards it
    assert f"You discarded {SHORT.card(hand[0])}" in script.said()
    assert game.command("undo") and game.session.view().phase.value == "discard"
    assert game.command("quit") is False


def test_going_out_asks_and_no_keeps_playing() -> None:
    game, script, goers = plain_game_that_can_go_out()
    script.lines = iter(["no"])
    game.command(f"out {goers[0]}")
    assert script.out[-2] == f"Go out by discarding {SHORT.card(goers[0])}? Type yes or no: "
    assert script.out[-1] == "Not going out." and game.session.view().out is None
    wrong = next(card for card in game.shown().cards if card not in goers)
    game.command(f"out {wrong}")
    assert script.out[-1].startswith(f"You cannot go out with {SHORT.card(wrong)}")
    script.lines = iter(["yes", ""])
    game.command("out")
    assert f"You went out, discarding {SHORT.card(goers[0])}" in script.said()


def test_discarding_a_card_that_goes_out_asks_and_insists_on_yes_or_no() -> None:
    """Issue 15, trap 1, by typed commands: ``discard Kd`` with Kd going out asks."""
    game, script, goers = plain_game_that_can_go_out()
    game.show_hand()
    assert f"go out with {SHORT.card(goers[0])}" in script.said()
    script.lines = iter([])  # the input ends at the question: nothing is discarded
    game.command(f"discard {goers[0]}")
    assert script.out[-1] == "Nothing discarded." and game.session.view().hand is not None
    assert game.session.view().phase is Phase.DISCARD
    script.lines = iter(["maybe", "", ""])
    game.command(f"discard {goers[0]}")
    assert f"Go out with {SHORT.card(goers[0])}? Type yes or no (Enter: yes): " in script.out
    assert "Please type yes or no." in script.out
    assert f"You went out, discarding {SHORT.card(goers[0])}" in script.said()


def test_the_discard_step_shows_what_the_best_discard_leaves() -> None:
    """Issue 15, traps 4 and 5: the penalty shown while discarding is what the best
    discard leaves, and a hand that cannot go out says why (not "first turn")."""
    for seed in range(200):
        game, script = plain_game(seed)
        game._computers()
        game.session.draw(Source.STOCK)
        if not game.session.out_cards():
            break
    view = game.session.view()
    assert view.hand is not None
    best = min(deadwood([*view.hand[:at], *view.hand[at + 1:]], wild=view.wild,
                        rules=view.rules) for at in range(len(view.hand)))
    game.show_hand()
    line = next(text for text in script.out if text.startswith("Best arrangement"))
    assert line.endswith(f" leaves {best} point{'s' if best != 1 else ''}"), line
    game.command("out")
    assert script.out[-1].startswith("You cannot go out: no discard leaves the rest")
    assert "first turn" not in script.out[-1]


def test_replay_steps_turn_by_turn(tmp_path: Path) -> None:
    state = play_game(Rules(players=2, rounds=1), ["greedy", "random"], seed=3)
    path = tmp_path / "game.json"
    save_record(game_record(state), path)
    child = pexpect.spawn(COMMAND, ["replay", "--step", str(path)], encoding="utf-8",
                          timeout=30)
    child.expect("Press Enter for the next turn; q and Enter stops.")
    child.expect(r"  1\. \S+ \(seat \d\) draws")
    assert "2. " not in child.before
    child.sendline("")
    child.expect(r"  2\. ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "  3. " not in (child.before or "")


def test_enter_skips_the_pause_and_a_command_typed_ahead_is_kept(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--plain", "--rules", '{"rounds": 2}', "--levels",
                  "greedy,random,greedy", "--pace", "5", "--seed", "2", "--new")
    child.expect("Left (took|drew) .* and ")  # Left's turn in one line, then 5 seconds
    start = time.monotonic()
    child.sendline("draw")  # typed while the computers play: skips, and is kept
    child.expect("Right (took|drew) .* and ")
    child.expect(r"Your draw > draw")
    child.expect("You drew the ")
    child.expect(r"Your discard > ")
    assert time.monotonic() - start < 4.0  # the pause was skipped
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("args", "error"), [
    (["--opponents", "9"], "play against 1 to 7 opponents, not 9"),
    (["--levels", "easy,hard,expert"], "unknown level 'hard'"),
    (["--level", "easy", "--levels", "easy,easy,easy"], "give --level or --levels"),
    (["--rules", '{"players": 3}', "--opponents", "3"], "--rules says 3 players"),
    (["--rules", "{oops"], "--rules: not valid JSON"),
    (["--preset", "wild-west"], "unknown preset 'wild-west'"),
    (["--pace", "-1"], "--pace must be 0 to 10 seconds"),
    (["--new", "--resume"], "give --new or --resume, not both"),
])
def test_bad_options_are_refused_by_name(args: list[str], error: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from threethirteen.cli import app

    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--plain", *args], input="")
    assert result.exit_code == 1 and error in result.output + (result.stderr or "")


@pytest.mark.parametrize("line", ["³", "discard ³", "out ³", "discard ١", "9" * 5000,
                                  "discard " + "9" * 5000, "pace ³", "sort ³", "x \x1b[2J",
                                  "\x1b[2J", "½", "discard Q♠", "take ³ ³"])
def test_any_typed_line_gets_an_answer_and_changes_nothing(line: str) -> None:
    """Characters such as ``³`` are digits to ``str.isdigit`` but not to ``int``; very
    long numbers are refused by ``int``: neither may end the game with a traceback."""
    game, script = plain_game()
    game._computers()
    game.command("draw")
    before = game.session.state.copy()
    said = len(script.out)
    assert game.command(line) is True
    answer = script.out[said:]
    assert len(answer) == 1 and len(answer[0]) < 200, answer
    assert "\x1b" not in answer[0]
    assert game.session.state == before


def test_undo_typed_in_the_pause_after_a_discard(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--plain", "--rules", '{"rounds": 2}', "--levels",
                  "greedy,random,greedy", "--pace", "3", "--seed", "7", "--new")
    child.expect(PROMPTS[0])
    child.sendline("draw")
    child.expect(PROMPTS[1])
    before = json.loads((tmp_path / "home" / "saved-game.json").read_text())["actions"]
    child.sendline("discard 1")
    child.expect(r"You discarded (\S+)")
    card = child.match.group(1)
    child.sendline("undo")  # while the computers pause
    child.expect(f"Undone: your discard of {re.escape(card)}.")
    child.expect(PROMPTS[1])
    saved = json.loads((tmp_path / "home" / "saved-game.json").read_text())
    assert saved["actions"] == before
    assert saved["undos"][0]["undone"] == [f"0: discard {Card.parse(card)}"]
    child.sendline("pace 0")
    child.sendline("discard 1")
    child.expect(r"You discarded (\S+)")
    child.expect(PROMPTS[0])  # the computers have played: too late now
    child.sendline("undo")
    child.expect(r"Left has (taken your discard|drawn from the stock since your discard); "
                 "it can no longer be undone.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
