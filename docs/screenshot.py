"""Render the terminal table as SVG with Textual's own screenshot, at the smallest size it
supports and at a roomy one: ``docs/table-80x24.svg`` (round 11, a 14-card hand) and
``docs/table-120x40.svg`` (round 6, the hand sorted melds first).

A seeded game is played by bots up to the round (the person plays like the greedy bot),
then on the table by keys for two turns, so that the log shows real moves; the picture
is taken in the person's discard step. Run it from the repository's root:

    .venv/bin/python docs/screenshot.py
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from threethirteen.actions import Draw, Source
from threethirteen.bots.greedy import GreedyBot
from threethirteen.rules import Rules
from threethirteen.tui.app import TableApp
from threethirteen.tui.screens import GoOutAsk, Page
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup
from threethirteen.view import Phase

DOCS = Path(__file__).parent
SEED = 2024
LEVELS = ("easy", "medium", "greedy")
SHOTS = (  # columns, rows, round, sort presses (s: by rank, s s: melds first)
    (80, 24, 11, 0),
    (120, 40, 6, 2),
)
TURNS = 2  # the person's turns played on the table before the picture


def game_at(round_number: int) -> Session:
    """The seeded game, played by bots up to the person's first draw of the round."""
    session = Session(Setup.new(Rules(), LEVELS, seed=SEED))
    person = GreedyBot()
    while True:
        if session.computer_to_act:
            session.play_computer()
            continue
        view = session.view()
        if view.round_number >= round_number and view.phase is Phase.DRAW:
            return session
        move = person.choose(view, random.Random(0))
        if isinstance(move, Draw):
            session.draw(move.source)
        else:
            session.discard(move.card, out=move.out)


async def shoot(columns: int, rows: int, round_number: int, sorts: int) -> Path:
    """Play on the table at ``columns`` x ``rows`` and save the picture."""
    session = game_at(round_number)
    app = TableApp(session.setup, saved=session, resume=True, pace=0, save=False)
    person = GreedyBot()
    out = DOCS / f"table-{columns}x{rows}.svg"
    async with app.run_test(size=(columns, rows)) as pilot:
        turns = 0
        for _ in range(2000):
            await pilot.pause(0.02)
            if isinstance(app.screen, GoOutAsk):  # keep the round going
                await pilot.press("n")
                continue
            if isinstance(app.screen, Page) or not app.session.person_to_act:
                continue
            view = app.session.view()
            if turns >= TURNS and view.phase is Phase.DISCARD:
                break
            move = person.choose(view, random.Random(0))
            if isinstance(move, Draw):
                await pilot.press("d" if move.source is Source.STOCK else "t")
                continue
            app.cursor = app.shown().cards.index(move.card)
            await pilot.press("enter")
            turns += 1
        await pilot.press(*["s"] * sorts, "left")
        await pilot.pause(0.3)
        app.save_screenshot(out.name, str(out.parent))
    return out


async def main() -> None:
    for shot in SHOTS:
        print(f"wrote {await shoot(*shot)}")


if __name__ == "__main__":
    asyncio.run(main())
