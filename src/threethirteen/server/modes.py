"""A room's game, whichever its mode: one player at a time (``GameState``, ``table``) or
everyone at once (3-13 Speed, ``SpeedGame``, ``speedtable``).

``mode_of(rules)`` gives a room its ``GameMode``: the engine functions that make, replay
and step its game and build its sockets' states (each run on the engine thread), and the
clocks and the bots' driver that play it. The room itself is the same for both.

>>> mode_of(Rules()).name, mode_of(Rules(mode="speed", players=3)).name
('turns', 'speed')
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from threethirteen.actions import Action
from threethirteen.game import GameState
from threethirteen.rules import Mode, Rules
from threethirteen.server import speedtable, table, versions
from threethirteen.server.caller import Caller
from threethirteen.server.driver import BotDriver, set_pace
from threethirteen.server.seats import Refused
from threethirteen.server.speedbots import SpeedDriver
from threethirteen.server.store import LogEntry
from threethirteen.server.timers import Clocks
from threethirteen.server.versions import Audience, Game, States, Step
from threethirteen.speed import SpeedGame

if TYPE_CHECKING:
    import random

    from threethirteen.server.room import Room


class Driver(Protocol):
    """What a room asks of its bots' driver."""

    rng: random.Random

    def wake(self) -> None: ...

    def seat(self) -> int | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class GameMode:
    """What a room needs of its game's mode. ``step_start(game, version)``: the version at
    which the running step began (an action from that version on is not stale).
    ``public_action(entry)``: what a ``state`` says made its version (None: nothing said);
    ``set_pace(room, seat, pace)``: a seat asks its bots for another pace."""

    name: str
    new_game: Callable[[Rules, int, Sequence[str]], Game]
    replay: Callable[[Rules, int, Sequence[str], Iterable[LogEntry]], Game]
    step: Callable[[Game, LogEntry, Audience, Action | None], Step]
    states: Callable[[Game, int, Audience], States]
    step_start: Callable[[Game, int], int]
    clocks: Callable[[Room], Clocks]
    driver: Callable[[Room], Driver]
    public_action: Callable[[LogEntry], str | None]
    set_pace: Callable[[Room, int, str], Awaitable[None]]


def _turns(game: Game) -> GameState:
    if not isinstance(game, GameState):
        raise TypeError("a room played in turns holds a GameState")
    return game


def _speed(game: Game) -> SpeedGame:
    if not isinstance(game, SpeedGame):
        raise TypeError("a speed room holds a SpeedGame")
    return game


async def _no_pace(_room: Room, _seat: int, _pace: str) -> None:
    raise Refused("not-in-speed", "a speed room has no pace: its bots answer each step "
                  "in a person's time")


TURNS = GameMode(
    name="turns",
    new_game=table.new_game,
    replay=table.replay,
    step=lambda game, entry, audience, action: versions.step(_turns(game), entry, audience,
                                                             action),
    states=lambda game, version, audience: versions.states(_turns(game), version, audience),
    step_start=lambda _game, version: version,  # every entry begins a turn's next step
    clocks=Clocks,
    driver=BotDriver,
    public_action=versions.public_action,
    set_pace=set_pace,
)

SPEED = GameMode(
    name="speed",
    new_game=speedtable.new_game,
    replay=speedtable.replay,
    step=lambda game, entry, audience, action: speedtable.step(_speed(game), entry, audience,
                                                               action),
    states=lambda game, version, audience: speedtable.states(_speed(game), version, audience),
    step_start=lambda game, version: speedtable.step_start(_speed(game), version),
    clocks=Caller,
    driver=SpeedDriver,
    # a step's choices show only when it ends (seats act at once): no state names one
    public_action=lambda _entry: None,
    set_pace=_no_pace,
)


def mode_of(rules: Rules) -> GameMode:
    """The mode a room of ``rules`` plays."""
    return SPEED if rules.mode is Mode.SPEED else TURNS
