"""What the solver knows for one rules set and wild rank: weights, limits, memos.

A wild rank of 0 stands for none (a round where only jokers are wild). The ``five-suit``
pack has a fifth suit (stars) and ranks 3 to K, so runs of at most 11 cards, whatever
``ace`` says: its contexts are *wide*, with five suits' holdings and wider columns.

Every memo holds a piece smaller than a hand, one that recurs across hands, turns and
games: one suit's holding (its run vectors, its layout) or one rank's cards (its set
cores). None remembers a whole hand. Memos keyed by suit holdings are emptied when they
reach ``MEMO_LIMIT`` entries; the others are bounded by the number of rank patterns.
"""

from __future__ import annotations

from typing import Any, cast

from threethirteen.cards import CODES, JOKER_CODE, STARS_CODE, Card, Pack, Rank, Suit
from threethirteen.melds import MAX_RUN, MIN_MELD, max_run
from threethirteen.rules import Ace, Rules
from threethirteen.scoring import check_wild, rank_points
from threethirteen.solver.tables import present, run_shapes, spread_of

NEG = -(1 << 60)
SCALE = 128  # a card weighs points * SCALE + 1: least penalty first, then fewest cards
UNLIMITED = 1 << 20
# By k = 0..wilds, the most weight a suit melds in runs using exactly k wilds; then, last,
# what one wild gains (entry 1 less entry 0), which the search reads most
Vector = tuple[int, ...]
SUIT_BITS = 52  # a hand's holding: one suit's holding per 52 bits, clubs lowest
SUIT_MASK = (1 << SUIT_BITS) - 1
COLUMNS_SHIFT = 4 * SUIT_BITS  # a hand's sum: holding, then columns, then tally
TALLY_SHIFT = 2 * COLUMNS_SHIFT
HOLDING_MASK = (1 << COLUMNS_SHIFT) - 1
# the same for the wide (five-suit) contexts: five suits' holdings; 32 bits per rank's column
WIDE_SUITS = 5
WIDE_COLUMN_BITS = 32
WIDE_COLUMNS_SHIFT = WIDE_SUITS * SUIT_BITS
WIDE_TALLY_SHIFT = WIDE_COLUMNS_SHIFT + 13 * WIDE_COLUMN_BITS
WIDE_HOLDING_MASK = (1 << WIDE_COLUMNS_SHIFT) - 1
WIDE_COLUMNS_MASK = (1 << (13 * WIDE_COLUMN_BITS)) - 1
# A hand's tally: natural weight below, then its wild *pool*: the cards of the wild rank,
# the jokers, and a 4-bit count of the wild-rank cards per suit
WILD_RANK_SHIFT = 40
JOKER_SHIFT = WILD_RANK_SHIFT + 8  # so a pool is suits << 16 | jokers << 8 | wild-rank cards
WILD_SUITS_SHIFT = JOKER_SHIFT + 8
POOL_SUITS_SHIFT = WILD_SUITS_SHIFT - WILD_RANK_SHIFT  # where a pool's counts per suit start


# The naturals of one run: (spread, wilds they need, wilds they can hold, weight). A plain
# tuple of ints, so that the garbage collector stops tracking the many cached ones.
RunCore = tuple[int, int, int, int]


def _slot_card(slot: int) -> Card | None:
    """The card at ``slot`` = suit index * 13 + rank - 1 (stars are suit 4), if any."""
    if slot < JOKER_CODE:
        return Card.from_code(slot)
    rank = slot - 4 * 13 + 1
    return Card.from_code(STARS_CODE + rank) if rank >= 3 else None


# The solver's places of cards: suit index * 13 + rank - 1, for the five suits (stars'
# aces and 2s, which do not exist, are None); a card's code is its place in the four
# standard suits, ``STARS_CODE + rank`` for stars
SLOT_CARDS: tuple[Card | None, ...] = tuple(_slot_card(slot) for slot in range(5 * 13))
SUIT_CARDS: tuple[tuple[Card | None, ...], ...] = tuple(
    SLOT_CARDS[13 * suit:13 * suit + 13] for suit in range(5))  # by rank - 1


def _slot(code: int) -> tuple[int, int]:
    """A card code's (suit index, rank)."""
    card = Card.from_code(code)
    assert card.suit is not None and card.rank is not None
    return (4 if card.suit is Suit.STARS else card.suit.order), int(card.rank)


class Context:
    """Weights and limits for one (rules, wild rank), with the per-suit run memos."""

    def __init__(self, rules: Rules, wild: int, count_only: bool) -> None:
        self.rules = rules
        self.wild = wild
        self.wide = wide = rules.pack is Pack.FIVE_SUIT
        self.suits = WIDE_SUITS if wide else 4
        self.max_run = max_run(rules)
        self.ace = Ace.LOW if wide else rules.ace  # no aces in the five-suit pack
        self.shapes = run_shapes(self.ace)
        self.column_bits = WIDE_COLUMN_BITS if wide else 16
        self.column_mask = (1 << 4 * self.suits) - 1
        # by suit, then rank - 1 (no holding has a star below 3: None is never read)
        self.suit_cards = cast(tuple[tuple[Card, ...], ...], SUIT_CARDS[:self.suits])
        self.limit = UNLIMITED if rules.max_wilds_per_meld is None else rules.max_wilds_per_meld
        self.pure_ok = rules.all_wild_melds and self.limit >= MIN_MELD
        self.split_wilds = not rules.all_wild_melds or rules.max_wilds_per_meld is not None
        points = [0] + [rank_points(rank, rules) for rank in range(1, 14)]
        if rules.wild_penalty is not None and wild:
            points[wild] = rules.wild_penalty
        self.points = points
        self.joker_points = rules.joker_penalty
        self.weight = [1 if count_only else p * SCALE + 1 for p in points]
        self.joker_weight = 1 if count_only else self.joker_points * SCALE + 1
        # Per card code, what the card adds to a hand's sum (see ``search.solve``): its
        # unit in the holding (nibble ``code``), in the columns (16 bits per rank, a nibble
        # per suit) and in the tally. Cards of the wild rank and jokers only count in the
        # tally's pool; a reading may then hold some wild-rank cards as naturals.
        # A wide context's list covers every code; the cards not in its pack (aces, 2s)
        # are None, which a hand's sum refuses, as a standard context's short list
        # refuses stars.
        if not wide:
            natural = [code < 52 and code % 13 + 1 != wild for code in range(53)]
            self.code_unit: list[Any] = [
                (1 << (4 * code) | 1 << (COLUMNS_SHIFT + 16 * (code % 13) + 4 * (code // 13))
                 | self.weight[code % 13 + 1] << TALLY_SHIFT) if natural[code]
                else 1 << (TALLY_SHIFT + JOKER_SHIFT) if code == 52
                else 1 << (TALLY_SHIFT + WILD_RANK_SHIFT) | 1 << (
                    TALLY_SHIFT + WILD_SUITS_SHIFT + 4 * (code // 13))
                for code in range(53)
            ]
        else:
            self.code_unit = [1 << (WIDE_TALLY_SHIFT + JOKER_SHIFT)] * CODES
            for code in range(CODES):
                if code == JOKER_CODE:
                    continue
                suit, rank = _slot(code)
                if rank < 3:
                    self.code_unit[code] = None
                elif rank != wild:
                    self.code_unit[code] = (
                        1 << (4 * (suit * 13 + rank - 1))
                        | 1 << (WIDE_COLUMNS_SHIFT + WIDE_COLUMN_BITS * (rank - 1) + 4 * suit)
                        | self.weight[rank] << WIDE_TALLY_SHIFT)
                else:
                    self.code_unit[code] = 1 << (WIDE_TALLY_SHIFT + WILD_RANK_SHIFT) | 1 << (
                        WIDE_TALLY_SHIFT + WILD_SUITS_SHIFT + 4 * suit)
        # the fewest naturals of a set core worth trying, by wilds in the hand: one natural
        # plus two wilds is also a run core, which the suits already try, so a set of one
        # natural is only needed when a run's 13-card cap could bind
        self.smallest_set = [
            max(MIN_MELD - min(wilds, self.limit, MIN_MELD - 1),
                1 if wilds >= self.max_run - 1 else 2)
            for wilds in range(SCALE)  # a hand holds fewer than SCALE cards
        ]
        self.memo0: dict[int, int] = {0: 0}
        self.pool_costs: dict[int, tuple[int, ...]] = {}  # filled by the search: per wild pool
        self.pool_cards: dict[int, Any] = {}  # filled by the layout: per wild pool
        # values are tuples of ints, which the garbage collector stops tracking
        self.vectors: dict[int, dict[int, Vector]] = {}  # by wilds, then by holding
        self._fitting: dict[int, tuple[RunCore, ...]] = {}
        self._by_mask: dict[int, RunCore] = {}
        self.traces: dict[int, Any] = {}  # filled by the layout: per holding << 7 | wilds
        self.suit_layouts: dict[int, Any] = {}  # filled by the layout: per holding, all suits
        self.set_options: dict[int, Any] = {}  # filled by the search: per rank's column
        self.run_melds: dict[int, Any] = {}  # filled by the layout: runs without wilds
        self.run_shapes: dict[int, Any] = {}  # filled by the layout: runs with wilds

    def fitting(self, have: int, holes: int) -> tuple[RunCore, ...]:
        """The cores that start at the lowest rank of ``have`` (a spread), hold only ranks
        of it and need at most ``holes`` wilds (memoised)."""
        holes = min(holes, MAX_RUN)
        found = self._fitting.get(have << 4 | holes)
        if found is None:
            found = self._fitting[have << 4 | holes] = self._fit(have, holes)
        return found

    def _fit(self, have: int, holes: int) -> tuple[RunCore, ...]:
        """``fitting`` computed: each rank set drawn from ``have`` that holds its lowest rank
        and can be a run, by need, then by rank mask."""
        bits = []
        while have:
            low = have & -have
            have -= low
            bits.append(low.bit_length() >> 2)
        masks = [1 << bits[0]]
        for bit in bits[1:]:
            masks += [mask | 1 << bit for mask in masks]
        need = self.shapes.need
        return tuple(self._core_of(mask) for _, mask in sorted(
            (need[mask], mask) for mask in masks if need[mask] <= holes
        ))

    def _core_of(self, mask: int) -> RunCore:
        """The run core of the ranks in ``mask`` (bit r - 1 for rank r), memoised."""
        core = self._by_mask.get(mask)
        if core is None:
            ranks = [bit + 1 for bit in range(13) if mask >> bit & 1]
            core = self._by_mask[mask] = (
                spread_of(ranks), self.shapes.need[mask],
                min(self.max_run - len(ranks), self.limit),
                sum(self.weight[rank] for rank in ranks),
            )
        return core

    def suit0(self, key: int) -> int:
        """The most weight one suit's holding ``key`` melds in runs without wilds."""
        if key == 0:
            return 0
        found = self.memo0.get(key)
        if found is not None:
            return found
        have = present(key)
        low = have & -have
        best = self.suit0(key - low)
        for spread, _, _, value in self.fitting(have, 0):
            value += self.suit0(key - spread)
            if value > best:
                best = value
        if len(self.memo0) > MEMO_LIMIT:
            self.memo0.clear()
            self.memo0[0] = 0
        self.memo0[key] = best
        return best

    def suit(self, key: int, wilds: int) -> Vector:
        """For k = 0..wilds, the most weight ``key`` melds in runs using exactly k wilds,
        then the gain of one wild (a ``Vector``)."""
        memo = self.vectors_of(wilds)
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        return self._vector(key, wilds, memo)

    def _vector(self, key: int, wilds: int, memo: dict[int, Vector]) -> Vector:
        """``suit`` with its memo at hand: read from ``memo``, or computed and added."""
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._suit(key, wilds, memo)
        return found

    def _suit(self, key: int, wilds: int, memo: dict[int, Vector]) -> Vector:
        """``suit`` computed, its smaller holdings read from (and added to) ``memo``."""
        if key == 0:
            return (0,) + (NEG,) * wilds + (NEG,)
        have = present(key)
        low = have & -have
        best = list(self._vector(key - low, wilds, memo))  # the lowest rank's card is dead
        for spread, need, cap, weight in self.fitting(have, min(wilds, self.limit)):
            if need == wilds:  # the rest melds without wilds
                value = self.memo0.get(key - spread)
                value = weight + (self.suit0(key - spread) if value is None else value)
                if value > best[wilds]:
                    best[wilds] = value
                continue
            # exact-count entries do not depend on the length: the rest is read from
            # this memo, as far as the wilds left reach
            rest = self._vector(key - spread, wilds, memo)
            for used in range(wilds - need + 1):
                value = rest[used]
                if value == NEG:
                    continue
                value += weight
                for k in range(used + need, min(used + cap, wilds) + 1):
                    if value > best[k]:
                        best[k] = value
        best[-1] = best[1] - best[0] if wilds else NEG
        return tuple(best)

    def vectors_of(self, wilds: int) -> dict[int, Vector]:
        """The memo of run vectors for ``wilds`` wilds, by holding."""
        found = self.vectors.get(wilds)
        if found is None:
            found = self.vectors[wilds] = {}
        return found


_CONTEXTS: dict[tuple[object, ...], Context] = {}
_BY_IDENTITY: dict[tuple[int, object, bool], tuple[Rules, Context]] = {}
# the last context asked for, by count_only: (rules, the wild rank as given, context)
_LAST: list[tuple[object, object, Context | None]] = [(None, None, None)] * 2
MEMO_LIMIT = 1 << 21  # entries per memo before it is emptied, to bound memory


def context(rules: Rules, wild: int | str | Rank | None, count_only: bool = False) -> Context:
    """The shared context of ``rules`` and the wild rank ``wild`` (checked as by
    ``check_wild``; None for no wild rank), found by identity first: it is hot."""
    last_rules, last_wild, last = _LAST[count_only]
    if last_rules is rules and last_wild is wild and last:  # small ints and ranks are unique
        return last
    given = wild
    fast = _BY_IDENTITY.get((id(rules), wild, count_only))
    if fast is not None and fast[0] is rules and (
        type(wild) is int or type(wild) is Rank or wild is None
    ):
        shared = fast[1]  # a view's wild is a Rank: it hashes and compares as its int
    else:
        checked = check_wild(wild)
        wild = 0 if checked is None else int(checked)
        key = (
            rules.ace, rules.face_values, rules.wild_penalty, rules.joker_penalty,
            rules.all_wild_melds, rules.max_wilds_per_meld, wild, count_only, rules.pack,
        )
        found = _CONTEXTS.get(key)
        if found is None:
            found = _CONTEXTS[key] = Context(rules, wild, count_only)
        shared = found
        if len(_BY_IDENTITY) > 512:
            _BY_IDENTITY.clear()
        _BY_IDENTITY[(id(rules), None if checked is None else wild, count_only)] = (
            rules, shared)
    _LAST[count_only] = (rules, given, shared)  # as given: the same object, the same rank
    return shared
