"""``three-thirteen solve``: the best arrangement of a hand (INTERFACES.md §2)."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from threethirteen.cards import Hand
from threethirteen.cli.common import fail, parse_rules
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import Rules
from threethirteen.scoring import check_wild
from threethirteen.solver import arrange, go_out_discards


def solve_json(hand: Hand, wild: int | str, rules: Rules) -> dict[str, Any]:
    """The output object of INTERFACES.md §2 for one hand."""
    result = arrange(hand, wild=wild, rules=rules).to_json()
    discards = go_out_discards(hand, wild=wild, rules=rules)
    result["go_out_discards"] = [str(card) for card in discards]
    return result


def solve_line(line: str) -> dict[str, Any]:
    """Answer one ``--jsonl`` input line; a bad line gives ``{"error": ...}``."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"not a JSON object: {error.msg}"}
    if not isinstance(request, dict):
        return {"error": "each line must be a JSON object with 'hand' and 'wild'"}
    unknown = sorted(set(request) - {"hand", "wild", "rules"})
    if unknown:
        return {"error": f"unknown field {unknown[0]!r} (expected hand, wild, rules)"}
    for key in ("hand", "wild"):
        if key not in request:
            return {"error": f"missing field {key!r}"}
    try:
        if not isinstance(request["hand"], str):
            return {"error": "'hand' must be text like \"7h 8h *\""}
        wild = request["wild"]
        if isinstance(wild, bool) or not isinstance(wild, int | str):
            return {"error": "'wild' must be an integer 3..13 or a rank letter"}
        rules = Rules.from_json(request.get("rules") or {})
        return solve_json(Hand.parse(request["hand"]), check_wild(wild), rules)
    except (ThreeThirteenError, ValueError) as error:
        return {"error": str(error)}


def register(app: typer.Typer) -> None:
    """Add ``solve`` to ``app``."""

    @app.command()
    def solve(
        cards: Annotated[list[str] | None, typer.Argument(help="The hand: 7h 8h 9h Qs '*'")] = None,
        wild: Annotated[str | None, typer.Option(help="The wild rank: 3..10, T, J, Q, K")] = None,
        round_number: Annotated[
            int | None, typer.Option("--round", help="The round 1..11 (wild rank = round + 2)")
        ] = None,
        rules: Annotated[str | None, typer.Option(help="Rules as JSON (INTERFACES.md §1)")] = None,
        jsonl: Annotated[
            bool, typer.Option("--jsonl", help="Read JSON lines from standard input")
        ] = False,
    ) -> None:
        """Find the arrangement of a hand that leaves the least penalty."""
        if jsonl:
            failed = False
            for line in sys.stdin:
                answer = solve_line(line)
                failed = failed or "error" in answer
                print(json.dumps(answer), flush=True)
            raise typer.Exit(1 if failed else 0)
        try:
            if (wild is None) == (round_number is None):
                fail("give the wild rank with --wild, or the round with --round")
            if round_number is not None:
                if not 1 <= round_number <= 11:
                    fail(f"--round must be 1 to 11, not {round_number}")
                wild = str(round_number + 2)
            assert wild is not None
            hand = Hand.parse(" ".join(cards or []))
            print(json.dumps(solve_json(hand, check_wild(wild), parse_rules(rules))))
        except (ThreeThirteenError, ValueError) as error:
            fail(str(error))
