"""A whole game against three computers, by mouse and by keyboard alone; the §6 names."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from browser.table import (
    CARD_NAME,
    HAND_CARD,
    button,
    choose_discard,
    focused,
    play_game,
    play_turn_by_mouse,
    rules_param,
    settle,
    tab_to,
    wait_for_change,
)


def test_a_whole_game_against_three_computers_by_mouse(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=3&level=greedy&rules={rules_param(rounds=3)}")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    for name in ("Left", "Top", "Right"):
        # Each seat is named by the seat's name alone; its details describe it.
        seat = page.get_by_role("region", name=name, exact=True)
        expect(seat).to_have_count(1)
        expect(seat).to_have_accessible_description(re.compile(r"^computer, greedy, \d+ cards?"))
    turns = play_game(page, play_turn_by_mouse)
    assert turns >= 3
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.locator("p.winners")).to_have_text(re.compile(r"wins?|share the win|No one"))
    rows = page.locator("table.score-sheet").last.locator("tbody tr")
    expect(rows).to_have_count(3)
    log = page.get_by_role("log")
    expect(log).to_contain_text("You drew from the stock")
    expect(log).to_contain_text("Round 3 over")


def play_turn_by_keyboard(page: Page) -> None:
    """Tab to Draw from stock and press Enter; the focus goes to the card drawn; arrows
    move along the hand; Space chooses; Tab to Discard (or Go out) and Enter plays."""
    tab_to(page, {"Draw from stock"})
    page.keyboard.press("Enter")
    expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
    target = choose_discard(page).get_attribute("aria-label")
    page.wait_for_function("document.activeElement.matches('button.hand-card')")
    for _ in range(20):
        if focused(page) == target:
            break
        page.keyboard.press("ArrowRight" if _ < 14 else "ArrowLeft")
    assert focused(page) == target
    page.keyboard.press("Space")
    expect(page.locator(f"{HAND_CARD}[aria-pressed=true]")).to_have_count(1)
    tab_to(page, {"Go out" if button(page, "Go out").is_enabled() else "Discard"})
    page.keyboard.press("Enter")
    settle(page, lambda: page.keyboard.press("Enter"))  # "Yes, go out" has the focus


def test_a_whole_game_by_keyboard_alone(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    # From the lobby: Tab to "Play" (the one way to start) and start with the keyboard.
    tab_to(page, {"Play"}, limit=120)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    page.goto(f"{server}/play?opponents=3&level=random&rules={rules_param(rounds=2)}")
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    turns = 0
    while True:
        found = wait_for_change(page)
        if found == "over":
            break
        if found == "results":
            expect(button(page, "Next round")).to_be_focused()
            page.keyboard.press("Enter")
        elif found == "draw":
            play_turn_by_keyboard(page)
            turns += 1
        else:
            raise AssertionError(f"unexpected {found}: {page.get_by_role('log').inner_text()}")
    assert turns >= 2
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.get_by_role("dialog", name="Game over")).to_be_visible()
    assert page.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")


def test_undo_takes_a_discard_back_against_computers(server: str, page: Page) -> None:
    """A lone person may take back a discard before the computers move on (the server's
    short pause): the card comes back to the hand and it is their turn to discard again."""
    # first_turn_out off: a computer going out on its first turn would make the person's
    # discard the round's last, which no undo takes back
    page.goto(f"{server}/play?opponents=1&level=random"
              f"&rules={rules_param(rounds=3, first_turn_out=False)}")
    log = page.get_by_role("log")
    for _ in range(8):
        found = wait_for_change(page)
        if found == "results":
            button(page, "Next round").click()
            continue
        if found != "draw":
            raise AssertionError(f"unexpected {found}")
        button(page, "Draw from stock").click()
        card = choose_discard(page)
        name = card.get_attribute("aria-label") or ""
        card.click()
        button(page, "Discard").click()
        if page.get_by_role("alertdialog").count():
            button(page, "No, just discard").click()
        refusals = log.locator("p", has_text="Not done:").count()
        expect(button(page, "Undo")).to_be_enabled()
        button(page, "Undo").click()
        taken_back = log.locator("p", has_text="A move was taken back")
        refused = log.locator("p", has_text="Not done:").nth(refusals)
        expect(taken_back.or_(refused)).to_have_count(1)
        if taken_back.count() == 0:
            continue  # the computers were quicker this time: try on the next turn
        expect(page.locator(".table-page[data-phase=discard][data-my-turn=true]")).to_have_count(1)
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
        expect(page.get_by_label(re.compile(r"^Discard pile: "))).not_to_have_attribute(
            "aria-label", f"Discard pile: {name}")
        return
    raise AssertionError("no undo was accepted in eight turns")


def test_the_names_of_section_6(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=3&level=random&rules={rules_param(rounds=1)}")
    expect(page.locator(HAND_CARD)).to_have_count(3)
    for name in ("Draw from stock", "Take from discard pile", "Discard", "Go out", "Hint", "Undo"):
        expect(button(page, name)).to_have_count(1)
    names = [card.get_attribute("aria-label") for card in page.locator(HAND_CARD).all()]
    assert all(CARD_NAME.match(name or "") for name in names), names
    wild = page.locator(f"{HAND_CARD}[aria-label$=', wild']")
    for index in range(wild.count()):
        assert wild.nth(index).get_attribute("aria-label", timeout=1000).startswith("3 of ")
    expect(page.get_by_label(re.compile(r"^Discard pile: (empty|.+ of .+|Joker)"))).to_have_count(1)
    expect(page.get_by_role("log")).to_have_count(1)
    # One live region: the seats' statuses (role=status) are kept quiet, the log tells it.
    expect(page.locator("[aria-live]:not([aria-live=off])")).to_have_count(1)
    for name in ("Left", "Top", "Right"):
        seat = page.get_by_role("region", name=name, exact=True)
        expect(seat.get_by_role("status")).to_have_count(1)
    # Nothing is chosen; Discard and Go out wait for a card.
    expect(button(page, "Discard")).to_be_disabled()
    expect(button(page, "Go out")).to_be_disabled()
    button(page, "Draw from stock").click()
    expect(page.get_by_role("log")).to_contain_text("You drew from the stock")
    card = page.locator(HAND_CARD).first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"{HAND_CARD}[aria-pressed=true]")).to_have_count(1)
    # Hint: the expert's options with expected points.
    button(page, "Hint").click()
    hint = page.get_by_role("region", name="Hint")
    expect(hint).to_contain_text(re.compile(r"(Discard|Go out with) .+: \d"))
    # The answer is told in the one live region too.
    told = re.compile(r"Hint: (Discard|Go out with) .+ \d")
    expect(page.get_by_role("log")).to_contain_text(told)
    name = card.get_attribute("aria-label") or ""
    button(page, "Discard").click()
    if page.locator("[role=alertdialog]").count():
        button(page, "No, just discard").click()
    expect(page.get_by_role("log")).to_contain_text(f"You discarded {name.removesuffix(', wild')}")
    # Undo is offered only while the engine's undo rule allows it (the server's can_undo).
    expect(button(page, "Undo")).to_have_count(1)


def test_the_hand_is_ordered_by_drag_by_tapping_and_by_keys(server: str, page: Page) -> None:
    page.goto(f"{server}/play?opponents=1&level=random&rules={rules_param(rounds=3)}")
    cards = page.locator(HAND_CARD)
    expect(cards).to_have_count(3)

    def order() -> list[str]:
        return [card.get_attribute("aria-label") or "" for card in cards.all()]

    first = order()
    # Drag the first card past the last (pointer events).
    box_from = cards.nth(0).bounding_box()
    box_to = cards.nth(2).bounding_box()
    assert box_from and box_to
    page.mouse.move(box_from["x"] + 10, box_from["y"] + 20)
    page.mouse.down()
    page.mouse.move(box_from["x"] + 40, box_from["y"] + 22, steps=4)
    page.mouse.move(box_to["x"] + box_to["width"] - 5, box_to["y"] + 20, steps=8)
    page.mouse.up()
    expect(cards.first).not_to_have_attribute("aria-label", first[0])
    assert order()[-1] == first[0] and sorted(order()) == sorted(first)
    # A drag chooses nothing.
    expect(page.locator(f"{HAND_CARD}[aria-pressed=true]")).to_have_count(0)
    # Tap in order: the second card, then the first.
    dragged = order()
    button(page, "Tap to order").click()
    help_line = page.get_by_role("status").filter(has_text="Tap your cards in the order you want")
    expect(help_line).to_be_visible()
    cards.nth(1).click()
    expect(help_line).to_contain_text("1 placed")
    cards.nth(1).click()  # the old first card is now second
    assert order()[:2] == [dragged[1], dragged[0]]
    button(page, "Done").click()
    expect(help_line).to_have_count(0)
    # Keys: Alt+→ moves the focused card right.
    now = order()
    cards.first.focus()
    page.keyboard.press("Alt+ArrowRight")
    assert order()[:2] == [now[1], now[0]]
    # Sorting by rank puts the hand back in rank order.
    button(page, "By rank").click()
    expect(button(page, "By rank")).to_have_attribute("aria-pressed", "true")


def test_the_lobby_starts_a_game_with_a_level_for_each_opponent(server: str, page: Page) -> None:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play against the computer"))
    form.get_by_label("Opponents").select_option("2")
    form.get_by_label("A level for each opponent").check()
    form.get_by_label("Left").select_option("random")
    form.get_by_label("Right").select_option("greedy")
    form.get_by_text("Every rule option").click()
    form.get_by_label("Rounds").fill("1")
    form.get_by_label("Rounds").press("Tab")
    form.get_by_role("button", name="Play", exact=True).click()
    expect(page).to_have_url(re.compile(r"/r/[^/]+$"))
    for name, level in (("Left", "random"), ("Right", "greedy")):
        expect(page.get_by_role("region", name=name, exact=True)).to_have_accessible_description(
            re.compile(rf"^computer, {level},"))
    expect(page.get_by_role("log")).to_contain_text("Round 1 of 1")
