"""A room's clocks: the pause between rounds and the turn timer.

The pause lasts a fixed time, or (in a room of one person) until every person says
``next``. The turn timer starts when a person's turn begins; when it runs out, a bot plays
that seat (it is *away*) until the person acts again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from threethirteen.game import GameState
from threethirteen.server.seats import HUMAN, now_ms
from threethirteen.view import Phase

if TYPE_CHECKING:
    from threethirteen.server.room import Room

ONLINE_PAUSE = 15  # seconds between rounds when several people play

log = logging.getLogger("threethirteen.server")


@dataclass
class Pause:
    until: float | None  # unix seconds, or None: until every person sent ``next``
    waiting: set[int] = field(default_factory=set)


class Clocks:
    """The pause and the turn timer of ``room`` (which holds its lock around each call,
    except the callbacks, which take it)."""

    timer_name = "turn timer"

    def __init__(self, room: Room) -> None:
        self.room = room
        self.pause: Pause | None = None
        self.timer_key: tuple[int, int] | None = None  # (seat, round) of the running timer
        self.deadline = 0.0
        self.task: asyncio.Task[None] | None = None  # a timeout being handled
        self._timer: asyncio.TimerHandle | None = None

    # -- the pause between rounds ---------------------------------------------------

    def pause_seconds(self) -> float | None:
        """Seconds of the pause between rounds: 0 none, None until everyone says next."""
        chosen = self.room.options.round_pause_seconds
        if chosen is not None:
            return float(chosen)
        return None if self.room.solo_seat is not None else float(ONLINE_PAUSE)

    def begin_pause(self) -> None:
        """A round ended (its state is sent): pause, and tell every socket."""
        if self.hold_pause():
            self.announce_pause()

    def hold_pause(self) -> bool:
        """Start the pause, unannounced; False if there is none (0 s, or nobody to wait)."""
        room = self.room
        seconds = self.pause_seconds()
        waiting = {seat for seat in room.clients if room.seats[seat].kind == HUMAN}
        if seconds == 0 or not waiting:
            return False
        until = None if seconds is None else time.time() + seconds
        self.pause = Pause(until, waiting)
        if seconds is not None:
            pause = self.pause
            asyncio.get_running_loop().call_later(seconds, self._pause_over, pause)
        return True

    def announce_pause(self) -> None:
        self.room.send_all({"type": "pause", "until": self.pause_ms()})

    def pause_ms(self) -> int | None:
        return None if self.pause is None or self.pause.until is None else now_ms(
            self.pause.until)

    def _pause_over(self, pause: Pause) -> None:
        if self.pause is pause:
            self.end_pause()

    def end_pause(self) -> None:
        if self.pause is not None:
            self.pause = None
            self.arm()
            self.room.wake()

    def left(self, seat: int) -> None:
        """``seat``'s socket left: the pause waits for it no more."""
        if self.pause is not None:
            self.pause.waiting.discard(seat)
            self._end_pause_if_done()

    def person_came(self, seat: int) -> None:
        """``seat``'s socket said hello (the turn timer goes on as it was)."""

    async def next(self, seat: int) -> None:
        """``seat`` said ``next`` (takes the lock)."""
        async with self.room.lock:
            self.come_back(seat)
            self.left(seat)

    def _end_pause_if_done(self) -> None:
        if self.pause is not None and not self.pause.waiting:
            self.end_pause()

    # -- around each version's states ------------------------------------------------

    def prepare(self, round_ended: bool) -> None:
        """Before a new version's states go out (``round_ended``: a pause may follow).
        Nothing for the turn timer, which is armed after them."""

    def state_extra(self) -> str:
        """Fields a ``state`` carries besides the view (none in a room played in turns)."""
        return ""

    # -- the turn timer -------------------------------------------------------------

    def arm(self) -> None:
        """Start the turn timer when a person's turn begins (restart per turn)."""
        room = self.room
        game, seconds = room.game, room.options.turn_seconds
        seat = game.turn if isinstance(game, GameState) else None
        if (game is None or seconds is None or seat is None or room.status != "playing"
                or self.pause is not None or room.seats[seat].kind != HUMAN
                or seat in room.away):
            self.stop()
            return
        key = (seat, game.round_number)
        if self.timer_key == key and game.phase is Phase.DISCARD:
            return
        self.stop()
        self.timer_key = key
        self.deadline = time.time() + seconds
        self._timer = asyncio.get_running_loop().call_later(seconds, self.time_out, key)
        room.send_all({"type": "timer", "seat": seat, "deadline": now_ms(self.deadline)})

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.timer_key is not None:
            self.room.send_all({"type": "timer", "seat": self.timer_key[0], "deadline": None})
            self.timer_key = None

    def time_out(self, key: tuple[int, int]) -> None:
        """The timer ran out: a task (kept, its failure logged) hands the seat to a bot."""
        self.task = asyncio.ensure_future(self.timed_out(key))
        self.task.add_done_callback(self._timer_done)

    def _timer_done(self, task: asyncio.Task[None]) -> None:
        if self.task is task:
            self.task = None
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s: the %s failed", self.room.id, self.timer_name,
                      exc_info=task.exception())

    async def timed_out(self, key: tuple[int, int]) -> None:
        room = self.room
        async with room.lock:
            if self.timer_key != key or room.status != "playing":
                return
            self.stop()
            room.away.add(key[0])
            room.send_all({"type": "room", "room": room.summary()})
            room.wake()

    def come_back(self, seat: int) -> None:
        """A person whose timer ran out acts again: their seat is theirs again."""
        room = self.room
        if seat in room.away:
            room.away.discard(seat)
            room.send_all({"type": "room", "room": room.summary()})
            self.arm()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.task is not None:
            self.task.cancel()
