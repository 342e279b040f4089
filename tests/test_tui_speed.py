"""The full-screen speed table (``tui.speedapp``) through Textual's test pilot, and the
speed save (``tui.speedsession``, ``tui.store``): a game played by keys, the caller's
countdown playing for the person, leaving and resuming, the sizes it fits, and the save's
round trip."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from test_tui_app import page_text, until
from test_tui_app import run as run_table
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from threethirteen.actions import Discard, Draw
from threethirteen.bots.speedplay import choose_speed
from threethirteen.errors import InputError
from threethirteen.rules import Rules
from threethirteen.speedrecord import replay_speed_record
from threethirteen.tui import store
from threethirteen.tui.keyline import KeyLine
from threethirteen.tui.screens import Ask, GoOutAsk, Page
from threethirteen.tui.session import PERSON, Session
from threethirteen.tui.setup import Setup, play_rules
from threethirteen.tui.speedapp import SpeedApp
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.speedtable import SeatLine
from threethirteen.tui.widgets import CardView, MoveLog
from threethirteen.view import Phase

NOTATION = re.compile(r"\b(?:[2-9TJQKA][cdhsx])\b")  # 'Ts', '7h': never shown to people


def speed_setup(seed: int = 5, opponents: int = 3, **rules: object) -> Setup:
    data: dict[str, object] = {"preset": "speed", "players": opponents + 1, "rounds": 2,
                               **rules}
    return Setup.new(Rules.from_json(data), ("greedy",) * opponents, seed=seed)


def run(test: Callable[[SpeedApp, Pilot[str]], Coroutine[Any, Any, None]], app: SpeedApp,
        size: tuple[int, int] = (80, 24)) -> None:
    """The table tests' ``run``, at the terminal's usual 80 by 24 unless told."""
    run_table(test, app, size)


def log_lines(app: SpeedApp) -> list[str]:
    return list(app.query_one("#log", MoveLog).written)


def screen_text(app: SpeedApp) -> str:
    return "\n".join(f"{widget.border_title or ''} {widget.render()}"
                     for widget in app.query("Static") if widget.display)


def inside(widget: Widget, screen: Region) -> bool:
    region = widget.region
    holders = [node for node in widget.ancestors if isinstance(node, Widget)]
    return (bool(region.area) and widget.display and screen.contains_region(region)
            and all(holder.region.contains_region(region) for holder in holders))


def ready(app: SpeedApp) -> bool:
    return isinstance(app.screen, Page) or (app.session.person_to_act and not app.paused)


def test_a_speed_game_played_by_keys_to_the_end() -> None:
    async def play(app: SpeedApp, pilot: Pilot[str]) -> None:
        pages: list[str] = []
        draws = 0
        while True:
            await until(pilot, lambda: ready(app))
            if isinstance(app.screen, Page):
                pages.append(page_text(app))
                if app.screen.id == "game-page":
                    break
                page = app.screen
                await pilot.press("enter")
                await until(pilot, lambda page=page: app.screen is not page)  # type: ignore[misc]
                continue
            view = app.session.view()
            lines = {line.seat: str(line.render()) for line in app.query(SeatLine)}
            for seat in (1, 2, 3):  # every computer's line: its pile's top, done or not
                pile = view.piles[seat]
                assert (app.session.words.card(pile[-1]) if pile else "-") in lines[seat]
                assert ("▶" in lines[seat]) == (seat in view.waiting), lines[seat]
            assert f"Call {view.call} · " in str(app.query_one("#call").render())
            history = len(app.session.game.history)
            if view.phase is Phase.DRAW:
                key = "t" if draws % 2 else "d"
                draws += 1
                await pilot.press(key)
                mine = [a for a in app.session.game.history[history:] if a.seat == PERSON]
                assert [str(a) for a in mine] == [
                    "0: draw discard" if key == "t" else "0: draw stock"]
            else:
                hand = app.shown().cards
                await pilot.press(str(draws % len(hand) + 1), "enter")
                if isinstance(app.screen, GoOutAsk):
                    await pilot.press("y")
                await until(pilot, lambda: not isinstance(app.screen, GoOutAsk))
                mine = [a for a in app.session.game.history[history:] if a.seat == PERSON]
                assert len(mine) == 1 and isinstance(mine[0], Discard), mine
            await pilot.pause()
        assert len(pages) == 3  # two rounds, then the game
        assert "Round 1 is over" in pages[0] and "Round 2 is over" in pages[1]
        assert "The hands" in pages[0] and "Score sheet" in pages[0]
        assert "Game over" in pages[2] and ("win" in pages[2] or "Nobody" in pages[2])
        for total in app.session.view().totals:
            assert str(total) in pages[2]
        said = "\n".join(log_lines(app))
        assert "You drew the " in said and "from Right's pile" in said
        assert re.search(r"(Left|Top|Right) discarded (10|[2-9AJQK])[♣♦♥♠]", said), said
        assert not NOTATION.search(said), NOTATION.search(said)
        assert draws >= 4
        await pilot.press("q")

    app = SpeedApp(speed_setup(), pace=0, save=False)
    run(play, app)
    assert app.session.is_over and app.return_value is not None
    assert "The game is over" in app.return_value


def test_the_countdown_runs_out_and_the_caller_plays_for_the_person() -> None:
    async def play(app: SpeedApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: ready(app))
        call = str(app.query_one("#call").render())
        assert "Draw!" in call and re.search(r"[12] s", call), call
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD, seconds=5)
        assert "Too slow: the caller drew from the stock for you." in log_lines(app)
        timed = app.session.timeouts
        assert [str(app.session.game.history[i]) for i in timed] == ["0: draw stock"]
        drawn = app.session.view().drawn
        assert drawn is not None
        assert app.shown().cards[app.cursor] == drawn  # the card drawn, chosen
        await until(pilot, lambda: app.session.view().call == 2, seconds=5)
        said = f"Too slow: the caller threw back the {app.session.words.card(drawn)} you drew."
        assert said in log_lines(app)
        # a page stops the countdown: the caller does not play while it is open
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, Page))
        assert "Speed" in page_text(app) and "d                at \"Draw!\"" in page_text(app)
        history = len(app.session.game.history)
        await pilot.pause(1.6)
        assert len(app.session.game.history) == history
        await pilot.press("escape")
        await until(pilot, lambda: len(app.session.game.history) > history, seconds=5)

    run(play, SpeedApp(speed_setup(speed_seconds=1), pace=0, save=False))


def test_escape_asks_then_leaves_and_the_game_resumes(tmp_path: Path) -> None:
    keeper = store.Keeper(tmp_path)
    first = SpeedApp(speed_setup(seed=8), pace=0, keeper=keeper)

    async def leave(app: SpeedApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: ready(app))
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        history = len(app.session.game.history)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, Ask))
        assert "Leave the game?" in str(app.screen.question)
        await pilot.pause(0.3)
        assert len(app.session.game.history) == history  # the countdown waits
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, Ask))
        assert app.message == "Playing on."
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, Ask))
        await pilot.press("y")

    run(leave, first)
    assert first.return_value == "" and first.started
    saved, problem = keeper.load()
    assert problem is None and isinstance(saved, SpeedSession)
    assert saved.game == first.session.game and saved.timeouts == first.session.timeouts
    described = store.describe_saved(saved)
    assert described.startswith("a speed game (3-13 Speed), round 1 of 2, call 1 against 3")

    async def resume(app: SpeedApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: isinstance(app.screen, Ask))
        assert "a speed game (3-13 Speed)" in str(app.screen.question)
        await pilot.press("y")
        await until(pilot, lambda: ready(app))
        assert app.message == "Resumed the saved game."
        assert app.session.game.history[:len(first.session.game.history)] == \
            first.session.game.history
        assert any("You drew the" in line for line in log_lines(app))  # the round so far
        await pilot.press("1", "enter")
        await until(pilot, lambda: app.session.view().call == 2)
        await pilot.press("ctrl+c")

    again = SpeedApp(speed_setup(seed=99), saved=saved, pace=0, keeper=store.Keeper(tmp_path))
    run(resume, again)
    resumed, _ = store.Keeper(tmp_path).load()
    assert isinstance(resumed, SpeedSession) and resumed.game.call == 2


def test_a_standard_save_chosen_at_the_speed_table_goes_to_its_own_table(
        tmp_path: Path) -> None:
    keeper = store.Keeper(tmp_path)
    turns = Session(Setup.new(Rules(players=2, rounds=2), ("random",), seed=1))
    keeper.keep(turns)
    saved, _ = keeper.load()
    app = SpeedApp(speed_setup(), saved=saved, pace=0, keeper=keeper)

    async def choose(app: SpeedApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: isinstance(app.screen, Ask))
        assert "a speed game" not in str(app.screen.question)
        await pilot.press("y")

    run(choose, app)
    assert isinstance(app.other, Session) and not app.started


@pytest.mark.parametrize(("opponents", "size"), [(3, (80, 24)), (15, (80, 24)),
                                                  (3, (120, 40)), (15, (120, 40))])
def test_the_speed_table_fits_its_sizes(opponents: int, size: tuple[int, int]) -> None:
    async def look(app: SpeedApp, pilot: Pilot[str]) -> None:
        await until(pilot, lambda: ready(app))
        screen = app.screen.region
        assert not app.too_small and app.screen.max_scroll_y == 0
        lines = list(app.query(SeatLine))
        assert len(lines) == opponents and all(inside(line, screen) for line in lines)
        for selector in ("#call", "#turn", "#message", "#keys", "#log"):
            assert inside(app.query_one(selector, Widget), screen), selector
        await pilot.press("d")
        await until(pilot, lambda: app.session.view().phase is Phase.DISCARD)
        cards = [card for card in app.query(CardView) if card.display]
        assert len(cards) == 4 and all(inside(card, screen) for card in cards)
        keys = app.query_one("#keys", KeyLine).text.plain.split()
        for key in ("d", "t", "Enter", "o", "s", "c", "?", "q"):
            assert key in keys, key
        await pilot.press("z")
        assert app.message.startswith("The key 'z' does nothing here")
        await pilot.press("t")
        assert app.message == "You have drawn already: now discard a card."
        shown = screen_text(app)
        assert "Stock" in shown and "Right's pile" in shown
        assert not NOTATION.search(shown), NOTATION.search(shown)
        await pilot.press("ctrl+c")

    run(look, SpeedApp(speed_setup(opponents=opponents), pace=0, save=False), size)


def test_a_clock_tick_while_the_app_shuts_down_does_nothing() -> None:
    """A tick can land after the app began to close (its widgets being removed): it
    must not touch the table (it once raised ``NoMatches`` for ``#stock`` under load)."""
    app = SpeedApp(speed_setup(speed_seconds=1), pace=0, save=False)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: ready(app))
        history = tuple(app.session.game.history)
        app._clock()  # the app has shut down: nothing moves, nothing raises
        assert app.session.game.history == history

    asyncio.run(main())


def test_a_terminal_too_small_for_the_speed_table_says_so_and_waits() -> None:
    async def look(app: SpeedApp, pilot: Pilot[str]) -> None:
        await pilot.pause(0.3)
        assert app.too_small and app.paused
        said = str(app.query_one("#too-small").render())
        assert "at least 80x24" in said and "--plain" in said
        await pilot.press("d")
        assert not app.session.game.history  # nothing played, and no countdown runs
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: ready(app))
        await pilot.press("d")
        assert app.session.game.history

    run(look, SpeedApp(speed_setup(speed_seconds=1), pace=0, save=False), (79, 24))


def test_the_computers_answer_from_their_own_views_only() -> None:
    """Each computer is asked with its own seat's view; the person's view names no card of
    another hand, nor a card another seat drew from the stock."""
    session = SpeedSession(speed_setup(seed=11))
    asked: list[int] = []
    for seat, player in session.players.items():
        original = player.choose_speed

        def spy(view: Any, rng: random.Random, seat: int = seat,
                original: Any = original) -> Any:
            assert view.seat == seat and view.hand == session.game.hands[seat]
            asked.append(seat)
            return original(view, rng)

        player.choose_speed = spy  # type: ignore[method-assign]
    for _ in range(6):
        session.computers_answer()
        session.tick()
    assert sorted(set(asked)) == [1, 2, 3]
    view = session.view()
    assert view.hand == session.game.hands[PERSON]
    for event in session.events:
        for seat in (1, 2, 3):
            if event.text.startswith(session.names[seat]) and "from the stock" in event.text:
                assert not re.search(r"[♣♦♥♠]", event.text), event.text


# -- the save ---------------------------------------------------------------------------

def played(seed: int, steps: int, *, speed_seconds: int = 10) -> SpeedSession:
    """A speed game played ``steps`` steps: the person answers like greedy on even steps
    and is too slow on odd ones."""
    session = SpeedSession(speed_setup(seed=seed, speed_seconds=speed_seconds))
    for step in range(steps):
        if session.is_over:
            break
        session.computers_answer()
        if session.person_to_act and step % 2 == 0:
            action = choose_speed("greedy", session.view(), random.Random(step))
            if isinstance(action, Draw):
                session.draw(action.source)
            elif isinstance(action, Discard):
                session.discard(action.card, out=action.out and action.card in
                                session.out_cards())
        session.tick()
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_speed_save_round_trips(seed: int, tmp_path: Path) -> None:
    session = played(seed, 9)
    data = json.loads(json.dumps(session.to_json()))
    assert set(data) == {"format", "seed", "rules", "players", "levels", "actions",
                         "timeouts", "order", "long_names"}
    assert data["rules"]["mode"] == "speed" and data["timeouts"]
    again = store.session_from_json(data)
    assert isinstance(again, SpeedSession)
    assert again.game == session.game and again.game.history == session.game.history
    assert again.timeouts == session.timeouts
    assert [event.text for event in again.events] == [event.text for event in session.events]
    keeper = store.Keeper(tmp_path)
    keeper.keep(session)
    loaded, problem = keeper.load()
    assert problem is None and isinstance(loaded, SpeedSession)
    assert loaded.to_json() == session.to_json()


def test_a_finished_speed_game_is_recorded_as_a_speed_record(tmp_path: Path) -> None:
    session = played(4, 10_000)
    assert session.is_over
    keeper = store.Keeper(tmp_path)
    keeper.keep(session)
    assert keeper.recorded and keeper.record_path is not None
    assert not keeper.save_path.exists()
    record = json.loads(keeper.record_path.read_text())
    assert replay_speed_record(record) == session.game


@pytest.mark.parametrize(("change", "said"), [
    ({"timeouts": [10_000]}, "timeouts[0]"),
    ({"timeouts": "all"}, "timeouts"),
    ({"actions": ["0: draw nowhere"], "timeouts": []}, "actions[0]"),
    ({"actions": ["0: discard Kd"], "timeouts": []}, "actions[0]"),
    ({"format": "other"}, "not a three-thirteen-save/1 file"),
    ({"long_names": "yes"}, "long_names"),
])
def test_a_bad_speed_save_is_refused_by_name(change: dict[str, object], said: str) -> None:
    data = {**played(1, 3).to_json(), **change}
    with pytest.raises(InputError, match=re.escape(said)):
        store.session_from_json(data)


def test_a_speed_save_is_set_aside_when_it_cannot_be_read(tmp_path: Path) -> None:
    keeper = store.Keeper(tmp_path)
    data = played(1, 3).to_json()
    data["actions"] = [*data["actions"], "1: draw stock"]  # seat 1 has drawn already
    keeper.save_path.write_text(json.dumps(data))
    saved, problem = keeper.load()
    assert saved is None and problem is not None and "actions[" in problem
    assert (tmp_path / "saved-game.json.bad").exists()


def test_the_terminal_seats_up_to_fifteen_computers_in_speed_mode() -> None:
    rules = play_rules("speed", None, 15)
    setup = Setup.new(rules, ("easy",) * 15, seed=1)
    assert setup.names[1] == "Left" and setup.names[-1] == "Right" and len(setup.names) == 16
    assert Setup.from_json(setup.to_json()) == setup
    with pytest.raises(Exception, match="1 to 7 opponents, not 9"):
        play_rules(None, None, 9)
    with pytest.raises(Exception, match="not 16"):
        play_rules("speed", None, 16)
