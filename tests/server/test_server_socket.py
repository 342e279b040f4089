"""The WebSocket (INTERFACES.md §5 and docs/protocol.md): versions, ids, refusals,
reconnects, chat, kick, rematch, the turn timer, hints."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
import pytest
import websockets

from server.client import Socket, create, join, play_out
from server.serverproc import ServerProcess


async def _pair(server: ServerProcess, seats: list[str] | None = None,
                rules: dict[str, Any] | None = None,
                options: dict[str, Any] | None = None) -> tuple[Socket, Socket, str]:
    """A started room of two people (seat 0 and 1), both connected and in play."""
    ann = await create(server.base, seats or ["human", "human"], rules=rules or {"rounds": 2},
                       options=options or {"round_pause_seconds": 0})
    bob = await join(server.base, ann.room, "Bob")
    first = await Socket.open(server.ws, ann.room, ann.token)
    second = await Socket.open(server.ws, ann.room, bob.token)
    await first.until("state")
    await second.until("state")
    first.token, second.token = ann.token, bob.token  # type: ignore[attr-defined]
    return first, second, ann.room


def _to_act(first: Socket, second: Socket) -> tuple[Socket, Socket]:
    assert first.state is not None
    turn = first.state["view"]["turn"]
    return (first, second) if turn == 0 else (second, first)


async def _closed_code(socket: Socket) -> int:
    with pytest.raises(websockets.ConnectionClosed) as closed:
        for _ in range(50):
            await socket.recv(10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_versions_ids_and_refusals(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, _room = await _pair(server)
        actor, other = _to_act(first, second)
        assert actor.state is not None
        version = actor.state["version"]
        seat = actor.state["view"]["seat"]
        # another seat's action, from the seat to act and from the other
        await actor.send({"type": "action", "id": "x1", "version": version,
                          "action": f"{1 - seat}: draw stock"})
        assert (await actor.until("error"))["reason"] == "not-your-turn"
        await other.send({"type": "action", "id": "x2", "version": version,
                          "action": "draw stock"})
        refusal = await other.until("error")
        assert refusal["reason"] == "not-your-turn" and refusal["id"] == "x2"
        await actor.send({"type": "action", "id": "x3", "version": version,
                          "action": "discard Qs"})
        assert (await actor.until("error"))["reason"] == "must-draw-first"
        await actor.send({"type": "action", "id": "x4", "version": version,
                          "action": "fly away"})
        assert (await actor.until("error"))["reason"] == "bad-notation"
        await actor.send({"type": "action", "id": "x5", "version": version + 7,
                          "action": "draw stock"})
        assert (await actor.until("error"))["reason"] == "stale-version"
        assert (await actor.until("state"))["version"] == version
        # applied once, then the same id answers the current state, whatever it says
        await actor.send({"type": "action", "id": "go", "version": version,
                          "action": "draw stock"})
        assert (await actor.until("state"))["version"] == version + 1
        await other.until("state")
        await actor.send({"type": "action", "id": "go", "version": version,
                          "action": "draw discard"})
        again = await actor.until("state")
        assert again["version"] == version + 1 and again["view"]["phase"] == "discard"
        hand = again["view"]["hand"]
        await actor.send({"type": "action", "id": "x6", "version": version + 1,
                          "action": "draw stock"})
        assert (await actor.until("error"))["reason"] == "must-discard"
        missing = next(card for card in ("Ac", "2c", "3c", "4c", "5c", "6c", "7c")
                       if card not in hand)
        await actor.send({"type": "action", "id": "x7", "version": version + 1,
                          "action": f"discard {missing}"})
        refusal = await actor.until("error")
        assert refusal["reason"] == "card-not-in-hand" and missing in refusal["message"]
        for socket in (first, second):
            await socket.close()

    asyncio.run(run())


def test_bad_messages_spectators_and_tokens(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server)
        assert first.state is not None
        version = first.state["version"]
        hostile: list[Any] = [
            "not json", "[1, 2]", '{"type": "dance"}', '{"no": "type"}',
            '{"type": "action", "version": 0, "action": "draw stock"}',
            '{"type": "action", "id": 5, "version": 0, "action": "draw stock"}',
            '{"type": "action", "id": "a", "version": "0", "action": "draw stock"}',
            '{"type": "action", "id": "a", "version": 0.5, "action": "draw stock"}',
            '{"type": "chat", "text": "' + "x" * 501 + '"}',
            json.dumps({"type": "chat", "text": "y" * 5000}),
            "[" * 5000 + "]" * 5000,
            json.dumps({"type": "hello", "token": "again"}),
            b"\xff\xfe binary",
        ]
        for text in hostile:
            await first.connection.send(text)
            refusal = await first.until("error")
            assert refusal["reason"] == "bad-message", (text, refusal)
            assert "again" not in refusal["message"]
        watcher = await Socket.open(server.ws, room, None)
        state = await watcher.until("state")
        assert state["view"]["seat"] is None and state["view"]["hand"] is None
        await watcher.send({"type": "action", "id": "w", "version": version,
                            "action": "draw stock"})
        assert (await watcher.until("error"))["reason"] == "spectator"
        stranger = await Socket.open(server.ws, room, "not-a-token")
        assert (await stranger.until("error"))["reason"] == "bad-token"
        assert await _closed_code(stranger) == 4001
        # an unknown room answers at once and closes: no hello is needed (or possible)
        async with websockets.connect(f"{server.ws}/ws/no-such-room") as nowhere:
            assert json.loads(await nowhere.recv())["reason"] == "no-such-room"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await nowhere.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4004
        # nothing changed the game
        await first.send({"type": "action", "id": "again", "version": version + 1,
                          "action": "draw stock"})
        assert (await first.until("error"))["reason"] == "stale-version"
        for socket in (first, second, watcher):
            await socket.close()

    asyncio.run(run())


def test_floods_are_rate_limited(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, _room = await _pair(server)
        for number in range(80):
            await first.send({"type": "mute", "seat": 1, "muted": number % 2 == 0})
        reasons = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                message = await first.recv(1)
            except TimeoutError:
                break
            if message["type"] == "error":
                reasons.append(message["reason"])
        assert "rate-limited" in reasons
        await asyncio.sleep(2.1)  # the bucket fills again
        await first.send({"type": "mute", "seat": 1, "muted": False})
        assert (await first.until("room"))["room"]["seats"][1]["muted"] is False
        for socket in (first, second):
            await socket.close()

    asyncio.run(run())


def test_every_action_of_a_flood_is_answered_with_its_id(server: ServerProcess) -> None:
    """A rate-limited action is never dropped in silence: its sender would wait forever."""
    async def run() -> None:
        first, second, _room = await _pair(server)
        actor, _other = _to_act(first, second)
        assert actor.state is not None
        stale = actor.state["version"] + 5  # every action is refused, one way or another
        ids = [f"flood-{number}" for number in range(90)]
        for ident in ids:
            await actor.send({"type": "action", "id": ident, "version": stale,
                              "action": "draw stock"})
        answered: dict[str, str] = {}
        while len(answered) < len(ids):
            message = await actor.recv(10)
            if message["type"] == "error":
                answered[message["id"]] = message["reason"]
        assert set(answered) == set(ids)
        assert set(answered.values()) == {"stale-version", "rate-limited"}
        for socket in (first, second):
            await socket.close()

    asyncio.run(run())


def test_reconnecting_closes_the_old_socket_and_resends_the_state(
        server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server)
        await asyncio.gather(play_out(first, random.Random(1), stop_at=9),
                             play_out(second, random.Random(2), stop_at=9))
        token = first.token  # type: ignore[attr-defined]
        again = await Socket.open(server.ws, room, token)
        state = await again.until("state")
        assert first.state is not None and state["version"] >= first.state["version"]
        assert state["view"]["hand"] is not None and state["view"]["seat"] == 0
        assert await _closed_code(first) == 4002
        assert (await second.until("presence"))["connected"] == [True, True]
        await asyncio.gather(play_out(again, random.Random(3)),
                             play_out(second, random.Random(4)))
        assert again.state is not None and again.state["view"]["phase"] == "over"
        for socket in (again, second):
            await socket.close()

    asyncio.run(run())


def test_chat_limits_slow_mode_and_mute(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server)
        watcher = await Socket.open(server.ws, room, None)
        await watcher.until("state")
        await first.send({"type": "chat", "text": "h" * 500})
        said = await second.until("chat")
        assert said == {"type": "chat", "seat": 0, "name": "Ann", "text": "h" * 500}
        await first.send({"type": "chat", "text": "again"})
        assert (await first.until("error"))["reason"] == "slow-mode"
        await second.send({"type": "mute", "seat": 0, "muted": True})
        muted = await second.until("room")
        assert muted["room"]["seats"][0]["muted"] is True
        await asyncio.sleep(1.1)
        await first.send({"type": "chat", "text": "can you hear me"})
        assert (await watcher.until("chat"))["text"] == "h" * 500
        assert (await watcher.until("chat"))["text"] == "can you hear me"
        await watcher.send({"type": "chat", "text": "from the stands"})
        heard = await second.until("chat")  # the muted chat never arrives
        assert heard["seat"] is None and heard["text"] == "from the stands"
        for socket in (first, second, watcher):
            await socket.close()

    asyncio.run(run())


def test_the_host_kicks_a_seat_and_a_bot_takes_it(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server)
        await second.send({"type": "kick", "seat": 0})
        assert (await second.until("error"))["reason"] == "not-host"
        await first.send({"type": "kick", "seat": 1})
        assert (await second.until("kicked")) == {"type": "kicked"}
        assert await _closed_code(second) == 4003
        summary = httpx.get(f"{server.base}/api/rooms/{room}").json()
        assert summary["seats"][1]["kind"] == "medium"
        back = await Socket.open(server.ws, room, second.token)  # type: ignore[attr-defined]
        assert (await back.until("error"))["reason"] == "bad-token"
        await play_out(first, random.Random(5))
        assert first.state is not None and first.state["view"]["phase"] == "over"
        await first.close()

    asyncio.run(run())


def test_rematch_clicks_from_every_seat_make_one_room(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server, rules={"rounds": 1})
        await first.send({"type": "rematch"})
        assert (await first.until("error"))["reason"] == "not-over"
        await asyncio.gather(play_out(first, random.Random(6)),
                             play_out(second, random.Random(7)))
        await asyncio.gather(first.send({"type": "rematch"}), second.send({"type": "rematch"}),
                             first.send({"type": "rematch"}))
        firsts = [await first.until("rematch"), await first.until("rematch")]
        offers = [firsts[-1], await second.until("rematch")]  # a new click, a new token
        assert firsts[0]["room"] == offers[0]["room"] == offers[1]["room"] != room
        assert [offer["seat"] for offer in offers] == [0, 1]
        assert len({firsts[0]["token"], *(offer["token"] for offer in offers)}) == 3
        new = offers[0]["room"]
        stale = await Socket.open(server.ws, new, firsts[0]["token"])
        assert (await stale.until("error"))["reason"] == "bad-token"
        assert httpx.get(f"{server.base}/api/rooms/{room}").json()["rematch"] == new
        summary = httpx.get(f"{server.base}/api/rooms/{new}").json()
        assert summary["status"] == "playing"
        assert [seat["name"] for seat in summary["seats"]] == ["Ann", "Bob"]
        sockets = [await Socket.open(server.ws, new, offer["token"]) for offer in offers]
        states = [await socket.until("state") for socket in sockets]
        assert [state["view"]["seat"] for state in states] == [0, 1]
        for socket in (first, second, *sockets):
            await socket.close()

    asyncio.run(run())


def test_a_bot_plays_for_a_person_whose_timer_ran_out(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, _room = await _pair(server, options={"round_pause_seconds": 0,
                                                            "turn_seconds": 10})
        actor, other = _to_act(first, second)
        assert actor.state is not None
        seat, version = actor.state["view"]["seat"], actor.state["version"]
        timer = await other.until("timer")
        assert timer["seat"] == seat and timer["deadline"] > time.time() * 1000
        started = time.monotonic()
        while True:  # nobody acts: after 10 s a bot plays the whole turn
            state = await other.until("state", timeout=20)
            if state["view"]["turn"] != seat:
                break
        assert time.monotonic() - started >= 8
        assert state["version"] == version + 2
        assert state["room"]["seats"][seat]["away"] is True
        await actor.send({"type": "next"})  # the person is back
        while True:  # the room messages since the timeout, the last one without "away"
            back = await actor.until("room", timeout=10)
            if "away" not in back["room"]["seats"][seat]:
                break
        assert back["room"]["seats"][seat]["kind"] == "human"
        for socket in (first, second):
            await socket.close()

    asyncio.run(run())


def test_hints_for_the_seat_to_act(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, room = await _pair(server)
        actor, other = _to_act(first, second)
        await other.send({"type": "hint", "id": "h0"})
        assert (await other.until("error"))["reason"] == "not-your-turn"
        await actor.send({"type": "hint", "id": "h1"})
        hint = await actor.until("hint")
        assert actor.state is not None
        legal = {text.split(": ", 1)[1] for text in actor.state["view"]["legal"]}
        assert hint["id"] == "h1" and {o["action"] for o in hint["options"]} <= legal
        assert actor.state["analysis"]["deadwood"] >= 0
        for socket in (first, second):
            await socket.close()
        assert room

    asyncio.run(run())


def test_a_lone_person_takes_back_a_discard(server: ServerProcess) -> None:
    async def run() -> None:
        # first_turn_out off: the deal is random, and a bot going out on its first turn
        # would make the person's discard the round's last, which no undo takes back
        ann = await create(server.base, ["human", "random"],
                           rules={"rounds": 2, "first_turn_out": False},
                           options={"round_pause_seconds": 0, "bot_delay_ms": 3000})
        me = await Socket.open(server.ws, ann.room, ann.token)
        state = await me.until("state")
        while state["view"]["turn"] != 0:
            state = await me.until("state")
        assert state["can_undo"] is False
        await me.send({"type": "undo", "id": "u0"})
        assert (await me.until("error"))["reason"] == "undo-not-allowed"
        hand_before = sorted(state["view"]["hand"])
        await me.send({"type": "action", "id": "d", "version": state["version"],
                       "action": "draw stock"})
        drawn = await me.until("state")
        card = sorted(drawn["view"]["hand"])[0]
        await me.send({"type": "action", "id": "x", "version": drawn["version"],
                       "action": f"discard {card}"})
        discarded = await me.until("state")
        assert discarded["can_undo"] is True and discarded["view"]["turn"] == 1
        await me.send({"type": "undo", "id": "u1"})
        undone = await me.until("state")
        assert undone["version"] == discarded["version"] + 1  # versions only grow
        assert undone["view"]["phase"] == "discard" and undone["view"]["turn"] == 0
        assert sorted(undone["view"]["hand"]) == sorted(drawn["view"]["hand"])
        assert len(hand_before) + 1 == len(undone["view"]["hand"])
        await me.send({"type": "undo", "id": "u1"})  # the same id: the current state
        assert (await me.until("state"))["version"] == undone["version"]
        await me.close()

    asyncio.run(run())


def test_undo_is_refused_with_two_people(server: ServerProcess) -> None:
    async def run() -> None:
        first, second, _room = await _pair(server)
        await first.send({"type": "undo", "id": "u"})
        refusal = await first.until("error")
        assert refusal["reason"] == "undo-not-allowed" and refusal["id"] == "u"
        assert first.state is not None and first.state["can_undo"] is False
        for socket in (first, second):
            await socket.close()

    asyncio.run(run())
