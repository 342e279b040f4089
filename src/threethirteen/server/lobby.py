"""All rooms: creating, finding (in memory, else rebuilt from the database), rematches,
rebuilding the unfinished rooms that have something to do when the server starts,
letting idle rooms leave memory (the database keeps them), and closing abandoned rooms.

The cap on rooms counts the *open* rooms the database knows (waiting or playing), read
at start and kept up to date, so a restart cannot exceed it. A room no person has been
connected to for ``abandon_seconds()`` is abandoned: in memory, since its last person's
socket closed; asleep in the database, since its last action (or its making) and its
last person's socket. An abandoned room is no longer open: it is not rebuilt at start
nor counted, takes no action, and keeps its seats and log (``GET /api/rooms/<id>`` shows
``"status": "abandoned"``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from threethirteen.bots import bot_names
from threethirteen.errors import RulesError
from threethirteen.rules import Mode, Rules
from threethirteen.server.limits import abandon_seconds, max_rooms, room_idle_seconds
from threethirteen.server.protocol import (
    MAX_SEATS,
    MAX_TURN_SEATS,
    CreateRoom,
    Options,
    clean_name,
)
from threethirteen.server.room import HUMAN, OPEN, Evicted, Hooks, Refused, Room, Seat
from threethirteen.server.store import LogEntry, RoomRow, Store
from threethirteen.server.tokens import hash_token, new_room_id, new_token

log = logging.getLogger("threethirteen.server")


class Broken(Refused):
    """A room whose stored log does not replay: skipped, reported, never served."""

    def __init__(self) -> None:
        super().__init__("room-broken", "this room's stored game could not be rebuilt")


class Lobby:
    """The rooms of one server."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.broken: dict[str, str] = {}  # room id: why it could not be rebuilt
        self.bots = frozenset(bot_names())  # read once: it scans the installed packages
        self.open = 0  # open rooms in the database, and creations under way
        self._making = 0  # creations under way (reserved, not yet stored)
        self._loading: dict[str, asyncio.Task[Room | None]] = {}
        self._closing: dict[str, asyncio.Future[None]] = {}  # asleep rooms being abandoned
        self._seen: dict[str, float] = {}  # rooms that left memory: when a person was there
        self._asleep_checked = -float("inf")  # when the rooms asleep were last looked at
        self._sweeper: asyncio.Task[None] | None = None
        self._hooks = Hooks(rematch=self.rematch, forget=self.forget, closed=self._closed)

    async def restore(self) -> int:
        """Rebuild the unfinished rooms with something to do (a bot to move, a game to
        start); the number rebuilt. The others wait in the database until asked for; a
        room whose log does not replay is logged and skipped."""
        self.open = await self.store.open_rooms()
        rebuilt = 0
        for row, entries in await self.store.unfinished():
            if row.status == "waiting" and not all(
                    seat.kind != HUMAN or seat.token_hash is not None for seat in row.seats):
                continue
            room = await self._rebuild(row, entries)
            if room is not None:
                rebuilt += 1
                if room.can_sleep():
                    self._evict(room)
        self._sweeper = asyncio.create_task(self._sweep())
        return rebuilt

    async def create(self, body: CreateRoom) -> tuple[Room, str]:
        """A new room from a ``POST /api/rooms`` body; the creator's token."""
        name = _name(body.name)
        kinds = list(body.seats)
        if len(kinds) > MAX_SEATS:
            raise Refused("bad-message", f"a room has 2 to {MAX_TURN_SEATS} seats, a speed "
                          f"room 2 to {MAX_SEATS}; not {len(kinds)}")
        if kinds[0] != HUMAN:
            raise Refused("bad-seats", 'seat 0 is the creator\'s: "human"')
        known = self.bots
        for kind in kinds:
            if kind != HUMAN and kind not in known:
                raise Refused("bad-seats",
                              f"a seat is \"human\" or a bot: {', '.join(sorted(known))}")
        if body.seed is not None and kinds.count(HUMAN) != 1:
            raise Refused("seed-not-allowed", "a seed is only for a game of one person "
                          "against bots (with more people, the creator would know every card)")
        rules = _rules(body.rules, len(kinds))
        _check_options(rules, body.options)
        await self._reserve()
        self._making += 1
        try:
            token = new_token()
            seats = [Seat(HUMAN, name, hash_token(token), True, body.player)]
            room = self._new(rules, body.options,
                             seats + [Seat(kind, None) for kind in kinds[1:]], body.seed)
            for n, seat in enumerate(room.seats):
                if seat.kind != HUMAN:
                    seat.name = room.bot_name(n)
            started = room.all_seated()  # one person against bots: made playing, at once
            await self._save(room, started=started)
        except BaseException:
            self.open -= 1
            raise
        finally:
            self._making -= 1
        async with room.lock:
            if started:
                await room.start(stored=True)
            else:
                await room.after_seating()
        return room, token

    async def _reserve(self) -> None:
        """Count a room about to be made; ``Refused('too-many-rooms')`` past the cap (the
        count read again from the database first)."""
        if self.open >= max_rooms():
            self.open = await self.store.open_rooms() + self._making
            if self.open >= max_rooms():
                raise Refused("too-many-rooms", "the server has no room for another game; "
                              "try again later")
        self.open += 1

    def _closed(self, room: Room) -> None:
        """``room``'s game ended, or it was abandoned: one open room fewer."""
        self.open = max(0, self.open - 1)

    async def get(self, room_id: str) -> Room | None:
        """The room, rebuilt from the database if it is not in memory (published only once
        rebuilt; concurrent requests share one rebuild). ``Broken`` if it cannot be."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.touch()
            return room
        closing = self._closing.get(room_id)
        if closing is not None:  # being abandoned asleep: load it once that is done
            await asyncio.shield(closing)
            return await self.get(room_id)
        if room_id in self.broken:
            raise Broken
        if len(room_id) > 32:
            return None
        loading = self._loading.get(room_id)
        if loading is None:
            loading = self._loading[room_id] = asyncio.create_task(self._load(room_id))
            loading.add_done_callback(lambda _done: self._loading.pop(room_id, None))
        return await asyncio.shield(loading)

    async def _load(self, room_id: str) -> Room | None:
        row = await self.store.room(room_id)
        if row is None:
            return None
        room = await self._rebuild(row, await self.store.log(room_id))
        if room is None:
            raise Broken
        return room

    async def _rebuild(self, row: RoomRow, entries: list[LogEntry]) -> Room | None:
        """The room of ``row`` replayed under its lock, then published; a waiting room
        whose people are all seated starts (the server stopped between the last join and
        the start). None (logged, without cards) if its log does not replay."""
        room = self._room(row)
        async with room.lock:
            try:
                await room.restore(row.status, row.names, entries, row.rematch)
            except Exception as problem:
                room.close()
                self.broken[row.id] = type(problem).__name__
                log.error("room %s: its stored log does not replay (%s); the room is skipped",
                          row.id, type(problem).__name__)
                return None
            if room.status == "waiting" and room.all_seated():
                try:
                    await room.after_seating()
                except Exception as problem:  # the database: the next join or get tries again
                    log.error("room %s: could not start (%s)", row.id, type(problem).__name__)
        self.rooms[room.id] = room
        return room

    async def rematch(self, old: Room, seat: int, token: str) -> str:
        """Seat ``seat`` of finished room ``old`` takes ``token`` for its seat in the
        rematch room, made (waiting, with ``old``'s rules and seat kinds) at the first
        click; that room's id. ``old``'s lock is held: clicks come one at a time."""
        if old.rematch is None:
            seats = [Seat(HUMAN, s.name, player=s.player) if s.kind == HUMAN and s.person
                     else Seat(s.kind, None) for s in old.seats]
            room = self._new(old.rules, old.options, seats)
            for n, given in enumerate(room.seats):
                if given.kind != HUMAN:
                    given.name = room.bot_name(n)
            self.open += 1  # a rematch is never refused
            try:
                await self._save(room)
            except BaseException:
                self.open -= 1
                raise
            await self.store.set_rematch(old.id, room.id)
            old.rematch = room.id
        while True:
            found = await self.get(old.rematch)
            if found is None:
                raise Refused("no-such-room", "the rematch room is gone")
            try:
                await found.take_rematch_seat(seat, token)
            except Evicted:  # it left memory meanwhile: rebuilt by the next get
                continue
            return found.id

    def forget(self, room: Room) -> None:
        """Drop a finished room nobody watches from memory (the database keeps it)."""
        self._evict(room)

    def sleep_idle(self, idle: float) -> int:
        """Let every room that may sleep and was untouched for ``idle`` seconds leave
        memory; how many left."""
        now = time.monotonic()
        sleeping = [room for room in self.rooms.values()
                    if now - room.used >= idle and room.can_sleep()]
        for room in sleeping:
            self._evict(room)
        return len(sleeping)

    def _evict(self, room: Room) -> None:
        room.evicted = True
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            if room.status in OPEN:
                self._seen[room.id] = room.people_seen
        room.close()

    async def close_abandoned(self) -> int:
        """Abandon every open room no person has been connected to for
        ``abandon_seconds()``, in memory or asleep in the database; how many."""
        cutoff = time.time() - abandon_seconds()
        closed = 0
        for room in list(self.rooms.values()):
            since = room.unattended_since()
            if room.status in OPEN and since is not None and since < cutoff:
                closed += await room.abandon(cutoff)
        for room_id, seen in list(self._seen.items()):
            if seen < cutoff:
                del self._seen[room_id]  # the database's times decide from now on
        now = time.monotonic()
        if now < self._asleep_checked + min(abandon_seconds() / 4, 600.0):
            return closed
        self._asleep_checked = now  # a query over every open room: not too often
        for room_id in await self.store.idle_rooms(cutoff):
            if room_id in self.rooms or room_id in self._loading or room_id in self._seen:
                continue
            done = self._closing[room_id] = asyncio.get_running_loop().create_future()
            try:  # a request for the room meanwhile waits, then finds it abandoned
                if await self.store.abandon(room_id, cutoff):
                    self.open = max(0, self.open - 1)
                    closed += 1
            finally:
                del self._closing[room_id]
                done.set_result(None)
        if closed:
            log.info("%d rooms abandoned (no person for %g s)", closed, abandon_seconds())
        return closed

    async def _sweep(self) -> None:
        while True:
            idle = room_idle_seconds()
            await asyncio.sleep(min(max(min(idle, abandon_seconds()) / 4, 0.05), 30.0))
            self.sleep_idle(idle)
            try:
                await self.close_abandoned()
            except Exception as problem:  # the database: the next sweep tries again
                log.error("abandoned rooms not closed (%s)", type(problem).__name__)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close()

    def _new(self, rules: Rules, options: Options, seats: list[Seat],
             seed: int | None = None) -> Room:
        room = Room(self.store, new_room_id(), rules,
                    secrets.randbits(63) if seed is None else seed, options, seats, self._hooks)
        self.rooms[room.id] = room
        return room

    def _room(self, row: RoomRow) -> Room:
        seats = [Seat(s.kind, s.name, s.token_hash, s.person, s.player) for s in row.seats]
        room = Room(self.store, row.id, Rules.from_json(row.rules), row.seed,
                    Options.model_validate(row.options), seats, self._hooks)
        room.host = row.host
        room.people_seen = max(self._seen.get(row.id, 0.0), row.active)
        return room

    async def _save(self, room: Room, *, started: bool = False) -> None:
        """Store a new room: waiting, or (``started``) playing with its game's names."""
        await self.store.create_room(RoomRow(
            id=room.id, status="playing" if started else "waiting",
            rules=room.rules.to_json(), seed=room.seed, options=room.options.model_dump(),
            host=room.host, names=room.game_names() if started else None, rematch=None,
            seats=tuple(seat.row(n) for n, seat in enumerate(room.seats))))


def _name(text: str) -> str:
    try:
        return clean_name(text)
    except ValueError as problem:
        raise Refused("bad-name", str(problem)) from None


def join_name(text: str) -> str:
    """A joining person's name, checked (``Refused('bad-name')``)."""
    return _name(text)


def _rules(data: dict[str, Any], players: int) -> Rules:
    """The room's rules: ``players`` is the seat count (the rules may only repeat it). A
    speed room whose rules name no ``decks`` and whose preset's are too few for its seats
    gets one deck per three players, as 3-13 Speed deals."""
    if "players" in data and data["players"] != players:
        raise Refused("bad-rules", f"rules.players is {data['players']!r}, but there are "
                      f"{players} seats")
    try:
        rules = _resolved(data, players)
    except RulesError as problem:
        raise Refused("bad-rules", str(problem)) from None
    except (TypeError, ValueError) as problem:
        raise Refused("bad-rules", str(problem)) from None
    if rules.mode is Mode.TURNS and players > MAX_TURN_SEATS:
        raise Refused("bad-message", f"a room played in turns has 2 to {MAX_TURN_SEATS} "
                      f"seats (a speed room 2 to {MAX_SEATS}); not {players}")
    return rules


def _resolved(data: dict[str, Any], players: int) -> Rules:
    try:
        return Rules.from_json({**data, "players": players}).resolved()
    except RulesError as problem:
        if problem.key != "decks" or "decks" in data:
            raise
        auto = Rules.from_json({**data, "players": players, "decks": "auto"}).resolved()
        if auto.mode is not Mode.SPEED:
            raise problem from None
        return auto


def _check_options(rules: Rules, options: Options) -> None:
    if rules.mode is Mode.SPEED and options.turn_seconds is not None:
        raise Refused("bad-options", "turn_seconds is for rooms played in turns: in a speed "
                      "room the caller's rules.speed_seconds times every step")
