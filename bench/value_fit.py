"""Fit a value to the futures bot's logged options (``bench/value.py data``), a study.

    .venv/bin/python bench/value_fit.py FILE.jsonl [FILE.jsonl ...] [--test 0.2]
        [--save MODEL.json]

Needs numpy and scikit-learn (``.venv/bin/pip install numpy scikit-learn``; not a
dependency of the project). Each chosen option's features are fitted to its round's
result (the seat's points less the others' mean), the last share of the games held out.
Prints, on the held-out games, how much of the result each model explains (R²): the
hand-built value alone (rescaled), a linear model over the formula's terms step by
step, and gradient-boosted trees; then how often each model would choose another
option than the bot did. ``--save`` writes the linear model's weights.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from value import INDEX, PARTS, part_weights, terms
from value import trees as value_trees


def derived(raw: np.ndarray) -> np.ndarray:
    """``value.terms`` of every row."""
    return np.array([terms(row) for row in raw.tolist()])


WEIGHTS = part_weights()


def grouped(features: list[float]) -> list[float]:
    """An option's value in its four parts (``value.part_weights``)."""
    row = terms(features)
    return [sum(weight * term for weight, term in zip(WEIGHTS[part], row, strict=False))
            for part in PARTS]


def within(rows: list[dict[str, Any]]) -> None:
    """On the decisions played at random: the result against each part's difference
    from the mean of the options of the same decision (the state's own means and the
    context as controls): what a point of each part is worth, chosen at random."""
    explored = [row for row in rows if row.get("explored")]
    if len(explored) < 50:
        print("too few decisions played at random")
        return
    x, y, rounds = [], [], []
    for row in explored:
        rounds.append((row["game"], row["round"]))
        parts = np.array([grouped(f) for f in row["options"].values()])
        mean = parts.mean(axis=0)
        chosen = np.array(grouped(row["options"][row["chosen"]]))
        context = row["options"][row["chosen"]][INDEX["players"]:INDEX["rounds_left"] + 1]
        x.append([*(chosen - mean), *mean, *context, 1.0])
        y.append(row["target"])
    coef, covariance = clustered_fit(np.array(x), np.array(y), rounds)
    errors = np.sqrt(np.diag(covariance))
    print(f"{len(explored)} decisions played at random in {len(set(rounds))} rounds; "
          "what a point of each part, against the decision's other options, adds to "
          "the result (standard error clustered by round); the bot weighs them "
          "1, -1, 1, 0:")
    for name, weight, error in zip(PARTS, coef, errors, strict=False):
        print(f"  {name}: {weight:+.3f} ({error:.3f})")
    # the bot's own proportions: caught = -race = defence (two constraints)
    constraints = np.zeros((2, len(coef)))
    constraints[0, :2] = 1.0, 1.0
    constraints[1, [0, 2]] = 1.0, -1.0
    gap = constraints @ coef
    wald = float(gap @ np.linalg.solve(constraints @ covariance @ constraints.T, gap))
    print(f"  the bot's proportions (caught = -race = defence): Wald {wald:.2f} on 2 "
          f"degrees of freedom, p = {np.exp(-wald / 2):.2f}")


def clustered_fit(x: np.ndarray, y: np.ndarray,
                  clusters: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Least squares with the covariance of its coefficients clustered by ``clusters``
    (the decisions of one round share its result)."""
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    bread = np.linalg.pinv(x.T @ x)
    meat = np.zeros_like(bread)
    members: dict[Any, list[int]] = {}
    for index, key in enumerate(clusters):
        members.setdefault(key, []).append(index)
    for indices in members.values():
        score = x[indices].T @ residual[indices]
        meat += np.outer(score, score)
    return coef, bread @ meat @ bread


def load(paths: list[Path]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        with path.open() as lines:
            rows += [json.loads(line) for line in lines]
    return [row for row in rows if "target" in row and not row.get("out")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--test", type=float, default=0.2)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--within", action="store_true",
                        help="the parts' worth on the decisions played at random")
    parser.add_argument("--trees", type=Path, help="write the trees' model here")
    args = parser.parse_args()
    rows = load(args.files)
    if args.within:
        within(rows)
        return
    keys = sorted({(path_index, row["game"]) for path_index, path in enumerate(args.files)
                   for row in load([path])})
    cut = int(len(keys) * (1 - args.test))
    test_games = set(keys[cut:])
    tagged = []
    for path_index, path in enumerate(args.files):
        tagged += [((path_index, row["game"]) in test_games, row) for row in load([path])]
    train = [row for test, row in tagged if not test]
    test = [row for test, row in tagged if test]
    print(f"{len(rows)} decisions: {len(train)} to fit, {len(test)} held out "
          f"({len(keys) - cut} games)")

    def chosen(part: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
        x = np.array([row["options"][row["chosen"]] for row in part])
        y = np.array([row["target"] for row in part])
        return x, y

    xtr, ytr = chosen(train)
    xte, yte = chosen(test)
    total = float(np.var(yte))
    models: dict[str, Any] = {}
    hand = Ridge(alpha=1.0).fit(xtr[:, [0, 1]], ytr)
    models["hand-built (value, extra) rescaled"] = (hand, lambda x: x[:, [0, 1]])
    linear = Ridge(alpha=10.0).fit(derived(xtr), ytr)
    models["linear over the formula's terms"] = (linear, derived)
    trees = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05,
                                          max_leaf_nodes=15, min_samples_leaf=200)
    trees.fit(xtr, ytr)
    models["gradient-boosted trees (raw features)"] = (trees, lambda x: x)
    for name, (model, shape) in models.items():
        error = float(np.mean((model.predict(shape(xte)) - yte) ** 2))
        changed = 0
        gain = 0.0
        for row in test:
            keys_ = list(row["options"])
            values = model.predict(shape(np.array([row["options"][k] for k in keys_])))
            best = keys_[int(np.argmin(values))]
            if best != row["chosen"]:
                changed += 1
                gain += float(values[keys_.index(row["chosen"])] - values.min())
        print(f"{name}: R² {1 - error / total:.4f}, chooses another option in "
              f"{changed / len(test):.1%} of decisions (its own forecast gain "
              f"{gain / len(test):.3f} points a decision)")
    if args.trees:
        forest = [[[int(node["feature_idx"]), float(node["num_threshold"]),
                    int(node["left"]), int(node["right"]), float(node["value"]),
                    bool(node["is_leaf"])] for node in predictor.nodes]
                  for (predictor,) in trees._predictors]
        model = {"baseline": float(np.ravel(trees._baseline_prediction)[0]),
                 "trees": forest}
        args.trees.write_text(json.dumps(model))
        check = value_trees(model)
        worst = max(abs(check(list(row)) - float(forecast)) for row, forecast in
                    zip(xte[:500].tolist(), trees.predict(xte[:500]), strict=True))
        print(f"the trees' model written, its forecasts within {worst:.2e} of sklearn's")
    if args.save:
        args.save.write_text(json.dumps({"coef": linear.coef_.tolist(),
                                         "intercept": float(linear.intercept_)}))


if __name__ == "__main__":
    main()
