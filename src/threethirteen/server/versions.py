"""A new version of a room's game, engine side: apply one log entry (a person's action, a
bot's choice, an undo), and build the ``state`` text of every socket's seat, in one trip to
the engine thread. Nothing here touches a socket or the database.

A state's text is built here up to its ``analysis``; the room adds its ``room`` summary and
``can_undo`` once the entry is committed (the summary is the event loop's).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from threethirteen.actions import Action, Discard
from threethirteen.game import GameState
from threethirteen.server import table
from threethirteen.server.analysis import analyse
from threethirteen.server.store import Finish, LogEntry
from threethirteen.server.viewjson import GameText, ViewText, dumps
from threethirteen.speed import SpeedGame

States = dict[int | None, tuple[str, bool]]  # seat: (the state's text so far, can_undo)
Game = GameState | SpeedGame  # a room's game: played in turns, or in speed mode


@dataclass(frozen=True, slots=True)
class Audience:
    """Who a version is for: the sockets' seats (None: spectators), the room's one person
    (``solo``, who may undo), the people for the statistics, and the room's ``GameText``."""

    seats: set[int | None]
    solo: int | None
    people: list[tuple[int, str]]
    text: GameText


@dataclass(frozen=True, slots=True)
class Step:
    """What one entry made: the game, whether a round ended, the game's end, the states,
    and whether a step began with it (in turns every entry begins one; in speed mode the
    entry that ends a draw or discard step, which other seats' actions never make stale)."""

    game: Game
    entry: LogEntry
    round_ended: bool
    finish: Finish | None
    states: States
    step_began: bool = True


def step(game: GameState, entry: LogEntry, audience: Audience,
         action: Action | None = None) -> Step:
    """Apply ``entry`` (``IllegalAction`` if the engine refuses it: nothing changes), and
    build the audience's states. The game is changed in place. ``action``: the entry's
    action, already parsed (it is checked and applied all the same)."""
    before = table.round_count(game)
    if action is None:
        game = table.apply_entry(game, entry)
    else:
        game.apply(action)
    finish = table.finish(game, audience.people) if game.is_over else None
    return Step(game, entry, table.round_count(game) > before, finish,
                states(game, entry.seq, audience))


def bot_step(game: GameState, seat: int, bot: Any, rng: random.Random, version: int,
             audience: Audience) -> Step:
    """The bot's choice from its seat's view, applied as the next version (one trip)."""
    action = table.bot_move(game, seat, bot, rng)
    return step(game, LogEntry(version + 1, seat, "action", str(action), None), audience,
                action)


def states(game: GameState, version: int, audience: Audience) -> States:
    """Each seat's ``state`` text up to its analysis (the views' public part built once),
    and whether the seat may undo now (only the room's one person ever may)."""
    encoder = ViewText(audience.text)
    found: States = {}
    for seat in audience.seats:
        view = game.view(seat)
        analysis = None if seat is None else analyse(view)
        head = (f'{{"type":"state","version":{version},"view":{encoder.encode(view)}'
                f',"analysis":{dumps(analysis)}')
        undo = False
        if seat is not None and seat == audience.solo:
            last = view.actions[-1] if view.actions else None  # undo is of one's last discard
            undo = (isinstance(last, Discard) and last.seat == seat
                    and table.undo_blocker(game, seat) is None)
        found[seat] = (head, undo)
    return found


def finish_state(head: str, room: str, can_undo: bool, extra: str = "",
                 action: str | None = None) -> str:
    """A state's whole text: its head, ``extra`` fields (a speed room's ``call_deadline``),
    the room summary's text, ``can_undo``, and ``action``: the notation of the action
    that made this version (``public_action``), or null.

    >>> finish_state('{"type":"state"', '{}', False, action="2: discard Qs")
    '{"type":"state","room":{},"can_undo":false,"action":"2: discard Qs"}'
    """
    return (f'{head}{extra},"room":{room},"can_undo":{"true" if can_undo else "false"}'
            f',"action":{dumps(action)}}}')


def public_action(entry: LogEntry) -> str | None:
    """The notation of the action ``entry`` applied, with its seat, in a game played in
    turns: public (a draw names its source only, a discard its card, which every seat
    sees on the pile). None for an undo.

    >>> public_action(LogEntry(5, 2, "action", "2: discard Qs", None))
    '2: discard Qs'
    >>> public_action(LogEntry(6, 2, "undo", "undo", "u1")) is None
    True
    """
    return entry.text if entry.kind == "action" else None
