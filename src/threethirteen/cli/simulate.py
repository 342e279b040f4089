"""``three-thirteen simulate``: bots play many games; statistics (INTERFACES.md §4)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from threethirteen.cli.common import fail, parse_rules
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import Rules
from threethirteen.sim import derive_seed, simulate


def seat_rules(text: str | None, seats: int) -> Rules:
    """The rules of ``--rules``, with ``players`` taken from the seats when not given."""
    rules = parse_rules(text)
    given = json.loads(text) if text else {}
    if isinstance(given, dict) and "players" in given:
        if rules.players != seats:
            raise ValueError(f"--rules says {rules.players} players, but --seats has {seats}")
        return rules
    return rules.replace(players=seats)


def table(summary: dict[str, Any]) -> str:
    """A human-readable form of the statistics."""
    lines = [f"{summary['games']} games in {summary['seconds']} s "
             f"({summary['games_per_second']} games/s), seed {summary['seed']}",
             f"{'bot':<16}{'seats':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<16}"
             f"{'mean total':>11}{'ms p50':>9}{'ms p95':>9}"]
    for name, stats in summary["bots"].items():
        low, high = stats["win_rate_ci95"]
        lines.append(f"{name:<16}{stats['seats']:>7}{stats['wins']:>7}{stats['win_rate']:>10.3f}"
                     f"  {f'{low:.3f}-{high:.3f}':<16}{stats['mean_total']:>11.1f}"
                     f"{stats['decision_ms_p50']:>9.2f}{stats['decision_ms_p95']:>9.2f}")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to ``app``."""

    @app.command(name="simulate")
    def simulate_command(
        seats: Annotated[str, typer.Option(help="Bots by seat, comma-separated: random,random")],
        games: Annotated[int, typer.Option(help="How many games")] = 100,
        seed: Annotated[int | None, typer.Option(help="Master seed (default: random)")] = None,
        rules: Annotated[str | None, typer.Option(help="Rules as JSON (INTERFACES.md §1)")] = None,
        jobs: Annotated[int, typer.Option(help="Worker processes")] = 1,
        records: Annotated[
            Path | None, typer.Option(help="Write each game's record as DIR/<n>.json")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object")] = False,
    ) -> None:
        """Play bots against each other; seats rotate so each bot sits everywhere."""
        names = [name.strip() for name in seats.split(",") if name.strip()]
        if len(names) < 2:
            fail("--seats needs at least two bots, like random,random")
        if games < 1 or jobs < 1:
            fail("--games and --jobs must be at least 1")
        master = seed if seed is not None else derive_seed(os.urandom(16).hex())
        try:
            summary = simulate(names, games, seed=master, rules=seat_rules(rules, len(names)),
                               jobs=jobs, records=records)
        except (ThreeThirteenError, ValueError, RuntimeError) as error:
            fail(str(error))
        print(json.dumps(summary) if as_json else table(summary))
