"""A person's browser id: kept with the seats it takes, never sent to anyone; the
statistics that belong to it; and the public progress a room's summary gives (round,
totals) for the lobby's list of unfinished games."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from pathlib import Path
from typing import Any

import httpx

from server.checks import record_of
from server.client import Seated, Socket, play_out, watch
from server.serverproc import ServerProcess


def _player() -> str:
    return secrets.token_hex(12)


async def _create(base: str, seats: list[str], player: str | None, **more: Any) -> Seated:
    body: dict[str, Any] = {"name": "Ann", "seats": seats, **more}
    if player is not None:
        body["player"] = player
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        answer = await http.post("/api/rooms", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return Seated(data["room"], data["seat"], data["token"])


async def _join(base: str, room: str, player: str | None) -> Seated:
    body: dict[str, Any] = {"name": "Bob"}
    if player is not None:
        body["player"] = player
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        answer = await http.post(f"/api/rooms/{room}/join", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    return Seated(room, data["seat"], data["token"])


def _stats(base: str, player: str) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/players/stats", json={"player": player}, timeout=10)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_statistics_belong_to_the_browser_id_not_to_the_name(server: ServerProcess) -> None:
    ann, other = _player(), _player()

    async def games() -> list[str]:
        rooms = []
        for number in range(2):  # two 1-round games of Ann's under the name everybody has
            seated = await _create(server.base, ["human", "random"], ann,
                                   rules={"rounds": 1}, seed=40 + number)
            socket = await Socket.open(server.ws, seated.room, seated.token)
            await play_out(socket, random.Random(number))
            await socket.close()
            rooms.append(seated.room)
        # someone else, also "Ann", in another browser
        seated = await _create(server.base, ["human", "easy", "medium"], other,
                               rules={"rounds": 1})
        socket = await Socket.open(server.ws, seated.room, seated.token)
        await play_out(socket, random.Random(7))
        await socket.close()
        return rooms

    rooms = asyncio.run(games())
    stats = _stats(server.base, ann)
    assert stats["games"] == 2
    assert [line["room"] for line in stats["history"]] == rooms[::-1]  # newest first
    wins = 0
    for line in stats["history"]:
        record = record_of(server.base, line["room"])
        assert line["totals"] == record["totals"] and line["total"] == record["totals"][0]
        assert line["players"] == record["players"] and line["seat"] == 0
        assert line["won"] == (0 in record["winners"])
        assert line["place"] == (1 if line["won"] else 2)
        assert line["rounds"] == 1 and line["level"] == "random"
        assert line["rules"] == "standard, 1 round"
        wins += line["won"]
    assert stats["wins"] == wins
    totals = [line["total"] for line in stats["history"]]
    assert stats["best_total"] == min(totals)
    assert stats["average_total"] == round(sum(totals) / 2, 1)
    assert stats["by_level"] == [{"level": "random", **{key: stats[key] for key in (
        "games", "wins", "best_total", "average_total", "average_points_per_round",
        "go_outs")}}]
    theirs = _stats(server.base, other)
    assert theirs["games"] == 1 and theirs["history"][0]["level"] == "mixed"
    assert _stats(server.base, _player()) == {
        "games": 0, "wins": 0, "best_total": None, "average_total": None,
        "average_points_per_round": None, "go_outs": 0, "by_level": [], "history": []}
    # the statistics by name go on counting everybody called Ann
    assert httpx.get(f"{server.base}/api/stats/Ann").json()["games"] >= 3


def test_a_player_id_is_checked_and_optional(server: ServerProcess) -> None:
    for bad in ("", "abc", "XYZ12345", "g" * 10, "a" * 65, 12345678):
        answer = httpx.post(f"{server.base}/api/rooms", json={
            "name": "Ann", "seats": ["human", "random"], "player": bad})
        assert answer.status_code == 400, (bad, answer.text)
        assert answer.json()["reason"] == "bad-message"
        answer = httpx.post(f"{server.base}/api/players/stats", json={"player": bad})
        assert answer.status_code == 400 and answer.json()["reason"] == "bad-message"
        assert ("hexadecimal" if isinstance(bad, str) else "a string") in \
            answer.json()["message"]
    assert httpx.get(f"{server.base}/api/players/stats").status_code == 404  # POST only
    # old clients send none: they play, and count under their name only
    answer = httpx.post(f"{server.base}/api/rooms", json={
        "name": "Ann", "seats": ["human", "human", "random"]})
    assert answer.status_code == 201
    joined = httpx.post(f"{server.base}/api/rooms/{answer.json()['room']}/join",
                        json={"name": "Bob"})
    assert joined.status_code == 200


def test_the_player_id_never_leaves_the_server(server: ServerProcess) -> None:
    ann, bob = _player(), _player()

    async def game() -> tuple[Seated, Seated, list[Socket]]:
        seated = await _create(server.base, ["human", "human", "random"], ann,
                               rules={"rounds": 2}, options={"round_pause_seconds": 0})
        first = await Socket.open(server.ws, seated.room, seated.token)
        joined = await _join(server.base, seated.room, bob)
        second = await Socket.open(server.ws, seated.room, joined.token)
        watcher = await Socket.open(server.ws, seated.room, None)
        await asyncio.gather(play_out(first, random.Random(1), stop_at=6),
                             play_out(second, random.Random(2), stop_at=6))
        await second.close()  # Bob leaves, and comes back
        second = await Socket.open(server.ws, seated.room, joined.token)
        await first.send({"type": "chat", "text": "hello"})
        await asyncio.gather(play_out(first, random.Random(3)),
                             play_out(second, random.Random(4)), watch(watcher))
        await first.send({"type": "rematch"})
        await first.until("rematch")
        for socket in (first, second, watcher):
            await socket.close()
        return seated, joined, [first, second, watcher]

    seated, joined, sockets = asyncio.run(game())
    texts = [json.dumps(message) for socket in sockets for message in socket.seen]
    assert len(texts) > 20
    for token in (None, seated.token, joined.token):
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        texts.append(httpx.get(f"{server.base}/api/rooms/{seated.room}", headers=headers).text)
    texts.append(json.dumps(record_of(server.base, seated.room)))
    texts.append(json.dumps(_stats(server.base, ann)))
    for text in texts:
        assert ann not in text and bob not in text
    # both people's statistics have the game, each from their own seat
    assert _stats(server.base, ann)["history"][0]["seat"] == 0
    assert _stats(server.base, bob)["history"][0]["seat"] == 1
    assert _stats(server.base, bob)["history"][0]["level"] == "random"


def test_a_room_summary_says_where_the_game_stands(server: ServerProcess) -> None:
    async def game() -> tuple[Seated, dict[str, Any]]:
        seated = await _create(server.base, ["human", "random", "random"], _player(),
                               rules={"rounds": 3}, seed=5)
        socket = await Socket.open(server.ws, seated.room, seated.token)
        await play_out(socket, random.Random(5), stop_at=12)
        while socket.state is None or socket.state["view"]["turn"] != 0:  # the bots wait
            if (await socket.recv())["type"] == "pause":  # a round's end: go on
                await socket.send({"type": "next"})
        await socket.close()
        return seated, socket.state

    seated, state = asyncio.run(game())
    summary = httpx.get(f"{server.base}/api/rooms/{seated.room}").json()
    view = state["view"]
    assert summary["status"] == "playing" and "you" not in summary
    assert summary["round"] == view["round"] and summary["rounds"] == 3
    assert summary["totals"] == view["totals"] and summary["turn"] == view["turn"]
    mine = httpx.get(f"{server.base}/api/rooms/{seated.room}",
                     headers={"Authorization": f"Bearer {seated.token}"}).json()
    assert mine["you"] == 0
    wrong = httpx.get(f"{server.base}/api/rooms/{seated.room}",
                      headers={"Authorization": "Bearer not-a-token"}).json()
    assert wrong["you"] is None
    waiting = httpx.post(f"{server.base}/api/rooms", json={
        "name": "Ann", "seats": ["human", "human"]}).json()
    before = httpx.get(f"{server.base}/api/rooms/{waiting['room']}").json()
    assert before["status"] == "waiting" and "round" not in before and "totals" not in before


def test_a_database_of_before_the_player_ids_is_migrated_with_its_seats(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from threethirteen.server.store import MIGRATIONS, Store

    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:  # the schema of revision 0002, with a room in it
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text(
            "INSERT INTO rooms (id, created, status, rules, seed, options, host) "
            "VALUES ('old', 1.0, 'waiting', '{}', 7, '{}', 0)"))
        connection.execute(text(
            "INSERT INTO seats (room, seat, kind, name, token_hash, person) "
            "VALUES ('old', 0, 'human', 'Ann', 'h', 1), ('old', 1, 'easy', 'Top', NULL, 0)"))
    engine.dispose()

    async def reopen() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{path}")
        try:
            row = await store.room("old")
            assert row is not None
            assert [(s.kind, s.name, s.player) for s in row.seats] == [
                ("human", "Ann", None), ("easy", "Top", None)]
            assert await store.player_games("00112233") == []
        finally:
            await store.close()

    asyncio.run(reopen())
