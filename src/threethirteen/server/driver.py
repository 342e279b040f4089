"""A room's bots, in turns (``speedbots`` plays a speed room's): a task that plays every
bot's turn (and an away person's) when it comes, one version at a time, each move one
trip to the engine thread (the bot's choice, applied, with every socket's state).

Before each move the driver waits, counted from the room's last change (its last state
sent, a pause's end): the room's pace (``PACES``) gives a person time to see every draw
and every discard, and, in a room of one person, time to take back their discard. A
room's explicit ``bot_delay_ms`` wins over its pace: that long after a person's action,
none after a bot's. The room's one person may change the pace in play (``set_pace``);
a wait under way takes the new length at once.

A fault is logged and the driver goes on (a room whose driver stopped would wait forever);
a move the database refuses is tried again a few times, the room's lock released between
tries, then the driver waits for the next change.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from threethirteen.bots import make_bot
from threethirteen.game import GameState
from threethirteen.server import engine, versions
from threethirteen.server.seats import HUMAN, STAND_IN, Refused

if TYPE_CHECKING:
    from threethirteen.server.room import Room


@dataclass(frozen=True)
class Pace:
    """Seconds a bot waits before each of its actions (a draw, a discard: each its own
    version), and, in a room of one person, after that person's discard (the time to
    take it back, in place of ``bot``)."""

    bot: float
    undo: float


PACES = {
    "slow": Pace(bot=1.6, undo=3.0),
    "normal": Pace(bot=0.9, undo=1.8),
    "fast": Pace(bot=0.45, undo=1.0),
    "instant": Pace(bot=0.0, undo=0.8),
}
DEFAULT_PACE = "instant"  # a room whose options name no pace
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
        self._changed = asyncio.Event()  # a wait under way looks at its length again
        self._since = time.monotonic()  # the room's last change: the waits count from it
        self._task = asyncio.create_task(self._drive())

    def wake(self) -> None:
        """The room changed (a state was sent, a pause ended): a bot to move waits from now."""
        self._since = time.monotonic()
        self._changed.set()
        self._wake.set()

    def repace(self) -> None:
        """The room's pace changed: a wait under way takes its new length."""
        self._changed.set()

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
        """Seconds the bot to move waits after the room's last change."""
        room = self.room
        last = room.log[-1] if room.log else None
        chosen = room.options.bot_delay_ms
        if chosen is not None:  # that long after a person's action, none after a bot's
            return chosen / 1000 if last and room.seats[last.seat].kind == HUMAN else 0.0
        pace = PACES[room.options.pace or DEFAULT_PACE]
        # after the one person's discard, while they may take it back (their state says so)
        return pace.undo if room.undo_open else pace.bot

    def _left(self) -> float:
        """Seconds still to wait before the next bot's move (0: none to make, or now)."""
        if self.seat() is None:
            return 0.0
        return self._since + self._delay() - time.monotonic()

    async def _wait(self) -> None:
        """Until the next move is due; a change meanwhile (an undo, another pace) counts."""
        while (left := self._left()) > 0:
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

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
            await self._wait()
            async with room.lock:
                seat, game = self.seat(), room.game
                if seat is None or not isinstance(game, GameState):
                    return
                if self._left() > 0:  # the room changed while the lock was awaited
                    continue
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


async def set_pace(room: Room, seat: int, pace: str) -> None:
    """``seat`` sets the pace of ``room``'s bots: the room's one person only. Kept with
    the room's options in the database (a restart keeps it); the next wait, and one
    under way, take it."""
    if room.solo_seat != seat:
        raise Refused("not-allowed",
                      "only the one person at a table against computers sets its pace")
    if pace not in PACES:
        raise Refused("bad-message", f"a pace is one of {', '.join(PACES)}")
    async with room.lock:
        options = room.options.model_validate({**room.options.model_dump(), "pace": pace})
        await room.store.set_options(room.id, options.model_dump())
        room.set_options(options)
    if isinstance(room.bots, BotDriver):
        room.bots.repace()
