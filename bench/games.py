"""Benchmark: complete games per second between bots of one kind (greedy by default), side
by side with OpenSpiel's C++ gin rummy under random play, per round, in one process.

    .venv/bin/python bench/games.py [--runs 5] [--games 10] [--players 4] [--preset standard]
                                    [--bot greedy|random|...] [--no-openspiel]

Each run plays ``--games`` seeded games (the same games in every run and on every
version of the code: the printed hash of every action shows a speed change kept them
identical), then as many OpenSpiel gin rummy hands with random play as take about the same
time. Medians over the runs are printed last, with the ratio of our time per round to
OpenSpiel's time per hand (a hand of gin rummy is its round). OpenSpiel comes with
``pip install 'three-thirteen[bench]'`` (``make bench`` installs it).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from typing import Any

from threethirteen.rules import Rules
from threethirteen.sim import game_seed, play_game


def ours(rules: Rules, games: int, bot: str) -> tuple[float, str]:
    """Seconds per round over ``games`` games, and a hash of all their actions."""
    digest = hashlib.sha256()
    rounds = 0
    start = time.perf_counter()
    for index in range(games):
        state = play_game(rules, [bot] * rules.players, seed=game_seed(0, index))
        rounds += len(state.view(None).results)
        for action in state.history:
            digest.update(str(action).encode())
    return (time.perf_counter() - start) / rounds, digest.hexdigest()[:16]


def openspiel_hands(seconds: float, rng: random.Random) -> float | None:
    """Seconds per hand of OpenSpiel's gin rummy played at random for about ``seconds``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game: Any = pyspiel.load_game("gin_rummy")
    hands = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args()
    rules = Rules.preset(args.preset, players=args.players)
    per_round: list[float] = []
    theirs: list[float] = []
    hashes = set()
    rng = random.Random(0)
    for run in range(args.runs):
        seconds, digest = ours(rules, args.games, args.bot)
        per_round.append(seconds)
        hashes.add(digest)
        line = (f"run {run + 1}: {1 / (seconds * rules.rounds):.2f} games/s, "
                f"{seconds * 1000:.2f} ms a round, actions {digest}")
        if not args.no_openspiel:
            hand = openspiel_hands(seconds * rules.rounds * args.games, rng)
            if hand is not None:
                theirs.append(hand)
                line += f"; OpenSpiel gin rummy {hand * 1000:.2f} ms a hand"
        print(line, flush=True)
    middle = statistics.median(per_round)
    print(f"median: {1 / (middle * rules.rounds):.2f} games/s, {middle * 1000:.2f} ms a round "
          f"({args.players} players, {args.preset}, {args.bot} bots, {args.games} games a run; "
          f"actions {'identical in every run' if len(hashes) == 1 else 'DIFFER'}: "
          f"{', '.join(sorted(hashes))})")
    if theirs:
        hand = statistics.median(theirs)
        print(f"OpenSpiel gin rummy, random play: {1 / hand:.1f} hands/s; "
              f"ratio of time per round, ours / theirs: {middle / hand:.2f}")
    elif not args.no_openspiel:
        print("OpenSpiel is not installed: pip install 'three-thirteen[bench]'")


if __name__ == "__main__":
    main()
