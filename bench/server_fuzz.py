"""Hostile messages against a running game server, over the wire: the game must not
change and ``/healthz`` must keep answering (the suite's fuzz test, at length).

    .venv/bin/python bench/server_fuzz.py --messages 100000 [--db sqlite|postgresql]
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
from server.fuzzing import fuzz_server  # noqa: E402
from server.serverproc import ServerProcess  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--per-room", type=int, default=10_000)
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tt-fuzz-"))
    server = ServerProcess(database_url(options.db, folder), folder, folder / "server.log")
    server.start()
    started = time.monotonic()
    sent = rooms = 0
    try:
        while sent < options.messages:
            count = min(options.per_room, options.messages - sent)
            sent += asyncio.run(fuzz_server(server, count, options.seed + rooms, at_once=16))
            rooms += 1
            print(f"{sent} hostile messages, {rooms} rooms unchanged", flush=True)
    finally:
        server.stop()
    tracebacks = server.log.read_text(errors="replace").count("Traceback")
    print(f"{sent} hostile messages over the wire into {rooms} rooms on {options.db}: no game "
          f"changed, /healthz answered throughout, {tracebacks} tracebacks in the server log "
          f"({time.monotonic() - started:.0f} s)")
    if tracebacks:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
