"""A room's bots, in turns (``speedbots`` plays a speed room's): a task that plays every
bot's turn (and an away person's) as soon as it comes, one version at a time, each move
one trip to the engine thread (the bot's choice, applied, with every socket's state).

A fault is logged and the driver goes on (a room whose driver stopped would wait forever);
a move the database refuses is tried again a few times, the room's lock released between
tries, then the driver waits for the next change.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from typing import TYPE_CHECKING, Any

from threethirteen.bots import make_bot
from threethirteen.game import GameState
from threethirteen.server import engine, versions
from threethirteen.server.seats import HUMAN, STAND_IN

if TYPE_CHECKING:
    from threethirteen.server.room import Room

SOLO_BOT_DELAY_MS = 800  # a lone person's time to undo a discard before the bots move on
COMMIT_TRIES = 5  # a bot's move the database refuses this often: the driver waits for a change
RETRY_SECONDS = 0.5

log = logging.getLogger("threethirteen.server")


class Refusals:
    """The bot moves of one room the database refused in a row: each logged, tried again
    ``RETRY_SECONDS`` later, until ``COMMIT_TRIES``; then the driver waits for a change."""

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id
        self.count = 0

    def committed(self) -> None:
        self.count = 0

    def refused(self, problem: Exception) -> None:
        self.count += 1
        log.warning("room %s: a bot's move was not committed (%s), try %d of %d",
                    self.room_id, type(problem).__name__, self.count, COMMIT_TRIES)

    def exhausted(self) -> bool:
        """True (logged) once the database refused too often: the bots wait."""
        if self.count < COMMIT_TRIES:
            return False
        log.error("room %s: the database refused a bot's move %d times; the bots wait for "
                  "the next change", self.room_id, self.count)
        return True

    async def pause(self) -> None:
        """Before the next move: a moment after a refusal, else just a turn of the loop."""
        await asyncio.sleep(RETRY_SECONDS if self.count else 0)


class BotDriver:
    """Plays ``room``'s bots whenever ``wake`` is called."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._bots: dict[int, Any] = {}
        self.rng = random.Random()
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._drive())

    def wake(self) -> None:
        self._wake.set()

    def seat(self) -> int | None:
        """The seat a bot is to play now (a bot's, or an away person's), if any."""
        room = self.room
        game = room.game
        if (not isinstance(game, GameState) or room.status != "playing"
                or room.clocks.pause is not None):
            return None
        seat = game.turn
        if seat is None:
            return None
        return seat if room.seats[seat].kind != HUMAN or seat in room.away else None

    async def _bot(self, seat: int) -> Any:
        """The seat's bot, made on the engine thread (finding bots reads package metadata,
        which is too slow for the event loop)."""
        kind = self.room.seats[seat].kind
        kind = STAND_IN if kind == HUMAN else kind
        bot = self._bots.get(seat)
        if bot is None or bot.name != kind:
            bot = self._bots[seat] = await engine.run(make_bot, kind)
        return bot

    def _delay(self) -> float:
        """Seconds the bots wait after a person's action (in a room with one person, the
        time to take back a discard)."""
        room = self.room
        if not room.log or room.seats[room.log[-1].seat].kind != HUMAN:
            return 0.0
        chosen = room.options.bot_delay_ms
        if chosen is None:
            chosen = SOLO_BOT_DELAY_MS if room.solo_seat is not None else 0
        return chosen / 1000

    async def _drive(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._play()
            except Exception:
                log.exception("room %s: the bots' driver failed; trying again", self.room.id)
                await asyncio.sleep(1.0)
                self._wake.set()

    async def _play(self) -> None:
        """Bot moves, one version at a time, until a person is to act."""
        room = self.room
        refusals = Refusals(room.id)
        while True:
            delay = self._delay() if self.seat() is not None else 0.0
            if delay:
                await asyncio.sleep(delay)
            async with room.lock:
                seat, game = self.seat(), room.game
                if seat is None or not isinstance(game, GameState):
                    return
                try:
                    await room.commit(functools.partial(
                        self._move, game, seat, await self._bot(seat), room.version))
                    refusals.committed()
                except Exception as problem:  # the database refused: try again shortly
                    refusals.refused(problem)
            if refusals.exhausted():
                return
            await refusals.pause()

    async def _move(self, game: GameState, seat: int, bot: Any, version: int,
                    audience: versions.Audience) -> versions.Step:
        """One trip to the engine thread: the bot's choice, applied, every state built."""
        return await engine.run(versions.bot_step, game, seat, bot, self.rng, version,
                                audience)

    def close(self) -> None:
        self._task.cancel()
