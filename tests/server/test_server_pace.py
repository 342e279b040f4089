"""The bots' pace (docs/protocol.md, "Pace"): in a room played in turns the driver waits
before every bot's action, and longer after the one person's discard (the time to take
it back); that person changes the pace in play with a ``pace`` message, which the room's
stored options keep. Seeded deals and greedy bots: every run is the same game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import httpx

from server.client import Socket, create, join
from server.serverproc import ServerProcess

SEED = 5  # three seats, first_turn_out off: seat 0 plays first
RULES = {"rounds": 3, "first_turn_out": False}


async def _solo(server: ServerProcess, pace: str | None) -> tuple[Socket, str]:
    """A room of one person against two greedy bots, at ``pace``; its socket, in play."""
    options: dict[str, Any] = {"round_pause_seconds": 0}
    if pace is not None:
        options["pace"] = pace
    ann = await create(server.base, ["human", "greedy", "greedy"], rules=RULES,
                       options=options, seed=SEED)
    me = await Socket.open(server.ws, ann.room, ann.token)
    await me.until("state")
    return me, ann.room


async def _state(socket: Socket) -> tuple[dict[str, Any], float]:
    """The next state and when it came."""
    state = await socket.until("state")
    return state, time.monotonic()


async def _my_turn(me: Socket) -> dict[str, Any]:
    state = me.state
    while state is None or state["view"]["turn"] != 0 or state["view"]["phase"] != "draw":
        state = await me.until("state")
    return state


async def _play(me: Socket, state: dict[str, Any], ident: str, action: str
                ) -> tuple[dict[str, Any], float]:
    await me.send({"type": "action", "id": ident, "version": state["version"],
                   "action": action})
    return await _state(me)


def _discard(state: dict[str, Any]) -> str:
    """The first discard the engine allows (never going out: it could end the round)."""
    legal = [text.split(": ", 1)[1] for text in state["view"]["legal"]]
    return next(text for text in legal if text.startswith("discard"))


async def _bots_until_my_turn(me: Socket) -> list[tuple[dict[str, Any], float]]:
    """The bots' states, with their times, up to the one that gives seat 0 its turn."""
    found = []
    while True:
        state, at = await _state(me)
        found.append((state, at))
        if state["view"]["turn"] == 0 and state["view"]["phase"] == "draw":
            return found


def _gaps(times: list[float]) -> list[float]:
    return [later - earlier for earlier, later in zip(times, times[1:], strict=False)]


def _spaced(gaps: list[float], seconds: float) -> bool:
    """Every gap about ``seconds`` or more: a state that reached this (busy) test process
    late shortens the gap after it by as much, so each may fall short by 0.15 s; their
    mean may not."""
    return (len(gaps) >= 3 and min(gaps) >= seconds - 0.15
            and sum(gaps) / len(gaps) >= seconds - 0.05)


def test_at_normal_pace_a_discard_can_be_taken_back_and_each_bot_move_shows(
        server: ServerProcess) -> None:
    async def run() -> None:
        me, _room = await _solo(server, "normal")
        state = await _my_turn(me)
        drawn, _ = await _play(me, state, "d1", "draw stock")
        assert drawn["action"] == "0: draw stock"
        card = _discard(drawn)
        discarded, _ = await _play(me, drawn, "x1", card)
        assert discarded["can_undo"] is True and discarded["action"] == f"0: {card}"
        await asyncio.sleep(0.6)  # well inside the 1.8 s the bots wait after a discard
        await me.send({"type": "undo", "id": "u1"})
        undone, _ = await _state(me)
        assert undone["version"] == discarded["version"] + 1, "a bot moved before the undo"
        assert undone["view"]["turn"] == 0 and undone["view"]["phase"] == "discard"
        assert undone["action"] is None  # an undo is no action
        again, sent = await _play(me, undone, "x2", card)
        bots = await _bots_until_my_turn(me)
        first, came = bots[0]
        assert came - sent >= 1.5, f"the first bot moved {came - sent:.2f} s after the discard"
        assert first["action"] == "1: draw stock" or first["action"] == "1: draw discard"
        gaps = _gaps([at for _, at in bots])
        assert _spaced(gaps, 0.9), gaps
        seats = [state["action"].split(":")[0] for state, _ in bots]
        assert seats[:4] == ["1", "1", "2", "2"]  # a draw and a discard each, in order
        assert again["version"] + len(bots) == bots[-1][0]["version"]
        await me.close()

    asyncio.run(run())


def test_instant_pace_and_no_pace_keep_the_short_undo_window_only(
        server: ServerProcess) -> None:
    async def run(pace: str | None) -> None:
        me, _room = await _solo(server, pace)
        state = await _my_turn(me)
        drawn, _ = await _play(me, state, "d1", "draw stock")
        _, sent = await _play(me, drawn, "x1", _discard(drawn))
        bots = await _bots_until_my_turn(me)
        waited = bots[0][1] - sent
        assert 0.7 <= waited < 1.6, f"{pace}: the first bot moved after {waited:.2f} s"
        gaps = _gaps([at for _, at in bots])
        assert gaps and max(gaps) < 0.75, (pace, gaps)
        await me.close()

    for pace in ("instant", None):
        asyncio.run(run(pace))


def test_the_one_person_changes_the_pace_in_play_and_a_wait_under_way_takes_it(
        server: ServerProcess) -> None:
    async def run() -> None:
        me, room = await _solo(server, "slow")
        state = await _my_turn(me)
        drawn, _ = await _play(me, state, "d1", "draw stock")
        _, sent = await _play(me, drawn, "x1", _discard(drawn))
        await me.send({"type": "pace", "pace": "fast"})  # the 3 s wait is under way
        bots = await _bots_until_my_turn(me)
        waited = bots[0][1] - sent
        assert 0.9 <= waited < 2.2, f"the first bot moved after {waited:.2f} s"
        gaps = _gaps([at for _, at in bots])
        assert _spaced(gaps, 0.45) and max(gaps) < 1.2, gaps
        assert bots[-1][0]["room"]["options"]["pace"] == "fast"
        summary = httpx.get(f"{server.base}/api/rooms/{room}", timeout=10).json()
        assert summary["options"]["pace"] == "fast"
        for bad in ({"type": "pace", "pace": "warp"}, {"type": "pace", "pace": None},
                    {"type": "pace"}):
            await me.send(bad)
            refusal = await me.until("error")
            assert refusal["reason"] == "bad-message" and "pace" in refusal["message"]
        await me.close()

    asyncio.run(run())


def test_the_first_bot_move_after_next_is_paced_too(server: ServerProcess) -> None:
    async def run() -> None:
        # seed 5, two seats: seat 0 plays first in round 1, so the bot plays first in round 2
        ann = await create(server.base, ["human", "greedy"], rules={"rounds": 2},
                           options={"pace": "instant"}, seed=5)
        me = await Socket.open(server.ws, ann.room, ann.token)
        state = await me.until("state")
        turn = 0
        while not state["view"]["results"]:  # round 1, played quickly
            view = state["view"]
            if view["turn"] == 0:
                legal = [text.split(": ", 1)[1] for text in view["legal"]]
                outs = [text for text in legal if text.startswith("out")]
                turn += 1
                state, _ = await _play(me, state, f"a{turn}", outs[0] if outs else legal[0])
            else:
                state = await me.until("state")
        assert (await me.until("pause"))["until"] is None  # it waits for the person
        assert state["view"]["turn"] == 1
        await me.send({"type": "pace", "pace": "slow"})
        await me.send({"type": "next"})
        sent = time.monotonic()
        first, came = await _state(me)
        assert first["action"] == "1: draw stock" or first["action"] == "1: draw discard"
        assert came - sent >= 1.45, f"the bot moved {came - sent:.2f} s after next"
        await me.close()

    asyncio.run(run())


def test_only_the_one_person_at_a_table_against_computers_sets_the_pace(
        server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "greedy", "human"], rules=RULES,
                           options={"round_pause_seconds": 0, "pace": "fast"})
        bob = await join(server.base, ann.room, "Bob")
        sockets = [await Socket.open(server.ws, ann.room, token)
                   for token in (ann.token, bob.token, None)]
        for socket in sockets:
            await socket.until("state")
        for socket, reason in zip(sockets, ("not-allowed", "not-allowed", "spectator"),
                                  strict=True):
            await socket.send({"type": "pace", "pace": "slow"})
            refusal = await socket.until("error")
            assert refusal["reason"] == reason, refusal
        assert "one person" in refusal["message"] or reason == "spectator"
        summary = httpx.get(f"{server.base}/api/rooms/{ann.room}", timeout=10).json()
        assert summary["options"]["pace"] == "fast"
        for socket in sockets:
            await socket.close()

    asyncio.run(run())


def test_a_restart_keeps_the_pace_and_the_chat(
        spawn: Callable[[str], ServerProcess]) -> None:
    server = spawn("sqlite")
    server.start()

    async def before() -> tuple[str, str]:
        ann = await create(server.base, ["human", "greedy"], rules={"rounds": 2},
                           options={"pace": "normal"}, seed=3)
        me = await Socket.open(server.ws, ann.room, ann.token)
        await me.until("state")
        await me.send({"type": "pace", "pace": "slow"})
        await me.send({"type": "chat", "text": "good luck"})
        await me.until("chat")  # the socket's messages are handled in order: both done
        await me.close()
        return ann.room, ann.token

    room, token = asyncio.run(before())
    server.stop()
    server.start()

    async def after() -> None:
        me = await Socket.open(server.ws, room, token)
        state = await me.until("state")
        assert state["room"]["options"]["pace"] == "slow"
        history = await me.recv()  # right after the state that answers hello
        assert history == {"type": "chat_history", "messages": [
            {"seat": 0, "name": "Ann", "text": "good luck"}]}
        await me.close()

    asyncio.run(after())
