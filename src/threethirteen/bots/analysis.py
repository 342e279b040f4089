"""Post-game analysis: every decision of a recorded game, judged by a bot.

A record (INTERFACES.md §3) is replayed action by action. Before each decision (a draw,
and a discard, going out included) the judge sees exactly that seat's ``View`` at that
moment, nothing more, and ranks the legal options by its ``explain`` (each option's
expected points for the seat at the round's end, in the judge's own measure; lower is
better). The decision's **points lost** is the expected value of what was played minus
that of the judge's best option, never below 0.

Judging is deterministic: each decision gets its own ``random.Random`` seeded from the
analysis seed, the round, the turn and the phase, so the same record, judge and seed give
the same analysis, whatever seats are analysed and in whatever order.

``analyse(record)`` returns the JSON form ``three-thirteen-analysis/1`` (README,
"Analysis"); ``summary_lines`` and ``decision_line`` write it for people.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.registry import bot_names, make_bot
from threethirteen.dealer import ScriptedDealer
from threethirteen.errors import InputError
from threethirteen.game import GameState
from threethirteen.outs import go_out_cards
from threethirteen.record import replay_record
from threethirteen.view import View

FORMAT = "three-thirteen-analysis/1"
PREFERRED_JUDGES = ("master", "expert")  # the first one registered judges by default


class Judged(Protocol):
    """One option as a judge ranks it (``bots.expert.Option`` is one)."""

    @property
    def action(self) -> Action: ...

    @property
    def expected(self) -> float: ...


class Judge(Protocol):
    """A bot that can explain its choice: every legal option with its expected penalty,
    best first."""

    name: str

    def explain(self, view: View, rng: random.Random,
                every_option: bool = True) -> Sequence[Judged]: ...


Progress = Callable[[int, int, int], None]  # (round number, decisions so far, rounds)


def default_judge() -> str:
    """``master`` when a bot of that name is registered, else ``expert``."""
    names = set(bot_names())
    return next((name for name in PREFERRED_JUDGES if name in names), PREFERRED_JUDGES[-1])


def make_judge(name: str) -> Judge:
    """The bot ``name``, if it can explain its choices; ``ValueError`` otherwise."""
    bot = make_bot(name)
    if not callable(getattr(bot, "explain", None)):
        raise ValueError(f"bot {name!r} cannot explain its choices, so it cannot judge; "
                         f"try {default_judge()}")
    return cast(Judge, bot)


def analyse(
    record: Mapping[str, Any], *, judge: str | None = None, seats: Sequence[int] | None = None,
    seed: int = 0, progress: Progress | None = None,
) -> dict[str, Any]:
    """The analysis of ``record`` (checked by replaying it first; ``RecordError`` names
    the place of a fault) for ``seats`` (default: every seat), judged by ``judge``
    (default: ``default_judge()``). ``progress`` is called after each round."""
    checked = replay_record(record)
    players = len(checked.names)
    chosen = sorted(set(range(players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < players:
            raise InputError(f"{seat} is not a seat of this game (0 to {players - 1})", "seats")
    name = judge if judge is not None else default_judge()
    judges = {seat: make_judge(name) for seat in chosen}
    decisions = _decisions(checked, judges, seed, progress)
    rounds = _round_summaries(decisions, chosen)
    return {
        "format": FORMAT,
        "judge": name,
        "seed": seed,
        "players": list(checked.names),
        "seats": chosen,
        "decisions": decisions,
        "rounds": rounds,
        "summary": [_seat_summary(seat, checked.names[seat], decisions) for seat in chosen],
    }


# -- replaying and judging ------------------------------------------------------------


def _fresh(checked: GameState) -> GameState:
    """A new game at its first deal that will deal exactly as ``checked`` was dealt."""
    logs = checked.round_logs()
    reshuffles = [turn.reshuffle for log in logs for turn in log.turns
                  if turn.reshuffle is not None]
    dealer = ScriptedDealer(logs[0].dealer, [log.deal for log in logs], reshuffles)
    return GameState(checked.rules, seed=checked.seed, names=checked.names, dealer=dealer)


def _decisions(
    checked: GameState, judges: Mapping[int, Judge], seed: int, progress: Progress | None,
) -> list[dict[str, Any]]:
    state = _fresh(checked)
    found: list[dict[str, Any]] = []
    rounds = len(checked.round_logs())
    for action in checked.history:
        number = state.round_number
        if action.seat in judges:
            turn = len(state.round_logs()[-1].turns)
            view = state.view(action.seat)
            found.append(_judge(judges[action.seat], view, action, number, turn, seed))
        state.apply(action)
        if progress is not None and (state.is_over or state.round_number != number):
            progress(number, len(found), rounds)
    return found


def _judge(judge: Judge, view: View, played: Action, number: int, turn: int,
           seed: int) -> dict[str, Any]:
    phase = "draw" if isinstance(played, Draw) else "discard"
    card = (str(played.card) if isinstance(played, Discard)
            else str(view.top) if played.source is Source.DISCARD else None)
    rng = random.Random(f"analysis {seed} round {number} turn {turn} {phase}")
    options = list(judge.explain(view, rng, every_option=True))
    if not options:
        raise ValueError(f"{judge.name} gave no option in round {number}, turn {turn}")
    best = options[0]
    mine = _value_of(played, options, view)
    lost = None if mine is None else max(0.0, mine - best.expected)
    return {
        "round": number,
        "turn": turn,
        "seat": played.seat,
        "phase": phase,
        "played": _text(played),
        "card": card,
        "best": _text(best.action),
        "played_expected": _rounded(mine),
        "best_expected": _rounded(best.expected),
        "lost": _rounded(lost),
        "options": len(options),
    }


def _value_of(played: Action, options: Sequence[Judged], view: View) -> float | None:
    """The judge's expected value for ``played``; None when it has no word for it.

    Going out with another card than the judge's is worth the same; a false announcement
    (``false_out`` = penalty) is the plain discard plus the penalty."""
    for option in options:
        if option.action == played:
            return option.expected
    if isinstance(played, Discard) and played.out:
        outs = [option for option in options
                if isinstance(option.action, Discard) and option.action.out]
        hand = () if view.hand is None else view.hand
        if outs and played.card in go_out_cards(hand, wild=view.wild, rules=view.rules):
            return outs[0].expected
        plain = Discard(played.seat, played.card)
        for option in options:
            if option.action == plain:
                return option.expected + view.rules.false_out_penalty
    return None


def _text(action: Action) -> str:
    """An action's notation without its seat: ``draw stock``, ``discard Kh``, ``out Kh``."""
    return str(action).split(": ", 1)[1]


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


# -- summaries -------------------------------------------------------------------------


def _worst(decisions: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The decision that lost the most (the earliest of equals); None when none lost."""
    worst = None
    for decision in decisions:
        if (decision["lost"] or 0) > 0 and (worst is None or decision["lost"] > worst["lost"]):
            worst = decision
    return worst


def _brief(decision: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("round", "turn", "phase", "played", "card", "best", "lost")
    return {key: decision[key] for key in keys}


def _round_summaries(decisions: Sequence[Mapping[str, Any]],
                     seats: Sequence[int]) -> list[dict[str, Any]]:
    numbers = sorted({decision["round"] for decision in decisions})
    rounds = []
    for number in numbers:
        these = [decision for decision in decisions if decision["round"] == number]
        rows = []
        for seat in seats:
            mine = [decision for decision in these if decision["seat"] == seat]
            worst = _worst(mine)
            rows.append({"seat": seat, "decisions": len(mine), "lost": _total(mine),
                         "worst": None if worst is None else _brief(worst)})
        rounds.append({"round": number, "seats": rows})
    return rounds


def _total(decisions: Sequence[Mapping[str, Any]]) -> float:
    return round(sum(decision["lost"] or 0.0 for decision in decisions), 2)


def _seat_summary(seat: int, name: str, decisions: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    mine = [decision for decision in decisions if decision["seat"] == seat]
    worst = _worst(mine)
    lost = _total(mine)
    return {
        "seat": seat,
        "name": name,
        "decisions": len(mine),
        "unjudged": sum(decision["lost"] is None for decision in mine),
        "lost": lost,
        "worst": None if worst is None else _brief(worst),
        "text": summary_text(name, lost, worst),
    }


def summary_text(name: str, lost: float, worst: Mapping[str, Any] | None) -> str:
    """The summary of a seat's game in words.

    >>> worst = {"round": 9, "played": "draw discard", "card": "7h", "best": "draw stock",
    ...          "lost": 8.1}
    >>> print(summary_text("Ann", 23.44, worst))  # doctest: +NORMALIZE_WHITESPACE
    Ann lost 23.4 points to better play; the biggest: round 9, taking the 7h (8.1; best: drawing
    from the stock).
    >>> summary_text("Bob", 0.0, None)
    'Bob lost no points to better play.'
    """
    if worst is None or lost <= 0:
        return f"{name} lost no points to better play."
    return (f"{name} lost {lost:.1f} points to better play; the biggest: round "
            f"{worst['round']}, {doing(worst)} ({worst['lost']:.1f}; best: "
            f"{doing(worst, best=True)}).")


def doing(decision: Mapping[str, Any], *, best: bool = False) -> str:
    """A decision's played (or best) action in words.

    >>> decision = {"played": "discard 8h", "card": "8h", "best": "out Kd"}
    >>> doing(decision), doing(decision, best=True)
    ('discarding the 8h', 'going out with the Kd')
    """
    text = decision["best" if best else "played"]
    if text == "draw stock":
        return "drawing from the stock"
    if text == "draw discard":
        card = decision["card"] if not best else None
        return f"taking the {card}" if card else "taking the discard"
    verb, card = text.split(" ", 1)
    if verb == "out":
        return f"going out with the {card}"
    return f"discarding the {card}"


def decision_line(decision: Mapping[str, Any], names: Sequence[str], *,
                  with_round: bool = True) -> str:
    """One decision for people: ``round 3, turn 5, Ann: discard Kh: best discard 7c,
    expected 12.0 against 9.9, lost 2.1``."""
    head = (f"round {decision['round']}, " if with_round else "") + (
        f"turn {decision['turn']}, {names[decision['seat']]}: {decision['played']}")
    if decision["phase"] == "draw" and decision["card"]:
        head += f" ({decision['card']})"
    if decision["lost"] is None:
        return f"{head}: not judged (the judge has no value for it)"
    if decision["lost"] == 0:
        return f"{head}: best (expected {decision['played_expected']:.1f})"
    return (f"{head}: best {decision['best']}, expected {decision['played_expected']:.1f} "
            f"against {decision['best_expected']:.1f}, lost {decision['lost']:.1f}")
