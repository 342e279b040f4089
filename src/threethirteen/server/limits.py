"""Limits: a token bucket for messages, a spacing for chat, and the server's caps.

>>> bucket = TokenBucket(rate=20.0, burst=40, now=0.0)
>>> sum(bucket.take(0.0) for _ in range(50))
40
>>> bucket.take(0.05)
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass

RATE, BURST = 20.0, 40  # messages a second, and the burst allowed
CHAT_SPACING = 1.0  # seconds between two chat messages of one seat (slow mode)


@dataclass
class TokenBucket:
    """``rate`` tokens a second up to ``burst``; each message takes one."""

    rate: float
    burst: int
    now: float

    def __post_init__(self) -> None:
        self._tokens = float(self.burst)

    def take(self, now: float) -> bool:
        """True if a message may pass at time ``now`` (seconds)."""
        self._tokens = min(float(self.burst), self._tokens + (now - self.now) * self.rate)
        self.now = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


def setting(name: str, default: float) -> float:
    """A limit, from ``THREE_THIRTEEN_<name>`` when set to a number (tests, big servers).

    >>> setting("NO_SUCH_LIMIT", 5)
    5
    """
    text = os.environ.get(f"THREE_THIRTEEN_{name}", "")
    try:
        return float(text) if text.strip() else default
    except ValueError:
        return default


def room_idle_seconds() -> float:
    """A room with no socket and nothing to play leaves memory after this long."""
    return setting("ROOM_IDLE_SECONDS", 300.0)


def rooms_per_minute() -> float:
    """Rooms one client address may create in a minute."""
    return setting("ROOMS_PER_MINUTE", 30.0)


def max_rooms() -> float:
    """Open rooms (waiting or playing, as the database knows them), past which no room
    is created."""
    return setting("MAX_ROOMS", 5000.0)


def abandon_seconds() -> float:
    """An open room no person has been connected to for this long is abandoned (closed;
    its log stays). Two days by default."""
    return setting("ABANDON_SECONDS", 2 * 24 * 3600.0)


def max_spectators() -> float:
    """Spectators of one room at once."""
    return setting("MAX_SPECTATORS", 50.0)
