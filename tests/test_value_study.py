"""The learned-value study (``bench/value.py``): an option's features and terms are the
futures bot's own value taken apart, and a logged game labels each decision with its
round's result."""

from __future__ import annotations

import importlib
import random
import sys
from itertools import pairwise
from pathlib import Path

from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.game import GameState
from threethirteen.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
value = importlib.import_module("value")

DECAY = 0.9  # the futures bot's race decay, each draw later


def hand_built(features: list[float]) -> float:
    """Today's value from ``terms``: caught penalties less the race, decayed."""
    terms = value.terms(features)
    steps = value.DEPTH
    caught = sum(terms[3 + 3 * step] for step in range(steps))
    race = sum(terms[5 + 3 * step] * DECAY ** step for step in range(steps))
    return caught - race + terms[3 + 3 * steps]


def logged_options(seed: int, decisions: int) -> list[dict[str, list[float]]]:
    """The options the logging bot valued in its first ``decisions`` decisions of a
    heads-up game against ``greedy``, nobody out."""
    bot = value.LoggingFutures(name="futures", count=8)
    state = GameState(Rules(players=2), seed=seed, names=["futures", "greedy"])
    from threethirteen.bots.registry import make_bot

    other = make_bot("greedy")
    rng = random.Random(seed)
    found: list[dict[str, list[float]]] = []
    while len(found) < decisions and not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        if seat == 0:
            action = bot.choose(view, rng)
            if bot.options and view.out is None:
                found.append(bot.options)
        else:
            action = other.choose(view, rng)
        state.apply(action)
    return found


def test_the_terms_add_up_to_the_bots_own_value() -> None:
    options = logged_options(seed=5, decisions=30)
    assert len(options) == 30
    count = 0
    for found in options:
        for features in found.values():
            assert len(features) == len(value.NAMES)
            assert abs(hand_built(features) - features[value.INDEX["value"]]) < 1e-9
            count += 1
    assert count > 60  # draws (2 options) and discards (up to 5)


def test_the_shares_out_never_fall_and_the_penalties_are_the_hands() -> None:
    for found in logged_options(seed=9, decisions=20):
        for features in found.values():
            shares = [features[value.INDEX[f"out_by_{step}"]]
                      for step in range(1, value.DEPTH + 1)]
            assert all(0.0 <= a <= b <= 1.0 for a, b in pairwise(shares))
            assert features[value.INDEX["pen_now"]] >= 0


def test_a_logged_game_labels_every_decision_with_its_rounds_result() -> None:
    rows = value.play(("futures", ("greedy",), 3, 0, 2, 0.0))
    assert rows
    rounds = {row["round"] for row in rows}
    assert rounds <= set(range(1, 12)) and len(rounds) >= 10
    for row in rows:
        assert row["chosen"] in row["options"]
        assert isinstance(row["target"], float)


def test_a_learned_model_equal_to_the_hand_built_value_plays_as_the_bot_does() -> None:
    learned = value.LearnedFutures(value.formula_model(), name="learned", count=8)
    plain = FuturesBot(name="plain", count=8)
    state = GameState(Rules(players=2), seed=11, names=["learned", "greedy"])
    for _ in range(40):
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        chosen = learned.choose(view, random.Random(len(view.actions)))
        assert chosen == plain.choose(view, random.Random(len(view.actions)))
        state.apply(chosen)


def test_exploring_plays_a_valued_option_at_random_and_still_goes_out() -> None:
    rows = value.play(("futures", ("greedy",), 4, 1, 2, 1.0))
    assert rows and all(row["explored"] or row.get("out") for row in rows)
    assert all(row["chosen"] in row["options"] for row in rows)
    quiet = value.play(("futures", ("greedy",), 4, 1, 2, 0.0))
    assert not any(row["explored"] for row in quiet)
    assert [row["chosen"] for row in rows] != [row["chosen"] for row in quiet]
