"""Helpers that play the browser game as a person would: by mouse, keyboard or touch."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

HAND_CARD = "button.hand-card"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


# Every WebSocket the page opens is kept; while `__blocked`, new ones go to an address the
# server refuses, as when the network is down.
SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__blocked = false;
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      super(window.__blocked ? String(url).replace('/ws/', '/down/') : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""


@contextmanager
def page_in(browser: Browser, options: dict[str, Any]) -> Iterator[Page]:
    """A page in a browser context of its own with ``options`` (a screen), closed afterwards."""
    context = browser.new_context(**options)
    try:
        yield context.new_page()
    finally:
        context.close()


def on_a_phone(browser: Browser) -> AbstractContextManager[Page]:
    """A page on a 360x740 touch phone (``page_in``)."""
    return page_in(browser, PHONE)


def button(page: Page, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


STATE = """() => {
  const has = (selector) => document.querySelector(selector) !== null;
  const named = (name) => [...document.querySelectorAll('button')]
    .find((b) => b.textContent.trim() === name);
  if ([...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === 'Game over')) {
    return 'over';
  }
  if (named('Next round')) return 'results';
  if (has('[role=alertdialog]')) return 'confirm';
  const draw = named('Draw from stock');
  if (draw && !draw.disabled) return 'draw';
  if (has('.table-page[data-phase=discard][data-my-turn=true]')) return 'discard';
  return 'wait';
}"""


def state_of(page: Page) -> str:
    """What the page waits for: 'draw', 'discard', 'results', 'confirm', 'over' or 'wait'
    (read in one go, so that a state arriving meanwhile cannot mix two answers)."""
    found: str = page.evaluate(STATE)
    return found


def wait_for_change(page: Page, timeout: float = 60.0) -> str:
    """Wait until the page asks something of the person; return what."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = state_of(page)
        if found != "wait":
            return found
        page.wait_for_timeout(40)
    raise AssertionError(f"the table asked nothing for {timeout} s")


# "Best discard for the least points now: Queen of diamonds, leaving 24 points." (the aid is
# on in the tests' default settings).
BEST = re.compile(r"Best discard[^:]*: (.+?), leaving")


def choose_discard(page: Page) -> Any:
    """The card the table's advice names as the best discard (the server's analysis)."""
    advice = page.locator("p.advice")
    expect(advice).to_contain_text("Best discard")
    match = BEST.search(advice.inner_text())
    assert match, advice.inner_text()
    named = page.get_by_role("button", name=match.group(1), exact=True)
    return page.locator(HAND_CARD).and_(named).first


def play_turn_by_mouse(page: Page, *, tap: bool = False) -> None:
    """Draw from the stock, choose a card and discard it (going out when offered)."""
    press = (lambda locator: locator.tap()) if tap else (lambda locator: locator.click())
    press(button(page, "Draw from stock"))
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    card = choose_discard(page)
    press(card)
    expect(card).to_have_attribute("aria-pressed", "true")
    go_out = button(page, "Go out")
    if go_out.is_enabled():
        press(go_out)
    else:
        press(button(page, "Discard"))
    settle(page, lambda: press(button(page, "Yes, go out")))


def settle(page: Page, confirm: Any, timeout: float = 10.0) -> None:
    """Wait until the discard is answered, saying yes to "Go out?" if it is asked."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator("[role=alertdialog]").count():
            confirm()
        elif not page.locator(".table-page[data-phase=discard][data-my-turn=true]").count():
            return
        page.wait_for_timeout(30)
    raise AssertionError("the discard was not answered")


def play_game(page: Page, turn: Any, *, limit: float = 420.0) -> int:
    """Play until `Game over`, calling ``turn(page)`` on each turn; return the turns played."""
    turns = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = wait_for_change(page)
        if found == "over":
            return turns
        if found == "results":
            button(page, "Next round").click()
        elif found == "confirm":
            button(page, "Yes, go out").click()
        elif found == "draw":
            turn(page)
            turns += 1
        elif found == "discard":  # a reload in the middle of a turn
            choose_discard(page).click()
            button(page, "Discard").click()
    raise AssertionError("the game did not end in time")


def play_first_cards(page: Page, *, on_results: Any = None, limit: float = 180.0) -> None:
    """Play until `Game over` by mouse: draw from the stock and discard the hand's first card
    (going out when asked); ``on_results(page)`` is called on each round's results before
    `Next round`."""
    deadline = time.monotonic() + limit
    while (found := wait_for_change(page)) != "over":
        assert time.monotonic() < deadline, "the game did not end in time"
        if found == "results":
            if on_results is not None:
                on_results(page)
            button(page, "Next round").click()
        elif found == "confirm":
            button(page, "Yes, go out").click()
        elif found == "draw":
            button(page, "Draw from stock").click()
            expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
        if found in ("draw", "discard"):
            page.locator(HAND_CARD).first.click()
            button(page, "Discard").click()
            settle(page, lambda: button(page, "Yes, go out").click())


def rules_param(**rules: Any) -> str:
    import json
    import urllib.parse

    return urllib.parse.quote(json.dumps(rules))


CARD_NAME = re.compile(
    r"^((Ace|[2-9]|10|Jack|Queen|King) of (clubs|diamonds|hearts|spades|stars)(, wild)?|Joker)$"
)


FOCUSED = """() => {
  const e = document.activeElement;
  return e ? (e.getAttribute('aria-label') || e.textContent.trim()) : '';
}"""


def focused(page: Page) -> str:
    """The accessible name (or text) of the element with the keyboard's focus."""
    name: str = page.evaluate(FOCUSED)
    return name


def tab_to(page: Page, names: set[str], limit: int = 60) -> str:
    """Press Tab until the focus is on an element named one of ``names``; return which."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        seen.append(focused(page))
        if seen[-1] in names:
            return seen[-1]
    raise AssertionError(f"Tab never reached {names}: {seen}")
