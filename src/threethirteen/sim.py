"""Games between bots, and tournaments with statistics (INTERFACES.md §4).

Game ``n`` of a simulation with seed ``s`` is dealt by ``game_seed(s, n)``; each bot's own
``random.Random`` is seeded from that game seed and its seat. Seats rotate by one each
game, so with a number of games that is a multiple of the seats, every bot sits in every
seat equally often. Nothing depends on how the games are spread over processes.

>>> state = play_game(Rules(players=2, rounds=2), ["random", "random"], seed=4)
>>> state.is_over, len(state.round_logs())
(True, 2)
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from threethirteen.bots import Bot, make_bot
from threethirteen.game import GameState
from threethirteen.record import game_record, save_record
from threethirteen.rules import Rules


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python run."""
    text = "three-thirteen:" + ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``."""
    return derive_seed(seed, index)


def seating(seats: Sequence[str], index: int) -> tuple[str, ...]:
    """The bots by seat in game ``index``: ``seats`` rotated by ``index``.

    >>> seating(["a", "b", "c"], 1)
    ('b', 'c', 'a')
    """
    return tuple(seats[(seat + index) % len(seats)] for seat in range(len(seats)))


def play_game(
    rules: Rules,
    bots: Sequence[str | Bot],
    *,
    seed: int,
    timings: list[list[float]] | None = None,
) -> GameState:
    """Play a whole game between ``bots`` (names or bots, by seat) and return the end state.

    Each bot receives only its seat's view. With ``timings`` (one list per seat), every
    decision's time in milliseconds is appended to its seat's list.
    """
    players = [make_bot(bot) if isinstance(bot, str) else bot for bot in bots]
    if len(players) != rules.players:
        raise ValueError(f"{len(players)} bots for {rules.players} players")
    names = [bot.name for bot in players]
    state = GameState(rules, seed=seed, names=names)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(len(players))]
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view, rngs[seat])
        if timings is not None:
            timings[seat].append((time.perf_counter() - start) * 1000.0)
        state.apply(action)
    return state


@dataclass(frozen=True, slots=True)
class Outcome:
    """One simulated game, reduced to what the statistics need."""

    index: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    decision_ms: tuple[tuple[float, ...], ...]


@dataclass(frozen=True, slots=True)
class _Task:
    index: int
    seats: tuple[str, ...]
    rules: Rules
    seed: int
    records: Path | None


def _play(task: _Task) -> Outcome:
    timings: list[list[float]] = [[] for _ in task.seats]
    seed = game_seed(task.seed, task.index)
    try:
        state = play_game(task.rules, task.seats, seed=seed, timings=timings)
    except Exception as error:
        raise RuntimeError(f"game {task.index} (seed {seed}) failed: {error}") from error
    if task.records is not None:
        save_record(game_record(state), task.records / f"{task.index}.json")
    assert state.winners is not None
    return Outcome(task.index, task.seats, state.totals, state.winners,
                   tuple(tuple(times) for times in timings))


def run_games(
    seats: Sequence[str], games: int, *, seed: int, rules: Rules, jobs: int = 1,
    records: Path | None = None,
) -> list[Outcome]:
    """Play ``games`` games, ``jobs`` at a time; the outcomes come back in game order."""
    for name in dict.fromkeys(seats):
        make_bot(name)
    if rules.players != len(seats):
        raise ValueError(f"{len(seats)} seats given, but the rules are for {rules.players}")
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    tasks = [_Task(index, seating(seats, index), rules, seed, records) for index in range(games)]
    if jobs <= 1 or games <= 1:
        return [_play(task) for task in tasks]
    with multiprocessing.Pool(min(jobs, games)) as pool:
        return pool.map(_play, tasks, chunksize=max(1, games // (jobs * 8)))


def wilson(wins: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    >>> wilson(45, 100)
    (0.3561, 0.5476)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = wins / trials
    scale = 1 + z * z / trials
    center = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return (round(max(0.0, center - half), 4), round(min(1.0, center + half), 4))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0..1) of ``values``; 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summarize(outcomes: Sequence[Outcome], seconds: float, seed: int) -> dict[str, Any]:
    """The output object of INTERFACES.md §4 (plus the master ``seed``)."""
    names = list(dict.fromkeys(name for outcome in outcomes for name in outcome.seats))
    bots: dict[str, Any] = {}
    for name in names:
        seats = wins = total = 0
        times: list[float] = []
        for outcome in outcomes:
            for seat, bot in enumerate(outcome.seats):
                if bot == name:
                    seats += 1
                    wins += seat in outcome.winners
                    total += outcome.totals[seat]
                    times.extend(outcome.decision_ms[seat])
        low, high = wilson(wins, seats)
        bots[name] = {
            "seats": seats, "wins": wins, "win_rate": round(wins / seats, 4),
            "win_rate_ci95": [low, high], "mean_total": round(total / seats, 2),
            "decision_ms_p50": round(percentile(times, 0.50), 4),
            "decision_ms_p95": round(percentile(times, 0.95), 4),
        }
    return {
        "games": len(outcomes), "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 3) if seconds > 0 else None,
        "seed": seed, "bots": bots,
    }


def simulate(
    seats: Sequence[str], games: int, *, seed: int, rules: Rules, jobs: int = 1,
    records: Path | None = None,
) -> dict[str, Any]:
    """Play the games and return their statistics (INTERFACES.md §4)."""
    start = time.perf_counter()
    outcomes = run_games(seats, games, seed=seed, rules=rules, jobs=jobs, records=records)
    return summarize(outcomes, time.perf_counter() - start, seed)
