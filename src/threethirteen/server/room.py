"""One room: its seats, its game, its sockets, and the order in which things happen.

Every change to a room's game happens under the room's lock: the engine applies it (on the
engine thread), the database commits it, and only then does every socket get its ``state``.
Bots (and people whose turn timer ran out) play from a driver task, one move per version.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from threethirteen.actions import parse_action
from threethirteen.bots import make_bot
from threethirteen.errors import IllegalAction, NotationError
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.seats import seat_names
from threethirteen.server import engine, table
from threethirteen.server.clients import Client
from threethirteen.server.limits import CHAT_SPACING, max_spectators
from threethirteen.server.protocol import (
    ActionMessage,
    Chat,
    ClientMessage,
    HintRequest,
    Kick,
    Mute,
    Next,
    Options,
    Rematch,
    Start,
    UndoRequest,
)
from threethirteen.server.store import LogEntry, SeatRow, Store
from threethirteen.server.tokens import hash_token, new_token
from threethirteen.view import Phase

HUMAN = "human"
STAND_IN = "medium"  # the bot for a kicked seat, an open seat at an early start, a late person
ONLINE_PAUSE = 15  # seconds between rounds when several people play
SOLO_BOT_DELAY_MS = 800  # a lone person's time to undo a discard before the bots move on
COMMIT_TRIES = 5  # a bot's move the database refuses this often: the driver waits for a change
RETRY_SECONDS = 0.5
_NAMED_SEAT = re.compile(r"\s*(\d+)\s*:")

log = logging.getLogger("threethirteen.server")

CLOSE_BAD_TOKEN, CLOSE_REPLACED, CLOSE_KICKED = 4001, 4002, 4003
CLOSE_NO_ROOM, CLOSE_NO_SPECTATORS, CLOSE_TOO_MANY_SPECTATORS = 4004, 4005, 4009


def error(reason: str, message: str, ident: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "error", "reason": reason, "message": message}
    if ident is not None:
        found["id"] = ident
    return found


def now_ms(seconds: float | None = None) -> int:
    return int((time.time() if seconds is None else seconds) * 1000)


class Refused(Exception):
    """A request the room turns down: ``reason`` for machines, the text for people."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class Evicted(Exception):
    """The room left memory meanwhile: ask the lobby for it again."""


@dataclass
class Seat:
    kind: str  # HUMAN, or a bot's name
    name: str | None  # a person's name (None while open), or the bot seat's position name
    token_hash: str | None = None
    person: bool = False  # a person sits (or sat) here and it was not given to a bot

    def row(self, seat: int) -> SeatRow:
        return SeatRow(seat, self.kind, self.name, self.token_hash, self.person)


@dataclass
class Pause:
    until: float | None  # unix seconds, or None: until every person sent ``next``
    waiting: set[int] = field(default_factory=set)


class Room:
    """A room of 2-8 seats. ``rematch`` is the lobby's: it seats a person of this finished
    room in its rematch room (made at the first click) and answers that room's id."""

    def __init__(self, store: Store, room_id: str, rules: Rules, seed: int, options: Options,
                 seats: list[Seat], rematch: Callable[[Room, int, str], Awaitable[str]],
                 forget: Callable[[Room], None]) -> None:
        self.store = store
        self.id = room_id
        self.rules = rules
        self.seed = seed
        self.options = options
        self.seats = seats
        self.status = "waiting"
        self.host = 0
        self.game: GameState | None = None
        self.log: list[LogEntry] = []
        self.ids: dict[str, int] = {}
        self.rematch: str | None = None
        self.evicted = False  # left memory: a later request rebuilds it from the database
        self.used = time.monotonic()  # when a socket or a request last touched the room
        self.lock = asyncio.Lock()
        self.clients: dict[int, Client] = {}
        self.spectators: set[Client] = set()
        self.muted: dict[int, set[int]] = {}
        self.away: set[int] = set()  # people's seats played by a bot after their timer ran out
        self.pause: Pause | None = None
        self._seat_in_rematch = rematch
        self._forget = forget
        self._bots: dict[int, Any] = {}
        self._rng = random.Random()
        self._chat_at: dict[int, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._timer_key: tuple[int, int] | None = None
        self._timer_deadline = 0.0
        self._timer_task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._driver = asyncio.create_task(self._drive())

    # -- what the room looks like ------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def solo_seat(self) -> int | None:
        """The person's seat in a room with exactly one person (where undo is allowed)."""
        people = [n for n, seat in enumerate(self.seats) if seat.kind == HUMAN]
        return people[0] if len(people) == 1 else None

    def connected(self) -> list[bool]:
        return [seat.kind != HUMAN or n in self.clients for n, seat in enumerate(self.seats)]

    def summary(self, for_seat: int | None = None) -> dict[str, Any]:
        """The body of ``GET /api/rooms/<id>``; ``muted`` only for ``for_seat``'s eyes."""
        connected = self.connected()
        seats = []
        for n, seat in enumerate(self.seats):
            entry: dict[str, Any] = {"kind": STAND_IN if n in self.away else seat.kind,
                                     "name": seat.name, "connected": connected[n]}
            if n in self.away:
                entry["away"] = True
            if for_seat is not None:
                entry["muted"] = n in self.muted.get(for_seat, set())
            seats.append(entry)
        return {"room": self.id, "status": self.status, "host": self.host, "seats": seats,
                "options": self.options.model_dump(), "rules": self.rules.to_json(),
                "rematch": self.rematch}

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for n, seat in enumerate(self.seats):
            if seat.token_hash is not None and seat.token_hash == digest:
                return n
        return None

    def can_sleep(self) -> bool:
        """True if the room may leave memory now: no socket, nobody inside its lock, no
        pause, and no bot (nor stand-in) to move: it waits for a person."""
        return (not self.clients and not self.spectators and not self.lock.locked()
                and self.pause is None and self._bot_seat() is None)

    def touch(self) -> None:
        self.used = time.monotonic()

    # -- joining, starting -------------------------------------------------------------

    async def join(self, name: str, token: str) -> int:
        """Give ``name`` the lowest open person's seat; ``Refused('room-full')`` if none."""
        async with self.lock:
            self._check_here()
            if self.status != "waiting":
                raise Refused("room-full", "the game has started")
            for n, seat in enumerate(self.seats):
                if seat.kind == HUMAN and seat.token_hash is None and seat.name is None:
                    taken = Seat(HUMAN, name, hash_token(token), True)
                    await self.store.set_seat(self.id, taken.row(n))
                    self.seats[n] = taken
                    break
            else:
                raise Refused("room-full", "every seat is taken")
            await self._after_seating()
            return n

    async def take_rematch_seat(self, seat: int, token: str) -> None:
        """Give seat ``seat`` (kept for the person who had it in the old game) ``token``:
        the person clicked rematch. The first to accept is the host until seat 0 accepts."""
        async with self.lock:
            self._check_here()
            current = self.seats[seat]
            if current.kind != HUMAN:
                raise Refused("room-full", "the rematch started without you")
            taken = Seat(HUMAN, current.name, hash_token(token), True)
            first = all(s.token_hash is None for s in self.seats)
            host = seat if first or seat == 0 else self.host
            await self.store.set_seat(self.id, taken.row(seat), host=host)
            self.seats[seat], self.host = taken, host
            self.touch()
            if self.status == "waiting":
                await self._after_seating()

    def _check_here(self) -> None:
        if self.evicted:
            raise Evicted(self.id)

    def all_seated(self) -> bool:
        """Every person's seat is taken (the room starts, or should have started)."""
        return all(seat.kind != HUMAN or seat.token_hash is not None for seat in self.seats)

    async def _after_seating(self) -> None:
        """Start when every person's seat is taken; tell the waiting sockets otherwise."""
        if self.all_seated():
            await self._start()
        else:
            self._send_all({"type": "room", "room": self.summary()})

    async def _start(self) -> None:
        for n, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.token_hash is None:  # a rematch's keeps its name
                self.seats[n] = Seat(STAND_IN, seat.name or self.bot_name(n))
        names = [seat.name or self.bot_name(n) for n, seat in enumerate(self.seats)]
        game = await engine.run(table.new_game, self.rules, self.seed, names)
        await self.store.start(self.id, names, [s.row(n) for n, s in enumerate(self.seats)])
        self.game, self.status = game, "playing"
        await self._changed(rounds_before=0)

    def bot_name(self, seat: int) -> str:
        return seat_names(len(self.seats) - 1)[seat]

    # -- sockets -----------------------------------------------------------------------

    async def hello(self, client: Client, token: str | None) -> None:
        async with self.lock:
            self._check_here()
            self.touch()
            client.greeted = True
            if token is None:
                if not self.options.spectators:
                    client.send(error("no-spectators", "this room does not allow spectators"))
                    client.close(CLOSE_NO_SPECTATORS)
                    return
                if len(self.spectators) >= max_spectators():
                    client.send(error("too-many-spectators",
                                      f"at most {max_spectators():g} spectators a room"))
                    client.close(CLOSE_TOO_MANY_SPECTATORS)
                    return
                self.spectators.add(client)
            else:
                seat = self.seat_of(token)
                if seat is None:
                    client.send(error("bad-token", "that token holds no seat in this room"))
                    client.close(CLOSE_BAD_TOKEN)
                    return
                older = self.clients.get(seat)
                if older is not None:
                    older.close(CLOSE_REPLACED)
                self.clients[seat] = client
                client.seat = seat
                self._send_all({"type": "presence", "connected": self.connected()})
                if self.game is None:  # a waiting room's body changed: who is connected
                    self._send_all({"type": "room", "room": self.summary()})
            await self._greet(client)

    async def _greet(self, client: Client) -> None:
        if self.game is None:
            client.send({"type": "room", "room": self.summary(client.seat)})
            return
        await self._send_states([client])
        if self.pause is not None:
            client.send({"type": "pause", "until": self._pause_ms()})
        if self._timer_key is not None:
            client.send({"type": "timer", "seat": self._timer_key[0],
                         "deadline": now_ms(self._timer_deadline)})

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.touch()
            if client in self.spectators:
                self.spectators.discard(client)
                self._chat_at.pop(_chat_key(client), None)
            if client.seat is not None and self.clients.get(client.seat) is client:
                del self.clients[client.seat]
                self._send_all({"type": "presence", "connected": self.connected()})
                if self.game is None:
                    self._send_all({"type": "room", "room": self.summary()})
                if self.pause is not None:
                    self.pause.waiting.discard(client.seat)
                    self._end_pause_if_done()
            if self.status == "over" and not self.clients and not self.spectators:
                self._forget(self)

    def _sockets(self) -> list[Client]:
        return [*self.clients.values(), *self.spectators]

    def _send_all(self, message: dict[str, Any]) -> None:
        for client in self._sockets():
            client.send(message)

    async def _send_states(self, clients: list[Client]) -> None:
        """Each of ``clients`` gets the current ``state`` of its seat."""
        if self.game is None or not clients:
            return
        seats = {client.seat for client in clients}
        found = await engine.run(_build_states, self.game, seats, self.version,
                                 self._extras(seats), self._solo_in(seats))
        for client in clients:
            client.send(found[client.seat])

    # -- messages ----------------------------------------------------------------------

    async def handle(self, client: Client, message: ClientMessage) -> None:
        """One message from a greeted socket."""
        ident = getattr(message, "id", None)
        try:
            if isinstance(message, Chat):
                await self._chat(client, message)
            elif client.seat is None:
                raise Refused("spectator", "spectators watch; they do not play")
            elif isinstance(message, ActionMessage):
                await self._act(client, client.seat, message)
            elif isinstance(message, Start):
                await self._start_early(client.seat)
            elif isinstance(message, HintRequest):
                await self._hint(client, client.seat, message)
            elif isinstance(message, UndoRequest):
                await self._undo(client, client.seat, message)
            elif isinstance(message, Next):
                await self._next(client.seat)
            elif isinstance(message, Rematch):
                await self._rematch(client, client.seat)
            elif isinstance(message, Kick):
                await self._kick(client.seat, message.seat)
            elif isinstance(message, Mute):
                self._mute(client, client.seat, message)
            else:
                raise Refused("bad-message", "a second hello on one socket")
        except Refused as refusal:
            client.send(error(refusal.reason, str(refusal), ident))

    async def _act(self, client: Client, seat: int, message: ActionMessage) -> None:
        async with self.lock:
            if message.id in self.ids:
                await self._send_states([client])
                return
            if self.game is None or self.status != "playing":
                raise Refused("not-playing", "the game has not started"
                              if self.game is None else "the game is over")
            self._come_back(seat)
            if message.version != self.version:
                client.send(error("stale-version", f"the current version is {self.version}",
                                  message.id))
                await self._send_states([client])
                return
            named = _NAMED_SEAT.match(message.action)
            if named is not None and int(named.group(1)) != seat:
                raise Refused("not-your-turn", "you may only act for your own seat")
            try:
                action = parse_action(message.action, seat)
                await engine.run(table.check, self.game, action)
            except NotationError as refusal:
                raise Refused("bad-notation", str(refusal)) from None
            except IllegalAction as refusal:
                raise Refused(refusal.reason, str(refusal)) from None
            self._end_pause()
            await self._commit(LogEntry(self.version + 1, seat, "action", str(action),
                                        message.id))

    async def _commit(self, entry: LogEntry) -> None:
        """Apply ``entry``, commit it, then send every socket its state (lock held).

        One trip to the engine thread applies the entry and builds every socket's state;
        the states are sent only once the database has committed the entry."""
        assert self.game is not None
        people = [(n, seat.name or "") for n, seat in enumerate(self.seats)
                  if seat.person and seat.kind == HUMAN]
        sockets = self._sockets()
        seats = {client.seat for client in sockets}
        extras = self._extras(seats)
        game, before, after, finish, found = await engine.run(
            _step, self.game, entry, people, seats, entry.seq, extras, self._solo_in(seats))
        try:
            await self.store.append(self.id, entry, finish)
        except Exception:
            self.game = await engine.run(table.replay, self.rules, self.seed,
                                         self.game.names, list(self.log))
            raise
        self.game = game
        self.log.append(entry)
        if entry.client_id is not None:
            self.ids[entry.client_id] = entry.seq
        if finish is not None:
            self.status = "over"
            for message in found.values():
                message["room"]["status"] = "over"
        for client in sockets:
            client.send(found[client.seat])
        self._after_change(before, after)

    def _extras(self, seats: set[int | None]) -> dict[int | None, dict[str, Any]]:
        return {seat: {"room": self.summary(seat), "can_undo": False} for seat in seats}

    def _solo_in(self, seats: set[int | None]) -> int | None:
        solo = self.solo_seat
        return solo if solo in seats else None

    async def _changed(self, rounds_before: int) -> None:
        """After a new version: states to everyone, a pause between rounds, the timer."""
        assert self.game is not None
        await self._send_states(self._sockets())
        self._after_change(rounds_before, await engine.run(table.round_count, self.game))

    def _after_change(self, rounds_before: int, rounds: int) -> None:
        if rounds > rounds_before and self.status == "playing":
            self._begin_pause()
        self._arm_timer()
        self._wake.set()

    # -- bots --------------------------------------------------------------------------

    def _bot_seat(self) -> int | None:
        game = self.game
        if game is None or self.status != "playing" or self.pause is not None:
            return None
        seat = game.turn
        if seat is None:
            return None
        return seat if self.seats[seat].kind != HUMAN or seat in self.away else None

    async def _bot(self, seat: int) -> Any:
        """The seat's bot, made on the engine thread (finding bots reads package metadata,
        which is too slow for the event loop)."""
        kind = self.seats[seat].kind
        kind = STAND_IN if kind == HUMAN else kind
        bot = self._bots.get(seat)
        if bot is None or bot.name != kind:
            bot = self._bots[seat] = await engine.run(make_bot, kind)
        return bot

    def _bot_delay(self) -> float:
        """Seconds the bots wait after a person's action (in a room with one person, the
        time to take back a discard)."""
        if not self.log or self.seats[self.log[-1].seat].kind != HUMAN:
            return 0.0
        chosen = self.options.bot_delay_ms
        if chosen is None:
            chosen = SOLO_BOT_DELAY_MS if self.solo_seat is not None else 0
        return chosen / 1000

    async def _drive(self) -> None:
        """Play the bots' turns whenever something changed; a fault is logged and the
        driver goes on (a room whose driver stopped would wait forever)."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._play_bots()
            except Exception:
                log.exception("room %s: the bots' driver failed; trying again", self.id)
                await asyncio.sleep(1.0)
                self._wake.set()

    async def _play_bots(self) -> None:
        """Bot moves, one version at a time, until a person is to act. A move the database
        refuses is tried again a few times (the lock released while waiting), then the
        driver gives up until the next change wakes it."""
        failures = 0
        while True:
            delay = self._bot_delay() if self._bot_seat() is not None else 0.0
            if delay:
                await asyncio.sleep(delay)
            async with self.lock:
                seat = self._bot_seat()
                if seat is None or self.game is None:
                    return
                bot = await self._bot(seat)
                action = await engine.run(table.bot_move, self.game, seat, bot, self._rng)
                try:
                    await self._commit(LogEntry(self.version + 1, seat, "action",
                                                str(action), None))
                    failures = 0
                except Exception as problem:  # the database refused: try again shortly
                    failures += 1
                    log.warning("room %s: a bot's move was not committed (%s), try %d of %d",
                                self.id, type(problem).__name__, failures, COMMIT_TRIES)
            if failures >= COMMIT_TRIES:
                log.error("room %s: the database refused a bot's move %d times; the bots "
                          "wait for the next change", self.id, failures)
                return
            await asyncio.sleep(RETRY_SECONDS if failures else 0)

    def close(self) -> None:
        """Stop the room's tasks (the server is shutting down, or the room is forgotten)."""
        self._driver.cancel()
        if self._timer is not None:
            self._timer.cancel()
        if self._timer_task is not None:
            self._timer_task.cancel()

    # -- rounds, pauses, timers --------------------------------------------------------

    def _pause_seconds(self) -> float | None:
        """Seconds of the pause between rounds: 0 none, None until everyone says next."""
        chosen = self.options.round_pause_seconds
        if chosen is not None:
            return float(chosen)
        return None if self.solo_seat is not None else float(ONLINE_PAUSE)

    def _begin_pause(self) -> None:
        seconds = self._pause_seconds()
        waiting = {seat for seat in self.clients if self.seats[seat].kind == HUMAN}
        if seconds == 0 or not waiting:
            return
        until = None if seconds is None else time.time() + seconds
        self.pause = Pause(until, waiting)
        self._send_all({"type": "pause", "until": self._pause_ms()})
        if seconds is not None:
            pause = self.pause
            asyncio.get_running_loop().call_later(seconds, self._pause_over, pause)

    def _pause_ms(self) -> int | None:
        return None if self.pause is None or self.pause.until is None else now_ms(
            self.pause.until)

    def _pause_over(self, pause: Pause) -> None:
        if self.pause is pause:
            self._end_pause()

    def _end_pause(self) -> None:
        if self.pause is not None:
            self.pause = None
            self._arm_timer()
            self._wake.set()

    def _end_pause_if_done(self) -> None:
        if self.pause is not None and not self.pause.waiting:
            self._end_pause()

    async def _next(self, seat: int) -> None:
        async with self.lock:
            self._come_back(seat)
            if self.pause is not None:
                self.pause.waiting.discard(seat)
                self._end_pause_if_done()

    def _arm_timer(self) -> None:
        """Start the turn timer when a person's turn begins (restart per turn)."""
        game, seconds = self.game, self.options.turn_seconds
        seat = None if game is None else game.turn
        if (game is None or seconds is None or seat is None or self.status != "playing"
                or self.pause is not None or self.seats[seat].kind != HUMAN
                or seat in self.away):
            self._stop_timer()
            return
        key = (seat, game.round_number)
        if self._timer_key == key and game.phase is Phase.DISCARD:
            return
        self._stop_timer()
        self._timer_key = key
        self._timer_deadline = time.time() + seconds
        self._timer = asyncio.get_running_loop().call_later(seconds, self._time_out, key)
        self._send_all({"type": "timer", "seat": seat, "deadline": now_ms(self._timer_deadline)})

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._timer_key is not None:
            self._send_all({"type": "timer", "seat": self._timer_key[0], "deadline": None})
            self._timer_key = None

    def _time_out(self, key: tuple[int, int]) -> None:
        """The timer ran out: a task (kept, its failure logged) hands the seat to a bot."""
        self._timer_task = asyncio.ensure_future(self._timed_out(key))
        self._timer_task.add_done_callback(self._timer_done)

    def _timer_done(self, task: asyncio.Task[None]) -> None:
        if self._timer_task is task:
            self._timer_task = None
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s: the turn timer failed", self.id, exc_info=task.exception())

    async def _timed_out(self, key: tuple[int, int]) -> None:
        async with self.lock:
            if self._timer_key != key or self.status != "playing":
                return
            self._stop_timer()
            self.away.add(key[0])
            self._send_all({"type": "room", "room": self.summary()})
            self._wake.set()

    def _come_back(self, seat: int) -> None:
        """A person whose timer ran out acts again: their seat is theirs again."""
        if seat in self.away:
            self.away.discard(seat)
            self._send_all({"type": "room", "room": self.summary()})
            self._arm_timer()

    # -- the rest of the messages ------------------------------------------------------

    async def _chat(self, client: Client, message: Chat) -> None:
        seat = client.seat
        key = _chat_key(client)
        moment = time.monotonic()
        if moment - self._chat_at.get(key, -CHAT_SPACING) < CHAT_SPACING:
            raise Refused("slow-mode", f"one chat message every {CHAT_SPACING:g} s")
        self._chat_at[key] = moment
        name = "Spectator" if seat is None else self.seats[seat].name
        await self.store.add_chat(self.id, seat, name, message.text)
        said = {"type": "chat", "seat": seat, "name": name, "text": message.text}
        for other in self._sockets():
            if seat is None or other.seat is None or seat not in self.muted.get(other.seat,
                                                                                set()):
                other.send(said)

    def _mute(self, client: Client, seat: int, message: Mute) -> None:
        if not 0 <= message.seat < len(self.seats) or message.seat == seat:
            raise Refused("no-such-seat", "mute another seat of this room")
        chosen = self.muted.setdefault(seat, set())
        if message.muted:
            chosen.add(message.seat)
        else:
            chosen.discard(message.seat)
        client.send({"type": "room", "room": self.summary(seat)})

    async def _start_early(self, seat: int) -> None:
        async with self.lock:
            if seat != self.host:
                raise Refused("not-host", "only the host starts the game")
            self._check_here()
            if self.status != "waiting":
                raise Refused("not-waiting", "the game has started")
            await self._start()

    async def _kick(self, seat: int, target: int) -> None:
        async with self.lock:
            if seat != self.host:
                raise Refused("not-host", "only the host kicks a seat")
            if (not 0 <= target < len(self.seats) or target == self.host
                    or self.seats[target].kind != HUMAN):
                raise Refused("no-such-seat", "kick another person's seat")
            if self.status == "over":
                raise Refused("not-playing", "the game is over")
            given = Seat(STAND_IN, self.seats[target].name or self.bot_name(target))
            if self.status == "waiting":
                given.name = self.bot_name(target)
            await self.store.set_seat(self.id, given.row(target))
            self.seats[target] = given
            self.away.discard(target)
            client = self.clients.pop(target, None)
            if client is not None:
                client.send({"type": "kicked"})
                client.close(CLOSE_KICKED)
            self._send_all({"type": "presence", "connected": self.connected()})
            if self.status == "waiting":
                await self._after_seating()
            else:
                self._send_all({"type": "room", "room": self.summary()})
                self._arm_timer()
                self._wake.set()

    async def _hint(self, client: Client, seat: int, message: HintRequest) -> None:
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing" or game.turn != seat:
                raise Refused("not-your-turn", "a hint is for the seat to act")
            options = await engine.run(table.hint, game, seat, self._rng)
            await self.store.add_hint(self.id, self.version, seat, options)
            client.send({"type": "hint", "id": message.id, "options": options})

    async def _undo(self, client: Client, seat: int, message: UndoRequest) -> None:
        async with self.lock:
            if message.id in self.ids:
                await self._send_states([client])
                return
            game = self.game
            if game is None or self.status != "playing":
                raise Refused("undo-not-allowed", "there is no game to undo")
            if self.solo_seat != seat:
                raise Refused("undo-not-allowed", "undo is for a room with one person")
            blocker = await engine.run(table.undo_blocker, game, seat)
            if blocker is not None:
                raise Refused("undo-not-allowed", blocker)
            self._end_pause()
            await self._commit(LogEntry(self.version + 1, seat, table.UNDO, table.UNDO,
                                        message.id))

    async def _rematch(self, client: Client, seat: int) -> None:
        """The person accepts (or offers) the rematch: a fresh token for their seat in it.

        The clicks of every seat pass this lock one by one, so there is one rematch room;
        its id is stored with this room, and no token is kept anywhere (only its hash)."""
        async with self.lock:
            if self.status != "over":
                raise Refused("not-over", "a rematch is offered once the game is over")
            if not self.seats[seat].person or self.seats[seat].kind != HUMAN:
                raise Refused("no-such-seat", "a rematch is for the people who played")
            token = new_token()
            offered = self.rematch is None
            room_id = await self._seat_in_rematch(self, seat, token)
            client.send({"type": "rematch", "room": room_id, "seat": seat, "token": token})
            if offered:
                self._send_all({"type": "room", "room": self.summary()})

    # -- restoring ---------------------------------------------------------------------

    async def restore(self, status: str, names: list[str] | None, log: list[LogEntry],
                      rematch: str | None) -> None:
        """Rebuild the room from its stored log (at start, or when a finished room is
        asked for)."""
        self.rematch = rematch
        if names is None:
            return
        self.game = await engine.run(table.replay, self.rules, self.seed, names, log)
        self.log = list(log)
        self.ids = {entry.client_id: entry.seq for entry in log if entry.client_id}
        self.status = "over" if self.game.is_over else status
        self._arm_timer()
        self._wake.set()


def _chat_key(client: Client) -> int:
    """Whose chat spacing: the seat's, or (negative) the spectator socket's."""
    return -1 - id(client) if client.seat is None else client.seat


def _step(game: GameState, entry: LogEntry, people: list[tuple[int, str]],
          seats: set[int | None], version: int, extras: dict[int | None, dict[str, Any]],
          solo: int | None) -> tuple[GameState, int, int, Any, dict[int | None, dict[str, Any]]]:
    """On the engine thread: apply ``entry``; the game's end if it ended; every state."""
    before = table.round_count(game)
    game = table.apply_entry(game, entry)
    finish = table.finish(game, people) if game.is_over else None
    found = _build_states(game, seats, version, extras, solo)
    return game, before, table.round_count(game), finish, found


def _build_states(game: GameState, seats: set[int | None], version: int,
                  extras: dict[int | None, dict[str, Any]], solo: int | None) -> dict[
                      int | None, dict[str, Any]]:
    found = table.states(game, seats, version, extras)
    if solo is not None:
        found[solo]["can_undo"] = table.undo_blocker(game, solo) is None
    return found


__all__ = ["HUMAN", "STAND_IN", "Evicted", "Refused", "Room", "Seat", "error"]
