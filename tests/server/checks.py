"""Checks shared by the server tests: records replay offline; states come one per version."""

from __future__ import annotations

from typing import Any

import httpx

from threethirteen.errors import RulesError
from threethirteen.game import GameState
from threethirteen.record import game_record, replay_record
from threethirteen.rules import PRESETS, Mode, Rules

# the presets played one player at a time (speed rooms: test_server_speed)
ONLINE_PRESETS = tuple(name for name in PRESETS
                       if Rules.from_json({"preset": name}).mode is Mode.TURNS)


def table_rules(preset: str, players: int, **more: Any) -> dict[str, Any]:
    """``preset``'s rules for a room of ``players`` (with a second deck when one pack is
    too small for that many hands, as a host would choose)."""
    rules = {"preset": preset, **more}
    try:
        Rules.from_json({**rules, "players": players}).resolved()
    except RulesError:
        rules["decks"] = 2
    return rules


def offline(record: dict[str, Any]) -> GameState:
    """The game of ``record`` played again offline from its seed and its actions."""
    actions = replay_record(record).history
    game = GameState(Rules.from_json(record["rules"]), seed=record["seed"],
                     names=record["players"])
    for action in actions:
        game.apply(action)
    return game


def assert_record_replays(record: dict[str, Any]) -> GameState:
    """The server's record equals the offline replay of the same seed and actions."""
    game = offline(record)
    assert game.is_over
    plain = {key: value for key, value in record.items() if key not in ("hints", "undos")}
    assert game_record(game) == plain
    return game


def versions_one_by_one(seen: list[dict[str, Any]]) -> None:
    """Every version after the first state arrives in its own state, in order."""
    versions = [message["version"] for message in seen if message["type"] == "state"]
    assert versions, "no state at all"
    assert versions == list(range(versions[0], versions[0] + len(versions))), versions[:50]


def record_of(base: str, room: str) -> dict[str, Any]:
    answer = httpx.get(f"{base}/api/rooms/{room}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data
