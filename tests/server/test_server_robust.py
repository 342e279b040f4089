"""Robustness over the network: rematches that survive a restart and never wait for a
person who does not accept, rooms rebuilt once and whole, rooms that cannot be rebuilt
skipped, and the server's caps (rooms per address, open rooms, spectators)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable

import httpx
import pytest
import websockets

from server.client import Socket, create, join, play_out
from server.serverproc import ServerProcess
from server.test_server_socket import _closed_code, _pair
from threethirteen.server.store import LogEntry, SeatRow, Store
from threethirteen.server.tokens import hash_token, new_token

Spawn = Callable[..., ServerProcess]


async def _finished_pair(server: ServerProcess) -> tuple[Socket, Socket, str]:
    first, second, room = await _pair(server, rules={"rounds": 1})
    await asyncio.gather(play_out(first, random.Random(6)), play_out(second, random.Random(7)))
    return first, second, room


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_rematch_survives_a_kill_between_two_clicks(kind: str, spawn: Spawn) -> None:
    server = spawn(kind)
    server.start()

    async def run() -> None:
        first, second, room = await _finished_pair(server)
        await first.send({"type": "rematch"})
        ann = await first.until("rematch")
        new = ann["room"]
        server.kill()
        server.start()
        again = await Socket.open(server.ws, room, second.token)  # type: ignore[attr-defined]
        await again.until("state")
        await again.send({"type": "rematch"})
        bob = await again.until("rematch")
        assert bob["room"] == new and bob["seat"] == 1 and bob["token"] != ann["token"]
        sockets = [await Socket.open(server.ws, new, offer["token"]) for offer in (ann, bob)]
        states = [await socket.until("state") for socket in sockets]
        assert [state["view"]["seat"] for state in states] == [0, 1]
        assert states[0]["room"]["status"] == "playing"
        assert [seat["name"] for seat in states[0]["room"]["seats"]] == ["Ann", "Bob"]
        for socket in sockets:
            await socket.close()

    asyncio.run(run())


def test_a_person_who_never_accepts_does_not_stall_the_rematch(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _finished_pair(server)
        await second.send({"type": "rematch"})  # Bob accepts; Ann, the host, does not
        offer = await second.until("rematch")
        told = await first.until("room")
        assert told["room"]["rematch"] == offer["room"]
        stranger = httpx.post(f"{server.base}/api/rooms/{offer['room']}/join",
                              json={"name": "Cy"})
        assert stranger.status_code == 409  # Ann's seat is kept for her
        bob = await Socket.open(server.ws, offer["room"], offer["token"])
        waiting = (await bob.until("room"))["room"]
        assert waiting["status"] == "waiting" and waiting["host"] == 1
        assert [seat["name"] for seat in waiting["seats"]] == ["Ann", "Bob"]
        await bob.send({"type": "start"})  # the first to accept starts without the host
        state = await bob.until("state")
        assert state["room"]["status"] == "playing"
        assert state["room"]["seats"][0]["kind"] == "medium"
        await first.send({"type": "rematch"})
        assert (await first.until("error"))["reason"] == "room-full"
        await play_out(bob, random.Random(8))  # the bot plays Ann's seat: nobody waits
        for socket in (first, second, bob):
            await socket.close()
        assert room

    asyncio.run(run())


def test_a_finished_room_is_never_seen_half_rebuilt(server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "random"], rules={"rounds": 1},
                           options={"round_pause_seconds": 0, "bot_delay_ms": 0})
        me = await Socket.open(server.ws, ann.room, ann.token)
        await play_out(me, random.Random(9))
        await me.close()
        await asyncio.sleep(0.5)  # the last socket left: the room leaves memory
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            answers = await asyncio.gather(*(http.get(f"/api/rooms/{ann.room}")
                                             for _ in range(30)))
        assert {answer.json()["status"] for answer in answers} == {"over"}

    asyncio.run(run())


def _offline(server: ServerProcess, change: Callable[[Store], object]) -> None:
    """Stop the server, change its database directly, start it again."""
    server.stop()

    async def edit() -> None:
        store = await Store.open(server.url)
        try:
            await change(store)  # type: ignore[misc]
        finally:
            await store.close()

    asyncio.run(edit())
    server.start()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_room_seated_but_not_started_starts_on_restart(kind: str, spawn: Spawn) -> None:
    server = spawn(kind)
    server.start()
    ann = asyncio.run(create(server.base, ["human", "human"], rules={"rounds": 1}))
    token = new_token()  # as if the server died between Bob's join and the start
    _offline(server, lambda store: store.set_seat(
        ann.room, SeatRow(1, "human", "Bob", hash_token(token), True)))
    assert httpx.get(f"{server.base}/api/rooms/{ann.room}").json()["status"] == "playing"

    async def run() -> None:
        bob = await Socket.open(server.ws, ann.room, token)
        assert (await bob.until("state"))["view"]["seat"] == 1
        await bob.close()

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_log_that_does_not_replay_skips_its_room_only(kind: str, spawn: Spawn) -> None:
    server = spawn(kind)
    server.start()

    async def rooms() -> tuple[str, str, str]:
        first, second, room = await _pair(server, rules={"rounds": 2})
        await asyncio.gather(play_out(first, random.Random(1), stop_at=5),
                             play_out(second, random.Random(2), stop_at=5))
        assert first.state is not None
        for socket in (first, second):
            await socket.close()
        good = await create(server.base, ["human", "random"], rules={"rounds": 1})
        return room, good.room, good.token

    broken, good, token = asyncio.run(rooms())
    assert httpx.get(f"{server.base}/api/rooms/{broken}").json()["status"] == "playing"
    seq = len_log(server, broken) + 1
    _offline(server, lambda store: store.append(broken, LogEntry(seq, 0, "action",
                                                                 "discard Zz", None)))
    answer = httpx.get(f"{server.base}/api/rooms/{broken}")
    assert answer.status_code == 500 and answer.json()["reason"] == "room-broken"
    assert httpx.get(f"{server.base}/api/rooms/{good}").json()["status"] == "playing"
    log = server.log.read_text(errors="replace")
    assert broken in log and "skipped" in log and "Zz" not in log

    async def run() -> None:
        me = await Socket.open(server.ws, good, token)
        assert (await me.until("state"))["view"]["seat"] == 0
        async with websockets.connect(f"{server.ws}/ws/{broken}") as watcher:
            refusal = json.loads(await asyncio.wait_for(watcher.recv(), 10))
            assert refusal["reason"] == "room-broken"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(watcher.recv(), 10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4004
        await me.close()

    asyncio.run(run())


def len_log(server: ServerProcess, room: str) -> int:
    async def count() -> int:
        store = await Store.open(server.url)
        try:
            return len(await store.log(room))
        finally:
            await store.close()

    return asyncio.run(count())


@pytest.mark.parametrize("kind", ["sqlite"])
def test_rooms_per_address_open_rooms_and_spectators_are_capped(
        kind: str, spawn: Spawn) -> None:
    server = spawn(kind, {"THREE_THIRTEEN_ROOMS_PER_MINUTE": "4",
                          "THREE_THIRTEEN_MAX_ROOMS": "2",
                          "THREE_THIRTEEN_MAX_SPECTATORS": "2"})
    server.start()
    body = {"name": "Ann", "seats": ["human", "human"]}

    async def run() -> None:
        made = [await create(server.base, ["human", "human"]) for _ in range(2)]
        hosts = [await Socket.open(server.ws, seated.room, seated.token) for seated in made]
        for host in hosts:
            await host.until("room")
        full = httpx.post(f"{server.base}/api/rooms", json=body)  # both rooms are in use
        assert full.status_code == 503 and full.json()["reason"] == "too-many-rooms"
        watchers = [await Socket.open(server.ws, made[0].room, None) for _ in range(2)]
        for watcher in watchers:
            await watcher.until("room")
        extra = await Socket.open(server.ws, made[0].room, None)
        assert (await extra.until("error"))["reason"] == "too-many-spectators"
        assert await _closed_code(extra) == 4009
        for socket in (*watchers, hosts[1]):
            await socket.close()
        await asyncio.sleep(0.5)  # a room that left memory is still open: still counted
        still = httpx.post(f"{server.base}/api/rooms", json=body)
        assert still.status_code == 503 and still.json()["reason"] == "too-many-rooms"
        over = httpx.post(f"{server.base}/api/rooms", json=body)  # the 5th this minute
        assert over.status_code == 429 and over.json()["reason"] == "too-many-rooms"
        bob = await join(server.base, made[1].room, "Bob")  # a room that left memory
        assert bob.seat == 1
        again = await Socket.open(server.ws, made[1].room, made[1].token)
        assert (await again.until("state"))["view"]["seat"] == 0
        for socket in (hosts[0], again):
            await socket.close()

    asyncio.run(run())


def test_a_room_without_spectators_turns_a_watcher_away(server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "human"], options={"spectators": False})
        watcher = await Socket.open(server.ws, ann.room, None)
        assert (await watcher.until("error"))["reason"] == "no-spectators"
        assert await _closed_code(watcher) == 4005

    asyncio.run(run())


def test_a_seed_is_for_a_game_against_bots_only(server: ServerProcess) -> None:
    async def first_hand(seed: int) -> list[str]:
        ann = await create(server.base, ["human", "random", "random"], rules={"rounds": 1},
                           options={"bot_delay_ms": 5000}, seed=seed)
        me = await Socket.open(server.ws, ann.room, ann.token)
        state = await me.until("state")  # the bots may have moved: never the person
        await me.close()
        hand: list[str] = state["view"]["hand"]
        return hand

    async def run() -> None:
        one, two = await first_hand(2**63 - 1), await first_hand(2**63 - 1)
        assert one == two
        assert await first_hand(12345) != one

    asyncio.run(run())
    for body, reason in (({"seats": ["human", "human"], "seed": 1}, "seed-not-allowed"),
                         ({"seats": ["human", "easy"], "seed": -1}, "bad-message"),
                         ({"seats": ["human", "easy"], "seed": 2**63}, "bad-message"),
                         ({"seats": ["human", "easy"], "seed": "1"}, "bad-message")):
        answer = httpx.post(f"{server.base}/api/rooms", json={"name": "Ann", **body})
        assert answer.status_code == 400 and answer.json()["reason"] == reason
