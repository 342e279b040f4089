"""An independent, deliberately naive brute-force hand solver, written from RULES.md.

It shares nothing with ``threethirteen.solver``, ``threethirteen.melds`` or
``threethirteen.scoring``: only the ``Card`` values and the ``Rules`` options are read.

* ``meld_ok``: tries every reading of the wild-rank cards (natural or wild; jokers are
  always wild) and accepts the meld when one reading is a set or a run that respects
  ``all_wild_melds`` and ``max_wilds_per_meld``. A run is checked by listing every window
  of consecutive places the ace option allows and asking whether the natural ranks fit.
* ``best``: every partition of the hand into melds plus unmelded cards, by taking the
  first remaining card and trying it unmelded or in each meld drawn from the rest
  (memoised on the remaining multiset). The result is the least total weight left.

The ``five-suit`` pack (RULES.md): a fifth suit, stars; runs lie within 3 to K (at most
11 cards) whatever ``ace`` says. A wild rank of None: no rank is wild, only jokers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product

from threethirteen.cards import Card
from threethirteen.rules import Rules

# A card is encoded here as an int: rank * 5 + suit (suit 0..4 for c d h s x), joker 99.
JOKER_KEY = 99
SUIT_LETTERS = "cdhsx"
NO_WILD = 0  # the wild "rank" of a round where no rank is wild


def key_of(card: Card) -> int:
    """This module's own number for ``card``."""
    if card.rank is None or card.suit is None:
        return JOKER_KEY
    return int(card.rank) * 5 + SUIT_LETTERS.index(card.suit.value)


def rank_of(key: int) -> int:
    return key // 5


def suit_of(key: int) -> int:
    return key % 5


def _wild(wild: int | None) -> int:
    return NO_WILD if wild is None else int(wild)


def _ace(rules: Rules) -> str:
    """The ace option, or "five" for the five-suit pack, where runs lie within 3 to K."""
    return "five" if rules.pack.value == "five-suit" else rules.ace.value


# -- points (RULES.md, Scoring) -------------------------------------------------------


def points(card: Card, wild: int | None, rules: Rules) -> int:
    """Penalty of one unmelded card, straight from the Scoring table of RULES.md."""
    return _points(key_of(card), _wild(wild), rules)


def _points(key: int, wild: int, rules: Rules) -> int:
    if key == JOKER_KEY:
        return rules.joker_penalty
    rank = rank_of(key)
    if rank == wild and rules.wild_penalty is not None:
        return rules.wild_penalty
    if rank == 1:
        return 1 if rules.ace.value == "low" else 15
    if rank <= 10:
        return rank
    return rank if rules.face_values.value == "rank" else 10


# -- meld validity (RULES.md, Melds) --------------------------------------------------


def _windows(size: int, ace: str) -> list[frozenset[int]]:
    """The rank sets of every run of ``size`` consecutive places allowed by ``ace``."""
    if ace == "wrap":
        return [
            frozenset((start - 1 + step) % 13 + 1 for step in range(size))
            for start in range(1, 14)
        ]
    first, last = {"low": (1, 13), "high": (2, 14), "both": (1, 14), "five": (3, 13)}[ace]
    windows = []
    for start in range(first, last - size + 2):
        places = range(start, start + size)
        windows.append(frozenset(1 if place == 14 else place for place in places))
    return windows


def _is_set(naturals: Sequence[int]) -> bool:
    return len({rank_of(key) for key in naturals}) <= 1


def _is_run(naturals: Sequence[int], size: int, ace: str) -> bool:
    if size > (11 if ace == "five" else 13):
        return False
    if len({suit_of(key) for key in naturals}) > 1:
        return False
    ranks = [rank_of(key) for key in naturals]
    if len(set(ranks)) != len(ranks):
        return False
    return any(set(ranks) <= window for window in _windows(size, ace))


@lru_cache(maxsize=1 << 18)
def _meld_ok(
    keys: tuple[int, ...], wild: int, ace: str, all_wild: bool, limit: int | None
) -> bool:
    if len(keys) < 3:
        return False
    always_natural = [k for k in keys if k != JOKER_KEY and rank_of(k) != wild]
    either = [k for k in keys if k != JOKER_KEY and rank_of(k) == wild]
    for flags in product((True, False), repeat=len(either)):
        naturals = always_natural + [k for k, natural in zip(either, flags, strict=True) if natural]
        wilds = len(keys) - len(naturals)
        if not all_wild and not naturals:
            continue
        if limit is not None and wilds > limit:
            continue
        if _is_set(naturals) or _is_run(naturals, len(keys), ace):
            return True
    return False


def meld_ok(cards: Iterable[Card], wild: int | None, rules: Rules) -> bool:
    """True when ``cards`` can be read as one valid meld."""
    keys = tuple(sorted(key_of(card) for card in cards))
    return _meld_ok(
        keys, _wild(wild), _ace(rules), rules.all_wild_melds, rules.max_wilds_per_meld
    )


# -- exhaustive partition search ------------------------------------------------------


# Memos of the partition search, one per (wild rank, meld options, weights); the best
# value of a multiset of cards does not depend on the hand it was taken from.
_MEMOS: dict[tuple[object, ...], dict[tuple[int, ...], int]] = {}
_MEMO_LIMIT = 1 << 20


def _best(cards: Iterable[Card], wild: int | None, rules: Rules, count_only: bool) -> int:
    """Least total weight of the unmelded cards over every partition of ``cards``.

    A card weighs its points (RULES.md, Scoring), or 1 each with ``count_only``.
    """
    wild = _wild(wild)
    ace, all_wild, limit = _ace(rules), rules.all_wild_melds, rules.max_wilds_per_meld
    weigh = {JOKER_KEY: 1 if count_only else _points(JOKER_KEY, wild, rules)}
    for rank in range(1, 14):
        for suit in range(5):
            key = rank * 5 + suit
            weigh[key] = 1 if count_only else _points(key, wild, rules)
    signature = (wild, ace, all_wild, limit, tuple(sorted(weigh.items())))
    if sum(len(memo) for memo in _MEMOS.values()) > _MEMO_LIMIT:
        _MEMOS.clear()
    memo = _MEMOS.setdefault(signature, {})

    def flexible(key: int) -> bool:
        return key == JOKER_KEY or rank_of(key) == wild

    def order(keys: Iterable[int]) -> tuple[int, ...]:
        # Plain natural cards first, so the card taken first usually has few partners.
        return tuple(sorted(keys, key=lambda k: (flexible(k), k)))

    def best(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        found = memo.get(rest)
        if found is not None:
            return found
        first, others = rest[0], rest[1:]
        result = weigh[first] + best(others)  # the first card left unmelded
        counts = Counter(others)
        if flexible(first):
            partners = sorted(counts)
        else:
            # Any meld holding a plain natural card shares its rank (set) or suit (run);
            # every other card in it must be able to act as a wild.
            partners = sorted(
                k for k in counts
                if flexible(k) or rank_of(k) == rank_of(first) or suit_of(k) == suit_of(first)
            )
        for taken in product(*(range(counts[k] + 1) for k in partners)):
            if sum(taken) < 2:
                continue
            chosen = [k for k, n in zip(partners, taken, strict=True) for _ in range(n)]
            meld = tuple(sorted((first, *chosen)))
            if not _meld_ok(meld, wild, ace, all_wild, limit):
                continue
            remaining = order((counts - Counter(chosen)).elements())
            result = min(result, best(remaining))
        memo[rest] = result
        return result

    return best(order(key_of(card) for card in cards))


def min_penalty(cards: Iterable[Card], wild: int | None, rules: Rules) -> int:
    """Least deadwood points over every arrangement of ``cards``."""
    return _best(cards, wild, rules, count_only=False)


def min_unmelded(cards: Iterable[Card], wild: int | None, rules: Rules) -> int:
    """Fewest unmelded cards over every arrangement of ``cards``."""
    return _best(cards, wild, rules, count_only=True)


def melds_fully(cards: Iterable[Card], wild: int | None, rules: Rules) -> bool:
    """True when some arrangement melds every card."""
    return min_unmelded(cards, wild, rules) == 0


def go_out_cards(cards: Iterable[Card], wild: int | None, rules: Rules) -> set[Card]:
    """Distinct cards whose discard leaves a hand that melds completely."""
    cards = list(cards)
    found = set()
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        if melds_fully(rest, wild, rules):
            found.add(card)
    return found


def partition_ok(
    hand: Sequence[Card], melds: Sequence[Sequence[Card]], unmelded: Sequence[Card]
) -> bool:
    """True when ``melds`` and ``unmelded`` together hold exactly the cards of ``hand``."""
    laid = Counter(card for meld in melds for card in meld) + Counter(unmelded)
    return laid == Counter(hand)
