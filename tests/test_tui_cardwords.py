"""One card notation everywhere a person reads cards (issue 15): faces such as ``10♠`` on
the table, in the log, the prompts, the advice and the arrangements, never the letters of
the notation (``Ts``); ``--long-names`` reads ``ten of spades`` and a saved game keeps it;
the plain mode tells a computer's turn in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
from test_tui_plain import PROMPTS, plain_game, spawn
from test_tui_plain_ear import transcript

from threethirteen.actions import Source
from threethirteen.rules import Rules
from threethirteen.tui.cardwords import LONG, SHORT
from threethirteen.tui.session import Kind, Session, told
from threethirteen.tui.setup import Setup

NOTATION = re.compile(r"\b(?:[2-9TJQKA]|10)[cdhs]\b")  # "Ts", "10h", "Kd": never shown
FACE = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def test_a_whole_plain_round_names_every_card_by_its_face() -> None:
    lines = transcript()
    said = "\n".join(lines)
    assert NOTATION.findall(said) == [], NOTATION.findall(said)
    assert len(FACE.findall(said)) > 30
    assert "10♥" in said  # a ten is 10, not T


def test_the_plain_mode_tells_a_computer_turn_in_one_line() -> None:
    lines = transcript()
    turns = [line for line in lines if line.startswith(("Left ", "Top ", "Right "))]
    assert len(turns) >= 5
    for line in turns:
        assert re.match(r"^\w+ (drew|took) .+ and (discarded|went out,|announced) ", line), line


def test_told_joins_a_computer_draw_and_its_discard_only() -> None:
    session = Session(Setup.new(Rules(players=2, rounds=1), ("greedy",), seed=3))
    while not session.person_to_act:
        session.play_computer()
    session.draw(Source.STOCK)
    hand = session.view().hand
    assert hand is not None
    session.discard(hand[0])
    while not session.person_to_act and not session.is_over:
        session.play_computer()
    moves = [event for event in session.events if event.kind is Kind.MOVE]
    heard = told(session.events, session.names)
    heard_moves = [event for event in heard if event.kind is Kind.MOVE]
    assert sum(event.moves for event in heard_moves) == len(moves)
    mine = [event.text for event in heard_moves if event.seat == 0]
    assert len(mine) == 2 and mine[0].startswith("You drew") and " and " not in mine[0]
    # a draw told alone when its discard is not played yet
    assert told(moves[:1], session.names)[0].text == moves[0].text


def test_long_names_read_cards_in_words_in_every_text() -> None:
    session = Session(Setup.new(Rules(players=4, rounds=2), ("greedy", "random", "greedy"),
                                seed=5), words=LONG)
    game, script = plain_game()
    game.session = session
    game._round_start()
    game._computers()
    game.command("draw")
    for line in ("table", "hand", "log", "hint"):
        game.command(line)
    said = script.said()
    assert FACE.findall(said) == [] and NOTATION.findall(said) == [], said
    assert re.search(r"1: (ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                     r" of (clubs|diamonds|hearts|spades)", said), said
    assert SHORT.card(session.view().hand[0]) not in said  # type: ignore[index]


def test_long_names_from_the_command_line_are_kept_by_the_saved_game(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--plain", "--rules", '{"rounds": 2}', "--levels",
                  "greedy,random,greedy", "--pace", "0", "--seed", "7", "--new", "--long-names")
    child.expect(PROMPTS[0])
    child.sendline("draw")
    child.expect(r"You drew the (\w+ of \w+) from the stock")
    child.expect(PROMPTS[1])
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = spawn(tmp_path, "play", "--plain", "--resume")
    child.expect(r"Your hand \(by suit\): 1: \w+ of \w+")
    assert FACE.search(child.before + child.after) is None
    child.sendline("quit")
    child.expect(pexpect.EOF)
