"""An online room: two people in two browser contexts and two bots, to the end, with a
page reload mid-game that reconnects to the same seat; chat between them."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from browser.table import button, choose_discard, play_turn_by_mouse, settle, state_of


def create_room(page: Page, server: str) -> str:
    page.goto(f"{server}/")
    form = page.locator("form", has=page.get_by_role("heading", name="Play online with friends"))
    form.get_by_label("Your name").fill("Ann")
    form.get_by_label("Seat 3").select_option("random")
    form.get_by_label("Seat 4").select_option("random")
    form.get_by_text("Every rule option").click()
    form.get_by_label("Rounds").fill("2")
    form.get_by_label("Rounds").press("Tab")
    form.get_by_role("button", name="Create room").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    return page.get_by_label("Invite link").input_value()


def step(page: Page) -> str:
    found = state_of(page)
    if found == "draw":
        play_turn_by_mouse(page)
    elif found == "results":
        button(page, "Next round").click()
    elif found == "discard":
        choose_discard(page).click()
        button(page, "Discard").click()
        settle(page, lambda: button(page, "Yes, go out").click())
    elif found == "confirm":
        button(page, "Yes, go out").click()
    return found


def test_two_people_and_two_bots_play_a_room_to_the_end(server: str, browser: Browser) -> None:
    ann_context = browser.new_context(viewport={"width": 1280, "height": 860})
    bob_context = browser.new_context(viewport={"width": 1280, "height": 860})
    for made in (ann_context, bob_context):
        made.set_default_timeout(15_000)
    try:
        ann, bob = ann_context.new_page(), bob_context.new_page()
        invite = create_room(ann, server)
        assert re.fullmatch(rf"{re.escape(server)}/r/[\w-]+", invite), invite
        bob.goto(invite)
        expect(bob.get_by_role("heading", name="Join the game")).to_be_visible()
        bob.get_by_label("Your name").fill("Bob")
        button(bob, "Take a seat").click()
        for page, me in ((ann, "Ann"), (bob, "Bob")):
            expect(page.locator(".me-name")).to_contain_text(me)
            expect(page.get_by_role("log")).to_contain_text("Round 1 of 2")
        # Someone else may watch: a spectator sees the table but no hand.
        watcher = browser.new_context(viewport={"width": 1280, "height": 860})
        try:
            spectator = watcher.new_page()
            spectator.goto(invite)
            spectator.get_by_role("button", name="Watch as a spectator").click()
            expect(spectator.locator("p.spectator")).to_contain_text("Watching")
            expect(spectator.get_by_label(re.compile(r"^Discard pile: "))).to_have_count(1)
            expect(spectator.locator("button.hand-card")).to_have_count(0)
            expect(spectator.locator("section.seat")).to_have_count(4)
        finally:
            watcher.close()
        # Chat reaches the other person.
        ann.get_by_role("textbox", name="Message").fill("Good luck!")
        ann.get_by_role("button", name="Send").click()
        expect(bob.locator("ol.chat")).to_contain_text("Ann: Good luck!")
        # ... and is told in the one live region, the move log.
        expect(bob.get_by_role("log")).to_contain_text("Ann says: Good luck!")

        turns = {"Ann": 0, "Bob": 0}
        reloaded = False
        deadline = time.monotonic() + 420
        while time.monotonic() < deadline:
            states = []
            for page, me in ((ann, "Ann"), (bob, "Bob")):
                found = step(page)
                states.append(found)
                if found == "draw":
                    turns[me] += 1
            if not reloaded and turns["Ann"] >= 2:
                ann.reload()
                expect(ann.locator(".me-name")).to_contain_text("Ann")
                expect(ann.locator(".connection")).to_have_text("Connected")
                reloaded = True
            if states == ["over", "over"]:
                break
            ann.wait_for_timeout(40)
        else:
            raise AssertionError(f"the room's game did not end in time ({turns})")
        assert reloaded and turns["Ann"] >= 2 and turns["Bob"] >= 2, turns
        old_room = ann.url
        for page in (ann, bob):
            expect(page.get_by_role("heading", name="Game over")).to_be_visible()
            expect(page.locator("table.score-sheet").last.locator("tbody tr")).to_have_count(2)
            expect(page.get_by_role("button", name="Rematch")).to_be_enabled()
        # A rematch: Ann asks and goes to the new room; Bob is offered it and joins.
        ann.get_by_role("button", name="Rematch").click()
        expect(ann).not_to_have_url(old_room)
        bob.get_by_role("button", name="Join the rematch").click()
        expect(bob).to_have_url(ann.url)
        for page, me in ((ann, "Ann"), (bob, "Bob")):
            expect(page.locator(".me-name")).to_contain_text(me)
            expect(page.get_by_role("log")).to_contain_text("Round 1 of 2")
    finally:
        ann_context.close()
        bob_context.close()
