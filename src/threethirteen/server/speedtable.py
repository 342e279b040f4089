"""A speed room's game, engine side (``SpeedGame``, RULES.md "Speed"): replaying the log,
applying one entry, a bot's answer to a step, the game's end for the database, and every
socket's ``state`` text. Everything here runs on the engine thread (``engine.run``);
nothing here touches a socket or the database.

A speed room's log holds one entry per seat's action and one per caller's timeout
(``kind`` ``tick``, seat ``CALLER``): ``SpeedGame.tick`` plays for every seat still
waiting, so the log replays exactly.

>>> from threethirteen.rules import Rules
>>> rules = Rules(mode="speed", players=3, rounds=1)
>>> log = [LogEntry(1, 2, "action", "2: draw discard", "a"), LogEntry(2, CALLER, TICK, TICK, None)]
>>> game = replay(rules, 7, ["A", "B", "C"], log)
>>> game.phase.value, step_start(game, 2)
('discard', 2)
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Sequence
from typing import Any

from threethirteen.actions import Action, parse_action
from threethirteen.rules import Rules
from threethirteen.server import table
from threethirteen.server.speedjson import SpeedViewText
from threethirteen.server.store import Finish, LogEntry
from threethirteen.server.versions import Audience, States, Step
from threethirteen.speed import SpeedGame
from threethirteen.speedrecord import speed_record
from threethirteen.view import Phase

ACTION = "action"
TICK = "tick"  # the caller's timeout: an entry's kind and text
CALLER = -1  # the seat of the caller's entries: no seat's

log = logging.getLogger("threethirteen.server")


class NoAnswer(Exception):
    """A bot gave no answer to this step: the caller plays for its seat."""


def new_game(rules: Rules, seed: int, names: Sequence[str]) -> SpeedGame:
    return SpeedGame(rules, seed=seed, names=names)


def replay(rules: Rules, seed: int, names: Sequence[str], log: Iterable[LogEntry]) -> SpeedGame:
    """The game after every entry of ``log`` (a log that does not replay raises)."""
    game = new_game(rules, seed, names)
    for entry in log:
        apply_entry(game, entry)
    return game


def apply_entry(game: SpeedGame, entry: LogEntry) -> None:
    """Play one log entry: a seat's action, or the caller's timeout."""
    if entry.kind == TICK:
        game.tick()
    elif entry.kind == ACTION:
        game.apply(parse_action(entry.text))
    else:
        raise ValueError(f"a speed room's log has no {entry.kind!r} entries")


def step_start(game: SpeedGame, version: int) -> int:
    """The version at which the running step began: each entry since is one seat's action
    (an entry that ends a step begins the next)."""
    if game.is_over:
        return version
    view = game.view(None)
    return version - (len(view.seats) - len(view.waiting))


def _step_key(game: SpeedGame) -> tuple[int, int, Phase]:
    """Which step runs: it changes exactly when a step ends."""
    return game.round_number, game.call, game.phase


def round_count(game: SpeedGame) -> int:
    """The rounds finished (a round that ends deals the next one, or ends the game)."""
    return game.round_number - (0 if game.is_over else 1)


def step(game: SpeedGame, entry: LogEntry, audience: Audience,
         action: Action | None = None) -> Step:
    """Apply ``entry`` (``IllegalAction`` if the engine refuses it: nothing changes), and
    build the audience's states. The game is changed in place. ``action``: the entry's
    action, already parsed (it is checked and applied all the same)."""
    rounds, key = round_count(game), _step_key(game)
    if action is None:
        apply_entry(game, entry)
    else:
        game.apply(action)
    done = finish(game, audience.people) if game.is_over else None
    return Step(game, entry, round_count(game) > rounds, done,
                states(game, entry.seq, audience), _step_key(game) != key)


def bot_step(game: SpeedGame, seat: int, bot: Any, rng: random.Random, version: int,
             audience: Audience) -> Step:
    """The bot's answer from its seat's view, applied as the next version (one trip);
    ``NoAnswer`` if it gives none."""
    action = bot_answer(game, seat, bot, rng)
    return step(game, LogEntry(version + 1, seat, ACTION, str(action), None), audience, action)


def bot_answer(game: SpeedGame, seat: int, bot: Any, rng: random.Random) -> Action:
    """The bot's answer from ``seat``'s view only (``NoAnswer``: none). A bot that fails,
    or answers what the engine refuses, is replaced for this step by the first legal
    action: a room never stops. The log names the bot and the fault's kind only."""
    view = game.view(seat)
    try:
        action: Action | None = bot.choose_speed(view, rng)
        if action is None:
            raise NoAnswer
        if action.seat != seat:
            raise ValueError("an answer for another seat")
        game.check(action)
        return action
    except NoAnswer:
        raise
    except Exception as fault:  # noqa: BLE001 - any bot, including a plugin's
        log.warning("bot %s failed (%s); a legal move is played for it",
                    getattr(bot, "name", "?"), type(fault).__name__)
        return view.legal[0]


def finish(game: SpeedGame, people: Sequence[tuple[int, str]]) -> Finish:
    """The speed record of a finished game and each person's line for the statistics."""
    return table.finished(game, speed_record(game), people)


def states(game: SpeedGame, version: int, audience: Audience) -> States:
    """Each seat's ``state`` text up to its ``analysis`` (none in speed mode; the public
    part of the views built once). Nobody may undo in speed mode."""
    encoder = SpeedViewText(audience.text)
    return {seat: (f'{{"type":"state","version":{version}'
                   f',"view":{encoder.encode(game.view(seat))},"analysis":null', False)
            for seat in audience.seats}
