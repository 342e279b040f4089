"""How well a seat foresees feeding the next seat's going out (``bench/feed_calibration.py``):
every card held at the bot's discards is one forecast, and the truth is the true hand's."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from threethirteen.bots.greedy import best_discard
from threethirteen.game import GameState
from threethirteen.record import replay_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed, simulate
from threethirteen.view import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
calibration = importlib.import_module("feed_calibration")


def test_each_card_held_at_a_discard_is_forecast_against_the_true_hand(tmp_path: Path) -> None:
    simulate(["medium", "greedy"], 1, seed=3, rules=Rules(players=2, rounds=4), records=tmp_path)
    record = json.loads((tmp_path / "0.json").read_text(encoding="utf-8"))
    found = calibration.forecasts_of(record, "medium", 3, 0, samples=8, practice=0)
    seat = record["players"].index("medium")
    state = GameState(Rules(players=2, rounds=4), seed=game_seed(3, 0),
                      names=record["players"])
    truths = []
    for action in replay_record(record).history:
        view = state.view(seat)
        if state.turn == seat and state.phase is Phase.DISCARD and view.out is None:
            assert view.hand is not None
            other = list(state.hands[1 - seat])
            truths += [best_discard([*other, card], view.wild, view.rules)[0] == 0
                       for card in sorted(set(view.hand), key=lambda card: card.code)]
        state.apply(action)
    assert [truth for _, truth in found] == truths
    assert len(found) > 20
    assert all(0.0 <= goes <= 1.0 and (goes * 8).is_integer() for goes, _ in found)


def test_the_summary_separates_the_cards_that_let_the_next_seat_out() -> None:
    text = calibration.summary([(0.5, True), (0.0, False), (0.25, False), (0.0, False)])
    assert text.startswith("4 cards, 25.0% let the next seat out")
    assert "mean forecast 0.500 for those, 0.0833 for the others" in text
    assert "Brier score 0.0781 (always 0.250: 0.1875)" in text
    # every card that lets it out is forecast above every other card
    assert "area under the ROC curve 1.000" in text
    assert "forecast 0.20-0.30: 1 card, 0.000 let it out" in text
    assert "forecast 0.50-1.00: 1 card, 1.000 let it out" in text


def test_the_area_under_the_curve_counts_ties_as_half() -> None:
    text = calibration.summary([(0.1, True), (0.1, False), (0.0, False), (0.2, False)])
    assert "area under the ROC curve 0.500" in text  # above one, tied with one, below one
