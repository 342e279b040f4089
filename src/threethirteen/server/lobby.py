"""All rooms: creating, finding (in memory, else rebuilt from the database), rematches,
and rebuilding every unfinished room when the server starts."""

from __future__ import annotations

import secrets
from typing import Any

from threethirteen.bots import bot_names
from threethirteen.errors import RulesError
from threethirteen.rules import Rules
from threethirteen.server.protocol import CreateRoom, Options, clean_name
from threethirteen.server.room import HUMAN, Refused, Room, Seat
from threethirteen.server.store import RoomRow, Store
from threethirteen.server.tokens import hash_token, new_room_id, new_token


class Lobby:
    """The rooms of one server."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = frozenset(bot_names())  # read once: it scans the installed packages

    async def restore(self) -> int:
        """Rebuild every unfinished room from its log; the number rebuilt."""
        for row, log in await self.store.unfinished():
            room = self._room(row)
            await room.restore(row.status, row.names, log, row.rematch)
            self.rooms[room.id] = room
        return len(self.rooms)

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
        rules = _rules(body.rules, len(kinds))
        token = new_token()
        seats = [Seat(HUMAN, name, hash_token(token), True)]
        room = self._new(rules, body.options, seats + [Seat(kind, None) for kind in kinds[1:]])
        for n, seat in enumerate(room.seats):
            if seat.kind != HUMAN:
                seat.name = room.bot_name(n)
        await self._save(room)
        async with room.lock:
            await room._after_seating()
        return room, token

    async def get(self, room_id: str) -> Room | None:
        """The room, rebuilt from the database if it is not in memory."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if len(room_id) > 32:
            return None
        row = await self.store.room(room_id)
        if row is None:
            return None
        room = self.rooms.get(room_id)  # rebuilt by another request meanwhile
        if room is not None:
            return room
        room = self._room(row)
        self.rooms[room_id] = room
        await room.restore(row.status, row.names, await self.store.log(room_id), row.rematch)
        return room

    async def rematch(self, old: Room) -> Room:
        """A new room with ``old``'s seats and rules; every person gets a new token."""
        seats: list[Seat] = []
        for seat in old.seats:
            if seat.kind == HUMAN and seat.person:
                token = new_token()
                old.rematch_tokens[len(seats)] = token
                seats.append(Seat(HUMAN, seat.name, hash_token(token), True))
            else:
                seats.append(Seat(seat.kind, seat.name))
        room = self._new(old.rules, old.options, seats)
        await self._save(room)
        async with room.lock:
            await room._after_seating()
        return room

    def forget(self, room: Room) -> None:
        """Drop a finished room nobody watches from memory (the database keeps it)."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            room.close()

    def close(self) -> None:
        for room in self.rooms.values():
            room.close()

    def _new(self, rules: Rules, options: Options, seats: list[Seat]) -> Room:
        room = Room(self.store, new_room_id(), rules, secrets.randbits(63), options, seats,
                    self.rematch, self.forget)
        self.rooms[room.id] = room
        return room

    def _room(self, row: RoomRow) -> Room:
        seats = [Seat(s.kind, s.name, s.token_hash, s.person) for s in row.seats]
        return Room(self.store, row.id, Rules.from_json(row.rules), row.seed,
                    Options.model_validate(row.options), seats, self.rematch, self.forget)

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
