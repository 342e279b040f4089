"""A way back: the lobby lists the unfinished games this browser holds a seat in and
continues each at its seat; leaving a game in progress by a link asks first; statistics
belong to the browser's player id, with the finished games and their replays."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Dialog, Locator, Page, expect

from browser.table import (
    HAND_CARD,
    button,
    on_a_phone,
    play_game,
    play_turn_by_mouse,
    rules_param,
    wait_for_change,
)
from browser.test_phone_a11y import axe

SEATS = "() => Object.keys(localStorage).filter(k => k.startsWith('three-thirteen.seat.'))"
NAMES = "cards => cards.map(c => c.getAttribute('aria-label') || c.textContent)"

ROOM = re.compile(r"/r/([^/?]+)$")


def _room(page: Page) -> str:
    expect(page).to_have_url(ROOM)
    match = ROOM.search(page.url)
    assert match
    return match.group(1)


def _hand(page: Page) -> list[str]:
    names: list[str] = page.locator(HAND_CARD).evaluate_all(NAMES)
    return sorted(names)


def _continue_entries(page: Page) -> Locator:
    return page.get_by_role("link", name=re.compile(r"^Continue"))


def test_the_lobby_continues_a_game_against_computers_at_the_same_seat(
        server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=3&level=random&seed=11&rules={rules_param(rounds=3)}")
    room = _room(page)
    assert wait_for_change(page) == "draw"
    play_turn_by_mouse(page)
    assert wait_for_change(page) == "draw"  # the computers played; the person's turn again
    hand = _hand(page)
    totals = page.locator(".me-name")
    expect(totals).to_be_visible()
    page.goto(f"{server}/")
    entries = _continue_entries(page)
    expect(entries).to_have_count(1)
    entry = entries.first
    expect(entry).to_contain_text("Continue round 1 of 3 against Left, Top and Right")
    expect(entry).to_contain_text("your turn")
    expect(entry).to_contain_text(re.compile(r"Scores: You 0, Left 0, Top 0, Right 0"))
    assert axe(page) == [], "the lobby with an unfinished game"
    entry.click()
    assert _room(page) == room
    assert wait_for_change(page) == "draw"
    assert _hand(page) == hand  # the same seat, the same cards
    expect(page.get_by_role("heading", name="Join the game")).to_have_count(0)


def test_a_finished_or_vanished_game_drops_out_of_the_list(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=1&level=random&seed=3&rules={rules_param(rounds=1)}")
    finished = _room(page)
    play_game(page, play_turn_by_mouse)
    page.evaluate("""() => localStorage.setItem('three-thirteen.seat.nosuchroom',
        JSON.stringify({seat: 0, token: 'x', at: Date.now()}))""")
    page.goto(f"{server}/")
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
    page.wait_for_load_state("networkidle")
    expect(_continue_entries(page)).to_have_count(0)
    kept = page.evaluate(SEATS)
    assert f"three-thirteen.seat.{finished}" not in kept
    assert "three-thirteen.seat.nosuchroom" not in kept


def test_the_lobby_continues_an_online_game(server: str, browser: Browser) -> None:
    ann = browser.new_context(viewport={"width": 1280, "height": 860})
    bob = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        first = ann.new_page()
        first.goto(f"{server}/")
        online = first.get_by_role("heading", name="Play online with friends")
        form = first.locator("form", has=online)
        form.get_by_label("Your name").fill("Ann")
        form.get_by_label("Seat 3").select_option("random")
        form.get_by_label("Seat 4").select_option("random")
        form.get_by_role("button", name="Create room").click()
        expect(first.get_by_role("heading", name="Waiting for players")).to_be_visible()
        room = _room(first)
        # while it waits, the lobby lists it too
        first.goto(f"{server}/")
        expect(_continue_entries(first)).to_have_count(1)
        expect(_continue_entries(first).first).to_contain_text(
            "waiting for players: 1 of 2 seats for people taken")
        _continue_entries(first).first.click()
        expect(first.get_by_role("heading", name="Waiting for players")).to_be_visible()
        second = bob.new_page()
        second.goto(f"{server}/r/{room}")
        second.get_by_label("Your name").fill("Bob")
        second.get_by_role("button", name="Take a seat").click()
        expect(second.locator(HAND_CARD)).to_have_count(3)
        expect(first.locator(HAND_CARD)).to_have_count(3)
        hand = _hand(second)
        second.goto(f"{server}/")
        entry = _continue_entries(second).first
        expect(entry).to_contain_text(
            re.compile(r"^Continue round 1 of 11 against Ann, \w+ and \w+ \(online\)"))
        expect(entry).to_contain_text("Scores: Ann 0, You 0")
        entry.click()
        assert _room(second) == room
        expect(second.locator(HAND_CARD)).to_have_count(3)
        assert _hand(second) == hand
        expect(second.locator(".me-name")).to_contain_text("Bob")
    finally:
        ann.close()
        bob.close()


def test_leaving_a_game_by_the_title_link_asks_first(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=3&level=random&seed=11")
    room = _room(page)
    assert wait_for_change(page) == "draw"
    page.get_by_role("link", name="Three-Thirteen").click()
    dialog = page.get_by_role("dialog", name="Leave this game?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You can continue it from the lobby.")
    expect(button(page, "Stay")).to_be_focused()
    assert axe(page) == [], "Leave this game?"
    page.keyboard.press("Enter")  # Stay
    expect(dialog).to_have_count(0)
    assert _room(page) == room
    page.get_by_role("link", name="Three-Thirteen").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")  # Escape stays too
    expect(dialog).to_have_count(0)
    assert _room(page) == room
    # a reload asks the browser's own question (accepted here), and comes back to the seat
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.accept()

    page.once("dialog", answer)
    page.reload()
    assert asked == ["beforeunload"]
    assert wait_for_change(page) == "draw"
    page.get_by_role("link", name="Three-Thirteen").click()
    button(page, "Leave").click()
    expect(page).to_have_url(f"{server}/")
    expect(_continue_entries(page)).to_have_count(1)


def test_on_a_phone_the_table_keeps_its_way_home_and_asks_first(
        server: str, browser: Browser) -> None:
    with on_a_phone(browser) as page:
        page.goto(f"{server}/play?opponents=3&level=random&seed=11")
        room = _room(page)
        assert wait_for_change(page) == "draw"
        home = page.get_by_role("link", name="Three-Thirteen")
        expect(home).to_be_visible()  # a house where the title has no room
        box = home.bounding_box()
        assert box is not None and box["width"] >= 24 and box["x"] + box["width"] <= 360
        home.tap()
        expect(page.get_by_role("dialog", name="Leave this game?")).to_be_visible()
        button(page, "Stay").tap()
        assert _room(page) == room
        home.tap()
        button(page, "Leave").tap()
        expect(_continue_entries(page)).to_have_count(1)


def test_statistics_belong_to_this_browser_not_to_the_name_you(
        server: str, browser: Browser) -> None:
    mine = browser.new_context(viewport={"width": 1280, "height": 860})
    other = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        page = mine.new_page()
        page.goto(f"{server}/play?opponents=1&level=random&seed=8&rules={rules_param(rounds=1)}")
        room = _room(page)
        expect(page.locator(".me-name")).to_contain_text("You")
        play_game(page, play_turn_by_mouse)
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        page.goto(f"{server}/")
        page.get_by_role("link", name="Your statistics").click()
        expect(page).to_have_url(f"{server}/stats")
        expect(page.get_by_role("heading", name="Your statistics")).to_be_visible()
        expect(page.locator("dt:has-text('Games finished') + dd")).to_have_text("1")
        row = page.locator("tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("Top")  # the one computer
        expect(row).to_contain_text("random")
        expect(row).to_contain_text(re.compile(r"(1st|2nd) of 2"))
        expect(row).to_contain_text("standard, 1 round")
        assert axe(page) == [], "your statistics"
        row.get_by_role("link", name=re.compile(r"^Replay of the game of")).click()
        expect(page).to_have_url(f"{server}/replay/{room}")
        expect(page.get_by_role("heading", name="Replay")).to_be_visible()
        # another browser, also called "You", has none of it
        stranger = other.new_page()
        stranger.goto(f"{server}/stats")
        expect(stranger.get_by_text("No finished game yet")).to_be_visible()
    finally:
        mine.close()
        other.close()
