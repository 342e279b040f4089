"""``three-thirteen analyze RECORD``: every decision of a recorded game, judged by a bot."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer

from threethirteen.bots.analysis import (
    analyse,
    decision_line,
    default_judge,
    make_judge,
    summary_text,
)
from threethirteen.cli.common import fail, reporting_errors
from threethirteen.cli.replay import _is_saved_game
from threethirteen.printable import printable
from threethirteen.record import MAX_RECORD_BYTES, load_record, read_record, replay_record


def report(analysis: Mapping[str, Any], what: str, least: float = 0.0) -> list[str]:
    """The text form: decisions round by round (those that lost at least ``least``), each
    round's losses by seat, then the game's summary by seat."""
    names = [printable(name) for name in analysis["players"]]
    labels = [f"{name} (seat {seat})" for seat, name in enumerate(names)]
    seats = analysis["seats"]
    lines = [f"{what}: {len(analysis['decisions'])} decisions of "
             f"{', '.join(labels[seat] for seat in seats)}, judged by {analysis['judge']} "
             f"(seed {analysis['seed']}); expected: the judge's expected points for the seat "
             "at the round's end, lower is better; lost: expected(played) - expected(best)"]
    if least > 0:
        lines.append(f"Only the decisions that lost at least {least:g} points are listed.")
    for summary in analysis["rounds"]:
        number = summary["round"]
        listed = [decision for decision in analysis["decisions"]
                  if decision["round"] == number
                  and (decision["lost"] is None or decision["lost"] >= least)]
        if least > 0 and not listed:
            continue  # --least: a round with nothing to list is left out
        lines.append("")
        lines.append(f"round {number}")
        lines += ["  " + decision_line(decision, labels, with_round=False)
                  for decision in listed]
        lines.append("  lost this round: " + ", ".join(
            f"{labels[row['seat']]} {row['lost']:.1f}" for row in summary["seats"]))
    lines.append("")
    for summary in analysis["summary"]:
        lines.append(_summary(summary, labels))
    return [printable(_NEGATIVE_ZERO.sub("0.0", line)) for line in lines]


_NEGATIVE_ZERO = re.compile(r"(?<![\d.])-0\.0(?![\d])")  # a rounding artefact: say 0.0


def _is_speed_record(record: Any) -> bool:
    """Whether a record read as JSON is a speed game's (its rounds have calls, not turns)."""
    if not isinstance(record, Mapping):
        return False
    rules = record.get("rules")
    if isinstance(rules, Mapping) and rules.get("mode") == "speed":
        return True
    rounds = record.get("rounds")
    return isinstance(rounds, list) and any(
        isinstance(one, Mapping) and "calls" in one and "turns" not in one for one in rounds)


def _summary(summary: Mapping[str, Any], labels: Sequence[str]) -> str:
    text = summary_text(labels[summary["seat"]], summary["lost"], summary["worst"])
    if summary["unjudged"]:
        text += (f" {summary['unjudged']} of its {summary['decisions']} decisions could not "
                 "be judged.")
    return text


def register(app: typer.Typer) -> None:
    """Add ``analyze`` to ``app``."""

    @app.command(help=(
        "Judge every draw and discard of a game's record against a strong bot.\n\n"
        "Each decision shows the judge's best option, both expected penalties and the "
        "points lost. The record is the JSON file a finished game writes to games/ in the "
        "data directory, or one written by simulate --records."),
        short_help="Judge every draw and discard of a game's record against a strong bot.")
    def analyze(
        file: Annotated[str, typer.Argument(help="A game record (JSON), or - for stdin")],
        seat: Annotated[int | None, typer.Option(
            "--seat", help="Only this seat's decisions (0 is the first player)")] = None,
        as_json: Annotated[bool, typer.Option(
            "--json", metavar="", help="Print one JSON object (README, \"Analysis\")")] = False,
        by: Annotated[str | None, typer.Option(
            "--by", help="The judging bot: master (the default), expert, or another bot that "
            "can explain its choices")] = None,
        seed: Annotated[int, typer.Option(help="Seed of the judge's sampling")] = 0,
        least: Annotated[float, typer.Option(
            "--least", help="Text form: list only decisions that lost at least this")] = 0.0,
    ) -> None:
        """Judge every draw and discard of a game's record against a strong bot."""
        name = "standard input" if file == "-" else printable(file)
        judge = by if by is not None else default_judge()
        try:
            make_judge(judge)
        except ValueError as error:
            fail(f"--by: {error}")
        with reporting_errors(name):
            if file == "-":
                record: Any = read_record(sys.stdin.buffer.read(MAX_RECORD_BYTES + 1), name)
            else:
                if _is_saved_game(file):
                    fail(f"{name}: this is a game in progress, saved by three-thirteen play, "
                         "not a record; a finished game's record is written to games/ in the "
                         "data directory")
                record = load_record(file)
            if _is_speed_record(record):
                fail(f"{name}: this is a speed game's record; analyze judges games played in "
                     "turns (replay checks and shows speed records)")
            players = len(replay_record(record).names)
        if seat is not None and not 0 <= seat < players:
            fail(f"--seat: {seat} is not a seat of this game (0 to {players - 1})")
        started = time.perf_counter()

        def progress(number: int, decisions: int, rounds: int) -> None:
            print(f"judged round {number} of {rounds}: {decisions} decisions, "
                  f"{time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)

        with reporting_errors(name):
            analysis = analyse(record, judge=judge, seats=None if seat is None else [seat],
                               seed=seed, progress=None if as_json else progress)
        if as_json:
            print(json.dumps(analysis))
        else:
            print("\n".join(report(analysis, name, least)))
