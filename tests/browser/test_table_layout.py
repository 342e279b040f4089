"""The table's felt at every seat count (2 to 8) and screen size: no opponent's seat covers
another seat or the piles, and the top card of the discard pile can be read, even when
the felt is at its shortest (a 14-card hand with the hint open below it) and with large
cards. (A 4-seat table at 1366x768 with the hint open once hid the discard's rank under
the top seat.)"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import HAND_CARD, PHONE, page_in
from threethirteen.seats import seat_names

FOURTEEN = ["Ac", "2c", "3c", "4c", "5d", "6d", "7d", "8d", "Ks", "Kh", "Qs", "Jh", "Th", "9s"]
SCREENS: dict[str, dict[str, Any]] = {
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "1024x768": {"viewport": {"width": 1024, "height": 768}},
    "900x700": {"viewport": {"width": 900, "height": 700}},
    "phone": PHONE,
}

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const seats = [...document.querySelectorAll('.felt .seat')].map((el) => box(el));
  const center = box(document.querySelector('.table-center'));
  const felt = box(document.querySelector('.felt'));
  return {seats, center, felt};
}"""

# The page once every finite animation and transition has ended.
SETTLED = """async () => { await Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map((a) => a.finished.catch(() => null))); }"""

# What lies on top at the discard's corner (its rank): the discard itself, not a seat.
CORNER = """() => {
  const face = document.querySelector('.pile.discard .card.face');
  const r = face.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + 8, r.top + 10);
  return hit !== null && face.contains(hit);
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share (0 when they only touch)."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


def table_of(players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0's view to discard in round 11, 14 cards in hand, one opponent out and one
    dealing; and the room: computers at `expert`, named by their places at the table."""
    names = list(seat_names(players - 1))
    view = view_json(
        FOURTEEN, players=names, seats=list(range(players)), dealer=players - 1,
        hand_sizes=[14] + [13] * (players - 1), totals=[120] * players,
        false_outs=[0] * players, out=1, final_turns_left=players - 2,
        rules={"rounds": 11, "players": players},
        # Every other seat has acted: each shows its last action (the longest words).
        actions=[action for seat in range(1, players)
                 for action in (f"{seat}: draw stock", f"{seat}: discard Qd")] + ["0: draw stock"],
    )
    room = {"room": "fake", "status": "playing", "host": 0, "seats": [
        {"kind": "human", "name": "You", "connected": True},
        *({"kind": "expert", "name": name, "connected": True} for name in names[1:])]}
    return view, room


def show_hint(page: Page, room: FakeRoom) -> None:
    room.send_message({"type": "hint", "id": "h", "options": [
        {"action": f"0: discard {card}", "expected": 10.0 + index}
        for index, card in enumerate(FOURTEEN[:5])]})
    expect(page.locator(".hints li")).to_have_count(5)


@pytest.mark.parametrize("players", range(2, 9))
def test_no_seat_covers_another_or_the_piles(server: str, browser: Browser, players: int) -> None:
    view, room_info = table_of(players)
    for screen, options in SCREENS.items():
        for large in (False, True):
            with page_in(browser, options) as page:
                # animations off: a card still landing would be measured mid-flight
                page.add_init_script(
                    "localStorage.setItem('three-thirteen.settings', "
                    f"JSON.stringify({{large: {str(large).lower()}, motion: 'off',"
                    " pace: 'instant'}))")
                room = FakeRoom(page, view, room=room_info)
                page.goto(f"{server}/r/fake")
                expect(page.locator(HAND_CARD)).to_have_count(14)
                expect(page.locator(".felt .seat")).to_have_count(players - 1)
                show_hint(page, room)
                page.evaluate(SETTLED)
                where = f"{players} players, {screen}{', large cards' if large else ''}"
                found = page.evaluate(BOXES)
                parts = [*found["seats"], found["center"]]
                for first in range(len(parts)):
                    for second in range(first + 1, len(parts)):
                        assert overlap(parts[first], parts[second]) < 1.0, (
                            where, first, second, parts[first], parts[second])
                felt = found["felt"]
                for seat in found["seats"]:
                    assert felt["left"] <= seat["left"] and seat["right"] <= felt["right"], where
                    assert felt["top"] <= seat["top"] and seat["bottom"] <= felt["bottom"], where
                assert page.evaluate(CORNER), f"{where}: something covers the discard's rank"


def test_a_long_name_is_cut_short_on_its_seat_and_said_whole(server: str, browser: Browser) -> None:
    view, room_info = table_of(4)
    long_name = "Bartholomew the Magnificent of Lower Upton"[:40]
    view["players"] = ["You", long_name, "Top", "Right"]
    with page_in(browser, SCREENS["1024x768"]) as page:
        FakeRoom(page, view, room=room_info)
        page.goto(f"{server}/r/fake")
        seat = page.locator(".felt .seat").first
        expect(seat).to_have_attribute("aria-label", long_name)
        expect(seat).to_have_accessible_description(
            "computer, expert, 13 cards, score 120, went out")
        box = seat.bounding_box()
        assert box is not None and box["width"] < 260, box
        expect(seat.locator(".seat-name")).to_have_attribute("title", long_name)
