"""The ceiling study of issue 14 (``bench/oracle.py``): the futures bot told the hidden
state plays as ``futures`` when told nothing, and reads what it is told correctly."""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from pathlib import Path

from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import GreedyBot
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.solver import deadwood

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
oracle = importlib.import_module("oracle")


def _positions(count: int) -> list[GameState]:
    """States of a heads-up game between greedy bots, at seat 0's turns."""
    state = GameState(Rules(players=2, rounds=3), seed=21)
    bot, rng, states = GreedyBot(), random.Random(2), []
    while not state.is_over and len(states) < count:
        seat = state.turn
        assert seat is not None
        if seat == 0 and state.view(0).out is None:
            states.append(state.copy())
        state.apply(bot.choose(state.view(seat), rng))
    return states


def test_told_nothing_it_values_every_option_as_the_futures_bot() -> None:
    for state in _positions(8):
        peeking = oracle.PeekingFutures([])
        peeking.table = state
        told = peeking.explain(state.view(0), random.Random(5))
        plain = FuturesBot().explain(state.view(0), random.Random(5))
        assert told == plain


def test_told_the_stock_its_futures_draw_from_the_stock_alone() -> None:
    state = _positions(3)[-1]
    peeking = oracle.PeekingFutures(["stock"])
    peeking.table = state
    assert peeking.tracking(state.view(0)).unseen == Counter(state.stock)
    assert sum(FuturesBot().tracking(state.view(0)).unseen.values()) == (
        len(state.stock) + len(state.hands[1]))


def test_told_the_hands_the_race_is_worth_the_others_true_penalty() -> None:
    state = _positions(4)[-1]
    peeking = oracle.PeekingFutures(["hands"])
    peeking.table = state
    truth = deadwood(state.hands[1], wild=state.wild, rules=state.rules)
    assert peeking.others_penalty(state.view(0), random.Random(1)) == truth
