"""Records the speed fixtures of the web tests, from the core's own speed games.

- ``speed-game.json``: seat 0's views of a short speed game (4 greedy bots, 3 rounds,
  seed 7) as a speed room sends them, one state per log entry (a caller's tick is one
  version); every fifth step seats 0 and 2 are too slow and the caller plays for them.
  The rules are kept once.
- ``speed-record.json``: the speed record (``threethirteen.speedrecord``) of a game of
  three bots, 2 rounds, seed 11.

Run from the repository's root: ``.venv/bin/python web/test/speed-game.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from threethirteen.bots.speedplay import speed_player
from threethirteen.rules import Rules
from threethirteen.sim import play_speed_game
from threethirteen.speed import SpeedGame
from threethirteen.speedrecord import speed_record

HERE = Path(__file__).resolve().parent


def views() -> dict[str, Any]:
    """Seat 0's states, the actions behind them, and each call as the game kept it."""
    rules = Rules(mode="speed", players=4, rounds=3, decks=1, speed_seconds=5)
    game = SpeedGame(rules, seed=7, names=["You", "Left", "Top", "Right"])
    bots = [speed_player("greedy") for _ in range(4)]
    rngs = [random.Random(seat) for seat in range(4)]
    states: list[dict[str, Any]] = [{"version": 0, "view": game.view(0).to_json()}]
    moves: list[str] = []
    step = 0
    while not game.is_over:
        step += 1
        waiting = list(game.waiting)
        slow = {0, 2} if step % 5 == 0 else set()
        for seat in waiting:
            if seat in slow:
                continue
            action = bots[seat].choose_speed(game.view(seat), rngs[seat])
            assert action is not None
            game.apply(action)
            states.append({"version": len(states), "view": game.view(0).to_json()})
            moves.append(str(action))
        if slow & set(waiting) and not game.is_over:
            made = game.tick()
            states.append({"version": len(states), "view": game.view(0).to_json(), "tick": True})
            moves.append("tick: " + ", ".join(map(str, made)))
    rounds = [{"number": r.number, "outs": list(r.outs), "calls": [{
        "draws": [{"seat": d.seat, "source": d.source.value, "card": str(d.card)}
                  for d in call.draws],
        "discards": [{"seat": d.seat, "card": str(d.card), "out": d.out} for d in call.discards],
    } for call in r.calls]} for r in game.rounds()]
    shared = states[0]["view"]["rules"]
    for state in states:
        assert state["view"].pop("rules") == shared
    return {"rules": shared, "states": states, "moves": moves, "rounds": rounds}


def record() -> dict[str, Any]:
    rules = Rules(mode="speed", players=3, rounds=2, decks=1)
    return speed_record(play_speed_game(rules, ["greedy", "random", "easy"], seed=11))


def main() -> None:
    for name, data in (("speed-game.json", views()), ("speed-record.json", record())):
        (HERE / name).write_text(json.dumps(data, separators=(",", ":")))
        print(f"wrote {HERE / name}")


if __name__ == "__main__":
    main()
