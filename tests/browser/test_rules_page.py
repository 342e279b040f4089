"""How to play: the rules page (/rules) from the lobby's link, over the table (the top bar's
Rules button and the ``?`` key, the game going on), its example hands checked against the
engine, every rules option's link to its paragraph, a bad rules field that blocks Play, and
axe-core on the page at a desktop's and a phone's size."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Locator, Page, expect

from browser.conftest import ROOT
from browser.fake import FakeRoom, view_json
from browser.table import HAND_CARD, button, page_in, rules_param, settle, wait_for_change
from browser.test_phone_a11y import axe
from threethirteen.cards import Card
from threethirteen.melds import classify_meld
from threethirteen.rules import Rules
from threethirteen.scoring import round_wild
from threethirteen.solver import arrange, go_out_discards
from threethirteen.web.catalog import catalog

EXAMPLES = json.loads((ROOT / "web" / "src" / "rules-examples.json").read_text())
SECTIONS = ["deal", "turn", "sets", "runs", "wilds", "going-out", "last-turns", "scoring",
            "winning", "variants", "options", "keys"]
# Every option the lobby's form shows (players is the seat count, chosen beside the form).
FORM_OPTIONS = [option["name"] for option in catalog()["options"] if option["name"] != "players"]
JARGON = re.compile(r"ceil\(|end_round|k\+2|five-suit \(|\bauto: 1\b")


def cards(codes: list[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def test_the_example_hands_are_what_the_engine_says() -> None:
    wild = round_wild(EXAMPLES["round"])
    assert str(wild) == EXAMPLES["wild"]
    for example in EXAMPLES["melds"]:
        rules = Rules(jokers=example.get("jokers", 0))
        kind = classify_meld(cards(example["cards"]), wild, rules)
        assert kind is not None and kind.value == example["kind"], example["id"]
    out = EXAMPLES["out"]
    hand = cards([code for group in out["groups"] for code in group] + [out["discard"]])
    assert len(hand) == EXAMPLES["round"] + 3  # the round's deal and the card just drawn
    outs = go_out_discards(hand, wild=wild, rules=Rules())
    assert [str(card) for card in outs] == [out["discard"]]
    penalty = EXAMPLES["penalty"]
    hand = cards([code for group in penalty["groups"] for code in group] + penalty["unmelded"])
    assert len(hand) == EXAMPLES["round"] + 2
    best = arrange(hand, wild=wild, rules=Rules())
    assert best.deadwood == penalty["points"]
    assert sorted(str(card) for card in best.unmelded) == sorted(penalty["unmelded"])


def test_the_lobby_links_to_the_rules_page_and_back(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    page.get_by_role("link", name="How to play").click()
    expect(page).to_have_url(f"{server}/rules")
    expect(page.get_by_role("heading", level=1, name="How to play Three-Thirteen")).to_be_visible()
    expect(page.get_by_role("main")).to_have_count(1)
    expect(page.get_by_role("navigation", name="On this page")).to_be_visible()
    for section in SECTIONS:
        heading = page.locator(f"section#{section} > h2")
        expect(heading).to_have_count(1)
    # The rounds: 3 cards with threes wild up to 13 cards with kings wild.
    rounds = page.locator("table.rules-rounds tbody tr")
    expect(rounds).to_have_count(11)
    expect(rounds.nth(0)).to_have_text(re.compile(r"^1\s*3\s*threes$"))
    expect(rounds.nth(10)).to_have_text(re.compile(r"^11\s*13\s*kings$"))
    # Example hands are drawn with the table's card faces and have a text alternative.
    def picture(name: str | re.Pattern[str]) -> Locator:
        return page.get_by_role("img", name=name)

    expect(picture("A set: 9 of hearts, 9 of clubs, 9 of spades")).to_be_visible()
    wild_run = picture("A run with a wild: 4 of spades, 7 of hearts, wild, standing for the "
                       "5 of spades, 6 of spades")
    expect(wild_run.locator(".card.face.wild")).to_have_count(1)
    expect(picture(re.compile(r"^A hand that goes out: .*discard King of clubs$"))).to_be_visible()
    expect(picture(re.compile(r"^A hand caught at the round's end: .*17 points$"))).to_be_visible()
    # The contents link to the sections; an address with a section shows it.
    page.get_by_role("navigation").get_by_role("link", name="Scoring").click()
    expect(page.locator("#scoring")).to_be_in_viewport()
    expect(page.locator("#scoring")).to_be_focused()  # Tab goes on from the section
    page.goto(f"{server}/rules#winning")
    expect(page.locator("#winning-title")).to_be_in_viewport()
    page.get_by_role("link", name="Back to the lobby").click()
    expect(page.get_by_role("heading", name="Play against the computer")).to_be_visible()


def test_the_rules_open_over_the_table_and_the_game_goes_on(server: str, page: Page) -> None:
    rules = rules_param(rounds=1, ace="both")
    page.goto(f"{server}/play?opponents=2&level=greedy&seed=5&rules={rules}")
    expect(page.locator(HAND_CARD).first).to_be_visible()
    assert wait_for_change(page) == "draw"
    address = page.url
    rules_button = button(page, "Rules")
    rules_button.click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog).to_be_visible()
    expect(button(page, "Close")).to_be_focused()
    # It says how this game's rules differ from the usual ones.
    expect(dialog.locator(".rules-this-game")).to_have_text(
        "This game: Rounds 1; Ace Both ends; otherwise as below.")
    expect(dialog.locator("section#going-out > h3")).to_have_text("Going out")
    new_tab = dialog.get_by_role("link", name="Open in a new tab")
    expect(new_tab).to_have_attribute("target", "_blank")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(rules_button).to_be_focused()
    assert page.url == address
    # `?` opens it too (the focus anywhere but a text field), and Close shuts it.
    page.locator("body").press("?")
    expect(button(page, "Close")).to_be_focused()
    page.keyboard.press("s")  # the table's keys wait while the rules are open
    button(page, "Close").click()
    expect(dialog).to_have_count(0)
    assert page.url == address
    assert wait_for_change(page) == "draw"
    # The game goes on: a turn, then the others play theirs and the table asks again.
    button(page, "Draw from stock").click()
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    page.locator(HAND_CARD).first.click()
    button(page, "Discard").click()
    settle(page, lambda: button(page, "Yes, go out").click())
    assert wait_for_change(page) in ("draw", "results")


def test_a_rounds_results_take_the_place_of_the_rules(server: str, page: Page) -> None:
    """The rules open as the round ends (the others' last turns): the results come first."""
    hand = ["4c", "9d", "Kh"]
    room = FakeRoom(page, view_json(hand, round_number=1, wild="3", phase="draw", turn=2,
                                    hand_sizes=[3, 3, 3, 3], legal=[]))
    page.goto(f"{server}/r/fake")
    expect(page.locator(HAND_CARD)).to_have_count(3)
    button(page, "Rules").click()
    expect(button(page, "Close")).to_be_focused()
    seats = [{"melds": [], "deadwood": hand, "points": 23},
             {"melds": [["5s", "6s", "7s"]], "deadwood": [], "points": 0},
             {"melds": [], "deadwood": ["2c", "2d", "Qs"], "points": 14},
             {"melds": [], "deadwood": ["Ac", "Ad", "Jh"], "points": 12}]
    result = {"number": 1, "wild": "3", "dealer": 3, "end": "out", "out": 1, "playoff": False,
              "result": seats}
    room.send(view_json(["5c", "6d", "8h", "Ts"], round_number=2, wild="4", phase="draw", turn=1,
                        hand_sizes=[4, 4, 4, 4], legal=[], results=[result],
                        totals=[23, 0, 14, 12]))
    expect(page.get_by_role("dialog", name="Round 1 results")).to_be_visible()
    expect(page.get_by_role("dialog", name="How to play")).to_have_count(0)
    expect(button(page, "Next round")).to_be_focused()


def test_question_mark_opens_the_rules_in_the_lobby_but_not_while_typing(
    server: str, page: Page,
) -> None:
    page.goto(f"{server}/")
    name = page.locator("#solo-name")
    name.fill("Ann?")
    name.press("?")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(name).to_have_value("Ann??")
    page.get_by_role("heading", name="Play against the computer").click()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="How to play")
    expect(button(page, "Close")).to_be_focused()  # the dialog has taken the keys
    expect(dialog.locator(".rules-this-game")).to_have_count(0)  # no game here
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def test_every_rules_option_says_what_it_does_and_links_to_its_paragraph(
    server: str, page: Page,
) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_text("Every rule option").click()
    rows = form.locator(".option")
    expect(rows).to_have_count(len(FORM_OPTIONS) - 1)  # the caller's time shows in speed only
    targets = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        control = row.locator("input, select")
        name = control.get_attribute("id").removeprefix("solo-")  # type: ignore[union-attr]
        help_text = row.locator(".help").inner_text()
        assert not JARGON.search(help_text), (name, help_text)
        link = row.get_by_role("link", name=re.compile(r"^More about "))
        href = link.get_attribute("href")
        assert href == f"/rules#option-{name.replace('_', '-')}", (name, href)
        targets[name] = href.split("#")[1]
    assert sorted(targets) == sorted(name for name in FORM_OPTIONS if name != "speed_seconds")
    # The lists name their choices in words; what is sent stays the engine's value.
    stock = form.locator("#solo-stock_empty")
    expect(stock.locator("option")).to_have_text(["End the round", "Reshuffle the pile once"])
    stock.select_option("reshuffle")
    # A link opens the rules over the lobby at its paragraph; the form keeps what was edited.
    form.get_by_role("link", name="More about ace").click()
    dialog = page.get_by_role("dialog", name="How to play")
    expect(dialog.locator("#option-ace")).to_be_in_viewport()
    button(page, "Close").click()
    expect(stock).to_have_value("reshuffle")
    expect(form.locator(".preset-words")).to_have_text(
        "Standard, changed: Stock empty Reshuffle the pile once.")
    # Every paragraph is on the page, named as the form names the option.
    page.goto(f"{server}/rules")
    for name, target in targets.items():
        term = page.locator(f"dt#{target}")
        expect(term).to_have_count(1)
        expect(term).to_have_text(name.replace("_", " ").capitalize())
    expect(page.locator("#option-speed-seconds")).to_have_count(1)


def test_a_rules_field_with_an_error_blocks_play_and_says_why(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_text("Every rule option").click()
    rounds = form.get_by_label("Rounds")
    rounds.fill("2x")
    rounds.press("Tab")
    expect(rounds).to_have_attribute("aria-invalid", "true")
    play = form.get_by_role("button", name="Play", exact=True)
    expect(play).to_have_accessible_description(
        re.compile(r"The rule option Rounds needs fixing before the game can start\."))
    play.click()
    page.wait_for_timeout(300)
    expect(page).to_have_url(f"{server}/")  # no game with the bad option silently dropped
    expect(rounds).to_be_focused()
    # Fixed, the preset line tells the rules as edited and Play starts a 2-round game.
    rounds.fill("2")
    rounds.press("Tab")
    expect(form.locator(".rules-blocked")).to_have_count(0)
    expect(form.locator(".preset-words")).to_have_text(
        "Standard, changed: Rounds 2 (3 to 4 cards).")
    play.click()
    expect(page.locator(HAND_CARD).first).to_be_visible()
    expect(page.locator(".round-title")).to_contain_text(re.compile(r"1 ?(of|/) ?2\b"))


def test_a_rules_field_with_an_error_blocks_an_online_room(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play online with friends"))
    form.get_by_text("Every rule option").click()
    bonus = form.get_by_label("Out bonus")
    bonus.fill("-5.5")
    bonus.press("Tab")
    create = form.get_by_role("button", name="Create room")
    create.click()
    expect(form.locator(".rules-blocked")).to_have_text(
        "The rule option Out bonus needs fixing before the game can start.")
    expect(bonus).to_be_focused()
    expect(page).to_have_url(f"{server}/")


def test_axe_finds_nothing_serious_on_the_rules_page(server: str, browser: Browser) -> None:
    for size in ({"width": 1280, "height": 800}, {"width": 360, "height": 740}):
        with page_in(browser, {"viewport": size}) as page:
            page.goto(f"{server}/rules")
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            assert axe(page) == [], f"rules page at {size}"
            assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
            page.goto(f"{server}/")
            page.get_by_role("heading", name="Play against the computer").click()
            page.keyboard.press("?")
            expect(page.get_by_role("dialog", name="How to play")).to_be_visible()
            assert axe(page) == [], f"rules dialog at {size}"
