"""The training rows of the learned feed forecast (``bench/feed_train.py``): the bot's
view's features for every card it held at a discard, and the next seat's true outcome."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from threethirteen.bots.feed import FEATURES
from threethirteen.rules import Rules
from threethirteen.sim import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
calibration = importlib.import_module("feed_calibration")
training = importlib.import_module("feed_train")


def test_each_row_is_the_views_features_and_the_true_hands_outcome(tmp_path: Path) -> None:
    simulate(["medium", "greedy"], 1, seed=3, rules=Rules(players=2, rounds=4), records=tmp_path)
    path = tmp_path / "0.json"
    rows = training.game_rows(path, "medium", 3, 0, True)
    record = json.loads(path.read_text(encoding="utf-8"))
    found = calibration.forecasts_of(record, "medium", 3, 0, samples=8, practice=0)
    assert [truth for _, truth, _, _ in rows] == [truth for _, truth in found]
    assert all(len(features) == len(FEATURES) for features, _, _, _ in rows)
    assert all(0.0 <= share <= 1.0 for _, _, *shares in rows for share in shares)
    # without the belief's forecasts the rows are the same, their shares unknown
    plain = training.game_rows(path, "medium", 3, 0, False)
    assert [row[:2] for row in plain] == [row[:2] for row in rows]
    assert {share for _, _, *shares in plain for share in shares} == {-1.0}
