"""The full-screen table, driven through Textual's test pilot: keys and clicks, a whole
game played by keys, go-out offered only when legal, refusals that change nothing, the
round-end and score pages, undo, skip, save on quit and the offer to resume."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from rich.console import Console
from test_tui_session import seed_where_person_can_go_out
from textual.app import App
from textual.pilot import Pilot

from threethirteen.actions import Source
from threethirteen.rules import Rules
from threethirteen.tui import store
from threethirteen.tui.app import UNDO_NOTICE, TableApp
from threethirteen.tui.cardwords import SHORT
from threethirteen.tui.screens import Ask, GoOutAsk, Page
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup
from threethirteen.tui.widgets import CardView, MoveLog, Seat
from threethirteen.view import Phase

SIZE = (110, 34)
LEVELS = ("greedy", "random", "greedy")


def setup(seed: int = 5, **rules: object) -> Setup:
    return Setup.new(Rules.from_json({"players": 4, "rounds": 2, **rules}), LEVELS, seed=seed)


AppT = TypeVar("AppT", bound=App[str])


def run(test: Callable[[AppT, Pilot[str]], Coroutine[Any, Any, None]], app: AppT,
        size: tuple[int, int] = SIZE) -> None:
    """Run ``test`` on ``app`` in Textual's pilot, at ``size`` (columns, rows)."""
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await test(app, pilot)

    asyncio.run(main())


async def until(pilot: Pilot[str], done: Callable[[], bool], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if done():
            await pilot.pause()  # let a screen that just opened take the keys
            return
        await pilot.pause(0.01)
    raise AssertionError("the table did not get there in time")


async def draw_from_stock(app: TableApp, pilot: Pilot[str]) -> None:
    """Wait for the person's turn, draw from the stock by key and wait for the discard."""
    await until(pilot, lambda: app.session.person_to_act)
    await pilot.press("d")
    await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)


def page_text(app: App[str]) -> str:
    screen = app.screen
    assert isinstance(screen, Page)
    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(screen.title_text)
    console.print(screen.body)
    return console.export_text()


def enabled(app: TableApp, key: str) -> bool:
    return app.active_bindings[key].enabled


def your_turn_or_page(app: TableApp) -> bool:
    return app.session.person_to_act or isinstance(app.screen, Page)


def test_a_whole_game_played_by_keys_with_round_pages_and_the_score_sheet() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        pages: list[str] = []
        footers: list[str] = []
        turn = 0
        while True:
            await until(pilot, lambda: your_turn_or_page(app))
            if isinstance(app.screen, Page):
                pages.append(page_text(app))
                if app.screen.id == "game-page":
                    break
                assert app.screen.id == "round-page"
                footers.append(app.screen.footer_text)
                page = app.screen
                await pilot.press("enter")
                await until(pilot, lambda page=page: app.screen is not page)  # type: ignore[misc]
                continue
            view = app.session.view()
            if view.phase is Phase.DRAW:
                assert enabled(app, "d") and not enabled(app, "enter")
                await pilot.press("t" if turn % 3 == 2 and view.top is not None else "d")
            else:
                assert enabled(app, "enter") and not enabled(app, "d")
                await pilot.press("right", str(turn % 3 + 1), "enter")
                turn += 1
            await pilot.pause()
        assert len(pages) == 3  # two rounds, then the game
        assert footers == ["Enter: deal the next round", "Enter: the final scores"]
        for seat in ("You", "Left", "Top", "Right"):
            assert seat in pages[0]
        assert "The hands" in pages[0] and "Score sheet" in pages[0] and "Dealer" in pages[0]
        assert "Round 1 is over" in pages[0] and "Round 2 is over" in pages[1]
        view = app.session.view()
        assert app.session.is_over and ("win" in pages[2] or "Nobody" in pages[2])
        for total in view.totals:
            assert str(total) in pages[2]
        finished = app.session
        await pilot.press("n")  # a new game, with a new seed
        await until(pilot, lambda: app.session is not finished and your_turn_or_page(app))
        assert app.session.setup.seed != finished.setup.seed and not app.session.is_over
        assert app.message == "A new game."
        await pilot.press("q")

    app = TableApp(setup(), pace=0, save=False)
    run(play, app)
    assert app.return_value == ""


def test_go_out_is_not_offered_and_refused_when_illegal() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        history = app.session.state.history
        assert not enabled(app, "o")
        await pilot.press("o")
        assert app.message == "You cannot go out yet: draw a card first."
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        if not app.session.out_cards():
            assert not enabled(app, "o")
            await pilot.press("o")
            assert app.message.startswith("You cannot go out")
        assert len(app.session.state.history) == len(history) + 1
        assert not isinstance(app.screen, Ask)

    run(play, TableApp(setup(), pace=0, save=False))


def test_go_out_is_offered_when_legal_and_asks_first() -> None:
    seed, found = seed_where_person_can_go_out()
    goer = found.out_cards()[0]

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await draw_from_stock(app, pilot)
        assert enabled(app, "o")
        cards = app.shown().cards
        wrong = next(i for i, card in enumerate(cards) if card != goer)
        await pilot.press(str(wrong + 1), "o")
        assert app.message.startswith(f"You cannot go out with {SHORT.card(cards[wrong])}")
        await pilot.press(str(cards.index(goer) + 1), "o")
        await until(pilot, lambda: isinstance(app.screen, Ask))
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Ask))
        assert app.message == "Not going out." and app.session.view().out is None
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, Ask))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, Page))
        assert app.screen.id == "round-page"
        assert "You went out" in page_text(app)

    run(play, TableApp(setup(seed), pace=0, save=False))


def test_enter_on_a_card_that_goes_out_asks_go_out_first() -> None:
    """Issue 15, trap 1: Enter on the card the screen offers for going out used to throw it
    and play on. Now it asks; Escape discards nothing, Enter (the default) goes out."""
    seed, found = seed_where_person_can_go_out()
    goer = found.out_cards()[0]

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await draw_from_stock(app, pilot)
        assert f"go out with {SHORT.card(goer)}" in str(app._texts["#arrangement"])
        history = len(app.session.state.history)
        await pilot.press(str(app.shown().cards.index(goer) + 1), "enter")
        await until(pilot, lambda: isinstance(app.screen, GoOutAsk))
        assert app.screen.question == f"Go out with {SHORT.card(goer)}?"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, GoOutAsk))
        assert app.message == "Nothing discarded."
        assert len(app.session.state.history) == history
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GoOutAsk))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Page))
        assert "You went out" in page_text(app)

    run(play, TableApp(setup(seed), pace=0, save=False))


def test_the_move_log_follows_play_after_a_resize() -> None:
    """Issue 15, trap 2: after a resize the log stayed where it was and the computers'
    moves went on below its bottom edge for the rest of the game."""
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        log = app.query_one("#log", MoveLog)
        for number in range(60):
            log.write_line(f"an earlier move {number}")
        for size in ((120, 40), (80, 24), (100, 50), (90, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for _ in range(4):
                log.write_line("a move")  # as the computers' moves are written
            await pilot.pause()
            assert log.max_scroll_y > 0, "the test needs a log longer than its box"
            assert log.scroll_y == log.max_scroll_y, size

    run(play, TableApp(setup(), pace=0, save=False))


def test_bad_keys_say_so_and_change_nothing() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        before = app.session.state.copy()
        for key, said in (("z", "The key 'z' does nothing here"),
                          ("enter", "Draw a card first"),
                          ("u", "There is no discard of yours to undo"),
                          ("9", "There is no card 9: your hand has 3 cards.")):
            app.message = ""
            await pilot.press(key)
            assert app.message.startswith(said), (key, app.message)
        assert app.session.state == before
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        middle = app.session.state.copy()
        await pilot.press("t")
        assert app.message == "You have drawn already: now discard a card."
        await pilot.press("space")
        assert app.message == "Nothing to skip: it is your turn."
        assert app.session.state == middle

    run(play, TableApp(setup(), pace=0, save=False))


def test_cards_and_piles_answer_the_mouse() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        await pilot.click("#stock")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        cards = app.shown().cards
        await pilot.click(app.query(CardView)[1])
        assert app.cursor == 1 and app.session.view().phase is Phase.DISCARD
        await pilot.click(app.query(CardView)[1])
        await pilot.pause()
        if isinstance(app.screen, GoOutAsk):  # that card would go out: just discard it
            await pilot.press("n")
            await pilot.pause()
        discards = [a for a in app.session.state.history if a.seat == 0]
        assert str(discards[-1]) == f"0: discard {cards[1]}"

    run(play, TableApp(setup(), pace=0, save=False))


def test_sort_help_and_scores_pages() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        await pilot.press("s")
        assert app.message == "Your hand is sorted by rank." and app.order.value == "rank"
        await pilot.press("s", "s")
        assert app.order.value == "suit"
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, Page))
        help_text = page_text(app)
        assert "first_turn_out = true" in help_text and "rounds = 2" in help_text
        assert "Enter or x" in help_text
        await pilot.press("d")  # keys of the table do nothing under a page
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, Page))
        assert app.session.view().phase is Phase.DRAW
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, Page))
        assert "Score sheet" in page_text(app) and "Total" in page_text(app)

    run(play, TableApp(setup(), pace=0, save=False))


def test_undo_before_a_new_card_is_seen_and_skip() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act, seconds=30)
        app.pace = 30.0  # the computers wait: there is time to undo
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        before = app.session.state.copy()
        await pilot.press("enter")
        await until(pilot, lambda: app.session.computer_to_act)
        assert enabled(app, "u")
        await pilot.press("u")
        await until(pilot, lambda: app.session.person_to_act)
        assert app.session.state == before and app.session.undos
        await pilot.press("enter")
        await until(pilot, lambda: app.session.computer_to_act)
        await pilot.press("space")  # skip the 30-second pauses
        await until(pilot, lambda: your_turn_or_page(app), seconds=5)

    run(play, TableApp(setup(), pace=0, save=False))


def test_the_next_computer_waits_while_undo_is_possible() -> None:
    """Issue 15, trap 6: undo worked only until the next computer drew (one pace, 0.8 s).
    Now it waits a few seconds (or until space) after the person's discard."""
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act, seconds=30)
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        before = app.session.state.copy()
        await pilot.press("enter")
        if isinstance(app.screen, GoOutAsk):
            await pilot.press("n")
        await until(pilot, lambda: app.session.computer_to_act)
        assert app.message == UNDO_NOTICE
        await pilot.pause(1.5)  # three times the pace: the computer used to have drawn
        assert app.session.undo_blocker() is None
        await pilot.press("u")
        await until(pilot, lambda: app.session.person_to_act)
        assert app.session.state == before and app.session.undos
        await pilot.press("enter")
        if isinstance(app.screen, GoOutAsk):
            await pilot.press("n")
        await until(pilot, lambda: app.session.computer_to_act)
        await pilot.press("space")  # plays on at once
        await until(pilot, lambda: your_turn_or_page(app), seconds=5)

    run(play, TableApp(setup(), pace=0.5, save=False))


def test_quit_saves_and_the_next_start_offers_to_resume(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    first = TableApp(setup(), pace=0)

    async def quit_midway(app: TableApp, pilot: Pilot[str]) -> None:
        await draw_from_stock(app, pilot)
        await pilot.press("q")

    run(quit_midway, first)
    assert first.return_value == "" and first.started
    saved, problem = store.load_saved()
    assert saved is not None and problem is None and saved.state == first.session.state

    async def resume(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: isinstance(app.screen, Ask))
        await pilot.press("y")
        await until(pilot, lambda: not isinstance(app.screen, Ask))
        assert app.session.state == first.session.state
        assert app.message == "Resumed the saved game."
        await pilot.press("enter")

    again = TableApp(setup(seed=99), saved=saved, pace=0)
    run(resume, again)
    assert again.session.state.history[:len(first.session.state.history)] == \
        first.session.state.history

    async def decline(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: isinstance(app.screen, Ask))
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Ask))
        assert app.session.setup.seed == 99 and not store.saved_path().exists()

    run(decline, TableApp(setup(seed=99), saved=Session.from_json(saved.to_json()), pace=0))


def test_draw_from_the_discard_pile_by_key() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        top = app.session.view().top
        await pilot.press("t")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        took = f"You took the {SHORT.card(top)} from the discard pile"
        assert app.session.events[-1].text == took
        assert app.shown().cards[app.cursor] == top  # the card just taken is chosen
        assert app.session.state.history[-1].seat == 0
        assert str(app.session.state.history[-1]).endswith(Source.DISCARD.value)

    run(play, TableApp(setup(), pace=0, save=False))


def test_a_saved_game_with_another_table_resumes_with_its_own_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    two = Session(Setup.new(Rules(players=2, rounds=2), ("random",), seed=1))

    async def resume(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: isinstance(app.screen, Ask))
        assert [seat.name for seat in app.query(Seat)] == []
        await pilot.press("y")
        await until(pilot, lambda: app.session is two and app.session.person_to_act)
        assert [seat.name for seat in app.query(Seat)] == ["Top"]
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)

    run(resume, TableApp(setup(), saved=two, pace=0))
