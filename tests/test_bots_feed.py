"""The learned forecast of the next seat going out with a discard (``bots.feed``) and the
futures bot that heeds it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots_search import twin_views

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots.feed import FEATURES, FeedForest, features, feed_chances, forest
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.cards import Card
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.view import Phase, View


def test_a_forest_adds_its_leaves_to_the_base_log_odds() -> None:
    # one stump on the first feature (at most 0.5 goes left), one leaf alone
    data = {"features": list(FEATURES), "base": -1.0,
            "trees": [[[0, 0.5, 1, 2, 0.0], [-1, 0.0, 0, 0, -2.0], [-1, 0.0, 0, 0, 3.0]],
                      [[-1, 0.0, 0, 0, 1.0]]]}
    model = FeedForest.from_json(data)
    row = [0.0] * len(FEATURES)
    assert model.chance(row) == pytest.approx(1 / (1 + 2.718281828459045 ** 2))
    row[0] = 1.0
    assert model.chance(row) == pytest.approx(1 / (1 + 2.718281828459045 ** -3))


def test_a_forest_of_other_features_is_refused() -> None:
    with pytest.raises(ValueError, match="other features"):
        FeedForest.from_json({"features": ["points"], "base": 0.0, "trees": []})


def test_the_shipped_forest_reads_every_feature_it_was_trained_on() -> None:
    model = forest()
    assert len(model.trees) >= 100
    used = {node[0] for tree in model.trees for node in tree if node[0] >= 0}
    assert used <= set(range(len(FEATURES)))


def _view_after_a_pickup() -> tuple[View, Card]:
    """Seat 0 to discard in a heads-up game in which seat 1 took a card from the pile."""
    state = GameState(Rules(players=2), seed=5)
    while True:
        if state.turn == 1 and state.phase is Phase.DRAW and state.discard_pile:
            taken = state.discard_pile[-1]
            state.apply(Draw(1, Source.DISCARD))
            hand = state.hands[1]
            state.apply(Discard(1, next(card for card in hand if card != taken)))
            break
        if state.phase is Phase.DRAW:
            state.apply(Draw(state.turn, Source.STOCK))
        else:
            state.apply(Discard(state.turn, state.hands[state.turn][0]))
    state.apply(Draw(0, Source.STOCK))
    return state.view(0), taken


def test_the_features_read_the_card_the_next_seat_took_and_holds() -> None:
    view, taken = _view_after_a_pickup()
    of = features(view, 1)
    row = dict(zip(FEATURES, of(taken), strict=True))
    assert row["held"] == 1 and row["takes"] == 1 and row["took_last"] == 1
    assert row["since_take"] == 0 and row["turns"] >= 1
    if taken.rank is not None and taken.rank != view.wild:
        assert row["held_rank"] == 1  # the same card is of the same rank
    assert row["size"] == view.hand_sizes[1]
    assert row["unknown"] == view.hand_sizes[1] - 1


def test_every_forecast_is_a_chance() -> None:
    view, _ = _view_after_a_pickup()
    assert view.hand is not None
    chances = feed_chances(view, 1, list(view.hand))
    assert len(chances) == len(view.hand)
    assert all(0.0 < chance < 1.0 for chance in chances)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(4, 60), st.integers(0, 10_000))
def test_hidden_cards_never_change_the_forecast_or_the_decision(seed: int, steps: int,
                                                                shuffle: int) -> None:
    views = twin_views(2, seed, steps, shuffle)
    if views is None or views[0].phase is not Phase.DISCARD:
        return
    first, second = views
    assert first.hand is not None and first.seat is not None
    following = next(seat for seat in first.seats if seat != first.seat)
    assert (feed_chances(first, following, list(first.hand))
            == feed_chances(second, following, list(first.hand)))
    bot = FuturesBot(feed=True, count=4, depth=3)
    assert bot.choose(first, random.Random(seed)) == bot.choose(second, random.Random(seed))
