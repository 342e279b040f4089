"""The leak scan: every message to every seat and spectator over many complete online
games of every preset holds no card that the receiving seat may not see, no token, no seed
of an unfinished game; the server's log holds no token and no seed either."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from server.checks import assert_record_replays, record_of
from server.client import Socket, create, join, play_out, watch
from server.leaks import allowed, scan
from server.serverproc import ServerProcess
from threethirteen.rules import PRESETS

GAMES = 50  # per database: with the full-length games of test_server_games, 110 in all
AT_ONCE = 10
TABLES = (["human", "human"], ["human", "random", "human", "random"],
          ["human", "random", "random"], ["human", "greedy", "random", "human", "random"])


async def _game(server: ServerProcess, number: int) -> tuple[str, list[tuple[int | None,
                                                                              Socket]],
                                                             list[str]]:
    rng = random.Random(number)
    preset = list(PRESETS)[number % len(PRESETS)]
    seats = TABLES[number // len(PRESETS) % len(TABLES)]
    rounds = rng.randint(1, 3)  # short games; test_server_games scans full-length ones
    ann = await create(server.base, seats, rules={"preset": preset, "rounds": rounds},
                       name=f"P{number}",
                       options={"round_pause_seconds": 0, "bot_delay_ms": 0})
    watcher = await Socket.open(server.ws, ann.room, None)
    people = [(0, ann.token)]
    for _ in range(seats.count("human") - 1):
        joined = await join(server.base, ann.room, f"Q{number}")
        people.append((joined.seat, joined.token))
    sockets = [(seat, await Socket.open(server.ws, ann.room, token)) for seat, token in people]
    await asyncio.gather(watch(watcher), *(play_out(socket, random.Random(number * 10 + seat))
                                           for seat, socket in sockets))
    for _, socket in [*sockets, (None, watcher)]:
        await socket.close()
    return ann.room, [*sockets, (None, watcher)], [token for _, token in people]


def test_no_message_leaks_a_hidden_card_a_token_or_a_seed(server: ServerProcess) -> None:
    async def games() -> list[Any]:
        done: list[Any] = []
        for start in range(0, GAMES, AT_ONCE):
            done += await asyncio.gather(*(_game(server, number) for number in
                                           range(start, min(GAMES, start + AT_ONCE))))
        return done

    checked = 0
    for room, sockets, tokens in asyncio.run(games()):
        record = record_of(server.base, room)
        assert_record_replays(record)
        oracle = allowed(record)
        for seat, socket in sockets:
            others = [token for n, token in enumerate(tokens) if n != seat]
            checked += scan(record, seat, socket.seen, others, oracle)
    assert checked > 5_000


def test_the_server_log_holds_no_secret(server: ServerProcess) -> None:
    async def run() -> tuple[list[str], str]:
        room, _sockets, tokens = await _game(server, 1000)
        return tokens, room

    tokens, room = asyncio.run(run())
    record = record_of(server.base, room)
    log = server.log.read_text(errors="replace")
    for token in tokens:
        assert token not in log
    assert str(record["seed"]) not in log
