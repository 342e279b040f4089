"""Dialogs take the focus and keep it, Escape closes them where that makes sense; the
single-key shortcuts keep out of dialogs and text fields and can be turned off; the hand
and the actions are reached with Tab alone; a playoff shows the server's wild rank."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import HAND_CARD, button, focused, rules_param

GOES_OUT = ["Jc", "3s", "8s", "3c"]  # round 1, threes wild: discarding Jc leaves 3s 8s 3c
OUT_ANALYSIS = {"deadwood": 10, "melds": [], "unmelded": ["Jc"], "go_out_discards": ["Jc"],
                "discards": [{"card": "Jc", "deadwood": 0, "out": True}]}

def out_view() -> dict[str, object]:
    return view_json(GOES_OUT, round_number=1, wild="3", rules={"rounds": 1, "players": 4},
                     hand_sizes=[4, 3, 3, 3],
                     legal=[f"0: discard {c}" for c in GOES_OUT] + ["0: out Jc"])


def test_go_out_asks_keeps_the_focus_and_escape_cancels(server: str, page: Page) -> None:
    room = FakeRoom(page, out_view(), analysis=OUT_ANALYSIS)
    page.goto(f"{server}/r/fake")
    card = page.get_by_role("button", name="Jack of clubs", exact=True)
    card.click()
    button(page, "Discard").click()
    dialog = page.get_by_role("alertdialog", name="Go out?")
    expect(dialog).to_be_visible()
    expect(button(page, "Yes, go out")).to_be_focused()
    # Tab and Shift+Tab stay inside the dialog.
    page.keyboard.press("Tab")
    expect(button(page, "No, just discard")).to_be_focused()
    page.keyboard.press("Tab")
    expect(button(page, "Yes, go out")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(button(page, "No, just discard")).to_be_focused()
    # The table's single keys do nothing while the dialog is open.
    for key in ("d", "o", "s", "h"):
        page.keyboard.press(key)
    expect(dialog).to_be_visible()
    # Escape closes it without playing; the card stays chosen and in the hand.
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(card).to_have_attribute("aria-pressed", "true")
    assert room.actions() == []
    button(page, "Discard").click()
    button(page, "Yes, go out").click()
    expect(dialog).to_have_count(0)
    room.wait_for_actions(page, ["out Jc"])


def test_the_round_results_take_the_focus_and_escape_goes_on(server: str, page: Page) -> None:
    result = {"number": 1, "wild": "3", "dealer": 3, "end": "out", "out": 1, "playoff": False,
              "result": [{"melds": [], "deadwood": ["Kd"], "points": 10},
                         {"melds": [["7h", "8h", "9h"]], "deadwood": [], "points": 0},
                         {"melds": [], "deadwood": ["5s"], "points": 5},
                         {"melds": [], "deadwood": ["2s"], "points": 2}]}
    room = FakeRoom(page, out_view())
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(4)
    room.send(view_json(["2c", "3c", "4c", "5c"], round_number=2, wild="4", phase="draw",
                        turn=1, hand_sizes=[4, 4, 4, 4], results=[result], actions=[],
                        legal=[]))
    dialog = page.get_by_role("dialog", name="Round 1 results")
    expect(dialog).to_be_visible()
    expect(button(page, "Next round")).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    room.wait_for_message(page, {"type": "next"})


def online_room() -> dict[str, object]:
    return {"room": "fake", "status": "playing", "host": 0, "seats": [
        {"kind": "human", "name": "You", "connected": True},
        {"kind": "human", "name": "Bob", "connected": True},
        {"kind": "random", "name": "Top", "connected": True},
        {"kind": "random", "name": "Right", "connected": True}]}


def draw_view() -> dict[str, object]:
    hand = ["7h", "8h", "Kd"]
    return view_json(hand, round_number=1, wild="3", phase="draw", actions=[],
                     hand_sizes=[3, 3, 3, 3], rules={"rounds": 1, "players": 4},
                     legal=["0: draw stock", "0: draw discard"])


def test_single_keys_keep_out_of_the_chat_and_can_be_turned_off(server: str, page: Page) -> None:
    room = FakeRoom(page, draw_view(), room=online_room())
    page.goto(f"{server}/r/fake")
    chat = page.get_by_role("textbox", name="Message")
    expect(chat).to_be_enabled()
    chat.click()
    page.keyboard.type("spduho")
    expect(chat).to_have_value("spduho")
    page.wait_for_timeout(200)
    assert room.actions() == []
    # Turned off in the settings, s does nothing ...
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Single-key shortcuts (s, p, d, o, h, u)").uncheck()
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Settings")).to_be_focused()
    page.keyboard.press("s")
    page.wait_for_timeout(200)
    assert room.actions() == []
    # ... and on again, s draws from the stock.
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Single-key shortcuts (s, p, d, o, h, u)").check()
    page.keyboard.press("Escape")
    page.keyboard.press("s")
    room.wait_for_actions(page, ["draw stock"])
    expect(button(page, "Draw from stock")).to_be_disabled()  # waiting for the answer


def test_tab_alone_reaches_the_hand_and_the_actions_from_page_load(server: str, page: Page) -> None:
    room = FakeRoom(page, draw_view())
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(3)
    seen: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        seen.append(focused(page))
        if seen[-1] == "Draw from stock":
            break
    assert "Skip to the game" in seen[:2], seen
    assert {"7 of hearts", "8 of hearts", "King of diamonds"} <= set(seen), seen
    assert seen[-1] == "Draw from stock", seen
    page.keyboard.press("Enter")
    room.wait_for_actions(page, ["draw stock"])


def test_a_playoff_shows_the_wild_rank_the_server_sends(server: str, page: Page) -> None:
    hand = ["Kc", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Ad"]
    playoff = view_json(hand, round_number=12, wild="K", playoff=True, seats=[0, 2],
                        phase="draw", turn=0, hand_sizes=[13, 0, 13, 0], actions=[],
                        legal=["0: draw stock", "0: draw discard"],
                        rules={"rounds": 11, "players": 4, "ties": "playoff"})
    FakeRoom(page, playoff)
    page.goto(f"{server}/r/fake")
    expect(page.locator(".round-title .long")).to_have_text(
        "Playoff round: 13 cards each, Kings are wild")
    expect(page.locator(".wild-chip")).to_have_text("Kings wild")
    expect(page.get_by_role("button", name="King of clubs, wild")).to_have_count(1)
    expect(page.get_by_role("log")).to_contain_text("Playoff round: 13 cards each, Kings are wild")


def test_a_seeded_game_deals_a_hand_that_asks_go_out(server: str, page: Page) -> None:
    """Seed 16, one opponent, one round: the person plays first and, after drawing from
    the stock, holds Jc 3s 8s 3c (threes wild). Needs the server to take `seed`."""
    page.goto(f"{server}/play?opponents=1&level=random&seed=16&rules={rules_param(rounds=1)}")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    button(page, "Draw from stock").click()
    jack = page.get_by_role("button", name="Jack of clubs", exact=True)
    jack.click()
    expect(button(page, "Go out")).to_be_enabled()
    button(page, "Discard").click()
    expect(page.get_by_role("alertdialog", name="Go out?")).to_be_visible()
    expect(button(page, "Yes, go out")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("log")).to_contain_text("You went out")


def test_a_refusal_is_told_in_the_one_live_region(server: str, page: Page) -> None:
    room = FakeRoom(page, draw_view())
    page.goto(f"{server}/r/fake")
    button(page, "Draw from stock").click()
    room.wait_for_actions(page, ["draw stock"])
    room.send_message({"type": "error", "reason": "not-your-turn", "id": None,
                       "message": "it is not your turn"})
    log = page.get_by_role("log")
    expect(log).to_contain_text("Not done: it is not your turn")
    # The one live region (the seats' statuses are kept quiet: aria-live="off").
    expect(page.locator("[aria-live]:not([aria-live=off])")).to_have_count(1)
    expect(button(page, "Draw from stock")).to_be_enabled()  # no longer waiting
