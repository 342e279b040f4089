"""Everything fits the screen (issue 44, item 8): at 1280x800, 1366x768, 1024x768 and a
360x740 phone, a scan of every visible element's box in the lobby, the Settings (in the
lobby and at the table), the table, the score sheet, each dialog (a round's results, the
game's end, "Go out?") and the replay finds nothing past the screen's right edge and
nothing that makes the page scroll sideways; each dialog's main button is on the screen
without scrolling; the score sheet shows every total without scrolling sideways.

The heavy screens (round 10's results with four 12-card hands and ten rows of scores, an
11-round game's end) come from a fake room; the lobby, the table, the replay and the real
dialogs of a 2-round game come from a seeded game against the server's computers.
Set LAYOUT_SHOTS to a folder to keep a screenshot of every scanned screen."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import (
    HAND_CARD,
    PHONE,
    button,
    page_in,
    play_first_cards,
    rules_param,
)

SCREENS: dict[str, dict[str, Any]] = {
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "1024x768": {"viewport": {"width": 1024, "height": 768}},
    "phone": PHONE,
}
SETTINGS = ("localStorage.setItem('three-thirteen.settings', "
            "JSON.stringify({pace: 'instant', motion: 'off', bestDiscard: true}))")
SHOTS = os.environ.get("LAYOUT_SHOTS")

# Every visible element whose box runs past the right edge, unless an ancestor that clips
# (a scrolling box) keeps it inside the screen; and how wide the page scrolls.
SCAN = """() => {
  const width = window.innerWidth;
  const clippedInside = (element) => {
    for (let up = element.parentElement; up; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow !== 'visible') return up.getBoundingClientRect().right <= width + 0.5;
    }
    return false;
  };
  const name = (element) => element.tagName.toLowerCase()
    + (element.id ? '#' + element.id : '')
    + (typeof element.className === 'string' && element.className
      ? '.' + element.className.trim().split(/\\s+/).join('.') : '')
    + ' "' + (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40)
    + '"';
  // The boxes a control must stay inside: a lobby panel, a dialog, the Settings, a seat.
  const BOXES = '.card-panel, .sheet, .settings-panel, .replay-seat, .open-hands > li, .places';
  const past = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // nothing to see (visually hidden)
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    if (box.right > width + 0.5 && !clippedInside(element)) {
      past.push(`${name(element)} right=${Math.round(box.right)}`);
    }
    const holder = element.parentElement && element.parentElement.closest(BOXES);
    const inside = holder ? holder.getBoundingClientRect().right + 0.5 : Infinity;
    if (box.right > inside && !clippedInside(element)) {
      past.push(`${name(element)} runs out of ${name(holder)}`);
    }
  }
  const sheets = [...document.querySelectorAll('.score-sheet-wrap')]
    .filter((wrap) => wrap.getClientRects().length > 0 && wrap.scrollWidth > wrap.clientWidth + 1)
    .map((wrap) => `score sheet scrolls sideways: ${wrap.scrollWidth} in ${wrap.clientWidth}`);
  const scrollWidth = document.documentElement.scrollWidth;
  return {past: past.slice(0, 12), sheets, scrollWidth, width};
}"""

# The button is inside the screen and is what a click at its centre reaches.
REACHABLE = """(element) => {
  const box = element.getBoundingClientRect();
  const inside = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth
    && box.bottom <= window.innerHeight;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {inside, reached: hit !== null && element.contains(hit),
          box: [box.left, box.top, box.right, box.bottom]};
}"""


def scan(page: Page, where: str) -> None:
    """Nothing past the right edge, no sideways scroll, no score sheet scrolling sideways."""
    page.wait_for_timeout(60)  # one more frame for a layout that follows a state
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{re.sub(r'[^a-z0-9-]+', '-', where.lower())}.png"))
    found = page.evaluate(SCAN)
    assert found["past"] == [], f"{where}: past the right edge: {found['past']}"
    assert found["scrollWidth"] <= found["width"], f"{where}: the page scrolls sideways: {found}"
    assert found["sheets"] == [], f"{where}: {found['sheets']}"


def main_button_on_screen(page: Page, name: str, where: str) -> None:
    target = page.get_by_role("button", name=name, exact=True).or_(
        page.get_by_role("link", name=name, exact=True)).first
    expect(target).to_be_visible()
    found = target.evaluate(REACHABLE)
    assert found["inside"] and found["reached"], f"{where}: {name} is not on the screen: {found}"


# -- the fake room's heavy screens -----------------------------------------------------

RANKS = "A23456789TJQK"


def hand_result(round_number: int, seat: int) -> dict[str, Any]:
    """A laid-open hand of round `round_number` (round k deals k + 2 cards): seat 1 went out
    with two melds, seat 3 holds nothing but deadwood, the others a meld and deadwood."""
    size = round_number + 2
    suit = "cdhs"[seat]
    run = [f"{RANKS[i]}{suit}" for i in range(min(size, 5))]
    rest = [f"{RANKS[(7 + i) % 13]}{'cdhs'[(seat + 1 + i) % 4]}" for i in range(size - len(run))]
    if seat == 1:
        melds = [run, rest] if len(rest) >= 3 else [run + rest]
        return {"melds": melds, "deadwood": [], "points": 0}
    if seat == 3:
        return {"melds": [], "deadwood": run + rest, "points": 5 * size}
    return {"melds": [run], "deadwood": rest, "points": 4 * len(rest)}


def results(rounds: int) -> list[dict[str, Any]]:
    return [{"number": n, "wild": RANKS[(n + 1) % 13], "dealer": (n - 1) % 4, "end": "out",
             "out": 1, "playoff": False, "result": [hand_result(n, seat) for seat in range(4)]}
            for n in range(1, rounds + 1)]


def totals(done: list[dict[str, Any]]) -> list[int]:
    return [sum(r["result"][seat]["points"] for r in done) for seat in range(4)]


def round_view(round_number: int, **changes: Any) -> dict[str, Any]:
    """Seat 0 waiting in round `round_number` with every earlier round's results."""
    done = results(round_number - 1)
    hand = [f"{RANKS[i % 13]}{'cdhs'[i % 4]}" for i in range(round_number + 2)]
    view = view_json(hand, round_number=round_number, wild=RANKS[(round_number + 1) % 13],
                     phase="draw", turn=2, hand_sizes=[len(hand)] * 4, actions=[], results=done,
                     totals=totals(done), legal=[])
    view.update(changes)
    return view


GOES_OUT = ["Jc", "3s", "8s", "3c"]  # round 1, threes wild: discarding Jc leaves 3s 8s 3c
OUT_ANALYSIS = {"deadwood": 10, "melds": [], "unmelded": ["Jc"], "go_out_discards": ["Jc"],
                "discards": [{"card": "Jc", "deadwood": 0, "out": True}]}


@pytest.mark.parametrize("screen", SCREENS)
def test_the_fake_rooms_heavy_screens_fit(server: str, browser: Browser, screen: str) -> None:
    with page_in(browser, SCREENS[screen]) as page:
        page.add_init_script(SETTINGS)
        room = FakeRoom(page, round_view(10))
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(12)
        scan(page, f"{screen} table round 10")
        # The side's score sheet, opened: ten rounds, four totals, no sideways scroll.
        sheet = page.locator("aside details.panel")
        sheet.locator("summary").click()
        expect(sheet.locator("table.score-sheet tbody tr")).to_have_count(9)
        sheet.scroll_into_view_if_needed()
        scan(page, f"{screen} side score sheet")
        totals_row = sheet.locator("tr.totals td:visible")
        expect(totals_row).to_have_count(4)
        for cell in totals_row.all():
            box = cell.bounding_box()
            right = SCREENS[screen]["viewport"]["width"]
            assert box is not None and box["x"] + box["width"] <= right, (screen, box)
        page.evaluate("window.scrollTo(0, 0)")
        # Settings at the table; Escape closes it with the focus still on its button.
        settings = page.get_by_role("button", name="Settings", exact=True)
        settings.click()
        expect(page.locator("#settings-panel")).to_be_visible()
        scan(page, f"{screen} table settings")
        expect(settings).to_be_focused()
        page.keyboard.press("Escape")
        expect(page.locator("#settings-panel")).to_have_count(0)
        # Round 10's results: four 12-card hands and ten rows.
        room.send(round_view(11))
        dialog = page.get_by_role("dialog", name="Round 10 results")
        expect(dialog).to_be_visible()
        scan(page, f"{screen} round 10 results")
        main_button_on_screen(page, "Next round", f"{screen} round 10 results")
        expect(dialog.get_by_label(re.compile(r"^Unmelded: "))).to_have_count(3)
        button(page, "Next round").click()
        # The game's end after 11 rounds: places, buttons on the screen.
        done = results(11)
        room.send(round_view(11, phase="over", turn=None, results=done, totals=totals(done),
                             winners=[1]))
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        places = page.get_by_role("list", name="Places").locator("li")
        expect(places).to_have_count(4)
        expect(places.first).to_contain_text("1st")
        expect(places.first).to_contain_text("Left")
        expect(places.first).to_have_class("winner")
        scan(page, f"{screen} game over after 11 rounds")
        for name in ("Rematch", "Watch the replay", "Download the record", "New game"):
            main_button_on_screen(page, name, f"{screen} game over")


@pytest.mark.parametrize("screen", SCREENS)
def test_go_out_asks_on_the_screen(server: str, browser: Browser, screen: str) -> None:
    with page_in(browser, SCREENS[screen]) as page:
        page.add_init_script(SETTINGS)
        view = view_json(GOES_OUT, round_number=1, wild="3", rules={"rounds": 1, "players": 4},
                         hand_sizes=[4, 3, 3, 3],
                         legal=[f"0: discard {c}" for c in GOES_OUT] + ["0: out Jc"])
        FakeRoom(page, view, analysis=OUT_ANALYSIS)
        page.goto(f"{server}/r/fake")
        page.get_by_role("button", name="Jack of clubs", exact=True).click()
        button(page, "Discard").click()
        expect(page.get_by_role("alertdialog", name="Go out?")).to_be_visible()
        scan(page, f"{screen} go out")
        main_button_on_screen(page, "Yes, go out", f"{screen} go out")
        main_button_on_screen(page, "No, just discard", f"{screen} go out")


# -- a seeded 2-round game against the server's computers ------------------------------------

@pytest.fixture(scope="module")
def played(server: str, browser: Browser) -> Iterator[tuple[str, dict[str, Any]]]:
    """A finished 2-round game (seed 7) played by mouse at 1280x800 (draw from the stock,
    discard the first card), scanning its round 1 results on the way: the room and the
    browser storage that holds its seat."""
    context = browser.new_context(**SCREENS["1280x800"])  # type: ignore[attr-defined]
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.add_init_script(SETTINGS)
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=7&rules={rules_param(rounds=2)}")
        expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
        button(page, "Draw from stock").wait_for()
        results: list[str] = []

        def check_results(page: Page) -> None:
            results.append(page.url)
            scan(page, "1280x800 real round 1 results")
            main_button_on_screen(page, "Next round", "1280x800 real round 1 results")

        play_first_cards(page, on_results=check_results)
        assert len(results) == 1
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        yield page.url.rsplit("/", 1)[1], context.storage_state()
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lobby_a_real_table_its_end_and_the_replay_fit(
    server: str, browser: Browser, played: tuple[str, dict[str, Any]], screen: str,
) -> None:
    room, storage = played
    with page_in(browser, {**SCREENS[screen], "storage_state": storage}) as page:
        page.add_init_script(SETTINGS)
        # The finished game, back at its seat (before the lobby, which may forget finished
        # games' seats): Game over and its buttons.
        page.goto(f"{server}/r/{room}")
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        scan(page, f"{screen} real game over")
        for name in ("Rematch", "Watch the replay", "Download the record", "New game"):
            main_button_on_screen(page, name, f"{screen} real game over")
        # The replay: the deal, a draw, a round's end.
        page.goto(f"{server}/replay/{room}")
        expect(page.get_by_text(re.compile(r"Step 1 of \d+"))).to_be_visible()
        scan(page, f"{screen} replay deal")
        page.keyboard.press("ArrowRight")
        expect(page.get_by_text(re.compile(r"Step 2 of \d+"))).to_be_visible()
        scan(page, f"{screen} replay step 2")
        page.keyboard.press("End")
        expect(page.locator(".replay-text")).to_contain_text("over")
        scan(page, f"{screen} replay end")
        page.goto(f"{server}/")
        expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
        scan(page, f"{screen} lobby")
        page.get_by_label("Deck colours").scroll_into_view_if_needed()
        scan(page, f"{screen} lobby settings")
        # A new seeded game: its first turn.
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=7&rules={rules_param(rounds=2)}")
        expect(button(page, "Draw from stock")).to_be_enabled()
        scan(page, f"{screen} real table")


FOURTEEN = ["Ac", "2c", "3c", "4c", "5d", "6d", "7d", "8d", "Ks", "Kh", "Qs", "Jh", "Th", "9s"]
FELT_PARTS = """() => [...document.querySelectorAll('.felt .seat, .table-center, .hand-card')]
  .map((el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_hint_moves_nothing_and_a_spectator_gets_the_whole_felt(
    server: str, browser: Browser, screen: str,
) -> None:
    with page_in(browser, SCREENS[screen]) as page:
        page.add_init_script(SETTINGS)
        room = FakeRoom(page, view_json(FOURTEEN))
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(14)
        felt = page.locator(".felt").bounding_box()
        parts = page.evaluate(FELT_PARTS)
        room.send_message({"type": "hint", "id": "h", "options": [
            {"action": f"0: discard {card}", "expected": 10.0 + index}
            for index, card in enumerate(FOURTEEN[:5])]})
        hints = page.get_by_role("region", name="Hint")
        expect(hints.locator("li")).to_have_count(5)
        scan(page, f"{screen} hint open")
        assert page.locator(".felt").bounding_box() == felt, f"{screen}: the hint moved the felt"
        assert page.evaluate(FELT_PARTS) == parts, f"{screen}: the hint moved a seat or a card"
        if screen != "phone":  # on a phone the hint comes below the hand, in the page's flow
            box = hints.bounding_box()
            assert box is not None
            hint = {"left": box["x"], "right": box["x"] + box["width"], "top": box["y"],
                    "bottom": box["y"] + box["height"]}
            assert all(overlap(hint, part) < 1 for part in parts), f"{screen}: the hint covers play"
    # A spectator (no hand below the felt): the felt takes most of the screen's height.
    with page_in(browser, SCREENS[screen]) as page:
        page.add_init_script(SETTINGS)
        watching = view_json(FOURTEEN, seat=None, phase="draw", turn=2, legal=[])
        watching["hand"] = None
        FakeRoom(page, watching)
        page.goto(f"{server}/r/fake")
        expect(page.get_by_text("Watching.")).to_be_visible()
        box = page.locator(".felt").bounding_box()
        assert box is not None and box["height"] >= 0.6 * SCREENS[screen]["viewport"]["height"], box
        scan(page, f"{screen} spectator")
