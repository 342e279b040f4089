"""Turning the best plan into melds: which cards, in which order, with wilds in place."""

from __future__ import annotations

from operator import attrgetter

from threethirteen.cards import JOKER, Card
from threethirteen.melds import MIN_MELD, Meld, MeldKind, run_positions
from threethirteen.rules import Ace
from threethirteen.solver.context import MEMO_LIMIT, POOL_SUITS_SHIFT, SLOT_CARDS, Context
from threethirteen.solver.search import Plan, allocate, suit_keys, wide_suit_keys
from threethirteen.solver.tables import card_offsets, present, ranks_of

_CARDS = SLOT_CARDS  # by the solver's place of a card: suit index * 13 + rank - 1
_BY_CODE = attrgetter("code")
_RUN, _SET = MeldKind.RUN, MeldKind.SET  # an enum member's lookup is slow on the hot path


def lay_out(plan: Plan, ctx: Context) -> tuple[list[Meld], list[Card]]:
    """The melds and unmelded cards of the best ``plan`` found."""
    assert plan.found is not None
    reading, holding, sets, set_need, parts, run_wilds, extra, pure = plan.found
    wild_costs = reading[3]
    if wild_costs:  # the dearest wilds are melded, each meld taking from the end
        pool = ctx.pool_cards.get(reading[4]) or _pool_cards(ctx, reading[4])
        melded = set_need + run_wilds + extra + pure
        fillers, unmelded = list(pool[:melded]), list(pool[melded:])  # unmelded: the cheapest
    else:
        fillers, unmelded = [], []
    left_out = bool(unmelded)
    melds: list[Meld] = []
    for _, _, need, naturals, with_one in sets:
        if extra:  # wilds beyond the sets' needs go to the first sets, up to the limit
            more = min(extra, ctx.limit - need)
            extra -= more
            need += more
        if need == 1:
            filler = fillers.pop()
            meld = with_one.get(filler.code)
            if meld is None:
                meld = with_one[filler.code] = Meld(_SET, (*naturals.cards, filler))
            melds.append(meld)
        elif need:
            melds.append(Meld(_SET, naturals.cards + tuple(_take(fillers, need))))
        else:
            melds.append(naturals)
    plain = ctx.suit_layouts
    keys = wide_suit_keys(holding) if ctx.wide else suit_keys(holding)
    if run_wilds:
        allocation = allocate(parts, run_wilds)
        traces, length = ctx.traces, len(wild_costs)
        for suit, key in enumerate(keys):
            wilds = allocation[suit]
            if wilds:
                for spread, used in traces.get(key << 7 | wilds) or _trace(ctx, key, wilds, length):
                    key -= spread
                    melds.append(_run_meld(ctx, spread, suit, fillers, used))
                if key:  # what the runs leave is dead: it has no runs of its own
                    unmelded += (plain.get(key) or _plain_layouts(ctx, key))[suit][1]
            elif key:
                runs, dead = (plain.get(key) or _plain_layouts(ctx, key))[suit]
                melds += runs
                unmelded += dead
    elif ctx.wide:
        for suit, key in enumerate(keys):
            if key:
                runs, dead = (plain.get(key) or _plain_layouts(ctx, key))[suit]
                melds += runs
                unmelded += dead
    else:  # the four suits' memoised layouts, read in one go
        clubs, diamonds, hearts, spades = keys
        clubs_runs, clubs_dead = (plain.get(clubs) or _plain_layouts(ctx, clubs))[0]
        diamonds_runs, diamonds_dead = (plain.get(diamonds) or _plain_layouts(ctx, diamonds))[1]
        hearts_runs, hearts_dead = (plain.get(hearts) or _plain_layouts(ctx, hearts))[2]
        spades_runs, spades_dead = (plain.get(spades) or _plain_layouts(ctx, spades))[3]
        melds += (*clubs_runs, *diamonds_runs, *hearts_runs, *spades_runs)
        unmelded += (*clubs_dead, *diamonds_dead, *hearts_dead, *spades_dead)
    if pure:
        melds.extend(_pure_melds(_take(fillers, pure), ctx.limit))
    assert not fillers, "every melded wild has a place"
    if left_out:
        unmelded.sort(key=_BY_CODE)
    return melds, unmelded


SuitLayout = tuple[tuple[Meld, ...], tuple[Card, ...]]  # runs and dead cards


def _plain_layouts(ctx: Context, key: int) -> tuple[SuitLayout, ...]:
    """The runs and dead cards of the holding ``key`` without wilds, in each suit
    (memoised: all four suits at once, since most holdings recur in every suit)."""
    spreads = [spread for spread, _ in _trace(ctx, key, 0, 0)] if ctx.suit0(key) else []
    dead = card_offsets(key - sum(spreads))
    found = tuple([  # comprehensions of lists: cheaper than generators here
        (tuple([_run_meld(ctx, spread, suit, [], 0) for spread in spreads]) if spreads else (),
         tuple([cards[offset] for offset in dead]))
        for suit, cards in enumerate(ctx.suit_cards)
    ])
    if len(ctx.suit_layouts) > MEMO_LIMIT:
        ctx.suit_layouts.clear()
    ctx.suit_layouts[key] = found
    return found


def _pool_cards(ctx: Context, pool: int) -> tuple[Card, ...]:
    """The wild cards of a reading's ``pool``, in the order of its costs, dearest first
    (memoised); equal costs put the higher code first."""
    wild_rank = [_CARDS[suit * 13 + ctx.wild - 1] for suit in range(ctx.suits - 1, -1, -1)
                 for _ in range(pool >> (POOL_SUITS_SHIFT + 4 * suit) & 15)]
    jokers = [JOKER] * (pool >> 8 & 0xFF)
    found = ctx.pool_cards[pool] = tuple(
        jokers + wild_rank if ctx.joker_weight >= ctx.weight[ctx.wild] else wild_rank + jokers)
    return found


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
        melds.append(Meld(_SET, tuple(_take(cards, size))))
    return melds


Trace = tuple[tuple[int, int], ...]  # (spread, wilds held) per run core
# A run's cards in order with None for its wilds, where they go, and the run filled with
# one wild, by the wild's code
RunShape = tuple[list[Card | None], tuple[int, ...], dict[int, Meld]]


def _trace(ctx: Context, key: int, wilds: int, length: int) -> Trace:
    """The run cores behind a holding's best value with exactly ``wilds`` wilds (memoised);
    values are read from the run vectors of ``length`` (the search's, so they are known)."""
    memo_key = key << 7 | wilds
    found: Trace | None = ctx.traces.get(memo_key)
    if found is not None:
        return found

    vectors, memo0 = ctx.vectors_of(length), ctx.memo0

    def value(holding: int, held: int) -> int:
        if held:
            return (vectors.get(holding) or ctx.suit(holding, length))[held]
        known = memo0.get(holding)
        return ctx.suit0(holding) if known is None else known

    cores: list[tuple[int, int]] = []
    target = value(key, wilds)
    while key and target:
        have = present(key)
        low = have & -have
        if value(key - low, wilds) == target:
            key -= low  # the lowest rank's card is dead
            continue
        for spread, need, cap, weight in ctx.fitting(have, min(wilds, ctx.limit)):
            rest = key - spread
            for used in range(need, min(cap, wilds) + 1):
                rest_value = value(rest, wilds - used)
                if rest_value + weight == target:
                    break
            else:
                continue
            cores.append((spread, used))
            key, wilds, target = rest, wilds - used, rest_value
            break
        else:
            raise AssertionError("a suit's memo explains its own value")  # pragma: no cover
    found = tuple(cores)
    if len(ctx.traces) > MEMO_LIMIT:
        ctx.traces.clear()
    ctx.traces[memo_key] = found
    return found


def _run_meld(ctx: Context, spread: int, suit: int, pool: list[Card], wilds: int) -> Meld:
    """A run in order: naturals at their ranks, and ``wilds`` wilds from the end of
    ``pool`` in the gaps and then at the ends."""
    if not wilds:
        found: Meld | None = ctx.run_melds.get(spread << 3 | suit)
        if found is None:
            naturals = _run_shape(ranks_of(spread), suit, 0, ctx.ace)
            found = ctx.run_melds[spread << 3 | suit] = Meld(_RUN, naturals)  # type: ignore[arg-type]
        return found
    shape_key = (spread << 3 | suit) << 4 | wilds
    found_shape: RunShape | None = ctx.run_shapes.get(shape_key)
    if found_shape is None:
        laid = _run_shape(ranks_of(spread), suit, wilds, ctx.ace)
        holes = tuple(index for index, card in enumerate(laid) if card is None)
        found_shape = ctx.run_shapes[shape_key] = (list(laid), holes, {})
    shape, holes, with_one = found_shape
    if wilds == 1:
        filler = pool.pop()
        meld = with_one.get(filler.code)
        if meld is None:
            cards = shape.copy()
            cards[holes[0]] = filler
            meld = with_one[filler.code] = Meld(_RUN, tuple(cards))  # type: ignore[arg-type]
        return meld
    cards = shape.copy()
    for index in holes:
        cards[index] = pool.pop()
    return Meld(_RUN, tuple(cards))  # type: ignore[arg-type]


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
    shape = tuple(_CARDS[suit * 13 + rank - 1] if rank in held else None
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

