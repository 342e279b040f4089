"""Small pieces shared by the subcommands: reading rules, one policy for errors.

Every command reports a failure the same way (README, "Errors and limits"): one line
``error: <input>: <what is wrong>`` on standard error and exit status 1, never a
traceback. ``reporting_errors`` is that boundary: project errors and ``OSError`` raised
inside it become that line.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer

from threethirteen.errors import RulesError, ThreeThirteenError
from threethirteen.jsontext import read_json
from threethirteen.printable import printable
from threethirteen.rules import Rules


def rules_json(text: str | None, what: str = "--rules") -> dict[str, Any]:
    """The JSON object of a ``--rules`` text (INTERFACES.md §1); ``{}`` for ``None``."""
    if text is None:
        return {}
    data = read_json(text, what=what)
    if not isinstance(data, dict):
        raise RulesError(f"{what}: rules are a JSON object like {{\"rounds\": 5}}, "
                         f"not {type(data).__name__}", "rules")
    return data


def parse_rules(text: str | None, what: str = "--rules") -> Rules:
    """Rules from a JSON text (INTERFACES.md §1), or the defaults when ``None``."""
    data = rules_json(text, what)
    try:
        return Rules.from_json(data)
    except RulesError as error:
        raise RulesError(f"{what}: {error}", error.key) from None


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``error: message`` (one line, shown safely) on standard error and exit."""
    print(f"error: {one_line(message)}", file=sys.stderr)
    raise typer.Exit(code)


def one_line(message: str) -> str:
    """``message`` as one printable line: control characters and newlines escaped."""
    return printable(message.replace("\n", " "))


@contextmanager
def reporting_errors(what: str = "") -> Iterator[None]:
    """The command boundary: a project error or ``OSError`` inside becomes one ``error:``
    line (prefixed with ``what`` when given) and exit status 1."""
    try:
        yield
    except (ThreeThirteenError, OSError) as error:
        text = str(error) if not isinstance(error, OSError) else _os_message(error)
        fail(f"{what}: {text}" if what and not text.startswith(f"{what}: ") else text)


def _os_message(error: OSError) -> str:
    name = f"{error.filename}: " if error.filename is not None else ""
    return f"{name}{error.strerror or error}"
