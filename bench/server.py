"""Load on the game server: N loopback clients, each a person in its own room against three
bots, play complete games. Prints action-to-state latency (from sending an action to the
state that acknowledges it), actions per second, and the server's CPU and memory.

    .venv/bin/python bench/server.py --clients 100 --clients 500 [--think 1.0] [--rounds 3]

``--think`` is how long a person takes before acting (seconds, drawn uniformly from half
to one and a half times it, as people take 0.5-1.5 s over a move); 0 makes every client
act as fast as the server answers. People arrive ``--arrivals`` a second (each creates
its room and connects). The clients run in this process (on uvloop when installed), the
server in its own; ``--src`` runs the server from another checkout's ``src`` (to compare
two versions side by side on the same machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server.conftest import database_url  # noqa: E402
from server.serverproc import ServerProcess, drop_postgres  # noqa: E402

from threethirteen.server import gctune  # noqa: E402


async def create(http: httpx.AsyncClient, number: int, args: argparse.Namespace
                 ) -> tuple[str, str]:
    """A new room (one person, three bots): its id and the person's token. The clients
    share one HTTP connection pool (a pool of its own costs a client tens of ms of CPU)."""
    answer = await http.post("/api/rooms", json={
        "name": f"Load{number}", "rules": {"rounds": args.rounds},
        "seats": ["human", args.bot, args.bot, args.bot],
        "options": {"round_pause_seconds": 0, "bot_delay_ms": 0}})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["room"], data["token"]


async def client(server: ServerProcess, http: httpx.AsyncClient, number: int,
                 args: argparse.Namespace, latencies: list[tuple[float, float]],
                 counts: list[int]) -> None:
    rng = random.Random(number)
    room, token = await create(http, number, args)
    async with websockets.connect(f"{server.ws}/ws/{room}", compression=None,
                                  max_size=2**22, ping_interval=None, max_queue=None,
                                  open_timeout=60) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        waiting_for = -1
        acted = 0
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 120))
            if message["type"] != "state":
                continue
            if sent_at is not None and message["version"] >= waiting_for:
                latencies.append((sent_at, time.perf_counter() - sent_at))
                sent_at = None
            view = message["view"]
            if view["phase"] == "over":
                counts.append(acted)
                return
            if sent_at is None and view["turn"] == view["seat"] and view["legal"]:
                if args.think:
                    await asyncio.sleep(rng.uniform(args.think / 2, args.think * 1.5))
                legal = [text.split(": ", 1)[1] for text in view["legal"]]
                outs = [text for text in legal if text.startswith("out")]
                acted += 1
                waiting_for = message["version"] + 1
                sent_at = time.perf_counter()
                await socket.send(json.dumps({
                    "type": "action", "id": f"a{acted}", "version": message["version"],
                    "action": outs[0] if outs else rng.choice(legal)}))


async def run(server: ServerProcess, clients: int, args: argparse.Namespace) -> dict[str, Any]:
    process = psutil.Process(server.process.pid if server.process else 0)
    latencies: list[tuple[float, float]] = []  # (when sent, seconds to the answer)
    counts: list[int] = []
    memory = [process.memory_info().rss]
    done = False

    async def sample() -> None:
        while not done:
            memory.append(process.memory_info().rss)
            await asyncio.sleep(0.5)

    cpu_before = process.cpu_times()
    started = time.perf_counter()
    sampler = asyncio.create_task(sample())
    tasks = []
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        for number in range(clients):  # people arrive at a steady pace
            tasks.append(asyncio.create_task(client(server, http, number, args, latencies,
                                                    counts)))
            await asyncio.sleep(1 / args.arrivals)
        await asyncio.gather(*tasks)
    seconds = time.perf_counter() - started
    done = True
    await sampler
    cpu_after = process.cpu_times()
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / seconds
    ordered = sorted(latency for _, latency in latencies)
    if args.timeline:
        _timeline(latencies, started)
    return {
        "clients": clients, "games": len(counts), "seconds": round(seconds, 1),
        "actions": len(latencies), "actions_per_second": round(len(latencies) / seconds, 1),
        "latency_ms_p50": round(statistics.median(ordered) * 1000, 1),
        "latency_ms_p99": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 1),
        "latency_ms_max": round(ordered[-1] * 1000, 1),
        "server_cpu_percent": round(cpu * 100, 1),
        "server_memory_mb_peak": round(max(memory) / 2**20, 1),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, action="append")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--arrivals", type=float, default=50.0,
                        help="people arriving a second, each creating a room")
    parser.add_argument("--src", type=Path, help="run the server from this src folder")
    parser.add_argument("--timeline", action="store_true",
                        help="latency per 10 s of the run, to stderr")
    args = parser.parse_args()
    _raise_file_limit()
    # the clients' own full garbage collections would stop every client at once and
    # count as the server's latency: the same settings as the server's (server/gctune.py)
    gctune.tune()
    if args.src is not None:
        os.environ["PYTHONPATH"] = str(args.src.resolve())
    for clients in args.clients or [100, 500]:
        folder = Path(tempfile.mkdtemp(prefix="tt-load-"))
        server = ServerProcess(database_url(args.db, folder), folder, folder / "server.log")
        server.start()
        try:
            result = _loop_run(run(server, clients, args))
        finally:
            server.stop()
            if args.db == "postgresql":
                drop_postgres(server.url)
        result.update(think_s=args.think, rounds=args.rounds, bot=args.bot, db=args.db,
                      src=str(args.src or "this checkout"))
        print(json.dumps(result), flush=True)


def _timeline(latencies: list[tuple[float, float]], started: float, step: float = 10.0
              ) -> None:
    """p50 and p99 of the actions sent in each ``step`` seconds of the run (to stderr)."""
    windows: dict[int, list[float]] = {}
    for sent, latency in latencies:
        windows.setdefault(int((sent - started) // step), []).append(latency)
    for window, found in sorted(windows.items()):
        found.sort()
        print(f"  {window * step:5.0f}s {len(found):6d} actions  p50 "
              f"{statistics.median(found) * 1000:7.1f} ms  p99 "
              f"{found[max(0, int(len(found) * 0.99) - 1)] * 1000:7.1f} ms", file=sys.stderr)


def _raise_file_limit() -> None:
    """Two sockets a client (HTTP, then the WebSocket), in this process and the server's:
    lift the soft limit on open files to the hard one (the server inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _loop_run(main: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


if __name__ == "__main__":
    main()
