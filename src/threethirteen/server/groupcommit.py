"""Group commit: writes that arrive while a transaction runs share the next transaction.

Each ``submit`` returns only once its own item is committed (or raises), so a caller may
acknowledge its write as before; one transaction now carries the items of many callers.
A group that fails is tried again one item at a time, so that one bad item (a repeated
key, say) fails alone and the others still commit.

>>> import asyncio
>>> groups = []
>>> async def write(items):
...     groups.append(list(items))
>>> async def main():
...     commit = GroupCommit(write)
...     await asyncio.gather(*(commit.submit(n) for n in range(3)))
>>> asyncio.run(main())
>>> groups
[[0, 1, 2]]

A bad item fails alone; the others of its group commit:

>>> async def picky(items):
...     if 13 in items:
...         raise ValueError("13 is refused")
>>> async def main():
...     commit = GroupCommit(picky)
...     return await asyncio.gather(*(commit.submit(n) for n in (12, 13, 14)),
...                                 return_exceptions=True)
>>> asyncio.run(main())
[None, ValueError('13 is refused'), None]
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
MAX_GROUP = 500  # items in one transaction at most


class GroupCommit(Generic[T]):
    """Runs ``write(items)`` (one transaction) for the items submitted meanwhile."""

    def __init__(self, write: Callable[[Sequence[T]], Awaitable[None]]) -> None:
        self._write = write
        self._waiting: list[tuple[T, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def submit(self, item: T) -> None:
        """Return once ``item`` is committed; raise what its transaction raised."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        await future

    async def _run(self) -> None:
        group: list[tuple[T, asyncio.Future[None]]] = []
        try:
            while self._waiting:
                group = self._waiting[:MAX_GROUP]
                del self._waiting[:MAX_GROUP]
                await self._group(group)
        finally:  # cancelled (the server stops): no caller waits forever
            for _, future in group + self._waiting:
                if not future.done():
                    future.cancel()

    async def _group(self, group: list[tuple[T, asyncio.Future[None]]]) -> None:
        try:
            await self._write([item for item, _ in group])
        except Exception as problem:
            if len(group) == 1:
                _settle(group[0][1], problem)
                return
            for item, future in group:  # one at a time: each gets its own answer
                try:
                    await self._write([item])
                except Exception as alone:
                    _settle(future, alone)
                else:
                    _settle(future, None)
        else:
            for _, future in group:
                _settle(future, None)


def _settle(future: asyncio.Future[None], problem: BaseException | None) -> None:
    if future.done():  # its caller was cancelled
        return
    if problem is None:
        future.set_result(None)
    else:
        future.set_exception(problem)
