"""Load on the game server: N loopback clients, each a person in its own room against three
bots, play complete games. Prints action-to-state latency (from sending an action to the
state that acknowledges it), actions per second, and the server's CPU and memory.

    .venv/bin/python bench/server.py --clients 100 --clients 500 [--think 1.0] [--rounds 3]

``--think`` is how long a person takes before acting (seconds, drawn uniformly from half
to one and a half times it); 0 makes every client act as fast as the server answers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server.client import create  # noqa: E402
from server.conftest import database_url  # noqa: E402
from server.serverproc import ServerProcess  # noqa: E402


async def client(server: ServerProcess, number: int, args: argparse.Namespace,
                 latencies: list[float], counts: list[int]) -> None:
    rng = random.Random(number)
    seat = await create(server.base, ["human", args.bot, args.bot, args.bot],
                        rules={"rounds": args.rounds}, name=f"Load{number}",
                        options={"round_pause_seconds": 0, "bot_delay_ms": 0})
    async with websockets.connect(f"{server.ws}/ws/{seat.room}", compression=None,
                                  max_size=2**22, ping_interval=None, max_queue=None,
                                  open_timeout=60) as socket:
        await socket.send(json.dumps({"type": "hello", "token": seat.token}))
        sent_at: float | None = None
        waiting_for = -1
        acted = 0
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 120))
            if message["type"] != "state":
                continue
            if sent_at is not None and message["version"] >= waiting_for:
                latencies.append(time.perf_counter() - sent_at)
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
    latencies: list[float] = []
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
    batch = 50  # rooms are created 50 at a time, as people would arrive
    tasks = []
    for start in range(0, clients, batch):
        tasks += [asyncio.create_task(client(server, number, args, latencies, counts))
                  for number in range(start, min(clients, start + batch))]
        await asyncio.sleep(0.2)
    await asyncio.gather(*tasks)
    seconds = time.perf_counter() - started
    done = True
    await sampler
    cpu_after = process.cpu_times()
    cpu = (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / seconds
    ordered = sorted(latencies)
    return {
        "clients": clients, "games": len(counts), "seconds": round(seconds, 1),
        "actions": len(latencies), "actions_per_second": round(len(latencies) / seconds, 1),
        "latency_ms_p50": round(statistics.median(ordered) * 1000, 1),
        "latency_ms_p99": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 1),
        "latency_ms_max": round(ordered[-1] * 1000, 1),
        "server_cpu_percent": round(cpu * 100, 1),
        "server_memory_mb_peak": round(max(memory) / 2**20, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, action="append")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    for clients in args.clients or [100, 500]:
        folder = Path(tempfile.mkdtemp(prefix="tt-load-"))
        server = ServerProcess(database_url(args.db, folder), folder, folder / "server.log")
        server.start()
        try:
            result = asyncio.run(run(server, clients, args))
        finally:
            server.stop()
        result.update(think_s=args.think, rounds=args.rounds, bot=args.bot, db=args.db)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
