"""The display settings change what is drawn (and stay after a reload); the statistics
page; copying the invite link; a wrong number in a rules field is told."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import HAND_CARD, play_game, play_turn_by_mouse, rules_param

HAND = ["5d", "4c", "Kh", "9s", "Ad"]


def colour(page: Page, card: str) -> str:
    found: str = page.locator(f"{HAND_CARD}[data-card='{card}'] .card").evaluate(
        "e => getComputedStyle(e).color")
    return found


def card_width(page: Page) -> float:
    box = page.locator(f"{HAND_CARD} .card").first.bounding_box()
    assert box is not None
    return box["width"]


def speed(page: Page) -> str:
    """How long a hand card takes to move (its transition), as the browser computes it."""
    value: str = page.locator(HAND_CARD).first.evaluate(
        "e => getComputedStyle(e).transitionDuration")
    return value


def test_the_display_settings_change_the_cards_and_the_motion(server: str, page: Page) -> None:
    FakeRoom(page, view_json(HAND, round_number=3, wild="5", hand_sizes=[5, 4, 4, 4]))
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(5)
    red, black = "rgb(179, 19, 43)", "rgb(26, 29, 33)"
    assert (colour(page, "5d"), colour(page, "4c"), colour(page, "Kh")) == (red, black, red)
    assert card_width(page) == 70
    # Cards move at the pace of play (the fixtures' "instant": quick); slow, slowly.
    assert speed(page) == "0.11s"
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_label("Animation speed")).to_have_count(0)  # folded into the pace
    page.get_by_label("Pace of the other players").select_option("slow")
    assert speed(page) == "0.42s"
    page.get_by_label("Pace of the other players").select_option("normal")
    assert speed(page) == "0.22s"
    page.get_by_label("Deck colours").select_option("four")
    # Four colours: diamonds blue, clubs green; hearts stay red, spades black.
    assert colour(page, "5d") == "rgb(11, 79, 168)"
    assert colour(page, "4c") == "rgb(15, 107, 53)"
    assert (colour(page, "Kh"), colour(page, "9s")) == (red, black)
    page.get_by_label("Large cards").check()
    expect(page.locator(f"{HAND_CARD} .card").first).to_have_css("width", "84px")
    page.get_by_label(re.compile(r"^Animations")).select_option("off")
    assert speed(page) == "0s"
    page.get_by_label(re.compile(r"^Animations")).select_option("auto")
    assert speed(page) == "0.22s"
    page.emulate_media(reduced_motion="reduce")
    assert speed(page) == "0s"  # as the system asks
    page.get_by_label(re.compile(r"^Animations")).select_option("on")
    assert speed(page) == "0.22s"  # the person's choice wins
    page.emulate_media(reduced_motion="no-preference")
    # The settings are kept for the next visit.
    page.reload()
    expect(page.locator(HAND_CARD)).to_have_count(5)
    assert colour(page, "5d") == "rgb(11, 79, 168)"
    assert card_width(page) == 84


def test_the_statistics_page_counts_a_finished_game(server: str, page: Page) -> None:
    page.add_init_script(
        "localStorage.setItem('three-thirteen.settings',"
        " JSON.stringify({name: 'Statler', pace: 'instant', bestDiscard: true}))")
    page.goto(f"{server}/play?opponents=1&level=random&rules={rules_param(rounds=1)}")
    expect(page.locator(".me-name")).to_contain_text("Statler")
    play_game(page, play_turn_by_mouse)
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    # the statistics of a display name stay at /stats/<name> (the lobby links to this
    # browser's own: test_way_back.py)
    page.goto(f"{server}/stats/Statler")
    expect(page.get_by_role("heading", name="Statistics for Statler")).to_be_visible()
    games = page.locator("dt:has-text('Games finished') + dd")
    expect(games).to_have_text("1")
    wins = page.locator("dt:has-text('Wins') + dd")
    expect(wins).to_have_text(re.compile(r"^(0 \(0%\)|1 \(100%\))$"))
    # Someone who never finished a game is told so.
    page.goto(f"{server}/stats/Nobody-at-all")
    expect(page.get_by_role("alert")).to_contain_text("no finished game")


def test_the_invite_link_is_copied(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        title = page.get_by_role("heading", name="Play online with friends")
        form = page.locator("form", has=title)
        form.get_by_role("button", name="Create room").click()
        expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
        link = page.get_by_label("Invite link").input_value()
        assert re.fullmatch(rf"{re.escape(server)}/r/[\w-]+", link), link
        page.get_by_role("button", name="Copy invite link").click()
        expect(page.get_by_role("button", name="Copied")).to_be_visible()
        assert page.evaluate("navigator.clipboard.readText()") == link
    finally:
        context.close()


def test_a_wrong_number_in_a_rules_field_is_told(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_text("Every rule option").click()
    rounds = form.get_by_label("Rounds")
    rounds.fill("13")  # 12 is a round too: 14 cards, no wild rank (deuces-arent-wild)
    rounds.press("Tab")
    expect(rounds).to_have_attribute("aria-invalid", "true")
    expect(rounds).to_have_accessible_description(re.compile(r"13 is out of range: give a whole "
                                                             r"number from 1 to 12"))
    expect(rounds).to_have_value("13")
    rounds.fill("abc")
    rounds.press("Tab")
    expect(form.locator(".field-error")).to_have_text('"abc" is not a whole number from 1 to 12.')
    rounds.fill("2")
    rounds.press("Tab")
    expect(rounds).not_to_have_attribute("aria-invalid", "true")
    expect(form.locator(".field-error")).to_have_count(0)
