"""A long fuzz run over every surface that reads outside input: a million inputs or more.

Run: ``.venv/bin/python bench/fuzz.py [--inputs 1000000] [--seed 1]`` (about 10 minutes
on 2 cores). It takes the core surfaces of ``tests/fuzz/core_surfaces.py`` and, when
present, the saved-game and score-sheet surfaces (``save_surfaces.py``,
``score_surfaces.py``), shares the inputs between them in proportion to the suite's
counts, and prints per surface and in total:
inputs, refusals (project errors), failures (anything else), inputs slower than 1 s and
the slowest time. The exit status is 1 when anything failed or was slow.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.harness import Report, Surface, fuzz  # noqa: E402


def surfaces() -> list[tuple[Surface, int]]:
    """Every surface with its weight (its count in the suite)."""
    found: list[tuple[Surface, int]] = []
    for name in ("fuzz.core_surfaces", "fuzz.save_surfaces", "fuzz.score_surfaces"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
            print(f"({name} not present: skipped)")
            continue
        counts = getattr(module, "SUITE_COUNTS", {})
        found += [(surface, counts.get(surface.name, 10_000)) for surface in module.SURFACES]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000, help="inputs in all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = surfaces()
    weight = sum(count for _, count in chosen)
    total = Report()
    started = time.perf_counter()
    for surface, count in chosen:
        share = -(-args.inputs * count // weight)  # rounded up: the total is reached
        began = time.perf_counter()
        report = fuzz(surface, count=share, seed=args.seed)
        print(f"{surface.name:<22} inputs {report.inputs:>9,}  refused {report.refused:>9,}  "
              f"failures {len(report.failures):>3}  slow {len(report.slow):>3}  "
              f"slowest {report.slowest * 1000:8.1f} ms  ({time.perf_counter() - began:.0f} s)",
              flush=True)
        for failure in report.failures[:5]:
            print(failure)
        for slow in report.slow[:20]:
            print(slow)
        total.merge(report)
    print(f"{'total':<22} inputs {total.inputs:>9,}  refused {total.refused:>9,}  "
          f"failures {len(total.failures):>3}  slow {len(total.slow):>3}  "
          f"slowest {total.slowest * 1000:8.1f} ms  ({time.perf_counter() - started:.0f} s)")
    return 1 if total.failures or total.slow else 0


if __name__ == "__main__":
    sys.exit(main())
