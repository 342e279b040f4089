"""Small pieces shared by the subcommands: reading rules, reporting errors."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import typer

from threethirteen.errors import RulesError
from threethirteen.rules import Rules


def parse_rules(text: str | None) -> Rules:
    """Rules from a JSON text (INTERFACES.md §1), or the defaults when ``None``."""
    if text is None:
        return Rules()
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"--rules is not valid JSON: {error.msg}", "rules") from None
    return Rules.from_json(data)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``error: message`` on standard error and exit with ``code``."""
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(code)
