"""Whole games under every preset and every option's non-default value, refereed."""

from __future__ import annotations

from typing import Any

import pytest
from referee import referee
from tables import ChaosBot

from threethirteen.bots import Bot, RandomBot
from threethirteen.errors import RulesError
from threethirteen.game import GameState
from threethirteen.record import game_record, replay_record
from threethirteen.rules import PRESETS, Rules
from threethirteen.sim import play_game

PLAYABLE = sorted(name for name in PRESETS if Rules.preset(name).mode == "turns")
NEW_PRESETS = ("deuces-arent-wild", "five-suit")
BOTS = ("random", "easy", "greedy", "medium", "expert")

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
    {"rounds": 12}, {"rounds": 12, "ties": "playoff", "players": 2},
    {"pack": "five-suit"}, {"pack": "five-suit", "jokers": 6, "ace": "wrap", "players": 7},
    {"pack": "five-suit", "rounds": 12, "max_wilds_per_meld": 1, "players": 3},
]


def seats(players: int) -> list[Bot]:
    """Random bots with chaotic ones between them (those also announce out falsely)."""
    return [ChaosBot() if seat % 2 else RandomBot() for seat in range(players)]


@pytest.mark.parametrize("name", PLAYABLE)
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


def test_the_turns_engine_refuses_speed_mode_clearly() -> None:
    """The speed preset's options are valid rules, played by ``SpeedGame``
    (``test_speed.py``); ``GameState`` plays turns only and says so (``RulesError``
    naming ``mode``) rather than playing half a game."""
    rules = Rules.preset("speed")
    assert rules.mode == "speed" and rules.players == 12
    with pytest.raises(RulesError, match="speed mode .* SpeedGame") as caught:
        GameState(rules, seed=1)
    assert caught.value.key == "mode"


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("name", NEW_PRESETS)
def test_every_bot_plays_the_new_presets_referee_clean(name: str, bot: str) -> None:
    """Each bot in every seat (the slow searching bots at one seat among random ones) of
    a whole game of each new preset: 12 rounds, the last of 14 cards with no wild rank,
    and a playoff on ties; or the five-suit pack. Records referee clean and replay."""
    rules = Rules.preset(name)
    slow = bot in ("medium", "expert")
    names = [bot if seat == 0 or not slow else "random" for seat in range(rules.players)]
    state = play_game(rules, names, seed=7)
    record = game_record(state)
    assert referee(record) == []
    assert replay_record(record) == state
    logs = [log for log in state.round_logs() if not log.playoff]
    assert len(logs) == rules.rounds
    if name == "deuces-arent-wild":
        assert logs[-1].wild is None and len(logs[-1].deal.hands[0]) == 14
        assert record["rounds"][11]["wild"] is None
    else:
        cards = {card for log in logs for hand in log.deal.hands for card in hand}
        assert any(card.suit == "x" for card in cards)
        assert not any(card.rank is not None and card.rank < 3 for card in cards)


def test_a_playoff_after_the_fourteen_card_round_is_refereed() -> None:
    """deuces-arent-wild's bonus round for ties (RULES.md: ``ties`` playoff): after the
    12th round, the tied seats play round 13, 13 cards, kings wild."""
    state = play_game(Rules.preset("deuces-arent-wild", players=2), ["greedy"] * 2, seed=13)
    logs = state.round_logs()
    assert [log.playoff for log in logs] == [False] * 12 + [True]
    assert logs[11].wild is None and logs[12].number == 13 and logs[12].wild == 13
    assert len(logs[12].deal.hands[0]) == 13
    record = game_record(state)
    assert referee(record) == [] and replay_record(record) == state
