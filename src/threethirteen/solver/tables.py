"""Run-core shapes: for each set of ranks in one suit, the wilds a run needs around them.

A suit's holding is an integer with a 4-bit count per rank (rank r at bits 4(r-1)); a
*spread* has one unit in the field of each rank it holds, so ``holding - spread`` takes one
card of each of those ranks out.
"""

from __future__ import annotations

from collections.abc import Iterable

from threethirteen.melds import MAX_RUN, MIN_MELD, run_span
from threethirteen.rules import Ace

NIBBLES = sum(1 << (4 * bit) for bit in range(13))
NO_RUN = 1 << 8  # the "need" of ranks no run can hold


def spread_of(ranks: Iterable[int]) -> int:
    """One unit in the 4-bit field of each rank (1..13).

    >>> hex(spread_of([1, 3]))
    '0x101'
    """
    return sum(1 << (4 * (rank - 1)) for rank in ranks)


def ranks_of(spread: int) -> list[int]:
    """The ranks whose field is non-zero in ``spread``, lowest first.

    >>> ranks_of(0x2010)
    [2, 4]
    """
    have = present(spread)
    ranks = []
    while have:
        low = have & -have
        have ^= low
        ranks.append(low.bit_length() + 3 >> 2)
    return ranks


def card_offsets(holding: int) -> list[int]:
    """The rank - 1 of each card of a suit's holding, with repeats, lowest first.

    >>> card_offsets(0x2010)
    [1, 3, 3]
    """
    low = _OFFSETS.get(holding & _LOW_RANKS)  # ranks 1-7, then 8-13: each group memoised
    if low is None:
        low = _group_offsets(holding & _LOW_RANKS, 0)
    high = _OFFSETS.get(holding >> 28 | _HIGH)
    if high is None:
        high = _group_offsets(holding >> 28, 7)
    return low + high


_LOW_RANKS = (1 << 28) - 1
_HIGH = 1 << 28  # marks a group of ranks 8-13 in the memo's keys
_OFFSETS: dict[int, list[int]] = {}


def _group_offsets(group: int, first: int) -> list[int]:
    """``card_offsets`` of the ranks of ``group``, whose lowest has offset ``first``."""
    found = _OFFSETS[group | _HIGH if first else group] = [
        first + index for index in range(7) for _ in range(group >> 4 * index & 15)]
    return found


def present(holding: int) -> int:
    """The spread of the ranks a holding has at least one card of."""
    return (holding | holding >> 1 | holding >> 2 | holding >> 3) & NIBBLES


class RunShapes:
    """Every rank set that can be the naturals of a run under one ``ace`` mode.

    ``need[mask]`` (bit r - 1 of ``mask`` for rank r) is the number of wilds that fill the
    gaps of a run of those ranks and bring it to three cards, ``NO_RUN`` if no run holds
    them all.
    """

    def __init__(self, ace: Ace) -> None:
        self.ace = ace
        self.need: list[int] = [NO_RUN] * (1 << 13)
        for mask in range(1, 1 << 13):
            ranks = [bit + 1 for bit in range(13) if mask >> bit & 1]
            span = run_span(ranks, ace)
            if span <= MAX_RUN:
                self.need[mask] = max(span, MIN_MELD) - len(ranks)


_SHAPES: dict[Ace, RunShapes] = {}


def run_shapes(ace: Ace) -> RunShapes:
    """The (cached) run shapes of one ace mode."""
    found = _SHAPES.get(ace)
    if found is None:
        found = _SHAPES[ace] = RunShapes(ace)
    return found
