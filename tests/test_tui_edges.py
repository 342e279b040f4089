"""Rough edges of the full-screen table (issue 15): the turn lines stand out, the round's
page shows the final moves it covers, stale messages clear, ``(wild)`` only on a card
acting as wild, the selection stays on the card taken back by undo, Ctrl+C saves and
quits, the sort order kept by a resumed game, the round so far in a resumed log."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.text import Text
from test_tui_app import LEVELS, draw_from_stock, page_text, run, setup, until
from test_tui_layout import session_at
from textual.pilot import Pilot

from threethirteen.actions import Source
from threethirteen.cards import Hand
from threethirteen.errors import InputError
from threethirteen.rules import Rules
from threethirteen.solver import arrange
from threethirteen.tui import store
from threethirteen.tui.app import UNDO_NOTICE, TableApp
from threethirteen.tui.hand import SortOrder, arrangement_text
from threethirteen.tui.screens import GoOutAsk, Page
from threethirteen.tui.session import PERSON, Session
from threethirteen.tui.setup import Setup
from threethirteen.tui.widgets import CardView, MoveLog
from threethirteen.view import Phase


def styles(line: Text, words: str) -> str:
    """The styles of the spans that cover ``words`` in ``line``."""
    start = line.plain.index(words)
    return " ".join(str(span.style) for span in line.spans
                    if span.start <= start < span.end)


def last_turn_session() -> Session:
    """A game where somebody else has gone out and the person has the last turn."""
    for seed in range(1, 60):
        session = Session(Setup.new(Rules(players=4, rounds=3), LEVELS, seed=seed))
        while not session.is_over:
            view = session.view()
            if session.person_to_act and view.out is not None and view.out != PERSON:
                return session
            if session.computer_to_act:
                session.play_computer()
            elif view.phase is Phase.DRAW:
                session.draw(Source.STOCK)
            else:
                hand = view.hand
                assert hand is not None
                session.discard(hand[-1])
    raise AssertionError("no seed gives the person a last turn")


def test_your_turn_and_the_last_turn_stand_out() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        line = app._texts["#turn"]
        assert isinstance(line, Text) and line.plain.startswith("▶ Your turn")
        assert "reverse" in styles(line, "Your turn")

    run(play, TableApp(setup(), pace=0, save=False))
    session = last_turn_session()

    async def last(app: TableApp, pilot: Pilot[str]) -> None:
        await pilot.pause(0.1)
        line = app._texts["#turn"]
        out = session.view().players[session.view().out or 0]
        assert isinstance(line, Text)
        assert line.plain.startswith(f"⚠ Your last turn ({out} went out)")
        assert "reverse" in styles(line, "Your last turn") or "on yellow" in styles(
            line, "Your last turn")

    run(last, TableApp(session.setup, saved=session, resume=True, pace=0, save=False))


def test_the_round_page_shows_the_final_moves_it_covers() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        while True:
            await until(pilot, lambda: app.session.person_to_act
                        or isinstance(app.screen, Page | GoOutAsk))
            if isinstance(app.screen, GoOutAsk):
                await pilot.press("n")  # the computers go out
                continue
            if isinstance(app.screen, Page):
                break
            await pilot.press("d" if app.session.view().phase is Phase.DRAW else "enter")
            await pilot.pause()
        said = page_text(app)
        final = app.session.final_moves()
        assert final and "The last moves:" in said
        for move in final:
            assert move in said
        result = app.session.view().results[-1]
        if result.out is not None and result.out != PERSON:
            assert final[0].startswith(f"{app.session.names[result.out]} went out")

    run(play, TableApp(setup(), pace=0, save=False))


def test_a_message_clears_once_a_move_has_made_it_stale() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await draw_from_stock(app, pilot)
        await pilot.press("enter")
        if isinstance(app.screen, GoOutAsk):
            await pilot.press("n")
        await until(pilot, lambda: app.message == UNDO_NOTICE)
        await pilot.press("z")  # said while the computers play
        assert app.message.startswith("The key 'z' does nothing")
        await pilot.press("space")
        await until(pilot, lambda: app.session.person_to_act
                    or isinstance(app.screen, Page))
        assert app.message == ""

    run(play, TableApp(setup(), pace=1.0, save=False))


def test_wild_is_marked_only_on_cards_acting_as_wild() -> None:
    kings = 13
    itself = arrange(Hand.parse("Jc Qc Kc 4d"), wild=kings, rules=Rules())
    assert arrangement_text(itself, kings) == "melds: J♣ Q♣ K♣; unmelded: 4♦; penalty 4"
    acting = arrange(Hand.parse("Tc Th Kc 4d"), wild=kings, rules=Rules())
    assert "melds: 10♣ 10♥ K♣ (wild);" in arrangement_text(acting, kings)
    loose = arrange(Hand.parse("Jc Qc Kc 2s 9d"), wild=kings, rules=Rules())
    assert "melds: J♣ Q♣ K♣;" in arrangement_text(loose, kings)


def test_undo_keeps_the_card_taken_back_chosen() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act, seconds=30)
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        cards = app.shown().cards
        last = cards[-1]
        await pilot.press(str(len(cards)), "enter")
        if isinstance(app.screen, GoOutAsk):
            await pilot.press("n")
        await until(pilot, lambda: app.session.computer_to_act)
        await pilot.press("u")
        await until(pilot, lambda: app.session.person_to_act and app.session.undos)
        assert app.shown().cards[app.cursor] == last

    run(play, TableApp(setup(), pace=2.0, save=False))


def test_ctrl_c_saves_and_quits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    app = TableApp(setup(), pace=0)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await draw_from_stock(app, pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()

    asyncio.run(main())
    assert app.return_value == ""
    saved, problem = store.load_saved()
    assert problem is None and saved is not None and saved.state == app.session.state


def test_the_help_page_names_the_keys_for_cards_11_to_14() -> None:
    session = session_at(1, phase=Phase.DRAW)

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await pilot.pause(0.1)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, Page))
        said = page_text(app)
        assert "! @ # $" in said and "Ctrl+C" in said and "struck through" in said

    run(play, TableApp(session.setup, saved=session, resume=True, pace=0, save=False))


def test_no_card_is_raised_during_the_draw_step() -> None:
    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: app.session.person_to_act)
        await pilot.press("2")
        raised = [card for card in app.query(CardView) if card.has_class("-selected")]
        assert app.cursor == 1 and not raised
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        raised = [card for card in app.query(CardView) if card.has_class("-selected")]
        assert len(raised) == 1 and raised[0].card == app.shown().cards[app.cursor]

    run(play, TableApp(setup(), pace=0, save=False))


def test_a_resumed_game_shows_the_round_so_far_in_the_log() -> None:
    session = session_at(2, phase=Phase.DISCARD)
    resumed = Session.from_json(session.to_json())
    moves = [event.text for event in resumed.round_so_far()]
    assert moves and moves[-1].startswith("You ")

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await pilot.pause(0.1)
        written = app.query_one("#log", MoveLog).written
        assert written[-len(moves):] == moves

    run(play, TableApp(resumed.setup, saved=resumed, resume=True, pace=0, save=False))


def test_the_sort_order_is_saved_and_a_resumed_game_keeps_it() -> None:
    session = session_at(1, phase=Phase.DISCARD)
    session.set_order(SortOrder.RANK)
    data = session.to_json()
    assert data["order"] == "rank"
    resumed = Session.from_json(data)
    assert resumed.order is SortOrder.RANK
    with pytest.raises(InputError):
        Session.from_json({**data, "order": "sideways"})
    assert Session.from_json({k: v for k, v in data.items() if k != "order"}).order is \
        SortOrder.SUIT  # a save from before the order was kept

    async def play(app: TableApp, pilot: Pilot[str]) -> None:
        await pilot.pause(0.1)
        assert app.order is SortOrder.RANK and "by rank" in str(
            app.query_one("#hand-box").border_title)
        await pilot.press("s")
        assert app.session.order is SortOrder.MELDS

    run(play, TableApp(resumed.setup, saved=resumed, resume=True, pace=0, save=False))
