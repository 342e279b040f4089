"""The other seats' moves at a pace a person can follow (issue 44): each computer's draw
and discard is its own moment on the table, held for the pace's time, in order, and the
person's controls come back only after the last of them; reduced motion keeps the pacing
and drops the moving card; at pace "instant" a game runs as fast as ever; Undo stays
usable after a discard."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.table import (
    button,
    choose_discard,
    play_game,
    play_turn_by_mouse,
    rules_param,
    wait_for_change,
)

# Every change of what the table shows, with its time: each seat's status (its last
# action), the discard pile's name, whether "Draw from stock" is enabled, and how many
# animations with a duration are running (the moving card, a breathing mark).
RECORDER = """
(() => {
  window.__frames = [];
  const read = () => {
    const seats = {};
    for (const seat of document.querySelectorAll('section.seat')) {
      const status = seat.querySelector('[role=status]');
      seats[seat.getAttribute('aria-label')] = status ? status.textContent : null;
    }
    const pile = document.querySelector('[aria-label^="Discard pile: "]');
    const draw = [...document.querySelectorAll('button')]
      .find((b) => b.textContent.trim() === 'Draw from stock');
    const moving = document.getAnimations().filter((a) => a.playState === 'running'
      && a.effect && a.effect.getComputedTiming().duration > 0).length;
    return { seats, pile: pile ? pile.getAttribute('aria-label') : null,
             draw: !!draw && !draw.disabled, moving,
             flight: document.querySelector('.flight') !== null };
  };
  const note = () => {
    const frame = read();
    const last = window.__frames.at(-1);
    const key = JSON.stringify(frame);
    if (!last || last.key !== key) window.__frames.push({ t: performance.now(), key, ...frame });
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true });
})();
"""

SEATS = ("Left", "Top", "Right")


def settings(context: Any, **values: Any) -> None:
    context.add_init_script(
        f"localStorage.setItem('three-thirteen.settings', JSON.stringify({json.dumps(values)}))")


def moments_after(page: Page, since: float) -> tuple[list[dict[str, Any]], float]:
    """The seats' changes of status after ``since`` (each with its time and the pile's name
    then), and when "Draw from stock" was enabled again."""
    frames: list[dict[str, Any]] = page.evaluate("window.__frames")
    before = next(f for f in reversed(frames) if f["t"] <= since)
    moments = []
    enabled = None
    for frame in frames:
        if frame["t"] <= since:
            continue
        for name in SEATS:
            if frame["seats"].get(name) != before["seats"].get(name):
                moments.append({"t": frame["t"], "seat": name, "status": frame["seats"][name],
                                "pile": frame["pile"]})
        if frame["draw"] and enabled is None:
            enabled = frame["t"]
        before = frame
    assert enabled is not None, "the person's turn never came back"
    return moments, enabled



def play_one_paced_turn(page: Page) -> tuple[list[dict[str, Any]], float]:
    assert wait_for_change(page) == "draw"
    button(page, "Draw from stock").click()
    card = choose_discard(page)
    card.click()
    since: float = page.evaluate("performance.now()")
    button(page, "Discard").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(0)
    assert wait_for_change(page, timeout=30) == "draw"
    page.wait_for_timeout(100)
    return moments_after(page, since)


def assert_followable(moments: list[dict[str, Any]], enabled: float) -> None:
    """Each computer, in seat order, draws then discards: two moments each, every one on
    screen for at least 400 ms, the discard with the pile showing its card, and the
    person's controls enabled only after the last one."""
    assert [m["seat"] for m in moments] == ["Left", "Left", "Top", "Top", "Right", "Right"], moments
    for draw, discard in zip(moments[::2], moments[1::2], strict=True):
        assert draw["status"] == "drew from the stock" or draw["status"].startswith("took "), draw
        assert discard["status"].startswith("discarded "), discard
        card = discard["status"].removeprefix("discarded ")
        assert discard["pile"] == f"Discard pile: {card}", discard
    held = [round(after["t"] - m["t"]) for m, after in zip(moments, moments[1:], strict=False)]
    assert all(ms >= 400 for ms in held), held
    # The last discard is the state that gives the person the turn: never before it.
    assert enabled >= moments[-1]["t"], (enabled, moments[-1])


def test_each_computer_move_is_its_own_moment_at_normal_pace(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    settings(context, pace="normal", bestDiscard=True)
    context.add_init_script(RECORDER)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=12")
        moments, enabled = play_one_paced_turn(page)
        assert_followable(moments, enabled)
        frames: list[dict[str, Any]] = page.evaluate("window.__frames")
        assert any(frame["flight"] for frame in frames)  # a card moved on the felt
        page.screenshot(path="/tmp/client/paced.png")
    finally:
        context.close()


def test_reduced_motion_keeps_the_pacing_without_motion(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    settings(context, pace="normal", bestDiscard=True)
    context.add_init_script(RECORDER)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=12")
        moments, enabled = play_one_paced_turn(page)
        assert_followable(moments, enabled)
        frames: list[dict[str, Any]] = page.evaluate("window.__frames")
        assert not any(frame["flight"] or frame["moving"] for frame in frames)
    finally:
        context.close()


def test_undo_can_be_used_a_second_after_a_discard_at_normal_pace(
    server: str, browser: Browser,
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    settings(context, pace="normal", bestDiscard=True)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=12")
        undo = button(page, "Undo")
        assert wait_for_change(page) == "draw"
        expect(undo).to_be_disabled()
        expect(undo).to_have_accessible_description(
            "Undo takes back your discard until the next player draws.")
        button(page, "Draw from stock").click()
        card = choose_discard(page)
        name = card.get_attribute("aria-label")
        card.click()
        button(page, "Discard").click()
        expect(undo).to_be_enabled()
        page.wait_for_timeout(1000)  # a person reads the table, then changes their mind
        expect(undo).to_be_enabled(timeout=1)
        undo.click()
        expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
        expect(page.get_by_role("log")).to_contain_text("A move was taken back")
    finally:
        context.close()


def test_at_pace_instant_a_two_round_game_runs_as_fast_as_before(server: str, page: Page) -> None:
    """The fixtures' pace is "instant": nothing waits for the playback."""
    page.goto(f"{server}/play?opponents=3&level=greedy&seed=12&rules={rules_param(rounds=2)}")
    started = time.monotonic()
    turns = play_game(page, play_turn_by_mouse)
    took = time.monotonic() - started
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    assert turns >= 2
    print(f"two rounds at pace instant: {took:.1f} s, {turns} turns")
    assert took < 45, took  # 16-21 s here, as with the client before pacing; at "normal", 80


def test_a_pace_chosen_during_a_game_applies_at_once(server: str, browser: Browser) -> None:
    """Slow, the computers' three turns after a discard take more than 12 s (3 s for Undo,
    then six actions of 1.6 s); set to instant in Settings mid-game, about one second."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    settings(context, pace="slow", bestDiscard=True)
    try:
        page = context.new_page()
        page.goto(f"{server}/play?opponents=3&level=greedy&seed=12")
        assert wait_for_change(page) == "draw"
        button(page, "Settings").click()
        page.get_by_label("Pace of the other players").select_option("instant")
        page.keyboard.press("Escape")
        expect(page.get_by_label("Pace of the other players")).to_have_count(0)
        button(page, "Draw from stock").click()
        choose_discard(page).click()
        started = time.monotonic()
        button(page, "Discard").click()
        expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(0)
        assert wait_for_change(page, timeout=30) == "draw"
        took = time.monotonic() - started
        assert took < 6, took
    finally:
        context.close()
