"""Phones (360x740, touch), axe-core on every screen, and the first paint of the table."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from browser.conftest import AXE
from browser.table import (
    HAND_CARD,
    button,
    play_turn_by_mouse,
    rules_param,
    wait_for_change,
)

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
FOURTEEN = ["Ac", "2c", "3c", "4c", "5d", "6d", "7d", "8d", "Ks", "Kh", "Qs", "Jh", "Th", "*"]


def view_json(hand: list[str], round_number: int = 11, wild: str = "K") -> dict[str, object]:
    """A view of seat 0, to discard, in round 11 (13 dealt, one drawn)."""
    return {
        "seat": 0, "rules": {"rounds": 11, "players": 4},
        "players": ["You", "Left", "Top", "Right"], "round": round_number, "playoff": False,
        "seats": [0, 1, 2, 3], "wild": wild, "dealer": 3,
        "phase": "discard", "turn": 0, "hand": hand, "hand_sizes": [len(hand), 13, 13, 13],
        "stock_size": 40, "discard_pile": ["9s"], "pickups": [], "actions": ["0: draw stock"],
        "reshuffled": False, "out": None, "final_turns_left": 0, "false_outs": [0, 0, 0, 0],
        "totals": [12, 30, 7, 22], "results": [], "winners": None,
        "legal": [f"0: discard {card}" for card in hand],
    }


def serve_fake_room(page: Page, view: dict[str, object]) -> None:
    """Answer the room's WebSocket with one state, as the server would after `hello`."""
    def handler(socket: WebSocketRoute) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") == "hello":
                analysis = {"deadwood": 5, "melds": [], "unmelded": [],
                            "go_out_discards": [], "discards": []}
                socket.send(json.dumps({"type": "state", "version": 40, "view": view,
                                        "can_undo": False, "analysis": analysis}))
        socket.on_message(on_message)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.add_init_script(
        "localStorage.setItem('three-thirteen.seat.fake', JSON.stringify({seat: 0, token: 't'}))")


def strips(page: Page) -> list[dict[str, float]]:
    """Each hand card's tap target: its button is the visible strip (the last shows whole)."""
    return page.evaluate("""() => [...document.querySelectorAll('button.hand-card')].map(b => {
        const box = b.getBoundingClientRect();
        return {left: box.left, right: box.right, top: box.top, bottom: box.bottom,
                width: box.width, height: box.height};
    })""")


def test_a_fourteen_card_hand_fits_a_phone_with_44px_targets(server: str, browser: Browser) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        serve_fake_room(page, view_json(FOURTEEN))
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(14)
        boxes = strips(page)
        assert len(boxes) == 14
        for box in boxes:
            assert box["left"] >= 0 and box["right"] <= 360, box
            assert box["bottom"] <= 740, box  # on screen without scrolling
            assert box["width"] >= 44 and box["height"] >= 44, box
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        for name in ("Discard", "Go out", "Hint", "Draw from stock", "Take from discard pile"):
            box = button(page, name).bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, (name, box)
            assert box["y"] + box["height"] <= 740, (name, box)
        # The corner of a card shows rank above suit, readable on its strip.
        corner = page.locator(f"{HAND_CARD} .corner").first.bounding_box()
        assert corner is not None and corner["width"] <= 22
        expect(page.get_by_role("button", name="King of spades, wild")).to_have_count(1)
        expect(page.get_by_role("button", name="Joker")).to_have_count(1)
    finally:
        context.close()


def test_a_round_on_a_phone_by_touch(server: str, browser: Browser) -> None:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&rules={rules_param(rounds=1)}")
        turns = 0
        while True:
            found = wait_for_change(page)
            if found in ("over", "results"):
                break
            if found == "draw":
                play_turn_by_mouse(page, tap=True)
                turns += 1
        assert turns >= 1
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    finally:
        context.close()


def axe(page: Page) -> list[dict[str, object]]:
    """axe-core's serious and critical violations on the page as it is."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` in web/")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result if v["impact"] in ("serious", "critical")
    ]


def test_axe_finds_nothing_serious_on_lobby_table_score_sheet_and_replay(
    server: str, page: Page,
) -> None:
    page.goto(f"{server}/")
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
    assert axe(page) == [], "lobby"
    # The check can fail: an image without a text alternative is reported.
    page.evaluate(
        "document.body.append(Object.assign(document.createElement('img'), {src: '/x.png'}))")
    assert [found["id"] for found in axe(page)] == ["image-alt"]
    page.goto(f"{server}/play?opponents=3&level=greedy&rules={rules_param(rounds=1)}")
    expect(page.locator(HAND_CARD).first).to_be_visible()
    assert axe(page) == [], "table"
    button(page, "Draw from stock").wait_for()
    while True:
        found = wait_for_change(page)
        if found == "over":
            break
        if found == "draw":
            play_turn_by_mouse(page)
    expect(page.locator("table.score-sheet")).to_be_visible()
    assert axe(page) == [], "score sheet and game over"
    room = page.url.rsplit("/", 1)[1]
    page.goto(f"{server}/replay/{room}")
    expect(page.get_by_text(re.compile(r"Step 1 of \d+"))).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_text(re.compile(r"Step 2 of \d+"))).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator(".replay-text")).to_contain_text("over")
    page.keyboard.press("Home")
    expect(page.get_by_text(re.compile(r"Step 1 of \d+"))).to_be_visible()
    assert axe(page) == [], "replay"


def test_first_paint_of_the_table_is_under_a_second(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=3&level=random&rules={rules_param(rounds=1)}")
    expect(page.locator(HAND_CARD).first).to_be_visible()
    room_url = page.url
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        page.goto(room_url)
        page.locator(HAND_CARD).first.wait_for(state="visible")
        timings.append(page.evaluate("performance.now()"))
        assert time.perf_counter() - started < 5
    best = min(timings)
    runs = [round(t) for t in timings]
    print(f"first paint of the table: {best:.0f} ms after navigation (runs: {runs})")
    assert best < 1000, timings
