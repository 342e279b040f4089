"""The ceiling study of issue 14 (``bench/oracle.py``): the futures bot told the hidden
state plays as ``futures`` when told nothing, and reads what it is told correctly."""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from tables import greedy_positions

from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import GreedyBot, best_discard
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.solver import deadwood
from threethirteen.view import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
oracle = importlib.import_module("oracle")


def _positions(count: int) -> list[GameState]:
    """States of a heads-up game between greedy bots, at seat 0's turns."""
    return greedy_positions(Rules(players=2, rounds=3), seed=21, count=count)


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


def test_told_the_next_hand_a_discard_it_goes_out_with_is_the_final_turn() -> None:
    state = GameState(Rules(players=2, rounds=4), seed=8)
    bot, rng, fed = GreedyBot(), random.Random(3), 0
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        if seat == 0 and state.phase is Phase.DISCARD and view.out is None:
            assert view.hand is not None
            peeking = oracle.PeekingFutures(["feed"])
            peeking.table = state
            told = {o.action: o.expected for o in peeking.explain(view, random.Random(5))}
            plain = {o.action: o.expected for o in FuturesBot().explain(view, random.Random(5))}
            unseen = list(FuturesBot().tracking(view).unseen.elements())
            for action, value in plain.items():
                card = getattr(action, "card", None)
                if card is None or getattr(action, "out", False) or best_discard(
                        [*state.hands[1], card], view.wild, view.rules)[0] != 0:
                    assert told[action] == value
                    continue
                fed += 1
                kept = list(view.hand)
                kept.remove(card)
                final = sum(best_discard([*kept, drawn], view.wild, view.rules)[0]
                            for drawn in unseen) / len(unseen)
                assert told[action] == pytest.approx(final)
        state.apply(bot.choose(view, rng))
    assert fed > 0
