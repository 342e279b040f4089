"""``three-thirteen solve``: the best arrangement of a hand (INTERFACES.md §2)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Annotated, Any, BinaryIO

import typer

from threethirteen.cards import Hand
from threethirteen.cli.common import fail, parse_rules, reporting_errors
from threethirteen.errors import InputError, ThreeThirteenError
from threethirteen.jsontext import read_json
from threethirteen.printable import printable
from threethirteen.rules import MAX_ROUNDS, Rules
from threethirteen.scoring import check_wild, round_wild
from threethirteen.solver import arrange, go_out_discards


def solve_json(hand: Hand, wild: int | str | None, rules: Rules) -> dict[str, Any]:
    """The output object of INTERFACES.md §2 for one hand."""
    result = arrange(hand, wild=wild, rules=rules).to_json()
    discards = go_out_discards(hand, wild=wild, rules=rules)
    result["go_out_discards"] = [str(card) for card in discards]
    return result


MAX_LINE_BYTES = 64 * 1024  # one ``--jsonl`` line (a request needs a few hundred bytes)


def solve_line(line: str | bytes, what: str = "line") -> dict[str, Any]:
    """Answer one ``--jsonl`` input line; a bad line gives ``{"error": ...}``."""
    try:
        request = read_json(line, what=what, max_bytes=MAX_LINE_BYTES)
    except InputError as error:
        return {"error": str(error)}
    if not isinstance(request, dict):
        return {"error": f"{what}: each line must be a JSON object with 'hand' and 'wild'"}
    unknown = sorted(set(request) - {"hand", "wild", "round", "rules"})
    if unknown:
        return {"error": f"{what}: unknown field {printable(unknown[0])!r} "
                         "(expected hand, wild or round, rules)"}
    if "hand" not in request:
        return {"error": f"{what}: missing field 'hand'"}
    if ("wild" in request) == ("round" in request):
        return {"error": f"{what}: give 'wild' (the wild rank) or 'round' (1 to {MAX_ROUNDS}),"
                         " one of them"}
    if "round" in request:  # as --round: the round's wild rank
        number = request["round"]
        if isinstance(number, bool) or not isinstance(number, int) or not (
                1 <= number <= MAX_ROUNDS):
            return {"error": f"{what}: 'round' must be a whole number 1 to {MAX_ROUNDS}"}
        wild_rank = round_wild(number)
        request = {**request, "wild": None if wild_rank is None else int(wild_rank)}
    try:
        if not isinstance(request["hand"], str):
            return {"error": f"{what}: 'hand' must be text like \"7h 8h *\""}
        wild = request["wild"]
        if isinstance(wild, bool) or not isinstance(wild, int | str | None):
            return {"error": f"{what}: 'wild' must be an integer 3..13, a rank letter or null"}
        given = request.get("rules")
        rules = Rules() if given is None else Rules.from_json(given)
        return solve_json(Hand.parse(request["hand"]), check_wild(wild), rules)
    except (ThreeThirteenError, ValueError) as error:
        return {"error": f"{what}: {error}"}


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of ``stream`` as bytes, each cut to ``limit + 1`` bytes at most (the rest
    of an overlong line is read and dropped in pieces, so memory stays bounded)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # drop the rest of this line
                rest = stream.readline(limit)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def answer_lines(stream: BinaryIO) -> bool:
    """Answer every line of ``stream`` on standard output; True when all were good. A
    blank line is skipped (no answer); line numbers in errors count every line."""
    good = True
    for number, line in enumerate(read_lines(stream), start=1):
        if not line.strip():
            continue
        answer = solve_line(line, what=f"line {number}")
        good = good and "error" not in answer
        print(json.dumps(answer), flush=True)
    return good


def register(app: typer.Typer) -> None:
    """Add ``solve`` to ``app``."""

    @app.command()
    def solve(
        cards: Annotated[list[str] | None, typer.Argument(help="The hand: 7h 8h 9h Qs '*'")] = None,
        wild: Annotated[str | None, typer.Option(
            help="The wild rank: 3..10, T, J, Q, K, or none (only jokers are wild)")] = None,
        round_number: Annotated[int | None, typer.Option(
            "--round", help="The round 1..12 (wild rank = round + 2; none in round 12)")] = None,
        rules: Annotated[str | None, typer.Option(
            help='Rules as JSON, e.g. \'{"ace": "high"}\'')] = None,
        jsonl: Annotated[bool, typer.Option(
            "--jsonl", metavar="", help='Read JSON lines from standard input, one hand a line: '
            '{"hand": "7h 8h *", "wild": 7} (or "round": 5; "rules" optional); blank lines '
            "are skipped")] = False,
    ) -> None:
        """Find the arrangement of a hand that leaves the least penalty."""
        if jsonl:
            with reporting_errors("standard input"):
                good = answer_lines(sys.stdin.buffer)
            raise typer.Exit(0 if good else 1)
        if wild is not None and round_number is not None:
            fail("give --wild or --round, not both")
        if wild is None and round_number is None:
            fail("give the wild rank with --wild, or the round with --round")
        if not cards:
            fail("hand: give the cards to arrange, like 7h 8h 9h Qs '*'")
        if round_number is not None:
            if not 1 <= round_number <= MAX_ROUNDS:
                fail(f"--round must be 1 to {MAX_ROUNDS}, not {round_number}")
            wild = str(round_wild(round_number) or "none")
        assert wild is not None
        with reporting_errors("--wild"):
            rank = check_wild(wild)
        with reporting_errors("hand"):
            hand = Hand.parse(" ".join(cards or []))
        with reporting_errors():
            print(json.dumps(solve_json(hand, rank, parse_rules(rules))))
