"""Who is in a room: a socket's ``hello`` (a seat's token, or none for a spectator) and
its leaving. A seat holds one socket (a newer one replaces it); every socket hears who is
connected, and a socket that arrives gets the state at once (with the pause and the turn
timer, if running)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from threethirteen.server.clients import Client
from threethirteen.server.limits import max_spectators
from threethirteen.server.seats import (
    CLOSE_BAD_TOKEN,
    CLOSE_NO_SPECTATORS,
    CLOSE_REPLACED,
    CLOSE_TOO_MANY_SPECTATORS,
    error,
    now_ms,
)

if TYPE_CHECKING:
    from threethirteen.server.room import Room


async def hello(room: Room, client: Client, token: str | None) -> None:
    async with room.lock:
        room.check_here()
        room.touch()
        client.greeted = True
        if token is None:
            if not room.options.spectators:
                client.send(error("no-spectators", "this room does not allow spectators"))
                client.close(CLOSE_NO_SPECTATORS)
                return
            if len(room.spectators) >= max_spectators():
                client.send(error("too-many-spectators",
                                  f"at most {max_spectators():g} spectators a room"))
                client.close(CLOSE_TOO_MANY_SPECTATORS)
                return
            room.spectators.add(client)
        else:
            seat = room.seat_of(token)
            if seat is None:
                client.send(error("bad-token", "that token holds no seat in this room"))
                client.close(CLOSE_BAD_TOKEN)
                return
            older = room.clients.get(seat)
            if older is not None:
                older.close(CLOSE_REPLACED)
            room.clients[seat] = client
            room.people_seen = time.time()
            client.seat = seat
            room.clocks.person_came(seat)
            room.send_all({"type": "presence", "connected": room.connected()})
            if room.game is None:  # a waiting room's body changed: who is connected
                room.send_all({"type": "room", "room": room.summary()})
        await _greet(room, client)


async def _greet(room: Room, client: Client) -> None:
    """The answer to ``hello``: the room (waiting) or the state, then the recent chat, then
    the pause and the turn timer, if running."""
    if room.game is None:
        client.send({"type": "room", "room": room.summary(client.seat)})
        client.send(room.chat.recent(client.seat))
        return
    await room.send_states([client])
    client.send(room.chat.recent(client.seat))
    clocks = room.clocks
    if clocks.pause is not None:
        client.send({"type": "pause", "until": clocks.pause_ms()})
    if clocks.timer_key is not None:
        client.send({"type": "timer", "seat": clocks.timer_key[0],
                     "deadline": now_ms(clocks.deadline)})


async def leave(room: Room, client: Client) -> None:
    """The socket closed: the others hear it; a closed room nobody watches any more
    leaves memory."""
    async with room.lock:
        room.touch()
        if client in room.spectators:
            room.spectators.discard(client)
            room.chat.forget(client)
        if client.seat is not None and room.clients.get(client.seat) is client:
            del room.clients[client.seat]
            room.people_seen = time.time()
            room.send_all({"type": "presence", "connected": room.connected()})
            if room.game is None:
                room.send_all({"type": "room", "room": room.summary()})
            room.clocks.left(client.seat)
        if not room.is_open() and not room.clients and not room.spectators:
            room.hooks.forget(room)
