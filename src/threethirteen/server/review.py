"""``GET /api/rooms/<id>/analysis``: a finished game's analysis (README, "Analysis").

The browser's replay page shows it: a note on each decision and a summary per seat. Only
a finished room is analysed (before its end the record, and so any analysis, would show
hidden cards: 409 ``not-over``; nor is a speed game: 409 ``not-in-speed``). The judge is a
fast bot (``JUDGES``: the first one registered), the work runs in a worker process one
game at a time (so that the rooms' play never waits for it; past ``WAITING`` games, 503
``busy``), and each room's answer is kept (``KEPT`` rooms), so that asking again costs
nothing.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from threethirteen.bots.analysis import analyse
from threethirteen.bots.registry import bot_names
from threethirteen.rules import Mode

if TYPE_CHECKING:
    from threethirteen.server.app import Server

log = logging.getLogger("threethirteen.server")
JUDGES = ("expert-1", "medium")  # fast first: a whole game in a few seconds
KEPT = 64  # rooms whose analysis stays in memory
WAITING = 8  # games being analysed or waiting for their turn; more are refused (503)
NOTES = ("hints", "undos")  # the server's extra record fields, not part of the game


def judge() -> str:
    """The judge of the browser's analyses."""
    names = set(bot_names())
    return next((name for name in JUDGES if name in names), JUDGES[-1])


def game_only(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record without the server's notes (hints and undos have their own forms)."""
    return {key: value for key, value in record.items() if key not in NOTES}


class Busy(Exception):
    """Too many games wait for their analysis."""


def _analysed(record: dict[str, Any], by: str) -> dict[str, Any]:
    """In the worker process: the analysis of a finished game's ``record`` by ``by``."""
    return analyse(record, judge=by)


class Reviews:
    """Analyses of finished rooms: computed once, one at a time, kept for ``KEPT`` rooms."""

    def __init__(self, worker: Executor | None = None) -> None:
        self.kept: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.running: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.one_at_a_time = asyncio.Lock()
        self._worker = worker

    def worker(self) -> Executor:
        """Where the analyses run: by default one process, started at the first analysis
        (``spawn``: a fork of a server with threads could inherit a held lock)."""
        if self._worker is None:
            self._worker = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._worker

    async def of(self, room: str, record: Mapping[str, Any]) -> dict[str, Any]:
        """The analysis of ``room``'s finished ``record``."""
        found = self.kept.get(room)
        if found is not None:
            self.kept.move_to_end(room)
            return found
        running = self.running.get(room)
        if running is not None:
            return await asyncio.shield(running)
        if len(self.running) >= WAITING:
            raise Busy(f"{WAITING} games are being analysed; try again in a minute")
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.running[room] = future
        try:
            async with self.one_at_a_time:
                result = await asyncio.get_running_loop().run_in_executor(
                    self.worker(), _analysed, game_only(record), judge())
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # retrieved: a failure nobody else awaits is not logged twice
            raise
        finally:
            self.running.pop(room, None)
        future.set_result(result)
        self.kept[room] = result
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return result


def routes(server: Server) -> list[Route]:
    """The analysis route, on ``server``'s rooms."""
    reviews = Reviews()

    async def get_analysis(request: Request) -> Response:
        room = await server.rooms.get(request.path_params["room"])
        if room is None:
            return _problem(404, "no-such-room", "there is no such room")
        record = await server.rooms.store.record(room.id)
        if record is None:
            return _problem(409, "not-over", "a game is analysed once it is over")
        if room.rules.mode is Mode.SPEED:
            return _problem(409, "not-in-speed", "speed games are not analysed (the "
                            "judges play one seat at a time)")
        try:
            return JSONResponse(await reviews.of(room.id, record))
        except Busy as busy:
            return _problem(503, "busy", str(busy))
        except Exception:
            log.exception("room %s: the analysis failed", room.id)
            return _problem(500, "analysis-failed", "the game could not be analysed")

    return [Route("/api/rooms/{room}/analysis", get_analysis)]


def _problem(status: int, reason: str, message: str) -> JSONResponse:
    return JSONResponse({"reason": reason, "message": message}, status_code=status)
