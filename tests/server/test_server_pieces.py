"""The server's robustness pieces in-process: a stuck socket is dropped at once, messages are
capped in bytes, failed writes hide their values, idle rooms leave memory and come back
whole, spectators' chat spacing is forgotten, the timer's and the bots' failures are bounded
and logged."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from server.conftest import database_url
from server.serverproc import drop_postgres
from threethirteen.server import driver
from threethirteen.server.clients import MAX_QUEUED, Client
from threethirteen.server.lobby import Lobby
from threethirteen.server.protocol import (
    MAX_MESSAGE_BYTES,
    BadMessage,
    Chat,
    CreateRoom,
    parse_client,
)
from threethirteen.server.room import Evicted, Room
from threethirteen.server.store import LogEntry, RoomRow, SeatRow, Store
from threethirteen.server.viewjson import dumps

T = TypeVar("T")


def test_a_message_is_capped_in_utf8_bytes() -> None:
    emoji = "\N{GRINNING FACE}"  # one character, four bytes
    text = json.dumps({"type": "chat", "text": emoji * 500}, ensure_ascii=False) + " " * 3500
    assert len(text) < MAX_MESSAGE_BYTES < len(text.encode("utf-8"))
    with pytest.raises(BadMessage, match="bytes"):
        parse_client(text)
    assert isinstance(parse_client(text[:MAX_MESSAGE_BYTES - 1600]), Chat)


def test_a_socket_that_stopped_reading_is_closed_at_once() -> None:
    async def run() -> list[int]:
        closed: list[int] = []
        stuck = asyncio.Event()

        async def write(_text: str) -> None:
            await stuck.wait()  # the peer never reads

        async def close(code: int) -> None:
            closed.append(code)

        client = Client(write, close)
        for number in range(MAX_QUEUED + 2):
            client.send({"type": "chat", "n": number})
        await asyncio.sleep(0.2)  # not behind the thousand queued messages
        return closed

    assert asyncio.run(run()) == [1008]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_failed_write_does_not_show_its_values(kind: str, tmp_path: Path) -> None:
    url = database_url(kind, tmp_path)

    async def run() -> str:
        store = await Store.open(url)
        try:
            await store.create_room(_row("r1"))
            entry = LogEntry(1, 0, "action", "discard Kd", "secret-id")
            await store.append("r1", entry)
            with pytest.raises(Exception) as failed:
                await store.append("r1", entry)  # the same seq twice
            return str(failed.value)
        finally:
            await store.close()

    try:
        message = asyncio.run(run())
    finally:
        if kind == "postgresql":
            drop_postgres(url)
    assert "discard Kd" not in message and "secret-id" not in message
    assert "unique" in message.lower()  # why it failed, without the values written


def _row(room_id: str) -> RoomRow:
    return RoomRow(id=room_id, status="waiting", rules={"players": 2}, seed=1, options={},
                   host=0, names=None, rematch=None,
                   seats=(SeatRow(0, "human", "Ann", "h", True), SeatRow(1, "random", "Left",
                                                                          None, False)))


async def _lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
    lobby = Lobby(store)
    try:
        yield lobby
    finally:
        lobby.close()
        await store.close()


def _in_lobby(tmp_path: Path, body: Callable[[Lobby], Awaitable[T]]) -> T:
    async def run() -> T:
        async for lobby in _lobby(tmp_path):
            return await body(lobby)
        raise AssertionError

    return asyncio.run(run())


def _client(seen: list[dict[str, Any]]) -> Client:
    async def write(text: str) -> None:
        seen.append(json.loads(text))

    async def close(_code: int) -> None:
        return None

    return Client(write, close)


async def _solo(lobby: Lobby, **options: Any) -> tuple[Room, str]:
    body = CreateRoom(name="Ann", seats=["human", "random"], rules={"rounds": 2},
                      options={"round_pause_seconds": 0, "bot_delay_ms": 0, **options})
    return await lobby.create(body)


async def _until(check: Callable[[], bool], seconds: float = 10) -> None:
    for _ in range(int(seconds * 50)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not in time")


def test_an_idle_room_leaves_memory_and_comes_back_whole(tmp_path: Path) -> None:
    async def body(lobby: Lobby) -> None:
        room, token = await _solo(lobby)
        await _until(room.can_sleep)  # the bot moved: the person is to act
        seen: list[dict[str, Any]] = []
        client = _client(seen)
        await room.hello(client, token)
        assert not room.can_sleep()  # a socket holds it
        for seat in (None, 0, 1):  # a state's room summary, written with its fixed parts
            assert room.summary_text(seat) == dumps(room.summary(seat))
        await room.leave(client)
        assert lobby.sleep_idle(60.0) == 0  # not idle long enough
        assert lobby.sleep_idle(0.0) == 1 and room.id not in lobby.rooms
        with pytest.raises(Evicted):
            await room.hello(_client([]), token)
        again = await lobby.get(room.id)
        assert again is not None and again is not room
        assert (again.version, again.status, again.game.turn) == (  # type: ignore[union-attr]
            room.version, room.status, room.game.turn)  # type: ignore[union-attr]

    _in_lobby(tmp_path, body)


def test_a_room_whose_bot_is_to_move_keeps_playing(tmp_path: Path) -> None:
    async def body(lobby: Lobby) -> None:
        room, _token = await _solo(lobby)
        await _until(room.can_sleep)
        room.away.add(0)  # the person's timer ran out: a bot plays their seat
        assert not room.can_sleep() and lobby.sleep_idle(0.0) == 0
        room.away.clear()

    _in_lobby(tmp_path, body)


def test_a_spectator_s_chat_spacing_leaves_with_it(tmp_path: Path) -> None:
    async def body(lobby: Lobby) -> None:
        room, _token = await _solo(lobby)
        for _ in range(3):
            watcher = _client([])
            await room.hello(watcher, None)
            await room.handle(watcher, Chat(type="chat", text="hi"))
            await room.leave(watcher)
        assert room.chat.said_at == {}

    _in_lobby(tmp_path, body)


def test_a_failing_turn_timer_is_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                        ) -> None:
    async def body(lobby: Lobby) -> None:
        room, _token = await _solo(lobby)

        async def broken(_key: tuple[int, int]) -> None:
            raise RuntimeError("the timer broke")

        room.clocks.timed_out = broken  # type: ignore[method-assign]
        room.clocks.time_out((0, 1))
        assert room.clocks.task is not None
        await asyncio.sleep(0.05)
        assert room.clocks.task is None

    with caplog.at_level(logging.ERROR, logger="threethirteen.server"):
        _in_lobby(tmp_path, body)
    assert any("turn timer failed" in record.getMessage() for record in caplog.records)


def test_the_bots_give_up_on_a_failing_database_without_holding_the_lock(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "RETRY_SECONDS", 0.05)

    async def body(lobby: Lobby) -> None:
        room, token = await _solo(lobby)
        await _until(room.can_sleep)
        tries: list[int] = []

        async def refuse(*_args: Any, **_kwargs: Any) -> None:
            tries.append(1)
            await asyncio.sleep(0)
            raise OSError("the database is gone")

        room.store.append = refuse  # type: ignore[method-assign]
        room.away.add(0)  # a bot is to play the person's seat
        room.wake()
        waited = []
        for _ in range(5):
            await asyncio.sleep(0.03)
            moment = asyncio.get_running_loop().time()
            async with room.lock:
                waited.append(asyncio.get_running_loop().time() - moment)
        await asyncio.sleep(0.5)
        assert len(tries) == driver.COMMIT_TRIES
        assert max(waited) < 0.04  # the lock is free between tries
        assert token

    with caplog.at_level(logging.WARNING, logger="threethirteen.server"):
        _in_lobby(tmp_path, body)
    text = caplog.text
    assert "refused a bot's move 5 times" in text
