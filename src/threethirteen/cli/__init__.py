"""The ``three-thirteen`` command: one module per subcommand, each with ``register(app)``."""

from __future__ import annotations

import sys
from importlib.metadata import version
from typing import Annotated

import typer

from threethirteen.cli import analyze, play, replay, score, serve, simulate, solve
from threethirteen.cli.common import one_line
from threethirteen.errors import ThreeThirteenError

app = typer.Typer(
    name="three-thirteen",
    help="Three-Thirteen, the rummy card game: play it, keep score of a game with real "
         "cards, solve hands, replay, analyze and simulate games, serve online play.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def _version(given: bool) -> None:
    if given:
        print(f"three-thirteen {version('three-thirteen')}")
        raise typer.Exit()


@app.callback()
def _commands(
    show_version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                               metavar="",
                                               help="Print the version and exit.")] = False,
) -> None:
    """Three-Thirteen, the rummy card game."""


for _module in (solve, replay, analyze, simulate, play, serve, score):
    _module.register(app)


def main() -> None:
    """Entry point of the console script. Each command reports its own failures as one
    ``error:`` line and exit status 1 (README, "Errors and limits"); this is the last
    guard for a project error or ``OSError`` that one left uncaught."""
    try:
        app()
    except (ThreeThirteenError, OSError) as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)
