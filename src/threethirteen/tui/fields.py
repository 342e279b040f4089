"""Typed fields read from JSON that came from outside (a saved game): each reader returns
the value or raises ``InputError`` naming where it is, never a bare ``TypeError``.

>>> need_int(3, "seed", 0, 10)
3
>>> need_int(True, "seed", 0, 10)
Traceback (most recent call last):
...
threethirteen.errors.InputError: seed: a whole number is needed, not True
>>> need_str("x" * 5, "name", 3)
Traceback (most recent call last):
...
threethirteen.errors.InputError: name: longer than 3 characters
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from threethirteen.errors import InputError


def need_object(value: Any, where: str) -> Mapping[str, Any]:
    """``value`` if it is a JSON object."""
    if not isinstance(value, dict):
        raise InputError(f"a JSON object is needed, not {_kind(value)}", where)
    return value


def need_key(data: Mapping[str, Any], key: str, where: str) -> Any:
    """``data[key]``, or an error naming the missing key."""
    if key not in data:
        raise InputError(f"the key {key!r} is missing", where)
    return data[key]


def need_int(value: Any, where: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"a whole number is needed, not {_show(value)}", where)
    if not low <= value <= high:
        raise InputError(f"{value} is not within {low} to {high}", where)
    return value


def need_str(value: Any, where: str, longest: int) -> str:
    """``value`` if it is a string of at most ``longest`` characters."""
    if not isinstance(value, str):
        raise InputError(f"a string is needed, not {_show(value)}", where)
    if len(value) > longest:
        raise InputError(f"longer than {longest} characters", where)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate, from a \ud800 escape
        raise InputError(f"not Unicode text (character {error.start})", where) from None
    return value


def need_list(value: Any, where: str, longest: int) -> list[Any]:
    """``value`` if it is a JSON array of at most ``longest`` items."""
    if not isinstance(value, list):
        raise InputError(f"a JSON array is needed, not {_kind(value)}", where)
    if len(value) > longest:
        raise InputError(f"more than {longest} items", where)
    return value


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "true or false",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    if isinstance(value, dict | list):
        return _kind(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
