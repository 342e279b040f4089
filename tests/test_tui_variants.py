"""The terminal game under the presets of issue 17: ``--preset five-suit`` (the stars suit
drawn as ★, in its own colour) and ``--preset deuces-arent-wild`` (a twelfth round of 14
cards with no wild rank), through the real pseudo-terminal and Textual's pilot."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
from test_tui_app import page_text, run, until
from test_tui_layout import played_to
from textual.pilot import Pilot

from threethirteen.cards import Card
from threethirteen.rules import Rules
from threethirteen.tui.app import TableApp
from threethirteen.tui.screens import Page
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup, play_rules
from threethirteen.tui.widgets import CardView, card_text
from threethirteen.view import Phase

COMMAND = str(Path(sys.executable).parent / "three-thirteen")
PROMPTS = [r"Your draw > ", r"Your discard > ", r"Press Enter for the next round",
           r"You can go out: type out (\S+)", r"Final scores:", pexpect.EOF]


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = {"THREE_THIRTEEN_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin",
           "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}
    return pexpect.spawn(COMMAND, list(args), env=env, encoding="utf-8", timeout=30,
                         dimensions=(40, 200))


def play_to_the_end(child: pexpect.spawn) -> str:
    """Draw, discard the first card, go out when offered; the whole game's output."""
    seen: list[str] = []
    while True:
        found = child.expect(PROMPTS)
        seen.append(child.before)
        if found == 0:
            child.sendline("draw")
        elif found == 1:
            child.sendline("discard 1")
        elif found == 2:
            child.sendline("")
        elif found == 3:
            card = child.match.group(1)
            child.expect(PROMPTS[1])
            child.sendline(f"out {card}")
            child.expect("Type yes or no: ")
            child.sendline("yes")
        elif found == 4:
            child.expect(pexpect.EOF)
            seen.append(child.before)
            return "".join(seen)
        else:
            raise AssertionError(f"the game stopped early:\n{child.before}")


def test_the_help_lists_the_new_presets(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--help")
    child.expect(pexpect.EOF)
    said = " ".join(child.before.replace("│", " ").split())
    assert "deuces-arent-wild" in said and "five-suit" in said and "★" in said
    assert "speed" in said and "--plain" in said
    assert play_rules("deuces-arent-wild", None, None).players == 3
    assert play_rules("speed", None, None).players == 4  # not the preset's 12
    assert play_rules("speed", None, 5).players == 6


def test_a_five_suit_game_in_the_plain_mode(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--plain", "--preset", "five-suit", "--rules",
                  '{"rounds": 3}', "--level", "greedy", "--pace", "0", "--seed", "5", "--new")
    child.expect("Round 1 of 3: 3 cards each, wild rank 3")
    child.expect(PROMPTS[0])
    child.sendline("rules")
    child.expect("The five-suit pack: five suits, stars \\(★\\) added")
    child.expect("J, Q and K cost 11, 12 and 13 points")
    child.expect('pack = "five-suit"')
    said = play_to_the_end(child)
    stars = re.findall(r"\b(?:[3-9]|10|[JQK])★", said)
    assert stars, "a star comes by in three rounds"
    assert not re.search(r"\b(?:A|2)[♣♦♥♠★]", said)  # no aces, no 2s in this pack
    assert re.search(r"You: \d+ points", said)


def test_a_deuces_arent_wild_game_in_the_plain_mode(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--plain", "--preset", "deuces-arent-wild", "--level",
                  "greedy", "--pace", "0", "--seed", "5", "--new")
    child.expect("You play against Left \\(greedy\\), Right \\(greedy\\)")
    said = play_to_the_end(child)
    assert "Round 12 of 12: 14 cards each, no wild rank, jokers wild" in said
    assert "Round 12, no wild rank, dealer" in said  # the score sheet
    assert "Round 11 of 12: 13 cards each, wild rank K" in said


def session_at(rules: Rules, round_number: int, seed: int = 7) -> Session:
    """A game played by bots (the person like greedy) up to the person's discard in
    round ``round_number``."""
    return played_to(Session(Setup.new(rules, ("greedy",) * (rules.players - 1), seed=seed)),
                     round_number, Phase.DISCARD)


def test_the_table_shows_round_12_with_15_cards_and_no_wild_rank() -> None:
    session = session_at(Rules.preset("deuces-arent-wild"), 12)

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        assert "Round 12 of 12 · 14 cards · no wild rank, jokers wild" in app.sub_title
        shown = [view for view in app.query(CardView) if view.display and view.card]
        assert len(shown) == 15
        marked = [view.card for view in shown if "W" in str(view.render())]
        assert all(card is not None and card.is_joker for card in marked)
        await pilot.press("percent_sign")  # the 15th card's key
        await pilot.pause()
        assert app.cursor == 14
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, Page))
        said = page_text(app)
        assert "Round 12 deals 14 cards and has no wild rank" in said and "! @ # $ %" in said

    run(play, TableApp(session.setup, saved=session, resume=True, pace=0, save=False))


def test_the_table_draws_stars_in_their_own_colour() -> None:
    session = session_at(Rules.preset("five-suit", players=3, rounds=6), 6, seed=3)

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        hand = app.session.view().hand
        assert hand is not None and all(card.rank is None or card.rank >= 3 for card in hand)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, Page))
        assert "stars (★)" in page_text(app)

    run(play, TableApp(session.setup, saved=session, resume=True, pace=0, save=False))
    face = card_text(Card.parse("9x"), None)
    assert face.plain.startswith("9★") and str(face.spans[0].style) == "bold magenta"
    assert str(card_text(Card.parse("9d"), None).spans[0].style) == "bold red"


def test_a_speed_game_in_the_plain_mode_with_the_callers_timeout(tmp_path: Path) -> None:
    """Speed mode at the terminal: every call at once; a person too slow has the caller
    play for them; several rounds to the final scores."""
    child = spawn(tmp_path, "play", "--plain", "--preset", "speed", "--rules",
                  '{"rounds": 2, "speed_seconds": 2}', "--level", "greedy", "--seed", "5")
    child.expect("Three-Thirteen Speed, plain mode. You play against Left, Top, Right")
    child.expect("Round 1 of 2 \\(speed\\): 3 cards each, wild rank 3. You take from "
                 "Right's pile.")
    prompts = [r"Draw! draw or take \(2 s\) > ", r"Discard! discard N or out N \(2 s\) > ",
               r"Final scores:", pexpect.EOF, r"Press Enter for round 2\. "]
    calls = slow = 0
    while True:
        found = child.expect(prompts)
        if found == 0:
            calls += 1
            if calls == 2:  # too slow once: the caller draws from the stock
                child.expect("Too slow: the caller drew from the stock for you.")
                slow += 1
                continue
            child.sendline("fly" if calls == 3 else "take" if calls % 2 else "draw")
            if calls == 3:
                child.expect("Not played: type draw or take")
                child.expect(prompts[0])
                child.sendline("draw")
        elif found == 1:
            child.sendline("discard 1")
        elif found == 2:
            break
        elif found == 4:  # the round's results: the next clock waits for Enter
            child.sendline("")
        else:
            raise AssertionError(f"the game stopped early:\n{child.before}")
    child.expect(r"You: \d+ points")
    child.expect("Winners: ")
    child.expect(pexpect.EOF)
    assert slow == 1 and calls >= 2
