"""Render the terminal table as SVG with Textual's own screenshot: ``docs/table.svg``.

Plays a few seeded moves (the computers are the easy, medium and greedy bots), then
saves the screen as the person sees it. Run it from the repository's root:

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
from threethirteen.tui.screens import Page
from threethirteen.tui.setup import Setup
from threethirteen.view import Phase

OUT = Path(__file__).parent / "table.svg"
SEED = 2024
ROUND = 4  # the picture shows round 4: six cards, fives wild


async def main() -> None:
    setup = Setup.new(Rules(), ("easy", "medium", "greedy"), seed=SEED)
    app = TableApp(setup, pace=0, save=None)
    person = GreedyBot()
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(2000):
            await pilot.pause(0.02)
            if isinstance(app.screen, Page):  # a round is over: deal the next one
                await pilot.press("enter")
                continue
            view = app.session.view()
            if not app.session.person_to_act:
                continue
            if (view.round_number >= ROUND and view.phase is Phase.DISCARD
                    and app.shown().arrangement.melds and len(view.actions) > 8):
                break
            move = person.choose(view, random.Random(0))  # the person plays like greedy
            if isinstance(move, Draw):
                await pilot.press("d" if move.source is Source.STOCK else "t")
                continue
            cards = app.shown().cards
            app.cursor = cards.index(move.card)
            await pilot.press("enter")
        await pilot.press("s", "s", "left")  # melds first
        await pilot.pause(0.3)
        app.save_screenshot(OUT.name, str(OUT.parent))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    asyncio.run(main())
