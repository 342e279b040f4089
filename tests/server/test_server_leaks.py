"""The leak scan: every message to every seat and spectator over many complete online
games of every preset holds no card that the receiving seat may not see, no token, no seed
of an unfinished game; the server's log holds no token and no seed either."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Callable
from typing import Any

from server.checks import ONLINE_PRESETS, assert_record_replays, record_of, table_rules
from server.client import Socket, create, join, play_out, watch
from server.leaks import allowed, cards_in, scan
from server.serverproc import ServerProcess

GAMES = 50  # per database: with the full-length games of test_server_games, 110 in all
AT_ONCE = 10
TABLES = (["human", "human"], ["human", "random", "human", "random"],
          ["human", "random", "random"], ["human", "greedy", "random", "human", "random"])


async def _game(server: ServerProcess, number: int) -> tuple[str, list[tuple[int | None,
                                                                              Socket]],
                                                             list[str]]:
    rng = random.Random(number)
    preset = ONLINE_PRESETS[number % len(ONLINE_PRESETS)]
    seats = TABLES[number // len(ONLINE_PRESETS) % len(TABLES)]
    rounds = rng.randint(1, 3)  # short games; test_server_games scans full-length ones
    ann = await create(server.base, seats, rules=table_rules(preset, len(seats), rounds=rounds),
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


def test_a_failed_write_leaves_no_card_or_chat_in_the_log(
        spawn: Callable[..., ServerProcess]) -> None:
    """The database refuses a discard and a chat (another program holds its write lock past
    the busy timeout): the server's log says so without the values it tried to write."""
    server = spawn("sqlite")
    server.start()
    database = server.url.split("///", 1)[1]

    async def run() -> list[str]:
        ann = await create(server.base, ["human", "random"], rules={"rounds": 2},
                           options={"bot_delay_ms": 5000})
        me = await Socket.open(server.ws, ann.room, ann.token)
        state = await me.until("state")
        while state["view"]["turn"] != 0:
            state = await me.until("state")
        await me.send({"type": "action", "id": "d", "version": state["version"],
                       "action": "draw stock"})
        state = await me.until("state")
        hand: list[str] = state["view"]["hand"]
        blocker = sqlite3.connect(database, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            await me.send({"type": "chat", "text": "my secret plan"})
            await me.send({"type": "action", "id": "x", "version": state["version"],
                           "action": f"discard {hand[0]}"})
            reasons = [(await me.until("error", timeout=30))["reason"] for _ in range(2)]
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        assert reasons == ["server-error", "server-error"]
        await me.close()
        return hand

    hand = asyncio.run(run())
    log = server.log.read_text(errors="replace")
    assert "could not handle" in log or "message failed" in log
    assert "my secret plan" not in log
    for card in hand:
        assert f"discard {card}" not in log


def test_cards_in_reads_cards_and_not_ids() -> None:
    """The scan's reader: a room id that looks like cards is not read as cards."""
    message = {"room": "5s-Ab_Qd-cdEF", "view": {"hand": ["5s", "Th"], "legal": ["0: out 7c"]}}
    assert cards_in(message) == {"5s", "Th", "7c"}
    assert cards_in({"room": "x_9h-4c", "rematch": "Kd-abc"}) == set()
