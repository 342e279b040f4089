"""How fast a short round's hand can go out: the solitaire race, solved exactly.

    .venv/bin/python bench/race.py [--cards 3 4]

A seat alone with one standard deck, dealt ``cards`` cards (that rank wild), draws a
card from the rest of the deck every turn and throws one, until what it keeps melds
whole (it goes out). No pile, no opponents, no penalty: the race alone, which is where
``expert``'s lead over ``greedy`` comes from (``bench/outfirst.py``). Every hand is
solved once up to the order of the suits, so the values are exact for three policies:

* ``greedy``: keep what leaves the lowest penalty, as ``greedy`` and the futures'
  own later draws do (``bots.futures``);
* ``one step``: keep what leaves the fewest expected draws when every later draw keeps
  greedily: one step of policy improvement over greedy, what ``expert``'s futures
  estimate by sampling;
* ``optimal``: keep what leaves the fewest expected draws (value iteration);
* ``racer``: ``bench/racer.py``'s keeping by the hand's structure (the fewest cards to
  replace, then the most unseen cards that cut that number, then the lowest penalty).

For each: the expected draws to go out from a random deal, and the chance of going out
first in a race against the greedy policy, each seat with a deck of its own and the
first turn shared out evenly.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter
from collections.abc import Callable, Sequence

from racer import racer_key

from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.solver import deadwood

Key = tuple[tuple[int, ...], ...]  # the ranks held in each suit, the suits in order
SUITS = 4
RANKS = 13
Choice = Callable[[Sequence[int]], int]


def canonical(codes: Sequence[int]) -> Key:
    """The hand up to the order of its suits: each suit's ranks, suits sorted."""
    by_suit: list[list[int]] = [[] for _ in range(SUITS)]
    for code in codes:
        by_suit[code // RANKS].append(code % RANKS)
    return tuple(sorted(tuple(sorted(ranks)) for ranks in by_suit))


def codes_of(key: Key) -> list[int]:
    """One hand with the suits of ``key``."""
    return [suit * RANKS + rank for suit, ranks in enumerate(key) for rank in ranks]


class Race:
    """Every hand of ``cards`` cards up to suit order, with its draws and throws."""

    def __init__(self, cards: int) -> None:
        self.cards = cards
        rules = Rules(players=2)
        wild = Rank(cards)
        index: dict[Key, int] = {}
        weight: list[int] = []  # deals that give each hand
        for combo in itertools.combinations(range(SUITS * RANKS), cards):
            key = canonical(combo)
            found = index.setdefault(key, len(index))
            if found == len(weight):
                weight.append(0)
            weight[found] += 1
        self.keys = list(index)
        self.weight = weight
        self.penalty = [deadwood([Card.from_code(code) for code in codes_of(key)],
                                 wild=wild, rules=rules) for key in self.keys]
        # For each hand, one row per card it can draw: the hands it may keep, or None
        # when one of them melds whole (it goes out).
        self.rows: list[list[tuple[int, ...] | None]] = []
        for key in self.keys:
            hand = codes_of(key)
            row: list[tuple[int, ...] | None] = []
            for card in range(SUITS * RANKS):
                if card in hand:
                    continue
                drawn = [*hand, card]
                kept = tuple(index[canonical([c for c in drawn if c != thrown])]
                             for thrown in drawn)
                row.append(None if any(self.penalty[k] == 0 for k in kept) else kept)
            self.rows.append(row)
        self.greedy = least(self.penalty)  # the lowest penalty (the first of equals)

    def draws(self, choose: Choice | None, tolerance: float = 1e-4) -> list[float]:
        """Expected draws to go out from each hand, keeping by ``choose`` (``None``:
        the fewest expected draws, so the optimal policy)."""
        values = [0.0] * len(self.keys)
        while True:
            new = []
            for row in self.rows:
                total = 0.0
                for kept in row:
                    if kept is not None:
                        total += (min(values[k] for k in kept) if choose is None
                                  else values[choose(kept)])
                new.append(1.0 + total / len(row))
            change = max(abs(a - b) for a, b in zip(values, new, strict=True))
            values = new
            if change < tolerance:
                return values

    def racer_keys(self) -> list[tuple[int, int, int]]:
        """Each hand's key by ``bench/racer.py``'s racer (the cards it cannot see: the rest
        of the deck)."""
        rules, wild = Rules(players=2), Rank(self.cards)
        keys = []
        for key in self.keys:
            codes = codes_of(key)
            hand = [Card.from_code(code) for code in codes]
            rest = Counter(Card.from_code(code) for code in range(SUITS * RANKS)
                           if code not in codes)
            keys.append(racer_key(hand, wild, rules, rest))
        return keys

    def survival(self, choose: Choice, turns: int) -> list[float]:
        """The chance that a random deal has not gone out after each of ``turns`` draws."""
        alive = [1.0] * len(self.keys)
        total = sum(self.weight)
        curve = [1.0]
        for _ in range(turns):
            alive = [sum(alive[choose(kept)] for kept in row if kept is not None) / len(row)
                     for row in self.rows]
            curve.append(sum(w * a for w, a in zip(self.weight, alive, strict=True)) / total)
        return curve

    def dealt(self, values: Sequence[float]) -> float:
        """The mean of ``values`` over random deals."""
        return sum(w * v for w, v in zip(self.weight, values, strict=True)) / sum(self.weight)


def least(values: Sequence[float]) -> Choice:
    """The policy that keeps the hand with the least of ``values``."""
    return lambda kept: min(kept, key=lambda k: (values[k], k))


def first_out(mine: Sequence[float], theirs: Sequence[float]) -> float:
    """The chance of going out first, from the two survival curves, each seat first
    half the time (the curves' tails count as a draw)."""
    ahead = sum((mine[k - 1] - mine[k]) * theirs[k - 1] for k in range(1, len(mine)))
    behind = sum((mine[k - 1] - mine[k]) * theirs[k] for k in range(1, len(mine)))
    return (ahead + behind) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--turns", type=int, default=80, help="survival curves' length")
    options = parser.parse_args()
    print("| cards | hands | policy | expected draws | first out against greedy |")
    print("|---|---|---|---|---|")
    for cards in options.cards:
        start = time.perf_counter()
        race = Race(cards)
        draws = {"greedy": race.draws(race.greedy), "optimal": race.draws(None)}
        policies: dict[str, Choice] = {
            "greedy": race.greedy,
            "one step": least(draws["greedy"]),
            "optimal": least(draws["optimal"]),
            "racer": least(race.racer_keys()),  # type: ignore[arg-type]
        }
        draws["one step"] = race.draws(policies["one step"])
        draws["racer"] = race.draws(policies["racer"])
        curves = {name: race.survival(choose, options.turns)
                  for name, choose in policies.items()}
        for name in policies:
            values = draws[name]
            print(f"| {cards} | {len(race.keys)} | {name} | {race.dealt(values):.2f} | "
                  f"{first_out(curves[name], curves['greedy']):.1%} |", flush=True)
        print(f"({cards} cards: {time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
