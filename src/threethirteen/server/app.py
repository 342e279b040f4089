"""The HTTP API and the WebSocket (docs/protocol.md), as a Starlette application.

``create_app(url)`` opens the database when the server starts (migrations run, unfinished
rooms are rebuilt), then ``/healthz`` answers 200.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from threethirteen.server import playerstats, review, sheets, static
from threethirteen.server.clients import Client
from threethirteen.server.limits import BURST, RATE, TokenBucket, rooms_per_minute
from threethirteen.server.lobby import Broken, Lobby, join_name
from threethirteen.server.protocol import (
    MAX_BODY_BYTES,
    BadMessage,
    CreateRoom,
    Hello,
    JoinRoom,
    PlayerQuery,
    parse_body,
    parse_client,
)
from threethirteen.server.room import CLOSE_NO_ROOM, Evicted, Refused, Room, error
from threethirteen.server.store import Store, safe_url
from threethirteen.server.tokens import new_token

log = logging.getLogger("threethirteen.server")
T = TypeVar("T")
HELLO_SECONDS = 10.0
SWITCH_SECONDS = 0.0005
CLOSE_NO_HELLO = 4008


class Server:
    """What the routes share: the database and the rooms, once started."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.store: Store | None = None
        self.lobby: Lobby | None = None
        self.created: dict[str, deque[float]] = {}  # client address: its rooms' times

    def may_create(self, address: str) -> bool:
        """True (and counted) if ``address`` made fewer rooms than allowed this minute."""
        now = time.monotonic()
        for other in [a for a, times in self.created.items()
                      if not times or times[-1] < now - 60]:
            del self.created[other]  # forget addresses quiet for a minute
        times = self.created.setdefault(address, deque())
        while times and times[0] < now - 60:
            times.popleft()
        if len(times) >= rooms_per_minute():
            return False
        times.append(now)
        return True

    @property
    def rooms(self) -> Lobby:
        if self.lobby is None:
            raise HTTPException(503, "the server is starting")
        return self.lobby

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        # The engine thread computes while the event loop does short network calls; with
        # Python's default 5 ms switch interval the loop waits that long for the GIL after
        # each one. A shorter interval keeps the sockets moving.
        sys.setswitchinterval(SWITCH_SECONDS)
        self.store = await Store.open(self.url)
        lobby = Lobby(self.store)
        rebuilt = await lobby.restore()
        log.info("database %s ready; %d unfinished rooms rebuilt",
                 safe_url(str(self.store.engine.url)), rebuilt)
        self.lobby = lobby
        try:
            yield
        finally:
            lobby.close()
            await self.store.close()


def problem(status: int, reason: str, message: str) -> JSONResponse:
    return JSONResponse({"reason": reason, "message": message}, status_code=status)


async def _body(request: Request) -> bytes:
    """The request body, refused past ``MAX_BODY_BYTES`` without reading it all."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise BadMessage(f"a request body holds at most {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(url: str | None = None) -> Starlette:
    """The server's application on the database at ``url`` (None: SQLite in the data dir)."""
    server = Server(url)

    async def healthz(_request: Request) -> Response:
        if server.lobby is None:
            return problem(503, "starting", "the server is starting")
        return JSONResponse({"ok": True})

    async def create_room(request: Request) -> Response:
        try:
            body = parse_body(await _body(request), CreateRoom)
            if not server.may_create(request.client.host if request.client else "?"):
                return problem(429, "too-many-rooms",
                               f"at most {rooms_per_minute():g} new rooms a minute")
            room, token = await server.rooms.create(body)
        except BadMessage as bad:
            return problem(400, "bad-message", str(bad))
        except Refused as refusal:
            return problem(503 if refusal.reason == "too-many-rooms" else 400, refusal.reason,
                           str(refusal))
        return JSONResponse({"room": room.id, "seat": 0, "token": token,
                             "invite": f"/r/{room.id}"}, status_code=201)

    async def join_room(request: Request) -> Response:
        room = await _room(request)
        if room is None:
            return _no_room()
        try:
            body = parse_body(await _body(request), JoinRoom)
            token = new_token()
            name = join_name(body.name)
            seat = await _again(server, room, lambda fresh: fresh.join(name, token, body.player))
        except BadMessage as bad:
            return problem(400, "bad-message", str(bad))
        except Refused as refusal:
            status = {"room-full": 409, "no-such-room": 404, "room-broken": 500}
            return problem(status.get(refusal.reason, 400), refusal.reason, str(refusal))
        return JSONResponse({"seat": seat, "token": token})

    async def get_room(request: Request) -> Response:
        room = await _room(request)
        if room is None:
            return _no_room()
        seat = None
        header = request.headers.get("authorization", "")
        asked = header[:7].lower() == "bearer "
        if asked:
            seat = room.seat_of(header[7:].strip())
        body = room.summary(seat)
        async with room.lock:  # the game changes on the engine thread, under the lock
            body.update(room.progress())
        if asked:
            body["you"] = seat  # the token's seat, None if it holds none (any more)
        return JSONResponse(body)

    async def get_record(request: Request) -> Response:
        room = await _room(request)
        if room is None:
            return _no_room()
        record = await server.rooms.store.record(room.id)
        if record is None:
            return problem(409, "not-over", "the record is given once the game is over")
        return JSONResponse(record)

    async def get_stats(request: Request) -> Response:
        name = request.path_params["name"]
        found = await server.rooms.store.stats(name) if len(name) <= 80 else None
        if found is None:
            return problem(404, "no-such-player", "no finished game under that name")
        return JSONResponse(found)

    async def player_stats(request: Request) -> Response:
        try:
            body = parse_body(await _body(request), PlayerQuery)
        except BadMessage as bad:
            return problem(400, "bad-message", str(bad))
        games = await server.rooms.store.player_games(body.player)
        return JSONResponse(playerstats.summary(games))

    async def unknown_api(_request: Request) -> Response:
        return problem(404, "not-found", "no such address in the API")

    async def page(request: Request) -> Response:
        return static.page(request.path_params["path"])

    async def _room(request: Request) -> Room | None:
        return await server.rooms.get(request.path_params["room"])

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        await play(server, websocket)

    async def broken_room(_request: Request, exc: Exception) -> Response:
        return problem(500, "room-broken", str(exc))

    async def http_error(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        reasons = {404: "not-found", 405: "method-not-allowed", 503: "starting"}
        return problem(exc.status_code, reasons.get(exc.status_code, "bad-request"),
                       str(exc.detail))

    routes = [
        Route("/healthz", healthz),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{room}", get_room),
        Route("/api/rooms/{room}/record", get_record),
        *review.routes(server),
        Route("/api/stats/{name}", get_stats),
        Route("/api/players/stats", player_stats, methods=["POST"]),
        *sheets.routes(),
        Route("/api/{rest:path}", unknown_api, methods=["GET", "POST", "PUT", "DELETE"]),
        WebSocketRoute("/ws/{room}", socket),
        Route("/{path:path}", page),
    ]
    app = Starlette(routes=routes, lifespan=server.lifespan,
                    exception_handlers={HTTPException: http_error, Broken: broken_room})
    app.state.server = server
    return app


def _no_room() -> Response:
    return problem(404, "no-such-room", "there is no such room")


async def _again(server: Server, room: Room, act: Callable[[Room], Awaitable[T]]) -> T:
    """``act(room)``; if the room left memory meanwhile, on the room rebuilt."""
    while True:
        try:
            return await act(room)
        except Evicted:
            fresh = await server.rooms.get(room.id)
            if fresh is None:
                raise Refused("no-such-room", "there is no such room") from None
            room = fresh


async def play(server: Server, websocket: WebSocket) -> None:
    """One socket, from ``hello`` to its close."""

    async def close(code: int) -> None:
        with contextlib.suppress(Exception):
            await websocket.close(code)

    client = Client(websocket.send_text, close)
    try:
        room = await server.rooms.get(websocket.path_params["room"])
        missing = error("no-such-room", "there is no such room")
    except Broken as broken:
        room, missing = None, error(broken.reason, str(broken))
    if room is None:
        client.send(missing)
        client.close(CLOSE_NO_ROOM)
        await client.finished()
        return
    bucket = TokenBucket(RATE, BURST, time.monotonic())
    try:
        while not client.closed:
            try:
                message = await asyncio.wait_for(
                    websocket.receive(), None if client.greeted else HELLO_SECONDS)
            except TimeoutError:
                client.send(error("bad-message", "say hello first"))
                client.close(CLOSE_NO_HELLO)
                break
            if message["type"] == "websocket.disconnect":
                break
            data: Any = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            if not bucket.take(time.monotonic()):
                client.send(error("rate-limited", f"at most {RATE:g} messages a second",
                                  _id_of(data)))
                continue
            room = await _one(server, room, client, data)
    except WebSocketDisconnect:
        pass
    finally:
        await room.leave(client)
        client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.finished(), 5)


def _id_of(data: str | bytes) -> str | None:
    """The client's id of a message refused unread (so that its sender knows which one)."""
    try:
        return getattr(parse_client(data), "id", None)
    except BadMessage:
        return None


async def _one(server: Server, room: Room, client: Client, data: str | bytes) -> Room:
    """Handle one message; the socket's room (rebuilt if it left memory before hello)."""
    try:
        parsed = parse_client(data)
    except BadMessage as bad:
        client.send(error("bad-message", str(bad)))
        return room
    if not client.greeted:
        if not isinstance(parsed, Hello):
            client.send(error("bad-message", 'the first message is {"type": "hello"}'))
            return room
        token = parsed.token

        async def hello(fresh: Room) -> Room:
            await fresh.hello(client, token)
            return fresh

        try:
            return await _again(server, room, hello)
        except Refused as refusal:  # gone, or broken, meanwhile
            client.send(error(refusal.reason, str(refusal)))
            client.close(CLOSE_NO_ROOM)
            return room
    if isinstance(parsed, Hello):
        client.send(error("bad-message", "a second hello on one socket"))
        return room
    try:
        await room.handle(client, parsed)
    except Exception:  # a fault of the server's: reported, never a crash or a leak
        log.exception("room %s: %s message failed", room.id, parsed.type)
        client.send(error("server-error", "the server could not handle that message",
                          getattr(parsed, "id", None)))
    return room
