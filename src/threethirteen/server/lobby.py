"""All rooms: creating, finding (in memory, else rebuilt from the database), rematches,
rebuilding the unfinished rooms that have something to do when the server starts, and
letting idle rooms leave memory (the database keeps them)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from threethirteen.bots import bot_names
from threethirteen.errors import RulesError
from threethirteen.rules import Rules
from threethirteen.server.limits import max_rooms, room_idle_seconds
from threethirteen.server.protocol import CreateRoom, Options, clean_name
from threethirteen.server.room import HUMAN, Evicted, Refused, Room, Seat
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
        self._loading: dict[str, asyncio.Task[Room | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def restore(self) -> int:
        """Rebuild the unfinished rooms with something to do (a bot to move, a game to
        start); the number rebuilt. The others wait in the database until asked for; a
        room whose log does not replay is logged and skipped."""
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
        if len(self.rooms) >= max_rooms():
            self.sleep_idle(0.0)
            if len(self.rooms) >= max_rooms():
                raise Refused("too-many-rooms", "the server has no room for another game; "
                              "try again later")
        token = new_token()
        seats = [Seat(HUMAN, name, hash_token(token), True)]
        room = self._new(rules, body.options, seats + [Seat(kind, None) for kind in kinds[1:]],
                         body.seed)
        for n, seat in enumerate(room.seats):
            if seat.kind != HUMAN:
                seat.name = room.bot_name(n)
        await self._save(room)
        async with room.lock:
            await room._after_seating()
        return room, token

    async def get(self, room_id: str) -> Room | None:
        """The room, rebuilt from the database if it is not in memory (published only once
        rebuilt; concurrent requests share one rebuild). ``Broken`` if it cannot be."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.touch()
            return room
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
                    await room._after_seating()
                except Exception as problem:  # the database: the next join or get tries again
                    log.error("room %s: could not start (%s)", row.id, type(problem).__name__)
        self.rooms[room.id] = room
        return room

    async def rematch(self, old: Room, seat: int, token: str) -> str:
        """Seat ``seat`` of finished room ``old`` takes ``token`` for its seat in the
        rematch room, made (waiting, with ``old``'s rules and seat kinds) at the first
        click; that room's id. ``old``'s lock is held: clicks come one at a time."""
        if old.rematch is None:
            seats = [Seat(HUMAN, s.name) if s.kind == HUMAN and s.person else Seat(s.kind, None)
                     for s in old.seats]
            room = self._new(old.rules, old.options, seats)
            for n, given in enumerate(room.seats):
                if given.kind != HUMAN:
                    given.name = room.bot_name(n)
            await self._save(room)
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
        room.close()

    async def _sweep(self) -> None:
        while True:
            idle = room_idle_seconds()
            await asyncio.sleep(min(max(idle / 4, 0.05), 30.0))
            self.sleep_idle(idle)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close()

    def _new(self, rules: Rules, options: Options, seats: list[Seat],
             seed: int | None = None) -> Room:
        room = Room(self.store, new_room_id(), rules,
                    secrets.randbits(63) if seed is None else seed, options, seats,
                    self.rematch, self.forget)
        self.rooms[room.id] = room
        return room

    def _room(self, row: RoomRow) -> Room:
        seats = [Seat(s.kind, s.name, s.token_hash, s.person) for s in row.seats]
        room = Room(self.store, row.id, Rules.from_json(row.rules), row.seed,
                    Options.model_validate(row.options), seats, self.rematch, self.forget)
        room.host = row.host
        return room

    async def _save(self, room: Room) -> None:
        await self.store.create_room(RoomRow(
            id=room.id, status="waiting", rules=room.rules.to_json(), seed=room.seed,
            options=room.options.model_dump(), host=room.host, names=None, rematch=None,
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
    if "players" in data and data["players"] != players:
        raise Refused("bad-rules", f"rules.players is {data['players']!r}, but there are "
                      f"{players} seats")
    try:
        return Rules.from_json({**data, "players": players}).resolved()
    except RulesError as problem:
        raise Refused("bad-rules", str(problem)) from None
    except (TypeError, ValueError) as problem:
        raise Refused("bad-rules", str(problem)) from None
