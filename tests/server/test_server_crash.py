"""Kill -9 the server during play, restart it on the same database: nothing acknowledged is
lost and every game completes (a few kills here; ``bench/server_crash.py`` runs 50)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from server.crashing import crash_games
from server.serverproc import ServerProcess


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_killed_servers_lose_no_acknowledged_action(
        kind: str, spawn: Callable[[str], ServerProcess]) -> None:
    server = spawn(kind)
    server.start()
    made, checked = asyncio.run(crash_games(server, kills=3, games=4, seed=11))
    assert made == 3 and checked > 100
