"""Games between bots, and tournaments with statistics (INTERFACES.md §4).

Game ``n`` of a simulation with seed ``s`` is dealt by ``game_seed(s, n)``; each bot's own
``random.Random`` is seeded from that game seed and its seat. Seats rotate by one each
game, so with a number of games that is a multiple of the seats, every bot sits in every
seat equally often. Nothing depends on how the games are spread over processes.

Speed mode (``mode`` speed) is played by ``play_speed_game``: at each step of a call,
every seat still to act answers from its own ``SpeedView`` (all views taken before any
answer is applied, so the step is simultaneous), and the caller's timeout
(``SpeedGame.tick``) plays for a seat that gives no answer.

>>> state = play_game(Rules(players=2, rounds=2), ["random", "random"], seed=4)
>>> state.is_over, len(state.round_logs())
(True, 2)
>>> game = play_speed_game(Rules.preset("speed", players=3, rounds=2, decks=1),
...                        ["greedy", "easy", "random"], seed=4)
>>> game.is_over, len(game.rounds())
(True, 2)
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from threethirteen.bots import Bot, make_bot
from threethirteen.bots.speedplay import SpeedPlayer, speed_player
from threethirteen.errors import InputError
from threethirteen.files import write_atomic
from threethirteen.game import GameState
from threethirteen.record import dumps_record, game_record
from threethirteen.rules import Mode, Rules
from threethirteen.speed import SpeedGame
from threethirteen.speedrecord import speed_record


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
    state = GameState(rules, seed=seed, names=[bot.name for bot in players])
    return play_on(state, players, seed=seed, timings=timings)


def play_on(state: GameState, players: Sequence[Bot], *, seed: int,
            timings: list[list[float]] | None = None) -> GameState:
    """Play ``state`` to the game's end with ``players`` (by seat), as ``play_game`` does:
    each bot receives only its seat's view and random numbers derived from ``seed``."""
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


def play_speed_game(
    rules: Rules,
    bots: Sequence[str | SpeedPlayer],
    *,
    seed: int,
    timings: list[list[float]] | None = None,
) -> SpeedGame:
    """Play a whole speed game between ``bots`` (level names or speed players, by seat).

    At each step every waiting seat receives only its own view, all taken before any
    answer is applied; the answers are then applied in seat order (their order never
    changes the game). A seat that answers ``None`` is left to the caller's timeout
    (``tick``). An answer for another seat is refused. ``timings`` as ``play_game``.
    """
    players = [speed_player(bot) if isinstance(bot, str) else bot for bot in bots]
    if len(players) != rules.players:
        raise ValueError(f"{len(players)} bots for {rules.players} players")
    game = SpeedGame(rules, seed=seed, names=[player.name for player in players])
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(len(players))]
    while not game.is_over:
        views = [game.view(seat) for seat in game.waiting]
        answers = []
        for view in views:
            seat = view.seat
            assert seat is not None
            start = time.perf_counter()
            action = players[seat].choose_speed(view, rngs[seat])
            if timings is not None:
                timings[seat].append((time.perf_counter() - start) * 1000.0)
            if action is not None:
                if action.seat != seat:
                    raise ValueError(f"{players[seat].name} at seat {seat} answered for "
                                     f"seat {action.seat}: {action}")
                answers.append(action)
        for action in answers:
            game.apply(action)
        if len(answers) < len(views):
            game.tick()  # the caller's timeout for the seats that did not answer
    return game


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


MAX_GAMES = 1_000_000  # games in one simulation
MAX_JOBS = 64  # worker processes, and at most 4 per CPU (``max_jobs``)


def max_jobs() -> int:
    """The most worker processes a simulation may use on this machine."""
    return min(MAX_JOBS, 4 * (os.cpu_count() or 1))


def _play(task: _Task) -> Outcome:
    timings: list[list[float]] = [[] for _ in task.seats]
    seed = game_seed(task.seed, task.index)
    state: GameState | SpeedGame
    try:
        if task.rules.mode is Mode.SPEED:
            state = play_speed_game(task.rules, task.seats, seed=seed, timings=timings)
        else:
            state = play_game(task.rules, task.seats, seed=seed, timings=timings)
    except Exception as error:
        raise RuntimeError(f"game {task.index} (seed {seed}) failed: {error}") from error
    if task.records is not None:
        record = speed_record(state) if isinstance(state, SpeedGame) else game_record(state)
        write_atomic(task.records / f"{task.index}.json", dumps_record(record))
    assert state.winners is not None
    return Outcome(task.index, task.seats, state.totals, state.winners,
                   tuple(tuple(times) for times in timings))


def check_run(seats: Sequence[str], games: int, *, rules: Rules, jobs: int,
              records: Path | None) -> None:
    """Refuse, before any game is played, what a simulation cannot do: unknown bots,
    seats that do not match the rules, counts out of range, a records folder that
    cannot be created or written (``InputError`` naming the option)."""
    check_bot = speed_player if rules.mode is Mode.SPEED else make_bot
    for name in dict.fromkeys(seats):
        check_bot(name)
    if rules.players != len(seats):
        raise ValueError(f"{len(seats)} seats given, but the rules are for {rules.players}")
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"play 1 to {MAX_GAMES:,} games, not {games}", "--games")
    if not 1 <= jobs <= max_jobs():
        raise InputError(f"use 1 to {max_jobs()} worker processes on this machine "
                         f"(4 per CPU, at most {MAX_JOBS}), not {jobs}", "--jobs")
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
            probe = write_atomic(records / ".write-test", "")
            probe.unlink()
        except OSError as error:
            raise InputError(f"cannot write game records there ({error.strerror or error})",
                             f"--records {records}") from None


def iter_games(
    seats: Sequence[str], games: int, *, seed: int, rules: Rules, jobs: int = 1,
    records: Path | None = None,
) -> Iterator[Outcome]:
    """Play ``games`` games, ``jobs`` at a time, yielding outcomes in game order as they
    come: tasks are made one by one, so memory does not grow with ``games``."""
    check_run(seats, games, rules=rules, jobs=jobs, records=records)
    tasks = (_Task(index, seating(seats, index), rules, seed, records)
             for index in range(games))
    if jobs <= 1 or games <= 1:
        yield from map(_play, tasks)
        return
    with multiprocessing.Pool(min(jobs, games)) as pool:
        yield from pool.imap(_play, tasks, chunksize=max(1, min(64, games // (jobs * 8))))


def run_games(
    seats: Sequence[str], games: int, *, seed: int, rules: Rules, jobs: int = 1,
    records: Path | None = None,
) -> list[Outcome]:
    """Play ``games`` games, ``jobs`` at a time; the outcomes come back in game order."""
    return list(iter_games(seats, games, seed=seed, rules=rules, jobs=jobs, records=records))


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


class Tally:
    """Statistics of outcomes added one at a time, in memory that does not grow with the
    number of games: decision times are counted by their value rounded to 4 decimals (as
    printed), so the percentiles are those of every time, exactly."""

    def __init__(self) -> None:
        self.games = 0
        self.bots: dict[str, _BotTally] = {}

    def add(self, outcome: Outcome) -> None:
        """Count one game."""
        self.games += 1
        for seat, name in enumerate(outcome.seats):
            bot = self.bots.get(name)
            if bot is None:
                bot = self.bots[name] = _BotTally()
            bot.seats += 1
            bot.wins += seat in outcome.winners
            bot.total += outcome.totals[seat]
            bot.times.update(round(ms, 4) for ms in outcome.decision_ms[seat])

    def summary(self, seconds: float, seed: int) -> dict[str, Any]:
        """The output object of INTERFACES.md §4 (plus the master ``seed``)."""
        bots: dict[str, Any] = {}
        for name, bot in self.bots.items():
            low, high = wilson(bot.wins, bot.seats)
            bots[name] = {
                "seats": bot.seats, "wins": bot.wins, "win_rate": round(bot.wins / bot.seats, 4),
                "win_rate_ci95": [low, high], "mean_total": round(bot.total / bot.seats, 2),
                "decision_ms_p50": counted_percentile(bot.times, 0.50),
                "decision_ms_p95": counted_percentile(bot.times, 0.95),
            }
        return {
            "games": self.games, "seconds": round(seconds, 3),
            "games_per_second": round(self.games / seconds, 3) if seconds > 0 else None,
            "seed": seed, "bots": bots,
        }


@dataclass
class _BotTally:
    seats: int = 0
    wins: int = 0
    total: int = 0
    times: Counter[float] = field(default_factory=Counter)


def counted_percentile(counts: Counter[float], share: float) -> float:
    """``percentile`` of the values that ``counts`` counts.

    >>> counted_percentile(Counter({1.0: 3, 2.0: 1}), 0.95)
    2.0
    """
    total = sum(counts.values())
    if not total:
        return 0.0
    rank = max(1, math.ceil(share * total))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return value
    return max(counts)  # pragma: no cover - the loop reaches the rank


def summarize(outcomes: Iterable[Outcome], seconds: float, seed: int) -> dict[str, Any]:
    """The output object of INTERFACES.md §4 (plus the master ``seed``)."""
    tally = Tally()
    for outcome in outcomes:
        tally.add(outcome)
    return tally.summary(seconds, seed)


def simulate(
    seats: Sequence[str], games: int, *, seed: int, rules: Rules, jobs: int = 1,
    records: Path | None = None,
) -> dict[str, Any]:
    """Play the games and return their statistics (INTERFACES.md §4)."""
    start = time.perf_counter()
    tally = Tally()
    for outcome in iter_games(seats, games, seed=seed, rules=rules, jobs=jobs, records=records):
        tally.add(outcome)
    return tally.summary(time.perf_counter() - start, seed)
