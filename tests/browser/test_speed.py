"""Speed mode ("3-13 Speed") in the browser: a speed room of two people and six bots
played to the end through the real table, speed against the computers with the caller
playing once for the person, a 16-seat room made in the lobby, and the 16-seat table on a
phone and a desktop (it fits; axe finds nothing serious)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, expect

from browser.table import PHONE, button, rules_param
from browser.test_phone_a11y import axe

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TIMER = re.compile(r"^(\d+) seconds? to the caller$")
GO_OUT = re.compile(r"You can go out with (?:any of: )?([^,.]+(?:, wild)?)")

STATE = """() => {
  const named = (name) => [...document.querySelectorAll('button')]
    .find((b) => b.textContent.trim() === name);
  if ([...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === 'Game over')) {
    return 'over';
  }
  if (named('Next round')) return 'results';
  if (document.querySelector('[role=alertdialog]')) return 'confirm';
  const table = document.querySelector('.speed-page');
  if (!table) return 'wait';
  if (table.dataset.toAct !== 'true') return 'wait';
  return table.dataset.phase === 'discard' ? 'discard' : 'draw';
}"""


def create_room(server: str, seats: list[str], **rules: Any) -> dict[str, Any]:
    """A speed room made through the API (for `round_pause_seconds`, which the lobby does
    not offer): the creator's seat, token and room id."""
    body = {"name": "Ann", "rules": {"preset": "speed", **rules}, "seats": seats,
            "options": {"round_pause_seconds": 0}}
    request = urllib.request.Request(f"{server}/api/rooms", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        made: dict[str, Any] = json.load(answer)
    return made


def sit(page: Page, room: str, seat: int, token: str) -> None:
    """Keep the seat's token as the lobby does, so that the page takes that seat."""
    page.add_init_script(f"localStorage.setItem('three-thirteen.seat.{room}',"
                         f" JSON.stringify({{seat: {seat}, token: '{token}'}}))")


class Watch:
    """Every state a page receives: each must be its own seat's view (no other hand)."""

    def __init__(self, page: Page) -> None:
        self.states = 0
        self.problems: list[str] = []
        self.seat: int | None = None
        page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") != "state":
            return
        view = message["view"]
        self.states += 1
        if view.get("mode") != "speed":
            self.problems.append(f"not a speed view: {view.get('mode')}")
        if self.seat is None:
            self.seat = view["seat"]
        if view["seat"] != self.seat:
            self.problems.append(f"a view of seat {view['seat']} sent to seat {self.seat}")
        hand = view["hand"]
        if hand is not None and len(hand) != view["hand_sizes"][view["seat"]]:
            self.problems.append("a hand that is not the seat's own")
        if "call_deadline" not in message:
            self.problems.append("a state without call_deadline")


def state_of(page: Page) -> str:
    found: str = page.evaluate(STATE)
    return found


def seconds_left(page: Page) -> int:
    name = page.get_by_role("timer").get_attribute("aria-label") or ""
    match = TIMER.match(name)
    assert match, name
    return int(match.group(1))


def play_step(page: Page, found: str, turn: int) -> str:
    """Answer what the table asks, as a person does; return what was done."""
    if found == "results":
        button(page, "Next round").click()
        return "next"
    if found == "confirm":
        button(page, "Yes, go out").click()
        return "out"
    if found == "draw":
        pile = button(page, "Take from discard pile")
        (pile if turn % 3 == 2 and pile.is_enabled() else button(page, "Draw from stock")).click()
        return "draw"
    advice = page.locator("p.advice")
    match = GO_OUT.search(advice.inner_text()) if advice.count() else None
    name = match.group(1) if match else None
    cards = page.locator("button.hand-card")
    card = (cards.and_(page.get_by_role("button", name=name, exact=True)).first if name
            else cards.nth(turn % max(1, cards.count())))
    card.click()
    go_out = button(page, "Go out")
    if name and go_out.is_enabled():
        go_out.click()
        return "out"
    button(page, "Discard").click()
    return "discard"


def no_other_hand_on_screen(page: Page) -> None:
    """Only the person's own hand shows cards: the seats show a pile's top as a chip."""
    assert page.locator("[role=group][aria-label='Your hand']").count() <= 1
    assert page.locator(".speed-seat .card.face").count() == 0
    assert page.locator(".speed-seat .card.back").count() == 0


def test_two_people_and_six_bots_play_a_speed_room_to_the_end(
    server: str, browser: Browser,
) -> None:
    made = create_room(server, ["human", "human", "random", "greedy", "medium", "random",
                                "expert", "greedy"], speed_seconds=5, rounds=2)
    room = made["room"]
    contexts = [browser.new_context(**DESKTOP) for _ in range(2)]
    try:
        ann, bob = (made_context.new_page() for made_context in contexts)
        watches = {"Ann": Watch(ann), "Bob": Watch(bob)}
        sit(ann, room, 0, made["token"])
        ann.goto(f"{server}/r/{room}")
        expect(ann.get_by_role("heading", name="Waiting for players")).to_be_visible()
        bob.goto(f"{server}{made['invite']}")
        bob.get_by_label("Your name").fill("Bob")
        button(bob, "Take a seat").click()
        for page in (ann, bob):
            expect(page.locator(".speed-page")).to_be_visible()
            expect(page.locator("section.speed-seat")).to_have_count(7)
            expect(page.get_by_role("log")).to_contain_text("Round 1 of 2")

        # The caller's timer is on screen and counts down while Ann has not drawn.
        expect(ann.locator(".speed-page[data-phase=draw][data-to-act=true]")).to_have_count(1)
        expect(ann.get_by_role("timer")).to_be_visible()
        call = ann.locator(".call-step").inner_text()
        first = seconds_left(ann)
        ann.wait_for_timeout(1300)
        if ann.locator(".call-step").inner_text() == call:
            assert seconds_left(ann) < first, (first, seconds_left(ann))
        # Bob sees a seat for Ann, with her pile's top; never her cards.
        ann_tile = bob.locator("section.speed-seat").filter(has_text="Ann")
        expect(ann_tile).to_have_attribute(
            "aria-label", re.compile(r"^Ann, \d+ cards, score \d+, pile: "))

        done = {"Ann": {"draw": 0, "discard": 0, "out": 0, "next": 0},
                "Bob": {"draw": 0, "discard": 0, "out": 0, "next": 0}}
        over: set[str] = set()
        deadline = time.monotonic() + 420
        turn = 0
        while len(over) < 2:
            assert time.monotonic() < deadline, f"the game did not end in time: {done}"
            acted = False
            for name, page in (("Ann", ann), ("Bob", bob)):
                if name in over:
                    continue
                found = state_of(page)
                if found == "over":
                    over.add(name)
                elif found != "wait":
                    turn += 1
                    done[name][play_step(page, found, turn)] += 1
                    acted = True
                    if turn % 7 == 0:
                        no_other_hand_on_screen(page)
            if not acted:
                ann.wait_for_timeout(40)
        for name, page in (("Ann", ann), ("Bob", bob)):
            expect(page.get_by_role("heading", name="Game over")).to_be_visible()
            assert done[name]["draw"] >= 2 and done[name]["discard"] + done[name]["out"] >= 2, done
            log = page.get_by_role("log")
            expect(log).to_contain_text("You discarded")
            expect(log).to_contain_text(re.compile(r"took .+ from .+ pile"))
            expect(log).to_contain_text("Round 2 over.")
            assert watches[name].states > 20, watches[name].states
            assert watches[name].problems == [], watches[name].problems
        # The record of the finished room is a speed record (rounds of calls).
        with urllib.request.urlopen(f"{server}/api/rooms/{room}/record", timeout=10) as answer:
            record = json.load(answer)
        assert record["rules"]["mode"] == "speed" and len(record["rounds"]) == 2
        print(f"speed room of 8: Ann {done['Ann']}, Bob {done['Bob']}")
    finally:
        for made_context in contexts:
            made_context.close()


def test_speed_against_computers_with_the_caller_playing_once(
    server: str, browser: Browser,
) -> None:
    context = browser.new_context(**DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?preset=speed&opponents=3&level=random"
                  f"&rules={rules_param(rounds=1, speed_seconds=2)}")
        expect(page.locator(".speed-page[data-phase=draw][data-to-act=true]")).to_have_count(1)
        expect(page.locator("section.speed-seat")).to_have_count(3)
        expect(page.get_by_label("Discard pile: ", exact=False)).to_have_count(1)
        expect(page.get_by_role("timer")).to_have_attribute("aria-label", TIMER)
        # The person lets the caller play: after speed_seconds the caller draws for them.
        log = page.get_by_role("log")
        expect(log).to_contain_text("Time! The caller drew from the stock for You", timeout=10_000)
        expect(log).to_contain_text(re.compile(r"You drew .+ from the stock"))
        turn = 0
        found = state_of(page)
        deadline = time.monotonic() + 120
        while found not in ("over", "results"):
            assert time.monotonic() < deadline, "the round did not end"
            if found != "wait":
                turn += 1
                play_step(page, found, turn)
            page.wait_for_timeout(40)
            found = state_of(page)
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        expect(log).to_contain_text("Round 1 over.")
        assert axe(page) == [], "speed: game over"
        # The replay steps through the speed record: the deal, each call's draws and discards.
        page.get_by_role("link", name="Watch the replay").click()
        expect(page.get_by_text(re.compile(r"Step 1 of \d+: round 1, call 0"))).to_be_visible()
        expect(page.get_by_label(re.compile(r"^Right's pile: "))).to_have_count(1)
        page.keyboard.press("ArrowRight")
        expect(page.locator(".replay-text")).to_contain_text(
            re.compile(r"^Call 1, draw: .*The caller drew for You\."))
        page.keyboard.press("End")
        expect(page.locator(".replay-text")).to_contain_text("Round 1 over")
        assert axe(page) == [], "speed: replay"
    finally:
        context.close()


def test_a_speed_room_of_sixteen_is_made_in_the_lobby(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play online with friends"))
    form.get_by_label("Your name").fill("Ann")
    form.get_by_label("Preset").select_option("speed")
    expect(form.get_by_label("Seat 12")).to_be_visible()  # the preset's twelve seats
    expect(form.get_by_label("Turn timer")).to_have_count(0)  # the caller times a speed room
    for _ in range(4):
        form.get_by_role("button", name="Add a seat").click()
    expect(form.get_by_role("button", name="Add a seat")).to_be_disabled()
    form.get_by_label("Seat 16").select_option("expert")
    form.get_by_text("Every rule option").click()
    form.get_by_label("Speed seconds").fill("7")
    form.get_by_label("Speed seconds").press("Tab")
    form.get_by_role("button", name="Create room").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    room = page.get_by_label("Invite link").input_value().rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/rooms/{room}", timeout=10) as answer:
        info = json.load(answer)
    assert info["rules"]["mode"] == "speed"
    assert info["rules"]["players"] == 16 and info["rules"]["speed_seconds"] == 7
    assert [seat["kind"] for seat in info["seats"]][15] == "expert"
    assert info["options"]["turn_seconds"] is None


SIXTEEN = ("/play?preset=speed&opponents=15&level=random"
           f"&rules={rules_param(rounds=1, speed_seconds=60)}")

BOXES = """() => [...document.querySelectorAll(
    'section.speed-seat, button.hand-card, .actions button, [role=timer], .speed-center .pile')]
    .map((e) => { const b = e.getBoundingClientRect();
                  return {name: e.getAttribute('aria-label') || e.textContent.trim(),
                          left: b.left, right: b.right, bottom: b.bottom}; })"""


def test_sixteen_seats_fit_a_phone_and_a_desktop_and_axe_finds_nothing_serious(
    server: str, browser: Browser,
) -> None:
    for size, options in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            page.goto(f"{server}{SIXTEEN}")
            expect(page.locator(".speed-page[data-phase=draw][data-to-act=true]")).to_have_count(1)
            expect(page.locator("section.speed-seat")).to_have_count(15)
            expect(page.locator("section.speed-seat").last).to_have_attribute(
                "aria-label",
                re.compile(r"^Right, computer, random, \d+ cards?, .*you take from this pile"))
            page.wait_for_timeout(300)  # the cards slide into place
            width = options["viewport"]["width"]  # type: ignore[index]
            height = options["viewport"]["height"]  # type: ignore[index]
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width, size
            for box in page.evaluate(BOXES):
                assert box["left"] >= 0 and box["right"] <= width, (size, box)
                # Everything one plays with is on the first screen, without scrolling.
                assert box["bottom"] <= height, (size, box)
            assert axe(page) == [], f"speed table, {size}"
            # The person draws: the hand holds one card more, and the table asks a discard.
            button(page, "Draw from stock").click()
            expect(page.locator(".speed-page[data-phase=discard][data-to-act=true]")).to_have_count(1)
            expect(page.locator("button.hand-card")).to_have_count(4)
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width, size
            assert axe(page) == [], f"speed table to discard, {size}"
        finally:
            context.close()
