"""The room's game, engine side: replaying the log, applying entries, a bot's move, a
game's end for the database, undo and hints (``versions`` builds each seat's ``state``).
Everything here runs on the engine thread (``engine.run``); nothing here touches a socket
or the database.
"""

from __future__ import annotations

import importlib
import logging
import random
from collections.abc import Iterable, Sequence
from typing import Any

from threethirteen.actions import Action, parse_action
from threethirteen.bots.expert import ExpertBot
from threethirteen.game import GameState
from threethirteen.gamebase import GameBase
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.server.store import Finish, LogEntry

UNDO = "undo"
log = logging.getLogger("threethirteen.server")


def new_game(rules: Rules, seed: int, names: Sequence[str]) -> GameState:
    return GameState(rules, seed=seed, names=names)


def replay(rules: Rules, seed: int, names: Sequence[str], log: Iterable[LogEntry]) -> GameState:
    """The game after every entry of ``log`` (a log that does not replay raises)."""
    game = new_game(rules, seed, names)
    for entry in log:
        game = apply_entry(game, entry)
    return game


def apply_entry(game: GameState, entry: LogEntry) -> GameState:
    """The game after one log entry (an action, or an undo)."""
    if entry.kind == UNDO:
        return take_back(game, entry.seat)
    game.apply(parse_action(entry.text))
    return game


def check(game: GameState, action: Action) -> None:
    """Raise ``IllegalAction`` (with the engine's reason) unless ``action`` is legal now."""
    game.check(action)


def round_count(game: GameState) -> int:
    """The rounds finished (a round that ends deals the next one, or ends the game).

    >>> from threethirteen.rules import Rules
    >>> round_count(GameState(Rules(players=2), seed=1))
    0
    """
    return game.round_number - (0 if game.is_over else 1)


def bot_move(game: GameState, seat: int, bot: Any, rng: random.Random) -> Action:
    """The bot's choice from ``seat``'s view only. A bot that fails, or chooses a move the
    engine refuses, is replaced for this move by the first legal one: a room never stops.
    The log names the bot and the fault's kind only (a message could hold its cards)."""
    try:
        action: Action = bot.choose(game.view(seat), rng)
        game.check(action)
        return action
    except Exception as fault:  # noqa: BLE001 - any bot, including a plugin's
        log.warning("bot %s failed (%s); a legal move is played for it",
                    getattr(bot, "name", "?"), type(fault).__name__)
        return game.legal_actions()[0]


def finish(game: GameState, people: Sequence[tuple[int, str]]) -> Finish:
    """The record of a finished game and each person's line for the statistics."""
    return finished(game, game_record(game), people)


def finished(game: GameBase[Any], record: dict[str, Any], people: Sequence[tuple[int, str]]
             ) -> Finish:
    """``record`` of the finished ``game`` (turns or speed) with each person's line for
    the statistics: name, total, won, rounds played, rounds gone out."""
    winners = game.winners or ()
    rounds = record["rounds"]
    lines = []
    for seat, name in people:
        played = min(len(rounds), game.rules.rounds)  # a playoff round is not counted
        # a speed round lists every seat that went out; a round in turns names one
        outs = sum(1 for r in rounds if seat in (r.get("outs") or (r.get("out"),)))
        lines.append((name, game.totals[seat], seat in winners, played, outs))
    return Finish(record, lines)


def hint(game: GameState, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """The expert's options for the seat to act, best first."""
    options = ExpertBot().explain(game.view(seat), rng)
    return [{"action": _without_seat(str(option.action)),
             "expected": round(option.expected, 2)} for option in options]


def _without_seat(text: str) -> str:
    return text.split(":", 1)[1].strip() if ":" in text else text


# -- undo (threethirteen.undo, when installed) ------------------------------------------


def _undo_module() -> Any:
    try:
        return importlib.import_module("threethirteen.undo")
    except ImportError:
        return None


def undo_blocker(game: GameState, seat: int) -> str | None:
    """Why ``seat`` may not take back its last turn now (None: it may)."""
    module = _undo_module()
    if module is None:
        return "undo is not available on this server"
    blocker: str | None = module.undo_blocker(game, seat)
    return blocker


def take_back(game: GameState, seat: int) -> GameState:
    """The game with ``seat``'s last turn taken back."""
    module = _undo_module()
    if module is None:
        raise ValueError("undo is not available on this server")
    undone: GameState = module.take_back(game, seat)[0]
    return undone
