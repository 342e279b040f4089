"""A speed room's bots: at every step of a call, each bot seat still to act (a kicked
person's seat too) answers from its own view (``bots.speedplay``) after a short delay,
each answer one version: one trip to the engine thread (the answer, applied, with every
socket's state) and one commit. People never wait for a bot to think before they may
act; a bot that gives no answer is left to the caller.

The delay is the room's ``bot_delay_ms`` when set, else a person's time to look and
click (``HUMAN_DELAY``); either way a bot answers within ``CALLER_SHARE`` of the
caller's time. A fault is logged and the driver goes on; a move the database refuses is
tried again a few times, then the driver waits for the next change (the caller plays
for that seat meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from threethirteen.bots.speedplay import speed_player
from threethirteen.server import engine, speedtable, versions
from threethirteen.server.driver import Refusals
from threethirteen.server.seats import HUMAN
from threethirteen.speed import SpeedGame

if TYPE_CHECKING:
    from threethirteen.server.room import Room

HUMAN_DELAY = (0.8, 2.5)  # seconds a bot takes to answer a step, unless bot_delay_ms is set
CALLER_SHARE = 0.6  # a bot answers within this share of the caller's time

log = logging.getLogger("threethirteen.server")


class SpeedDriver:
    """Plays ``room``'s bots at every step, woken by ``wake`` (every new version)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._bots: dict[int, tuple[str, Any]] = {}  # seat: its kind and its speed player
        self.rng = random.Random()
        self._wake = asyncio.Event()
        self._step: int | None = None  # the step (the version it began at) planned
        self._due: dict[int, float] = {}  # bot seat: when it answers (monotonic seconds)
        self._silent: set[int] = set()  # bot seats that gave no answer to this step
        self._task = asyncio.create_task(self._drive())

    def wake(self) -> None:
        self._wake.set()

    def seat(self) -> int | None:
        """A bot seat still to answer the running step, if any."""
        seats = self._to_answer()
        return seats[0] if seats else None

    def _to_answer(self) -> list[int]:
        room = self.room
        game = room.game
        if (not isinstance(game, SpeedGame) or room.status != "playing"
                or room.clocks.pause is not None):
            return []
        silent = self._silent if self._step == room.step_start else set()
        return [seat for seat in game.waiting
                if room.seats[seat].kind != HUMAN and seat not in silent]

    def _delay(self) -> float:
        room = self.room
        chosen = room.options.bot_delay_ms
        delay = self.rng.uniform(*HUMAN_DELAY) if chosen is None else chosen / 1000
        return min(delay, CALLER_SHARE * room.rules.speed_seconds)

    async def _bot(self, seat: int) -> Any:
        """The seat's speed player, made on the engine thread (finding bots reads package
        metadata, which is too slow for the event loop)."""
        kind = self.room.seats[seat].kind
        made = self._bots.get(seat)
        if made is None or made[0] != kind:
            made = self._bots[seat] = (kind, await engine.run(speed_player, kind))
        return made[1]

    async def _drive(self) -> None:
        while True:
            self._wake.clear()
            try:
                wait = await self._play()
            except Exception:
                log.exception("room %s: the bots' driver failed; trying again", self.room.id)
                wait = 1.0
            if wait is None:
                await self._wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)

    async def _play(self) -> float | None:
        """Answer for every bot whose time has come; the seconds until the next one is
        due (None: no bot is to answer this step)."""
        room = self.room
        refusals = Refusals(room.id)
        while True:
            async with room.lock:
                seats = self._to_answer()
                game = room.game
                if not seats or not isinstance(game, SpeedGame):
                    return None
                now = time.monotonic()
                if self._step != room.step_start:
                    self._step, self._due, self._silent = room.step_start, {}, set()
                for seat in seats:
                    if seat not in self._due:
                        self._due[seat] = now + self._delay()
                seat = min(seats, key=self._due.__getitem__)
                if self._due[seat] > now:
                    return self._due[seat] - now
                try:
                    await room.commit(functools.partial(
                        self._move, game, seat, await self._bot(seat), room.version))
                    refusals.committed()
                except speedtable.NoAnswer:
                    self._silent.add(seat)
                except Exception as problem:  # the database refused: try again shortly
                    refusals.refused(problem)
            if refusals.exhausted():
                return None
            await refusals.pause()

    async def _move(self, game: SpeedGame, seat: int, bot: Any, version: int,
                    audience: versions.Audience) -> versions.Step:
        """One trip to the engine thread: the bot's answer, applied, every state built."""
        return await engine.run(speedtable.bot_step, game, seat, bot, self.rng, version,
                                audience)

    def close(self) -> None:
        self._task.cancel()
