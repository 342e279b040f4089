"""Kill -9 the game server many times during play and check that nothing acknowledged is
lost (the suite's crash test, at length).

    .venv/bin/python bench/server_crash.py --kills 50 --games 8 [--db sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server.conftest import database_url  # noqa: E402
from server.crashing import crash_games  # noqa: E402
from server.serverproc import ServerProcess  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds-per-batch", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tt-crash-"))
    server = ServerProcess(database_url(options.db, folder), folder, folder / "server.log")
    server.start()
    started = time.monotonic()
    total_kills = total_checked = batches = 0
    try:
        while total_kills < options.kills:  # batches of games until enough kills were made
            made, checked = asyncio.run(crash_games(server, options.kills - total_kills,
                                                    options.games, options.seed + batches))
            total_kills += made
            total_checked += checked
            batches += 1
            print(f"batch {batches}: {made} kills, {checked} acknowledged states checked",
                  flush=True)
    finally:
        server.stop()
    print(f"{total_kills} kills -9 over {batches * options.games} games on {options.db}: every "
          f"game completed, {total_checked} acknowledged states equal the offline replay, "
          f"every record equals its replay ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
