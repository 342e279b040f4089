"""The form of a game record (INTERFACES.md §3): every field's type, checked before replay.

A record may come from anywhere: a file, a network, a person's editor. ``check_form``
walks it once and raises a ``RecordError`` whose ``where`` names the place of the first
fault ("round 2, turn 5, key 'discard'"), so that replaying only meets values of the right
types; whether they are *true* (the deal, each card drawn, the scores) is replay's work.

>>> check_form({"format": "three-thirteen-record/1", "rules": {}, "seed": 1,
...             "players": ["Ann", "Bob"], "rounds": "all of them"})
Traceback (most recent call last):
...
threethirteen.errors.RecordError: rounds: must be a list, not 'all of them'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from threethirteen.errors import RecordError

if TYPE_CHECKING:
    from threethirteen.gamebase import GameBase

FORMAT = "three-thirteen-record/1"
MAX_NAME = 100  # characters of a player's name
MAX_LIST = 16 * 52 + 16  # cards in any list: the largest pack (16 decks, 16 jokers)
MAX_ROUNDS = 13  # 12 rounds and a playoff
MAX_TURNS = 4 * MAX_LIST  # turns in one round (the pile is reshuffled at most once)
MAX_TEXT = 2000  # characters of a hint's advice
MAX_NOTES = 10_000  # hints, or undos, in one record

Check = Callable[[Any, str], None]


def envelope(game: GameBase[Any], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """A record of ``game`` around its ``rounds`` (turn or speed rounds, as JSON)."""
    return {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "seed": game.seed,
        "players": list(game.names),
        "rounds": rounds,
        "totals": list(game.totals),
        "winners": None if game.winners is None else list(game.winners),
    }


def check_form(record: Any) -> None:
    """Raise ``RecordError`` at the first value of ``record`` that has the wrong type."""
    _object(record, "record")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record (key 'format')", "record")
    _key(record, "rules", _object, "record")
    _key(record, "seed", _optional(_integer), "record")
    _key(record, "players", _list_of(_name, 16), "record")
    rounds = _key(record, "rounds", _list_of(_object, MAX_ROUNDS, at_least=1), "record")
    for number, data in enumerate(rounds, start=1):
        _round(data, f"round {number}")
    _key(record, "totals", _list_of(_integer, 16), "record")
    _key(record, "winners", _optional(_list_of(_integer, 16)), "record")
    _optional_key(record, "levels", _list_of(_text(40), 16), "record")
    seats = len(record["players"])
    for key, check in (("hints", _hint), ("undos", _undo)):  # written by `three-thirteen play`
        notes = record.get(key, [])
        _list_of(check, MAX_NOTES)(notes, key)
        for index, note in enumerate(notes):
            where = f"{key}[{index}]"
            if not 0 <= note["seat"] < seats:
                raise RecordError(f"seat {note['seat']} is not a seat 0..{seats - 1}", where)
            if not 1 <= note["round"] <= len(rounds) or note["turn"] < 1:
                raise RecordError(f"round {note['round']}, turn {note['turn']} is not a turn "
                                  "of this game", where)


def _key(data: Mapping[str, Any], key: str, check: Check, where: str) -> Any:
    if key not in data:
        raise RecordError(f"missing field {key!r}", where)
    value = data[key]
    check(value, key if where == "record" else f"{where}, key {key!r}")
    return value


def _optional_key(data: Mapping[str, Any], key: str, check: Check, where: str) -> None:
    if key in data:
        _key(data, key, check, where)


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _object(value: Any, where: str) -> None:
    if not isinstance(value, Mapping):
        raise RecordError(f"must be a JSON object, not {_brief(value)}", where)


def _integer(value: Any, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"must be a whole number, not {_brief(value)}", where)


def _boolean(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise RecordError(f"must be true or false, not {_brief(value)}", where)


def _text(longest: int) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise RecordError(f"must be text, not {_brief(value)}", where)
        if len(value) > longest:
            raise RecordError(f"must be at most {longest} characters, not {len(value)}", where)

    return check


_name = _text(MAX_NAME)
_card = _text(8)


def _optional(check: Check) -> Check:
    def optional(value: Any, where: str) -> None:
        if value is not None:
            check(value, where)

    return optional


def _list_of(check: Check, longest: int, at_least: int = 0) -> Check:
    def each(value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise RecordError(f"must be a list, not {_brief(value)}", where)
        if not at_least <= len(value) <= longest:
            raise RecordError(f"must hold {at_least} to {longest} items, not {len(value)}",
                              where)
        for index, item in enumerate(value):
            check(item, f"{where}[{index}]")

    return each


_cards = _list_of(_card, MAX_LIST)


def _round(value: Mapping[str, Any], where: str) -> None:
    for key, check in (("number", _integer), ("wild", _optional(_card)), ("dealer", _integer),
                       ("end", _optional(_text(20))), ("out", _optional(_integer))):
        _key(value, key, check, where)
    _optional_key(value, "playoff", _boolean, where)
    _optional_key(value, "seats", _list_of(_integer, 16), where)
    deal = _key(value, "deal", _object, where)
    _key(deal, "hands", _list_of(_cards, 16), f"{where}, deal")
    _key(deal, "upcard", _optional(_card), f"{where}, deal")
    _key(deal, "stock", _cards, f"{where}, deal")
    turns = _key(value, "turns", _list_of(_object, MAX_TURNS), where)
    for number, turn in enumerate(turns, start=1):
        _turn(turn, f"{where}, turn {number}")
    results = _key(value, "result", _optional(_list_of(_object, 16)), where)
    for seat, result in enumerate(results or ()):
        place = f"{where}, result of seat {seat}"
        _key(result, "melds", _list_of(_cards, MAX_LIST), place)
        _key(result, "deadwood", _cards, place)
        _key(result, "points", _integer, place)


def _turn(turn: Mapping[str, Any], where: str) -> None:
    _key(turn, "seat", _integer, where)
    draw = _key(turn, "draw", _optional(_text(10)), where)
    if draw not in (None, "stock", "discard"):
        raise RecordError(f"must be \"stock\", \"discard\" or null, not {_brief(draw)}",
                          f"{where}, key 'draw'")
    for key in ("card", "discard"):
        _key(turn, key, _optional(_card), where)
    _key(turn, "out", _boolean, where)
    _optional_key(turn, "false_out", _boolean, where)
    _optional_key(turn, "reshuffle", _cards, where)


def _hint(value: Any, where: str) -> None:
    _object(value, where)
    for key in ("round", "seat", "turn"):
        _key(value, key, _integer, where)
    _optional_key(value, "phase", _text(20), where)
    _key(value, "advice", _text(MAX_TEXT), where)


def _undo(value: Any, where: str) -> None:
    _object(value, where)
    for key in ("round", "seat", "turn"):
        _key(value, key, _integer, where)
    _key(value, "undone", _list_of(_text(40), MAX_TURNS), where)

