"""A room's vocabulary: seats (a person's or a bot's) and their names by position, the
refusals a room answers with, and the close codes of its sockets."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from threethirteen.seats import MAX_OTHERS, seat_names
from threethirteen.server.store import SeatRow

HUMAN = "human"
STAND_IN = "medium"  # the bot for a kicked seat, an open seat at an early start, a late person

CLOSE_BAD_TOKEN, CLOSE_REPLACED, CLOSE_KICKED = 4001, 4002, 4003
CLOSE_NO_ROOM, CLOSE_NO_SPECTATORS, CLOSE_TOO_MANY_SPECTATORS = 4004, 4005, 4009
CLOSE_ABANDONED = 4010


@dataclass
class Seat:
    kind: str  # HUMAN, or a bot's name
    name: str | None  # a person's name (None while open), or the bot seat's position name
    token_hash: str | None = None
    person: bool = False  # a person sits (or sat) here and it was not given to a bot
    player: str | None = None  # the person's browser id: private, never sent to a client

    def row(self, seat: int) -> SeatRow:
        return SeatRow(seat, self.kind, self.name, self.token_hash, self.person, self.player)


def position_names(seats: int) -> tuple[str, ...]:
    """The names of a room's seats by position (a bot is called by its seat's): as at the
    terminal, ``seat_names`` up to 8 seats; beyond (a speed room), as the terminal's speed
    table: Left (who takes from seat 0's pile), Seat 2, Seat 3, ..., Right.

    >>> position_names(4)
    ('You', 'Left', 'Top', 'Right')
    >>> position_names(10)[8:]
    ('Seat 8', 'Right')
    """
    if seats - 1 <= MAX_OTHERS:
        return seat_names(seats - 1)
    return ("You", "Left", *(f"Seat {seat}" for seat in range(2, seats - 1)), "Right")


# the bots' names in a room of several people: the same whichever seat a person looks from
ONLINE_NAMES = ("Ada", "Bela", "Cleo", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno",
                "Kai", "Lia", "Milo", "Nora", "Otto")


def bot_names(seats: int, online: bool) -> tuple[str, ...]:
    """The names a room's bots take by seat: by position (as the one person sees the table,
    ``position_names``) in a room of one person, else one of ``ONLINE_NAMES`` per seat
    (seat 0 is always a person's).

    >>> bot_names(4, online=False)[1:]
    ('Left', 'Top', 'Right')
    >>> bot_names(4, online=True)[1:]
    ('Ada', 'Bela', 'Cleo')
    >>> len(set(bot_names(16, online=True)))
    16
    """
    if not online:
        return position_names(seats)
    return ("You", *ONLINE_NAMES[:seats - 1])


class Refused(Exception):
    """A request the room turns down: ``reason`` for machines, the text for people."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class Evicted(Exception):
    """The room left memory meanwhile: ask the lobby for it again."""


def error(reason: str, message: str, ident: str | None = None) -> dict[str, Any]:
    """An ``error`` message.

    >>> error("slow-mode", "one chat message a second")
    {'type': 'error', 'reason': 'slow-mode', 'message': 'one chat message a second'}
    """
    found: dict[str, Any] = {"type": "error", "reason": reason, "message": message}
    if ident is not None:
        found["id"] = ident
    return found


def now_ms(seconds: float | None = None) -> int:
    """Unix time in milliseconds (now, or of ``seconds``), as messages carry it."""
    return int((time.time() if seconds is None else seconds) * 1000)
