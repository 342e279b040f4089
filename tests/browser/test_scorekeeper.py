"""The scorekeeper in the browser (issue 16), on a phone (360x740, touch): a whole 11-round
sheet for 4 players entered as points, typed cards, tapped cards and outs, an edit of
round 3, a false out, the winners, the CSV export, and a second phone on the read-only
live link seeing every update. The expected figures come from the scorekeeper's model
(``threethirteen.scorekeeper``), which the terminal keeper uses too."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Page, expect

from browser.table import button, on_a_phone
from threethirteen.cards import pack
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet, sheet_csv
from threethirteen.scorekeeper.text import winners_text

NAMES = ["Ann", "Bob", "Cy", "Dee"]
RANK_WORDS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def card_words(code: str, wild: str) -> str:
    """The accessible name of a card of the grid (INTERFACES.md §6 names)."""
    if code == "*":
        return "Joker"
    name = f"{RANK_WORDS.get(code[0], code[0])} of {SUIT_WORDS[code[1]]}"
    return f"{name}, wild" if code[0] == wild else name


def cell(page: Page, number: int, seat: int) -> object:
    return page.locator(f"tr[data-round='{number}'] td").nth(seat).locator(".points")


def totals(page: Page) -> object:
    return page.locator("tfoot td")


def plan_entries() -> list[tuple[int, int, str, str]]:
    """(round, seat, how, text) in the order of play: one player goes out each round; the
    others' hands are points, typed cards or tapped cards; Dee's round 6 is a false out."""
    chance = random.Random(16)
    cards = [str(card) for card in pack(1, 0)]
    made = []
    for number in range(1, 12):
        dealer = (number - 1) % 4
        order = [(dealer + 1 + k) % 4 for k in range(4)]
        deal = chance.sample(cards, 3 * (number + 2))
        hands = iter(" ".join(deal[k * (number + 2):(k + 1) * (number + 2)]) for k in range(3))
        kinds = iter(["points", "typed", "tapped"][(number + k) % 3] for k in range(3))
        for seat in order:
            if seat == number % 4:
                made.append((number, seat, "out", "out"))
                continue
            how = next(kinds)
            hand = next(hands)
            if number == 6 and seat == 3:
                made.append((number, seat, "false", "7"))
            elif how == "points":
                made.append((number, seat, how, str(seat + number)))
            else:
                made.append((number, seat, how, hand))
    return made


def enter(page: Page, number: int, seat: int, how: str, text: str, wild: str) -> None:
    name = NAMES[seat]
    if how == "out":
        button(page, f"{name} went out").tap()
        return
    if how == "false":
        button(page, f"False out for {name}").tap()
        expect(button(page, f"False out for {name}")).to_have_attribute("aria-pressed", "true")
    if how == "tapped":
        button(page, f"Tap {name}'s cards").tap()
        for code in text.split():
            button(page, card_words(code, wild)).tap()
        expect(page.get_by_text(f"{len(text.split())} of {number + 2} cards chosen for {name}")
               ).to_be_visible()
        button(page, f"Enter cards for {name}").tap()
        return
    page.get_by_label(f"{name}'s entry").fill(text)
    button(page, f"Enter for {name}").tap()


def test_a_whole_sheet_on_a_phone_with_a_live_link(server: str, browser: Browser) -> None:
    with on_a_phone(browser) as page, on_a_phone(browser) as viewer:
        page.goto(f"{server}/")
        page.get_by_role("link", name="Keep score of a game with real cards").tap()
        expect(page.get_by_role("heading", name="Score sheet", exact=True)).to_be_visible()
        for seat, name in enumerate(NAMES):
            page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
        page.get_by_text("Every rule option").tap()
        page.locator("#sheet-rules-false_out").select_option("penalty")
        page.get_by_label("Who deals first").select_option(label="Ann")
        button(page, "Start the sheet").tap()
        expect(page).to_have_url(re.compile(r"/score/[A-Za-z0-9_-]+$"))
        live = page.get_by_label("Live link (read-only, for everyone at the table)").input_value()
        assert live == page.url

        viewer.goto(live)
        expect(viewer.get_by_role("heading", name="Score sheet (live)")).to_be_visible()
        expect(viewer.get_by_role("button", name=re.compile("went out"))).to_have_count(0)

        sheet = Sheet.start(NAMES, Rules(false_out="penalty"))
        for number, seat, how, text in plan_entries():
            wild = str(sheet.plan(number).wild)
            if seat == sheet.plan(number).first:
                expect(page.locator(".round-line")).to_contain_text(
                    f"Round {number} of 11: {number + 2} cards")
            enter(page, number, seat, how, text, wild)
            typed = f"false out {text}" if how == "false" else text
            sheet = sheet.enter(number, seat, Entry.parse(typed))
            expect(cell(page, number, seat)).to_have_text(str(sheet.entry(number, seat).points))
            if number == 5 and seat == 0:  # round 5 done: edit round 3
                button(page, "Edit round 3").tap()
                expect(page.get_by_role("heading", name="Round 3 (editing)")).to_be_visible()
                enter(page, 3, 0, "points", "21", "5")
                sheet = sheet.enter(3, 0, Entry.parse("21"))
                expect(cell(page, 3, 0)).to_have_text("21")
                expect(cell(viewer, 3, 0)).to_have_text("21")
                button(page, "Done editing").tap()
            if seat == sheet.plan(number).dealer:  # the round is complete
                expect(totals(viewer)).to_have_text([str(t) for t in sheet.totals])
                expect(cell(viewer, number, seat)).to_have_text(
                    str(sheet.entry(number, seat).points))
        assert sheet.entry(6, 3).points == 7 + sheet.rules.false_out_penalty
        expect(page.locator("tr[data-round='6'] td").nth(3)).to_contain_text(
            str(7 + sheet.rules.false_out_penalty))
        expect(totals(page)).to_have_text([str(t) for t in sheet.totals])
        assert sheet.winners is not None
        words = winners_text(sheet)
        expect(page.get_by_role("status")).to_have_text(words)
        expect(viewer.get_by_role("status")).to_have_text(words)

        with page.expect_download() as download:
            page.get_by_role("link", name="Download CSV").tap()
        path = download.value.path()
        assert path is not None
        with open(path, encoding="utf-8") as stream:
            assert stream.read() == sheet_csv(sheet)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360

        # the sheet is listed on this device, and resumes from the list
        page.goto(f"{server}/score")
        page.get_by_role("link", name="Ann, Bob, Cy, Dee").first.tap()
        expect(totals(page)).to_have_text([str(t) for t in sheet.totals])
        expect(button(page, "Ann went out")).to_be_visible()


def test_a_refused_entry_says_why_and_changes_nothing(server: str, browser: Browser) -> None:
    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        page.get_by_label("Player 1", exact=True).fill("Ann")
        page.get_by_label("Player 2", exact=True).fill("Bob")
        button(page, "Remove the last player").tap()
        button(page, "Remove the last player").tap()
        button(page, "Start the sheet").tap()
        expect(page.locator(".round-line")).to_contain_text("Round 1 of 11")
        for text, words in [("-3", "points cannot be negative"),
                            ("7h 8h *", "these rules have no jokers"),
                            ("7h 8h Kq", "'Kq' has no valid suit")]:
            page.get_by_label("Bob's entry").fill(text)
            button(page, "Enter for Bob").tap()
            expect(page.get_by_role("alert")).to_contain_text(words)
            expect(cell(page, 1, 1)).to_have_text("")
        button(page, "False out for Bob").tap()
        page.get_by_label("Bob's entry").fill("5")
        button(page, "Enter for Bob").tap()
        expect(page.get_by_role("alert")).to_contain_text("these rules refuse a false out")


def test_the_scorekeeper_pages_pass_axe_on_a_phone(server: str, browser: Browser) -> None:
    from browser.test_phone_a11y import axe

    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        expect(page.get_by_role("heading", name="New sheet")).to_be_visible()
        assert axe(page) == []
        page.get_by_label("Player 2", exact=True).fill("Bob")
        button(page, "Start the sheet").tap()
        expect(page.locator(".round-line")).to_contain_text("Round 1 of 11")
        button(page, "Tap Bob's cards").tap()
        button(page, "3 of hearts, wild").tap()
        assert axe(page) == []
        with on_a_phone(browser) as viewer:
            viewer.goto(page.url)
            expect(viewer.get_by_role("heading", name="Score sheet (live)")).to_be_visible()
            assert axe(viewer) == []


def test_a_sheets_json_is_imported_and_kept(server: str, browser: Browser,
                                            tmp_path: object) -> None:
    from pathlib import Path

    from threethirteen.scorekeeper import sheet_text

    sheet = Sheet.start(["Ann", "Bob"], Rules(rounds=2)).enter(1, 1, Entry.parse("7h 8h Kd"))
    sheet = sheet.enter(1, 0, Entry.parse("out"))
    source = Path(str(tmp_path)) / "sheet.json"
    source.write_text(sheet_text(sheet), encoding="utf-8")
    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        page.get_by_label(re.compile("A sheet's JSON file")).set_input_files(str(source))
        expect(page).to_have_url(re.compile(r"/score/[A-Za-z0-9_-]+$"))
        expect(totals(page)).to_have_text(["0", "25"])
        expect(page.locator(".round-line")).to_contain_text("Round 2 of 2")
        expect(page.get_by_text("least penalty 25: no melds; unmelded")).to_have_count(0)
        button(page, "Edit round 1").tap()
        expect(page.get_by_text(re.compile("least penalty 25: no melds; unmelded"))
               ).to_be_visible()


def test_a_tie_brings_the_playoff_round_then_the_winner(server: str, browser: Browser) -> None:
    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
        button(page, "Remove the last player").tap()
        page.get_by_text("Every rule option").tap()
        page.locator("#sheet-rules-rounds").fill("1")
        page.locator("#sheet-rules-rounds").press("Tab")
        page.locator("#sheet-rules-ties").select_option("playoff")
        button(page, "Start the sheet").tap()
        expect(page.locator(".round-line")).to_contain_text("Round 1 of 1: 3 cards")
        for name, text in [("Bob", "9"), ("Cy", "out"), ("Ann", "0")]:
            if text == "out":
                button(page, f"{name} went out").tap()
            else:
                page.get_by_label(f"{name}'s entry").fill(text)
                button(page, f"Enter for {name}").tap()
        expect(page.get_by_role("status")).to_contain_text("Ann and Cy tie for the lowest total")
        expect(page.locator(".round-line")).to_contain_text(
            "Playoff round between Ann and Cy: 13 cards, wild rank King")
        expect(button(page, "Bob went out")).to_have_count(0)
        button(page, "Cy went out").tap()
        page.get_by_label("Ann's entry").fill("4")
        button(page, "Enter for Ann").tap()
        expect(page.get_by_role("status")).to_have_text(
            "Cy wins the playoff round, and the game.")
        expect(button(page, "Edit the playoff round")).to_be_visible()


def test_a_five_suit_sheet_taps_stars_and_refuses_an_ace(server: str, browser: Browser) -> None:
    """Issue 17: the grid of the five-suit pack has a row of stars (★, its own colour) and
    no aces or 2s; a typed ace is refused as a card the pack does not have."""
    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
        button(page, "Remove the last player").tap()
        page.get_by_label("Preset").select_option("five-suit")
        button(page, "Start the sheet").tap()
        expect(page.locator(".round-line")).to_contain_text("Round 1 of 11")
        first = Sheet.start(["Ann", "Bob", "Cy"], Rules.preset("five-suit"))
        name = ["Ann", "Bob", "Cy"][first.plan(1).first]
        page.get_by_label(f"{name}'s entry").fill("Ah 4c 5c")
        button(page, f"Enter for {name}").tap()
        expect(page.get_by_role("alert")).to_contain_text("the five-suit pack has no Ah")
        button(page, f"Tap {name}'s cards").tap()
        grid = page.get_by_role("group", name=f"{name}'s cards")
        expect(grid.get_by_role("group", name="Stars")).to_be_visible()
        expect(grid.get_by_role("button", name=re.compile(r"^(Ace|2) of"))).to_have_count(0)
        star = button(page, "9 of stars")
        colour = star.evaluate("e => getComputedStyle(e).color")
        assert colour == "rgb(106, 27, 154)"
        for card in ("9 of stars", "10 of stars", "Queen of stars"):
            button(page, card).tap()
        button(page, f"Enter cards for {name}").tap()
        seat = ["Ann", "Bob", "Cy"].index(name)
        expected = first.enter(1, seat, Entry.parse("9x Tx Qx")).entry(1, seat)
        assert expected is not None and expected.points == 9 + 10 + 12  # no run without Jx
        expect(cell(page, 1, seat)).to_have_text("31")
        expect(page.locator(".entry-text").first).to_contain_text("9x")


def test_a_speed_sheet_takes_several_outs_in_a_round(server: str, browser: Browser) -> None:
    """Issue 17: 3-13 Speed is scored as usual, but several players may go out at once."""
    with on_a_phone(browser) as page:
        page.goto(f"{server}/score")
        for seat, name in enumerate(NAMES):
            page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
        page.get_by_label("Preset").select_option("speed")
        expect(page.locator("p.preset-words")).to_contain_text("several players may go out")
        page.get_by_label("Who deals first").select_option(label="Ann")
        button(page, "Start the sheet").tap()
        expect(page.locator(".round-line")).to_contain_text("Round 1 of 11")
        for name in ("Bob", "Cy"):
            button(page, f"{name} went out").tap()
            expect(cell(page, 1, NAMES.index(name))).to_have_text("0")
        expect(page.get_by_role("alert")).to_have_count(0)
