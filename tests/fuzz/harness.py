"""A seeded fuzzer for every surface that reads outside input.

A ``Surface`` makes one odd or hostile input from a ``random.Random`` and feeds it to the
code under test. Feeding must end in a correct answer or a project error
(``ThreeThirteenError``); the surface itself asserts that a refused input changed no
state. ``fuzz`` counts inputs, failures (any other exception, with its traceback) and
inputs that took longer than ``slow_seconds``. The suite runs a bounded number per
surface (tests/fuzz/test_fuzz.py); ``bench/fuzz.py`` runs a million across all.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from threethirteen.errors import ThreeThirteenError


@dataclass(frozen=True)
class Surface:
    """One entry point for outside input."""

    name: str
    make_input: Callable[[random.Random], object]
    feed: Callable[[object], None]  # returns, or raises ThreeThirteenError; asserts no change


@dataclass
class Report:
    """What a fuzz run found."""

    inputs: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    slowest: float = 0.0

    def merge(self, other: Report) -> None:
        self.inputs += other.inputs
        self.refused += other.refused
        self.failures += other.failures
        self.slow += other.slow
        self.slowest = max(self.slowest, other.slowest)


def fuzz(surface: Surface, *, count: int, seed: int, seconds: float | None = None,
         slow_seconds: float = 1.0) -> Report:
    """Feed ``surface`` up to ``count`` inputs (stopping after ``seconds`` if given)."""
    rng = random.Random(f"{surface.name}:{seed}")
    report = Report()
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(count):
        if deadline is not None and time.monotonic() > deadline:
            break
        value = surface.make_input(rng)
        started = time.perf_counter()
        try:
            surface.feed(value)
        except ThreeThirteenError:
            report.refused += 1
        except Exception:  # noqa: BLE001 - a failure is what the fuzzer looks for
            report.failures.append(f"{surface.name}: {value!r:.300}\n{traceback.format_exc()}")
        elapsed = time.perf_counter() - started
        report.slowest = max(report.slowest, elapsed)
        if elapsed > slow_seconds:
            report.slow.append(f"{surface.name}: {elapsed:.2f} s on {value!r:.300}")
        report.inputs += 1
    return report


def fuzz_all(surfaces: Iterable[Surface], *, count: int, seed: int,
             seconds: float | None = None) -> Report:
    """``fuzz`` every surface with ``count`` inputs each, merged into one report."""
    total = Report()
    for surface in surfaces:
        total.merge(fuzz(surface, count=count, seed=seed, seconds=seconds))
    return total
