"""How well the round's end is foreseen: at each of a seat's draws in recorded games, the
chance that the round ends before its next draw, by three forecasts, against what
happened.

    .venv/bin/python bench/pace_calibration.py DIR [--bot futures] [--games 80]
        [--seed 7]

``DIR`` holds the records of ``bench/paired.py`` (``DIR/<others>-s<seed>/<bot>/``, as
``paired.py --bots futures --others greedy --seed 7 --records ROOT`` writes them: pass
``ROOT/greedy-s7/futures``). Each game is replayed from its seed and its actions; at each
of ``--bot``'s draws with nobody out, the forecasts are:

* ``hazard``: the expert's table by hand size (``ending.HAZARD_BY_SIZE``, not weighed by
  the scores), what ``expert`` plays by;
* ``true pace``: the true table played on greedily in 32 random orders of the true stock
  (``pace.true_tables``), what the oracle's ``pace`` is told;
* ``sampled pace``: 16 tables dealt from the seat's belief (``pace.sampled_tables``).

A draw after which the seat itself goes out is left out (it ends the round, not the
others). Printed: per hand size and overall, the mean forecast, the share of draws after
which the round did end, and the Brier score (mean squared error; the last line is the
score of always forecasting the overall share).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from pace import others_pace, sampled_tables, true_tables

from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.tracking import track
from threethirteen.game import GameState
from threethirteen.record import replay_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed
from threethirteen.view import Phase

FORECASTS = ("hazard", "true pace", "sampled pace")
Draw = tuple[int, list[float], int]  # hand size, the forecasts, 1 if the round ended


def draws_of(record: dict[str, object], bot: str, seed: int, index: int) -> list[Draw]:
    """The forecasts and outcomes at ``bot``'s draws in one recorded game."""
    players = record["players"]
    assert isinstance(players, list)
    seat = players.index(bot)
    final = replay_record(record)
    state = GameState(Rules(players=len(players)), seed=game_seed(seed, index),
                      names=players)
    table_rng, hazard = random.Random(index), ExpertBot(score_aware=False)
    pending: list[tuple[int, list[float]]] = []  # this round's draws: hand size, forecasts
    draws: list[Draw] = []
    for action in final.history:
        number = state.round_number
        if state.turn == seat and state.phase is Phase.DRAW:
            view = state.view(seat)
            assert view.hand is not None
            draws += [(size, forecast, int(view.out is not None))
                      for size, forecast in pending]
            pending = []
            if view.out is None:
                pace = [others_pace(tables, view.wild, view.rules, turns=1, drawn=False,
                                    last_stock=True)[0]
                        for tables in (true_tables(view, state.hands, state.stock,
                                                   table_rng, 32),
                                       sampled_tables(view, table_rng, 16))]
                chance = hazard.ending_chances(view, track(view), turns_ahead=1,
                                               size=len(view.hand))[0]
                pending.append((len(view.hand),
                                [chance, *(0.0 if p is None else p for p in pace)]))
        state.apply(action)
        if state.is_over or state.round_number != number:  # the round ended
            result = final.round_logs()[number - 1].result
            if result is not None and result.out != seat:
                draws += [(size, forecast, 1) for size, forecast in pending]
            pending = []
    return draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--bot", default="futures")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    draws: list[Draw] = []
    for index in range(args.games):
        record = json.loads((args.records / f"{index}.json").read_text(encoding="utf-8"))
        draws += draws_of(record, args.bot, args.seed, index)
    print(f"{len(draws)} draws of {args.bot} in {args.games} games; each cell: mean "
          "forecast / Brier score")
    print(f"| hand | draws | ended | {' | '.join(FORECASTS)} |")
    print("|---|---|---|---|---|---|")
    for size in [*sorted({draw[0] for draw in draws}), None]:
        these = [draw for draw in draws if size is None or draw[0] == size]
        ended = sum(draw[2] for draw in these) / len(these)
        cells = []
        for which in range(len(FORECASTS)):
            mean = sum(draw[1][which] for draw in these) / len(these)
            brier = sum((draw[1][which] - draw[2]) ** 2 for draw in these) / len(these)
            cells.append(f"{mean:.3f} / {brier:.4f}")
        print(f"| {size or 'all'} | {len(these)} | {ended:.3f} | {' | '.join(cells)} |")
    share = sum(draw[2] for draw in draws) / len(draws)
    constant = sum((share - draw[2]) ** 2 for draw in draws) / len(draws)
    print(f"always {share:.3f}: Brier score {constant:.4f}")


if __name__ == "__main__":
    main()
