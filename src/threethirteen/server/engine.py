"""The one thread that runs the engine for the server: moves, views, analysis, bots, hints.

The solver keeps memo dictionaries at module level and in its shared contexts; they are
built for one thread at a time. Every server call that may reach the solver (a check, an
apply, a view with legal actions, a bot's choice, an analysis) therefore runs here, one at
a time, in submission order, and never on the event loop.

The thread reads a plain queue and answers through ``call_soon_threadsafe``: a call costs
the event loop a few microseconds, a fraction of what an executor's futures cost it.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_Call = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]
_QUEUE: queue.SimpleQueue[_Call] = queue.SimpleQueue()
_STARTED = threading.Lock()
_thread: threading.Thread | None = None


async def run(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` on the engine thread, awaited."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    _QUEUE.put((lambda: function(*args, **kwargs), loop, future))
    if _thread is None:
        _start()
    return await future


def _start() -> None:
    global _thread
    with _STARTED:
        if _thread is None:
            _thread = threading.Thread(target=_work, name="three-thirteen-engine", daemon=True)
            _thread.start()


def _work() -> None:
    while True:
        call, loop, future = _QUEUE.get()
        try:
            result = call()
        except BaseException as problem:  # noqa: BLE001 - handed to the awaiting task
            _answer(loop, future, None, problem)
        else:
            _answer(loop, future, result, None)


def _answer(loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any], result: Any,
            problem: BaseException | None) -> None:
    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for the answer
        loop.call_soon_threadsafe(_settle, future, result, problem)


def _settle(future: asyncio.Future[Any], result: Any, problem: BaseException | None) -> None:
    if future.done():  # the awaiting task was cancelled
        return
    if problem is None:
        future.set_result(result)
    else:
        future.set_exception(problem)
