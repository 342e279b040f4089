"""Whole games under every preset and every option's non-default value, refereed."""

from __future__ import annotations

from typing import Any

import pytest
from referee import referee
from tables import ChaosBot

from threethirteen.bots import Bot, RandomBot
from threethirteen.record import game_record
from threethirteen.rules import PRESETS, Rules
from threethirteen.sim import play_game

# Each option of RULES.md with a value other than its default (and what it needs).
NON_DEFAULTS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 8}, {"players": 10, "decks": 3},
    {"decks": 3}, {"jokers": 2}, {"rounds": 4}, {"upcard": False},
    {"first_turn_out": False}, {"final_turns": False}, {"stock_empty": "reshuffle"},
    {"false_out": "penalty"}, {"false_out": "penalty", "false_out_penalty": 35},
    {"ace": "high"}, {"ace": "both"}, {"ace": "wrap"}, {"face_values": "rank"},
    {"wild_penalty": 15}, {"jokers": 2, "joker_penalty": 25}, {"all_wild_melds": False},
    {"max_wilds_per_meld": 1}, {"out_bonus": -5}, {"ties": "none"},
    {"ties": "playoff"}, {"ties": "playoff", "players": 2, "rounds": 1},
]


def seats(players: int) -> list[Bot]:
    """Random bots with chaotic ones between them (those also announce out falsely)."""
    return [ChaosBot() if seat % 2 else RandomBot() for seat in range(players)]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_whole_games_by_the_rules(name: str) -> None:
    rules = Rules.preset(name)
    for seed in range(3):
        state = play_game(rules, seats(rules.players), seed=seed)
        assert state.is_over and state.winners is not None
        assert len([log for log in state.round_logs() if not log.playoff]) == rules.rounds
        assert referee(game_record(state)) == []


def option_id(changes: dict[str, Any]) -> str:
    return ",".join(f"{key}={value}" for key, value in changes.items())


@pytest.mark.parametrize("changes", NON_DEFAULTS, ids=option_id)
def test_every_option_plays_by_the_rules(changes: dict[str, Any]) -> None:
    rules = Rules.from_json(changes)
    games = 8 if rules.rounds == 1 else 2
    for seed in range(games):
        state = play_game(rules, seats(rules.players), seed=seed)
        assert state.is_over
        assert referee(game_record(state)) == []


def test_the_chaotic_games_do_announce_out_falsely() -> None:
    """The penalty games above exercise false announcements, not only honest play."""
    state = play_game(Rules(false_out="penalty"), seats(4), seed=0)
    record = game_record(state)
    falses = [t for r in record["rounds"] for t in r["turns"] if t.get("false_out")]
    assert falses and referee(record) == []


@pytest.mark.parametrize("players", [2, 3])
def test_playoff_rounds_are_refereed(players: int) -> None:
    """Short games tie often: some of these reach a playoff, and all referee clean."""
    rules = Rules(players=players, rounds=1, ties="playoff")
    playoffs = 0
    for seed in range(24):
        state = play_game(rules, ["random"] * players, seed=seed)
        playoffs += any(log.playoff for log in state.round_logs())
        assert referee(game_record(state)) == []
    assert playoffs >= 2
