"""Measure how likely a player is to go out on a turn, by round and turns taken.

The expert bot's ``HAZARD`` table comes from this (``bots/expert.py``). Run:
``.venv/bin/python bench/hazard.py --games 150 --bot greedy [--players 4]``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from threethirteen.actions import Discard
from threethirteen.bots.registry import make_bot
from threethirteen.game import GameState
from threethirteen.rules import Rules


def measure(games: int, bot_name: str, seed: int,
            players: int = 4) -> dict[tuple[int, int], list[int]]:
    """(hand size, turns taken) -> [turns seen, turns that went out]."""
    stats: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    bot = make_bot(bot_name)
    for game in range(games):
        state = GameState(Rules(players=players), seed=seed + game)
        rng = random.Random(seed + game)
        turns: Counter[int] = Counter()
        current_round = 0
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if view.round_number != current_round:
                current_round, turns = view.round_number, Counter()
            action = bot.choose(view, rng)
            if isinstance(action, Discard) and view.out is None and view.hand is not None:
                cell = stats[(len(view.hand) - 1, turns[seat])]
                cell[0] += 1
                cell[1] += action.out
                turns[seat] += 1
            state.apply(action)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    stats = measure(args.games, args.bot, args.seed, args.players)
    print("hand size | chance of going out on turn 1, 2, 3, ... (-- : under 20 turns seen)")
    for size in range(3, 14):
        cells = []
        for taken in range(12):
            seen, out = stats.get((size, taken), (0, 0))
            cells.append(f"{out / seen:.2f}" if seen >= 20 else " -- ")
        print(f"{size:>9} | {' '.join(cells)}")
    overall: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for (size, taken), (seen, out) in stats.items():
        if size > 3:
            overall[taken][0] += seen
            overall[taken][1] += out
    print("all rounds after the first, by turn:",
          " ".join(f"{out / seen:.2f}" for taken, (seen, out) in sorted(overall.items())
                   if seen >= 20))


if __name__ == "__main__":
    main()
