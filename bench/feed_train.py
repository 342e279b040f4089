"""Train the forecast of the next seat going out with a discard (``bots.feed``).

    .venv/bin/python bench/feed_train.py DIR [--bot futures] [--seed 7] [--games 200]
        [--test 20] [--jobs 2] [--out src/threethirteen/bots/feed_forest.json]

``DIR`` holds ``bench/paired.py``'s heads-up records of the bot against greedy
(``ROOT/greedy-s7/futures``). Every game is replayed; at each of the bot's discards with
nobody out, every card of its hand is a row: ``bots.feed.features`` from the seat's view
and, as the label, whether the next seat's true hand goes out with it. The first
``--test`` games are held out: the forest is trained (scikit-learn's gradient boosting,
``pip install scikit-learn``, a tool of this script alone) on the others, its area under
the ROC curve and Brier score printed on the held-out games next to the belief's 32- and
128-hand forecast (``bench/feed_calibration.py``), then written as JSON for the bot.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from feed_calibration import _goes_out, summary
from pace import after

from threethirteen.bots.feed import FEATURES, features
from threethirteen.bots.sampling import belief
from threethirteen.game import GameState
from threethirteen.record import replay_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed
from threethirteen.view import Phase

Row = tuple[list[float], bool, float, float]  # features, truth, belief 32, belief 128


def game_rows(path: Path, bot: str, seed: int, index: int, beliefs: bool) -> list[Row]:
    """Every card the bot held at its discards in one recorded game (the belief's
    forecasts only when ``beliefs``: they are slow)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    players = record["players"]
    seat = players.index(bot)
    state = GameState(Rules(players=len(players)), seed=game_seed(seed, index),
                      names=players)
    chance = random.Random(index)
    rows: list[Row] = []
    for action in replay_record(record).history:
        if state.turn == seat and state.phase is Phase.DISCARD:
            view = state.view(seat)
            if view.out is None and view.hand is not None:
                following = after(view)[0]
                truth = list(state.hands[following])
                of = features(view, following)
                hands: list[list[object]] = []
                if beliefs:
                    known = belief(view)
                    hands = [known.sample(chance).hands[following] for _ in range(128)]
                for card in sorted(set(view.hand), key=lambda card: card.code):
                    shares = [sum(_goes_out([*hand, card], view) for hand in hands[:count])
                              / count for count in (32, 128)] if beliefs else [-1.0, -1.0]
                    rows.append((of(card), _goes_out([*truth, card], view), *shares))
        state.apply(action)
    return rows


def export(model: object) -> dict[str, object]:
    """A fitted ``HistGradientBoostingClassifier`` as ``bots.feed.FeedForest`` JSON."""
    trees = []
    for (predictor,) in model._predictors:  # type: ignore[attr-defined]
        trees.append([[-1 if node["is_leaf"] else int(node["feature_idx"]),
                       float(node["num_threshold"]), int(node["left"]), int(node["right"]),
                       float(node["value"])] for node in predictor.nodes])
    base = float(model._baseline_prediction.ravel()[0])  # type: ignore[attr-defined]
    return {"features": list(FEATURES), "base": base, "trees": trees}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--bot", default="futures")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--test", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--trees", type=int, default=300)
    parser.add_argument("--out", type=Path,
                        default=Path("src/threethirteen/bots/feed_forest.json"))
    args = parser.parse_args()
    from sklearn.ensemble import HistGradientBoostingClassifier  # a tool of this script

    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(game_rows, [args.records / f"{index}.json"
                                          for index in range(args.games)],
                              [args.bot] * args.games, [args.seed] * args.games,
                              range(args.games), [index < args.test
                                                  for index in range(args.games)]))
    train = [row for rows in games[args.test:] for row in rows]
    test = [row for rows in games[:args.test] for row in rows]
    model = HistGradientBoostingClassifier(max_iter=args.trees, learning_rate=0.05,
                                           max_leaf_nodes=15, random_state=0)
    model.fit([row[0] for row in train], [row[1] for row in train])
    data = export(model)
    from threethirteen.bots.feed import FeedForest
    forest = FeedForest.from_json(data)
    print(f"{len(train)} cards of {args.games - args.test} games to train, "
          f"{len(test)} of {args.test} held out")
    for name, found in (
            ("belief, 32 hands", [(row[2], row[1]) for row in test]),
            ("belief, 128 hands", [(row[3], row[1]) for row in test]),
            ("the forest", [(forest.chance(row[0]), row[1]) for row in test])):
        print(f"{name}: {summary(found)}")
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"written to {args.out} ({len(data['trees'])} trees)")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
