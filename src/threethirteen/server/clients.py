"""A connected socket as the rooms see it: a queue of outgoing messages and a way to close.

Rooms never wait on the network: ``send`` queues, and one writer task per socket drains
the queue. A client that falls too far behind is closed at once, its queue dropped (it
reconnects and gets the state).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from threethirteen.server.viewjson import dumps

MAX_QUEUED = 1000  # messages waiting for one slow socket before it is dropped


class Client:
    """One socket; ``seat`` is set by ``hello`` (None for a spectator)."""

    def __init__(self, write: Callable[[str], Awaitable[None]],
                 close: Callable[[int], Awaitable[None]]) -> None:
        self._write = write
        self._close = close
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.seat: int | None = None
        self.greeted = False
        self.closed = False
        self.sent_state = False
        self.task = asyncio.create_task(self._drain())
        self._dropping: asyncio.Future[None] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message``, or a message's JSON text (dropped once the socket is
        closing)."""
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            self.drop(1008)
            return
        self._queue.put_nowait(message if isinstance(message, str) else dumps(message))

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close with ``code``."""
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(code)

    def drop(self, code: int) -> None:
        """Close at once, dropping what is queued (a peer that stopped reading)."""
        if self._dropping is not None:
            return
        self.closed = True
        self.task.cancel()
        self._dropping = asyncio.ensure_future(self._close(code))

    async def finished(self) -> None:
        """Wait until the socket is closed (or the writer stopped)."""
        await asyncio.wait([task for task in (self.task, self._dropping) if task is not None])

    async def _drain(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, int):
                    await self._close(item)
                    return
                await self._write(item)
        except Exception:  # the socket went away: nothing more to send
            self.closed = True
