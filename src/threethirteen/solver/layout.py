"""Turning the best plan into melds: which cards, in which order, with wilds in place."""

from __future__ import annotations

from threethirteen.cards import Card
from threethirteen.melds import MIN_MELD, Meld, MeldKind, run_positions
from threethirteen.rules import Ace
from threethirteen.solver.context import NEG, Context
from threethirteen.solver.search import Plan, allocate
from threethirteen.solver.tables import present, ranks_of


def lay_out(plan: Plan, ctx: Context) -> tuple[list[Meld], list[Card]]:
    """The melds and unmelded cards of ``plan``."""
    split = plan.split
    assert split is not None
    melded_count = plan.set_need + plan.run_wilds + plan.set_extra + plan.pure
    if split.wild_codes:
        wild_cards = [Card.from_code(code) for code in split.wild_codes]
        fillers, unmelded = wild_cards[:melded_count], wild_cards[melded_count:]
    else:
        wild_cards, fillers, unmelded = [], [], []
    melds: list[Meld] = []
    extra = plan.set_extra
    for rank, core, need in plan.sets:
        more = min(extra, ctx.limit - need)
        extra -= more
        melds.append(_set_meld(rank, core, _take(fillers, need + more)))
    allocation = allocate(plan.parts, plan.run_wilds) if plan.run_wilds else (0, 0, 0, 0)
    traces = ctx.traces
    for suit, (key, wilds) in enumerate(zip(plan.keys, allocation, strict=True)):
        if not key:
            continue
        trace = traces.get(key << 9 | wilds << 2 | suit)
        if trace is None:
            trace = traces[key << 9 | wilds << 2 | suit] = _trace(ctx, suit, key, wilds)
        cores, dead = trace
        for spread, count, ready in cores:
            melds.append(ready or _run_meld(spread, suit, _take(fillers, count), ctx.ace))
        unmelded += dead
    if plan.pure:
        melds.extend(_pure_melds(_take(fillers, plan.pure), ctx.limit))
    assert not fillers, "every melded wild has a place"
    if len(wild_cards) > melded_count:
        unmelded.sort(key=_by_code)
    return melds, unmelded


def _by_code(card: Card) -> int:
    return card.code


def _take(pool: list[Card], count: int) -> list[Card]:
    taken = pool[len(pool) - count :] if count else []
    del pool[len(pool) - count :]
    return taken


def _pure_melds(cards: list[Card], limit: int) -> list[Meld]:
    """Cut wilds into all-wild sets of 3 to ``limit`` cards."""
    melds = []
    while cards:
        size = min(len(cards), limit)
        if 0 < len(cards) - size < MIN_MELD:
            size = len(cards) - MIN_MELD
        melds.append(Meld(MeldKind.SET, tuple(_take(cards, size))))
    return melds


Trace = tuple[tuple[tuple[int, int, Meld | None], ...], tuple[Card, ...]]
RankTrace = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]


def _trace(ctx: Context, suit: int, key: int, wilds: int) -> Trace:
    """The run cores (spread, wilds held, the meld when it holds none) and dead cards behind a
    suit's best value, in ``suit``; the layout memoises it per holding and suit."""
    cores, dead = _rank_trace(ctx, key, wilds)
    laid = tuple(
        (spread, count, None if count else _run_meld(spread, suit, [], ctx.ace))
        for spread, count in cores
    )
    return laid, tuple(Card.from_code(suit * 13 + bit) for bit in dead)


def _rank_trace(ctx: Context, key: int, wilds: int) -> RankTrace:
    """The run cores and dead ranks (bits) of a holding, whatever its suit (memoised)."""
    memo_key = key << 7 | wilds
    found: RankTrace | None = ctx.rank_traces.get(memo_key)
    if found is not None:
        return found
    cores: list[tuple[int, int]] = []
    dead: list[int] = []
    if ctx.suit_value(key, wilds) == 0:
        key, dead = 0, [bit for bit in range(13) for _ in range(key >> (4 * bit) & 15)]
    while key:
        have = present(key)
        low = have & -have
        bit = low.bit_length() >> 2
        target = ctx.suit_value(key, wilds)
        if ctx.suit_value(key - low, wilds) == target:
            dead.append(bit)
            key -= low
            continue
        key, wilds = _follow_core(ctx, key, have, bit, wilds, target, cores)
    traced: RankTrace = (tuple(cores), tuple(dead))
    ctx.rank_traces[memo_key] = traced
    return traced


def _follow_core(
    ctx: Context, key: int, have: int, bit: int, wilds: int, target: int,
    cores: list[tuple[int, int]],
) -> tuple[int, int]:
    for core in ctx.cores(bit, min(wilds, ctx.limit)):
        if core.spread & have != core.spread:
            continue
        rest = key - core.spread
        for used in range(core.need, min(core.cap, wilds) + 1):
            value = ctx.suit_value(rest, wilds - used)
            if value != NEG and value + core.value == target:
                cores.append((core.spread, used))
                return rest, wilds - used
    raise AssertionError("a suit's memo always explains its own value")  # pragma: no cover


_SET_MELDS: dict[tuple[int, tuple[int, ...]], Meld] = {}
_RUN_SHAPES: dict[tuple[int, int, int, Ace], tuple[Card | None, ...]] = {}


def _set_meld(rank: int, core: tuple[int, ...], fillers: list[Card]) -> Meld:
    """A set of the naturals ``core`` (per-suit counts) of ``rank``, then its wilds."""
    plain = _SET_MELDS.get((rank, core))
    if plain is None:
        naturals = tuple(Card.from_code(suit * 13 + rank - 1) for suit, n in enumerate(core)
                         for _ in range(n))
        plain = _SET_MELDS[(rank, core)] = Meld(MeldKind.SET, naturals)
    return Meld(MeldKind.SET, plain.cards + tuple(fillers)) if fillers else plain


def _run_meld(spread: int, suit: int, fillers: list[Card], ace: Ace) -> Meld:
    """A run in order: naturals at their ranks, wilds in the gaps and then at the ends."""
    shape_key = (spread, suit, len(fillers), ace)
    shape = _RUN_SHAPES.get(shape_key)
    if shape is None:
        shape = _RUN_SHAPES[shape_key] = _run_shape(ranks_of(spread), suit, len(fillers), ace)
    if not fillers:
        return Meld(MeldKind.RUN, shape)  # type: ignore[arg-type]
    return Meld(MeldKind.RUN, tuple(fillers.pop() if card is None else card for card in shape))


def _run_shape(ranks: list[int], suit: int, fillers: int, ace: Ace) -> tuple[Card | None, ...]:
    """The run's cards in order, None where a wild stands."""
    length = len(ranks) + fillers
    if ace is Ace.WRAP:
        start = _wrap_start(ranks)
    else:
        positions = min(run_positions(ranks, ace), key=lambda p: max(p) - min(p))
        last = 14 if ace in (Ace.HIGH, Ace.BOTH) else 13
        start = min(min(positions), last - length + 1)
    ranks_at = [(start + offset - 1) % 13 + 1 for offset in range(length)]
    held = set(ranks)
    shape = tuple(Card.from_code(suit * 13 + rank - 1) if rank in held else None
                  for rank in ranks_at)
    assert sum(card is not None for card in shape) == len(ranks)
    return shape


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

