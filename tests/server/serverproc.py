"""A real server in its own process: started on a free loopback port, asked for
``/healthz``, stopped (or killed with SIGKILL) by the tests."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

PG_BASE = os.environ.get("THREE_THIRTEEN_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
START_SECONDS = 60.0
# the tests and benches make many rooms from one address: far above the server's default
TEST_LIMITS = {"THREE_THIRTEEN_ROOMS_PER_MINUTE": "100000"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``three-thirteen serve`` on ``url``, its output in ``log``; ``env`` adds variables
    (limits) to the server's environment."""

    def __init__(self, url: str, home: Path, log: Path,
                 env: dict[str, str] | None = None) -> None:
        self.url, self.home, self.log = url, home, log
        self.env = {**TEST_LIMITS, **(env or {})}
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, **self.env, "THREE_THIRTEEN_HOME": str(self.home)}
        env.pop("THREE_THIRTEEN_DB", None)
        code = "from threethirteen.cli import main; main()"
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.url],
                stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not answer /healthz in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def postgres_reachable() -> str | None:
    """None when the test PostgreSQL answers, else why not."""
    import asyncpg

    async def probe() -> None:
        connection = await asyncpg.connect(_plain(PG_BASE), timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except Exception as problem:  # any failure means: not usable here
        return f"{type(problem).__name__}: {problem}"
    return None


def fresh_postgres(name: str) -> str:
    """A new, empty database ``tt_<name>`` on the test server; its URL."""
    import asyncpg

    database = f"tt_{name}"

    async def create() -> None:
        connection = await asyncpg.connect(_plain(PG_BASE), timeout=5)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            await connection.execute(f'CREATE DATABASE "{database}"')
        finally:
            await connection.close()

    asyncio.run(create())
    return PG_BASE.rsplit("/", 1)[0] + "/" + database


def drop_postgres(url: str) -> None:
    """Drop a database made by ``fresh_postgres`` (its server stopped first)."""
    import asyncpg

    database = url.rsplit("/", 1)[1]
    if not database.startswith("tt_"):
        return

    async def drop() -> None:
        connection = await asyncpg.connect(_plain(PG_BASE), timeout=5)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        finally:
            await connection.close()

    asyncio.run(drop())


def _plain(url: str) -> str:
    return url.replace("postgresql+asyncpg://", "postgresql://")
