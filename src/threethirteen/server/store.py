"""The database: SQLite in the data directory by default, PostgreSQL by URL.

Every write returns once committed; ``append`` commits a log entry (and, when the game
ends, its record and the players' statistics with it) before the server acknowledges it.
The writes that arrive while a transaction runs share the next one (``groupcommit``): the
log entries of many rooms, the rooms made meanwhile, chat, seats.

A room's status is ``waiting``, ``playing``, ``over`` or ``abandoned``; the first two are
*open* (``OPEN``): rebuilt at start, and counted against the server's cap on rooms.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event, exists, func, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from threethirteen.datadir import data_dir
from threethirteen.server import tables as t
from threethirteen.server.groupcommit import GroupCommit

DB_FILE = "server.sqlite3"
BUSY_TIMEOUT_MS = 5000
# WAL with synchronous=NORMAL: a commit survives any crash of the server process (kill -9
# included); only a crash of the operating system or a power cut may lose the last ones.
# FULL syncs every commit to the disk (about four times slower here).
SYNC_VARIABLE = "THREE_THIRTEEN_SQLITE_SYNC"
MIGRATIONS = Path(__file__).parent / "migrations"
OPEN = ("waiting", "playing")  # the statuses of a room whose game may still be played


def default_url() -> str:
    """The SQLite file in the data directory."""
    return f"sqlite+aiosqlite:///{data_dir() / DB_FILE}"


def safe_url(url: str) -> str:
    """``url`` without its password, for messages."""
    return make_url(url).render_as_string(hide_password=True)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    person: bool
    player: str | None = None  # the person's browser id (statistics); never sent out


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    seat: int
    kind: str  # action, undo
    text: str
    client_id: str | None


@dataclass(frozen=True, slots=True)
class RoomRow:
    id: str
    status: str
    rules: dict[str, Any]
    seed: int
    options: dict[str, Any]
    host: int
    names: list[str] | None
    rematch: str | None
    seats: tuple[SeatRow, ...]
    active: float = 0.0  # unix seconds: when it was made, or its last entry's, if later


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game as one of its people played it: the room, their seat, when it
    ended (unix seconds), its record and every seat's kind (``human`` or a bot's name)."""

    room: str
    seat: int
    finished: float
    record: dict[str, Any]
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Append:
    """One ``Store.append``: a room's log entry and, if it ends the game, the end."""

    room: str
    entry: LogEntry
    finish: Finish | None


Job = Callable[[AsyncConnection], Awaitable[None]]  # statements of one write, in a transaction


@dataclass(frozen=True, slots=True)
class Finish:
    """What a game's last entry commits with it: the record and each person's result."""

    record: Mapping[str, Any]
    people: Sequence[tuple[str, int, bool, int, int]]  # name, total, won, rounds, go-outs


class Store:
    """One database, opened by ``open``."""

    def __init__(self, engine: AsyncEngine, *, one_writer: bool = False,
                 sqlite_file: str | None = None) -> None:
        self.engine = engine
        # SQLite: the log entries go through a connection of their own, driven directly
        # (a tenth of the CPU of SQLAlchemy's path for the server's most frequent write)
        self._sqlite_file = sqlite_file
        self._log_writer: Any = None
        self._stats_lock = asyncio.Lock()
        # SQLite has one writer at a time; queueing here beats its busy-wait sleeps
        self._write_lock: asyncio.Lock | None = asyncio.Lock() if one_writer else None

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        """A transaction for writes, committed on leaving."""
        if self._write_lock is None:
            async with self.engine.begin() as connection:
                yield connection
            return
        async with self._write_lock, self.engine.begin() as connection:
            yield connection

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Connect to ``url`` (default: the SQLite file) and run the migrations."""
        url = url or default_url()
        parsed = make_url(url)
        sqlite = parsed.get_backend_name() == "sqlite"
        if sqlite and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        # hide_parameters: a failed statement's error (and its log line) must not show
        # the values it wrote (an action's card, a chat, a token's hash)
        engine = create_async_engine(url, pool_pre_ping=not sqlite, hide_parameters=True)
        if sqlite:
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine, one_writer=sqlite, sqlite_file=parsed.database if sqlite and
                    parsed.database and parsed.database != ":memory:" else None)
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade)
        return store

    async def close(self) -> None:
        if self._log_writer is not None:
            await self._log_writer.close()
            self._log_writer = None
        await self.engine.dispose()

    # -- writes ------------------------------------------------------------------

    async def create_room(self, room: RoomRow) -> None:
        """A new room (waiting, or already playing under ``room.names``)."""
        async def job(c: AsyncConnection) -> None:
            await c.execute(insert(t.rooms).values(
                id=room.id, created=time.time(), status=room.status,
                rules=json.dumps(room.rules), seed=room.seed, options=json.dumps(room.options),
                host=room.host, names=None if room.names is None else json.dumps(room.names),
                rematch=None))
            await c.execute(insert(t.seats), [
                {"room": room.id, "seat": s.seat, "kind": s.kind, "name": s.name,
                 "token_hash": s.token_hash, "person": int(s.person), "player": s.player}
                for s in room.seats])

        await self._write(job)

    async def set_seat(self, room: str, seat: SeatRow, host: int | None = None) -> None:
        """Change one seat (and the room's host with it, if given)."""
        async def job(c: AsyncConnection) -> None:
            await c.execute(update(t.seats).where(t.seats.c.room == room,
                                                  t.seats.c.seat == seat.seat).values(
                kind=seat.kind, name=seat.name, token_hash=seat.token_hash,
                person=int(seat.person), player=seat.player))
            if host is not None:
                await c.execute(update(t.rooms).where(t.rooms.c.id == room).values(host=host))

        await self._write(job)

    async def start(self, room: str, names: Sequence[str], seats: Sequence[SeatRow]) -> None:
        async def job(c: AsyncConnection) -> None:
            await c.execute(update(t.rooms).where(t.rooms.c.id == room).values(
                status="playing", names=json.dumps(list(names))))
            for seat in seats:
                await c.execute(update(t.seats).where(
                    t.seats.c.room == room, t.seats.c.seat == seat.seat).values(
                    kind=seat.kind, name=seat.name, person=int(seat.person)))

        await self._write(job)

    _writes: GroupCommit[Append | Job] | None = None  # made at the first write

    async def _write(self, item: Append | Job) -> None:
        """Commit ``item`` (with the others that arrive meanwhile); return once committed."""
        if self._writes is None:
            self._writes = GroupCommit(self._write_group)
        await self._writes.submit(item)

    async def _write_group(self, group: Sequence[Append | Job]) -> None:
        """One transaction for ``group``, in order: runs of log entries are one multi-row
        insert each (and the games they end), other writes their own statements."""
        ends = any(isinstance(item, Append) and item.finish is not None for item in group)
        if self._sqlite_file is not None and not ends and all(
                isinstance(item, Append) for item in group):
            await self._append_sqlite([item for item in group if isinstance(item, Append)])
            return
        async with self._stats_lock if ends else contextlib.nullcontext(), \
                self._writing() as c:
            appends: list[Append] = []
            for item in group:
                if isinstance(item, Append):
                    appends.append(item)
                    continue
                await _append_rows(c, appends)
                appends = []
                await item(c)
            await _append_rows(c, appends)

    async def append(self, room: str, entry: LogEntry, finish: Finish | None = None) -> None:
        """Commit one log entry (and the end of the game with it); return once committed.

        The entries of many rooms that arrive together share one transaction (a group
        commit); each caller still returns only after its own entry is committed."""
        await self._write(Append(room, entry, finish))

    async def _append_sqlite(self, group: Sequence[Append]) -> None:
        """Log entries that end no game, on SQLite: one multi-row insert and a commit on
        the store's own connection (the same transaction as SQLAlchemy's path writes)."""
        assert self._write_lock is not None and self._sqlite_file is not None
        async with self._write_lock:
            if self._log_writer is None:
                import aiosqlite

                writer = await aiosqlite.connect(self._sqlite_file)
                await writer.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
                await writer.execute(f"PRAGMA synchronous={_sync_mode()}")
                await writer.execute("PRAGMA foreign_keys=ON")
                self._log_writer = writer
            writer = self._log_writer
            try:
                await writer.executemany(_INSERT_ENTRY, [
                    (a.room, a.entry.seq, a.entry.seat, a.entry.kind, a.entry.text,
                     a.entry.client_id, time.time()) for a in group])
                await writer.commit()
            except BaseException:
                with contextlib.suppress(Exception):
                    await writer.rollback()
                raise

    async def set_rematch(self, room: str, rematch: str) -> None:
        async def job(c: AsyncConnection) -> None:
            await c.execute(update(t.rooms).where(t.rooms.c.id == room).values(rematch=rematch))

        await self._write(job)

    async def add_chat(self, room: str, seat: int | None, name: str | None, text: str) -> None:
        async def job(c: AsyncConnection) -> None:
            await c.execute(insert(t.chat).values(room=room, seat=seat, name=name, text=text,
                                                  created=time.time()))

        await self._write(job)

    async def set_options(self, room: str, options: Mapping[str, Any]) -> None:
        """The room's options from now on (its one person changed the bots' pace)."""
        async def job(c: AsyncConnection) -> None:
            await c.execute(update(t.rooms).where(t.rooms.c.id == room)
                            .values(options=json.dumps(options)))

        await self._write(job)

    async def add_hint(self, room: str, seq: int, seat: int, options: Any) -> None:
        async def job(c: AsyncConnection) -> None:
            await c.execute(insert(t.hints).values(room=room, seq=seq, seat=seat,
                                                   options=json.dumps(options),
                                                   created=time.time()))

        await self._write(job)

    async def abandon(self, room: str, idle_since: float | None = None) -> bool:
        """Mark an open room abandoned (its log and seats stay); False if it was not open.
        With ``idle_since`` (unix seconds), only if nothing was logged since then either
        and it is older (a room asleep in the database, closed without being loaded)."""
        done: list[bool] = []

        async def job(c: AsyncConnection) -> None:
            where = [t.rooms.c.id == room, t.rooms.c.status.in_(OPEN)]
            if idle_since is not None:
                where += [t.rooms.c.created < idle_since, ~_logged_since(idle_since)]
            found = await c.execute(update(t.rooms).where(*where).values(status="abandoned"))
            done.append(found.rowcount == 1)

        await self._write(job)
        return done[-1]

    # -- reads -------------------------------------------------------------------

    async def unfinished(self) -> list[tuple[RoomRow, list[LogEntry]]]:
        """Every open room (not over, not abandoned), with its log in order."""
        async with self.engine.connect() as c:
            ids = (await c.execute(select(t.rooms.c.id).where(t.rooms.c.status.in_(OPEN))
                                   .order_by(t.rooms.c.created))).scalars().all()
            found = []
            for room_id in ids:
                row = await _room(c, room_id)
                if row is not None:
                    found.append((row, await _log(c, room_id)))
            return found

    async def open_rooms(self) -> int:
        """How many rooms are open (waiting or playing)."""
        async with self.engine.connect() as c:
            found = await c.execute(select(func.count()).select_from(t.rooms)
                                    .where(t.rooms.c.status.in_(OPEN)))
            return int(found.scalar_one())

    async def idle_rooms(self, since: float) -> list[str]:
        """The open rooms made before ``since`` (unix seconds) with nothing logged since."""
        async with self.engine.connect() as c:
            found = await c.execute(select(t.rooms.c.id).where(
                t.rooms.c.status.in_(OPEN), t.rooms.c.created < since,
                ~_logged_since(since)))
            return list(found.scalars().all())

    async def room(self, room_id: str) -> RoomRow | None:
        async with self.engine.connect() as c:
            return await _room(c, room_id)

    async def log(self, room_id: str) -> list[LogEntry]:
        async with self.engine.connect() as c:
            return await _log(c, room_id)

    async def chat(self, room_id: str, last: int) -> list[tuple[int | None, str | None, str]]:
        """The room's ``last`` chat messages, oldest first: (seat, name, text)."""
        async with self.engine.connect() as c:
            rows = (await c.execute(select(t.chat.c.seat, t.chat.c.name, t.chat.c.text)
                                    .where(t.chat.c.room == room_id)
                                    .order_by(t.chat.c.id.desc()).limit(last))).all()
        return [(seat, name, text) for seat, name, text in reversed(rows)]

    async def record(self, room_id: str) -> dict[str, Any] | None:
        """The finished game's record, with its hints (if any)."""
        async with self.engine.connect() as c:
            text = (await c.execute(select(t.records.c.record)
                                    .where(t.records.c.room == room_id))).scalar()
            if text is None:
                return None
            record: dict[str, Any] = json.loads(text)
            rows = (await c.execute(select(t.hints.c.seq, t.hints.c.seat, t.hints.c.options)
                                    .where(t.hints.c.room == room_id)
                                    .order_by(t.hints.c.id))).all()
            if rows:
                record["hints"] = [{"version": seq, "seat": seat, "options": json.loads(opts)}
                                   for seq, seat, opts in rows]
            undos = (await c.execute(select(t.actions.c.seq, t.actions.c.seat).where(
                t.actions.c.room == room_id, t.actions.c.kind == "undo")
                .order_by(t.actions.c.seq))).all()
            if undos:
                record["undos"] = [{"version": seq, "seat": seat} for seq, seat in undos]
            return record

    async def player_games(self, player: str) -> list[PlayedGame]:
        """Every finished game a person of browser ``player`` played to its end (a seat
        given to a bot does not count), newest first."""
        async with self.engine.connect() as c:
            rows = (await c.execute(
                select(t.seats.c.room, t.seats.c.seat, t.records.c.record,
                       t.records.c.finished)
                .join(t.records, t.records.c.room == t.seats.c.room)
                .where(t.seats.c.player == player, t.seats.c.kind == "human",
                       t.seats.c.person == 1)
                .order_by(t.records.c.finished.desc(), t.seats.c.room))).all()
            kinds: dict[str, dict[int, str]] = {}
            rooms = [row.room for row in rows]
            for start in range(0, len(rooms), 500):
                for room, seat, kind in (await c.execute(
                        select(t.seats.c.room, t.seats.c.seat, t.seats.c.kind)
                        .where(t.seats.c.room.in_(rooms[start:start + 500])))).all():
                    kinds.setdefault(room, {})[seat] = kind
        return [PlayedGame(row.room, row.seat, row.finished, json.loads(row.record),
                           tuple(kind for _, kind in sorted(kinds.get(row.room, {}).items())))
                for row in rows]

    async def stats(self, name: str) -> dict[str, Any] | None:
        async with self.engine.connect() as c:
            row = (await c.execute(select(t.stats).where(t.stats.c.name == name))).first()
        if row is None:
            return None
        return {"name": row.name, "games": row.games, "wins": row.wins,
                "average_points_per_round": round(row.points / row.rounds, 2) if row.rounds
                else None,
                "best_game": row.best_game, "worst_game": row.worst_game,
                "go_outs": row.go_outs}


_INSERT_ENTRY = ("INSERT INTO actions (room, seq, seat, kind, text, client_id, created) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?)")


def _sync_mode() -> str:
    return "FULL" if os.environ.get(SYNC_VARIABLE, "NORMAL").upper() == "FULL" else "NORMAL"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute(f"PRAGMA synchronous={_sync_mode()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _logged_since(since: float) -> Any:
    """A room's log has an entry made at ``since`` (unix seconds) or later."""
    return exists().where(t.actions.c.room == t.rooms.c.id, t.actions.c.created >= since)


async def _append_rows(c: AsyncConnection, group: Sequence[Append]) -> None:
    """Log entries (one multi-row insert) and the games they end."""
    if not group:
        return
    await c.execute(insert(t.actions), [_entry_row(a.room, a.entry) for a in group])
    for append in group:
        if append.finish is None:
            continue
        await c.execute(update(t.rooms).where(t.rooms.c.id == append.room)
                        .values(status="over"))
        await c.execute(insert(t.records).values(
            room=append.room, record=json.dumps(append.finish.record), finished=time.time()))
        for person in append.finish.people:
            await _add_stats(c, *person)


def _entry_row(room: str, entry: LogEntry) -> dict[str, Any]:
    return {"room": room, "seq": entry.seq, "seat": entry.seat, "kind": entry.kind,
            "text": entry.text, "client_id": entry.client_id, "created": time.time()}


async def _add_stats(c: AsyncConnection, name: str, total: int, won: bool, rounds: int,
                     go_outs: int) -> None:
    row = (await c.execute(select(t.stats).where(t.stats.c.name == name))).first()
    if row is None:
        await c.execute(insert(t.stats).values(
            name=name, games=1, wins=int(won), rounds=rounds, points=total, best_game=total,
            worst_game=total, go_outs=go_outs))
        return
    await c.execute(update(t.stats).where(t.stats.c.name == name).values(
        games=row.games + 1, wins=row.wins + int(won), rounds=row.rounds + rounds,
        points=row.points + total,
        best_game=total if row.best_game is None else min(row.best_game, total),
        worst_game=total if row.worst_game is None else max(row.worst_game, total),
        go_outs=row.go_outs + go_outs))


async def _room(c: AsyncConnection, room_id: str) -> RoomRow | None:
    row = (await c.execute(select(t.rooms).where(t.rooms.c.id == room_id))).first()
    if row is None:
        return None
    seat_rows = (await c.execute(select(t.seats).where(t.seats.c.room == room_id)
                                 .order_by(t.seats.c.seat))).all()
    last = (await c.execute(select(func.max(t.actions.c.created))
                            .where(t.actions.c.room == room_id))).scalar()
    return RoomRow(
        id=row.id, status=row.status, rules=json.loads(row.rules), seed=row.seed,
        options=json.loads(row.options), host=row.host,
        names=None if row.names is None else json.loads(row.names), rematch=row.rematch,
        seats=tuple(SeatRow(s.seat, s.kind, s.name, s.token_hash, bool(s.person), s.player)
                    for s in seat_rows),
        active=max(row.created, last or 0.0))


async def _log(c: AsyncConnection, room_id: str) -> list[LogEntry]:
    rows = (await c.execute(select(t.actions).where(t.actions.c.room == room_id)
                            .order_by(t.actions.c.seq))).all()
    return [LogEntry(r.seq, r.seat, r.kind, r.text, r.client_id) for r in rows]
