"""What the solver knows for one rules set and wild rank: weights, limits, suit memos.

The suit memos are the solver's only caches: one suit's holding, solved for runs, is a
piece that recurs across hands, turns and games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from threethirteen.melds import MAX_RUN, MIN_MELD
from threethirteen.rules import Rules
from threethirteen.scoring import rank_points
from threethirteen.solver.tables import present, ranks_of, run_shapes

NEG = -(1 << 60)
SCALE = 128  # a card weighs points * SCALE + 1: least penalty first, then fewest cards
UNLIMITED = 1 << 20


@dataclass(frozen=True, slots=True)
class RunCore:
    """The naturals of one run: their spread, the wilds they need and can hold, their weight."""

    spread: int
    need: int
    cap: int
    value: int


class Context:
    """Weights and limits for one (rules, wild rank), with the per-suit run memos."""

    def __init__(self, rules: Rules, wild: int, count_only: bool) -> None:
        self.rules = rules
        self.wild = wild
        self.ace = rules.ace
        self.shapes = run_shapes(rules.ace)
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
        # per card code: (suit, its unit in the suit's holding, rank) for natural cards,
        # None for jokers and cards of the wild rank
        self.code_info: list[tuple[int, int, int] | None] = [
            None if code == 52 or code % 13 + 1 == wild else (code // 13, 1 << (4 * (code % 13)),
                                                                code % 13 + 1)
            for code in range(53)
        ]
        self.memo0: dict[int, int] = {}
        self.memo: dict[int, list[int]] = {}  # by holding << 7 | wilds
        self._cores: dict[tuple[int, int], list[RunCore]] = {}
        self.traces: dict[int, Any] = {}  # filled by the layout: per holding and suit
        self.rank_traces: dict[int, Any] = {}  # filled by the layout: per holding
        self.set_options: dict[tuple[int, tuple[int, ...], int], Any] = {}  # by the search

    def cores(self, bit: int, holes: int) -> list[RunCore]:
        """Run cores whose lowest rank is ``bit + 1`` needing at most ``holes`` wilds."""
        found = self._cores.get((bit, holes))
        if found is None:
            found = []
            for spread, need in self.shapes.by_lowest[bit]:
                if need > holes:
                    break
                ranks = ranks_of(spread)
                value = sum(self.weight[rank] for rank in ranks)
                found.append(RunCore(spread, need, min(MAX_RUN - len(ranks), self.limit), value))
            self._cores[(bit, holes)] = found
        return found

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
        for core in self.cores(low.bit_length() >> 2, 0):
            if core.spread & have == core.spread:
                value = core.value + self.suit0(key - core.spread)
                if value > best:
                    best = value
        self.memo0[key] = best
        return best

    def suit(self, key: int, wilds: int) -> list[int]:
        """For k = 0..wilds, the most weight ``key`` melds in runs using exactly k wilds."""
        if key == 0:
            return [0] + [NEG] * wilds
        found = self.memo.get(key << 7 | wilds)
        if found is not None:
            return found
        have = present(key)
        low = have & -have
        best = list(self.suit(key - low, wilds))
        for core in self.cores(low.bit_length() >> 2, min(wilds, self.limit)):
            if core.spread & have != core.spread:
                continue
            rest = self.suit(key - core.spread, wilds - core.need)
            for used, value in enumerate(rest):
                if value == NEG:
                    continue
                value += core.value
                for k in range(used + core.need, min(used + core.cap, wilds) + 1):
                    if value > best[k]:
                        best[k] = value
        self.memo[key << 7 | wilds] = best
        return best

    def suit_value(self, key: int, wilds: int) -> int:
        """The most weight ``key`` melds in runs using exactly ``wilds`` wilds."""
        return self.suit(key, wilds)[wilds] if wilds else self.suit0(key)


_CONTEXTS: dict[tuple[object, ...], Context] = {}
_BY_IDENTITY: dict[tuple[int, int, bool], tuple[Rules, Context]] = {}
MEMO_LIMIT = 1 << 21  # entries per memo before it is emptied, to bound memory


def context(rules: Rules, wild: int, count_only: bool = False) -> Context:
    """The shared context of ``rules`` and ``wild`` (found by identity first: it is hot)."""
    fast = _BY_IDENTITY.get((id(rules), wild, count_only))
    if fast is not None and fast[0] is rules:
        found = fast[1]
        if max(len(found.memo), len(found.memo0), len(found.traces)) > MEMO_LIMIT:
            for memo in (found.memo, found.memo0, found.traces, found.rank_traces):
                memo.clear()
        return found
    key = (
        rules.ace, rules.face_values, rules.wild_penalty, rules.joker_penalty,
        rules.all_wild_melds, rules.max_wilds_per_meld, wild, count_only,
    )
    shared = _CONTEXTS.get(key)
    if shared is None:
        shared = _CONTEXTS[key] = Context(rules, wild, count_only)
    if len(_BY_IDENTITY) > 512:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[(id(rules), wild, count_only)] = (rules, shared)
    return shared
