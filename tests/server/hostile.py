"""Hostile messages for the server's WebSocket: bad JSON, wrong types, deep nesting, huge
strings, other seats' actions, stale versions, replayed ids, unknown types, odd bytes."""

from __future__ import annotations

import json
import random
import string
from typing import Any

ACTIONS = ("draw stock", "draw discard", "discard Qs", "out Qs", "discard 10h", "out *",
           "0: draw stock", "1: draw discard", "7: discard Ah", "-1: draw stock", "draw",
           "discard", "out", "discard Zz", "draw pile", "", " ", "\x00", "draw stock\n")
TYPES = ("hello", "action", "chat", "start", "hint", "undo", "next", "rematch", "kick", "mute",
         "pace", "state", "error", "", "HELLO", "Action", None, 5, [], {})


def _value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([None, True, False, 0, -1, 2**63, 1e308, -0.0, "", "x" * rng.randint(
            0, 600), "\u202e\ud7ff", "../../etc/passwd", "<script>alert(1)</script>",
                           rng.randint(-10**6, 10**6)])
    if roll < 0.6:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["type", "id", "version", "action", "text", "token", "seat", "muted",
                        "pace", "x"]): _value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def hostile(rng: random.Random, version: int = 0) -> str | bytes:
    """One odd or hostile message."""
    kind = rng.randrange(14)
    if kind == 0:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 64)))
    if kind == 1:
        return "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 80)))
    if kind == 2:
        depth = rng.randint(60, 3000)
        return rng.choice("[{") * depth if rng.random() < 0.5 else "[" * depth + "]" * depth
    if kind == 3:
        return json.dumps({"type": "chat", "text": "w" * rng.randint(501, 5000)})
    if kind == 4:
        extra = _value(rng)
        return json.dumps({"type": rng.choice(TYPES), **(extra if isinstance(extra, dict)
                                                         else {})})
    if kind == 5:
        return json.dumps(_value(rng))
    if kind == 6:  # well formed actions: other seats, stale versions, odd texts
        return json.dumps({"type": "action", "id": f"f{rng.getrandbits(20)}",
                           "version": rng.choice([version, version + 1, version - 1, 0, 10**9]),
                           "action": rng.choice(ACTIONS)})
    if kind == 7:  # wrong types in well-known fields
        return json.dumps({"type": "action", "id": rng.choice([5, None, [], "x" * 100]),
                           "version": rng.choice(["0", 0.0, None, True, -1]),
                           "action": rng.choice([5, None, ["draw"], {"a": 1}])})
    if kind == 8:
        return json.dumps({"type": "hello", "token": rng.choice(["", "x" * 300, None, 5])})
    if kind == 9:
        return json.dumps({"type": rng.choice(["kick", "mute"]),
                           "seat": rng.choice([-1, 0, 1, 7, 8, 9, 10**12, "1", None]),
                           "muted": rng.choice([True, "yes", None])})
    if kind == 10:
        return json.dumps({"type": rng.choice(["start", "rematch", "next"]),
                           **({"extra": 1} if rng.random() < 0.5 else {})})
    if kind == 11:
        return json.dumps({"type": rng.choice(["hint", "undo"]),
                           "id": rng.choice(["h", "", "x" * 65, 3])})
    if kind == 12:
        return '{"type": "chat", "text": "' + "\\ud800" * rng.randint(1, 50) + '"}'
    return '{"type": "action", "id": "a", "version": 1' + "0" * rng.randint(20, 400) + "}"
