"""``three-thirteen replay FILE``: print a recorded game round by round, and check it."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer

from threethirteen.cli.common import fail, reporting_errors
from threethirteen.errors import ThreeThirteenError
from threethirteen.jsontext import read_json
from threethirteen.printable import printable
from threethirteen.record import MAX_RECORD_BYTES, load_record, read_record, replay_record
from threethirteen.speedrecord import replay_speed_record
from threethirteen.tui.session import SAVE_FORMAT


def describe(record: Mapping[str, Any]) -> list[str]:
    """The lines that tell a (checked) record's game."""
    names = [printable(name) for name in record["players"]]  # text from a file: no escapes

    def who(seat: int) -> str:
        return f"{names[seat]} (seat {seat})"

    def does(seat: int, verb: str) -> str:
        """``Ann (seat 1) draws``, ``You (seat 0) draw``: the verb agrees with the name."""
        return f"{who(seat)} {_plain_verb(verb) if names[seat] == 'You' else verb}"

    seed = record["seed"]
    lines = [f"{len(names)} players: {', '.join(who(s) for s in range(len(names)))}"
             f"; seed {'none' if seed is None else seed}",
             "rules: " + ", ".join(f"{key} {json.dumps(value)}"
                                   for key, value in record["rules"].items())]
    running = [0] * len(names)
    for data in record["rounds"]:
        lines.append("")
        kind = "playoff round" if data.get("playoff") else "round"
        size = len(data["deal"]["hands"][data.get("seats", [0])[0]])
        wild = data["wild"]
        lines.append(f"{kind} {data['number']}: {size} cards, wild rank "
                     f"{'none' if wild is None else _rank_text(wild)}, "
                     f"dealer {who(data['dealer'])}")
        for seat, hand in enumerate(data["deal"]["hands"]):
            if hand:
                dealt = "are dealt" if names[seat] == "You" else "is dealt"
                lines.append(f"  {who(seat)} {dealt} {_marked(hand, wild)}")
        if "calls" in data:  # a speed round (threethirteen.speedrecord)
            piles = ", ".join(f"{who(seat)} {card}"
                              for seat, card in enumerate(data["deal"]["piles"]) if card)
            lines.append(f"  piles start with {piles}; stock {len(data['deal']['stock'])} cards")
            for number, call in enumerate(data["calls"], start=1):
                lines.append(_call_line(number, call, does))
        else:
            upcard = data["deal"]["upcard"]
            lines.append(f"  upcard {upcard or 'none'}, stock {len(data['deal']['stock'])} cards")
            for number, turn in enumerate(data["turns"], start=1):
                lines.extend(_turn_lines(number, turn, does))
        if data["result"] is None:
            lines.append("  (the game stops here, unfinished)")
            continue
        ending = (f"{' and '.join(who(seat) for seat in data.get('outs') or [data['out']])} "
                  f"went out" if data["end"] == "out" else "the stock ran out")
        lines.append(f"  round over: {ending}")
        for seat, result in enumerate(data["result"]):
            if data.get("playoff") and seat not in data["seats"]:
                continue
            melds = " | ".join(_marked(meld, wild) for meld in result["melds"]) or "no melds"
            dead = _marked(result["deadwood"], wild) or "none"
            points = result["points"]
            lines.append(f"    {who(seat)}: {melds}; unmelded {dead}; "
                         f"{points} point{'' if points in (1, -1) else 's'}")
        if data.get("playoff"):
            lines.append("  (a playoff round: its points only break the tie)")
        else:
            running = [total + seat["points"] for total, seat in zip(running, data["result"],
                                                                     strict=True)]
            lines.append("  totals: " + ", ".join(str(total) for total in running))
    lines.append("")
    lines.append("totals: " + ", ".join(f"{who(s)} {t}" for s, t in enumerate(record["totals"])))
    winners = record["winners"]
    if winners is None:
        lines.append("unfinished: no winner yet")
    else:
        lines.append("winners: " + (", ".join(who(s) for s in winners) or "nobody (a tie)"))
    for hint in record.get("hints") or ():  # an extra field written by `three-thirteen play`
        lines.append(f"hint to {who(hint['seat'])} in round {hint['round']}, turn {hint['turn']}: "
                     f"{printable(hint['advice'])}")
    return [printable(line) for line in lines]  # every field of a file shown inert


def _plain_verb(verb: str) -> str:
    """``draws`` -> ``draw``, ``goes`` -> ``go``, ``announces`` -> ``announce``."""
    return {"goes": "go"}.get(verb, verb.removesuffix("s"))


def _rank_text(rank: object) -> str:
    """A wild rank as the game says it: ``10`` for the record's ``T``."""
    return "10" if str(rank) in ("T", "10") else str(rank)


def _marked(cards: Sequence[str], wild: object) -> str:
    """Cards of a record in a row, each joker and each card of the ``wild`` rank marked
    ``(wild)``: ``Ad 3h (wild) 5h``."""
    ranks = {str(wild), _rank_text(wild)} if wild is not None else set()
    return " ".join(f"{card} (wild)" if card == "*" or card[:-1] in ranks else card
                    for card in cards)


def _turn_lines(number: int, turn: Mapping[str, Any], does: Any) -> list[str]:
    lines = []
    if turn.get("reshuffle") is not None:
        lines.append(f"  the pile is shuffled into a new stock of {len(turn['reshuffle'])} cards")
    if turn["draw"] is None:
        return lines
    source = "the stock" if turn["draw"] == "stock" else "the discard pile"
    seat = turn["seat"]
    text = f"  {number}. {does(seat, 'draws')} {turn['card']} from {source}"
    if turn["discard"] is not None:
        text += f", {does(seat, 'discards').split(' ')[-1]} {turn['discard']}"
        if turn["out"]:
            text += f" and {does(seat, 'goes').split(' ')[-1]} out"
        elif turn.get("false_out"):
            text += f" and {does(seat, 'announces').split(' ')[-1]} out falsely (penalty)"
    lines.append(text)
    return lines


def _call_line(number: int, call: Mapping[str, Any], does: Any) -> str:
    """One call of a speed round: every seat's draw and discard, in seat order."""
    discards = {discard["seat"]: discard for discard in call["discards"]}
    parts = []
    for draw in call["draws"]:
        discard = discards[draw["seat"]]
        seat = draw["seat"]
        source = "the stock" if draw["draw"] == "stock" else "the pile on its right"
        text = f"{does(seat, 'draws')} {draw['card']} from {source}"
        text += f", {does(seat, 'discards').split(' ')[-1]} {discard['discard']}"
        if discard["out"]:
            text += f" and {does(seat, 'goes').split(' ')[-1]} out"
        elif discard.get("false_out"):
            text += f" and {does(seat, 'announces').split(' ')[-1]} out falsely (penalty)"
        late = [step for step, item in (("draw", draw), ("discard", discard))
                if item.get("timeout")]
        if late:
            text += f" (the caller's timeout: {' and '.join(late)})"
        parts.append(text)
    return f"  {number}. " + "; ".join(parts)


_TURN = re.compile(r"^  \d+\. ")


def step_through(lines: list[str]) -> None:
    """Print ``lines``, waiting for Enter after each turn, or each call of a speed round
    (``q`` stops, end of input prints the rest at once)."""
    print("Press Enter for the next turn; q and Enter stops.", flush=True)
    waiting = True
    for line in lines:
        print(line, flush=True)
        if waiting and _TURN.match(line):
            try:
                answer = input("  (Enter: next turn, q: stop) ")
            except EOFError:
                waiting = False
                continue
            if answer.strip().lower() in ("q", "quit"):
                return


def _is_saved_game(file: str) -> bool:
    """True when ``file`` is the terminal game's save (a game in progress)."""
    try:
        with open(file, "rb") as stream:
            data = read_json(stream.read(MAX_RECORD_BYTES + 1), what=file,
                             max_bytes=MAX_RECORD_BYTES)
    except (OSError, ThreeThirteenError):
        return False  # load_record says what is wrong with it
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def _is_speed(record: Mapping[str, Any]) -> bool:
    """True for a record of a speed game (rules with ``mode`` speed)."""
    rules = record.get("rules")
    return isinstance(rules, Mapping) and rules.get("mode") == "speed"


def register(app: typer.Typer) -> None:
    """Add ``replay`` to ``app``."""

    @app.command()
    def replay(
        file: Annotated[str, typer.Argument(help="A game record (JSON), or - for stdin")],
        quiet: Annotated[bool, typer.Option(
            "--quiet", "-q", metavar="", help="Only check it")] = False,
        step: Annotated[bool, typer.Option(
            "--step", metavar="", help="Wait for Enter between turns")] = False,
    ) -> None:
        """Replay a game's record: print it turn by turn and check every step."""
        name = "standard input" if file == "-" else printable(file)
        with reporting_errors(name):
            if file == "-":
                record: Any = read_record(sys.stdin.buffer.read(MAX_RECORD_BYTES + 1), name)
            else:
                if _is_saved_game(file):
                    fail(f"{name}: this is a game in progress, saved by three-thirteen play "
                         "(which resumes it), not a record; a finished game's record is "
                         "written to games/ in the data directory")
                record = load_record(file)
            if _is_speed(record):
                replay_speed_record(record)
            else:
                replay_record(record)
        if step and not quiet and file != "-":
            step_through(describe(record))
        elif not quiet:
            print("\n".join(describe(record)))
        print(f"ok: {name} replays and checks out", file=sys.stderr)
