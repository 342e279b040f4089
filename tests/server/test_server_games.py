"""Complete online games against a real server: two people and two bots under every
preset, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random

import httpx

from server.checks import (
    ONLINE_PRESETS,
    assert_record_replays,
    record_of,
    table_rules,
    versions_one_by_one,
)
from server.client import Socket, create, join, play_out, watch
from server.leaks import allowed, scan
from server.serverproc import ServerProcess


async def _game(server: ServerProcess, preset: str, number: int) -> tuple[str, Socket, Socket,
                                                                           Socket]:
    ann = await create(server.base, ["human", "greedy", "human", "easy"],
                       rules=table_rules(preset, 4), name=f"Ann-{preset}",
                       options={"round_pause_seconds": 0})
    first = await Socket.open(server.ws, ann.room, ann.token)
    watcher = await Socket.open(server.ws, ann.room, None)
    bob = await join(server.base, ann.room, f"Bob-{preset}")
    assert bob.seat == 2
    second = await Socket.open(server.ws, ann.room, bob.token)
    await asyncio.gather(watch(watcher), play_out(first, random.Random(number)),
                         play_out(second, random.Random(number + 100)))
    for socket in (first, second, watcher):
        await socket.close()
    return ann.room, first, second, watcher


def test_complete_games_of_two_people_and_two_bots_under_every_preset(
        server: ServerProcess) -> None:
    async def games() -> list[tuple[str, Socket, Socket, Socket]]:
        return await asyncio.gather(*(_game(server, preset, number)
                                      for number, preset in enumerate(ONLINE_PRESETS)))

    for room, first, second, watcher in asyncio.run(games()):
        record = record_of(server.base, room)
        game = assert_record_replays(record)
        assert record["players"][1] == "Ada" and record["players"][3] == "Cleo"
        final = len(game.history)
        oracle = allowed(record)
        for seat, socket in ((0, first), (2, second), (None, watcher)):
            scan(record, seat, socket.seen, [], oracle)  # the leak scan, on full games
            versions_one_by_one(socket.seen)
            assert socket.state is not None and socket.state["version"] == final
            assert socket.state["view"]["totals"] == record["totals"]
        assert watcher.state is not None and watcher.state["view"]["hand"] is None
        assert watcher.state["analysis"] is None
        summary = httpx.get(f"{server.base}/api/rooms/{room}").json()
        assert summary["status"] == "over"
        assert [seat["kind"] for seat in summary["seats"]] == ["human", "greedy", "human",
                                                                "easy"]
        name = record["players"][2]
        stats = httpx.get(f"{server.base}/api/stats/{name}").json()
        assert stats["games"] >= 1 and stats["name"] == name
        assert stats["best_game"] <= stats["worst_game"]
    assert httpx.get(f"{server.base}/healthz").status_code == 200
