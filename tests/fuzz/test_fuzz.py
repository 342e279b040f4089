"""The fuzz surfaces, run in the suite: the core's 82,500 inputs and, when present, the
saved-game surfaces of ``save_surfaces.py``; none may fail.

Every input must end in a correct answer or a project error, within a second, and a
refused input must change nothing (each surface asserts it). ``bench/fuzz.py`` runs a
million inputs across the same surfaces.
"""

from __future__ import annotations

import importlib

import pytest

from .core_surfaces import SUITE_COUNTS, SURFACES
from .harness import Report, Surface, fuzz

SEED = 11
SLOW_SECONDS = 3.0
DEFAULT_COUNT = 2_500  # per saved-game surface that does not say its own count


def _all_surfaces() -> list[tuple[Surface, int]]:
    found = [(surface, SUITE_COUNTS[surface.name]) for surface in SURFACES]
    try:
        saves = importlib.import_module(f"{__package__}.save_surfaces")
    except ModuleNotFoundError as error:
        if not (error.name or "").endswith("save_surfaces"):
            raise
        return found
    counts = getattr(saves, "SUITE_COUNTS", {})
    return found + [(surface, counts.get(surface.name, DEFAULT_COUNT))
                    for surface in saves.SURFACES]


ALL = _all_surfaces()


@pytest.mark.parametrize(("surface", "count"), ALL, ids=[surface.name for surface, _ in ALL])
def test_surface_survives_fuzzing(surface: Surface, count: int) -> None:
    # Under the suite's load a second is too tight a bound to assert; bench/fuzz.py holds
    # every input of its million to one second.
    report = fuzz(surface, count=count, seed=SEED, seconds=90, slow_seconds=SLOW_SECONDS)
    assert report.failures == [], report.failures[0]
    assert report.slow == [], report.slow
    assert report.inputs == count, "stopped by the time bound"
    if surface in SURFACES:
        assert 0 < report.refused < report.inputs, "all refused, or none: a weak fuzzer"


def test_the_suite_fuzzes_at_least_80_000_core_inputs() -> None:
    assert sum(SUITE_COUNTS.values()) >= 80_000
    assert set(SUITE_COUNTS) == {surface.name for surface in SURFACES}


def test_every_make_test_run_fuzzes_at_least_100_000_inputs() -> None:
    """The issue's floor for one run of the suite, over every surface that reads outside
    input: the core's, the terminal game's (here and in test_fuzz_saves), the scorekeeper's."""
    from . import score_surfaces, test_fuzz_saves

    total = (sum(count for _, count in ALL)
             + test_fuzz_saves.COUNT * len(test_fuzz_saves.SURFACES)
             + sum(score_surfaces.SUITE_COUNTS.values()))
    assert total >= 100_000, total


def test_a_failure_is_reported() -> None:
    """The harness is not blind: a surface that raises a plain error is a failure."""

    def feed(value: object) -> None:
        raise KeyError(value)

    report: Report = fuzz(Surface("broken", lambda rng: rng.random(), feed), count=3, seed=1)
    assert len(report.failures) == 3 and report.refused == 0
