"""Python's garbage collector, set for a server that holds many live games.

A full collection walks every live container and stops every thread while it does: with
500 games in memory (their logs, actions, views, sockets) that is 60-300 ms, and with
Python's defaults it came every few seconds under load, the largest part of the
server's p99 latency. So, once at start:

- what the imports made (modules, classes, functions: never garbage) is frozen out of
  every later collection;
- the youngest generation is collected every 50,000 new containers, not 700, so that a
  version's short-lived messages die by reference counting first and are never promoted;
- a full collection waits for 100 middle ones, not 10.

Nothing is switched off: cyclic garbage is still collected, only less often.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)


def tune() -> None:
    """Freeze the objects that exist now and set the thresholds (call once, at start,
    before any room is loaded: a frozen object is never collected)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
