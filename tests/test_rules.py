"""Rules: defaults and presets of RULES.md, the JSON of INTERFACES.md §1, validation."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from threethirteen import PRESETS, Rules, RulesError

# RULES.md: every option and its default.
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "decks": "auto",
    "jokers": 0,
    "rounds": 11,
    "upcard": True,
    "first_turn_out": True,
    "final_turns": True,
    "stock_empty": "end_round",
    "false_out": "reject",
    "false_out_penalty": 20,
    "ace": "low",
    "face_values": "ten",
    "wild_penalty": None,
    "joker_penalty": 20,
    "all_wild_melds": True,
    "max_wilds_per_meld": None,
    "out_bonus": 0,
    "ties": "share",
    "pack": "standard",
    "mode": "turns",
    "speed_seconds": 10,
}

# RULES.md, "Presets".
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "natural": {"all_wild_melds": False},
    "single-wild": {
        "max_wilds_per_meld": 1, "wild_penalty": 15, "false_out": "penalty", "decks": 2,
    },
    "jokers": {"jokers": 4, "decks": 2, "wild_penalty": 15, "ties": "none"},
    "high-stakes": {"ace": "both", "face_values": "rank"},
    "deuces-arent-wild": {"rounds": 12, "decks": 1, "jokers": 2, "ties": "playoff", "players": 3},
    "five-suit": {
        "pack": "five-suit", "decks": 2, "jokers": 6, "face_values": "rank",
        "wild_penalty": 20, "joker_penalty": 50,
    },
    "speed": {"mode": "speed", "decks": 4, "players": 12},
}


def test_defaults_are_those_of_rules_md() -> None:
    assert Rules().to_json() == DEFAULTS
    assert Rules.from_json({}) == Rules()


def test_to_json_is_plain_json() -> None:
    data = Rules.preset("single-wild").to_json()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == set(DEFAULTS)


@pytest.mark.parametrize(
    ("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)]
)
def test_auto_decks(players: int, decks: int) -> None:
    rules = Rules(players=players)
    assert rules.deck_count == decks
    assert rules.resolved().decks == decks


@pytest.mark.parametrize("name", list(PRESET_OPTIONS))
def test_presets_are_those_of_rules_md(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.to_json() == {**DEFAULTS, **PRESET_OPTIONS[name]}
    assert Rules.from_json({"preset": name}) == rules


def test_every_preset_is_documented() -> None:
    assert set(PRESETS) == set(PRESET_OPTIONS)


def test_options_change_a_preset() -> None:
    rules = Rules.from_json({"preset": "single-wild", "ace": "high"})
    assert rules.ace == "high"
    assert rules.max_wilds_per_meld == 1
    assert rules.wild_penalty == 15
    assert Rules.preset("single-wild", ace="high") == rules


def test_the_interfaces_example() -> None:
    rules = Rules.from_json(
        {"players": 4, "ace": "high", "max_wilds_per_meld": 1, "wild_penalty": 15}
    )
    assert rules.to_json() == {
        **DEFAULTS, "ace": "high", "max_wilds_per_meld": 1, "wild_penalty": 15,
    }


ROUND_TRIPS: list[dict[str, Any]] = [
    {},
    {"ace": "wrap", "face_values": "rank", "wild_penalty": 0, "joker_penalty": 50},
    {"players": 8, "decks": 4, "jokers": 4, "ties": "playoff", "rounds": 3},
    {"stock_empty": "reshuffle", "false_out": "penalty", "false_out_penalty": 5},
    {"upcard": False, "first_turn_out": False, "final_turns": False, "out_bonus": -5},
    {"all_wild_melds": False, "max_wilds_per_meld": 2, "ace": "both"},
    {"rounds": 12, "pack": "five-suit", "decks": 2, "ace": "wrap"},
    {"mode": "speed", "players": 5, "speed_seconds": 3},
    *({"preset": name} for name in PRESET_OPTIONS),
]


@pytest.mark.parametrize("data", ROUND_TRIPS, ids=lambda data: json.dumps(data))
def test_json_round_trip(data: dict[str, Any]) -> None:
    rules = Rules.from_json(data)
    text = json.dumps(rules.to_json())
    again = Rules.from_json(json.loads(text))
    assert again == rules
    assert again.to_json() == rules.to_json()
    for key, value in data.items():
        if key != "preset":
            assert rules.to_json()[key] == value


def test_rules_are_frozen_and_keyword_only() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.ace = "high"  # type: ignore[misc, assignment]
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[call-arg]
    changed = rules.replace(ace="wrap")
    assert changed.ace == "wrap" and rules.ace == "low"


@pytest.mark.parametrize("key", ["acee", "wilds", "Players", "deck"])
def test_unknown_keys_raise_naming_the_key(key: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_json({key: 1})
    assert caught.value.key == key
    assert key in str(caught.value)


BAD_VALUES: list[tuple[str, Any]] = [
    ("players", 1),
    ("players", "4"),
    ("players", True),
    ("players", 2.0),
    ("decks", 0),
    ("decks", "many"),
    ("jokers", -1),
    ("rounds", 0),
    ("rounds", 13),
    ("rounds", 12.0),
    ("pack", "five-suits"),
    ("pack", None),
    ("mode", "fast"),
    ("speed_seconds", 0),
    ("speed_seconds", 601),
    ("speed_seconds", 2.5),
    ("upcard", "yes"),
    ("upcard", 1),
    ("first_turn_out", None),
    ("final_turns", 0),
    ("stock_empty", "shuffle"),
    ("false_out", "ignore"),
    ("false_out_penalty", -1),
    ("ace", "middle"),
    ("ace", None),
    ("face_values", "eleven"),
    ("wild_penalty", -1),
    ("wild_penalty", "15"),
    ("joker_penalty", None),
    ("joker_penalty", -5),
    ("all_wild_melds", "false"),
    ("all_wild_melds", 0),
    ("max_wilds_per_meld", 0),
    ("max_wilds_per_meld", 1.5),
    ("out_bonus", "-5"),
    ("ties", "split"),
]


@pytest.mark.parametrize(("key", "value"), BAD_VALUES, ids=lambda item: repr(item))
def test_bad_values_raise_naming_the_key(key: str, value: Any) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_json({key: value})
    assert caught.value.key == key
    assert key in str(caught.value)
    with pytest.raises(RulesError):
        Rules(**{key: value})


@pytest.mark.parametrize("name", ["", "Standard", "casual", 3, None])
def test_unknown_presets_raise(name: Any) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_json({"preset": name})
    assert caught.value.key == "preset"


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RulesError):
        Rules.from_json([])  # type: ignore[arg-type]


def test_a_pack_too_small_for_the_table_raises() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(players=9, decks=1)
    assert caught.value.key == "decks"
    with pytest.raises(RulesError):
        Rules.from_json({"players": 9, "decks": 1})
    with pytest.raises(RulesError):
        Rules.from_json({"players": 4, "decks": 1})  # 4 x 13 + upcard + 1 > 52
    assert Rules(players=3, decks=1).deck_count == 1  # 3 x 13 + 2 = 41 cards: fine
    assert Rules(players=9, decks=3).deck_count == 3
    assert Rules(players=9).deck_count == 5


def test_round_twelve_deals_fourteen_cards() -> None:
    assert Rules(rounds=12).max_deal == 14
    assert Rules(rounds=12, ties="playoff").max_deal == 14  # the playoff deals 13
    assert Rules(rounds=3, ties="playoff").max_deal == 13
    with pytest.raises(RulesError, match="58 cards for a 14-card deal") as caught:
        Rules.preset("deuces-arent-wild", players=4)  # 4 x 14 + upcard + 1 > 54
    assert caught.value.key == "decks"
    assert Rules.preset("deuces-arent-wild", players=2).deck_count == 1


def test_the_five_suit_pack_counts_55_cards_a_deck() -> None:
    assert Rules.preset("five-suit", players=7).deck_count == 2  # 7 x 13 + 2 <= 116
    assert Rules.preset("five-suit", players=8).deck_count == 2  # 8 x 13 + 2 <= 116
    with pytest.raises(RulesError, match="1 five-suit deck") as caught:
        Rules(pack="five-suit", decks=1, players=5)  # 5 x 13 + 2 > 55
    assert caught.value.key == "decks"
    assert Rules(pack="five-suit", players=4).deck_count == 2
    # the 12th round with the five-suit pack: RULES.md does not forbid it
    assert Rules(pack="five-suit", rounds=12, players=4).max_deal == 14


def test_speed_mode_options() -> None:
    rules = Rules.preset("speed")
    assert (rules.mode, rules.players, rules.deck_count, rules.speed_seconds) == (
        "speed", 12, 4, 10)
    # decks "auto": one deck per 3 players in speed mode (RULES.md, the speed preset)
    assert Rules(mode="speed", players=12).deck_count == 4
    assert Rules(mode="speed", players=2).deck_count == 1
    assert Rules(mode="speed", players=7).deck_count == 3
    with pytest.raises(RulesError) as caught:
        Rules(mode="speed", players=1)
    assert caught.value.key == "players"
    with pytest.raises(RulesError, match="12 players need at least 169 cards") as caught:
        Rules(mode="speed", players=12, decks=3)  # 12 x 13 + 12 piles + 1 > 156
    assert caught.value.key == "decks"
