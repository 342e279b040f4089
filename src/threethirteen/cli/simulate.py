"""``three-thirteen simulate``: bots play many games; statistics (INTERFACES.md §4)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from threethirteen.bots.registry import bot_names
from threethirteen.cli.common import fail, parse_rules, reporting_errors, rules_json
from threethirteen.errors import InputError, RulesError
from threethirteen.rules import PRESETS, Rules
from threethirteen.sim import MAX_GAMES, MAX_JOBS, derive_seed, simulate


def seat_rules(text: str | None, seats: int, preset: str | None = None) -> Rules:
    """The rules of ``--preset`` and ``--rules`` (its options on top), with ``players``
    taken from the seats when ``--rules`` does not give it (a preset's own ``players``,
    as deuces-arent-wild's 3, gives way to the seats)."""
    given = rules_json(text)
    if preset is not None:
        if "preset" in given:
            raise InputError("give the preset with --preset or in --rules, not both",
                             "--preset")
        text = json.dumps({"preset": preset, **given})
    rules = parse_rules(text)
    if "players" in given:
        if rules.players != seats:
            raise InputError(f"--rules says {rules.players} players, but --seats has {seats}",
                             "--rules")
        return rules
    try:
        return rules.replace(players=seats)
    except RulesError as error:
        raise RulesError(f"--seats: {error}", error.key) from None


def table(summary: dict[str, Any], rules: Rules | None = None) -> str:
    """A human-readable form of the statistics; with ``rules``, each bot's mean points a
    round too (its mean total over the regular rounds; a playoff is not added)."""
    games = summary["games"]
    lines = [f"{games} game{'' if games == 1 else 's'} in {summary['seconds']} s "
             f"({summary['games_per_second']} games/s), seed {summary['seed']}",
             f"{'bot':<16}{'seats':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<16}"
             f"{'mean total':>11}{'ms p50':>9}{'ms p95':>9}"]
    for name, stats in summary["bots"].items():
        low, high = stats["win_rate_ci95"]
        lines.append(f"{name:<16}{stats['seats']:>7}{stats['wins']:>7}{stats['win_rate']:>10.3f}"
                     f"  {f'{low:.3f}-{high:.3f}':<16}{stats['mean_total']:>11.1f}"
                     f"{stats['decision_ms_p50']:>9.2f}{stats['decision_ms_p95']:>9.2f}")
    if rules is not None:
        per_round = ", ".join(f"{name} {stats['mean_total'] / rules.rounds:.1f}"
                              for name, stats in summary["bots"].items())
        lines.append(f"mean points a round ({rules.rounds} rounds): {per_round}")
    lines.append("seats: seats the bot held; wins: games won (shared wins count); 95% CI: the "
                 "win rate's Wilson interval; mean total: final points (lower is better); "
                 "ms p50/p95: milliseconds per decision")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to ``app``."""

    @app.command(name="simulate")
    def simulate_command(
        seats: Annotated[str, typer.Option(
            help="Bots by seat, comma-separated, like greedy,random; the bots: "
            f"{', '.join(bot_names())}")],
        games: Annotated[int, typer.Option(help=f"How many games (1 to {MAX_GAMES:,})")] = 100,
        seed: Annotated[int | None, typer.Option(help="Master seed (default: random)")] = None,
        rules: Annotated[str | None, typer.Option(
            help='Rules as JSON, e.g. \'{"rounds": 5}\', on top of --preset')] = None,
        preset: Annotated[str | None, typer.Option(
            help=f"Rules preset: {', '.join(PRESETS)}")] = None,
        jobs: Annotated[int, typer.Option(
            help=f"Worker processes (at most 4 per CPU and {MAX_JOBS})")] = 1,
        records: Annotated[
            Path | None, typer.Option(help="Write each game's record as DIR/<n>.json")
        ] = None,
        as_json: Annotated[bool, typer.Option(
            "--json", metavar="", help="Print one JSON object")] = False,
    ) -> None:
        """Play bots against each other; seats rotate so each bot sits everywhere."""
        names = [name.strip() for name in seats.split(",") if name.strip()]
        if len(names) < 2:
            fail("--seats needs at least two bots, like random,random")
        master = seed if seed is not None else derive_seed(os.urandom(16).hex())
        with reporting_errors():
            table_rules = seat_rules(rules, len(names), preset)
            try:
                summary = simulate(names, games, seed=master, rules=table_rules, jobs=jobs,
                                   records=records)
            except (ValueError, RuntimeError) as error:  # a bad bot name, a bot that fails
                fail(str(error))
        print(json.dumps(summary) if as_json else table(summary, table_rules))
