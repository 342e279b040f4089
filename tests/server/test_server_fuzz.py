"""Fuzz: hostile messages never crash the server nor change a game; ``/healthz`` keeps
answering. The parser takes 20,000 in-process; a running server a bounded number per
database (``bench/server_fuzz.py`` sends 100,000 and more over the wire)."""

from __future__ import annotations

import asyncio

from fuzz.harness import Surface, fuzz

from server.fuzzing import fuzz_server
from server.hostile import hostile
from server.serverproc import ServerProcess
from threethirteen.server.protocol import parse_client

OVER_THE_WIRE = 2_000


def test_the_parser_refuses_hostile_messages_with_its_own_error() -> None:
    surface = Surface("server-message", lambda rng: hostile(rng, 3),
                      lambda value: None if parse_client(value) else None)  # type: ignore[arg-type]
    report = fuzz(surface, count=20_000, seed=12, seconds=30)
    assert report.inputs >= 5_000 and not report.failures, report.failures[:3]
    assert report.refused > report.inputs * 0.8


def test_a_running_server_withstands_hostile_messages(server: ServerProcess) -> None:
    sent = asyncio.run(fuzz_server(server, OVER_THE_WIRE, seed=3))
    assert sent == OVER_THE_WIRE
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log
