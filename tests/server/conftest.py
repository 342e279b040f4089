"""Fixtures of the server tests: a real server process per database kind (SQLite and
PostgreSQL), reached over loopback. PostgreSQL tests are skipped, loudly, when no server
answers at 127.0.0.1:5432, except under CI=true, where that is a failure."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.serverproc import ServerProcess, drop_postgres, fresh_postgres, postgres_reachable

DATABASES = ("sqlite", "postgresql")


def database_url(kind: str, folder: Path) -> str:
    """A fresh database of ``kind``; skips (or fails under CI) without PostgreSQL."""
    if kind == "sqlite":
        return f"sqlite+aiosqlite:///{folder / 'server.sqlite3'}"
    why = postgres_reachable()
    if why is not None:
        message = f"PostgreSQL at 127.0.0.1:5432 (user postgres, db test) is unreachable: {why}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip("SERVER TESTS ON POSTGRESQL SKIPPED: " + message)
    return fresh_postgres(uuid.uuid4().hex[:12])


@pytest.fixture(scope="session", params=DATABASES)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerProcess]:
    """One server for the session, per database kind."""
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    process = ServerProcess(database_url(request.param, folder), folder, folder / "server.log")
    process.start()
    yield process
    process.stop()
    if request.param == "postgresql":
        drop_postgres(process.url)


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[object]:
    """Make servers of one's own (to kill them, or with other limits): ``spawn(kind)``,
    ``spawn(kind, {"THREE_THIRTEEN_MAX_ROOMS": "3"})``."""
    made: list[ServerProcess] = []

    def make(kind: str, env: dict[str, str] | None = None) -> ServerProcess:
        process = ServerProcess(database_url(kind, tmp_path), tmp_path, tmp_path / "server.log",
                                env)
        made.append(process)
        return process

    yield make
    for process in made:
        process.stop()
        if process.url.startswith("postgresql"):
            drop_postgres(process.url)
