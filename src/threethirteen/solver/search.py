"""The whole-hand search: readings of the wild-rank cards, set cores, wild allocation.

Wild cards (jokers, and cards of the wild rank read as wilds) are interchangeable inside
melds, so they are a count; melding k of them always melds the k dearest. Natural cards
go into *cores*, the naturals of one meld: set cores are chosen rank by rank, the cards
left go to their suit's runs, and the suits' exact-count vectors are combined with the
sets and any all-wild melds over the number of wilds used.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from threethirteen.cards import JOKER_CODE
from threethirteen.melds import MAX_RUN, MIN_MELD
from threethirteen.solver.context import NEG, Context

SetCore = tuple[int, tuple[int, ...], int]  # (rank, per-suit counts, wilds needed)


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
    keys: tuple[int, ...] = ()  # suit holdings left for runs
    sets: tuple[SetCore, ...] = ()
    parts: tuple[list[int], ...] = ()  # each suit's exact-count run vector
    run_wilds: int = 0
    set_extra: int = 0  # wilds beyond their needs, held by the set cores
    pure: int = 0  # wilds in all-wild melds


def splits(codes: list[int], ctx: Context) -> Iterator[Split]:
    """Every reading of the wild-rank cards that can matter.

    Without limits on wilds a wild-rank card gains nothing by standing for itself, so it
    is simply wild; otherwise each count of natural copies per suit is tried.
    """
    wild = ctx.wild
    weight = ctx.weight
    suits = [0, 0, 0, 0]
    totals = [0] * 14
    natural_weight = 0
    jokers = 0
    wild_rank_copies = [0, 0, 0, 0]
    for code in codes:
        if code == JOKER_CODE:
            jokers += 1
            continue
        suit, bit = divmod(code, 13)
        if bit + 1 == wild:
            wild_rank_copies[suit] += 1
            continue
        suits[suit] += 1 << (4 * bit)
        totals[bit + 1] += 1
        natural_weight += weight[bit + 1]
    readings = (
        product(*(range(copies + 1) for copies in wild_rank_copies))
        if ctx.split_wilds
        else [(0, 0, 0, 0)]
    )
    wild_weight = weight[wild]
    for naturals in readings:
        pool = [(ctx.joker_weight, JOKER_CODE)] * jokers
        keys = list(suits)
        rank_totals = totals
        total_weight = natural_weight
        if any(naturals):
            rank_totals = list(totals)
            rank_totals[wild] += sum(naturals)
        for suit, copies in enumerate(wild_rank_copies):
            if naturals[suit]:
                keys[suit] += naturals[suit] << (4 * (wild - 1))
                total_weight += naturals[suit] * wild_weight
            if copies > naturals[suit]:
                pool += [(wild_weight, suit * 13 + wild - 1)] * (copies - naturals[suit])
        if len(pool) > 1:
            pool.sort(reverse=True)
        yield Split(keys, rank_totals, [w for w, _ in pool], [c for _, c in pool], total_weight)


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
    """Choose set cores rank by rank, then score the suits' runs with what is left."""

    def __init__(self, split: Split, ctx: Context, plan: Plan, want_plan: bool) -> None:
        self.split = split
        self.ctx = ctx
        self.plan = plan
        self.want_plan = want_plan
        self.wilds = wilds = len(split.wild_costs)
        self.cheap_costs = [0]
        for cost in reversed(split.wild_costs):
            self.cheap_costs.append(self.cheap_costs[-1] + cost)
        # One natural plus two wilds is also a run core, which the suits already try; a
        # set of one natural is only needed when a run's 13-card cap could bind.
        smallest = MIN_MELD - min(wilds, ctx.limit, MIN_MELD - 1)
        if smallest == 1 and wilds < MAX_RUN - 1:
            smallest = 2
        self.smallest = smallest
        self.ranks = [rank for rank in range(1, 14) if split.rank_totals[rank] >= smallest]

    def start(self) -> None:
        self.descend(0, self.split.suits, [], 0, 0)

    def descend(
        self, index: int, keys: list[int], chosen: list[SetCore], set_value: int, set_need: int
    ) -> None:
        if index == len(self.ranks):
            self.score(keys, chosen, set_value, set_need)
            return
        self.descend(index + 1, keys, chosen, set_value, set_need)
        rank = self.ranks[index]
        shift = 4 * (rank - 1)
        weight = self.ctx.weight[rank]
        counts = (keys[0] >> shift & 15, keys[1] >> shift & 15, keys[2] >> shift & 15,
                  keys[3] >> shift & 15)
        for size, core in sub_multisets(counts):
            if size < self.smallest or self.plan.score == 0:
                break
            need = MIN_MELD - size if size < MIN_MELD else 0
            if set_need + need > self.wilds:
                continue
            inner = [key - (count << shift) for key, count in zip(keys, core, strict=True)]
            chosen.append((rank, core, need))
            self.descend(index + 1, inner, chosen, set_value + size * weight, set_need + need)
            chosen.pop()

    def score(self, keys: list[int], chosen: list[SetCore], set_value: int, set_need: int) -> None:
        """Combine the suits' run vectors, the sets and all-wild melds over the wild count."""
        ctx, plan = self.ctx, self.plan
        total = self.split.natural_weight - set_value
        spare = self.wilds - set_need
        if spare == 0:
            suit0 = ctx.suit0
            score = total - suit0(keys[0]) - suit0(keys[1]) - suit0(keys[2]) - suit0(keys[3])
            if score < plan.score:
                self.keep(score, keys, chosen, (), 0, 0, 0)
            return
        suit = ctx.suit
        parts = (suit(keys[0], spare), suit(keys[1], spare), suit(keys[2], spare),
                 suit(keys[3], spare))
        if total - max(parts[0]) - max(parts[1]) - max(parts[2]) - max(parts[3]) >= plan.score:
            return  # even melding every wild for free could not beat the best so far
        combined = parts[0]
        for key, vector in zip(keys[1:], parts[1:], strict=True):
            if key:
                combined = convolve(combined, vector)
        set_room = sum(ctx.limit - need for _, _, need in chosen)
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
            plan.keys = tuple(keys)
            plan.sets = tuple(chosen)
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


def allocate(parts: tuple[list[int], ...], total: int) -> list[int]:
    """Split ``total`` wilds among the suits so that their values reach the combined best."""
    if not parts:
        return [0] * 4
    best: list[tuple[int, tuple[int, ...]]] = [(0, ())] + [(NEG, ())] * total
    for vector in parts:
        step: list[tuple[int, tuple[int, ...]]] = [(NEG, ())] * (total + 1)
        for used, (value, picks) in enumerate(best):
            if value == NEG:
                continue
            for k in range(total - used + 1):
                extra = vector[k]
                if extra != NEG and value + extra > step[used + k][0]:
                    step[used + k] = (value + extra, (*picks, k))
        best = step
    return list(best[total][1])
