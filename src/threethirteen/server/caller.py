"""A speed room's clocks: the pause between rounds (as in any room) and the caller.

When a step of a call begins (the draws, then the discards), the caller gives the seats
``rules.speed_seconds``; every ``state`` carries that ``call_deadline``. When every seat
has acted, the next step begins at once; when the time runs out, the caller plays for every
seat still waiting (``SpeedGame.tick``: a stock draw, or the card just drawn thrown back),
logged as one entry. No step runs during the pause between rounds (``call_deadline`` is
null): when the pause ends, every socket gets the state again with the new deadline. Nor
while no person is connected: the caller does not call to an empty table (the bots still
answer), and starts the step's time afresh when a person comes back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from threethirteen.server import engine, speedtable
from threethirteen.server.seats import now_ms
from threethirteen.server.store import LogEntry
from threethirteen.server.timers import Clocks

if TYPE_CHECKING:
    from threethirteen.server.room import Room

RETRY_SECONDS = 0.5  # a timeout the database refused is tried again this much later

log = logging.getLogger("threethirteen.server")


class Caller(Clocks):
    """The pause and the caller of a speed ``room`` (which holds its lock around each
    call, except the callbacks, which take it). There is no turn timer."""

    timer_name = "caller"

    def __init__(self, room: Room) -> None:
        super().__init__(room)
        self.step: int | None = None  # the version at which the timed step began
        self.call_deadline: float | None = None  # unix seconds
        self._call: asyncio.TimerHandle | None = None
        self._held = False  # a pause held by ``prepare``, to announce after the states

    def prepare(self, round_ended: bool) -> None:
        """Before a version's states go out: the pause, if the round ended (announced
        after the states), else the caller's time for the step this version began."""
        self._held = round_ended and self.hold_pause()
        self.arm()

    def begin_pause(self) -> None:
        """Announce the pause ``prepare`` held (the states are out)."""
        if self._held:
            self._held = False
            self.announce_pause()

    def state_extra(self) -> str:
        deadline = "null" if self.call_deadline is None else str(now_ms(self.call_deadline))
        return f',"call_deadline":{deadline}'

    def arm(self) -> None:
        """Time the running step (once per step: a step already timed keeps its time)."""
        room = self.room
        game = room.game
        if (game is None or game.is_over or room.status != "playing"
                or self.pause is not None or not room.clients):
            self.stop()
            return
        if self.step == room.step_start:
            return
        self.stop()
        seconds = room.rules.speed_seconds
        self.step = room.step_start
        self.call_deadline = time.time() + seconds
        self._call = asyncio.get_running_loop().call_later(seconds, self._due, self.step)

    def person_came(self, seat: int) -> None:
        """A person's socket said hello: the caller calls again if it waited for one."""
        self.arm()

    def left(self, seat: int) -> None:
        """``seat``'s socket left: if nobody is left, the caller waits."""
        super().left(seat)
        if not self.room.clients:
            self.stop()

    def stop(self) -> None:
        if self._call is not None:
            self._call.cancel()
            self._call = None
        self.step = self.call_deadline = None

    def end_pause(self) -> None:
        """The pause is over: the step begins; if no version tells the sockets (a person
        acting ends the pause too), they get the state again, with its deadline."""
        if self.pause is None:
            return
        super().end_pause()
        if self.step is not None:
            task = asyncio.ensure_future(self._tell(self.room.version))
            task.add_done_callback(self._timer_done)

    async def _tell(self, version: int) -> None:
        room = self.room
        async with room.lock:
            if room.version == version and self.step is not None:
                await room.send_states(room.sockets())

    def _due(self, step: int) -> None:
        self._call = None
        self.task = asyncio.ensure_future(self._call_out(step))
        self.task.add_done_callback(self._timer_done)

    async def _call_out(self, step: int) -> None:
        """The time ran out: the caller plays for every seat still waiting (one entry)."""
        room = self.room
        async with room.lock:
            game = room.game
            if self.step != step or game is None or room.status != "playing":
                return
            entry = LogEntry(room.version + 1, speedtable.CALLER, speedtable.TICK,
                             speedtable.TICK, None)
            try:
                await room.commit(lambda audience: engine.run(room.mode.step, game, entry,
                                                              audience, None))
            except Exception as problem:  # the database refused: the caller tries again
                log.warning("room %s: the caller's timeout was not committed (%s)", room.id,
                            type(problem).__name__)
                if self.step == step and self._call is None:
                    self._call = asyncio.get_running_loop().call_later(RETRY_SECONDS,
                                                                       self._due, step)

    def close(self) -> None:
        super().close()
        if self._call is not None:
            self._call.cancel()
