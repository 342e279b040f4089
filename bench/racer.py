"""How fast a hand of any size goes out alone with a deck, by sampling, under three ways
of keeping cards.

    .venv/bin/python bench/racer.py --cards 4 5 8 --deals 200 [--policies greedy,one-step,racer]

``bench/race.py`` solves the solitaire race exactly for 3 and 4 cards; this samples it for
any size. A seat is dealt ``cards`` cards (that rank wild) from one shuffled deck, draws
the next card of the deck every turn and throws one (the thrown cards leave the game),
until what it keeps melds whole. The same deals for every policy:

* ``greedy``: keep what leaves the lowest penalty, as ``greedy`` and the futures' own
  later draws do (``bots.futures``);
* ``one-step``: keep what leaves the fewest draws to go out over ``--futures`` sequences
  of ``--depth`` draws from the rest of the deck, every later draw keeping greedily (a
  future that has not gone out counts ``depth + 5``): the futures' estimate of the race
  (``expert`` itself values only the five discards with the lowest penalty, and the
  penalty too);
* ``racer``: keep what leaves the fewest cards to replace (``distance``: the natural
  cards outside the best cover of the hand by partial melds that fit in its size), then
  the most cards of the rest of the deck that would cut that number, then the lowest
  penalty;
* ``racer-lite``: the same, counting as helpful any card of the rest of the deck that is
  wild, shares a rank with a kept card or lies within two ranks of one in its suit.

For each: the mean and median draws to go out, and the chance of going out first against
greedy, each seat with a deck of its own (every deal of the policy against every deal
of greedy, ties shared).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.evaluate import without
from threethirteen.bots.expert import is_out
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import GreedyBot, best_discard, going_out
from threethirteen.bots.tracking import track
from threethirteen.cards import Card, Rank, Suit
from threethirteen.rules import Rules
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View

RULES = Rules(players=2)
CAP = 60  # draws after which a deal counts as not gone out
Natural = tuple[int, Suit | None]  # rank, suit
Keep = Callable[[list[Card], Rank, Sequence[Card], random.Random], Card]
T = TypeVar("T")


def naturals_of(hand: Sequence[Card], wild: Rank) -> tuple[Natural, ...]:
    """The hand's cards that are not of the wild rank, as (rank, suit)."""
    return tuple((int(card.rank), card.suit) for card in hand
                 if card.rank is not None and card.rank != wild)


def groups(cards: Sequence[Natural]) -> dict[int, list[tuple[int, int]]]:
    """Every partial meld among ``cards`` (a bit mask of them and the slots of the meld it
    can grow into: cards of one rank, or of one suit and distinct ranks), by its lowest
    card."""
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[Suit | None, list[int]] = {}
    for index, (rank, suit) in enumerate(cards):
        by_rank.setdefault(rank, []).append(index)
        by_suit.setdefault(suit, []).append(index)
    found: list[tuple[int, int]] = []
    for members in by_rank.values():
        for size in range(1, len(members) + 1):
            for chosen in itertools.combinations(members, size):
                found.append((sum(1 << i for i in chosen), max(3, size)))
    for members in by_suit.values():
        members = sorted(members, key=lambda i: cards[i][0])
        for size in range(2, len(members) + 1):
            for chosen in itertools.combinations(members, size):
                ranks = [cards[i][0] for i in chosen]
                if len(set(ranks)) == size:
                    found.append((sum(1 << i for i in chosen),
                                  max(3, ranks[-1] - ranks[0] + 1)))
    by_low: dict[int, list[tuple[int, int]]] = {}
    for mask, slots in found:
        by_low.setdefault((mask & -mask).bit_length() - 1, []).append((mask, slots))
    return by_low


def covered(cards: tuple[Natural, ...], slots: int) -> int:
    """The most of ``cards`` that disjoint partial melds with at most ``slots`` slots in
    all can hold."""
    by_low = groups(cards)

    @cache
    def best(mask: int, left: int) -> int:
        if mask == 0 or left < 3:
            return 0
        low = (mask & -mask).bit_length() - 1
        value = best(mask & ~(1 << low), left)
        for group, size in by_low.get(low, ()):
            if group & mask == group and size <= left:
                value = max(value, bin(group).count("1") + best(mask & ~group, left - size))
        return value

    return best((1 << len(cards)) - 1, slots)


def distance(hand: Sequence[Card], wild: Rank) -> int:
    """The natural cards outside the best cover of ``hand`` by partial melds."""
    cards = naturals_of(hand, wild)
    return len(cards) - covered(cards, len(hand))


def greedy_keep(hand: list[Card], wild: Rank, rest: Sequence[Card],
                rng: random.Random) -> Card:
    """The card whose loss leaves the lowest penalty."""
    return best_discard(hand, wild, RULES)[1]


def racer_key(kept: Sequence[Card], wild: Rank, rules: Rules,
              unseen: Counter[Card]) -> tuple[int, int, int]:
    """The cards to replace, less the unseen cards that would cut that number, and the
    penalty: lower races better."""
    cards = naturals_of(kept, wild)
    held = covered(cards, len(kept))
    return len(cards) - held, -helping(cards, held, len(kept), wild, unseen), \
        deadwood(kept, wild=wild, rules=rules)


def helping(cards: tuple[Natural, ...], held: int, slots: int, wild: Rank,
            unseen: Counter[Card]) -> int:
    """The unseen cards that would let partial melds hold one more of ``cards``' kind."""
    return sum(count for drawn, count in unseen.items()
               if drawn.rank == wild
               or covered(cards + naturals_of([drawn], wild), slots) > held)


def kept_hands(hand: Sequence[Card]) -> dict[Card, list[Card]]:
    """Each card ``hand`` may throw (by card code) and the hand it leaves."""
    kept: dict[Card, list[Card]] = {}
    for card in sorted(set(hand), key=lambda c: c.code):
        rest = list(hand)
        rest.remove(card)
        kept[card] = rest
    return kept


def fewest_to_replace(kept: dict[T, list[Card]], wild: Rank,
                      unseen: Counter[Card]) -> dict[T, tuple[int, int]]:
    """Of the ``kept`` hands, those that leave the fewest cards to replace, each with that
    number and less the unseen cards that would cut it (those worked out only for the
    hands still tied)."""
    naturals = {key: naturals_of(hand, wild) for key, hand in kept.items()}
    held = {key: covered(naturals[key], len(hand)) for key, hand in kept.items()}
    far = {key: len(naturals[key]) - held[key] for key in kept}
    closest = min(far.values())
    return {key: (far[key], -helping(naturals[key], held[key], len(kept[key]), wild, unseen))
            for key in kept if far[key] == closest}


def racer_choice(hand: Sequence[Card], wild: Rank, rules: Rules,
                 unseen: Counter[Card]) -> tuple[tuple[int, int, int], Card]:
    """The card to throw from ``hand`` by ``racer_key``, and the key it leaves (each part
    worked out only for the cards still tied on the parts before it)."""
    kept = kept_hands(hand)
    race = fewest_to_replace(kept, wild, unseen)
    best = min(race.values())
    keys = {card: (*part, deadwood(kept[card], wild=wild, rules=rules))
            for card, part in race.items() if part == best}
    card = min(keys, key=lambda c: keys[c])  # the lowest code among equals, as before
    return keys[card], card


def racer_keep(hand: list[Card], wild: Rank, rest: Sequence[Card],
               rng: random.Random) -> Card:
    """The card whose loss leaves the fewest cards to replace, then the most cards of
    ``rest`` that would cut that number, then the lowest penalty."""
    return racer_choice(hand, wild, RULES, Counter(rest))[1]


class RacerBot(GreedyBot):
    """Plays the racer's keeping in a real game: takes the top card when keeping it races
    better by ``racer_key``, throws the card the racer throws, goes out whenever it can
    (greedy's way); the unseen cards are those the seat cannot see."""

    name = "racer"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The racer's action for ``view``."""
        assert view.seat is not None and view.hand is not None and view.wild is not None
        unseen = track(view).unseen
        if view.phase is Phase.DRAW:
            top = view.top
            if top is None or Draw(view.seat, Source.DISCARD) not in view.legal:
                return Draw(view.seat, Source.STOCK)
            if best_discard([*view.hand, top], view.wild, view.rules)[0] == 0:
                return Draw(view.seat, Source.DISCARD)
            now = racer_key(view.hand, view.wild, view.rules, unseen)
            taken, _ = racer_choice([*view.hand, top], view.wild, view.rules, unseen)
            return Draw(view.seat, Source.DISCARD if taken < now else Source.STOCK)
        out = going_out(view)
        if out is not None:
            return out
        return Discard(view.seat, racer_choice(view.hand, view.wild, view.rules, unseen)[1])


# The racer's key among the futures bot's near-best options: its settings tried.
RACER_TIES: dict[str, dict[str, Any]] = {
    "racer-tie-1.5": {"tolerance": 1.5},
    "racer-tie-4": {"tolerance": 4.0},
    "racer-tie-1.5-discards": {"tolerance": 1.5, "draws": False},
}


class RacerTieBot(FuturesBot):
    """``expert`` (the futures bot) with the racer's key among its near-best options:
    of the options the futures value within ``tolerance`` points of the best, it plays
    the one that keeps the fewest cards to replace, then the most unseen cards that cut
    that number, then the futures' value. Going out and the final turn are the
    futures bot's."""

    def __init__(self, *, tolerance: float = 1.5, draws: bool = True, **settings: Any) -> None:
        super().__init__(**settings)
        self.tolerance = tolerance
        self.draws = draws

    def choose(self, view: View, rng: random.Random) -> Action:
        """The futures bot's action, or a near-best one that races better."""
        options = self.explain(view, rng, every_option=False)
        if view.out is not None or is_out(options[0].action) or (
                view.phase is Phase.DRAW and not self.draws):
            return options[0].action
        assert view.hand is not None and view.wild is not None
        best = options[0].expected
        near = [option for option in options if option.expected <= best + self.tolerance]
        if len(near) < 2:
            return options[0].action
        unseen = track(view).unseen
        kept: dict[Action, list[Card]] = {}
        for option in near:
            action = option.action
            if isinstance(action, Discard):
                kept[action] = without(view.hand, action.card)
            elif isinstance(action, Draw) and action.source is Source.DISCARD:
                assert view.top is not None
                drawn = [*view.hand, view.top]
                kept[action] = without(
                    drawn, racer_choice(drawn, view.wild, view.rules, unseen)[1])
            else:
                kept[action] = list(view.hand)
        race = fewest_to_replace(kept, view.wild, unseen)
        return min((option for option in near if option.action in race),
                   key=lambda option: (race[option.action][1], option.expected)).action


def racer_lite_keep(hand: list[Card], wild: Rank, rest: Sequence[Card],
                    rng: random.Random) -> Card:
    """As ``racer_keep``, counting as helpful the cards of ``rest`` that are wild or share
    a rank with a kept natural card or lie within two ranks of one in its suit."""
    def key(kept: list[Card]) -> tuple[int, int, int]:
        cards = naturals_of(kept, wild)
        ranks = {rank for rank, _ in cards}
        near = {(rank + step, suit) for rank, suit in cards for step in (-2, -1, 1, 2)}
        near_cards = sum(1 for drawn in rest if drawn.rank == wild
                         or int(drawn.rank or 0) in ranks
                         or (int(drawn.rank or 0), drawn.suit) in near)
        return (len(cards) - covered(cards, len(kept)), -near_cards,
                deadwood(kept, wild=wild, rules=RULES))
    return least_by(hand, key)


def least_by(hand: Sequence[Card], key: Callable[[list[Card]], tuple[float, ...]]) -> Card:
    """The card whose loss leaves the hand with the least ``key``, the lowest card code
    among equals."""
    return min(kept_hands(hand).items(), key=lambda item: key(item[1]))[0]


def one_step(futures: int, depth: int) -> Keep:
    """The keep that leaves the fewest draws over sampled futures of greedy keeping."""
    def keep(hand: list[Card], wild: Rank, rest: Sequence[Card], rng: random.Random) -> Card:
        pool = sorted(rest, key=lambda card: card.code)
        draws = [rng.sample(pool, min(depth, len(pool))) for _ in range(futures)]
        return least_by(hand, lambda kept: (
            sum(to_out(kept, future, wild, greedy_keep, rng) for future in draws) / futures,
            deadwood(kept, wild=wild, rules=RULES)))
    return keep


def to_out(hand: list[Card], draws: Sequence[Card], wild: Rank, keep: Keep,
           rng: random.Random, cap: int | None = None) -> int:
    """Draws until ``hand`` goes out drawing ``draws`` in order and keeping by ``keep``
    (``len(draws) + 5`` if it does not)."""
    held = list(hand)
    for step, card in enumerate(draws[:cap]):
        drawn = [*held, card]
        if best_discard(drawn, wild, RULES)[0] == 0:
            return step + 1
        drawn.remove(keep(drawn, wild, draws[step + 1:], rng))
        held = drawn
    return len(draws[:cap]) + 5


def deal(cards: int, seed: int) -> tuple[list[Card], list[Card]]:
    """A hand of ``cards`` cards and the rest of a shuffled deck."""
    deck = [Card.from_code(code) for code in range(52)]
    random.Random(seed).shuffle(deck)
    return deck[:cards], deck[cards:]


def first_against(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """The chance of going out in fewer draws than the other seat, ties shared."""
    wins = sum((m < t) + 0.5 * (m == t) for m in mine for t in theirs)
    return wins / (len(mine) * len(theirs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[4, 5, 8])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--policies", default="greedy,one-step,racer")
    parser.add_argument("--futures", type=int, default=32)
    parser.add_argument("--depth", type=int, default=10)
    options = parser.parse_args()
    policies: dict[str, Keep] = {"greedy": greedy_keep, "racer": racer_keep,
                                 "racer-lite": racer_lite_keep,
                                 "one-step": one_step(options.futures, options.depth)}
    print("| cards | policy | mean draws | median | first out against greedy | seconds |")
    print("|---|---|---|---|---|---|")
    for cards in options.cards:
        wild = Rank(cards)
        results: dict[str, list[int]] = {}
        for name in ["greedy", *(p for p in options.policies.split(",") if p != "greedy")]:
            started = time.process_time()
            results[name] = [
                to_out(*deal(cards, seed), wild, policies[name], random.Random(seed), cap=CAP)
                for seed in range(options.deals)]
            print(f"| {cards} | {name} | {statistics.mean(results[name]):.2f} | "
                  f"{statistics.median(results[name]):g} | "
                  f"{100 * first_against(results[name], results['greedy']):.1f}% | "
                  f"{time.process_time() - started:.0f} |", flush=True)


if __name__ == "__main__":
    main()
