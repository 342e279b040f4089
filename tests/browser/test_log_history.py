"""The whole round in the log, on every connect (issue 44): after a reload, a reconnect and
a join, the move log holds every public action of the round so far, once each, in order:
the same lines as the game's record says (GET /api/rooms/<id>/record, checked by replaying
it with the engine), read at the end of the game."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.table import (
    SOCKETS,
    button,
    choose_discard,
    play_turn_by_mouse,
    rules_param,
    state_of,
    wait_for_change,
)
from threethirteen.record import replay_record

RANKS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", "x": "stars"}


def card_name(code: str) -> str:
    if code in ("*", "JK", "Jo"):
        return "Joker"
    return f"{RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def record_of(server: str, room: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/rooms/{room}/record", timeout=10) as answer:
        record: dict[str, Any] = json.load(answer)
    replay_record(record)  # the engine agrees with every turn of it
    return record


def round_lines(record: dict[str, Any], me: int, number: int = 1) -> list[str]:
    """The log's lines for round ``number``'s public actions, as seat ``me`` is told them."""
    names = ["You" if seat == me else name for seat, name in enumerate(record["players"])]
    lines = []
    for turn in record["rounds"][number - 1]["turns"]:
        who = names[turn["seat"]]
        if turn["draw"] == "stock":
            lines.append(f"{who} drew from the stock")
        else:
            lines.append(f"{who} took {card_name(turn['card'])} from the discard pile")
        lines.append(f"{who} discarded {card_name(turn['discard'])}")
        if turn.get("out"):
            lines.append(f"{who} went out")
    return lines


def logged(page: Page) -> list[str]:
    """The move lines of the log (no banner, connection notes or chat)."""
    texts: list[str] = page.locator("[role=log] p.log-move").all_inner_texts()
    return [text.strip() for text in texts]


def until_my_draw(page: Page) -> None:
    found = wait_for_change(page)
    assert found == "draw", found


def finish(page: Page) -> None:
    """Play the one-round game to its end."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = wait_for_change(page)
        if found in ("over", "results"):
            return
        if found == "draw":
            play_turn_by_mouse(page)
    raise AssertionError("the game did not end")


def assert_round_so_far(told: list[str], expected: list[str]) -> None:
    """``told`` is the round's first lines, each once, up to the person's next draw."""
    assert told == expected[: len(told)], (told, expected)
    assert expected[len(told)].startswith("You "), (told, expected)


ONE_ROUND = f"opponents=3&level=greedy&seed=12&rules={rules_param(rounds=1)}"


def test_after_a_reload_the_log_holds_the_round_so_far(server: str, page: Page) -> None:
    page.goto(f"{server}/play?{ONE_ROUND}")
    for _ in range(2):
        until_my_draw(page)
        play_turn_by_mouse(page)
    until_my_draw(page)
    before = logged(page)
    page.reload()
    until_my_draw(page)
    expect(page.locator(".topbar .connection")).to_have_text("Connected")
    after = logged(page)
    assert after == before and len(after) >= 8, (before, after)
    room = page.url.rsplit("/", 1)[1]
    finish(page)
    assert_round_so_far(after, round_lines(record_of(server, room), me=0))


@pytest.mark.parametrize("pace", ["instant", "normal"])
def test_after_a_reconnect_the_log_has_the_moves_made_while_away_once(
    server: str, page: Page, pace: str,
) -> None:
    """At "normal" the connection drops while the computers' moves are being played back."""
    page.add_init_script(SOCKETS)
    page.add_init_script("localStorage.setItem('three-thirteen.settings', "
                         f"JSON.stringify({{pace: '{pace}', bestDiscard: true}}))")
    page.goto(f"{server}/play?{ONE_ROUND}")
    until_my_draw(page)
    play_turn_by_mouse(page)
    until_my_draw(page)
    before = logged(page)
    # Away while the computers play: the connection drops right after the person's discard.
    button(page, "Draw from stock").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    choose_discard(page).click()
    button(page, "Discard").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(0)
    if pace == "normal":
        # Undo's window (1.8 s), then the first computer's moves, played back as they come.
        page.wait_for_timeout(2500)
    page.evaluate("window.__blocked = true; window.__sockets.at(-1).close()")
    expect(page.locator(".topbar .connection")).to_have_text("Reconnecting...")
    page.wait_for_timeout(2500)  # the computers play meanwhile
    page.evaluate("window.__blocked = false")
    expect(page.locator(".topbar .connection")).to_have_text("Connected", timeout=20_000)
    until_my_draw(page)
    after = logged(page)
    assert after[: len(before)] == before and len(after) > len(before) + 2, (before, after)
    room = page.url.rsplit("/", 1)[1]
    if pace != "instant":  # the rest of the game at once
        button(page, "Settings").click()
        page.get_by_label("Pace of the other players").select_option("instant")
        page.keyboard.press("Escape")
    finish(page)
    assert_round_so_far(after, round_lines(record_of(server, room), me=0))


def post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def seated(browser: Browser, server: str, room: str, seat: dict[str, Any]) -> tuple[Any, Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    saved = json.dumps({"seat": seat["seat"], "token": seat["token"]})
    context.add_init_script(
        f"localStorage.setItem('three-thirteen.seat.{room}', JSON.stringify({saved}))")
    page = context.new_page()
    page.goto(f"{server}/r/{room}")
    return context, page


def test_joining_a_room_in_play_shows_the_round_so_far(server: str, browser: Browser) -> None:
    """An online room: Bob plays a turn, then opens the room in another browser (a first
    connect in the middle of the round): it shows everything done so far, once each."""
    # No one goes out on a first turn: Bob's second turn comes, whatever the deal.
    rules = {"rounds": 1, "first_turn_out": False}
    ann = post(server, "/api/rooms", {"name": "Ann", "rules": rules,
                                      "seats": ["human", "greedy", "greedy", "human"]})
    room = ann["room"]
    bob = post(server, f"/api/rooms/{room}/join", {"name": "Bob"})
    assert bob["seat"] == 3
    contexts = []
    try:
        first, ann_page = seated(browser, server, room, ann)
        second, bob_page = seated(browser, server, room, bob)
        contexts += [first, second]
        bob_turns = 0
        deadline = time.monotonic() + 60
        while bob_turns < 2:
            assert time.monotonic() < deadline, ("Bob's second turn did not come", logged(ann_page))
            if state_of(ann_page) == "draw":
                play_turn_by_mouse(ann_page)
            if state_of(bob_page) == "draw":
                bob_turns += 1
                if bob_turns == 1:
                    play_turn_by_mouse(bob_page)
            ann_page.wait_for_timeout(40)
        second.close()
        contexts.remove(second)
        # Bob opens the room again in another browser, with his seat's token.
        third, bob_page = seated(browser, server, room, bob)
        contexts.append(third)
        until_my_draw(bob_page)
        told = logged(bob_page)
        assert len(told) >= 8, told
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            states = [state_of(page) for page in (ann_page, bob_page)]
            if all(found in ("over", "results") for found in states):
                break
            for page, found in zip((ann_page, bob_page), states, strict=True):
                if found == "draw":
                    play_turn_by_mouse(page)
            ann_page.wait_for_timeout(40)
        assert_round_so_far(told, round_lines(record_of(server, room), me=3))
    finally:
        for context in contexts:
            context.close()
