"""Per-socket limits: a token bucket for messages, a spacing for chat.

>>> bucket = TokenBucket(rate=20.0, burst=40, now=0.0)
>>> sum(bucket.take(0.0) for _ in range(50))
40
>>> bucket.take(0.05)
True
"""

from __future__ import annotations

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
