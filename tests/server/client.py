"""A test client of the game server: HTTP with httpx, the WebSocket with ``websockets``,
and a player that plays legal moves until the game is over."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

RECV_SECONDS = 30.0
RATE, BURST = 18.0, 30  # the client keeps under the server's 20 a second, bursts of 40


@dataclass
class Seated:
    room: str
    seat: int
    token: str


async def create(base: str, seats: list[str], rules: dict[str, Any] | None = None,
                 name: str = "Ann", options: dict[str, Any] | None = None,
                 seed: int | None = None) -> Seated:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        body: dict[str, Any] = {"name": name, "rules": rules or {}, "seats": seats}
        if options is not None:
            body["options"] = options
        if seed is not None:
            body["seed"] = seed
        answer = await http.post("/api/rooms", json=body)
        assert answer.status_code == 201, answer.text
        data = answer.json()
        return Seated(data["room"], data["seat"], data["token"])


async def join(base: str, room: str, name: str) -> Seated:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        answer = await http.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        return Seated(room, data["seat"], data["token"])


@dataclass
class Socket:
    """One WebSocket; ``seen`` keeps every message received, in order."""

    connection: ClientConnection
    seen: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] | None = None

    @classmethod
    async def open(cls, ws_base: str, room: str, token: str | None) -> Socket:
        connection = await websockets.connect(f"{ws_base}/ws/{room}", compression=None,
                                              max_size=2**22, open_timeout=20,
                                              ping_interval=None, max_queue=None)
        socket = cls(connection)
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        await socket.send(hello)
        return socket

    async def send(self, message: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(message))

    async def recv(self, timeout: float = RECV_SECONDS) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.connection.recv(),
                                                                    timeout))
        self.seen.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    async def until(self, kind: str, timeout: float = RECV_SECONDS) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def close(self) -> None:
        await self.connection.close()


async def play_out(socket: Socket, rng: random.Random, *, stop_at: int | None = None) -> None:
    """Play legal moves (going out whenever possible) until the game is over, or until
    the version reaches ``stop_at``."""
    counter = 0
    tag = rng.getrandbits(32)  # ids stay unique across calls: a repeated id is not replayed
    loop = asyncio.get_running_loop()
    tokens, last = float(BURST), loop.time()
    while True:
        state = socket.state
        if state is not None:
            view = state["view"]
            if view["phase"] == "over":
                return
            if stop_at is not None and state["version"] >= stop_at:
                return
            if view["turn"] == view["seat"] and view["legal"]:
                legal = [text.split(": ", 1)[1] for text in view["legal"]]
                outs = [text for text in legal if text.startswith("out")]
                choice = outs[0] if outs else rng.choice(legal)
                counter += 1
                tokens = min(float(BURST), tokens + (loop.time() - last) * RATE)
                if tokens < 1.0:
                    await asyncio.sleep((1.0 - tokens) / RATE)
                    tokens = 1.0
                last = loop.time()  # after the sleep: its refill is counted once
                tokens -= 1.0
                await socket.send({"type": "action", "id": f"{view['seat']}-{tag}-{counter}",
                                   "version": state["version"], "action": choice})
                if not await _next_state(socket):
                    await asyncio.sleep(0.5)  # rate-limited: the same state, tried again
                continue
        message = await socket.recv()
        if message["type"] == "pause":
            await socket.send({"type": "next"})


async def watch(socket: Socket) -> None:
    """Read until the game is over (a spectator, or a seat that does not play)."""
    while socket.state is None or socket.state["view"]["phase"] != "over":
        await socket.recv()


async def _next_state(socket: Socket) -> bool:
    """Wait for the state that answers our action; False if it was rate-limited."""
    version = socket.state["version"] if socket.state else -1
    while True:
        message = await socket.recv()
        if message["type"] == "state" and message["version"] != version:
            return True
        if message["type"] == "error":
            if message["reason"] == "stale-version":
                await socket.until("state")
                return True
            if message["reason"] == "rate-limited":
                return False
            raise AssertionError(f"refused: {message}")
        if message["type"] == "pause":
            await socket.send({"type": "next"})
