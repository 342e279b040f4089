"""The crash test: games played while the server is killed with SIGKILL at random moments
and restarted on the same database. Clients reconnect with their tokens and play on.

Afterwards every game is over, and every ``state`` any client was ever sent (each one an
acknowledged, committed version) equals the engine's view of the offline replay of the
final record at that version: no acknowledged action was lost or changed, and the final
record equals the offline replay of its seed and actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

from server.checks import assert_record_replays, offline, record_of
from server.client import Socket, create, join, play_out
from server.serverproc import ServerProcess
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.server.store import Store

DROPS = (websockets.WebSocketException, OSError, TimeoutError, ConnectionError)


async def reconnecting(server: ServerProcess, room: str, token: str, rng: random.Random,
                       seen: list[dict[str, Any]],
                       play: Callable[[Socket, random.Random], Awaitable[Any]] = play_out
                       ) -> None:
    """Play one seat to the end with ``play``, reconnecting whenever the server goes
    away; every message the seat's sockets saw is added to ``seen``."""
    while True:
        try:
            socket = await Socket.open(server.ws, room, token)
        except DROPS:
            await asyncio.sleep(0.2)
            continue
        try:
            await play(socket, rng)
            return
        except DROPS:
            await asyncio.sleep(0.1)
        finally:
            seen += socket.seen
            with contextlib.suppress(Exception):
                await socket.close()


async def kill_as_it_plays(server: ServerProcess, room: str, playing: asyncio.Future[Any],
                           kills: int, rng: random.Random, entries: int) -> int:
    """Kill and restart the server up to ``kills`` times, each once ``room``'s log has
    grown by ``entries`` since the last start (by progress, not time: a quiet machine
    plays fast), never once ``playing`` is done; the kills made."""
    made, since = 0, 0
    store = await Store.open(server.url)  # the database outlives the server's kills
    try:
        while made < kills and not playing.done():
            await asyncio.sleep(rng.uniform(0.02, 0.1))
            if len(await store.log(room)) < since + entries or playing.done():
                continue
            server.kill()
            made += 1
            await asyncio.to_thread(server.start)
            since = len(await store.log(room))
    finally:
        await store.close()
    return made


async def crash_games(server: ServerProcess, kills: int, games: int, seed: int
                      ) -> tuple[int, int]:
    """Play ``games`` games while killing the server up to ``kills`` times (never once
    they are over); the kills made and the acknowledged states checked."""
    rng = random.Random(seed)
    rooms = []
    for number in range(games):
        ann = await create(server.base, ["human", "greedy", "human", "random"],
                           rules={"rounds": 9}, name=f"Crash{number}",
                           options={"round_pause_seconds": 0})
        bob = await join(server.base, ann.room, f"Crash{number}b")
        rooms.append((ann.room, [(0, ann.token), (2, bob.token)]))
    seen: dict[tuple[str, int], list[dict[str, Any]]] = {}
    players = []
    for room, seats in rooms:
        for seat, token in seats:
            seen[room, seat] = []
            players.append(reconnecting(server, room, token, random.Random(rng.random()),
                                 seen[room, seat]))
    playing = asyncio.gather(*players)

    _, made = await asyncio.gather(
        playing, kill_as_it_plays(server, rooms[0][0], playing, kills, rng, entries=30))
    checked = 0
    for room, seats in rooms:
        record = record_of(server.base, room)
        assert_record_replays(record)
        actions = offline(record).history
        views = _views(record, actions, [seat for seat, _ in seats])
        for seat, _ in seats:
            for message in seen[room, seat]:
                if message["type"] == "state":
                    version = message["version"]
                    assert version <= len(actions), "an acknowledged action was lost"
                    assert message["view"] == views[seat, version], (
                        f"room {room} seat {seat}: the state of version {version} differs "
                        "from the replay")
                    checked += 1
    return made, checked


def _views(record: dict[str, Any], actions: Any, seats: list[int]) -> dict[tuple[int, int],
                                                                           dict[str, Any]]:
    game = GameState(Rules.from_json(record["rules"]), seed=record["seed"],
                     names=record["players"])
    found = {}
    for version in range(len(actions) + 1):
        for seat in seats:
            found[seat, version] = game.view(seat).to_json()
        if version < len(actions):
            game.apply(actions[version])
    return found
