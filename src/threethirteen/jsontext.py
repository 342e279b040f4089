"""JSON from outside, read within limits: every failure is an ``InputError`` naming the input.

Python's ``json`` module alone turns hostile text into tracebacks: deep nesting overflows
the recursion limit, an integer of thousands of digits raises a bare ``ValueError``, and
bytes that are not UTF-8 raise ``UnicodeDecodeError``. ``read_json`` refuses all of them
first, with one clear message.

>>> read_json('{"hand": "7h 8h *", "wild": 7}', what="line 1")
{'hand': '7h 8h *', 'wild': 7}
>>> read_json("[" * 100 + "]" * 100, what="--rules")
Traceback (most recent call last):
...
threethirteen.errors.InputError: --rules: JSON nested deeper than 64 levels
>>> read_json('{"points": 1' + "0" * 40 + "}", what="line 2")
Traceback (most recent call last):
...
threethirteen.errors.InputError: line 2: a number longer than 30 digits
"""

from __future__ import annotations

import json
import re
from typing import Any

from threethirteen.errors import InputError

MAX_DEPTH = 64  # arrays and objects inside each other
MAX_NUMBER_DIGITS = 30  # characters of one number
MAX_JSON_BYTES = 16 * 1024 * 1024  # a whole document (a record of a long game is ~200 KB)

_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def read_json(text: str | bytes, *, what: str, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Parse ``text`` (str, or UTF-8 bytes) as JSON within the limits above.

    ``what`` names the input in the error ("--rules", "line 3", "saved-game.json").
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise InputError(f"larger than {max_bytes:,} bytes", what)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError(f"not UTF-8 text (byte {error.start})", what) from None
    elif len(text) > max_bytes:
        raise InputError(f"larger than {max_bytes:,} characters", what)
    _check_depth(text, what)
    try:
        return json.loads(text, parse_int=_number(int, what), parse_float=_number(float, what),
                          parse_constant=_no_constant(what))
    except json.JSONDecodeError as error:
        raise InputError(f"not valid JSON ({error.msg} at line {error.lineno}, "
                         f"column {error.colno})", what) from None
    except RecursionError:  # pragma: no cover - _check_depth refuses this first
        raise InputError(f"JSON nested deeper than {MAX_DEPTH} levels", what) from None


def _check_depth(text: str, what: str) -> None:
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(f"JSON nested deeper than {MAX_DEPTH} levels", what)
        elif token in "]}":
            depth -= 1


def _number(kind: type[int] | type[float], what: str) -> Any:
    def parse(digits: str) -> int | float:
        if len(digits) > MAX_NUMBER_DIGITS:
            raise InputError(f"a number longer than {MAX_NUMBER_DIGITS} digits", what)
        return kind(digits)

    return parse


def _no_constant(what: str) -> Any:
    def parse(name: str) -> float:
        raise InputError(f"{name} is not a JSON number", what)

    return parse
