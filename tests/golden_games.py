"""The seeded games kept as golden records in tests/golden/.

Run ``python tests/golden_games.py`` to write them again after a deliberate change
of the engine, the random bot or the solver's layout of melds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tables import deal, play, table

from threethirteen.game import GameState
from threethirteen.record import dumps_record, game_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game

HERE = Path(__file__).parent / "golden"

# name -> (rules JSON, bots by seat, seed)
GOLDEN: dict[str, tuple[dict[str, Any], list[str], int]] = {
    "two-players-standard": ({"players": 2}, ["random", "random"], 11),
    "three-players-jokers-reshuffle": (
        {"preset": "jokers", "players": 3, "rounds": 3, "stock_empty": "reshuffle"},
        ["random", "random", "random"], 5,
    ),
    "playoff": ({"players": 2, "rounds": 1, "ties": "playoff"}, ["random", "random"], 8),
    "high-stakes-no-upcard": (
        {"preset": "high-stakes", "players": 4, "rounds": 2, "upcard": False,
         "first_turn_out": False, "out_bonus": -5},
        ["random"] * 4, 3,
    ),
    # issue 17: twelve rounds, the last of 14 cards with no wild rank; the five-suit pack
    "deuces-arent-wild": ({"preset": "deuces-arent-wild", "players": 2}, ["random"] * 2, 4),
    "five-suit": ({"preset": "five-suit", "players": 3, "rounds": 3}, ["random"] * 3, 6),
}


SCRIPTED = "false-out-seedless"  # a hand-dealt game: no seed, deals come from the record


def scripted_game() -> GameState:
    """Two players, one round, a false announcement charged, then a true one."""
    rules = Rules(players=2, rounds=1, false_out="penalty")
    state = table(rules, deal(rules, ["7h 8h Kd", "2c 5d 9s"], "Qs", top="4c 9h 6d"))
    play(state, "1: draw stock", "1: out 2c", "0: draw stock", "0: out Kd",
         "1: draw discard", "1: discard 9s")
    return state


def golden_text(name: str) -> str:
    """The record of golden game ``name``, played afresh, in its canonical text."""
    if name == SCRIPTED:
        return dumps_record(game_record(scripted_game()))
    rules, bots, seed = GOLDEN[name]
    return dumps_record(game_record(play_game(Rules.from_json(rules), bots, seed=seed)))


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for game in [*GOLDEN, SCRIPTED]:
        (HERE / f"{game}.json").write_text(golden_text(game), encoding="utf-8")
        print(f"wrote {HERE / game}.json")
