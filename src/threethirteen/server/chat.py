"""A room's chat: the slow mode (one message a second per seat or spectator socket), the
store of every message, each seat's mutes (a seat does not see what a seat it muted
says; spectators cannot be muted one by one, and see everything), and the recent
history a socket gets after its ``hello`` (the last ``HISTORY`` messages, read from the
database when the room is loaded, so it outlives a restart; the mutes are in memory).
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any

from threethirteen.server.clients import Client
from threethirteen.server.limits import CHAT_SPACING
from threethirteen.server.protocol import Chat, Mute
from threethirteen.server.seats import Refused

if TYPE_CHECKING:
    from threethirteen.server.room import Room

HISTORY = 50  # chat messages a socket gets after its hello


class ChatRoom:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.muted: dict[int, set[int]] = {}  # seat: the seats it muted
        self.said_at: dict[int, float] = {}  # whose chat (``_key``): when they last spoke
        self.history: deque[tuple[int | None, str | None, str]] = deque(maxlen=HISTORY)

    async def restore(self) -> None:
        """The room was rebuilt from the database: its last messages with it."""
        room = self.room
        self.history.clear()
        self.history.extend(await room.store.chat(room.id, HISTORY))

    async def say(self, client: Client, message: Chat) -> None:
        room = self.room
        seat = client.seat
        key = _key(client)
        moment = time.monotonic()
        if moment - self.said_at.get(key, -CHAT_SPACING) < CHAT_SPACING:
            raise Refused("slow-mode", f"one chat message every {CHAT_SPACING:g} s")
        self.said_at[key] = moment
        name = "Spectator" if seat is None else room.seats[seat].name
        await room.store.add_chat(room.id, seat, name, message.text)
        self.history.append((seat, name, message.text))
        said = {"type": "chat", "seat": seat, "name": name, "text": message.text}
        for other in room.sockets():
            if seat is None or other.seat is None or seat not in self.muted.get(other.seat,
                                                                                set()):
                other.send(said)

    def mute(self, client: Client, seat: int, message: Mute) -> None:
        room = self.room
        if not 0 <= message.seat < len(room.seats) or message.seat == seat:
            raise Refused("no-such-seat", "mute another seat of this room")
        chosen = self.muted.setdefault(seat, set())
        if message.muted:
            chosen.add(message.seat)
        else:
            chosen.discard(message.seat)
        client.send({"type": "room", "room": room.summary(seat)})

    def is_muted(self, by: int | None, seat: int | None) -> bool:
        return by is not None and seat in self.muted.get(by, ())

    def recent(self, seat: int | None) -> dict[str, Any]:
        """The ``chat_history`` message for a socket of ``seat`` (None: a spectator's):
        the recent messages, oldest first, less those of the seats it muted."""
        return {"type": "chat_history", "messages": [
            {"seat": said, "name": name, "text": text} for said, name, text in self.history
            if not self.is_muted(seat, said)]}

    def forget(self, client: Client) -> None:
        """A spectator's socket left: its slow-mode entry goes with it."""
        if client.seat is None:
            self.said_at.pop(_key(client), None)


def _key(client: Client) -> int:
    """Whose chat spacing: the seat's, or (negative) the spectator socket's."""
    return -1 - id(client) if client.seat is None else client.seat
