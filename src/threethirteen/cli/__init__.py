"""The ``three-thirteen`` command: one module per subcommand, each with ``register(app)``."""

from __future__ import annotations

import typer

from threethirteen.cli import play, replay, simulate, solve

app = typer.Typer(
    name="three-thirteen",
    help="Three-Thirteen, the rummy card game: play, solve hands, replay and simulate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _commands() -> None:
    """Three-Thirteen, the rummy card game."""


for _module in (solve, replay, simulate, play):
    _module.register(app)


def main() -> None:
    """Entry point of the console script."""
    app()
