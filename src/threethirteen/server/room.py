"""One room: its seats, its game, its sockets, and the order in which things happen.

Every change to a room's game happens under the room's lock: the engine applies it (on the
engine thread, which builds every socket's state in the same trip), the database commits
it, and only then does every socket get its ``state``. The room's other concerns live next
to it: ``presence`` (hello, leaving), ``timers`` (the pause between rounds, the turn
timer), ``driver`` (the bots), ``chat``, ``host`` (start early, kick, rematch) and ``aids``
(hints, undo); ``seats`` is their vocabulary, ``versions`` the engine's side of a version.
A room's game is played in turns or in speed mode (``modes``: a speed room's clocks are
the ``caller``'s, its bots ``speedbots``, its engine side ``speedtable``).

A room's status is ``waiting``, ``playing``, ``over``, or ``abandoned`` (nobody played it
for a long time: ``Lobby`` closes it; it takes no more actions, and its log stays).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from threethirteen.actions import parse_action
from threethirteen.errors import IllegalAction, NotationError
from threethirteen.rules import Rules
from threethirteen.server import aids, engine, host, presence, versions
from threethirteen.server.chat import ChatRoom
from threethirteen.server.clients import Client
from threethirteen.server.modes import mode_of
from threethirteen.server.protocol import (
    ActionMessage,
    Chat,
    ClientMessage,
    HintRequest,
    Kick,
    Mute,
    Next,
    Options,
    PaceRequest,
    Rematch,
    Start,
    UndoRequest,
)
from threethirteen.server.seats import (
    CLOSE_ABANDONED,
    CLOSE_NO_ROOM,
    HUMAN,
    STAND_IN,
    Evicted,
    Refused,
    Seat,
    bot_names,
    error,
)
from threethirteen.server.store import LogEntry, Store
from threethirteen.server.tokens import hash_token
from threethirteen.server.viewjson import GameText, dumps

OPEN = ("waiting", "playing")  # a room's statuses while its game may still be played
_NAMED_SEAT = re.compile(r"\s*(\d+)\s*:")

log = logging.getLogger("threethirteen.server")


@dataclass(frozen=True)
class Hooks:
    """What a room asks of its lobby. ``rematch`` seats a person of this finished room in
    its rematch room (made at the first click) and answers that room's id; ``forget``
    drops the room from memory; ``closed`` is told once the room's game is over."""

    rematch: Callable[[Room, int, str], Awaitable[str]]
    forget: Callable[[Room], None]
    closed: Callable[[Room], None]


class Room:
    """A room of 2-8 seats (2-16 in speed mode)."""

    def __init__(self, store: Store, room_id: str, rules: Rules, seed: int, options: Options,
                 seats: list[Seat], hooks: Hooks) -> None:
        self.store = store
        self.id = room_id
        self.rules = rules
        self.seed = seed
        self.options = options
        self.seats = seats
        self.hooks = hooks
        # several people: the bots' names do not depend on where one sits (``bot_names``)
        self.online = sum(seat.kind == HUMAN for seat in seats) > 1
        self.status = "waiting"
        self.host = 0
        self.mode = mode_of(rules)
        self.game: versions.Game | None = None
        self.log: list[LogEntry] = []
        self.step_start = 0  # the version the running step began at (turns: the version)
        self.ids: dict[str, int] = {}
        self.rematch: str | None = None
        self.evicted = False  # left memory: a later request rebuilds it from the database
        self.used = time.monotonic()  # when a socket or a request last touched the room
        self.people_seen = time.time()  # a person's socket was last connected (or made)
        self.lock = asyncio.Lock()
        self.clients: dict[int, Client] = {}
        self.spectators: set[Client] = set()
        self.away: set[int] = set()  # people's seats played by a bot after their timer ran out
        self.undo_open = False  # the last version's state let the one person take back
        self.text = GameText()  # engine thread only
        self.clocks = self.mode.clocks(self)
        self.chat = ChatRoom(self)
        self.bots = self.mode.driver(self)
        self._rules_json = rules.to_json()
        self.set_options(options)

    def set_options(self, options: Options) -> None:
        """The room's options from now on (the summaries' text written again)."""
        self.options = options
        self._options_json = options.model_dump()
        self._fixed_text = (f',"options":{dumps(self._options_json)}'
                            f',"rules":{dumps(self._rules_json)}')

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

    def _seats_json(self, for_seat: int | None) -> list[dict[str, Any]]:
        connected = self.connected()
        seats = []
        for n, seat in enumerate(self.seats):
            entry: dict[str, Any] = {"kind": STAND_IN if n in self.away else seat.kind,
                                     "name": seat.name, "connected": connected[n]}
            if n in self.away:
                entry["away"] = True
            if for_seat is not None:
                entry["muted"] = self.chat.is_muted(for_seat, n)
            seats.append(entry)
        return seats

    def summary(self, for_seat: int | None = None) -> dict[str, Any]:
        """The body of ``GET /api/rooms/<id>``; ``muted`` only for ``for_seat``'s eyes."""
        return {"room": self.id, "status": self.status, "host": self.host,
                "seats": self._seats_json(for_seat), "options": self._options_json,
                "rules": self._rules_json, "rematch": self.rematch}

    def summary_text(self, for_seat: int | None = None) -> str:
        """``dumps(self.summary(for_seat))``, with the options and rules written once."""
        return (f'{{"room":{dumps(self.id)},"status":"{self.status}","host":{self.host}'
                f',"seats":{dumps(self._seats_json(for_seat))}{self._fixed_text}'
                f',"rematch":{dumps(self.rematch)}}}')

    def progress(self) -> dict[str, Any]:
        """Where a started game stands, all public: the round in play (the last once
        over), the rounds of the game, every seat's total and the seat to play (None in
        speed mode, or once over); nothing before the deal."""
        game = self.game
        if game is None:
            return {}
        turn = getattr(game, "turn", None)
        return {"round": game.round_number, "rounds": self.rules.rounds,
                "totals": list(game.totals), "turn": turn if isinstance(turn, int) else None}

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
                and self.clocks.pause is None and self.bots.seat() is None)

    def unattended_since(self) -> float | None:
        """Since when (unix seconds) no person's socket is connected; None while one is."""
        return None if self.clients else self.people_seen

    def is_open(self) -> bool:
        """Its game may still be played: waiting or playing."""
        return self.status in OPEN

    def touch(self) -> None:
        self.used = time.monotonic()

    def wake(self) -> None:
        """Something changed: the bots look whether one of them is to move."""
        self.bots.wake()

    def check_here(self) -> None:
        if self.evicted:
            raise Evicted(self.id)

    def bot_name(self, seat: int) -> str:
        return bot_names(len(self.seats), self.online)[seat]

    # -- joining, starting -------------------------------------------------------------

    async def join(self, name: str, token: str, player: str | None = None) -> int:
        """Give ``name`` (of browser ``player``) the lowest open person's seat;
        ``Refused('room-full')`` if none."""
        async with self.lock:
            self.check_here()
            if self.status != "waiting":
                raise Refused("room-full", "the game has started")
            for n, seat in enumerate(self.seats):
                if seat.kind == HUMAN and seat.token_hash is None and seat.name is None:
                    taken = Seat(HUMAN, name, hash_token(token), True, player)
                    await self.store.set_seat(self.id, taken.row(n))
                    self.seats[n] = taken
                    break
            else:
                raise Refused("room-full", "every seat is taken")
            await self.after_seating()
            return n

    async def take_rematch_seat(self, seat: int, token: str) -> None:
        """Give seat ``seat`` (kept for the person who had it in the old game) ``token``:
        the person clicked rematch. The first to accept is the host until seat 0 accepts."""
        async with self.lock:
            self.check_here()
            current = self.seats[seat]
            if current.kind != HUMAN or self.status not in OPEN:
                raise Refused("room-full", "the rematch started without you")
            taken = Seat(HUMAN, current.name, hash_token(token), True, current.player)
            first = all(s.token_hash is None for s in self.seats)
            host = seat if first or seat == 0 else self.host
            await self.store.set_seat(self.id, taken.row(seat), host=host)
            self.seats[seat], self.host = taken, host
            self.touch()
            if self.status == "waiting":
                await self.after_seating()

    def all_seated(self) -> bool:
        """Every person's seat is taken (the room starts, or should have started)."""
        return all(seat.kind != HUMAN or seat.token_hash is not None for seat in self.seats)

    async def after_seating(self) -> None:
        """Start when every person's seat is taken; tell the waiting sockets otherwise."""
        if self.all_seated():
            await self.start()
        else:
            self.send_all({"type": "room", "room": self.summary()})

    def starting_seats(self) -> list[Seat]:
        """The seats as the game starts with them: a person's seat still open is a bot's
        (a rematch's keeps its name)."""
        return [Seat(STAND_IN, seat.name or self.bot_name(n))
                if seat.kind == HUMAN and seat.token_hash is None else seat
                for n, seat in enumerate(self.seats)]

    def game_names(self) -> list[str]:
        """The names the game is dealt with: each seat's, or its position's for a bot."""
        return [seat.name or self.bot_name(n) for n, seat in enumerate(self.seats)]

    async def start(self, stored: bool = False) -> None:
        """Deal and start (``stored``: the database has it started already)."""
        self.seats = self.starting_seats()
        names = self.game_names()
        game = await engine.run(self.mode.new_game, self.rules, self.seed, names)
        if not stored:
            await self.store.start(self.id, names,
                                   [s.row(n) for n, s in enumerate(self.seats)])
        self.game, self.status = game, "playing"
        self.clocks.prepare(False)
        await self.send_states(self.sockets())
        self.clocks.arm()
        self.wake()

    # -- sockets -----------------------------------------------------------------------

    async def hello(self, client: Client, token: str | None) -> None:
        """A socket said ``hello`` (``presence``)."""
        await presence.hello(self, client, token)

    async def leave(self, client: Client) -> None:
        """A socket closed (``presence``)."""
        await presence.leave(self, client)

    def sockets(self) -> list[Client]:
        return [*self.clients.values(), *self.spectators]

    def send_all(self, message: dict[str, Any]) -> None:
        for client in self.sockets():
            client.send(message)

    async def send_states(self, clients: list[Client]) -> None:
        """Each of ``clients`` gets the current ``state`` of its seat."""
        if self.game is None or not clients:
            return
        audience = self._audience({client.seat for client in clients})
        found = await engine.run(self.mode.states, self.game, self.version, audience)
        self._publish(clients, found)

    def _audience(self, seats: set[int | None]) -> versions.Audience:
        solo = self.solo_seat
        people = [(n, seat.name or "") for n, seat in enumerate(self.seats)
                  if seat.person and seat.kind == HUMAN]
        return versions.Audience(seats, solo if solo in seats else None, people, self.text)

    def _publish(self, clients: list[Client], found: versions.States,
                 action: str | None = None) -> None:
        """Send each client its state; ``action``: the public notation of the action that
        made this version (None for a state sent again, an undo, a deal)."""
        rooms = {seat: self.summary_text(seat) for seat in found}
        extra = self.clocks.state_extra()
        for client in clients:
            head, undo = found[client.seat]
            client.send(versions.finish_state(head, rooms[client.seat], undo, extra, action))

    # -- messages ----------------------------------------------------------------------

    async def handle(self, client: Client, message: ClientMessage) -> None:
        """One message from a greeted socket."""
        ident = getattr(message, "id", None)
        try:
            if isinstance(message, Chat):
                await self.chat.say(client, message)
            elif client.seat is None:
                raise Refused("spectator", "spectators watch; they do not play")
            elif isinstance(message, ActionMessage):
                await self._act(client, client.seat, message)
            elif isinstance(message, Start):
                await host.start_early(self, client.seat)
            elif isinstance(message, HintRequest):
                await aids.hint(self, client, client.seat, message)
            elif isinstance(message, UndoRequest):
                await aids.undo(self, client, client.seat, message)
            elif isinstance(message, Next):
                await self.clocks.next(client.seat)
            elif isinstance(message, Rematch):
                await host.rematch(self, client, client.seat)
            elif isinstance(message, Kick):
                await host.kick(self, client.seat, message.seat)
            elif isinstance(message, Mute):
                self.chat.mute(client, client.seat, message)
            elif isinstance(message, PaceRequest):
                await self.mode.set_pace(self, client.seat, message.pace)
            else:
                raise Refused("bad-message", "a second hello on one socket")
        except Refused as refusal:
            client.send(error(refusal.reason, str(refusal), ident))

    def _check_playing(self) -> versions.Game:
        if self.game is None or self.status != "playing":
            raise Refused("not-playing", "the game has not started" if self.game is None
                          else "the game was abandoned" if self.status == "abandoned"
                          else "the game is over")
        return self.game

    async def _act(self, client: Client, seat: int, message: ActionMessage) -> None:
        async with self.lock:
            if message.id in self.ids:
                await self.send_states([client])
                return
            game = self._check_playing()
            self.clocks.come_back(seat)
            if not self.step_start <= message.version <= self.version:
                began = (f"; this step began at {self.step_start}"
                         if self.step_start != self.version else "")
                client.send(error("stale-version", f"the current version is {self.version}"
                                  f"{began}", message.id))
                await self.send_states([client])
                return
            named = _NAMED_SEAT.match(message.action)
            if named is not None and int(named.group(1)) != seat:
                raise Refused("not-your-turn", "you may only act for your own seat")
            try:
                action = parse_action(message.action, seat)
            except NotationError as refusal:
                raise Refused("bad-notation", str(refusal)) from None
            entry = LogEntry(self.version + 1, seat, "action", str(action), message.id)
            try:  # the engine checks the action and applies it in one trip
                await self.commit(lambda audience: engine.run(self.mode.step, game, entry,
                                                              audience, action),
                                  before_store=self.clocks.end_pause)
            except IllegalAction as refusal:
                raise Refused(refusal.reason, str(refusal)) from None

    async def commit(self, make: Callable[[versions.Audience], Awaitable[versions.Step]],
                     before_store: Callable[[], None] | None = None) -> None:
        """A new version (lock held): ``make`` applies its entry on the engine thread and
        builds every socket's state; the database commits the entry; then every socket
        gets its state. A refusal of the engine's changes nothing; if the database fails,
        the game is rebuilt from the log and the failure raised."""
        assert self.game is not None
        sockets = self.sockets()
        done = await make(self._audience({client.seat for client in sockets}))
        if before_store is not None:
            before_store()
        try:
            await self.store.append(self.id, done.entry, done.finish)
        except Exception:
            self.game = await engine.run(self.mode.replay, self.rules, self.seed,
                                         self.game.names, list(self.log))
            raise
        self.game = done.game
        self.log.append(done.entry)
        if done.step_began:
            self.step_start = done.entry.seq
        if done.entry.client_id is not None:
            self.ids[done.entry.client_id] = done.entry.seq
        if done.finish is not None:
            self.status = "over"
            self.hooks.closed(self)
        pausing = done.round_ended and self.status == "playing"
        self.clocks.prepare(pausing)
        self._publish(sockets, done.states, self.mode.public_action(done.entry))
        if pausing:
            self.clocks.begin_pause()
        self.undo_open = any(undo for _head, undo in done.states.values())
        self.clocks.arm()
        self.wake()

    # -- restoring, closing ------------------------------------------------------------

    async def restore(self, status: str, names: list[str] | None, log: list[LogEntry],
                      rematch: str | None) -> None:
        """Rebuild the room from its stored log (at start, or when a room is asked for)."""
        self.rematch = rematch
        await self.chat.restore()
        if names is None:
            self.status = status if status == "abandoned" else self.status
            return
        self.game = game = await engine.run(self.mode.replay, self.rules, self.seed, names, log)
        self.step_start = await engine.run(self.mode.step_start, game, len(log))
        self.log = list(log)
        self.ids = {entry.client_id: entry.seq for entry in log if entry.client_id}
        self.status = "over" if self.game.is_over else status
        self.clocks.arm()
        self.wake()

    async def abandon(self, idle_since: float) -> bool:
        """Close the room: no person was connected since ``idle_since`` (unix seconds).
        Its sockets (spectators) are told and closed; it takes no more actions, and its
        log stays. False (nothing done) if it is not open, or a person came meanwhile."""
        async with self.lock:
            if self.status not in OPEN or self.clients or self.people_seen >= idle_since:
                return False
            await self.store.abandon(self.id)
            self.status = "abandoned"
            self.clocks.stop()
            self.clocks.pause = None
            self.away.clear()
            for client in self.sockets():
                client.send(error("abandoned", "nobody played this game for too long; "
                                  "it is closed"))
                client.send({"type": "room", "room": self.summary()})
                client.close(CLOSE_ABANDONED)
            self.spectators.clear()
            self.hooks.closed(self)
            return True

    def close(self) -> None:
        """Stop the room's tasks (the server is shutting down, or the room is forgotten)."""
        self.bots.close()
        self.clocks.close()


__all__ = ["CLOSE_NO_ROOM", "HUMAN", "OPEN", "STAND_IN", "Evicted", "Hooks", "Refused",
           "Room", "Seat", "error"]
