"""What a player may ask for besides moves: a hint (the expert's options, stored with the
game) and, in a room of one person, an undo of their last discard (``threethirteen.undo``
says when; the undo is a log entry like an action). Speed rooms have neither
(``not-in-speed``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from threethirteen.game import GameState
from threethirteen.rules import Mode
from threethirteen.server import engine, table, versions
from threethirteen.server.clients import Client
from threethirteen.server.protocol import HintRequest, UndoRequest
from threethirteen.server.seats import Refused
from threethirteen.server.store import LogEntry

if TYPE_CHECKING:
    from threethirteen.server.room import Room


def _not_in_speed(room: Room, what: str) -> None:
    if room.rules.mode is Mode.SPEED:
        raise Refused("not-in-speed", f"{what} in speed mode: everyone plays at once")


async def hint(room: Room, client: Client, seat: int, message: HintRequest) -> None:
    _not_in_speed(room, "there are no hints")
    async with room.lock:
        game = room.game
        if not isinstance(game, GameState) or room.status != "playing" or game.turn != seat:
            raise Refused("not-your-turn", "a hint is for the seat to act")
        options = await engine.run(table.hint, game, seat, room.bots.rng)
        await room.store.add_hint(room.id, room.version, seat, options)
        client.send({"type": "hint", "id": message.id, "options": options})


async def undo(room: Room, client: Client, seat: int, message: UndoRequest) -> None:
    _not_in_speed(room, "nothing is taken back")
    async with room.lock:
        if message.id in room.ids:
            await room.send_states([client])
            return
        game = room.game
        if not isinstance(game, GameState) or room.status != "playing":
            raise Refused("undo-not-allowed", "there is no game to undo")
        if room.solo_seat != seat:
            raise Refused("undo-not-allowed", "undo is for a room with one person")
        blocker = await engine.run(table.undo_blocker, game, seat)
        if blocker is not None:
            raise Refused("undo-not-allowed", blocker)
        room.clocks.end_pause()
        entry = LogEntry(room.version + 1, seat, table.UNDO, table.UNDO, message.id)
        await room.commit(lambda audience: engine.run(versions.step, game, entry, audience))
