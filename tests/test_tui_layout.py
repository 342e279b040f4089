"""The table at the sizes it supports (issue 15, trap 3): at 80x24 in round 11 every card
of a 14-card hand, the log, the message line and every key are on the screen, and number
keys reach the cards beyond the tenth; below the smallest size a page says what it needs.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.geometry import Region
from textual.widget import Widget

from threethirteen.actions import Draw
from threethirteen.bots.greedy import GreedyBot
from threethirteen.rules import Rules
from threethirteen.tui.app import TableApp
from threethirteen.tui.keyline import KeyLine
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup
from threethirteen.tui.widgets import CardView, MoveLog
from threethirteen.view import Phase

KEYS = ("d", "t", "Enter", "o", "s", "h", "u", "c", "?", "q")


def session_at(round_number: int, players: int = 4, phase: Phase = Phase.DISCARD,
               seed: int = 2024) -> Session:
    """A game played by bots (the person plays like greedy) up to the person's ``phase``
    in round ``round_number``."""
    levels = ("easy", "medium", "greedy", "easy", "medium", "greedy", "easy")[:players - 1]
    return played_to(Session(Setup.new(Rules(players=players), levels, seed=seed)),
                     round_number, phase)


def played_to(session: Session, round_number: int, phase: Phase) -> Session:
    """``session`` played on by its bots, the person like greedy, up to the person's
    ``phase`` in round ``round_number``."""
    person = GreedyBot()
    while True:
        if session.computer_to_act:
            session.play_computer()
            continue
        view = session.view()
        if view.round_number >= round_number and view.phase is phase:
            return session
        move = person.choose(view, random.Random(0))
        if isinstance(move, Draw):
            session.draw(move.source)
        else:
            session.discard(move.card, out=move.out)


def inside(widget: Widget, screen: Region) -> bool:
    """Shown whole: within the screen and not cut off by any container around it."""
    region = widget.region
    holders = [node for node in widget.ancestors if isinstance(node, Widget)]
    return (bool(region.area) and widget.display and screen.contains_region(region)
            and all(holder.region.contains_region(region) for holder in holders))


@pytest.mark.parametrize(("players", "size"), [(4, (80, 24)), (8, (80, 27)), (4, (120, 40))])
def test_round_11_is_fully_playable_at_the_smallest_size(players: int,
                                                         size: tuple[int, int]) -> None:
    session = session_at(11, players)
    app = TableApp(session.setup, saved=session, resume=True, pace=0, save=False)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.2)
            screen = app.screen.region
            cards = [card for card in app.query(CardView) if card.display]
            assert len(cards) == 14 and all(inside(card, screen) for card in cards)
            assert app.screen.max_scroll_y == 0 and not app.too_small
            assert [str(card.card) for card in cards] == [str(c) for c in app.shown().cards]
            for key, index in (("0", 9), ("exclamation_mark", 10), ("dollar_sign", 13),
                               ("1", 0)):
                await pilot.press(key)
                assert app.cursor == index, key
            assert "$" in str(cards[13].render())  # each card shows its key
            for _order in ("rank", "melds first"):  # more groups, narrower gaps
                await pilot.press("s")
                await pilot.pause()
                assert all(inside(card, screen) for card in cards), app.order
            log = app.query_one("#log", MoveLog)
            assert inside(log, screen) and log.scrollable_content_region.height >= 3
            for number in range(6):
                log.write_line(f"a long move {number} " + "that wraps " * 8)
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y and log.max_scroll_x == 0
            await pilot.press("z")
            message = app.query_one("#message", Widget)
            assert app.message.startswith("The key 'z'") and inside(message, screen)
            assert inside(app.query_one("#turn", Widget), screen)
            keys = app.query_one("#keys", KeyLine)
            assert inside(keys, screen)
            shown = keys.text.plain.split()
            for key in KEYS:
                assert key in shown, key

    asyncio.run(main())


def test_keys_not_available_now_are_struck_through_not_only_dimmed() -> None:
    session = session_at(1, phase=Phase.DRAW)
    app = TableApp(session.setup, saved=session, resume=True, pace=0, save=False)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            line = app.query_one("#keys", KeyLine).text
            styles = {line.plain[span.start:span.end]: str(span.style) for span in line.spans}
            assert "strike" in styles["Enter"] and "strike" not in styles["d"]
            assert "reverse" in styles["d"] and "reverse" not in styles["Enter"]

    asyncio.run(main())


def test_a_terminal_below_the_smallest_size_says_what_it_needs() -> None:
    session = session_at(1, phase=Phase.DRAW)
    app = TableApp(session.setup, saved=session, resume=True, pace=0, save=False)

    async def main() -> None:
        async with app.run_test(size=(79, 24)) as pilot:
            await pilot.pause(0.1)
            page = app.query_one("#too-small", Widget)
            assert app.too_small and inside(page, app.screen.region)
            said = str(page.render())
            assert "at least 80x24" in said and "it is 79x24" in said and "--plain" in said
            assert not app.query_one("#hand", Widget).display or not inside(
                app.query_one("#hand", Widget), app.screen.region)
            before = app.session.state.copy()
            await pilot.press("d")  # the table's keys wait until it can be seen
            assert app.session.state == before
            await pilot.resize_terminal(80, 23)
            await pilot.pause(0.1)
            assert app.too_small and "at least 80x24" in str(page.render())
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.1)
            keys = app.query_one("#keys", KeyLine)
            assert not app.too_small and inside(keys, app.screen.region)
            assert keys.available["draw"] and not keys.available["discard"]
            await pilot.press("d")
            assert app.session.view().phase is Phase.DISCARD

    asyncio.run(main())
