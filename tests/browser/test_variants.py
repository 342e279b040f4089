"""The variants of issue 17 at the browser table: a five-suit game against the computer
from the lobby to the end, the stars suit drawn apart (★, its own colour in both decks),
named "of stars"; deuces-arent-wild's twelfth round, with no wild rank, only jokers."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from browser.fake import FakeRoom, view_json
from browser.table import (
    CARD_NAME,
    HAND_CARD,
    button,
    on_a_phone,
    play_game,
    play_turn_by_mouse,
)

PURPLE, RED, BLACK = "rgb(106, 27, 154)", "rgb(179, 19, 43)", "rgb(26, 29, 33)"
BLUE, GREEN = "rgb(11, 79, 168)", "rgb(15, 107, 53)"


def colour(page: Page, card: str) -> str:
    found: str = page.locator(f"{HAND_CARD}[data-card='{card}'] .card").evaluate(
        "e => getComputedStyle(e).color")
    return found


def test_a_five_suit_game_against_the_computer_from_the_lobby(server: str, page: Page) -> None:
    page.add_init_script(  # the 4-colour deck: stars keep a colour of their own
        "localStorage.setItem('three-thirteen.settings',"
        " JSON.stringify({deck: 'four', pace: 'instant', bestDiscard: true}))")
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_label("Preset").select_option("five-suit")
    expect(form.locator("p.preset-words")).to_contain_text("stars ★")
    form.get_by_role("combobox", name=re.compile(r"^Level")).select_option("greedy")
    form.get_by_text("Every rule option").click()
    expect(form.get_by_label("Pack")).to_have_value("five-suit")
    expect(form.get_by_label("Face values")).to_have_value("rank")
    expect(form.get_by_label("Joker penalty")).to_have_value("50")
    expect(form.get_by_label("Mode")).to_have_value("turns")  # speed is the other choice
    form.get_by_label("Rounds").fill("4")
    form.get_by_label("Rounds").press("Tab")
    form.get_by_role("button", name="Play", exact=True).click()
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    expect(page.get_by_role("log")).to_contain_text("Round 1 of 4")
    seen: set[str] = set()

    def turn(page: Page) -> None:
        for name in page.locator(HAND_CARD).evaluate_all(
                "cards => cards.map((c) => c.getAttribute('aria-label'))"):
            assert CARD_NAME.match(name), name
            seen.add(name)
        colours = dict(page.locator(HAND_CARD).evaluate_all(
            "cards => cards.map((c) => [c.dataset.card,"
            " getComputedStyle(c.querySelector('.card')).color])"))
        for code, shown in colours.items():
            if code.endswith("x"):
                assert shown == PURPLE, (code, shown)
            elif code != "*":
                assert shown == {"c": GREEN, "d": BLUE, "h": RED, "s": BLACK}[code[1]], code
        play_turn_by_mouse(page)

    play_game(page, turn)
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator("p.winners")).to_have_text(re.compile(r"wins?|share the win|No one"))
    expect(page.locator("table.score-sheet").last.locator("tbody tr")).to_have_count(4)
    ranks = {name.split(" of ")[0] for name in seen if " of " in name}
    assert not ranks & {"Ace", "2"}, ranks  # the five-suit pack runs 3 to K
    assert any("of stars" in name for name in seen), seen  # 4 rounds: a star comes by


STARS = ["7x", "8x", "Qx", "5d", "4c", "Kh", "9s"]


def test_the_stars_suit_is_drawn_apart_in_both_decks(server: str, page: Page) -> None:
    FakeRoom(page, view_json(STARS, round_number=4, wild="6", hand_sizes=[7, 6, 6, 6],
                             rules={"rounds": 11, "players": 4, "pack": "five-suit"}))
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(7)
    star = page.locator(f"{HAND_CARD}[data-card='7x']")
    expect(star).to_have_attribute("aria-label", "7 of stars")
    expect(page.locator(f"{HAND_CARD}[data-card='Qx']")).to_have_attribute(
        "aria-label", "Queen of stars")
    expect(star.locator(".corner .pip")).to_have_text("★")
    expect(page.locator(f"{HAND_CARD}[data-card='Qx'] .face-center")).to_contain_text("Q★")
    assert (colour(page, "7x"), colour(page, "5d"), colour(page, "4c"), colour(page, "9s")) == (
        PURPLE, RED, BLACK, BLACK)
    paper = star.locator(".card").evaluate("e => getComputedStyle(e).backgroundColor")
    assert paper != page.locator(f"{HAND_CARD}[data-card='9s'] .card").evaluate(
        "e => getComputedStyle(e).backgroundColor")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Deck colours").select_option("four")
    colours = [colour(page, card) for card in ("7x", "5d", "4c", "Kh", "9s")]
    assert colours == [PURPLE, BLUE, GREEN, RED, BLACK]
    assert len(set(colours)) == 5  # every suit its own colour


FOURTEEN = ["Ah", "2h", "3h", "4h", "Kc", "Kd", "Ks", "5s", "6s", "*", "2c", "2d", "2s", "9d",
            "Tc"]


def test_the_twelfth_round_shows_no_wild_rank_only_jokers(server: str, page: Page) -> None:
    rules = {"rounds": 12, "players": 3, "decks": 1, "jokers": 2, "ties": "playoff"}
    FakeRoom(page, view_json(FOURTEEN, round_number=12, wild=None, rules=rules,
                             players=["You", "Left", "Right"], seats=[0, 1, 2],
                             hand_sizes=[15, 14, 14], totals=[40, 52, 61],
                             false_outs=[0, 0, 0]))
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(15)
    expect(page.locator(".wild-chip")).to_have_text("no wild rank; jokers wild")
    expect(page.get_by_role("log")).to_contain_text(
        "Round 12 of 12: 14 cards each, no wild rank; jokers wild")
    # No card is marked wild but the joker: the 2s are natural (deuces aren't wild).
    expect(page.locator(f"{HAND_CARD}[data-card='2h']")).to_have_attribute("aria-label",
                                                                          "2 of hearts")
    expect(page.locator(f"{HAND_CARD}[data-card='*']")).to_have_attribute("aria-label", "Joker")
    expect(page.locator(f"{HAND_CARD} .badge")).to_have_count(1)
    expect(button(page, "Discard")).to_be_visible()


def test_a_deuces_arent_wild_game_to_the_end_with_its_twelfth_round(
        server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=2&level=greedy&preset=deuces-arent-wild&seed=12")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    expect(page.get_by_role("log")).to_contain_text("Round 1 of 12")
    chips: set[str] = set()

    def turn(page: Page) -> None:
        chip = page.locator(".wild-chip").inner_text()
        chips.add(chip)
        if "Round 12 of 12" in page.locator(".round-title .long").inner_text():
            expect(page.locator(HAND_CARD)).to_have_count(14)  # 14 dealt, to draw
        play_turn_by_mouse(page)

    play_game(page, turn, limit=600)
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    assert {"no wild rank; jokers wild", "Kings wild"} <= chips, sorted(chips)
    expect(page.get_by_role("log")).to_contain_text(
        "Round 12 of 12: 14 cards each, no wild rank; jokers wild")
    sheet = page.locator("table.score-sheet").last
    expect(sheet).to_contain_text("None (jokers)")




def test_round_12_fifteen_cards_fit_a_phone_with_44px_targets(server: str, browser: Any) -> None:
    """Round 12 of deuces-arent-wild deals 14: with the card drawn, 15 cards on a phone."""
    with on_a_phone(browser) as page:
        FakeRoom(page, view_json(FOURTEEN, round_number=12, wild=None,
                                 rules={"rounds": 12, "players": 4, "decks": 2, "jokers": 2}))
        page.goto(f"{server}/r/fake")
        expect(page.locator(HAND_CARD)).to_have_count(15)
        cards = """() => [...document.querySelectorAll('button.hand-card')]
            .map((b) => b.getBoundingClientRect().toJSON())"""
        # The cards slide into place: measure the layout they settle in (a few frames on).
        page.wait_for_function(f"""() => ({cards})().every(
            (box) => box.left >= 0 && box.right <= 360)""", timeout=5000)
        boxes = page.evaluate(cards)
        for box in boxes:
            assert box["left"] >= 0 and box["right"] <= 360, box
            assert box["bottom"] <= 740, box
            assert box["width"] >= 44 and box["height"] >= 44, box
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
