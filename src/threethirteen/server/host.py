"""What the host may do (start before every seat is taken, kick a seat) and the rematch
every person of a finished game may accept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from threethirteen.server.clients import Client
from threethirteen.server.seats import CLOSE_KICKED, HUMAN, STAND_IN, Refused, Seat
from threethirteen.server.tokens import new_token

if TYPE_CHECKING:
    from threethirteen.server.room import Room


async def start_early(room: Room, seat: int) -> None:
    """The host starts now: the open seats become bots."""
    async with room.lock:
        if seat != room.host:
            raise Refused("not-host", "only the host starts the game")
        room.check_here()
        if room.status != "waiting":
            raise Refused("not-waiting", "the game has started")
        await room.start()


async def kick(room: Room, seat: int, target: int) -> None:
    """The host gives ``target``'s seat to a bot (before the game: it is no longer open)."""
    async with room.lock:
        if seat != room.host:
            raise Refused("not-host", "only the host kicks a seat")
        if (not 0 <= target < len(room.seats) or target == room.host
                or room.seats[target].kind != HUMAN):
            raise Refused("no-such-seat", "kick another person's seat")
        if room.status not in ("waiting", "playing"):
            raise Refused("not-playing", "the game is over")
        given = Seat(STAND_IN, room.seats[target].name or room.bot_name(target))
        if room.status == "waiting":
            given.name = room.bot_name(target)
        await room.store.set_seat(room.id, given.row(target))
        room.seats[target] = given
        room.away.discard(target)
        client = room.clients.pop(target, None)
        if client is not None:
            client.send({"type": "kicked"})
            client.close(CLOSE_KICKED)
        room.send_all({"type": "presence", "connected": room.connected()})
        if room.status == "waiting":
            await room.after_seating()
        else:
            room.send_all({"type": "room", "room": room.summary()})
            room.clocks.arm()
            room.wake()


async def rematch(room: Room, client: Client, seat: int) -> None:
    """The person accepts (or offers) the rematch: a fresh token for their seat in it.

    The clicks of every seat pass the room's lock one by one, so there is one rematch room;
    its id is stored with this room, and no token is kept anywhere (only its hash)."""
    async with room.lock:
        if room.status != "over":
            raise Refused("not-over", "a rematch is offered once the game is over")
        if not room.seats[seat].person or room.seats[seat].kind != HUMAN:
            raise Refused("no-such-seat", "a rematch is for the people who played")
        token = new_token()
        offered = room.rematch is None
        room_id = await room.hooks.rematch(room, seat, token)
        client.send({"type": "rematch", "room": room_id, "seat": seat, "token": token})
        if offered:
            room.send_all({"type": "room", "room": room.summary()})
