"""The hand laid out by melds (INTERFACES §6 in the project's words: each meld a group named
"Set of ..." or "Run of ...", the unmelded cards last in a group named "Unmelded: N points",
every card in exactly one group, the groups the server's best arrangement), the card just
drawn marked and focused, the sort kept over a manual order and a new deal, the first tap
after a drag, "Best discard" as a setting, and why "Go out" is disabled."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import (
    HAND_CARD,
    PHONE,
    button,
    choose_discard,
    page_in,
    rules_param,
    settle,
    state_of,
    wait_for_change,
)
from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.server.analysis import _analyse

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
SCREENS = {"1280x800": DESKTOP, "360x740": PHONE}

# ---- what the hand should show, worked out from the server's analysis --------------------

RANK_LETTERS = "A23456789TJQK"
RUN_WORDS = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"]
PLURALS = ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
           "tens", "jacks", "queens", "kings"]
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", "x": "stars"}


def is_wild(code: str, wild: str | None) -> bool:
    return code == "*" or (wild is not None and code[0] == wild)


def meld_name(cards: list[str], kind: str, wild: str | None) -> str:
    """ "Set of sevens", "Run of spades, 3 to 5" (a wild in the slot the server put it in)."""
    naturals = [(index, code) for index, code in enumerate(cards) if not is_wild(code, wild)]
    if not naturals:
        return f"{kind.capitalize()} of wild cards"
    if kind == "set":
        return f"Set of {PLURALS[RANK_LETTERS.index(naturals[0][1][0])]}"
    plain = [(i, c) for i, c in naturals if c[0] != "A"]
    if plain:
        start = RANK_LETTERS.index(plain[0][1][0]) + 1 - plain[0][0]
    else:
        start = 1 if naturals[0][0] == 0 else 14 - naturals[0][0]
    end = start + len(cards) - 1
    return (f"Run of {SUITS[naturals[0][1][1]]}, {RUN_WORDS[(start - 1) % 13]} "
            f"to {RUN_WORDS[(end - 1) % 13]}")


Groups = list[tuple[str, list[str]]]


def expected_groups(analysis: dict[str, Any], hand: list[str], wild: str | None) -> Groups:
    """The groups the hand should show: each meld (its cards in the server's order), then
    the rest, sorted, as "Unmelded: N points"."""
    groups = [(meld_name(meld, kind, wild), list(meld))
              for meld, kind in zip(analysis["melds"], analysis["kinds"], strict=True)]
    rest = list(hand)
    for meld in analysis["melds"]:
        for code in meld:
            rest.remove(code)
    if rest:
        points = analysis["deadwood"]
        groups.append((f"Unmelded: {points} {'point' if points == 1 else 'points'}", sorted(rest)))
    return groups


GROUPS = """() => {
  const hand = document.querySelector('.hand[role=group]');
  const groups = [...hand.querySelectorAll('[role=group]')].map((group) => ({
    name: group.getAttribute('aria-label'),
    cards: [...group.querySelectorAll('button.hand-card')].map((b) => b.dataset.card),
  }));
  const cards = [...document.querySelectorAll('button.hand-card')];
  return {
    groups,
    // Each card button's nearest group is a meld group, never the hand itself.
    loose: cards.filter((b) => b.parentElement.closest('[role=group]') === hand).length,
    count: cards.length,
    boxes: cards.map((b) => { const r = b.getBoundingClientRect();
      return {left: r.left, right: r.right, width: r.width}; }),
    scroll: document.scrollingElement.scrollWidth,
  };
}"""


def shown_groups(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(GROUPS)
    return found


def normalised(groups: Groups) -> Groups:
    """Unmelded cards compared as a set (the page sorts them by rank, the server by code)."""
    return [(name, sorted(cards) if name.startswith("Unmelded") else cards)
            for name, cards in groups]


def check_against(page: Page, frames: list[dict[str, Any]], width: int) -> Groups:
    """The hand's groups equal the best arrangement of the last state the server sent for
    the hand on screen; every card is in one group and inside the screen. Returns them."""
    deadline = time.monotonic() + 10
    while True:
        shown = shown_groups(page)
        hand = sorted(card for group in shown["groups"] for card in group["cards"])
        state = next((f for f in reversed(frames)
                      if f.get("analysis") and sorted(f["view"]["hand"]) == hand), None)
        if state is not None:
            want = expected_groups(state["analysis"], state["view"]["hand"], state["view"]["wild"])
            got = [(group["name"], group["cards"]) for group in shown["groups"]]
            if normalised(got) == normalised(want):
                break
        if time.monotonic() > deadline:
            raise AssertionError(f"the hand shows {shown['groups']}, the server says "
                                 f"{state and state['analysis']}")
        page.wait_for_timeout(50)
    assert shown["loose"] == 0 and shown["count"] == len(hand), shown
    assert shown["scroll"] <= width, shown["scroll"]
    for box in shown["boxes"]:
        assert box["left"] >= 0 and box["right"] <= width, box
    return got


@contextmanager
def recorded(page: Page) -> Iterator[list[dict[str, Any]]]:
    """Every `state` message the page receives, as JSON."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        def on_frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") == "state":
                frames.append(data)
        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    yield frames


def with_settings(page: Page, **settings: Any) -> None:
    """This page's settings, written before the page's own scripts run."""
    page.add_init_script(
        f"localStorage.setItem('three-thirteen.settings', {json.dumps(json.dumps(settings))})")


def kinds_in(groups: Groups, wild: str | None) -> set[str]:
    """ "set", "run", "unmelded" for the groups shown, and "wild" for a wild in a meld."""
    kinds = {name.split(" ")[0].rstrip(":").lower() for name, _ in groups}
    if any(not name.startswith("Unmelded") and any(is_wild(code, wild) for code in cards)
           for name, cards in groups):
        kinds.add("wild")
    return kinds


def play_and_check(page: Page, frames: list[dict[str, Any]], width: int, turns: int) -> set[str]:
    """Play up to ``turns`` turns (draw from the stock, discard the best), checking the
    hand's groups against the server's before and after each draw; what kinds were seen."""
    seen: set[str] = set()
    for _ in range(turns):
        found = wait_for_change(page)
        if found == "results":
            button(page, "Next round").click()
            continue
        if found == "over":
            break
        if found == "confirm":
            button(page, "Yes, go out").click()
            continue
        seen |= kinds_in(check_against(page, frames, width), frames[-1]["view"]["wild"])
        if found == "draw":
            button(page, "Draw from stock").click()
            expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
            seen |= kinds_in(check_against(page, frames, width), frames[-1]["view"]["wild"])
        card = choose_discard(page)
        card.click()
        go_out = button(page, "Go out")
        (go_out if go_out.is_enabled() else button(page, "Discard")).click()
        settle(page, lambda: button(page, "Yes, go out").click())
        if {"set", "run", "wild", "unmelded"} <= seen:
            break
    return seen


# A game against one greedy computer, four jokers in the pack: seed SEED gives seat 0 hands
# with a set, a run and a wild in a meld within its first turns.
SEED = 1
GAME = "/play?opponents=1&level=greedy&seed={seed}&rules=" + rules_param(rounds=4, jokers=4)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_hand_s_groups_are_the_server_s_best_arrangement(
    server: str, browser: Browser, screen: str,
) -> None:
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    with page_in(browser, options) as page, recorded(page) as frames:
        with_settings(page, pace="instant", bestDiscard=True)
        page.goto(server + GAME.format(seed=SEED))
        expect(button(page, "Melds first")).to_have_attribute("aria-pressed", "true")
        seen = play_and_check(page, frames, width, 14)
        page.screenshot(path=f"/tmp/hand-melds-game-{screen}.png")
        assert {"set", "run", "wild", "unmelded"} <= seen, seen


FOURTEEN = ["3h", "4h", "Kd", "6h", "7s", "7d", "7c", "Qs", "Qh", "*", "9c", "Tc", "Jc", "2d"]


def server_analysis(hand: list[str], wild: str) -> dict[str, Any]:
    """What the server sends for this hand to discard (its own function)."""
    cards = tuple(Card.parse(code) for code in hand)
    return _analyse(cards, Rank.parse(wild), Rules(jokers=2), True)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_fourteen_card_hand_in_groups_fits(server: str, browser: Browser, screen: str) -> None:
    options = SCREENS[screen]
    width = options["viewport"]["width"]
    analysis = server_analysis(FOURTEEN, "K")
    with page_in(browser, options) as page:
        view = view_json(FOURTEEN, rules={"rounds": 11, "players": 4, "jokers": 2})
        FakeRoom(page, view, analysis=analysis)
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(14)
        sent = [{"view": {"hand": FOURTEEN, "wild": "K"}, "analysis": analysis}]
        got = check_against(page, sent, width)
        assert [name for name, _ in got] == [
            "Set of sevens", "Set of queens", "Run of clubs, 9 to Jack", "Run of hearts, 3 to 6",
            "Unmelded: 2 points"]
        # The joker fills the 5 of the hearts run, and is still named a wild card.
        run = page.get_by_role("group", name="Run of hearts, 3 to 6")
        assert [b.get_attribute("aria-label") for b in run.locator(HAND_CARD).all()] == [
            "3 of hearts", "4 of hearts", "Joker", "6 of hearts"]
        expect(page.get_by_role("group", name="Set of queens").get_by_role(
            "button", name="King of diamonds, wild")).to_have_count(1)
        # Each group has its short label on screen, and a gap from the next group.
        labels = page.locator(".meld-group .group-label")
        expect(labels).to_have_count(5)
        expect(labels.first).to_have_text("Set: sevens")
        boxes = [g.bounding_box() for g in page.locator(".meld-group").all()]
        for first, second in zip(boxes, boxes[1:], strict=False):
            assert first and second
            same_line = abs(first["y"] - second["y"]) < 5
            gap = second["x"] - (first["x"] + first["width"])
            assert not same_line or gap >= 8, (first, second)
        for box in [b.bounding_box() for b in page.locator(HAND_CARD).all()]:
            assert box and box["width"] >= 44
        page.screenshot(path=f"/tmp/hand-melds-fourteen-{screen}.png")
        # Arrow keys go across groups: from a group's last card to the next group's first.
        page.get_by_role("button", name="7 of spades").focus()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_role("button", name="Queen of hearts")).to_be_focused()
        # A card dragged from one group to another: the person's own order, shown flat.
        if screen == "1280x800":
            two = page.get_by_role("button", name="2 of diamonds").bounding_box()
            seven = page.get_by_role("button", name="7 of clubs").bounding_box()
            assert two and seven
            page.mouse.move(two["x"] + 10, two["y"] + 30)
            page.mouse.down()
            page.mouse.move(two["x"] - 30, two["y"] + 32, steps=4)
            page.mouse.move(seven["x"] + 5, seven["y"] + 30, steps=10)
            page.mouse.up()
            expect(page.locator(".meld-group")).to_have_count(0)
            expect(page.locator(HAND_CARD).first).to_have_attribute("data-card", "2d")
            expect(button(page, "Melds first")).to_have_attribute("aria-pressed", "false")
        # Other sorts are flat: no meld groups.
        button(page, "By suit").click()
        expect(page.locator(".meld-group")).to_have_count(0)
        expect(page.locator(HAND_CARD)).to_have_count(14)


def test_the_card_just_drawn_is_marked_and_focused_after_s_and_p(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=1&level=greedy&seed=5&rules={rules_param(rounds=2)}")
    expect(button(page, "Draw from stock")).to_be_enabled()
    before = [c.get_attribute("data-card") for c in page.locator(HAND_CARD).all()]
    expect(page.locator(f"{HAND_CARD}.fresh")).to_have_count(0)
    # The focus on the page's top link: `s` draws, and the focus goes to the card drawn.
    page.get_by_role("link", name="Three-Thirteen").focus()
    page.keyboard.press("s")
    expect(page.locator(HAND_CARD)).to_have_count(len(before) + 1)
    fresh = page.locator(f"{HAND_CARD}.fresh")
    expect(fresh).to_have_count(1)
    after = [c.get_attribute("data-card") for c in page.locator(HAND_CARD).all()]
    drawn = list(after)
    for code in before:
        drawn.remove(code)
    assert fresh.get_attribute("data-card") == drawn[0]
    expect(fresh).to_be_focused()
    expect(fresh).to_have_accessible_description("just drawn")
    expect(fresh.locator(".drawn-tag")).to_be_visible()
    # Marked until the discard.
    other = page.locator(f"{HAND_CARD}:not(.fresh)").first
    other.click()
    expect(fresh).to_have_count(1)
    button(page, "Discard").click()
    settle(page, lambda: button(page, "No, just discard").click())
    expect(page.locator(f"{HAND_CARD}.fresh")).to_have_count(0)
    # Next turn: `p` takes the discard, and the focus goes to that card.
    deadline = time.monotonic() + 30
    while state_of(page) != "draw":
        assert time.monotonic() < deadline, state_of(page)
        if state_of(page) == "results":
            button(page, "Next round").click()
        page.wait_for_timeout(50)
    top = page.get_by_label("Discard pile:").first.get_attribute("aria-label") or ""
    name = top.removeprefix("Discard pile: ")
    page.get_by_role("link", name="Three-Thirteen").focus()
    page.keyboard.press("p")
    taken = page.locator(f"{HAND_CARD}.fresh")
    expect(taken).to_have_count(1)
    expect(taken).to_be_focused()
    label = taken.get_attribute("aria-label") or ""
    assert label.removesuffix(", wild") == name.removesuffix(", wild")


def test_the_sort_lasts_over_a_manual_order_and_a_new_deal(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=1&level=greedy&seed=3&rules={rules_param(rounds=2)}")
    expect(page.locator(HAND_CARD)).to_have_count(3)
    # A new person sees their hand melds first.
    expect(button(page, "Melds first")).to_have_attribute("aria-pressed", "true")
    button(page, "By rank").click()
    # A manual order: no sort is pressed for the rest of the deal.
    page.locator(HAND_CARD).first.focus()
    page.keyboard.press("Alt+ArrowRight")
    expect(button(page, "By rank")).to_have_attribute("aria-pressed", "false")
    # Play the round out.
    deadline = time.monotonic() + 60
    while (found := wait_for_change(page)) != "results":
        assert time.monotonic() < deadline
        if found == "draw":
            button(page, "Draw from stock").click()
            expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
            choose_discard(page).click()
            button(page, "Discard").click()
            settle(page, lambda: button(page, "Yes, go out").click())
        elif found == "confirm":
            button(page, "Yes, go out").click()
        elif found == "discard":
            choose_discard(page).click()
            button(page, "Discard").click()
            settle(page, lambda: button(page, "Yes, go out").click())
    button(page, "Next round").click()
    # The new deal is shown by rank again.
    expect(page.locator(HAND_CARD)).to_have_count(4)
    expect(button(page, "By rank")).to_have_attribute("aria-pressed", "true")
    codes = [c.get_attribute("data-card") or "" for c in page.locator(HAND_CARD).all()]
    ranks = [RANK_LETTERS.index(code[0]) if code != "*" else 99 for code in codes]
    assert ranks == sorted(ranks), codes
    # The sort is kept by the browser: a reload shows it by rank.
    page.reload()
    expect(button(page, "By rank")).to_have_attribute("aria-pressed", "true")


def touch(client: Any, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    client.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


FLAT = ["Ac", "2c", "3c", "4c", "5d", "6d", "7d", "8d", "Ks", "Kh", "Qs", "Jh", "Th", "9s"]


def test_the_first_tap_after_a_drag_chooses_a_card(server: str, browser: Browser) -> None:
    with page_in(browser, PHONE) as page:
        FakeRoom(page, view_json(FLAT))
        page.goto(f"{server}/r/fake")
        cards = page.locator(HAND_CARD)
        expect(cards).to_have_count(14)
        start = cards.nth(0).bounding_box()
        end = cards.nth(3).bounding_box()
        assert start and end
        client = page.context.new_cdp_session(page)
        x, y = start["x"] + 12, start["y"] + start["height"] / 2
        touch(client, "touchStart", x, y)
        target = end["x"] + end["width"] - 4
        for step in range(1, 11):
            touch(client, "touchMove", x + (target - x) * step / 10, y + 2)
            page.wait_for_timeout(16)
        touch(client, "touchEnd", target, y + 2)
        expect(page.locator(f"{HAND_CARD}.dragging")).to_have_count(0)
        page.wait_for_timeout(200)
        # One tap on another card chooses it.
        queen = page.get_by_role("button", name="Queen of spades")
        queen.tap()
        expect(queen).to_have_attribute("aria-pressed", "true")
        expect(button(page, "Discard")).to_be_enabled()


def test_the_first_click_after_a_mouse_drag_chooses_a_card(server: str, page: Page) -> None:
    FakeRoom(page, view_json(FLAT))
    page.goto(f"{server}/r/fake")
    cards = page.locator(HAND_CARD)
    expect(cards).to_have_count(14)
    start = cards.nth(0).bounding_box()
    end = cards.nth(3).bounding_box()
    assert start and end
    page.mouse.move(start["x"] + 10, start["y"] + 20)
    page.mouse.down()
    page.mouse.move(start["x"] + 40, start["y"] + 22, steps=4)
    # Released over the hand's gap, not on a card: no click follows the drag.
    page.mouse.move(end["x"] + end["width"] - 5, start["y"] - 30, steps=6)
    page.mouse.up()
    expect(page.locator(f"{HAND_CARD}.dragging")).to_have_count(0)
    queen = page.get_by_role("button", name="Queen of spades")
    queen.click()
    expect(queen).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"{HAND_CARD}[aria-pressed=true]")).to_have_count(1)


BEST_ANALYSIS = {"deadwood": 24, "melds": [], "kinds": [], "unmelded": ["6c", "9c", "Qd", "5s"],
                 "go_out_discards": [],
                 "discards": [{"card": "Qd", "deadwood": 24, "out": False},
                              {"card": "9c", "deadwood": 25, "out": False},
                              {"card": "6c", "deadwood": 28, "out": False}]}
ROUND_TWO = ["6c", "9c", "Qd", "4s", "5s"]


@pytest.mark.parametrize("aid", [None, False, True])
def test_best_discard_is_a_setting_off_by_default(
    server: str, browser: Browser, aid: bool | None,
) -> None:
    with page_in(browser, DESKTOP) as page:
        # The tests' default settings turn the aid on; these are the page's own.
        with_settings(page, pace="instant", **({} if aid is None else {"bestDiscard": aid}))
        view = view_json(ROUND_TWO, round_number=2, wild="4")
        room = FakeRoom(page, view, analysis=BEST_ANALYSIS)
        page.goto(f"{server}/r/fake")
        advice = page.locator("p.advice")
        if aid:
            expect(advice).to_have_text(
                "Best discard for the least points now: Queen of diamonds, leaving 24 points.")
            room.send_message({"type": "hint", "id": "h", "options": [
                {"action": "0: discard 6c", "expected": 8.0},
                {"action": "0: discard 9c", "expected": 8.3}]})
            hint = page.get_by_role("region", name="Hint")
            expect(hint).to_contain_text("expected points at the round's end")
            expect(hint).to_contain_text("points left now")
        else:
            expect(advice).to_have_text("Best arrangement: 0 melds, 24 points unmelded.")
            expect(page.get_by_text("Best discard")).to_have_count(0)
        # The arrangement's points stay on the hand either way.
        expect(page.get_by_role("group", name="Unmelded: 24 points")).to_have_count(1)


LAST_TURN = ["7c", "7d", "7s", "2d"]
LAST_ANALYSIS = {"deadwood": 2, "melds": [["7c", "7d", "7s"]], "kinds": ["set"], "unmelded": ["2d"],
                 "go_out_discards": ["2d"],
                 "discards": [{"card": "2d", "deadwood": 0, "out": True},
                              {"card": "7c", "deadwood": 2, "out": False}]}


def test_go_out_says_why_it_is_disabled_and_o_tells_why_not(server: str, page: Page) -> None:
    # Someone else went out: the last turn, where going out is not a legal move.
    view = view_json(LAST_TURN, round_number=2, wild="4", out=1, final_turns_left=1,
                     hand_sizes=[4, 3, 3, 3], rules={"rounds": 11, "players": 4})
    FakeRoom(page, view, analysis=LAST_ANALYSIS)
    page.goto(f"{server}/r/fake")
    go_out = button(page, "Go out")
    expect(go_out).to_be_disabled()
    expect(go_out).to_have_accessible_description("Someone has gone out: this is your last turn, "
                                                  "and you cannot go out now.")
    # The aid (on in the tests' settings) never says "you can go out" here.
    expect(page.locator("p.advice")).to_have_text(
        "Best discard for the least points now: 2 of diamonds, leaving 0 points.")
    page.locator("body").press("o")
    expect(page.get_by_role("log")).to_contain_text("Not done: Someone has gone out")
    # The hand says that a double-click discards.
    expect(page.get_by_role("group", name="Your hand", exact=True)).to_have_attribute(
        "title", "Click a card to choose it; a double-click discards it at once. "
        "Drag a card to move it.")


def test_go_out_says_which_card_it_waits_for(server: str, page: Page) -> None:
    view = view_json(LAST_TURN, round_number=2, wild="4", hand_sizes=[4, 3, 3, 3],
                     rules={"rounds": 11, "players": 4},
                     legal=[f"0: discard {card}" for card in LAST_TURN] + ["0: out 2d"])
    FakeRoom(page, view, analysis=LAST_ANALYSIS)
    page.goto(f"{server}/r/fake")
    go_out = button(page, "Go out")
    expect(go_out).to_have_accessible_description(
        "Choose a card whose discard leaves every other card in melds.")
    page.locator("body").press("o")
    expect(page.get_by_role("log")).to_contain_text(
        "Not done: Choose a card whose discard leaves every other card in melds.")
    page.get_by_role("button", name="2 of diamonds").click()
    expect(go_out).to_be_enabled()


def test_a_double_click_discards_and_a_quick_click_on_another_card_chooses_it(
        server: str, page: Page) -> None:
    """A double-click on one card discards it; two quick clicks on two cards choose the
    second (the browser counts the second as a double-click's, which must not swallow it)."""
    page.goto(f"{server}/play?opponents=1&level=greedy&seed=5&rules={rules_param(rounds=2)}")
    while wait_for_change(page) != "draw":
        button(page, "Next round").click()
    button(page, "Draw from stock").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    cards = page.locator(HAND_CARD)
    expect(cards).to_have_count(4)
    first, second = cards.nth(0), cards.nth(1)
    first.click()
    second.click(delay=0)  # within the double-click time, on another card
    expect(second).to_have_attribute("aria-pressed", "true")
    expect(first).to_have_attribute("aria-pressed", "false")
    name = second.get_attribute("aria-label") or ""
    second.dblclick()
    expect(page.get_by_role("log")).to_contain_text(f"You discarded {name.removesuffix(', wild')}")
