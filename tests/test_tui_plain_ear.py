"""The plain mode by ear (issue 15): no ``·`` to read aloud, positions apart from the cards
("2: 8h"), "1 point", a prompt that does not look like a default answer, the go-out
confirmation insisting on yes or no, the upcard said, the score sheet and the rules as
sentences, Ctrl+C leaving cleanly, the README's transcript of a whole round, and a help
text that points to nothing outside the repository."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from test_tui_plain import COMMAND, plain_game, plain_game_that_can_go_out

from threethirteen.actions import Draw, Source
from threethirteen.bots.greedy import GreedyBot
from threethirteen.cards import Card, Rank
from threethirteen.results import End, RoundResult, SeatResult
from threethirteen.rules import Rules
from threethirteen.tui import text
from threethirteen.tui.cardwords import SHORT
from threethirteen.tui.plain import PlainGame
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup


def test_what_the_plain_mode_says_has_no_middle_dots_and_positions_apart() -> None:
    game, script = plain_game()
    game._round_start()
    game._computers()
    game.command("draw")
    for line in ("table", "hand", "log", "scores"):
        game.command(line)
    said = script.said()
    assert "·" not in said, said
    assert "Round 1 of 2: 3 cards each, wild rank 3, dealer Top." in said
    hand = next(line for line in script.out if line.startswith("Your hand (by suit): "))
    cards = game.shown().cards
    assert hand.startswith(f"Your hand (by suit): 1: {SHORT.card(cards[0])}")
    assert f"2: {SHORT.card(cards[1])}" in hand


def test_the_prompt_names_the_step_without_looking_like_a_default() -> None:
    game, script = plain_game()
    script.lines = iter(["quit"])
    game.run()
    prompt = script.out[-1]
    assert prompt == "Your draw > " and "[" not in prompt


def test_one_point_is_said_in_the_singular() -> None:
    out = SeatResult(((Card.parse("4h"), Card.parse("5h"), Card.parse("6h")),), (), 0)
    one = SeatResult((), (Card.parse("Ac"),), 1)
    result = RoundResult(1, Rank.THREE, 0, End.OUT, 0, (out, one))
    lines = text.round_end_lines(result, ("You", "Top"), [0, 1])
    assert lines[0].endswith("; 0 points") and lines[1].endswith("; 1 point"), lines


def test_the_go_out_confirmation_insists_on_yes_or_no() -> None:
    game, script, goers = plain_game_that_can_go_out()
    card: Card = goers[0]
    script.lines = iter(["sure", "", "no"])
    game.command(f"out {card}")
    asked = [line for line in script.out if line.startswith("Go out by discarding")]
    assert len(asked) == 3 and script.out.count("Please type yes or no.") == 2
    assert script.out[-1] == "Not going out." and game.session.view().out is None


def transcript(seed: int = 3) -> list[str]:
    """Round 1 of a plain game as the README shows it: each prompt with what the person
    typed (what the greedy bot would play), up to the question that ends the round."""
    session = Session(Setup.new(Rules(), ("easy", "medium", "expert"), seed=seed))
    heard: list[str] = []
    person = GreedyBot()

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            heard.append(prompt.rstrip())
            raise EOFError
        if prompt.startswith("Go out with"):
            heard.append(prompt + "yes")
            return "yes"
        move = person.choose(session.view(), random.Random(0))
        if isinstance(move, Draw):
            line = "draw" if move.source is Source.STOCK else "take"
        else:
            line = f"discard {game.shown().cards.index(move.card) + 1}"
        heard.append(prompt + line)
        return line

    game = PlainGame(session, pace=0, read=read, write=heard.append)
    game.run()
    return heard[:heard.index("Press Enter for the next round.") + 1]


def test_the_readme_shows_a_whole_round_as_the_plain_mode_says_it() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    lines = transcript()
    assert lines[0].startswith("Three-Thirteen, plain mode.") and len(lines) > 20
    block = "```text\n" + "\n".join(lines) + "\n```"
    assert block in readme


def test_ctrl_c_while_the_computers_play_quits_cleanly() -> None:
    game, script = plain_game()
    game.pace = 0.5

    def interrupt(seconds: float) -> str | None:
        raise KeyboardInterrupt

    game.listen = interrupt
    script.lines = iter(["draw", "discard 1"])
    try:
        quit_ = game.run()
    except KeyboardInterrupt:  # (caught, or it would stop the whole test run)
        raise AssertionError("Ctrl+C escaped from the plain game") from None
    assert quit_ is False  # no traceback: the plain game returns, saved, as on quit
    assert script.out[-1] == ""


def test_the_upcard_is_said_and_the_score_sheet_is_sentences() -> None:
    game, script = plain_game()
    script.lines = iter([])
    game.run()
    assert not game.session.state.view(None).results  # no round finished yet
    said = script.said()
    assert "The discard pile starts with " in said
    game.command("scores")
    assert script.out[-2:] == ["No round is finished yet.",
                               "Totals: You 0, Left 0, Top 0, Right 0."]
    lines = transcript()
    sheet = lines[lines.index("Score sheet:") + 1:-1]
    assert sheet[0].startswith("Round 1, wild rank 3, dealer Left: You ")
    assert sheet[-1].startswith("Totals: You ")


def test_the_rules_say_what_each_option_means_in_play() -> None:
    game, script = plain_game()
    game.command("rules")
    said = script.said()
    assert "In this game:" in said and "Aces are low: A 2 3 is a run, Q K A is not." in said
    assert "After someone goes out, everyone else plays one more turn." in said
    assert "ace = \"low\"" in said  # the option names stay, for --rules


def test_the_play_help_points_to_nothing_outside_the_repository() -> None:
    shown = subprocess.run([COMMAND, "play", "--help"], capture_output=True, text=True,
                           env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"}, check=True).stdout
    assert "--rules" in shown and ".md" not in shown


def test_the_plain_sort_order_is_kept_with_the_game() -> None:
    game, _script = plain_game()
    game._computers()
    game.command("sort melds")
    assert game.session.order.value == "melds"
    assert Session.from_json(game.session.to_json()).order.value == "melds"
