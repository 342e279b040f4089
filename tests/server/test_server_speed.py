"""Speed rooms ("3-13 Speed") against a real server on loopback, on SQLite and on
PostgreSQL: rooms of 2 to 16 seats, whole games of people and bots through WebSockets
(each seat sent its own view only, replayed exactly from the room's log), the version
rule of a step, the caller's timeout and its deadline, a kill -9 in the middle of a game,
and the refusals of what speed rooms do not have."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from referee import referee

from server.checks import record_of
from server.client import Socket, create, join, watch
from server.crashing import kill_as_it_plays, reconnecting
from server.serverproc import ServerProcess
from server.speedclient import check_states, play_speed, replay_views, room_log
from threethirteen.rules import Rules
from threethirteen.server import speedtable
from threethirteen.server.speedjson import SpeedViewText
from threethirteen.server.store import LogEntry
from threethirteen.server.versions import Audience
from threethirteen.server.viewjson import GameText, dumps
from threethirteen.speedrecord import replay_speed_record, speed_record

Spawn = Callable[..., ServerProcess]
FAST = {"round_pause_seconds": 0, "bot_delay_ms": 0}


def _checked_record(server: ServerProcess, room: str, sockets: list[tuple[int | None, Socket]]
                    ) -> tuple[dict[str, Any], int]:
    """The finished room's record: it replays with ``speedrecord``, the referee finds no
    foul, it is the record of the room's log replayed; every socket's states are checked
    against that replay. The record and the states checked."""
    record = record_of(server.base, room)
    assert replay_speed_record(record) is not None
    assert referee(record) == []
    log = asyncio.run(room_log(server, room))
    game, views = replay_views(record, log, [seat for seat, _ in sockets])
    assert game.is_over and speed_record(game) == record
    checked = sum(check_states(seat, socket.seen, views) for seat, socket in sockets)
    for _, socket in sockets:
        assert socket.state is not None and socket.state["version"] == len(log)
    return record, checked


def test_a_whole_speed_game_of_two_people_and_six_bots(server: ServerProcess) -> None:
    seats = ["human", "greedy", "random", "easy", "human", "medium", "expert", "greedy"]

    async def play() -> tuple[str, list[tuple[int | None, Socket]]]:
        ann = await create(server.base, seats, rules={"preset": "speed", "speed_seconds": 3},
                           name="Speedy Ann", options=FAST)
        first = await Socket.open(server.ws, ann.room, ann.token)
        watcher = await Socket.open(server.ws, ann.room, None)
        bob = await join(server.base, ann.room, "Speedy Bob")
        assert bob.seat == 4
        second = await Socket.open(server.ws, ann.room, bob.token)
        await asyncio.gather(play_speed(first, random.Random(1)),
                             play_speed(second, random.Random(2)), watch(watcher))
        for socket in (first, second, watcher):
            await socket.close()
        return ann.room, [(0, first), (4, second), (None, watcher)]

    started = time.monotonic()
    room, sockets = asyncio.run(play())
    record, checked = _checked_record(server, room, sockets)
    assert len(record["rounds"]) >= 11 and record["rules"]["players"] == 8
    assert checked > 100, checked
    summary = httpx.get(f"{server.base}/api/rooms/{room}").json()
    assert summary["status"] == "over" and summary["rules"]["mode"] == "speed"
    analysis = httpx.get(f"{server.base}/api/rooms/{room}/analysis", timeout=10)
    assert analysis.status_code == 409 and analysis.json()["reason"] == "not-in-speed"
    for seat, name in ((0, "Speedy Ann"), (4, "Speedy Bob")):  # statistics count speed games
        stats = httpx.get(f"{server.base}/api/stats/{name}").json()
        assert stats["games"] == 1 and stats["best_game"] == record["totals"][seat]
    print(f"{checked} states checked in {time.monotonic() - started:.1f} s")


def test_speed_rooms_have_2_to_16_seats(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.base, timeout=10)

    def post(rules: dict[str, Any], seats: list[str], **more: Any) -> httpx.Response:
        return http.post("/api/rooms", json={"name": "Ann", "rules": rules, "seats": seats,
                                             **more})

    for count, decks in ((2, 4), (12, 4), (16, 6)):  # the preset's 4 decks, while enough
        made = post({"preset": "speed"}, ["human", "human", *["random"] * (count - 2)])
        assert made.status_code == 201, made.text
        room = http.get(f"/api/rooms/{made.json()['room']}").json()
        assert room["status"] == "waiting" and len(room["seats"]) == count
        assert room["rules"]["mode"] == "speed" and room["rules"]["players"] == count
        assert room["rules"]["decks"] == decks
    named = post({"preset": "speed", "players": 3, "decks": 2}, ["human", "human", "easy"])
    assert named.status_code == 201 and http.get(
        f"/api/rooms/{named.json()['room']}").json()["rules"]["decks"] == 2

    def refused(answer: httpx.Response, reason: str, says: str) -> None:
        assert answer.status_code == 400, answer.text
        assert answer.json()["reason"] == reason and says in answer.json()["message"]

    refused(post({"preset": "speed"}, ["human"] * 17), "bad-message", "2 to 16")
    refused(post({}, ["human"] * 9), "bad-message", "2 to 8")  # played in turns
    refused(post({"preset": "speed", "players": 12}, ["human", "human"]), "bad-rules",
            "2 seats")
    refused(post({"preset": "speed"}, ["human", "easy"], options={"turn_seconds": 30}),
            "bad-options", "speed_seconds")
    refused(post({"mode": "speed", "decks": 1}, ["human"] * 16), "bad-rules", "decks")


def test_joining_starting_early_watching_and_chatting_in_a_16_seat_room(
        server: ServerProcess) -> None:
    bots = ["random", "easy", "greedy", "medium"] * 4
    seats = ["human", "human", "human", *bots[:13]]

    async def run() -> tuple[str, list[tuple[int | None, Socket]]]:
        ann = await create(server.base, seats, rules={"preset": "speed", "rounds": 2,
                                                      "speed_seconds": 5}, options=FAST)
        first = await Socket.open(server.ws, ann.room, ann.token)
        assert (await first.until("room"))["room"]["status"] == "waiting"
        watcher = await Socket.open(server.ws, ann.room, None)
        bob = await join(server.base, ann.room, "Bob")
        second = await Socket.open(server.ws, ann.room, bob.token)
        await second.until("room")
        await second.send({"type": "start"})
        assert (await second.until("error"))["reason"] == "not-host"
        await first.send({"type": "start"})  # seat 2 was never taken: a bot plays it
        states = [await socket.until("state") for socket in (first, second, watcher)]
        for state, seat in zip(states, (0, 1, None), strict=True):
            view = state["view"]
            assert view["mode"] == "speed" and view["seat"] == seat
            assert len(view["players"]) == 16 and view["phase"] == "draw"
            assert (view["hand"] is None) == (seat is None) and state["analysis"] is None
            now = time.time() * 1000
            assert now < state["call_deadline"] <= now + 5000 + 500
            kinds = [entry["kind"] for entry in state["room"]["seats"]]
            assert kinds[:3] == ["human", "human", "medium"] and kinds[3:] == bots[:13]
        assert states[0]["view"]["players"][15] == "Otto"
        await first.send({"type": "chat", "text": "fast hands"})
        said = await second.until("chat")
        assert (said["name"], said["text"]) == ("Ann", "fast hands")
        await asyncio.gather(play_speed(first, random.Random(3)),
                             play_speed(second, random.Random(4)), watch(watcher))
        for socket in (first, second, watcher):
            await socket.close()
        return ann.room, [(0, first), (1, second), (None, watcher)]

    room, sockets = asyncio.run(run())
    record, _ = _checked_record(server, room, sockets)
    assert len(record["players"]) == 16 and record["players"][2] == "Bela"


def test_actions_of_one_step_are_never_stale_and_earlier_ones_are(server: ServerProcess
                                                                    ) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "human"],
                           rules={"preset": "speed", "speed_seconds": 120, "rounds": 1})
        bob = await join(server.base, ann.room, "Bob")
        a = await Socket.open(server.ws, ann.room, ann.token)
        b = await Socket.open(server.ws, ann.room, bob.token)
        for socket in (a, b):
            state = await socket.until("state")
            assert state["version"] == 0 and state["view"]["waiting"] == [0, 1]

        async def at(socket: Socket, version: int) -> dict[str, Any]:
            """Read up to the state of ``version``."""
            while socket.state is None or socket.state["version"] < version:
                await socket.recv()
            assert socket.state["version"] == version
            return socket.state

        async def act(socket: Socket, ident: str, version: int, action: str,
                      made: int | None = None) -> dict[str, Any]:
            """Send an action; its refusal, or the state of version ``made``."""
            await socket.send({"type": "action", "id": ident, "version": version,
                               "action": action})
            while True:
                answer = await socket.recv()
                if answer["type"] == "error":
                    assert answer.get("id") == ident, answer
                    return answer
                if answer["type"] == "state" and (made is None or answer["version"] >= made):
                    assert made is None or answer["version"] == made
                    return answer

        def drawn(socket: Socket) -> str:
            assert socket.state is not None
            return f"discard {socket.state['view']['drawn']}"

        await act(a, "a1", 0, "draw stock", made=1)
        step = await act(b, "b1", 0, "draw discard", made=2)  # version 0: the same step
        assert step["view"]["phase"] == "discard" and step["call_deadline"] is not None
        await at(a, 2)  # the discard step began at version 2
        stale = await act(a, "a2", 1, drawn(a))
        assert stale["reason"] == "stale-version" and "2" in stale["message"]
        assert (await a.until("state"))["version"] == 2  # the current state follows
        assert (await act(a, "a3", 3, drawn(a)))["reason"] == "stale-version"  # no 3 yet
        await a.until("state")
        await act(a, "a4", 2, drawn(a), made=3)
        await at(b, 3)
        legal = b.state["view"]["legal"] if b.state else []
        thrown = next(text for text in legal if " discard " in text).split(": ", 1)[1]
        done = await act(b, "b2", 2, thrown, made=4)  # a version behind, still this step
        assert done["view"]["call"] == 2 and done["view"]["phase"] == "draw"
        await at(a, 4)
        assert (await act(a, "a5", 3, "draw stock"))["reason"] == "stale-version"
        await a.until("state")
        await act(a, "a6", 4, "draw stock", made=5)
        assert (await act(a, "a7", 5, "draw discard"))["reason"] == "already-acted"
        repeated = await act(a, "a6", 5, "draw stock")  # an applied id: the current state
        assert repeated["type"] == "state" and repeated["version"] == 5
        await at(b, 5)
        assert (await act(b, "b3", 5, "0: draw stock"))["reason"] == "not-your-turn"
        card = b.state["view"]["hand"][0] if b.state else ""
        assert (await act(b, "b4", 5, f"discard {card}"))["reason"] == "must-draw-first"
        assert (await act(b, "b5", 5, "draw sideways"))["reason"] == "bad-notation"
        for request in ({"type": "hint", "id": "h"}, {"type": "undo", "id": "u"}):
            await b.send(request)
            refusal = await b.until("error")
            assert refusal["reason"] == "not-in-speed" and refusal["message"]
        for bad in ({"type": "action", "id": "x", "version": "5", "action": "draw stock"},
                    {"type": "action", "id": "x", "version": 5},
                    {"type": "action", "id": "x", "version": 5, "action": "draw stock",
                     "call_deadline": 1}):
            await b.send(bad)
            assert (await b.until("error"))["reason"] == "bad-message"
        last = await act(b, "b6", 5, "draw stock", made=6)
        assert last["view"]["phase"] == "discard" and last["view"]["waiting"] == [0, 1]
        await asyncio.gather(play_speed(a, random.Random(5)), play_speed(b, random.Random(6)))
        for socket in (a, b):
            await socket.close()

    asyncio.run(run())


@dataclass
class Timed(Socket):
    """A socket that notes when each message arrived (unix ms)."""

    arrived: list[float] = field(default_factory=list)

    async def recv(self, timeout: float = 30.0) -> dict[str, Any]:
        message = await super().recv(timeout)
        self.arrived.append(time.time() * 1000)
        return message


def test_the_caller_plays_for_a_silent_person_on_time(server: ServerProcess) -> None:
    async def run() -> tuple[str, Socket, Timed]:
        ann = await create(server.base, ["human", "human", "greedy"],
                           rules={"preset": "speed", "speed_seconds": 1, "rounds": 2,
                                  "decks": 1},
                           options={"round_pause_seconds": 1, "bot_delay_ms": 300})
        bob = await join(server.base, ann.room, "Bob")
        first = await Socket.open(server.ws, ann.room, ann.token)
        silent = await Timed.open(server.ws, ann.room, bob.token)
        assert isinstance(silent, Timed)
        await asyncio.gather(play_speed(first, random.Random(7)), watch(silent))
        for socket in (first, silent):
            await socket.close()
        return ann.room, first, silent

    room, first, silent = asyncio.run(run())
    record, _ = _checked_record(server, room, [(0, first), (1, silent)])
    calls = [call for data in record["rounds"] for call in data["calls"]]
    for data in record["rounds"]:  # the caller drew for Bob and threw that card back
        stock = len(data["deal"]["stock"])
        for call in data["calls"]:
            draw, discard = call["draws"][1], call["discards"][1]
            assert draw["timeout"] and discard["timeout"] and discard["discard"] == draw["card"]
            # from the pile only if Ann's draw took the stock's last card; the round ends
            # after that call (its end may still read "out": somebody went out on it too)
            emptied = stock - (call["draws"][0]["draw"] == "stock") == 0
            assert draw["draw"] == "stock" or (emptied and call is data["calls"][-1])
            stock -= sum(each["draw"] == "stock" for each in call["draws"])
    log = asyncio.run(room_log(server, room))
    ticks = {entry.seq for entry in log if entry.kind == "tick"}
    assert len(ticks) == 2 * len(calls)  # Bob never acts: every step ends by the caller
    assert all(entry.seat == -1 and entry.client_id is None for entry in log
               if entry.kind == "tick")
    states = [(at, message) for at, message in zip(silent.arrived, silent.seen, strict=True)
              if message["type"] == "state"]
    began: dict[tuple[Any, ...], float] = {}  # each step's deadline, as first announced
    paused = 0
    previous_deadline = 0.0
    for (at, state), (_, after) in zip(states, [*states[1:], (0.0, None)], strict=True):
        view, deadline = state["view"], state["call_deadline"]
        key = (len(view["results"]), view["round"], view["call"], view["phase"])
        if view["phase"] == "over":
            assert deadline is None
            continue
        if deadline is None:  # the round just ended: the pause, then the state again, timed
            paused += 1
            assert after is not None and after["version"] == state["version"]
            assert after["call_deadline"] is not None
            continue
        assert at < deadline <= at + 1000 + 100, (at, deadline)  # ahead, within 1 s
        began.setdefault(key, deadline)
        assert deadline == began[key]  # one deadline per step
        if state["version"] in ticks:  # the caller played when the time was up, not before
            assert at >= previous_deadline - 20, (at, previous_deadline)
        previous_deadline = deadline
    assert paused == 1  # between the two rounds
    assert [m["until"] is not None for m in silent.seen if m["type"] == "pause"] == [True]
    assert len(record["rounds"]) == 2


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_killed_server_resumes_speed_games_exactly(kind: str, spawn: Spawn) -> None:
    server = spawn(kind)
    server.start()
    rng = random.Random(13)

    async def run() -> tuple[int, list[tuple[str, dict[int, list[dict[str, Any]]]]]]:
        rooms = []
        for number in range(2):
            ann = await create(server.base, ["human", "greedy", "human", "random", "easy"],
                               rules={"preset": "speed", "speed_seconds": 2},
                               name=f"Crash{number}", options=FAST)
            bob = await join(server.base, ann.room, f"Crash{number}b")
            rooms.append((ann.room, {0: ann.token, 2: bob.token}))
        seen: list[tuple[str, dict[int, list[dict[str, Any]]]]] = [
            (room, {seat: [] for seat in tokens}) for room, tokens in rooms]
        playing = asyncio.gather(*(
            reconnecting(server, room, token, random.Random(rng.random()), kept[seat],
                         play_speed)
            for (room, tokens), (_, kept) in zip(rooms, seen, strict=True)
            for seat, token in tokens.items()))
        kills = await kill_as_it_plays(server, rooms[0][0], playing, 3, rng, entries=40)
        await playing
        return kills, seen

    kills, games = asyncio.run(run())
    assert kills == 3
    checked = 0
    for room, seen in games:
        record = record_of(server.base, room)
        assert referee(record) == [] and replay_speed_record(record) is not None
        log = asyncio.run(room_log(server, room))
        game, views = replay_views(record, log, list(seen))
        assert game.is_over and speed_record(game) == record
        for seat, messages in seen.items():  # every acknowledged version is the replay's
            checked += check_states(seat, messages, views, every_version=False)
        ids = [entry.client_id for entry in log if entry.client_id is not None]
        assert len(ids) == len(set(ids))
    assert checked > 100


def test_bots_answer_after_a_human_like_delay_within_the_caller_s_time(
        server: ServerProcess) -> None:
    async def run() -> list[float]:
        ann = await create(server.base, ["human", "greedy", "easy"],
                           rules={"preset": "speed", "speed_seconds": 3, "rounds": 1,
                                  "decks": 1}, options={"round_pause_seconds": 0})
        me = await Timed.open(server.ws, ann.room, ann.token)
        assert isinstance(me, Timed)
        state = await me.until("state")
        began, waits = me.arrived[-1], list[float]()
        while len(waits) < 2:  # each bot's answer is a version of its own
            state = await me.until("state")
            waiting = state["view"]["waiting"]
            assert waiting[0] == 0 and len(waiting) == 2 - len(waits)  # a bot answered
            waits.append(me.arrived[-1] - began)
        await play_speed(me, random.Random(8))
        await me.close()
        return waits

    waits = asyncio.run(run())
    assert all(700 <= wait <= 0.6 * 3000 + 300 for wait in waits), waits


@pytest.mark.parametrize("rules", [
    {"mode": "speed", "players": 4, "rounds": 3},
    {"mode": "speed", "players": 3, "rounds": 2, "ties": "playoff", "jokers": 2,
     "false_out": "penalty", "first_turn_out": True},
    {"mode": "speed", "players": 6, "rounds": 2, "pack": "five-suit"},
])
def test_the_engine_side_of_a_speed_room(rules: dict[str, Any]) -> None:
    """In process: entries applied one by one give the log's replay, every step's start
    is found again from the game alone (as a rebuilt room finds it), and the fast view
    text is ``view.to_json()``'s, for every seat at every version."""
    rng = random.Random(str(rules))
    parsed = Rules.from_json(rules).resolved()
    names = [f"P{seat}" for seat in range(parsed.players)]
    game = speedtable.new_game(parsed, 11, names)
    text = GameText()
    audience = Audience({*range(parsed.players), None}, None, [(0, "P0")], text)
    log: list[LogEntry] = []
    start = 0
    while not game.is_over:
        seq = len(log) + 1
        if rng.random() < 0.1:
            entry = LogEntry(seq, speedtable.CALLER, speedtable.TICK, speedtable.TICK, None)
        else:
            seat = rng.choice(game.waiting)
            action = rng.choice(game.legal_actions(seat))
            entry = LogEntry(seq, seat, "action", str(action), f"id{seq}")
        done = speedtable.step(game, entry, audience)
        log.append(entry)
        if done.step_began:
            start = seq
        assert speedtable.step_start(game, seq) == start
        for watcher, (head, undo) in done.states.items():
            view = json.loads(head + "}")["view"]
            assert view == json.loads(dumps(game.view(watcher).to_json())) and not undo
            assert SpeedViewText(text).encode(game.view(watcher)) == dumps(
                game.view(watcher).to_json())
    assert done.finish is not None and done.finish.record == speed_record(game)
    again = speedtable.replay(parsed, 11, names, log)
    assert again == game and speed_record(again) == speed_record(game)


def test_the_caller_waits_while_no_person_is_connected(server: ServerProcess) -> None:
    """Nobody at the table: the bots answer, the caller does not play for the people; a
    person who comes back gets a fresh deadline, and the caller plays again after it."""
    async def run() -> None:
        ann = await create(server.base, ["human", "greedy", "greedy"],
                           rules={"preset": "speed", "speed_seconds": 1, "decks": 1},
                           options={"round_pause_seconds": 0, "bot_delay_ms": 0})
        socket = await Socket.open(server.ws, ann.room, ann.token)
        state = await socket.until("state")
        assert state["call_deadline"] is not None
        await socket.close()
        left = time.time()
        await asyncio.sleep(3.5)  # three and a half of the caller's seconds
        log = await room_log(server, ann.room)
        assert not [entry for entry in log if entry.kind == speedtable.TICK]
        assert {entry.seat for entry in log} <= {1, 2}  # the bots answered; nothing else
        back = await Socket.open(server.ws, ann.room, ann.token)
        state = await back.until("state")
        came = time.time() * 1000
        assert state["version"] == len(log) and state["view"]["waiting"] == [0]
        assert came - 100 < state["call_deadline"] <= came + 1000 + 100
        assert state["call_deadline"] > (left + 3.5) * 1000
        while not [entry for entry in await room_log(server, ann.room)
                   if entry.kind == speedtable.TICK]:
            assert time.time() * 1000 < state["call_deadline"] + 5000, "the caller never came"
            await asyncio.sleep(0.1)
        await back.close()

    asyncio.run(run())
