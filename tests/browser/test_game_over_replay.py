"""The game's end, the replay and the sound cues (issue 44, items 10 and 11).

- Game over lists the places first to last with their totals, the winner highlighted;
  seats with equal totals share a place.
- The replay steps per action (a draw, then its discard), marks the card drawn, jumps to
  any round, and keeps its keys.
- With the sound setting on, the person's turn, a draw, a discard and a round's end each
  play a cue (counted through a stand-in AudioContext); with it off, none.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import HAND_CARD, button, play_first_cards, rules_param

RESULT = {"number": 1, "wild": "3", "dealer": 3, "end": "out", "out": 2, "playoff": False,
          "result": [{"melds": [], "deadwood": ["Kd", "Qs"], "points": 20},
                     {"melds": [], "deadwood": ["9h", "Ts"], "points": 19},
                     {"melds": [["7h", "8h", "9h"]], "deadwood": [], "points": 0},
                     {"melds": [], "deadwood": ["5d", "Ah", "4c"], "points": 20}]}


def test_game_over_gives_places_with_ties_and_the_winner_marked(server: str, page: Page) -> None:
    over = view_json(["2c", "3c", "4c"], round_number=1, wild="3", phase="over", turn=None,
                     rules={"rounds": 1, "players": 4}, results=[RESULT], winners=[2],
                     totals=[20, 19, 0, 20], legal=[])
    FakeRoom(page, over)
    page.goto(f"{server}/r/fake")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    places = page.get_by_role("list", name="Places").locator("li")
    expect(places).to_have_text([
        re.compile(r"^1st\s*Top\s*Winner\s*0 points$"),
        re.compile(r"^2nd\s*Left\s*19 points$"),
        re.compile(r"^3rd\s*You\s*20 points$"),
        re.compile(r"^3rd\s*Right\s*20 points$"),
    ])
    expect(places.first).to_have_class("winner")
    expect(page.locator(".places li.winner")).to_have_count(1)
    expect(page.locator("p.winners")).to_have_text("Top wins")
    # The deadwood of a hand without melds is labelled too.
    expect(page.get_by_label("Unmelded: King of diamonds, Queen of spades")).to_have_count(1)


@pytest.fixture(scope="module")
def record(server: str, browser: Browser) -> Iterator[tuple[str, dict[str, Any]]]:
    """A finished 2-round game against three computers (seed 7): its room and record."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=7&rules={rules_param(rounds=2)}")
        expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
        play_first_cards(page)
        room = page.url.rsplit("/", 1)[1]
        with urllib.request.urlopen(f"{server}/api/rooms/{room}/record", timeout=30) as answer:
            yield room, json.loads(answer.read())
    finally:
        context.close()


def test_the_replay_steps_per_action_and_jumps_to_a_round(
    server: str, page: Page, record: tuple[str, dict[str, Any]],
) -> None:
    room, game = record
    first = game["rounds"][0]["turns"][0]
    name = game["players"][first["seat"]]
    page.goto(f"{server}/replay/{room}")
    step = page.locator(".replay-controls .step")
    expect(step).to_have_text(re.compile(r"^Step 1 of \d+: round 1, the deal$"))
    # Every seat sits at the table, its hand open.
    for player in game["players"]:
        expect(page.get_by_role("region", name=re.compile(rf"^{player} "))).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(re.compile(r"^Step 2 of \d+: round 1, turn 1, the draw$"))
    took = "drew" if first["draw"] == "stock" else "took"
    expect(page.locator(".replay-text")).to_contain_text(f"{name} {took} ")
    # The card drawn is raised and marked, last in that seat's hand, and said.
    drawn = page.locator(".replay-hand li.drawn")
    expect(drawn).to_have_count(1)
    expect(page.get_by_label(re.compile(rf"^{name}'s hand: .*\(just drawn\)$"))).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(re.compile(r"^Step 3 of \d+: round 1, turn 1, the discard$"))
    expect(drawn).to_have_count(0)
    expect(page.get_by_role("img", name=re.compile(r"^Discard pile: "))).to_have_attribute(
        "aria-label", re.compile(r"Discard pile: .+"))
    # Jump to round 2: its deal; the keys still step from there.
    page.get_by_label("Round").select_option(label="2 of 2")
    expect(step).to_have_text(re.compile(r"^Step \d+ of \d+: round 2, the deal$"))
    steps_round_1 = 1 + 2 * len(game["rounds"][0]["turns"]) + 1
    expect(step).to_have_text(re.compile(rf"^Step {steps_round_1 + 1} of "))
    page.locator("h1").click()  # the keys go to the page, not the select
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text(re.compile(r"^Step \d+ of \d+: round 1, the round's end$"))
    page.keyboard.press("End")
    expect(page.locator(".replay-text")).to_contain_text("Round 2 over")


# A stand-in AudioContext that counts the notes started, for the sound cues.
AUDIO_SPY = """
window.__notes = 0;
class FakeParam { setValueAtTime() {} linearRampToValueAtTime() {}
  exponentialRampToValueAtTime() {} }
class FakeNode { constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(next) { return next; } start() { window.__notes += 1; } stop() {} }
window.AudioContext = class { constructor() { this.currentTime = 0; this.state = 'running';
  this.destination = {}; } createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); } resume() { return Promise.resolve(); } };
"""


@pytest.mark.parametrize("on", [True, False])
def test_sound_cues_follow_the_view_when_the_setting_is_on(
    server: str, browser: Browser, on: bool,
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.add_init_script(AUDIO_SPY)
        page.add_init_script("localStorage.setItem('three-thirteen.settings', JSON.stringify("
                             f"{{pace: 'instant', sound: {str(on).lower()}}}))")
        waiting = view_json(["7h", "8h", "Kd"], round_number=1, wild="3", phase="draw", turn=3,
                            actions=["1: draw stock", "1: discard 2c", "2: draw stock",
                                     "2: discard 4d", "3: draw stock"],
                            hand_sizes=[3, 3, 3, 4], rules={"rounds": 2, "players": 4}, legal=[])
        room = FakeRoom(page, waiting)
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(3)
        page.wait_for_timeout(200)
        assert page.evaluate("window.__notes") == 0  # the first view: no cue
        # Right discards and the person's turn begins: the turn's chime (two notes).
        mine = {**waiting, "turn": 0, "actions": [*waiting["actions"], "3: discard 9s"],
                "hand_sizes": [3, 3, 3, 3], "legal": ["0: draw stock", "0: draw discard"]}
        room.send(mine)
        expect(button(page, "Draw from stock")).to_be_enabled()
        page.wait_for_timeout(200)
        assert page.evaluate("window.__notes") == (2 if on else 0)
        # The round ends: the three-note phrase.
        room.send(view_json(["2c", "3c", "4c", "5c"], round_number=2, wild="4", phase="draw",
                            turn=1, hand_sizes=[4, 4, 4, 4], results=[RESULT], actions=[],
                            rules={"rounds": 2, "players": 4}, legal=[]))
        expect(page.get_by_role("dialog", name="Round 1 results")).to_be_visible()
        page.wait_for_timeout(200)
        assert page.evaluate("window.__notes") == (5 if on else 0)
    finally:
        context.close()
