"""The whole-hand search: readings of the wild-rank cards, set cores, wild allocation.

Wild cards (jokers, and cards of the wild rank read as wilds) are interchangeable inside
melds, so they are a count; melding k of them always melds the k dearest. Natural cards
go into *cores*, the naturals of one meld: set cores are chosen rank by rank, the cards
left go to their suit's runs, and the suits' exact-count vectors are combined with the
sets and any all-wild melds over the number of wilds used.

A hand is held as three integers, read off one sum of its cards' units (``Context``):
the *holding* (one 4-bit count per card code, so each suit's holding is 52 bits of it),
the *columns* (16 bits per rank, a 4-bit count per suit) and the *tally* (natural
weight and the wild pool: cards of the wild rank, per suit too, and jokers).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from threethirteen.cards import Card
from threethirteen.errors import InputError
from threethirteen.melds import MIN_MELD, Meld, MeldKind
from threethirteen.solver.context import (
    COLUMNS_SHIFT,
    HOLDING_MASK,
    NEG,
    POOL_SUITS_SHIFT,
    SLOT_CARDS,
    SUIT_BITS,
    SUIT_MASK,
    TALLY_SHIFT,
    UNLIMITED,
    WIDE_COLUMN_BITS,
    WIDE_COLUMNS_MASK,
    WIDE_COLUMNS_SHIFT,
    WIDE_HOLDING_MASK,
    WIDE_TALLY_SHIFT,
    WILD_RANK_SHIFT,
    Context,
    Vector,
)

# rank, per-suit counts, wilds needed, naturals, and the layout's memo of the set filled
# with one wild, by the wild's code
SetCore = tuple[int, tuple[int, ...], int, Meld, dict[int, Meld]]
SetOption = tuple[int, int, int, SetCore]  # (need, weight, holding delta, core)
RankOptions = tuple[list[SetOption], int, int]  # options, largest weight, largest free weight
# A rank's options and largest weight, with the most weight the set cores of the ranks
# above it may add with wilds to spare, and without (cores of three naturals or more),
# and the levels of those ranks
Level = tuple[list[SetOption], int, int, int, tuple["Level", ...]]
# All the sets of one rank at once: (wilds needed, weight, holding delta, ``Sets``); and
# a rank's options with its largest weight, with and without wilds to spare, above it
GroupOption = tuple[int, int, int, tuple[int, tuple[int, ...], int, int]]  # see Sets
GroupLevel = tuple[list[GroupOption], int, int, int]

NIBBLE_PAIRS = sum(0x0F0F << (16 * rank) for rank in range(13))
BYTE_PAIRS = sum(0x00FF << (16 * rank) for rank in range(13))
FIELD_ONES = sum(1 << (16 * rank) for rank in range(13))
FIELD_TOPS = FIELD_ONES << 15
WEIGHT_MASK = (1 << WILD_RANK_SHIFT) - 1
HEARTS_SHIFT, SPADES_SHIFT = 2 * SUIT_BITS, 3 * SUIT_BITS  # where their suits' holdings start
LOW = NEG // 2  # below this, a sum holds an impossible (NEG) entry
# past the end of a search's best runs by wilds, read for the -1 and -2 wilds left by a set
# core that needs more than there are: a weight so large that no bound lets it be tried
SHORT_OF_WILDS = (-(1 << 62),) * 2
_THRESHOLDS = [FIELD_TOPS - smallest * FIELD_ONES for smallest in range(4)]  # by set size
# the same for a wide context's columns: 32 bits per rank, five suits' nibbles
_WIDE_ONES = sum(1 << (WIDE_COLUMN_BITS * rank) for rank in range(13))
_WIDE_NIBBLES = 0x0F0F0F0F * _WIDE_ONES
_WIDE_BYTES = 0x00FF00FF * _WIDE_ONES
_WIDE_HALVES = 0x0000FFFF * _WIDE_ONES
_WIDE_TOPS = _WIDE_ONES << 15
_WIDE_THRESHOLDS = [_WIDE_TOPS - smallest * _WIDE_ONES for smallest in range(4)]


# One reading of a hand, which says which wild-rank cards stand for themselves: the
# holding and columns of its naturals, their weight, the weights of its wild cards
# (dearest first) and its wild pool (see ``Context``: the wild-rank cards it reads as
# wilds, per suit, and the jokers). A plain tuple, cheap to build: a hand usually has
# one reading.
Reading = tuple[int, int, int, tuple[int, ...], int]


class Plan:
    """The best solution found so far, with what it takes to lay its melds out."""

    __slots__ = ("score", "found")

    def __init__(self) -> None:
        self.score = 1 << 62
        self.found: Found | None = None


# What the layout needs: the reading, the naturals left for runs, the set cores and the
# wilds they need, each suit's exact-count run vector, the wilds in runs, the wilds the set
# cores hold beyond their needs, and the wilds in all-wild melds.
Found = tuple[Reading, int, tuple[SetCore, ...], int, tuple[Vector, ...], int, int, int]


def split_readings(
    ctx: Context, holding: int, columns: int, natural_weight: int, pool: int
) -> list[Reading]:
    """The readings of a hand with the wild ``pool``, when wilds are limited: the counts
    of natural copies of the wild rank per suit that ``natural_counts`` keeps."""
    wild, suits, column_bits = ctx.wild, range(ctx.suits), ctx.column_bits
    copies = tuple(pool >> (POOL_SUITS_SHIFT + 4 * suit) & 15 for suit in suits)
    others = tuple(_suit_cards(holding >> (suit * SUIT_BITS) & SUIT_MASK) for suit in suits)
    found = []
    for naturals in natural_counts(copies, others):
        read = sum(naturals)
        left = pool - read - sum(n << (POOL_SUITS_SHIFT + 4 * suit)
                                 for suit, n in enumerate(naturals))
        costs = ctx.pool_costs.get(left)
        found.append((
            holding + sum(n << (4 * (suit * 13 + wild - 1)) for suit, n in enumerate(naturals)),
            columns + sum(n << (column_bits * (wild - 1) + 4 * suit)
                          for suit, n in enumerate(naturals)),
            natural_weight + read * ctx.weight[wild],
            _costs(ctx, left) if costs is None else costs,
            left,
        ))
    return found


def _suit_cards(key: int) -> int:
    """The number of cards in one suit's holding."""
    count = 0
    while key:
        count += key & 15
        key >>= 4
    return count


_COUNTS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}


def natural_counts(
    copies: tuple[int, ...], others: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Per suit, how many of the ``copies`` of the wild rank to read as naturals: enough
    readings that one of them is as good as the best (memoised).

    A wild-rank card read as a natural is either (a) in a run of its suit beside another
    natural of that suit, so a suit holding ``others`` other naturals has at most that
    many of those (each such run holds one card of the rank), or (b) in a set, or a run
    whose only natural it is, where any suit's copy serves as well, or (c) unmelded,
    where reading it as a wild costs the same. So the readings are: per suit, 0 to
    ``min(copies, others)`` naturals of kind (a), then any number of kind (b) spread
    over the copies left in a fixed way. Wilds of any suit are interchangeable.
    Far fewer than every count per suit: 12 kings and one other card give 24, not 256.
    """
    key = (copies, others)
    found = _COUNTS.get(key)
    if found is not None:
        return found
    seen: dict[tuple[int, ...], None] = {}
    for runs in product(*(range(min(n, other) + 1) for n, other in zip(copies, others,
                                                                       strict=True))):
        room = [n - run for n, run in zip(copies, runs, strict=True)]
        for extra in range(sum(room) + 1):
            naturals = list(runs)
            for suit in range(len(copies)):
                take = min(room[suit], extra)
                naturals[suit] += take
                extra -= take
            seen.setdefault(tuple(naturals))
    found = _COUNTS[key] = tuple(seen)
    return found


def _costs(ctx: Context, pool: int) -> tuple[int, ...]:
    """The weights of the wild ``pool``'s cards, dearest first: jokers first when they
    weigh at least as much (added to the memo ``solve`` reads first)."""
    wild, joker = ctx.weight[ctx.wild], ctx.joker_weight
    found = ctx.pool_costs[pool] = tuple(
        sorted([wild] * (pool & 0xFF) + [joker] * (pool >> 8 & 0xFF), reverse=True))
    return found


_SUBSETS: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}


def sub_multisets(counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Every non-empty sub-multiset of per-suit ``counts`` as (size, counts), largest first."""
    found = _SUBSETS.get(counts)
    if found is None:
        found = sorted(
            ((sum(c), c) for c in product(*(range(n + 1) for n in counts)) if sum(c)),
            reverse=True,
        )
        _SUBSETS[counts] = found
    return found


def rank_options(ctx: Context, rank: int, column: int, smallest: int) -> RankOptions:
    """The set cores of at least ``smallest`` cards of ``rank``, largest first (memoised)."""
    counts = tuple(column >> (4 * suit) & 15 for suit in range(ctx.suits))
    weight = ctx.weight[rank]
    options: list[SetOption] = []
    for size, core in sub_multisets(counts):
        if size < smallest:
            break
        need = MIN_MELD - size if size < MIN_MELD else 0
        delta = sum(n << (4 * (suit * 13 + rank - 1)) for suit, n in enumerate(core))
        naturals = Meld(MeldKind.SET, tuple(
            _slot_card(suit * 13 + rank - 1) for suit, n in enumerate(core) for _ in range(n)
        ))
        options.append((need, size * weight, delta, (rank, core, need, naturals, {})))
    top = options[0]
    found = (options, top[1], 0 if top[0] else top[1])  # largest first: free or none
    ctx.set_options[column << 8 | rank << 2 | smallest] = found
    return found


_PURE_SIZES: dict[tuple[int, int], tuple[int, ...]] = {}


def pure_sizes(limit: int, wilds: int) -> tuple[int, ...]:
    """Wild counts that all-wild melds of 3..``limit`` cards hold exactly, largest first
    (memoised)."""
    found = _PURE_SIZES.get((limit, wilds))
    if found is None:
        found = _PURE_SIZES[limit, wilds] = _pure_sizes(limit, wilds)
    return found


def _pure_sizes(limit: int, wilds: int) -> tuple[int, ...]:
    """``pure_sizes`` computed."""
    reachable = [True] + [False] * wilds
    for total in range(MIN_MELD, wilds + 1):
        reachable[total] = any(
            reachable[total - size] for size in range(MIN_MELD, min(limit, total) + 1)
        )
    return tuple(total for total in range(wilds, -1, -1) if reachable[total])


def solve(codes: list[int], ctx: Context, want_plan: bool) -> Plan:
    """The best plan over every reading, set choice and wild allocation.

    Without limits on wilds a wild-rank card gains nothing by standing for itself, so it
    is simply wild and the hand has one reading; otherwise each is searched.
    """
    try:
        total = sum(map(ctx.code_unit.__getitem__, codes))
    except (IndexError, TypeError):  # a card that is not in the context's pack
        raise InputError(_outsider(codes, ctx), "hand") from None
    search_class = _Search
    if ctx.wide:
        holding = total & WIDE_HOLDING_MASK
        columns = total >> WIDE_COLUMNS_SHIFT & WIDE_COLUMNS_MASK
        tally = total >> WIDE_TALLY_SHIFT
        search_class = _WideSearch
    else:
        holding = total & HOLDING_MASK
        columns = total >> COLUMNS_SHIFT & HOLDING_MASK
        tally = total >> TALLY_SHIFT
    pool = tally >> WILD_RANK_SHIFT
    if pool & 0xFF and ctx.split_wilds:
        plan = Plan()
        readings = split_readings(ctx, holding, columns, tally & WEIGHT_MASK, pool)
        floors = sorted((_wild_floor(ctx, reading, len(codes)), index)
                        for index, reading in enumerate(readings))
        for floor, index in floors:  # the most promising first; the rest bounded by it
            if floor >= plan.score:
                break
            plan = search_class(readings[index], ctx, want_plan, plan.score, plan.found)
            plan.run()
            if plan.score == 0:
                break
        return plan
    costs = ctx.pool_costs.get(pool)
    if costs is None:
        costs = _costs(ctx, pool)
    search = search_class((holding, columns, tally & WEIGHT_MASK, costs, pool), ctx, want_plan)
    search.run()
    return search


def _outsider(codes: list[int], ctx: Context) -> str:
    """The message for a hand holding a card its context's pack has not."""
    for code in codes:
        if not 0 <= code < len(ctx.code_unit) or ctx.code_unit[code] is None:
            card = Card.from_code(code)
            if ctx.wide:
                return f"{card} is not in the five-suit pack (ranks 3 to K, stars added)"
            return f"{card} is not in the standard pack (the stars suit is five-suit only)"
    return "a hand holds cards (Card values) only"  # pragma: no cover


def _wild_floor(ctx: Context, reading: Reading, cards: int) -> int:
    """A lower bound of a reading's score when a meld needs naturals: each meld takes at
    most ``limit`` wilds and has ``3 - limit`` naturals or more, so the wilds beyond what
    the naturals can hold stay unmelded, at least the cheapest of them."""
    costs = reading[3]
    if ctx.pure_ok or ctx.limit >= UNLIMITED:
        return 0
    naturals = cards - len(costs)
    stuck = len(costs) - ctx.limit * (naturals // max(1, MIN_MELD - ctx.limit))
    return sum(costs[len(costs) - stuck:]) if stuck > 0 else 0


def _set_ranks(columns: int, ctx: Context, smallest: int) -> tuple[list[tuple[int, int]], int]:
    """The ranks with enough naturals for a set of ``smallest`` (shift and rank key each,
    highest first) and the mask of one rank's column."""
    if ctx.wide:
        return _wide_rank_keys(columns, smallest), ctx.column_mask
    totals = (columns & NIBBLE_PAIRS) + (columns >> 4 & NIBBLE_PAIRS)
    totals = (totals & BYTE_PAIRS) + (totals >> 8 & BYTE_PAIRS)  # cards per rank
    candidates = (totals + _THRESHOLDS[smallest]) & FIELD_TOPS  # ranks with enough cards
    if not candidates:
        return [], 0xFFFF
    return _RANK_KEYS.get(candidates | smallest) or _rank_keys(candidates, smallest), 0xFFFF


def _set_levels(columns: int, ctx: Context, wilds: int) -> list[Level]:
    """The set cores worth trying, per rank that has enough naturals for one, highest rank
    first, each with how much weight the sets of the ranks above it may add."""
    smallest = ctx.smallest_set[wilds]
    keys, mask = _set_ranks(columns, ctx, smallest)
    levels: list[Level] = []
    known = ctx.set_options
    above = above_free = 0
    for shift, rank_key in keys:
        column = columns >> shift & mask
        options, top, free = known.get(column << 8 | rank_key) or rank_options(
            ctx, rank_key >> 2, column, smallest)
        levels.append((options, top, above, above_free, tuple(levels)))
        above += top
        above_free += free
    return levels


def _group_levels(columns: int, ctx: Context, wilds: int) -> list[GroupLevel]:
    """``_set_levels`` when wilds per meld are limited: per rank, every way to put some
    of its naturals into one or more sets (``rank_groups``)."""
    smallest = ctx.smallest_set[wilds]
    keys, mask = _set_ranks(columns, ctx, smallest)
    levels: list[GroupLevel] = []
    above = above_free = 0
    for shift, rank_key in keys:
        column = columns >> shift & mask
        options, top, free = rank_groups(ctx, rank_key >> 2, column, smallest, wilds)
        levels.append((options, top, above, above_free))
        above += top
        above_free += free
    return levels


def rank_groups(
    ctx: Context, rank: int, column: int, smallest: int, wilds: int
) -> tuple[list[GroupOption], int, int]:
    """Every way to meld naturals of ``rank`` in sets with at most ``wilds`` wilds, as
    (wilds needed, weight, holding delta, ``Sets``), least need first (memoised).

    Only the naturals taken (a sub-multiset of the column) and the number of sets k
    matter: sets of one rank may hold any suits, so k sets of n naturals split as evenly
    as possible need the fewest wilds, max(0, 3k - n), and have the most room for more
    (k * limit less that), the best any split of the same naturals can do. Each set
    holds at least ``smallest`` naturals, as in ``rank_options``; k stops once the sets
    have room for every wild.
    """
    key = _GROUP_KEY | (column << 8 | rank << 2 | smallest) << 8 | min(wilds, 255)
    found: tuple[list[GroupOption], int, int] | None = ctx.set_options.get(key)
    if found is not None:
        return found
    counts = tuple(column >> (4 * suit) & 15 for suit in range(ctx.suits))
    weight, limit = ctx.weight[rank], ctx.limit
    options: list[tuple[int, int, int, int, Sets]] = []
    for size, core in sub_multisets(counts):
        if size < smallest:
            break
        delta = sum(n << (4 * (suit * 13 + rank - 1)) for suit, n in enumerate(core))
        for sets in range(1, size // smallest + 1):
            need = max(0, MIN_MELD * sets - size)
            if need > wilds:
                break
            options.append((need, -size, sets, delta, (rank, core, sets, sets * limit - need)))
            if sets * limit - need >= wilds:
                break
    options.sort(key=lambda option: option[:3])
    groups = [(need, -negative * weight, delta, cores)
              for need, negative, _, delta, cores in options]
    top = groups[0][1] if groups else 0
    if len(ctx.set_options) > MEMO_LIMIT_GROUPS:  # bounded: hands of many patterns
        ctx.set_options.clear()
    found = ctx.set_options[key] = (groups, top, top if groups and groups[0][0] == 0 else 0)
    return found


# Naturals of one rank dealt into sets as evenly as possible: (rank, counts per suit, sets,
# the wilds those sets can take beyond their needs). Plain ints, which the garbage
# collector stops tracking; the set cores are built when the layout needs them.
Sets = tuple[int, tuple[int, ...], int, int]
_CORES: dict[Sets, tuple[SetCore, ...]] = {}


def set_cores(sets: Sets) -> tuple[SetCore, ...]:
    """The set cores of ``sets`` (memoised)."""
    found = _CORES.get(sets)
    if found is None:
        rank, counts, number, _ = sets
        cards = [suit * 13 + rank - 1 for suit, n in enumerate(counts) for _ in range(n)]
        cores: list[SetCore] = []
        for index in range(number):
            part = cards[index::number]
            per_suit = tuple(sum(1 for code in part if code // 13 == suit)
                             for suit in range(len(counts)))
            naturals = Meld(MeldKind.SET, tuple(_slot_card(code) for code in part))
            cores.append((rank, per_suit, max(0, MIN_MELD - len(part)), naturals, {}))
        if len(_CORES) > 1 << 14:
            _CORES.clear()
        found = _CORES[sets] = tuple(cores)
    return found


_GROUP_KEY = 1 << 40  # marks a key of ``rank_groups`` among the context's set options
MEMO_LIMIT_GROUPS = 1 << 14  # set options of a context before they are emptied
_RANK_KEYS: dict[int, list[tuple[int, int]]] = {}


def _rank_keys(candidates: int, smallest: int) -> list[tuple[int, int]]:
    """For the ranks flagged in ``candidates`` (bit 16 r - 1 for rank r), highest first:
    the shift of the rank's column and its key among the set options (memoised)."""
    found = [(16 * rank - 16, rank << 2 | smallest)
             for rank in range(13, 0, -1) if candidates >> (16 * rank - 1) & 1]
    _RANK_KEYS[candidates | smallest] = found
    return found


def _wide_rank_keys(columns: int, smallest: int) -> list[tuple[int, int]]:
    """``_rank_keys`` of a wide context's ``columns``: the ranks with at least
    ``smallest`` naturals, highest first."""
    totals = (columns & _WIDE_NIBBLES) + (columns >> 4 & _WIDE_NIBBLES)
    totals = (totals & _WIDE_BYTES) + (totals >> 8 & _WIDE_BYTES)
    totals = (totals & _WIDE_HALVES) + (totals >> 16 & _WIDE_HALVES)  # cards per rank
    candidates = (totals + _WIDE_THRESHOLDS[smallest]) & _WIDE_TOPS
    return [(WIDE_COLUMN_BITS * (rank - 1), rank << 2 | smallest)
            for rank in range(13, 0, -1) if candidates >> (WIDE_COLUMN_BITS * rank - 17) & 1]


def _slot_card(slot: int) -> Card:
    """The card at the solver's place ``slot`` (suit index * 13 + rank - 1)."""
    card = SLOT_CARDS[slot]
    assert card is not None
    return card


def suit_keys(holding: int) -> tuple[int, int, int, int]:
    """The four suits' holdings within a hand's holding (clubs first)."""
    return (holding & SUIT_MASK, holding >> SUIT_BITS & SUIT_MASK,
            holding >> HEARTS_SHIFT & SUIT_MASK, holding >> SPADES_SHIFT)


def wide_suit_keys(holding: int) -> tuple[int, ...]:
    """The five suits' holdings within a wide context's holding (clubs first, stars last)."""
    return tuple(holding >> (SUIT_BITS * suit) & SUIT_MASK for suit in range(5))


_NONE: dict[int, Vector] = {}  # the run vectors of a hand without wilds: never read


class _Search(Plan):
    """Choose set cores rank by rank, then score the suits' runs with what is left.

    The first leaf scored chooses no set; its run values bound every later leaf, since
    taking cards out of a suit never lets it meld more with the same wilds. The search is
    its own plan: it starts from the best ``score`` (and ``found``) known so far.
    """

    __slots__ = ("reading", "ctx", "want_plan", "wilds", "levels", "groups", "several", "base",
                 "chosen", "room", "vectors")

    def __init__(
        self, reading: Reading, ctx: Context, want_plan: bool, score: int = 1 << 62,
        found: Found | None = None,
    ) -> None:
        self.score = score
        self.found = found
        self.reading = reading
        self.ctx = ctx
        self.want_plan = want_plan
        self.wilds = wilds = len(reading[3])
        # one run-vector length for all leaves: exact-count entries do not depend on it
        self.vectors = (ctx.vectors.get(wilds) or ctx.vectors_of(wilds)) if wilds else _NONE
        self.several = ctx.limit < UNLIMITED  # several sets of one rank can then matter
        self.levels = _set_levels(reading[1], ctx, wilds) if not self.several else []
        self.groups = _group_levels(reading[1], ctx, wilds) if self.several else []
        # best runs with at most k wilds and no sets, once known, then SHORT_OF_WILDS
        self.base: list[int] = []
        # the set cores chosen, or with limits on wilds the ``Sets`` of each rank chosen
        self.chosen: list[Any] = []
        self.room = 0  # wilds the chosen sets can take beyond their needs

    def cores(self) -> tuple[SetCore, ...]:
        """The set cores chosen, for the layout."""
        if not self.several:
            return tuple(self.chosen)
        return tuple(core for sets in self.chosen for core in set_cores(sets))

    def run(self) -> None:
        holding, _, weight, _, _ = self.reading
        self.leaf(holding, weight, self.wilds)
        if self.groups:
            self.add_groups(len(self.groups) - 1, holding, weight, self.wilds)
        elif self.levels:
            self.add_sets(self.levels, holding, weight, self.wilds)

    def leaf(self, holding: int, total: int, spare: int) -> None:
        """Score the runs of ``holding``, the naturals outside the chosen sets, which weigh
        ``total``, with the ``spare`` wilds the sets leave."""
        wilds = self.wilds
        base = self.base  # empty for the first leaf; later ones are bounded by the caller
        # suit_keys(holding), inlined: this is the hottest path
        clubs = holding & SUIT_MASK
        diamonds = holding >> SUIT_BITS & SUIT_MASK
        hearts = holding >> HEARTS_SHIFT & SUIT_MASK
        spades = holding >> SPADES_SHIFT
        if spare == 0:
            memo0 = self.ctx.memo0
            try:
                runs = memo0[clubs] + memo0[diamonds] + memo0[hearts] + memo0[spades]
            except KeyError:  # a holding not seen before: the others are known
                runs = 0
                for key in (clubs, diamonds, hearts, spades):
                    known = memo0.get(key)
                    runs += self.ctx.suit0(key) if known is None else known
            if not base:
                base.extend([runs] * (wilds + 1))
                base += SHORT_OF_WILDS
            if total - runs < self.score:
                self.score = total - runs
                if self.want_plan:
                    self.found = (self.reading, holding, self.cores(), wilds, (), 0, 0, 0)
            return
        memo = self.vectors
        try:
            parts = (memo[clubs], memo[diamonds], memo[hearts], memo[spades])
        except KeyError:  # a holding not seen before: the others are known
            suit, get = self.ctx.suit, memo.get
            parts = (get(clubs) or suit(clubs, wilds), get(diamonds) or suit(diamonds, wilds),
                     get(hearts) or suit(hearts, wilds), get(spades) or suit(spades, wilds))
        chosen = self.chosen
        if spare == 1:  # the common case, worked out in closed form
            first, second, third, fourth = parts
            zero = first[0] + second[0] + third[0] + fourth[0]
            gain = max(first[-1], second[-1], third[-1], fourth[-1])  # in the best suit's runs
            if not base:
                base.extend((zero, zero + gain if gain > 0 else zero))
                base += SHORT_OF_WILDS
            if not chosen:  # then it is the only wild: in runs, or unmelded
                unmelded = self.reading[3][0]
                score, run_wilds = (total - zero - gain, 1) if -gain < unmelded else (
                    total - zero + unmelded, 0)
                if score < self.score:
                    self.score = score
                    if self.want_plan:
                        self.found = (self.reading, holding, (), 0, parts, run_wilds, 0, 0)
                return
            if not self.several:  # in runs, or in a set
                run_wilds = 1 if gain > 0 else 0
                score = total - zero - gain * run_wilds
                if score < self.score:
                    self.score = score
                    if self.want_plan:
                        self.found = (self.reading, holding, self.cores(), wilds - 1, parts,
                                      run_wilds, 1 - run_wilds, 0)
                return
            combined = [zero, zero + gain] if gain > LOW else [zero, NEG]
        else:
            combined = combine(parts, spare)
        self.place_wilds(holding, total, spare, parts, combined)

    def place_wilds(self, holding: int, total: int, spare: int, parts: tuple[Vector, ...],
                    combined: list[int]) -> None:
        """The end of ``leaf`` with ``spare`` wilds: the suits' run ``parts`` combined
        into the best runs by exact wilds used (``combined``); the rest go into the chosen
        sets, all-wild melds, or stay unmelded."""
        wilds, base, chosen = self.wilds, self.base, self.chosen
        if not base:
            base.extend(combined)
            for k in range(1, len(base)):
                if base[k] < base[k - 1]:
                    base[k] = base[k - 1]
            base += SHORT_OF_WILDS
        if chosen and not self.several:  # unbounded sets take every wild left over
            best = max(combined)
            if total - best < self.score:
                self.score = total - best
                if self.want_plan:
                    run_wilds = combined.index(best)
                    self.found = (self.reading, holding, self.cores(), wilds - spare, parts,
                                  run_wilds, spare - run_wilds, 0)
            return
        costs = self.reading[3]
        if chosen or spare >= MIN_MELD:
            score, run_wilds, extra, pure = _leftover(self.ctx, combined, spare, self.room,
                                                      costs)
        else:  # no sets and too few wilds for an all-wild meld: wilds not in runs stay out
            score, run_wilds, extra, pure = sum(costs) - combined[0], 0, 0, 0
            for used in range(1, spare + 1):
                value = combined[used]
                if value != NEG and sum(costs[used:]) - value < score:
                    score, run_wilds = sum(costs[used:]) - value, used
        if total + score < self.score:
            self.score = total + score
            if self.want_plan:
                self.found = (self.reading, holding, self.cores(), wilds - spare, parts,
                              run_wilds, extra, pure)

    def add_sets(self, levels: Sequence[Level], holding: int, unset: int, spare: int) -> None:
        """Add a set core of a rank of ``levels``, score it, then add sets of higher ranks:
        each choice of sets is tried once, in order. The naturals outside the sets chosen
        so far weigh ``unset``; ``spare`` wilds are left."""
        chosen, base = self.chosen, self.base
        for rank_options, _, above, above_free, higher in levels:
            for need, value, delta, core in rank_options:
                left = spare - need  # when negative, base[left] is SHORT_OF_WILDS: no try
                bound = unset - value - base[left]  # no runs can do better with these sets
                # options come largest first, so a later one has no more value and no
                # more wilds left: once one cannot beat the best so far, none after can
                if bound - (above if left else above_free) >= self.score:
                    break
                chosen.append(core)
                if bound < self.score:
                    self.leaf(holding - delta, unset - value, left)
                if above if left else above_free:  # a set of a higher rank may still fit
                    self.add_sets(higher, holding - delta, unset - value, left)
                chosen.pop()

    def add_groups(self, last: int, holding: int, unset: int, spare: int) -> None:
        """``add_sets`` when wilds per meld are limited, so that several sets of one rank
        can matter: each rank of ``groups`` up to index ``last`` (highest rank first)
        adds all its sets at once, one group option, then the ranks above it."""
        groups, chosen, base = self.groups, self.chosen, self.base
        for index in range(last + 1):
            options, top, above, above_free = groups[index]
            room = unset - top  # this rank's sets meld at most its whole column
            for need, value, delta, sets in options:
                left = spare - need
                # options come by need, least first, so a later one leaves no more wilds;
                # when left is negative, base[left] is SHORT_OF_WILDS: no try
                if room - (above if left else above_free) - base[left] >= self.score:
                    break
                chosen.append(sets)
                self.room += sets[3]
                if unset - value - base[left] < self.score:
                    self.leaf(holding - delta, unset - value, left)
                if index and (above if left else above_free):  # a higher rank may fit
                    self.add_groups(index - 1, holding - delta, unset - value, left)
                chosen.pop()
                self.room -= sets[3]


class _WideSearch(_Search):
    """``_Search`` in a wide context: five suits' runs (the five-suit pack)."""

    __slots__ = ()

    def leaf(self, holding: int, total: int, spare: int) -> None:
        """``_Search.leaf`` over five suits."""
        wilds, base, ctx = self.wilds, self.base, self.ctx
        keys = [holding >> shift & SUIT_MASK for shift in _WIDE_SHIFTS]
        if spare == 0:
            memo0, suit0 = ctx.memo0, ctx.suit0
            runs = 0
            for key in keys:
                known = memo0.get(key)
                runs += suit0(key) if known is None else known
            if not base:
                base.extend([runs] * (wilds + 1))
                base += SHORT_OF_WILDS
            if total - runs < self.score:
                self.score = total - runs
                if self.want_plan:
                    self.found = (self.reading, holding, self.cores(), wilds, (), 0, 0, 0)
            return
        get, suit = self.vectors.get, ctx.suit
        parts = tuple([get(key) or suit(key, wilds) for key in keys])
        chosen = self.chosen
        if spare == 1:
            zero = parts[0][0] + parts[1][0] + parts[2][0] + parts[3][0] + parts[4][0]
            gain = max(parts[0][-1], parts[1][-1], parts[2][-1], parts[3][-1], parts[4][-1])
            if not base:
                base.extend((zero, zero + gain if gain > 0 else zero))
                base += SHORT_OF_WILDS
            if not chosen:
                unmelded = self.reading[3][0]
                score, run_wilds = (total - zero - gain, 1) if -gain < unmelded else (
                    total - zero + unmelded, 0)
                if score < self.score:
                    self.score = score
                    if self.want_plan:
                        self.found = (self.reading, holding, (), 0, parts, run_wilds, 0, 0)
                return
            if not self.several:
                run_wilds = 1 if gain > 0 else 0
                score = total - zero - gain * run_wilds
                if score < self.score:
                    self.score = score
                    if self.want_plan:
                        self.found = (self.reading, holding, self.cores(), wilds - 1, parts,
                                      run_wilds, 1 - run_wilds, 0)
                return
            combined = [zero, zero + gain] if gain > LOW else [zero, NEG]
        else:
            combined = list(parts[0][: spare + 1])
            for vector in parts[1:]:
                combined = convolve(combined, vector)
        self.place_wilds(holding, total, spare, parts, combined)


_WIDE_SHIFTS = tuple(SUIT_BITS * suit for suit in range(5))


def _leftover(
    ctx: Context, combined: list[int], spare: int, set_room: int, costs: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The best use of the wilds the runs leave, when sets cannot take them all: into the
    chosen sets up to the limit, into all-wild melds, or unmelded (the cheapest).

    Returns (penalty of unmelded wilds less the runs' weight, run wilds, set extra, pure).
    """
    best = (1 << 62, 0, 0, 0)
    for run_wilds, value in enumerate(combined):
        if value == NEG:
            continue
        room = spare - run_wilds
        extra, pure = (room, 0) if set_room >= room else (set_room, 0)
        if extra < room and room >= MIN_MELD and ctx.pure_ok:
            for size in pure_sizes(ctx.limit, room):
                if size + min(set_room, room - size) > extra + pure:
                    extra, pure = min(set_room, room - size), size
        unmelded = room - extra - pure
        score = sum(costs[len(costs) - unmelded:]) if unmelded else 0
        if score - value < best[0]:
            best = (score - value, run_wilds, extra, pure)
    return best


def combine(parts: tuple[Vector, ...], spare: int) -> list[int]:
    """The four suits' best total run weight using exactly k = 0..``spare`` wilds, for
    ``spare`` of 2 or more (the leaf works one spare wild out itself)."""
    first, second, third, fourth = parts
    if spare > 2:
        combined = list(first[: spare + 1])
        for vector in parts[1:]:
            combined = convolve(combined, vector)
        return combined
    zero = first[0] + second[0] + third[0] + fourth[0]
    one = sorted((first[-1], second[-1], third[-1], fourth[-1]))
    two = max(first[2] - first[0], second[2] - second[0], third[2] - third[0],
              fourth[2] - fourth[0], one[3] + one[2])
    return [zero, zero + one[3] if one[3] > LOW else NEG, zero + two if two > LOW else NEG]


def convolve(left: list[int], right: Vector) -> list[int]:
    """Max-plus product of two exact-count vectors, cut to ``left``'s length."""
    size = len(left)
    result = [NEG] * size
    for i, a in enumerate(left):
        if a == NEG:
            continue
        for j in range(size - i):
            b = right[j]
            if b != NEG and a + b > result[i + j]:
                result[i + j] = a + b
    return result


_ONE_WILD = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))


def allocate(parts: tuple[Vector, ...], total: int) -> tuple[int, ...]:
    """Split ``total`` wilds among the four suits so that their values reach the best sum."""
    if len(parts) != 4:
        return _allocate_any(parts, total)
    first, second, third, fourth = parts
    if total == 1:  # the common case: the suit that gains most from one wild
        gains = (first[-1], second[-1], third[-1], fourth[-1])
        best = max(gains)  # ties go to the last suit, as in the general loop below
        return _ONE_WILD[3 if gains[3] == best else 2 if gains[2] == best else
                         1 if gains[1] == best else 0]
    best, found = NEG, (0, 0, 0, 0)
    for a in range(total + 1):
        for b in range(total - a + 1):
            for c in range(total - a - b + 1):
                d = total - a - b - c
                value = first[a] + second[b] + third[c] + fourth[d]
                if value > best:
                    best, found = value, (a, b, c, d)
    return found


def _allocate_any(parts: tuple[Vector, ...], total: int) -> tuple[int, ...]:
    """``allocate`` for any number of suits: the first best split in the order of the
    four-suit loop (earlier suits' counts ascending), ties to later suits for one wild."""
    best, found = NEG, (0,) * len(parts)
    for split in _splits(len(parts), total):
        value = sum(vector[count] for vector, count in zip(parts, split, strict=True))
        if value > best:
            best, found = value, split
    return found


def _splits(suits: int, total: int) -> list[tuple[int, ...]]:
    """Every way to split ``total`` among ``suits`` suits, earlier suits' counts ascending."""
    if suits == 1:
        return [(total,)]
    return [(count, *rest) for count in range(total + 1)
            for rest in _splits(suits - 1, total - count)]
