"""The exact hand solver: the arrangement into melds that leaves the least penalty.

How it works (all of it exact, no heuristic):

* Wild cards (jokers, and cards of the wild rank read as wilds) are interchangeable
  inside melds, so they are a count ``W``; melding ``k`` of them always melds the ``k``
  dearest ones. Natural cards go into *cores*: the naturals of one meld.
* A run core lives in one suit. For each suit the solver computes, for every number of
  wilds ``k``, the best value melded in runs using exactly ``k`` wilds. Suits are solved
  independently, memoised on the suit's holding (a small piece real play reuses).
* Set cores are chosen rank by rank; the cards left go to their suit's runs.
* The per-suit vectors, the set cores and an optional all-wild meld are combined over the
  wild count. When the rules restrict wilds (``all_wild_melds`` false or
  ``max_wilds_per_meld``), each way of reading the wild-rank cards as natural or wild is
  tried, since a natural reading can then matter.

The objective is lexicographic: least penalty, then fewest unmelded cards; the second
part makes "melds completely" exact even when a card costs 0 points.

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> arrange(Hand.parse("3s 4s 5c 5s Kd"), wild=5, rules=Rules(ace="high")).deadwood
7
>>> sorted(str(c) for c in go_out_discards(Hand.parse("7h 8h 9h Qs"), wild=3, rules=Rules()))
['Qs']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from threethirteen.cards import JOKER_CODE, SUITS, Card, Hand, Rank, Suit
from threethirteen.melds import MAX_RUN, MIN_MELD, Meld, MeldKind, run_positions, run_span
from threethirteen.rules import Ace, Rules
from threethirteen.scoring import check_wild, rank_points

NEG = -(1 << 60)
SCALE = 128  # a card's weight is points * SCALE + 1: penalty first, then card count
MAX_CARDS = SCALE - 1
MAX_COPIES = 15
UNLIMITED = 1 << 20
NIBBLES = sum(1 << (4 * bit) for bit in range(13))


def _spread(ranks: Iterable[int]) -> int:
    """One unit in the 4-bit field of each rank (1..13)."""
    return sum(1 << (4 * (rank - 1)) for rank in ranks)


def _ranks_of(spread: int) -> list[int]:
    return [bit + 1 for bit in range(13) if spread >> (4 * bit) & 1]


@dataclass(frozen=True, slots=True)
class _Core:
    spread: int  # the core's ranks, one unit per rank field
    need: int  # wilds needed to make it a meld
    cap: int  # most wilds it can hold
    value: int


class _Tables:
    """Run-core shapes for one ``ace`` mode: every rank set with its wild need."""

    def __init__(self, ace: Ace) -> None:
        self.ace = ace
        self.need: dict[int, int] = {}
        self.by_lowest: list[list[tuple[int, int]]] = [[] for _ in range(13)]
        for mask in range(1, 1 << 13):
            ranks = [bit + 1 for bit in range(13) if mask >> bit & 1]
            span = run_span(ranks, ace)
            if span > MAX_RUN:
                continue
            need = max(span, MIN_MELD) - len(ranks)
            spread = _spread(ranks)
            self.need[spread] = need
            self.by_lowest[ranks[0] - 1].append((spread, need))
        for cores in self.by_lowest:
            cores.sort(key=lambda item: item[1])


_TABLES: dict[Ace, _Tables] = {}


def _tables(ace: Ace) -> _Tables:
    if ace not in _TABLES:
        _TABLES[ace] = _Tables(ace)
    return _TABLES[ace]


class _Context:
    """Everything that depends on the rules and the wild rank, with the suit memos."""

    def __init__(self, rules: Rules, wild: int, count_only: bool) -> None:
        self.rules = rules
        self.wild = wild
        self.tables = _tables(rules.ace)
        self.limit = UNLIMITED if rules.max_wilds_per_meld is None else rules.max_wilds_per_meld
        self.pure_ok = rules.all_wild_melds and self.limit >= MIN_MELD
        self.split_wilds = not rules.all_wild_melds or rules.max_wilds_per_meld is not None
        points = [0] + [rank_points(rank, rules) for rank in range(1, 14)]
        if rules.wild_penalty is not None:
            points[wild] = rules.wild_penalty
        self.points = points
        self.joker_points = rules.joker_penalty
        self.weight = [1 if count_only else p * SCALE + 1 for p in points]
        self.joker_weight = 1 if count_only else self.joker_points * SCALE + 1
        self.memo0: dict[int, int] = {}
        self.memo: dict[tuple[int, int], list[int]] = {}
        self.core_lists: dict[tuple[int, int], list[_Core]] = {}

    def cores(self, bit: int, holes: int) -> list[_Core]:
        """Run cores whose lowest rank is ``bit + 1`` needing at most ``holes`` wilds."""
        key = (bit, holes)
        found = self.core_lists.get(key)
        if found is None:
            found = []
            for spread, need in self.tables.by_lowest[bit]:
                if need > holes:
                    break
                ranks = _ranks_of(spread)
                value = sum(self.weight[rank] for rank in ranks)
                cap = min(MAX_RUN - len(ranks), self.limit)
                found.append(_Core(spread, need, cap, value))
            self.core_lists[key] = found
        return found

    # -- one suit, runs only -------------------------------------------------------

    def suit0(self, key: int) -> int:
        """Best value melded in runs from one suit's holding ``key``, with no wilds."""
        if key == 0:
            return 0
        found = self.memo0.get(key)
        if found is not None:
            return found
        present = (key | key >> 1 | key >> 2 | key >> 3) & NIBBLES
        low = present & -present
        bit = low.bit_length() >> 2
        best = self.suit0(key - low)
        for core in self.cores(bit, 0):
            if core.spread & present == core.spread:
                value = core.value + self.suit0(key - core.spread)
                if value > best:
                    best = value
        self.memo0[key] = best
        return best

    def suit(self, key: int, wilds: int) -> list[int]:
        """For k = 0..wilds: best value melded in runs from ``key`` using exactly k wilds."""
        if key == 0:
            return [0] + [NEG] * wilds
        found = self.memo.get((key, wilds))
        if found is not None:
            return found
        present = (key | key >> 1 | key >> 2 | key >> 3) & NIBBLES
        low = present & -present
        bit = low.bit_length() >> 2
        best = list(self.suit(key - low, wilds))
        for core in self.cores(bit, min(wilds, self.limit)):
            if core.spread & present != core.spread:
                continue
            rest = self.suit(key - core.spread, wilds - core.need)
            top = min(core.cap, wilds)
            for used, value in enumerate(rest):
                if value == NEG:
                    continue
                value += core.value
                for k in range(used + core.need, min(used + top, wilds) + 1):
                    if value > best[k]:
                        best[k] = value
        self.memo[(key, wilds)] = best
        return best


_CONTEXTS: dict[tuple[object, ...], _Context] = {}


def _context(rules: Rules, wild: int, count_only: bool = False) -> _Context:
    key = (
        rules.ace, rules.face_values, rules.wild_penalty, rules.joker_penalty,
        rules.all_wild_melds, rules.max_wilds_per_meld, wild, count_only,
    )
    found = _CONTEXTS.get(key)
    if found is None:
        found = _CONTEXTS[key] = _Context(rules, wild, count_only)
    return found


# -- whole hands ---------------------------------------------------------------------


@dataclass(slots=True)
class _Split:
    """A hand cut into natural suit holdings and a pool of wild cards."""

    suits: list[int]  # per suit index: 4-bit count per rank
    wild_costs: list[int]  # weights of the wild-pool cards, dearest first
    wild_codes: list[int]  # their card codes, same order
    natural_weight: int


@dataclass(slots=True)
class _Plan:
    """The best solution found: enough to lay the melds out afterwards."""

    score: int = 1 << 62
    split: _Split | None = None
    keys: tuple[int, ...] = ()  # suit holdings left for runs
    sets: tuple[tuple[int, tuple[int, ...], int], ...] = ()  # (rank, per-suit counts, need)
    parts: tuple[list[int], ...] = ()  # each suit's run vector
    run_wilds: int = 0
    set_extra: int = 0
    pure: int = 0


def _splits(codes: list[int], ctx: _Context) -> Iterable[_Split]:
    """Every reading of the wild-rank cards that can matter (one unless wilds are limited)."""
    wild = ctx.wild
    suits = [0, 0, 0, 0]
    natural_weight = 0
    pool: list[tuple[int, int]] = []
    wild_rank_copies = [0, 0, 0, 0]
    weight = ctx.weight
    for code in codes:
        if code == JOKER_CODE:
            pool.append((ctx.joker_weight, code))
            continue
        suit, rank = divmod(code, 13)
        if rank + 1 == wild:
            wild_rank_copies[suit] += 1
            continue
        suits[suit] += 1 << (4 * rank)
        natural_weight += weight[rank + 1]
    wild_weight = weight[wild]
    if not ctx.split_wilds:
        for suit, copies in enumerate(wild_rank_copies):
            pool.extend([(wild_weight, suit * 13 + wild - 1)] * copies)
        pool.sort(reverse=True)
        yield _Split(suits, [w for w, _ in pool], [c for _, c in pool], natural_weight)
        return
    for naturals in product(*(range(copies + 1) for copies in wild_rank_copies)):
        keys = list(suits)
        entries = list(pool)
        total = natural_weight
        for suit, copies in enumerate(wild_rank_copies):
            natural = naturals[suit]
            keys[suit] += natural << (4 * (wild - 1))
            total += natural * wild_weight
            entries.extend([(wild_weight, suit * 13 + wild - 1)] * (copies - natural))
        entries.sort(reverse=True)
        yield _Split(keys, [w for w, _ in entries], [c for _, c in entries], total)


def _set_options(split: _Split, ctx: _Context, wilds: int) -> list[list[tuple[int, ...]]]:
    """Per rank: the possible set cores as per-suit counts; ranks with none are left out."""
    smallest = MIN_MELD - min(wilds, ctx.limit, MIN_MELD - 1)
    keys = split.suits
    options: list[list[tuple[int, ...]]] = []
    for bit in range(13):
        shift = 4 * bit
        counts = tuple(key >> shift & 15 for key in keys)
        if sum(counts) < smallest:
            options.append([])
            continue
        cores = [c for c in product(*(range(n + 1) for n in counts)) if sum(c) >= smallest]
        options.append(cores)
    return options


def _pure_sizes(ctx: _Context, wilds: int) -> list[int]:
    """Wild counts that all-wild melds can hold exactly, largest first (0 included)."""
    if not ctx.pure_ok:
        return [0]
    reachable = [False] * (wilds + 1)
    reachable[0] = True
    for total in range(MIN_MELD, wilds + 1):
        reachable[total] = any(
            reachable[total - size] for size in range(MIN_MELD, min(ctx.limit, total) + 1)
        )
    return [total for total in range(wilds, -1, -1) if reachable[total]]


def _solve(codes: list[int], ctx: _Context, want_plan: bool) -> _Plan:
    """Search every reading, set choice and wild allocation; keep the best."""
    plan = _Plan()
    for split in _splits(codes, ctx):
        wilds = len(split.wild_costs)
        cheap_costs = [0]
        for cost in reversed(split.wild_costs):
            cheap_costs.append(cheap_costs[-1] + cost)
        search = _SetSearch(split, ctx, wilds, cheap_costs, plan, want_plan)
        search.run(0, list(split.suits), [], 0, 0)
    return plan


class _SetSearch:
    """Choose set cores rank by rank, then score the suits' runs with what is left."""

    def __init__(
        self, split: _Split, ctx: _Context, wilds: int, cheap_costs: list[int], plan: _Plan,
        want_plan: bool,
    ) -> None:
        self.split = split
        self.ctx = ctx
        self.wilds = wilds
        self.cheap_costs = cheap_costs
        self.plan = plan
        self.want_plan = want_plan
        self.options = _set_options(split, ctx, wilds)
        self.pure_sizes = _pure_sizes(ctx, wilds)

    def run(
        self, bit: int, keys: list[int], chosen: list[tuple[int, tuple[int, ...], int]],
        set_value: int, set_need: int,
    ) -> None:
        options = self.options
        while bit < 13 and not options[bit]:
            bit += 1
        if bit == 13:
            self.score(keys, chosen, set_value, set_need)
            return
        self.run(bit + 1, keys, chosen, set_value, set_need)
        weight = self.ctx.weight[bit + 1]
        unit = 1 << (4 * bit)
        for core in options[bit]:
            size = sum(core)
            need = max(0, MIN_MELD - size)
            if set_need + need > self.wilds:
                continue
            inner = [key - count * unit for key, count in zip(keys, core, strict=True)]
            chosen.append((bit + 1, core, need))
            self.run(bit + 1, inner, chosen, set_value + size * weight, set_need + need)
            chosen.pop()

    def score(
        self, keys: list[int], chosen: list[tuple[int, tuple[int, ...], int]], set_value: int,
        set_need: int,
    ) -> None:
        """Combine the suits' run vectors, the sets and all-wild melds over the wild count."""
        ctx, plan, wilds = self.ctx, self.plan, self.wilds
        total = self.split.natural_weight - set_value
        if wilds == 0:
            score = total - sum(ctx.suit0(key) for key in keys)
            if score < plan.score:
                self.keep(score, keys, chosen, (), 0, 0, 0)
            return
        spare = wilds - set_need
        combined = [0] + [NEG] * spare
        parts = []
        for key in keys:
            vector = ctx.suit(key, spare)
            parts.append(vector)
            combined = _convolve(combined, vector)
        set_room = sum(ctx.limit - need for _, _, need in chosen)
        for run_wilds, value in enumerate(combined):
            if value == NEG:
                continue
            room = spare - run_wilds
            extra, pure = min(set_room, room), 0
            for size in self.pure_sizes:
                if size <= room and size + min(set_room, room - size) > extra + pure:
                    extra, pure = min(set_room, room - size), size
            used = set_need + run_wilds + extra + pure
            score = total - value + self.cheap_costs[wilds - used]
            if score < plan.score:
                self.keep(score, keys, chosen, tuple(parts), run_wilds, extra, pure)

    def keep(
        self, score: int, keys: list[int], chosen: list[tuple[int, tuple[int, ...], int]],
        parts: tuple[list[int], ...], run_wilds: int, extra: int, pure: int,
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


def _convolve(left: list[int], right: list[int]) -> list[int]:
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


def _allocate(parts: tuple[list[int], ...], total: int) -> list[int]:
    """Split ``total`` wilds among the suits so that their values reach the combined best."""
    if not parts:
        return [0, 0, 0, 0]
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


# -- public API ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand laid out: melds, unmelded cards, and the penalty of the unmelded ones."""

    deadwood: int
    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        """The solve output fields of INTERFACES.md §2 (without ``go_out_discards``)."""
        return {
            "deadwood": self.deadwood,
            "melds": [[str(card) for card in meld.cards] for meld in self.melds],
            "unmelded": [str(card) for card in self.unmelded],
        }


def _codes(hand: Hand | Iterable[Card]) -> list[int]:
    cards = hand.cards if isinstance(hand, Hand) else tuple(hand)
    if len(cards) > MAX_CARDS:
        raise ValueError(f"a hand of {len(cards)} cards is too large (at most {MAX_CARDS})")
    codes = [card.code for card in cards]
    if any(codes.count(code) > MAX_COPIES for code in set(codes)):
        raise ValueError(f"a hand may hold at most {MAX_COPIES} copies of one card")
    return codes


def deadwood(hand: Hand | Iterable[Card], *, wild: int | str | Rank, rules: Rules) -> int:
    """The least penalty ``hand`` can leave unmelded (no arrangement built)."""
    ctx = _context(rules, int(check_wild(wild)))
    return _solve(_codes(hand), ctx, want_plan=False).score // SCALE


def arrange(hand: Hand | Iterable[Card], *, wild: int | str | Rank, rules: Rules) -> Arrangement:
    """The least penalty ``hand`` can leave, with one arrangement that reaches it."""
    ctx = _context(rules, int(check_wild(wild)))
    plan = _solve(_codes(hand), ctx, want_plan=True)
    return _lay_out(plan, ctx)


def unmelded_count(hand: Hand | Iterable[Card], *, wild: int | str | Rank, rules: Rules) -> int:
    """The fewest cards of ``hand`` any arrangement leaves unmelded."""
    ctx = _context(rules, int(check_wild(wild)), count_only=True)
    return _solve(_codes(hand), ctx, want_plan=False).score


def melds_completely(
    hand: Hand | Iterable[Card], *, wild: int | str | Rank, rules: Rules
) -> bool:
    """True when every card of ``hand`` can be melded."""
    return unmelded_count(hand, wild=wild, rules=rules) == 0


def go_out_discards(
    hand: Hand | Iterable[Card], *, wild: int | str | Rank, rules: Rules
) -> list[Card]:
    """The distinct cards whose discard leaves a hand that melds completely."""
    wild_rank = int(check_wild(wild))
    codes = _codes(hand)
    ctx = _context(rules, wild_rank, count_only=True)
    if not codes or _solve(codes, ctx, want_plan=False).score > 1:
        return []
    found: list[Card] = []
    for code in sorted(set(codes)):
        rest = list(codes)
        rest.remove(code)
        if _solve(rest, ctx, want_plan=False).score == 0:
            found.append(Card.from_code(code))
    return found


# -- laying the plan out as melds ----------------------------------------------------


def _lay_out(plan: _Plan, ctx: _Context) -> Arrangement:
    split = plan.split
    assert split is not None
    wild_cards = [Card.from_code(code) for code in split.wild_codes]
    melded_count = sum(need for _, _, need in plan.sets) + plan.run_wilds + plan.set_extra
    melded_count += plan.pure
    spare_wilds = wild_cards[:melded_count]
    unmelded: list[Card] = wild_cards[melded_count:]
    melds: list[Meld] = []
    extra = plan.set_extra
    for rank, core, need in plan.sets:
        more = min(extra, ctx.limit - need)
        extra -= more
        naturals = [Card(Rank(rank), suit) for suit, n in zip(SUITS, core, strict=True)
                    for _ in range(n)]
        fillers = [spare_wilds.pop() for _ in range(need + more)]
        melds.append(Meld(MeldKind.SET, tuple(naturals + fillers)))
    allocation = _allocate(plan.parts, plan.run_wilds) if plan.parts else [0, 0, 0, 0]
    for suit, key, wilds in zip(SUITS, plan.keys, allocation, strict=True):
        cores, dead = _trace_suit(ctx, key, wilds)
        for spread, count in cores:
            fillers = [spare_wilds.pop() for _ in range(count)]
            melds.append(_run_meld(_ranks_of(spread), suit, fillers, ctx.rules.ace))
        unmelded += [Card(Rank(rank), suit) for rank in dead]
    if plan.pure:
        melds.extend(_pure_melds(spare_wilds, plan.pure, ctx.limit))
    assert not spare_wilds, "every melded wild has a place"
    points = sum(_points(card, ctx) for card in unmelded)
    return Arrangement(points, tuple(melds), tuple(sorted(unmelded, key=Card.sort_key)))


def _pure_melds(pool: list[Card], count: int, limit: int) -> list[Meld]:
    """Cut ``count`` wilds from ``pool`` into all-wild sets of 3 to ``limit`` cards."""
    sizes: list[int] = []
    left = count
    while left:
        size = min(left, limit)
        if 0 < left - size < MIN_MELD:
            size = left - MIN_MELD
        sizes.append(size)
        left -= size
    return [Meld(MeldKind.SET, tuple(pool.pop() for _ in range(size))) for size in sizes]


def _points(card: Card, ctx: _Context) -> int:
    return ctx.joker_points if card.rank is None else ctx.points[card.rank]


def _suit_value(ctx: _Context, key: int, wilds: int) -> int:
    return ctx.suit(key, wilds)[wilds] if wilds else ctx.suit0(key)


def _trace_suit(ctx: _Context, key: int, wilds: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Recover the run cores (spread, wilds) and dead ranks behind a suit's best value."""
    cores: list[tuple[int, int]] = []
    dead: list[int] = []
    while key:
        present = (key | key >> 1 | key >> 2 | key >> 3) & NIBBLES
        low = present & -present
        bit = low.bit_length() >> 2
        target = _suit_value(ctx, key, wilds)
        if _suit_value(ctx, key - low, wilds) == target:
            dead.append(bit + 1)
            key -= low
            continue
        for core in ctx.cores(bit, min(wilds, ctx.limit)):
            if core.spread & present != core.spread:
                continue
            rest = key - core.spread
            for used in range(core.need, min(core.cap, wilds) + 1):
                value = _suit_value(ctx, rest, wilds - used)
                if value != NEG and value + core.value == target:
                    cores.append((core.spread, used))
                    key, wilds = rest, wilds - used
                    break
            else:
                continue
            break
        else:  # pragma: no cover - the memo always explains its own value
            raise AssertionError("suit trace lost its way")
    return cores, dead


def _run_meld(ranks: list[int], suit: Suit, fillers: list[Card], ace: Ace) -> Meld:
    """Lay a run out in order: naturals at their positions, wilds in the gaps and at the ends."""
    length = len(ranks) + len(fillers)
    if ace is Ace.WRAP:
        start = _wrap_start(ranks)
        ranks_at = [(start - 1 + offset) % 13 + 1 for offset in range(length)]
    else:
        positions = min(run_positions(ranks, ace), key=lambda p: max(p) - min(p))
        first, last = (2, 14) if ace is Ace.HIGH else (1, 14 if ace is Ace.BOTH else 13)
        start = min(min(positions), last - length + 1)
        ranks_at = [(start + offset - 1) % 13 + 1 for offset in range(length)]
        assert start >= first
    naturals = {rank: Card(Rank(rank), suit) for rank in ranks}
    pool = list(fillers)
    cards = tuple(naturals.pop(rank) if rank in naturals else pool.pop() for rank in ranks_at)
    assert not naturals and not pool
    return Meld(MeldKind.RUN, cards)


def _wrap_start(ranks: list[int]) -> int:
    """The rank where the shortest circular window holding ``ranks`` begins."""
    ordered = sorted(ranks)
    best_gap, start = -1, ordered[0]
    for index, rank in enumerate(ordered):
        following = ordered[(index + 1) % len(ordered)]
        gap = (following - rank) % 13 or 13
        if gap > best_gap:
            best_gap, start = gap, following
    return start
