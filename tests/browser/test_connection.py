"""The connection dropping mid-game: the page says "Reconnecting..." (in the top bar and
the move log), its pulsing dot stays still under reduced motion, and it comes back to the
same seat. And the tab's title signals the person's turn."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import (
    HAND_CARD,
    SOCKETS,
    button,
    play_turn_by_mouse,
    rules_param,
    wait_for_change,
)


def dot_animation(page: Page) -> str:
    name: str = page.evaluate(
        "getComputedStyle(document.querySelector('.topbar .connection .dot')).animationName")
    return name


def my_draw(page: Page) -> None:
    """Wait for the person's next draw, going on past a round's results."""
    while (found := wait_for_change(page)) == "results":
        button(page, "Next round").click()
    assert found == "draw", found


def hand_names(page: Page) -> list[str]:
    return sorted(c.get_attribute("aria-label") or "" for c in page.locator(HAND_CARD).all())


def test_a_dropped_connection_says_reconnecting_and_comes_back_to_the_seat(
    server: str, page: Page,
) -> None:
    page.add_init_script(SOCKETS)
    page.goto(f"{server}/play?opponents=1&level=random&rules={rules_param(rounds=11)}")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    my_draw(page)
    play_turn_by_mouse(page)
    my_draw(page)
    status = page.locator(".topbar .connection")
    expect(status).to_have_text("Connected")
    hand = hand_names(page)
    room = page.url
    discards = page.get_by_role("log").locator("p", has_text="You discarded")
    before = discards.count()
    page.evaluate("window.__blocked = true; window.__sockets.at(-1).close()")
    expect(status).to_have_text("Reconnecting...")
    log = page.get_by_role("log")
    expect(log).to_contain_text("Connection lost: reconnecting...")
    assert dot_animation(page) == "pulse"
    page.emulate_media(reduced_motion="reduce")
    assert dot_animation(page) == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_timeout(1500)  # a few refused attempts
    expect(status).to_have_text("Reconnecting...")
    page.evaluate("window.__blocked = false")
    expect(status).to_have_text("Connected", timeout=20_000)
    expect(log).to_contain_text("Connected again")
    # The same seat: the same hand, and it is still the person's turn to draw.
    expect(page.locator(HAND_CARD)).to_have_count(len(hand))
    assert hand_names(page) == hand and page.url == room
    expect(page.locator(".me-name")).to_have_text("You")
    assert wait_for_change(page) == "draw"  # the turn it was before the drop
    play_turn_by_mouse(page)
    expect(discards).to_have_count(before + 1)  # told once, after the reconnection too


def test_the_tab_title_signals_the_persons_turn(server: str, page: Page) -> None:
    hand = ["7h", "8h", "Kd"]
    waiting = view_json(hand, round_number=1, wild="3", phase="draw", turn=1, actions=[],
                        hand_sizes=[3, 3, 3, 3], legal=[], rules={"rounds": 1, "players": 4})
    room = FakeRoom(page, waiting)
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(3)
    expect(page).to_have_title("Three-Thirteen")
    room.send({**waiting, "turn": 0, "legal": ["0: draw stock", "0: draw discard"],
               "actions": ["1: draw stock", "1: discard 9s"]})
    expect(page).to_have_title("● Your turn · Three-Thirteen")
    expect(button(page, "Draw from stock")).to_be_enabled()
    room.send({**waiting, "turn": 2, "actions": ["1: draw stock", "1: discard 9s",
                                                 "0: draw stock", "0: discard Kd"]})
    expect(page).to_have_title("Three-Thirteen")
