"""Benchmark of the hand solver: medians, tails and a side-by-side with OpenSpiel.

Run: ``make bench`` (or ``.venv/bin/python bench/solver.py [--hands N] [--seed S]``).

Every timed hand is solved once. The solver's only caches hold single suits' run
solutions; they are warmed on a separate set of random hands first (as in a running
game or simulation), and the cold figures of a fresh process are printed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from threethirteen import Hand, Rules, arrange, deadwood, go_out_discards, pack
from threethirteen.cards import Card

Timed = Callable[[Hand], object]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def time_each(hands: Sequence[Hand], solve: Timed) -> list[float]:
    """Microseconds taken by ``solve`` on each hand, each hand once."""
    spent = []
    clock = time.perf_counter_ns
    for hand in hands:
        started = clock()
        solve(hand)
        spent.append((clock() - started) / 1000)
    return spent


def report(label: str, spent: Sequence[float], target: str = "", runs: int = 1) -> None:
    """Median, p99 and max of ``spent``; with ``runs``, each run's median too (noise)."""
    print(
        f"  {label:<44} median {statistics.median(spent):8.1f} us   "
        f"p99 {percentile(spent, 0.99):8.1f} us   max {max(spent):9.1f} us  {target}"
    )
    if runs > 1:
        size = len(spent) // runs
        medians = [statistics.median(spent[i * size:(i + 1) * size]) for i in range(runs)]
        print(f"  {'':<44} medians of {runs} runs of {size} fresh hands: "
              + " ".join(f"{m:.1f}" for m in medians))


def random_hands(rng: random.Random, cards: Sequence[Card], size: int, count: int) -> list[Hand]:
    return [Hand(rng.sample(cards, size)) for _ in range(count)]


def thirteen_card_hands(count: int, seed: int) -> None:
    rules = Rules()
    two_decks = pack(2)
    rng = random.Random(seed)
    print(f"13-card hands from two decks, kings wild, standard rules ({count} timed hands)")
    cold = random_hands(rng, two_decks, 13, 2000)
    report("arrange, fresh process (first 2000 hands)",
           time_each(cold, lambda h: arrange(h, wild=13, rules=rules)))
    for hand in random_hands(rng, two_decks, 13, 20000):  # warm the suit caches
        arrange(hand, wild=13, rules=rules)
    for hand in random_hands(rng, two_decks, 14, 5000):
        go_out_discards(hand, wild=13, rules=rules)
    timed = random_hands(rng, two_decks, 13, count)
    report("arrange (penalty + arrangement), warm", time_each(
        timed, lambda h: arrange(h, wild=13, rules=rules)), "target: median <= 50, p99 <= 1000",
        runs=5)
    timed = random_hands(rng, two_decks, 13, count)
    report("deadwood (penalty only), warm",
           time_each(timed, lambda h: deadwood(h, wild=13, rules=rules)))
    fourteen = random_hands(rng, two_decks, 14, count)
    report("go_out_discards, 14 cards, warm", time_each(
        fourteen, lambda h: go_out_discards(h, wild=13, rules=rules)), "target: median <= 200")


def five_suit_hands(count: int, seed: int) -> None:
    """The five-suit preset (two 55-card decks and 6 jokers) and a round with no wild
    rank (two standard decks, 4 jokers): the same targets as standard hands."""
    rng = random.Random(seed + 3)
    five = Rules.preset("five-suit")
    five_pack = pack(2, 6, "five-suit")
    print(f"13-card hands from the five-suit pack with 6 jokers, kings wild ({count} timed hands)")
    cold = random_hands(rng, five_pack, 13, 2000)
    report("arrange, fresh process (first 2000 hands)",
           time_each(cold, lambda h: arrange(h, wild=13, rules=five)))
    for hand in random_hands(rng, five_pack, 13, 20000):  # warm the suit caches
        arrange(hand, wild=13, rules=five)
    for hand in random_hands(rng, five_pack, 14, 5000):
        go_out_discards(hand, wild=13, rules=five)
    timed = random_hands(rng, five_pack, 13, count)
    report("arrange (penalty + arrangement), warm", time_each(
        timed, lambda h: arrange(h, wild=13, rules=five)), "target: median <= 50, p99 <= 1000",
        runs=5)
    fourteen = random_hands(rng, five_pack, 14, count)
    report("go_out_discards, 14 cards, warm", time_each(
        fourteen, lambda h: go_out_discards(h, wild=13, rules=five)), "target: median <= 200")
    none = Rules(jokers=4, decks=2, rounds=12)
    jokers_pack = pack(2, 4)
    print(f"14-card hands, no wild rank (round 12), two decks and 4 jokers ({count} timed hands)")
    for hand in random_hands(rng, jokers_pack, 14, 20000):
        arrange(hand, wild=None, rules=none)
    timed = random_hands(rng, jokers_pack, 14, count)
    report("arrange (penalty + arrangement), warm", time_each(
        timed, lambda h: arrange(h, wild=None, rules=none)), "target: median <= 50, p99 <= 1000")
    fifteen = random_hands(rng, jokers_pack, 15, count)
    report("go_out_discards, 15 cards, warm", time_each(
        fifteen, lambda h: go_out_discards(h, wild=None, rules=none)), "target: median <= 200")


def wild_rank_heavy_hands(count: int, seed: int) -> None:
    """The worst hands found for the solver: many cards of the wild rank under a limit on
    wilds per meld, where reading each copy as natural or wild used to explode (issue 11:
    12 kings single-wild from 3 decks took 0.9 s). Each hand solved once, fresh."""
    rng = random.Random(seed + 7)
    cases = [
        ("single-wild, 3 decks, 8-12 kings of 13-14 cards", Rules.preset("single-wild", decks=3),
         13, 3),
        ("max 1 wild, wrap, 4 decks, 9-14 of the wild rank", Rules(decks=4,
         max_wilds_per_meld=1, ace="wrap"), 7, 4),
        ("natural melds, max 2 wilds, 8 decks, 2 jokers", Rules(decks=8, jokers=2,
         max_wilds_per_meld=2, all_wild_melds=False), 10, 8),
    ]
    print(f"wild-rank-heavy hands ({count} per case, arrange + go_out_discards, each fresh)")
    for label, rules, wild, decks in cases:
        copies = [card for card in pack(decks, rules.jokers) if card.rank in (wild, None)]
        near = [card for card in pack(decks) if card.rank is not None
                and card.rank != wild and abs(card.rank - wild) <= 2]
        hands = []
        for _ in range(count):
            size = rng.choice((13, 14))
            heavy = rng.sample(copies, rng.randint(8, min(size, 12)))
            hands.append(Hand(heavy + rng.sample(near, size - len(heavy))))
        spent = time_each(hands, lambda h, r=rules, w=wild: (
            arrange(h, wild=w, rules=r), go_out_discards(h, wild=w, rules=r)))
        report(label, spent, "target: max <= 1,000,000 (1 s)")


def openspiel_side_by_side(count: int, seed: int) -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel: not installed (pip install open-spiel); comparison skipped")
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rules = Rules()
    wild = 10
    deck = [card for card in pack(1) if card.rank != wild]
    rng = random.Random(seed + 1)
    hands = random_hands(rng, deck, 10, count)
    their_suit = {"c": 1, "d": 2, "h": 3, "s": 0}
    ids = [
        [their_suit[str(card.suit)] * 13 + int(card.rank or 0) - 1 for card in hand]
        for hand in hands
    ]
    for hand in random_hands(rng, deck, 10, 20000):  # warm our suit caches on other hands
        deadwood(hand, wild=wild, rules=rules)
    ours: list[float] = []
    theirs: list[float] = []
    clock = time.perf_counter_ns
    mismatches = 0
    for hand, hand_ids in zip(hands, ids, strict=True):
        started = clock()
        mine = deadwood(hand, wild=wild, rules=rules)
        middle = clock()
        other = utils.min_deadwood(hand_ids)
        ended = clock()
        ours.append((middle - started) / 1000)
        theirs.append((ended - middle) / 1000)
        mismatches += mine != other
    print(f"10-card one-deck hands, no card of the wild rank ({count} hands, each timed once)")
    report("three-thirteen deadwood", ours)
    report("OpenSpiel GinRummyUtils.min_deadwood (C++)", theirs)
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"  answers identical: {count - mismatches}/{count}   "
          f"median ratio ours/theirs: {ratio:.2f}  (target: <= 15)")
    if mismatches:
        sys.exit("OpenSpiel disagrees on some hands")


def calibration() -> float:
    """Milliseconds a fixed pure-Python loop takes now: the machine's current speed."""
    started = time.perf_counter()
    total = 0
    for number in range(1_000_000):
        total += number * number % 7
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="timed hands per measure")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--worst-only", action="store_true",
                        help="only the wild-rank-heavy hands")
    parser.add_argument("--standard-only", action="store_true",
                        help="only the standard 13-card hands (as before the five-suit pack)")
    parser.add_argument("--five-suit-only", action="store_true",
                        help="only the five-suit and no-wild-rank hands")
    args = parser.parse_args()
    if args.worst_only:
        wild_rank_heavy_hands(max(200, args.hands // 20), args.seed)
        return
    if args.standard_only or args.five_suit_only:
        (thirteen_card_hands if args.standard_only else five_suit_hands)(args.hands, args.seed)
        return
    before = calibration()
    thirteen_card_hands(args.hands, args.seed)
    five_suit_hands(args.hands, args.seed)
    wild_rank_heavy_hands(max(200, args.hands // 20), args.seed)
    openspiel_side_by_side(args.hands, args.seed)
    print(f"machine speed: a fixed pure-Python loop took {before:.0f} ms before and "
          f"{calibration():.0f} ms after (lower is faster; this VM has drifted by up to 2x)")


if __name__ == "__main__":
    main()
