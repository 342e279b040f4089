"""The one thread that runs the engine for the server: moves, views, analysis, bots, hints.

The solver keeps memo dictionaries at module level and in its shared contexts; they are
built for one thread at a time. Every server call that may reach the solver (a check, an
apply, a view with legal actions, a bot's choice, an analysis) therefore runs here, one at
a time, in submission order, and never on the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="three-thirteen-engine")


async def run(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` on the engine thread, awaited."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_EXECUTOR, lambda: function(*args, **kwargs))
