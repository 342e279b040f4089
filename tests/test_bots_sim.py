"""Bots (registry, entry points, views only) and simulations (INTERFACES.md §4)."""

from __future__ import annotations

import json
import random
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from referee import referee
from tables import ChaosBot
from typer.testing import CliRunner

from threethirteen.actions import Action
from threethirteen.bots import RandomBot, bot_names, make_bot, register_bot, registry
from threethirteen.cli import app
from threethirteen.record import game_record, load_record, replay_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game, run_games, seating, simulate, wilson
from threethirteen.view import View


def test_bots_are_found_by_name() -> None:
    assert "random" in bot_names() and isinstance(make_bot("random"), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'nobody'; bots are .*random"):
        make_bot("nobody")


def test_other_packages_add_bots_through_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="from-elsewhere", value="tables:ChaosBot",
                       group=registry.ENTRY_POINT_GROUP)

    def fake_entry_points(group: str) -> list[EntryPoint]:
        return [point] if group == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(registry, "entry_points", fake_entry_points)
    registry._installed.cache_clear()
    try:
        assert "from-elsewhere" in bot_names()
        assert isinstance(make_bot("from-elsewhere"), ChaosBot)
    finally:
        registry._installed.cache_clear()


def test_entry_points_are_scanned_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    scans: list[str] = []

    def counting_entry_points(group: str) -> list[EntryPoint]:
        scans.append(group)
        return []

    monkeypatch.setattr(registry, "entry_points", counting_entry_points)
    registry._installed.cache_clear()
    try:
        for _ in range(5):
            make_bot("greedy")
        assert scans == [registry.ENTRY_POINT_GROUP]
    finally:
        registry._installed.cache_clear()


def test_registered_bots_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    register_bot("chaos", ChaosBot)
    state = play_game(Rules(players=2, rounds=2), ["chaos", "random"], seed=1)
    assert state.names == ("chaos", "random") and state.is_over
    with pytest.raises(ValueError):
        register_bot("two words", ChaosBot)


class Spy:
    """Remembers what it was given."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, view: View, rng: random.Random) -> Action:
        self.seen.append(view)
        return RandomBot().choose(view, rng)


def test_bots_receive_only_their_own_view() -> None:
    spies = [Spy(), Spy()]
    play_game(Rules(players=2, rounds=2), spies, seed=3)
    for seat, spy in enumerate(spies):
        assert spy.seen and all(isinstance(view, View) for view in spy.seen)
        assert all(view.seat == seat and view.my_turn and view.legal for view in spy.seen)


def test_random_bots_always_play_legally_and_referee_clean() -> None:
    for seed in range(3):
        state = play_game(Rules(players=3, rounds=4), ["random"] * 3, seed=seed)
        assert state.is_over
        assert referee(json.loads(json.dumps(game_record(state)))) == []


def test_seats_rotate_evenly() -> None:
    seats = ["a", "b", "b", "b"]
    games = [seating(seats, index) for index in range(8)]
    for seat in range(4):
        assert [game[seat] for game in games].count("a") == 2


def test_wilson_interval() -> None:
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-3


def strip_timing(summary: dict[str, object]) -> dict[str, object]:
    data = json.loads(json.dumps(summary))
    for key in ("seconds", "games_per_second"):
        data.pop(key)
    for stats in data["bots"].values():
        for key in ("decision_ms_p50", "decision_ms_p95"):
            stats.pop(key)
    return data  # type: ignore[no-any-return]


def test_a_seed_gives_the_same_games_whatever_the_jobs(tmp_path: Path) -> None:
    rules = Rules(players=3, rounds=2)
    seats = ["random", "random", "random"]
    one = simulate(seats, 6, seed=9, rules=rules, jobs=1, records=tmp_path / "one")
    two = simulate(seats, 6, seed=9, rules=rules, jobs=2, records=tmp_path / "two")
    assert strip_timing(one) == strip_timing(two)
    for index in range(6):
        first = (tmp_path / "one" / f"{index}.json").read_bytes()
        assert first == (tmp_path / "two" / f"{index}.json").read_bytes()
    assert replay_record(load_record(tmp_path / "one" / "5.json")).is_over
    other = simulate(seats, 6, seed=10, rules=rules)
    assert strip_timing(other) != strip_timing(one)


def test_outcomes_are_in_game_order_and_counted_per_seat() -> None:
    outcomes = run_games(["random", "random"], 4, seed=1, rules=Rules(players=2, rounds=1))
    assert [outcome.index for outcome in outcomes] == [0, 1, 2, 3]
    summary = simulate(["random", "random"], 4, seed=1, rules=Rules(players=2, rounds=1))
    stats = summary["bots"]["random"]
    assert stats["seats"] == 8
    assert stats["wins"] == sum(len(outcome.winners) for outcome in outcomes)
    assert stats["mean_total"] == round(sum(sum(o.totals) for o in outcomes) / 8, 2)


def test_the_simulate_command_prints_the_interface_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [
        "simulate", "--seats", "random,random", "--games", "4", "--seed", "7",
        "--rules", '{"rounds": 2}', "--records", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert set(summary) >= {"games", "seconds", "games_per_second", "bots"}
    assert summary["games"] == 4
    assert set(summary["bots"]["random"]) == {
        "seats", "wins", "win_rate", "win_rate_ci95", "mean_total", "decision_ms_p50",
        "decision_ms_p95"}
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"{n}.json" for n in range(4)]
    table = CliRunner().invoke(app, ["simulate", "--seats", "random,random", "--games", "2",
                                     "--seed", "7", "--rules", '{"rounds": 1}'])
    assert table.exit_code == 0 and "win rate" in table.output


@pytest.mark.parametrize("arguments, message", [
    (["--seats", ",".join(["random"] * 9), "--rules", '{"decks": 1}'], "decks"),
    (["--seats", "random,random", "--rules", '{"preset": "speedy"}'], "preset"),
    (["--seats", "random,nobody"], "unknown bot 'nobody'"),
    (["--seats", "random,random", "--rules", '{"players": 3}'], "3 players"),
    (["--seats", "random"], "at least two"),
])
def test_simulate_refuses_misuse_before_playing(arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--games", "1", *arguments])
    assert result.exit_code == 1 and "error:" in result.output and message in result.output
