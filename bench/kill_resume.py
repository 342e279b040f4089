"""kill -9 of the plain game at random moments, each followed by a resume (issue 11).

    .venv/bin/python bench/kill_resume.py [--kills 50] [--seed 1]

Plays the plain game in a pseudo-terminal, kills it with SIGKILL after a random number
of commands at a random instant, and checks the save against what the terminal showed:
every move and hint shown survives, and the resume shows no card that was not shown
(tests/kill_resume.py says exactly what is checked). Prints the counts; exits 1 on the
first failure.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from kill_resume import run_kills  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        try:
            report = run_kills(Path(folder) / "home", options.kills, options.seed)
        except AssertionError as failure:  # the first check that failed, in one line
            print(f"problem: {failure}", file=sys.stderr)
            sys.exit(1)
        records = len(list((Path(folder) / "home" / "games").glob("*.json")))
    elapsed = time.perf_counter() - start
    print(f"kills: {report.kills}, resumes checked: {report.resumes_checked}, "
          f"games finished: {report.games_finished} ({records} records written), "
          f"finished saves recorded at the next start: {report.finished_saves}")
    print(f"shown before the kills and found in the saves: {report.moves_shown} moves, "
          f"{report.hints_shown} hints, {report.undos_shown} undos; "
          f"kills between a save and its printing: {report.saved_not_shown}")
    print(f"problems: {len(report.problems)}; {elapsed:.1f} s")


if __name__ == "__main__":
    main()
