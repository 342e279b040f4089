"""The JSON text of the server's ``state`` messages, built fast: the same text as
``dumps(view.to_json())``, byte for byte.

A state goes to every socket after every version, so its text is built from pieces that
change rarely: the rules' text once per game, each finished round's result once, the
round's action list grown by one action per version (``GameText``, one per room), and the
public part of a view once per version for all the sockets of a room (``ViewText``). Card
and action texts come from tables. A test checks the equality over whole games of every
preset.

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> game = GameState(Rules(players=2, rounds=1), seed=3)
>>> view = game.view(0)
>>> ViewText(GameText()).encode(view) == dumps(view.to_json())
True
"""

from __future__ import annotations

import json
from typing import Any

from threethirteen.actions import Action, Discard, Draw
from threethirteen.cards import CODES, Card
from threethirteen.results import RoundResult
from threethirteen.rules import Rules
from threethirteen.scoring import wild_json
from threethirteen.speed import SpeedView
from threethirteen.view import View

_CARDS = tuple(json.dumps(str(Card.from_code(code))) for code in range(CODES))  # stars: 53..63
_ACTIONS: dict[tuple[int, int, int], str] = {}
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode


def dumps(value: Any) -> str:
    """The server's one JSON form: compact, ASCII.

    >>> dumps({"a": [1, None, "é"]})
    '{"a":[1,null,"\\\\u00e9"]}'
    """
    return _ENCODE(value)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """A JSON list of card names."""
    table = _CARDS
    return "[" + ",".join([table[card.code] for card in cards]) + "]"


def action_text(action: Action) -> str:
    """An action's notation, as a JSON string (from a table)."""
    if isinstance(action, Draw):
        key = (action.seat, -1, 0 if action.source == "stock" else 1)
    else:
        assert isinstance(action, Discard)
        key = (action.seat, action.card.code, 2 if action.out else 3)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = json.dumps(str(action))
    return found


class GameText:
    """The JSON texts one game keeps from version to version (one per room; engine thread
    only). Each cache checks the identity of what it was built from, so a game replayed
    or taken back is simply rebuilt."""

    def __init__(self) -> None:
        self._rules: tuple[Rules | None, str] = (None, "")
        self._results: tuple[tuple[RoundResult, ...], str] = ((), "[]")
        self._first: Action | None = None  # the round's first action, its last, and
        self._last: Action | None = None  # how many the text holds
        self._count = 0
        self._actions_text = ""

    def rules(self, rules: Rules) -> str:
        if self._rules[0] is not rules:
            self._rules = (rules, dumps(rules.to_json()))
        return self._rules[1]

    def results(self, results: tuple[RoundResult, ...]) -> str:
        kept, text = self._results
        if len(kept) != len(results) or any(a is not b for a, b in zip(kept, results, strict=True)):
            text = "[" + ",".join([dumps(result.to_json()) for result in results]) + "]"
            self._results = (results, text)
        return text

    def actions(self, actions: tuple[Action, ...]) -> str:
        """The round's actions so far: the text made at the last version, grown."""
        known = self._count
        if known and (known > len(actions) or actions[0] is not self._first
                      or actions[known - 1] is not self._last):
            known, self._actions_text = 0, ""
        if known < len(actions):
            added = ",".join([action_text(action) for action in actions[known:]])
            self._actions_text = f"{self._actions_text},{added}" if known else added
        self._count = len(actions)
        self._first, self._last = (actions[0], actions[-1]) if actions else (None, None)
        return "[" + self._actions_text + "]"


class ViewText:
    """Encodes the views of one game moment; the public part is built on first use."""

    def __init__(self, game: GameText | None = None) -> None:
        self._game = game or GameText()
        self._head = ""  # from "rules" to "turn"
        self._tail = ""  # from "hand_sizes" to "winners"

    def encode(self, view: View) -> str:
        """``dumps(view.to_json())``, faster."""
        if not self._head:
            game = self._game
            self._head = table_text(game, view) + ',"turn":' + int_text(view.turn)
            pickups = ",".join([f'{{"seat":{p.seat},"card":{_CARDS[p.card.code]}}}'
                                for p in view.pickups])
            self._tail = (
                ',"hand_sizes":' + ints_text(view.hand_sizes)
                + f',"stock_size":{view.stock_size}'
                + ',"discard_pile":' + cards_text(view.discard_pile)
                + ',"pickups":[' + pickups + "]"
                + ',"actions":' + game.actions(view.actions)
                + f',"reshuffled":{bool_text(view.reshuffled)},"out":{int_text(view.out)}'
                + f',"final_turns_left":{view.final_turns_left}'
                + ',"false_outs":' + ints_text(view.false_outs)
                + ',"totals":' + ints_text(view.totals)
                + ',"results":' + game.results(view.results)
                + ',"winners":' + ("null" if view.winners is None else ints_text(view.winners)))
        hand = "null" if view.hand is None else cards_text(view.hand)
        legal = ",".join([action_text(action) for action in view.legal])
        return (f'{{"seat":{int_text(view.seat)}{self._head},"hand":{hand}{self._tail}'
                f',"legal":[{legal}]}}')


def table_text(game: GameText, view: View | SpeedView) -> str:
    """The part of a view both modes write alike, from "rules" to "phase"."""
    return (',"rules":' + game.rules(view.rules)
            + ',"players":' + dumps(list(view.players))
            + f',"round":{view.round_number},"playoff":{bool_text(view.playoff)}'
            + ',"seats":' + ints_text(view.seats)
            + ',"wild":' + dumps(wild_json(view.wild))
            + f',"dealer":{view.dealer},"phase":"{view.phase.value}"')


def int_text(value: int | None) -> str:
    return "null" if value is None else str(int(value))


def bool_text(value: bool) -> str:
    return "true" if value else "false"


def ints_text(values: tuple[int, ...] | list[int]) -> str:
    return "[" + ",".join([str(int(value)) for value in values]) + "]"
