"""Records: golden games, replay of finished and abandoned games, tampering caught."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from golden_games import GOLDEN, HERE, SCRIPTED, golden_text
from referee import referee
from typer.testing import CliRunner

from threethirteen.bots import RandomBot
from threethirteen.cli import app
from threethirteen.errors import RecordError
from threethirteen.game import GameState
from threethirteen.record import dumps_record, game_record, load_record, replay_record
from threethirteen.rules import Rules

NAMES = [*GOLDEN, SCRIPTED]


def golden(name: str) -> dict[str, Any]:
    return load_record(HERE / f"{name}.json")


@pytest.mark.parametrize("name", NAMES)
def test_golden_records_match_a_fresh_run_byte_for_byte(name: str) -> None:
    assert golden_text(name) == (HERE / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_golden_records_replay_into_the_same_game(name: str) -> None:
    text = (HERE / f"{name}.json").read_text(encoding="utf-8")
    state = replay_record(json.loads(text))
    assert state.is_over
    assert dumps_record(game_record(state)) == text
    assert referee(json.loads(text)) == []


def test_golden_records_cover_the_rare_events() -> None:
    def turns(name: str) -> list[dict[str, Any]]:
        return [turn for data in golden(name)["rounds"] for turn in data["turns"]]

    assert any("reshuffle" in turn for turn in turns("three-players-jokers-reshuffle"))
    assert golden("playoff")["rounds"][-1]["playoff"] is True
    assert golden("high-stakes-no-upcard")["rounds"][0]["deal"]["upcard"] is None
    assert any(turn.get("false_out") for turn in turns(SCRIPTED))
    assert golden(SCRIPTED)["seed"] is None


def test_a_record_has_exactly_the_fields_of_the_interface() -> None:
    record = golden("two-players-standard")
    assert list(record) == ["format", "rules", "seed", "players", "rounds", "totals", "winners"]
    first = record["rounds"][0]
    assert list(first) == ["number", "wild", "dealer", "deal", "turns", "end", "out", "result"]
    assert list(first["deal"]) == ["hands", "upcard", "stock"]
    assert list(first["turns"][0]) == ["seat", "draw", "card", "discard", "out"]
    assert list(first["result"][0]) == ["melds", "deadwood", "points"]
    assert record["rules"] == Rules(players=2, decks=1).to_json()


@pytest.mark.parametrize("cut", [0, 1, 2, 7, 60, 61, 300])
def test_an_abandoned_game_replays_and_plays_on_identically(cut: int) -> None:
    state = GameState(Rules(players=3, rounds=3, stock_empty="reshuffle"), seed=cut)
    bot, rng = RandomBot(), random.Random(cut)
    for _ in range(cut):
        state.apply(bot.choose(state.view(state.turn), rng))
    record = game_record(state)
    assert record["winners"] is None and record["rounds"][-1]["result"] is None
    replayed = replay_record(json.loads(json.dumps(record)))
    assert replayed == state
    for game in (state, replayed):
        rng = random.Random(99)
        while not game.is_over:
            game.apply(bot.choose(game.view(game.turn), rng))
    assert dumps_record(game_record(replayed)) == dumps_record(game_record(state))


def tamper(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    record = copy.deepcopy(golden("two-players-standard"))
    change(record)
    return record


def set_card(record: dict[str, Any]) -> None:
    record["rounds"][1]["turns"][2]["card"] = "Kc" if record["rounds"][1]["turns"][2][
        "card"] != "Kc" else "Qc"


def swap_deal(record: dict[str, Any]) -> None:
    hands = record["rounds"][0]["deal"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]


def set_points(record: dict[str, Any]) -> None:
    record["rounds"][3]["result"][0]["points"] += 1


def drop_last_turn(record: dict[str, Any]) -> None:
    record["rounds"][2]["turns"].pop()


def fake_out(record: dict[str, Any]) -> None:
    record["rounds"][4]["turns"][0]["out"] = True


def set_totals(record: dict[str, Any]) -> None:
    record["totals"][1] += 3


def set_winners(record: dict[str, Any]) -> None:
    record["winners"] = [0, 1]


def set_dealer(record: dict[str, Any]) -> None:
    record["rounds"][5]["dealer"] = 1 - record["rounds"][5]["dealer"]


def bad_meld(record: dict[str, Any]) -> None:
    result = record["rounds"][10]["result"][0]
    melded = [card for meld in result["melds"] for card in meld]
    result["deadwood"] += melded
    result["melds"] = []


TAMPERS = [set_card, swap_deal, set_points, drop_last_turn, fake_out, set_totals, set_winners,
           set_dealer]


@pytest.mark.parametrize("change", TAMPERS, ids=lambda change: change.__name__)
def test_tampered_records_do_not_replay(change: Callable[[dict[str, Any]], None]) -> None:
    with pytest.raises(RecordError):
        replay_record(tamper(change))


@pytest.mark.parametrize("change", [*TAMPERS, bad_meld], ids=lambda change: change.__name__)
def test_the_referee_catches_tampering(change: Callable[[dict[str, Any]], None]) -> None:
    assert referee(tamper(change)) != []


def test_replay_errors_say_where() -> None:
    with pytest.raises(RecordError) as caught:
        replay_record(tamper(set_card))
    assert caught.value.where == "round 2, turn 3, key 'card'" and "card" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        replay_record(tamper(fake_out))
    assert caught.value.where == "round 5, turn 1" and "[cannot-go-out]" in str(caught.value)
    with pytest.raises(RecordError, match="not a three-thirteen-record/1"):
        replay_record({"format": "something/2"})
    with pytest.raises(RecordError, match="missing field"):
        replay_record({"format": "three-thirteen-record/1", "rules": {}})


def test_the_replay_command_prints_and_checks(tmp_path: Path) -> None:
    runner = CliRunner()
    good = runner.invoke(app, ["replay", str(HERE / "playoff.json")])
    assert good.exit_code == 0
    assert "playoff round 2" in good.output and "winners: random (seat 1)" in good.output
    assert "goes out" in good.output and "unmelded" in good.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tamper(set_card)), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    assert "error:" in result.output and "round 2, turn 3" in result.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert runner.invoke(app, ["replay", str(garbage)]).exit_code == 1
