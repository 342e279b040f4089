"""The whole-hand search: readings of the wild-rank cards, set cores, wild allocation.

Wild cards (jokers, and cards of the wild rank read as wilds) are interchangeable inside
melds, so they are a count; melding k of them always melds the k dearest. Natural cards
go into *cores*, the naturals of one meld: set cores are chosen rank by rank, the cards
left go to their suit's runs, and the suits' exact-count vectors are combined with the
sets and any all-wild melds over the number of wilds used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from threethirteen.cards import JOKER_CODE
from threethirteen.melds import MAX_RUN, MIN_MELD
from threethirteen.solver.context import NEG, UNLIMITED, Context

SetCore = tuple[int, tuple[int, ...], int]  # (rank, per-suit counts, wilds needed)
SetOption = tuple[int, int, tuple[int, ...], SetCore]  # (need, weight, key deltas, core)


@dataclass(slots=True)
class Split:
    """A hand cut into natural suit holdings and a pool of wild cards."""

    suits: list[int]  # per suit index: a 4-bit count per rank
    rank_totals: list[int]  # natural cards per rank (index 1..13)
    wild_costs: list[int]  # weights of the wild-pool cards, dearest first
    wild_codes: list[int]  # their card codes, in the same order
    natural_weight: int


@dataclass(slots=True)
class Plan:
    """The best solution found so far, with what it takes to lay its melds out."""

    score: int = 1 << 62
    split: Split | None = None
    keys: list[int] = field(default_factory=list)  # suit holdings left for runs
    sets: tuple[SetCore, ...] = ()
    parts: tuple[list[int], ...] = ()  # each suit's exact-count run vector
    run_wilds: int = 0
    set_need: int = 0  # wilds the set cores need
    set_extra: int = 0  # wilds beyond their needs, held by the set cores
    pure: int = 0  # wilds in all-wild melds


def splits(codes: list[int], ctx: Context) -> list[Split]:
    """Every reading of the wild-rank cards that can matter.

    Without limits on wilds a wild-rank card gains nothing by standing for itself, so it
    is simply wild; otherwise each count of natural copies per suit is tried.
    """
    wild = ctx.wild
    weight = ctx.weight
    info = ctx.code_info
    suits = [0, 0, 0, 0]
    totals = [0] * 14
    natural_weight = 0
    pool: list[tuple[int, int]] = []
    wild_rank_copies = [0, 0, 0, 0]
    for code in codes:
        entry = info[code]
        if entry is None:
            if code == JOKER_CODE:
                pool.append((ctx.joker_weight, code))
            else:
                wild_rank_copies[code // 13] += 1
            continue
        suit, unit, rank = entry
        suits[suit] += unit
        totals[rank] += 1
        natural_weight += weight[rank]
    if not ctx.split_wilds:
        if any(wild_rank_copies):
            for suit, copies in enumerate(wild_rank_copies):
                pool += [(weight[wild], suit * 13 + wild - 1)] * copies
        return [_split(suits, totals, pool, natural_weight)]
    readings = []
    for naturals in product(*(range(copies + 1) for copies in wild_rank_copies)):
        keys = list(suits)
        rank_totals = list(totals)
        rank_totals[wild] += sum(naturals)
        entries = list(pool)
        for suit, copies in enumerate(wild_rank_copies):
            keys[suit] += naturals[suit] << (4 * (wild - 1))
            entries += [(weight[wild], suit * 13 + wild - 1)] * (copies - naturals[suit])
        readings.append(_split(keys, rank_totals, entries,
                               natural_weight + sum(naturals) * weight[wild]))
    return readings


def _split(suits: list[int], totals: list[int], pool: list[tuple[int, int]], weight: int) -> Split:
    if not pool:
        return Split(suits, totals, [], [], weight)
    if len(pool) > 1:
        pool.sort(reverse=True)
    return Split(suits, totals, [w for w, _ in pool], [c for _, c in pool], weight)


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


@lru_cache(maxsize=1024)
def set_options(
    ctx: Context, rank: int, counts: tuple[int, ...], smallest: int
) -> list[SetOption]:
    """The set cores of at least ``smallest`` cards from ``counts`` of ``rank``, largest first."""
    cache_key = (rank, counts, smallest)
    found = ctx.set_options.get(cache_key)
    if found is None:
        shift = 4 * (rank - 1)
        weight = ctx.weight[rank]
        found = []
        for size, core in sub_multisets(counts):
            if size < smallest:
                break
            need = MIN_MELD - size if size < MIN_MELD else 0
            found.append((need, size * weight, tuple(n << shift for n in core), (rank, core, need)))
        ctx.set_options[cache_key] = found
    return found


def pure_sizes(limit: int, wilds: int) -> tuple[int, ...]:
    """Wild counts that all-wild melds of 3..``limit`` cards hold exactly, largest first."""
    reachable = [True] + [False] * wilds
    for total in range(MIN_MELD, wilds + 1):
        reachable[total] = any(
            reachable[total - size] for size in range(MIN_MELD, min(limit, total) + 1)
        )
    return tuple(total for total in range(wilds, -1, -1) if reachable[total])


def solve(codes: list[int], ctx: Context, want_plan: bool) -> Plan:
    """The best plan over every reading, set choice and wild allocation."""
    plan = Plan()
    for split in splits(codes, ctx):
        _Search(split, ctx, plan, want_plan).start()
        if plan.score == 0:
            break
    return plan


class _Search:
    """Choose set cores rank by rank, then score the suits' runs with what is left.

    The first leaf reached chooses no set; its run values bound every later leaf, since
    taking cards out of a suit never lets it meld more with the same wilds.
    """

    def __init__(self, split: Split, ctx: Context, plan: Plan, want_plan: bool) -> None:
        self.split = split
        self.ctx = ctx
        self.plan = plan
        self.want_plan = want_plan
        self.wilds = wilds = len(split.wild_costs)
        self.cheap_costs = [0]
        if wilds:
            for cost in reversed(split.wild_costs):
                self.cheap_costs.append(self.cheap_costs[-1] + cost)
        # One natural plus two wilds is also a run core, which the suits already try; a
        # set of one natural is only needed when a run's 13-card cap could bind.
        smallest = MIN_MELD - min(wilds, ctx.limit, MIN_MELD - 1)
        if smallest == 1 and wilds < MAX_RUN - 1:
            smallest = 2
        self.options: list[list[SetOption]] = []
        keys = split.suits
        totals = split.rank_totals
        for rank in [rank for rank in range(1, 14) if totals[rank] >= smallest]:
            shift = 4 * (rank - 1)
            counts = (keys[0] >> shift & 15, keys[1] >> shift & 15, keys[2] >> shift & 15,
                      keys[3] >> shift & 15)
            self.options.append(set_options(ctx, rank, counts, smallest))
        # most weight the set cores of ranks from index i on could add, with wilds to
        # spare (``later``) or without (``later_free``: cores of three naturals or more)
        count = len(self.options)
        self.later = later = [0] * (count + 1)
        self.later_free = later_free = [0] * (count + 1)
        for index in range(count - 1, -1, -1):
            options = self.options[index]
            later[index] = later[index + 1] + options[0][1]
            free = options[0][1] if not options[0][0] else 0  # largest first: free or none
            later_free[index] = later_free[index + 1] + free
        self.base_runs: list[int] | None = None  # best runs with at most k wilds, no sets
        self.several = ctx.limit < UNLIMITED  # several sets of one rank can then matter

    def start(self) -> None:
        self.descend(0, self.split.suits, [], 0, 0)

    def descend(
        self, index: int, keys: list[int], chosen: list[SetCore], set_value: int, set_need: int
    ) -> None:
        """Try the ranks from ``index`` on: no set core, or some (several, if wilds are limited)."""
        if index == len(self.options):
            self.score(keys, chosen, set_value, set_need)
            return
        self.descend(index + 1, keys, chosen, set_value, set_need)
        self.more_sets(index, 0, keys, chosen, set_value, set_need, again=False)

    def more_sets(
        self, index: int, first: int, keys: list[int], chosen: list[SetCore], set_value: int,
        set_need: int, *, again: bool,
    ) -> None:
        """Add a set core of the rank at ``index``, from option ``first`` on.

        Without a limit on wilds one set per rank is enough (sets are unbounded); with a
        limit, further sets of the same rank may hold more wilds, in non-increasing order.
        """
        wilds = self.wilds
        base = self.base_runs
        assert base is not None, "the first leaf sets the bound"
        options = self.options[index]
        room = self.split.natural_weight - set_value
        if self.several:
            room -= options[0][1]  # further sets of this rank may add up to all its cards
        later, later_free = self.later[index + 1], self.later_free[index + 1]
        for position in range(first, len(options)):
            need, value, deltas, core = options[position]
            left = wilds - set_need - need
            if left < 0:
                continue
            if room - value - (later if left else later_free) - base[left] >= self.plan.score:
                continue  # no choice below this one can beat the best so far
            if again:  # a further set: the rank's cards may already be spent
                shift = 4 * (core[0] - 1)
                if any((key >> shift & 15) < n for key, n in zip(keys, core[1], strict=True)):
                    continue
            inner = [keys[0] - deltas[0], keys[1] - deltas[1], keys[2] - deltas[2],
                     keys[3] - deltas[3]]
            chosen.append(core)
            self.descend(index + 1, inner, chosen, set_value + value, set_need + need)
            if self.several:
                self.more_sets(index, position, inner, chosen, set_value + value,
                               set_need + need, again=True)
            chosen.pop()

    def score(self, keys: list[int], chosen: list[SetCore], set_value: int, set_need: int) -> None:
        """Combine the suits' run vectors, the sets and all-wild melds over the wild count."""
        ctx, plan = self.ctx, self.plan
        total = self.split.natural_weight - set_value
        spare = self.wilds - set_need
        base = self.base_runs
        if base is not None and total - base[spare] >= plan.score:
            return  # these runs cannot beat the runs of the hand without sets
        if spare == 0:
            suit0 = ctx.suit0
            runs = suit0(keys[0]) + suit0(keys[1]) + suit0(keys[2]) + suit0(keys[3])
            if base is None:
                self.base_runs = [runs] * (self.wilds + 1)
            if total - runs < plan.score:
                self.keep(total - runs, keys, chosen, (), 0, 0, 0)
            return
        # exact-count entries do not depend on a vector's length: one length for all leaves
        suit, wilds = ctx.suit, self.wilds
        parts = (suit(keys[0], wilds), suit(keys[1], wilds), suit(keys[2], wilds),
                 suit(keys[3], wilds))
        if spare == 1:  # the common case, without the general product
            zero = parts[0][0] + parts[1][0] + parts[2][0] + parts[3][0]
            gain = NEG
            for vector in parts:
                if vector[1] != NEG and vector[1] - vector[0] > gain:
                    gain = vector[1] - vector[0]
            combined = [zero, NEG if gain == NEG else zero + gain]
        else:
            combined = parts[0][: spare + 1]
            for key, vector in zip(keys[1:], parts[1:], strict=True):
                if key:
                    combined = convolve(combined, vector)
        if base is None:
            self.base_runs = base = list(combined)
            for k in range(1, len(base)):
                base[k] = max(base[k], base[k - 1])
        set_room = sum(ctx.limit - need for _, _, need in chosen) if chosen else 0
        pure_ok = ctx.pure_ok
        for run_wilds, value in enumerate(combined):
            if value == NEG:
                continue
            room = spare - run_wilds
            extra, pure = (room, 0) if set_room >= room else (set_room, 0)
            if pure_ok and extra < room and room >= MIN_MELD:
                for size in pure_sizes(ctx.limit, room):
                    if size + min(set_room, room - size) > extra + pure:
                        extra, pure = min(set_room, room - size), size
            score = total - value + self.cheap_costs[room - extra - pure]
            if score < plan.score:
                self.keep(score, keys, chosen, parts, run_wilds, extra, pure)

    def keep(
        self, score: int, keys: list[int], chosen: list[SetCore], parts: tuple[list[int], ...],
        run_wilds: int, extra: int, pure: int,
    ) -> None:
        plan = self.plan
        plan.score = score
        if self.want_plan:
            plan.split = self.split
            plan.keys = keys  # never changed once made: each set choice makes a new list
            plan.sets = tuple(chosen)
            plan.set_need = sum(need for _, _, need in chosen) if chosen else 0
            plan.parts = parts
            plan.run_wilds = run_wilds
            plan.set_extra = extra
            plan.pure = pure


def convolve(left: list[int], right: list[int]) -> list[int]:
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


def allocate(parts: tuple[list[int], ...], total: int) -> tuple[int, ...]:
    """Split ``total`` wilds among the four suits so that their values reach the best sum."""
    best, found = NEG, (0, 0, 0, 0)
    first, second, third, fourth = parts
    for a in range(total + 1):
        for b in range(total - a + 1):
            for c in range(total - a - b + 1):
                d = total - a - b - c
                value = first[a] + second[b] + third[c] + fourth[d]
                if value > best:
                    best, found = value, (a, b, c, d)
    return found
