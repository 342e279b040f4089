"""A person in a speed room, as a test client: answers every step from its own ``legal``
list (out when it may, else a stock draw, then the card just drawn or any legal discard),
and the checks of what a speed room sends.

The oracle of the checks is the room's own log, read from the database after the game
and replayed offline: the state of version V a seat received must be exactly the engine's
view of that seat after V entries.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from server.client import BURST, RATE, Socket
from server.leaks import cards_in
from server.serverproc import ServerProcess
from threethirteen.rules import Rules
from threethirteen.server import speedtable
from threethirteen.server.store import LogEntry, Store
from threethirteen.speed import SpeedGame

STATE_KEYS = {"type", "version", "view", "analysis", "call_deadline", "room", "can_undo",
              "action"}
BENIGN = ("stale-version", "not-playing")  # answers a prompt client may get in a race


def step_key(view: dict[str, Any]) -> tuple[int, int, int, str]:
    """The step a view is in (a client acts once per step)."""
    return len(view["results"]), view["round"], view["call"], view["phase"]


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """An action of the seat's ``legal`` list, without its seat."""
    legal: list[str] = [text.split(": ", 1)[1] for text in view["legal"]]
    outs = [text for text in legal if text.startswith("out ")]
    if outs:
        return outs[0]
    if view["phase"] == "draw":
        return "draw stock" if rng.random() < 0.8 else rng.choice(legal)
    thrown = f"discard {view['drawn']}"
    if thrown in legal and rng.random() < 0.5:
        return thrown
    return rng.choice([text for text in legal if text.startswith("discard ")])


async def play_speed(socket: Socket, rng: random.Random, *, silent: bool = False,
                     stop_at: int | None = None) -> list[str]:
    """Answer every step (once its ``call_deadline`` is set: not during a pause) until the
    game is over (or the version reaches ``stop_at``); a ``silent`` person never acts. The
    ids of the actions sent."""
    acted: set[tuple[int, int, int, str]] = set()
    steps: dict[str, tuple[int, int, int, str]] = {}  # an action's id: its step
    sent: list[str] = []
    tag = rng.getrandbits(32)
    loop = asyncio.get_running_loop()
    tokens, last = float(BURST), loop.time()  # under the server's rate limit, as play_out
    while True:
        state = socket.state
        if state is not None:
            view = state["view"]
            if view["phase"] == "over" or (stop_at is not None and state["version"] >= stop_at):
                return sent
            key = step_key(view)
            if (not silent and view["seat"] in view["waiting"] and view["legal"]
                    and state["call_deadline"] is not None and key not in acted):
                acted.add(key)
                tokens = min(float(BURST), tokens + (loop.time() - last) * RATE)
                if tokens < 1.0:
                    await asyncio.sleep((1.0 - tokens) / RATE)
                    tokens = 1.0
                last = loop.time()
                tokens -= 1.0
                ident = f"{view['seat']}-{tag}-{len(sent)}"
                sent.append(ident)
                steps[ident] = key
                await socket.send({"type": "action", "id": ident, "version": state["version"],
                                   "action": choose(view, rng)})
        message = await socket.recv()
        if message["type"] == "pause":
            await socket.send({"type": "next"})
        elif message["type"] == "error" and message["reason"] == "rate-limited":
            refused = message.get("id")
            if refused in steps:
                acted.discard(steps[refused])  # refused unread: act again in that step
            await asyncio.sleep(0.2)
        elif message["type"] == "error" and message["reason"] not in BENIGN:
            raise AssertionError(f"refused: {message}")


async def room_log(server: ServerProcess, room: str) -> list[LogEntry]:
    """The room's log, read from the server's database."""
    store = await Store.open(server.url)
    try:
        return await store.log(room)
    finally:
        await store.close()


def replay_views(record: dict[str, Any], log: list[LogEntry], seats: list[int | None]
                 ) -> tuple[SpeedGame, dict[tuple[int | None, int], dict[str, Any]]]:
    """The log replayed offline from the record's seed: the game and every seat's view
    (JSON) at every version."""
    game = SpeedGame(Rules.from_json(record["rules"]), seed=record["seed"],
                     names=record["players"])
    views: dict[tuple[int | None, int], dict[str, Any]] = {}
    for version in range(len(log) + 1):
        for seat in seats:
            views[seat, version] = json.loads(json.dumps(game.view(seat).to_json()))
        if version < len(log):
            speedtable.apply_entry(game, log[version])
    return game, views


def check_states(seat: int | None, seen: list[dict[str, Any]],
                 views: dict[tuple[int | None, int], dict[str, Any]], *,
                 every_version: bool = True) -> int:
    """Every state ``seat`` received is exactly its view of the replay at its version, and
    no message names a card that view does not hold (the room's, errors, chat); versions
    never go back and (``every_version``: a socket that stayed connected) none is skipped.
    The number of states checked."""
    versions = []
    version = 0
    for message in seen:
        if message["type"] == "state":
            assert set(message) <= STATE_KEYS, sorted(message)
            version = message["version"]
            assert (seat, version) in views, f"version {version} is not in the room's log"
            assert message["view"] == views[seat, version], (
                f"seat {seat}: the state of version {version} is not the replay's view")
            assert message["analysis"] is None and message["can_undo"] is False
            assert message["action"] is None  # a speed step's choices show when it ends
            versions.append(version)
        leaked = cards_in(message) - cards_in(views[seat, version])
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at version {version}"
    assert versions, "no state at all"
    assert versions == sorted(versions), "a version went back"
    if every_version:
        assert sorted(set(versions)) == list(range(versions[0], versions[-1] + 1)), "a gap"
    return len(versions)


async def wait_until(predicate: Any, seconds: float = 20.0) -> None:
    """Poll ``predicate()`` until it is true (an AssertionError past ``seconds``)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "not in time"
        await asyncio.sleep(0.05)
