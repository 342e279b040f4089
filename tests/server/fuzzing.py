"""Hostile messages against a running server: the game must not change, the server must
answer ``/healthz`` all along, and the seat to act must still be able to play."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import httpx
import websockets

from server.client import Socket, create, join
from server.hostile import hostile
from server.serverproc import ServerProcess

BURST = 40  # messages per socket before it is closed and another opened (the rate limit)


async def fuzz_server(server: ServerProcess, count: int, seed: int, at_once: int = 8) -> int:
    """Send ``count`` hostile messages; the number sent. Asserts nothing changed."""
    ann = await create(server.base, ["human", "human"], rules={"rounds": 2},
                       options={"round_pause_seconds": 0})
    bob = await join(server.base, ann.room, "Bob")
    first = await Socket.open(server.ws, ann.room, ann.token)
    state = await first.until("state")
    version, turn = state["version"], state["view"]["turn"]
    idle = bob.token if turn == 0 else ann.token  # the seat not to act: it may only be refused
    actor_token = ann.token if turn == 0 else bob.token
    await first.close()
    sent = 0
    lock = asyncio.Lock()

    async def one(worker: int) -> None:
        nonlocal sent
        local = random.Random(f"{seed}:{worker}")
        while True:
            async with lock:
                if sent >= count:
                    return
                batch = min(BURST, count - sent)
                sent += batch
            token = local.choice([idle, None, "bad-token", "", idle])
            with contextlib.suppress(websockets.ConnectionClosed, OSError, TimeoutError):
                async with websockets.connect(f"{server.ws}/ws/{ann.room}", compression=None,
                                              ping_interval=None, max_size=2**22) as socket:
                    if local.random() < 0.9:
                        hello = {"type": "hello"} if token is None else {"type": "hello",
                                                                          "token": token}
                        await socket.send(json.dumps(hello))
                    for _ in range(batch):
                        message = hostile(local, version)
                        if local.random() < 0.002:
                            message = "x" * 70_000  # over the frame limit: the socket closes
                        await socket.send(message)
                    with contextlib.suppress(TimeoutError):
                        while True:
                            await asyncio.wait_for(socket.recv(), 0.05)

    async def health() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            while sent < count:
                answer = await http.get("/healthz")
                assert answer.status_code == 200
                await asyncio.sleep(0.2)

    await asyncio.gather(health(), *(one(worker) for worker in range(at_once)))
    actor = await Socket.open(server.ws, ann.room, actor_token)
    state = await actor.until("state")
    assert state["version"] == version, "hostile messages changed the game"
    await actor.send({"type": "action", "id": "after-fuzz", "version": version,
                      "action": "draw stock"})
    assert (await actor.until("state"))["version"] == version + 1
    await actor.close()
    assert httpx.get(f"{server.base}/healthz", timeout=10).status_code == 200
    return sent
