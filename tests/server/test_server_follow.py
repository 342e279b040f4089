"""What a client needs to follow a table (docs/protocol.md): every ``state`` names the
action that made its version; ``hello`` is answered with the room's recent chat; the bots
of a room of several people have names that do not depend on where one sits."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from server.checks import offline, record_of
from server.client import Socket, create, join, play_out
from server.leaks import cards_in
from server.serverproc import ServerProcess
from threethirteen.server.chat import HISTORY
from threethirteen.server.store import RoomRow, SeatRow, Store


def test_every_state_names_the_action_that_made_it(server: ServerProcess) -> None:
    """Against the game's record: each version's action, the discards that end a round
    (and the game) named with their card, and no card of a draw from the stock."""
    async def run() -> tuple[str, list[dict[str, Any]]]:
        ann = await create(server.base, ["human", "greedy", "greedy"], rules={"rounds": 3},
                           options={"round_pause_seconds": 0, "bot_delay_ms": 0}, seed=21)
        me = await Socket.open(server.ws, ann.room, ann.token)
        await play_out(me, random.Random(2))
        await me.close()
        return ann.room, me.seen

    room, seen = asyncio.run(run())
    actions = [str(action) for action in offline(record_of(server.base, room)).history]
    states = [message for message in seen if message["type"] == "state"]
    assert states[0]["action"] is None  # the state that answers hello
    named = {state["version"]: state["action"] for state in states[1:]}
    assert sorted(named) == list(range(states[0]["version"] + 1, len(actions) + 1))
    for version, action in named.items():
        assert action == actions[version - 1], version
    ends = [(before, state) for before, state in zip(states, states[1:], strict=False)
            if len(state["view"]["results"]) > len(before["view"]["results"])]
    assert len(ends) == 3  # two rounds' ends and the game's
    for before, state in ends:
        seat, verb, card = state["action"].replace(":", "").split()
        assert verb in ("discard", "out") and int(seat) == before["view"]["turn"]
        assert cards_in(card) == {card.replace("10", "T")}
    assert all(action.endswith(("draw stock", "draw discard")) for action in named.values()
               if " draw " in action)


def test_hello_is_answered_with_the_recent_chat_less_what_one_muted(
        server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "human"], rules={"rounds": 2},
                           options={"round_pause_seconds": 0})
        host = await Socket.open(server.ws, ann.room, ann.token)
        assert (await host.until("room"))["room"]["status"] == "waiting"
        assert await host.until("chat_history") == {"type": "chat_history", "messages": []}
        await host.send({"type": "chat", "text": "waiting for Bob"})
        await host.until("chat")
        bob = await join(server.base, ann.room, "Bob")
        second = await Socket.open(server.ws, ann.room, bob.token)
        await second.until("state")
        said = [{"seat": 0, "name": "Ann", "text": "waiting for Bob"}]
        assert await second.recv() == {"type": "chat_history", "messages": said}
        await second.send({"type": "chat", "text": "hi Ann"})
        await host.until("chat")
        said.append({"seat": 1, "name": "Bob", "text": "hi Ann"})
        await second.send({"type": "mute", "seat": 0, "muted": True})
        await second.until("room")
        await second.close()
        again = await Socket.open(server.ws, ann.room, bob.token)  # a reconnect
        await again.until("state")
        assert await again.recv() == {"type": "chat_history", "messages": said[1:]}
        for token in (ann.token, None):  # the host reconnecting; a spectator
            socket = await Socket.open(server.ws, ann.room, token)
            await socket.until("state")
            assert await socket.recv() == {"type": "chat_history", "messages": said}
            await socket.close()
        for socket in (host, again):
            await socket.close()

    asyncio.run(run())


def test_the_store_gives_a_room_s_last_messages_oldest_first(tmp_path: Path) -> None:
    async def run() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
        try:
            for room in ("r1", "r2"):
                await store.create_room(RoomRow(
                    id=room, status="waiting", rules={"players": 2}, seed=1, options={},
                    host=0, names=None, rematch=None,
                    seats=(SeatRow(0, "human", "Ann", "h", True),
                           SeatRow(1, "human", None, None, False))))
            for n in range(HISTORY + 5):
                await store.add_chat("r1", n % 2 or None, "Ann", f"message {n}")
            await store.add_chat("r2", 0, "Cy", "elsewhere")
            found = await store.chat("r1", HISTORY)
            assert [text for _, _, text in found] == [f"message {n}" for n in
                                                      range(5, HISTORY + 5)]
            assert found[0] == (1, "Ann", "message 5") and found[1][0] is None
            assert await store.chat("r3", HISTORY) == []
        finally:
            await store.close()

    asyncio.run(run())


def test_people_of_one_room_see_the_same_bot_names(server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "greedy", "human", "random", "human"],
                           rules={"rounds": 1})
        bob = await join(server.base, ann.room, "Bob")
        sockets = [await Socket.open(server.ws, ann.room, token)
                   for token in (ann.token, bob.token)]
        await sockets[0].send({"type": "start"})  # seat 4 is still open: a bot takes it
        names = ["Ann", "Ada", "Bob", "Cleo", "Dara"]
        for socket in sockets:
            state = await socket.until("state")
            assert state["view"]["players"] == names
            assert [seat["name"] for seat in state["room"]["seats"]] == names
        solo = await create(server.base, ["human", "greedy", "random", "greedy"],
                            rules={"rounds": 1})
        me = await Socket.open(server.ws, solo.room, solo.token)
        state = await me.until("state")  # a game against computers: named by position
        assert state["view"]["players"] == ["Ann", "Left", "Top", "Right"]
        for socket in (*sockets, me):
            await socket.close()

    asyncio.run(run())
