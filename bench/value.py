"""A learned value for the futures bot's options (issue 14, a study): data and features.

    .venv/bin/python bench/value.py data --bot futures --others greedy --games 200
        --seed 21 --jobs 2 --out FILE.jsonl

Plays games with ``futures`` (today's ``expert``) in seat 0 (the seats turn as
``simulate`` turns them) and writes, for each of its decisions before anybody is out,
the features of every option it valued (``features``), the option it chose and, once
the round is over, the seat's result in that round: its points less the mean of the
other seats' (negative: better). ``bench/value_fit.py`` fits a model to them.

An option's features are the futures' own statistics (the share of the 32 futures out
by each of the next draws, the mean penalty held after each, counting an out as 0), the
hand-built value of today's bot, the chances of the round's end it assumed, and the
public context (players, cards, turns, stock, scores).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.expert import is_out, turns_taken
from threethirteen.bots.futures import Futures
from threethirteen.bots.futuresbot import FuturesBot, Valuation
from threethirteen.bots.registry import make_bot
from threethirteen.cards import Card
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.sim import derive_seed, game_seed, seating
from threethirteen.view import Phase, View

DEPTH = 10
DECAY = 0.9  # the futures bot's race, less each draw later (``FuturesBot.decay``)
NAMES = (["value", "extra", "pen_now", "held", "draw_phase", "pile_card", "players",
          "cards", "my_turns", "stock", "lead", "rounds_left"]
         + [f"out_by_{j}" for j in range(1, DEPTH + 1)]
         + [f"pen_after_{j}" for j in range(1, DEPTH + 1)]
         + [f"end_{j}" for j in range(DEPTH)])


INDEX = {name: place for place, name in enumerate(NAMES)}


def terms(features: Sequence[float]) -> list[float]:
    """The hand-built value's terms step by step from an option's ``features`` (the
    chance of being caught at each draw times the penalty then, of going out first,
    and that times the penalty the others hold now; the value is their sum, the last
    ones weighed by the race's decay), and each again for two seats."""
    def get(name: str) -> float:
        return features[INDEX[name]]
    going, out_before, held = 1.0, 0.0, get("held")
    row = [get("extra"), get("pen_now"), 1.0]
    for step in range(DEPTH):
        end = get(f"end_{step}")
        out_by = get(f"out_by_{step + 1}")
        first_out = out_by - out_before
        ahead = going * (1.0 - end) * first_out  # nobody else out first, then this
        row += [going * end * get(f"pen_after_{step + 1}"), ahead, ahead * held]
        going *= 1.0 - end
        out_before = out_by
    row.append(going * get(f"pen_after_{DEPTH}"))
    heads_up = 1.0 if get("players") == 2 else 0.0
    return row + [term * heads_up for term in row]


def trace(futures: Futures, hand: Sequence[Card], ends: Sequence[float],
          first: Card | None) -> tuple[list[float], list[float]]:
    """Over the futures: the share out by each next draw and the mean penalty after each
    (an out counting 0), the hand playing on as ``Futures`` plays it."""
    out_by = [0.0] * DEPTH
    pen_after = [0.0] * DEPTH
    runs = futures.draws or [[]]
    for draws in runs:
        kept = list(hand)
        cards = [first, *draws[:-1]] if first is not None else list(draws)
        steps = min(len(cards), len(ends), DEPTH)
        penalty = futures._penalty(kept)  # noqa: SLF001 - a study of the bot's own parts
        out_at = None
        for step in range(DEPTH):
            if out_at is None and step < steps:
                card = cards[step]
                assert card is not None
                penalty, thrown = futures._best([*kept, card])  # noqa: SLF001
                if penalty == 0:
                    out_at = step
                else:
                    kept.append(card)
                    kept.remove(thrown)
            if out_at is not None:
                out_by[step] += 1
            else:
                pen_after[step] += penalty
    return ([share / len(runs) for share in out_by],
            [total / len(runs) for total in pen_after])


def context(view: View) -> list[float]:
    """The option-free features: players, cards, turns, stock, scores."""
    assert view.seat is not None and view.hand is not None
    totals = view.totals
    others = [total for seat, total in enumerate(totals) if seat != view.seat]
    lead = (min(others) - totals[view.seat]) if others else 0
    cards = len(view.hand) - (1 if view.phase is Phase.DISCARD else 0)
    return [float(len(view.seats)), float(cards),
            float(turns_taken(view).get(view.seat, 0)), float(view.stock_size),
            float(lead), float(view.rules.rounds - view.round_number + 1)]


def option_features(bot: FuturesBot, view: View, futures: Futures,
                    valuation: Valuation, value: float) -> list[float]:
    """An option's features (``NAMES``), its hand-built ``value`` included."""
    hand, ends, races, first, extra = valuation
    out_by, pen_after = trace(futures, hand, ends, first)
    pen_now = futures._penalty(hand)  # noqa: SLF001
    return [value - extra, extra, float(pen_now), races[0],
            float(view.phase is Phase.DRAW), float(first is not None), *context(view),
            *out_by, *pen_after, *(list(ends) + [1.0] * DEPTH)[:DEPTH]]


PARTS = ("caught", "race", "defence", "penalty now")


def part_weights() -> dict[str, list[float]]:
    """Each part of an option's hand-built value as weights over ``terms`` (its first,
    every-table half): the penalty held when the round ends without it out first, the
    race's gain (decayed as the bot decays it), the defence's extra cost, the penalty it
    holds now. The bot's value is caught - race + defence."""
    width = 3 + 3 * DEPTH + 1
    weights = {part: [0.0] * width for part in PARTS}
    weights["defence"][0] = 1.0
    weights["penalty now"][1] = 1.0
    for step in range(DEPTH):
        weights["caught"][3 + 3 * step] = 1.0
        weights["race"][5 + 3 * step] = DECAY ** step
    weights["caught"][3 + 3 * DEPTH] = 1.0
    return weights


def formula_model(penalty_now: float = 0.0) -> dict[str, Any]:
    """The hand-built value as a linear model over ``terms`` (it plays as ``futures``),
    plus ``penalty_now`` times the penalty the option holds now."""
    weights = part_weights()
    signs = {"caught": 1.0, "race": -1.0, "defence": 1.0, "penalty now": penalty_now}
    coef = [sum(signs[part] * weights[part][index] for part in PARTS)
            for index in range(len(weights["caught"]))]
    return {"coef": coef + [0.0] * len(coef), "intercept": 0.0}


def linear(model: dict[str, Any]) -> Callable[[list[float]], float]:
    """The value of a linear model over ``terms`` (``value_fit.py --save``)."""
    coef, intercept = model["coef"], model["intercept"]
    return lambda features: intercept + sum(
        weight * term for weight, term in zip(coef, terms(features), strict=True))


def trees(model: dict[str, Any]) -> Callable[[list[float]], float]:
    """The value of gradient-boosted trees over the raw features: each tree a list of
    nodes ``[feature, threshold, left, right, value, leaf]`` (``value_fit.py --trees``),
    a feature at most the threshold going left."""
    forest, baseline = model["trees"], model["baseline"]

    def predict(features: list[float]) -> float:
        total = baseline
        for nodes in forest:
            node = nodes[0]
            while not node[5]:
                node = nodes[node[2] if features[node[0]] <= node[1] else node[3]]
            total += node[4]
        return total
    return predict


class LearnedFutures(FuturesBot):
    """``futures`` whose options are valued by a learned model of their features."""

    def __init__(self, model: dict[str, Any], **settings: Any) -> None:
        super().__init__(**settings)
        self.predict = trees(model) if "trees" in model else linear(model)
        self.view: View | None = None

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> Any:
        self.view = view
        return super().explain(view, rng, every_option)

    def _values(self, futures: Futures, valuations: list[Valuation]) -> list[float]:
        values = super()._values(futures, valuations)
        assert self.view is not None
        return [self.predict(option_features(self, self.view, futures, valuation, value))
                for valuation, value in zip(valuations, values, strict=True)]


class LoggingFutures(FuturesBot):
    """``futures`` that keeps the features of every option it values (``options``)."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.view: View | None = None
        self.options: dict[str, list[float]] = {}

    def explain(self, view: View, rng: random.Random, every_option: bool = True) -> Any:
        self.view = view
        self.options = {}
        return super().explain(view, rng, every_option)

    def _values(self, futures: Futures, valuations: list[Valuation]) -> list[float]:
        values = super()._values(futures, valuations)
        assert self.view is not None
        for valuation, value in zip(valuations, values, strict=True):
            self.options[option_key(self.view, valuation[0], valuation[3])] = \
                option_features(self, self.view, futures, valuation, value)
        return values


def option_key(view: View, hand: Sequence[Card], first: Card | None) -> str:
    """``stock``, ``pile`` or the discarded card's text."""
    if view.phase is Phase.DRAW:
        return "pile" if first is not None else "stock"
    assert view.hand is not None
    left = list(view.hand)
    for card in hand:
        left.remove(card)
    return str(left[0])


def action_key(action: Action) -> str:
    """The key ``option_key`` gives the option of ``action``."""
    if isinstance(action, Draw):
        return "pile" if action.source is Source.DISCARD else "stock"
    assert isinstance(action, Discard)
    return str(action.card)


def explored(view: View, action: Action, options: dict[str, list[float]],
             rng: random.Random) -> Action | None:
    """Another option than ``action``'s, chosen at random among ``options`` (the valued
    ones; none when ``action`` goes out)."""
    if is_out(action):
        return None
    key = rng.choice(sorted(options))
    return next(legal for legal in view.legal
                if not is_out(legal) and action_key(legal) == key)


def play(task: tuple[str, tuple[str, ...], int, int, int, float]) -> list[dict[str, Any]]:
    """One game: the studied seat's logged decisions, each with its round's result;
    with ``explore`` that share of them played at random among the valued options."""
    bot_name, others, seed, index, players, explore = task
    chance = random.Random(derive_seed(seed, "explore", index))
    seats = seating([bot_name, *others], index)
    rules = Rules(players=players)
    gseed = game_seed(seed, index)
    bots = [LoggingFutures(name=bot_name) if name == bot_name else make_bot(name)
            for name in seats]
    mine = seats.index(bot_name)
    state = GameState(rules, seed=gseed, names=[bot.name for bot in bots])
    rngs = [random.Random(derive_seed(gseed, "bot", seat)) for seat in range(players)]
    rows: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    finished = 0
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(view, rngs[seat])
        logged = False
        if seat == mine:
            logger = bots[seat]
            assert isinstance(logger, LoggingFutures)
            if logger.options and view.out is None:
                other = explored(view, action, logger.options, chance) \
                    if chance.random() < explore else None
                if other is not None:
                    action = other
                pending.append({"game": index, "round": view.round_number,
                                "chosen": action_key(action), "options": logger.options,
                                "explored": other is not None})
                logged = True
            logger.options = {}
        state.apply(action)
        if logged and state.view(mine).out == mine:
            pending[-1]["out"] = True  # went out: the options' values do not apply
        results = state.view(mine).results
        if len(results) > finished:
            finished = len(results)
            points = [seat_result.points for seat_result in results[-1].seats]
            others_mean = (sum(points) - points[mine]) / (len(points) - 1)
            for row in pending:
                row["target"] = points[mine] - others_mean
            rows += pending
            pending = []
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    data = sub.add_parser("data")
    data.add_argument("--bot", default="futures")
    data.add_argument("--others", default="greedy")
    data.add_argument("--games", type=int, default=100)
    data.add_argument("--first", type=int, default=0)
    data.add_argument("--seed", type=int, default=21)
    data.add_argument("--jobs", type=int, default=2)
    data.add_argument("--out", type=Path, required=True)
    data.add_argument("--explore", type=float, default=0.0,
                      help="the share of decisions played at random among the options")
    compare = sub.add_parser("paired", help="bench/paired.py with learned bots registered "
                             "(each --model, or the hand-built value plus --penalty-now)")
    compare.add_argument("--model", type=Path, action="append", default=[],
                         help="repeatable, each with its --name (one alone: futures-learned)")
    compare.add_argument("--penalty-now", type=float, action="append", default=[],
                         help="the hand-built value plus this times the penalty held "
                              "now (repeatable; named futures-penalty-W)")
    compare.add_argument("--name", action="append", default=[])
    compare.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command == "paired":
        import sys

        import paired

        from threethirteen.bots.registry import register_bot
        names = args.name or ["futures-learned"] * bool(args.model)
        if len(names) != len(args.model):
            parser.error("give one --name for each --model")
        models = [(name, json.loads(path.read_text()))
                  for name, path in zip(names, args.model, strict=True)]
        models += [(f"futures-penalty-{weight:g}", formula_model(weight))
                   for weight in args.penalty_now]
        for name, model in models:
            register_bot(name, lambda model=model, name=name: LearnedFutures(model, name=name))
        sys.argv = ["paired.py", *[arg for arg in args.rest if arg != "--"]]
        paired.main()
        return
    others = tuple(args.others.split(","))
    tasks = [(args.bot, others, args.seed, index, len(others) + 1, args.explore)
             for index in range(args.first, args.first + args.games)]
    with ProcessPoolExecutor(args.jobs) as pool, args.out.open("a") as out:
        for rows in pool.map(play, tasks):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
