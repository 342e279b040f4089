"""The terminal game's fuzz surfaces in the suite: saved-game files and plain-mode
commands (``save_surfaces``), 10,000 inputs each, bounded in time. Every input ends in
a session, a refusal in words or a correct answer: no traceback, no input over a second,
no change after a refused input."""

from __future__ import annotations

import pytest

from fuzz.harness import fuzz
from fuzz.save_surfaces import SURFACES

COUNT = 10_000
SECONDS = 90.0  # per surface: a cap for a crowded machine; alone, each takes a few seconds


@pytest.mark.parametrize("surface", SURFACES, ids=lambda surface: surface.name)
def test_fuzz_the_terminal_game(surface: object) -> None:
    from fuzz.harness import Surface

    assert isinstance(surface, Surface)
    report = fuzz(surface, count=COUNT, seed=2026, seconds=SECONDS)
    assert report.failures == [], report.failures[0]
    assert report.slow == [], report.slow
    assert report.inputs == COUNT, f"only {report.inputs} inputs in {SECONDS} s"
