"""axe-core on every view a player meets, as a player meets it: the lobby, Settings open, the
rules over the table, the table in the middle of a round laid out "Melds first", a round's
results, Game over, the replay and the statistics page. Nothing serious or critical.

Every view is checked before the test fails, so that its message names all the views that
fail and what axe found on each (rule id and the first elements)."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.table import HAND_CARD, PHONE, button, page_in, rules_param, settle, wait_for_change
from browser.test_phone_a11y import axe

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
GAME = "/play?opponents=3&level=greedy&seed=7&rules="


def check(page: Page, view: str, found: dict[str, Any]) -> None:
    """Record what axe finds serious or critical on the page as it is now, under ``view``."""
    found[view] = axe(page)


def discard_first_card(page: Page) -> None:
    page.locator(HAND_CARD).first.click()
    button(page, "Discard").click()
    settle(page, lambda: button(page, "Yes, go out").click())


def lobby_views(page: Page, server: str, found: dict[str, Any], size: str) -> None:
    page.goto(f"{server}/")
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()
    check(page, f"{size} lobby", found)
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_text("Every rule option").click()
    rounds = form.get_by_label("Rounds")
    rounds.fill("0")
    rounds.press("Tab")
    expect(form.locator(".rules-blocked")).to_be_visible()
    check(page, f"{size} lobby, every rule option open, a field with an error", found)


def table_views(page: Page, server: str, found: dict[str, Any], size: str) -> None:
    """The table of a seeded game at its first turn: Melds first after a draw, Settings
    open, the rules over it."""
    page.goto(f"{server}{GAME}{rules_param(rounds=2)}")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    assert wait_for_change(page) == "draw"
    button(page, "Draw from stock").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    button(page, "Melds first").click()
    expect(button(page, "Melds first")).to_have_attribute("aria-pressed", "true")
    check(page, f"{size} table mid-round, Melds first", found)
    settings = button(page, "Settings")
    settings.click()
    expect(page.get_by_label("Deck colours")).to_be_visible()
    check(page, f"{size} table, Settings open", found)
    settings.click()
    button(page, "Rules").click()
    expect(button(page, "Close")).to_be_focused()
    check(page, f"{size} table, the rules open", found)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_axe_finds_nothing_serious_on_the_views_of_a_whole_game(
    server: str, browser: Browser,
) -> None:
    found: dict[str, Any] = {}
    with page_in(browser, DESKTOP) as page:
        page.set_default_timeout(15_000)
        lobby_views(page, server, found, "1280x800")
        table_views(page, server, found, "1280x800")
        discard_first_card(page)
        deadline = time.monotonic() + 180
        results_seen = 0
        while (state := wait_for_change(page)) != "over":
            assert time.monotonic() < deadline, "the game did not end in time"
            if state == "results":
                results_seen += 1
                check(page, "1280x800 a round's results", found)
                button(page, "Next round").click()
            elif state == "confirm":
                button(page, "Yes, go out").click()
            elif state == "draw":
                button(page, "Draw from stock").click()
                expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")
                       ).to_have_count(1)
                discard_first_card(page)
            elif state == "discard":
                discard_first_card(page)
        assert results_seen == 1
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        check(page, "1280x800 game over", found)
        room = page.url.rsplit("/", 1)[1]
        page.goto(f"{server}/replay/{room}")
        expect(page.get_by_text(re.compile(r"Step 1 of \d+"))).to_be_visible()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_text(re.compile(r"Step 2 of \d+"))).to_be_visible()
        check(page, "1280x800 replay", found)
        # The statistics of the name the person played under.
        page.goto(f"{server}/stats/You")
        expect(page.get_by_role("heading", name=re.compile(r"^Statistics"))).to_be_visible()
        expect(page.get_by_text("Loading...")).to_have_count(0)
        check(page, "1280x800 statistics", found)
    with page_in(browser, PHONE) as page:
        lobby_views(page, server, found, "360x740")
        table_views(page, server, found, "360x740")
    assert len(found) == 14, list(found)  # every view was reached and checked
    failing = {view: problems for view, problems in found.items() if problems}
    assert failing == {}, "axe finds serious or critical problems: " + "; ".join(
        f"{view}: {problems}" for view, problems in failing.items())
