"""The chance that a round ends before a seat plays again, for the evaluator's levels in
turns (``bots.expert``) and in speed mode (``bots.speedplay``).

Each other seat goes out on its turn with a hazard that grows with the turns it has
taken this round (``HAZARD``, measured in self-play with ``bench/hazard.py``; the first
round's three-card hands go out faster) and with the cards it is known to collect. A
seat well ahead in a late round then weighs the penalty it holds more, a seat well
behind less (``score_adjusted``).

>>> round(ending_chance([0.1, 0.2]), 2)
0.28
>>> round(hazard(round_number=3, turns=2, held=2), 3)
0.104
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from threethirteen.rules import Rules

# Chance that a player goes out on a turn, by the turns they have taken this round
# (measured with `bench/hazard.py`); the first round's three-card hands go out faster.
HAZARD = (0.02, 0.05, 0.08, 0.10, 0.12, 0.14, 0.17, 0.20)
HAZARD_FIRST_ROUND = 0.17
MAX_HAZARD = 0.6

# The same by hand size (cards dealt) and turns taken, for the expert's bot at the
# standard rules: ``expert-1`` in heads-up and 4-seat self-play, 150 games each
# (``bench/hazard.py --bot expert-1 --players 2`` and ``--players 4``), averaged, carried
# forward where under 20 turns were seen, smoothed over three turns, never decreasing.
HAZARD_BY_SIZE: dict[int, tuple[float, ...]] = {
    3: (0.19, 0.19, 0.19, 0.19, 0.19, 0.19, 0.19, 0.19, 0.22, 0.24),
    4: (0.04, 0.07, 0.10, 0.10, 0.12, 0.13, 0.15, 0.15, 0.15, 0.15),
    5: (0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.07, 0.08, 0.09),
    6: (0.06, 0.09, 0.11, 0.14, 0.16, 0.18, 0.18, 0.21, 0.25, 0.31),
    7: (0.03, 0.05, 0.07, 0.09, 0.12, 0.16, 0.16, 0.18, 0.19, 0.21),
    8: (0.00, 0.01, 0.03, 0.05, 0.07, 0.10, 0.12, 0.14, 0.16, 0.18),
    9: (0.03, 0.06, 0.10, 0.14, 0.16, 0.20, 0.20, 0.21, 0.21, 0.21),
    10: (0.01, 0.05, 0.08, 0.11, 0.14, 0.16, 0.20, 0.22, 0.32, 0.38),
    11: (0.01, 0.03, 0.05, 0.09, 0.12, 0.15, 0.18, 0.20, 0.23, 0.26),
    12: (0.02, 0.06, 0.10, 0.14, 0.20, 0.27, 0.34, 0.37, 0.38, 0.38),
    13: (0.01, 0.07, 0.11, 0.17, 0.22, 0.28, 0.37, 0.44, 0.50, 0.50),
}


class Standing(Protocol):
    """What ``score_adjusted`` reads of a view (a ``View`` or a ``SpeedView``)."""

    @property
    def seat(self) -> int | None: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def round_number(self) -> int: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def results(self) -> tuple[object, ...]: ...


def hazard(*, round_number: int, turns: int, held: int, scale: float = 1.0,
           size: int | None = None) -> float:
    """One opponent's chance of going out on its next turn: it has taken ``turns`` turns
    this round and is known to hold ``held`` cards it took from a pile; with ``size``
    (the cards dealt) from ``HAZARD_BY_SIZE`` where that size is measured."""
    by_size = HAZARD_BY_SIZE.get(size) if size is not None else None
    if by_size is not None:
        base = by_size[min(turns, len(by_size) - 1)]
    elif round_number == 1:
        base = HAZARD_FIRST_ROUND
    else:
        base = HAZARD[min(turns, len(HAZARD) - 1)]
    return min(MAX_HAZARD, base * (scale * (1.0 + 0.15 * held)))


def ending_chance(hazards: Iterable[float]) -> float:
    """The chance that at least one of the seats with these hazards goes out."""
    survive = 1.0
    for chance in hazards:
        survive *= 1.0 - chance
    return 1.0 - survive


def score_adjusted(view: Standing, ending: float) -> float:
    """``ending`` weighed by the scores: nearer 1 (play for the penalty held) when the
    seat is well ahead late, nearer 0 (play for its chances) when well behind."""
    assert view.seat is not None
    totals = view.totals
    if not view.results or len(totals) < 2:
        return ending
    others = [total for seat, total in enumerate(totals) if seat != view.seat]
    lead = min(others) - totals[view.seat]
    rounds_left = max(1, view.rules.rounds - view.round_number + 1)
    pressure = max(-0.5, min(0.5, lead / (25.0 * rounds_left)))
    if pressure > 0:
        return ending + (1.0 - ending) * pressure
    return ending * (1.0 + pressure)
