"""Someone away from the table: an offline person's seat says the table waits for them and
lets the host give it to the computer; while the page itself is disconnected, no seat
looks connected and Hint (which needs the server) is off."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.table import SOCKETS, button, play_turn_by_mouse, state_of, wait_for_change


def post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def test_the_host_gives_an_offline_persons_seat_to_the_computer(
    server: str, browser: Browser,
) -> None:
    ann = post(server, "/api/rooms", {"name": "Ann", "rules": {"rounds": 1},
                                      "seats": ["human", "human", "greedy", "greedy"]})
    room = ann["room"]
    bob_seat = post(server, f"/api/rooms/{room}/join", {"name": "Bob"})["seat"]  # never comes
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    saved = json.dumps({"seat": ann["seat"], "token": ann["token"]})
    context.add_init_script(
        f"localStorage.setItem('three-thirteen.seat.{room}', JSON.stringify({saved}))")
    try:
        page = context.new_page()
        page.goto(f"{server}/r/{room}")
        bob = page.get_by_role("region", name="Bob", exact=True)
        expect(bob).to_contain_text("Offline")
        deadline = time.monotonic() + 60
        while not bob.get_by_text("Waiting for Bob (offline)").count():
            assert time.monotonic() < deadline, "Bob's turn did not come"
            if state_of(page) == "draw":
                play_turn_by_mouse(page)
            page.wait_for_timeout(40)
        give = bob.get_by_role("button", name="Give seat to computer")
        page.once("dialog", lambda dialog: dialog.accept())
        give.click()
        # The computer plays the seat (under a name of its own): it acts, and is not offline.
        seat = page.locator(f".felt .seat[data-seat='{bob_seat}']")
        expect(seat.get_by_role("status")).not_to_have_text("", timeout=20_000)
        expect(seat).not_to_contain_text("offline", ignore_case=True)
        expect(seat.get_by_role("button", name="Give seat to computer")).to_have_count(0)
    finally:
        context.close()


def test_while_disconnected_no_seat_looks_connected_and_hint_is_off(
    server: str, page: Page,
) -> None:
    page.add_init_script(SOCKETS)
    page.goto(f"{server}/play?opponents=3&level=greedy&seed=12")
    assert wait_for_change(page) == "draw"
    hint = button(page, "Hint")
    expect(hint).to_be_enabled()
    expect(page.locator(".felt .seat .presence.on")).to_have_count(3)
    page.evaluate("window.__blocked = true; window.__sockets.at(-1).close()")
    expect(page.locator(".topbar .connection")).to_have_text("Reconnecting...")
    expect(hint).to_be_disabled()
    expect(page.locator(".felt .seat .presence.on")).to_have_count(0)
    expect(page.locator(".felt .seat .presence.unknown")).to_have_count(3)
    page.evaluate("window.__blocked = false")
    expect(page.locator(".topbar .connection")).to_have_text("Connected", timeout=20_000)
    expect(hint).to_be_enabled()
    expect(page.locator(".felt .seat .presence.on")).to_have_count(3)
