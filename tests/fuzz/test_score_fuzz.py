"""The scorekeeper's fuzz surfaces in the suite: 11,500 inputs, none may fail, each within
a second; mutated sheet files are mostly refused, some read (and write back the same)."""

from __future__ import annotations

import time

import pytest

from .harness import fuzz
from .score_surfaces import LINE_STATS, SUITE_COUNTS, SURFACES

SEED = 13


@pytest.mark.parametrize("surface", SURFACES, ids=[surface.name for surface in SURFACES])
def test_score_surface_survives_fuzzing(surface: object) -> None:
    from .harness import Surface

    assert isinstance(surface, Surface)
    count = SUITE_COUNTS[surface.name]
    started = time.monotonic()
    report = fuzz(surface, count=count, seed=SEED, seconds=60, slow_seconds=3.0)
    assert report.failures == [], report.failures[0]
    assert report.slow == [], report.slow
    assert report.inputs == count, "stopped by the time bound"
    if surface.name == "score-lines":  # the line mode answers refusals, never raises
        assert report.refused == 0 and LINE_STATS["kept"] > 100 and LINE_STATS["refused"] > 100
    else:
        assert 0 < report.refused < report.inputs, "all refused, or none: a weak fuzzer"
    assert time.monotonic() - started < 30


def test_the_scorekeeper_fuzzes_at_least_10_000_inputs() -> None:
    assert sum(SUITE_COUNTS.values()) >= 10_000
    assert set(SUITE_COUNTS) == {surface.name for surface in SURFACES}
