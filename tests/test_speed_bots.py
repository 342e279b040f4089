"""Bots in speed mode (issue 17): every level answers each step of a call from its own
``SpeedView``; whole speed games between bots are referee-clean and replay; the same
seed gives the same game; a seat that does not answer is left to the caller's
``tick``; ``simulate`` plays speed games and writes records ``replay`` accepts; a bot's
answer never depends on cards its seat cannot see."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from referee import referee
from typer.testing import CliRunner

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots import bot_names, register_bot, registry
from threethirteen.bots.speedplay import (
    GreedySpeed,
    SpeedPlayer,
    choose_speed,
    speed_player,
    speed_track,
)
from threethirteen.cli import app
from threethirteen.cli.replay import describe
from threethirteen.record import dumps_record
from threethirteen.rules import Rules
from threethirteen.sim import derive_seed, play_speed_game, simulate
from threethirteen.speed import SpeedGame, SpeedView
from threethirteen.speedrecord import replay_speed_record, speed_record
from threethirteen.view import Phase

LEVELS = bot_names()


def checked(game: SpeedGame) -> dict[str, object]:
    """The game's record after a trip through JSON, refereed and replayed."""
    record = json.loads(dumps_record(speed_record(game)))
    assert referee(record) == []
    assert replay_speed_record(record) == game
    return record


def table(players: int, first: int) -> list[str]:
    """Every level in turn from ``first``, around the table."""
    return [LEVELS[(first + seat) % len(LEVELS)] for seat in range(players)]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_heads_up_in_speed_mode(level: str) -> None:
    """Two seats: each level against greedy, a whole game of the speed preset."""
    rules = Rules.preset("speed", players=2, decks="auto")
    game = play_speed_game(rules, [level, "greedy"], seed=derive_seed("heads-up", level))
    assert game.is_over and game.names == (level, "greedy")
    checked(game)


@pytest.mark.parametrize("players", [5, 12])
def test_every_level_at_five_and_twelve_seats(players: int) -> None:
    """Mixed tables in which every level sits (twice over the games at five seats)."""
    rules = Rules.preset("speed", players=players, decks="auto")
    games = 1 if players >= len(LEVELS) else 2
    for index in range(games):
        seats = table(players, index * players)
        game = play_speed_game(rules, seats, seed=derive_seed("table", players, index))
        record = checked(game)
        assert record["players"] == seats
    if players == 12:
        assert set(LEVELS) <= set(table(12, 0))


def test_variants_in_speed_mode() -> None:
    """The five-suit pack with round 12, jokers, penalties for false outs."""
    rules = Rules(mode="speed", players=4, pack="five-suit", jokers=6, rounds=12, decks=2,
                  false_out="penalty", first_turn_out=False, ties="playoff")
    game = play_speed_game(rules, ["random", "easy", "greedy", "medium"], seed=12)
    record = checked(game)
    assert len(record["rounds"]) >= 12


def test_the_same_seed_gives_the_same_speed_game() -> None:
    rules = Rules.preset("speed", players=5, decks="auto", rounds=4)
    seats = ["expert", "greedy", "easy", "random", "medium"]
    first = play_speed_game(rules, seats, seed=99)
    again = play_speed_game(rules, seats, seed=99)
    assert first == again and speed_record(first) == speed_record(again)
    other = play_speed_game(rules, seats, seed=100)
    assert speed_record(other) != speed_record(first)


def test_the_same_seed_whatever_the_hash_seed(tmp_path: Path) -> None:
    """Card sets iterate in a per-process order: no bot may depend on it."""
    code = ("import sys; from threethirteen.rules import Rules; "
            "from threethirteen.sim import play_speed_game; "
            "from threethirteen.speedrecord import speed_record; "
            "from threethirteen.record import dumps_record; "
            "g = play_speed_game(Rules.preset('speed', players=4, rounds=3, decks=2), "
            "['expert', 'easy', 'greedy', 'random'], seed=5); "
            "sys.stdout.write(dumps_record(speed_record(g)))")
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env,
                              timeout=120, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and outputs[0]


class Sleepy:
    """Answers like greedy, except now and then (and never in round 2): no answer."""

    name = "sleepy"

    def __init__(self) -> None:
        self.inner = GreedySpeed()

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action | None:
        if view.round_number == 2 or rng.random() < 0.3:
            return None
        return self.inner.choose_speed(view, rng)


def test_a_seat_that_does_not_answer_is_left_to_the_callers_tick() -> None:
    rules = Rules.preset("speed", players=3, decks=1, rounds=3)
    game = play_speed_game(rules, [Sleepy(), "greedy", "random"], seed=8)
    record = checked(game)
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    timeouts = [(number, item["seat"]) for number, data in enumerate(rounds, start=1)
                for call in data["calls"] for item in (*call["draws"], *call["discards"])
                if item.get("timeout")]
    assert timeouts and {seat for _, seat in timeouts} == {0}
    second = rounds[1]["calls"]
    assert all(call["draws"][0].get("timeout") and call["discards"][0].get("timeout")
               for call in second)
    assert all(call["discards"][0]["discard"] == call["draws"][0]["card"] for call in second)
    lines = describe(record)
    assert any("(the caller's timeout: draw and discard)" in line for line in lines)


class Cheat:
    """Answers for the seat on its left."""

    name = "cheat"

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action | None:
        return Draw(1, Source.STOCK)


def test_an_answer_for_another_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="answered for seat 1"):
        play_speed_game(Rules.preset("speed", players=2, decks=1), [Cheat(), "greedy"], seed=1)


def test_every_registered_level_plays_speed() -> None:
    for name in bot_names():
        player = speed_player(name)
        assert isinstance(player, SpeedPlayer) and player.name == name
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        speed_player("nobody")


def test_other_bots_play_speed_through_choose_speed_or_as_greedy() -> None:
    class Plain:
        name = "plain"

        def choose(self, view: object, rng: random.Random) -> Action:
            raise AssertionError("a turns bot is not asked in speed mode")

    register_bot("plain", Plain)
    register_bot("sleepy", Sleepy)
    try:
        plain, sleepy = speed_player("plain"), speed_player("sleepy")
        assert isinstance(plain, GreedySpeed) and plain.name == "plain"
        assert isinstance(sleepy, Sleepy)
        game = play_speed_game(Rules.preset("speed", players=2, decks=1, rounds=2),
                               ["plain", "sleepy"], seed=3)
        checked(game)
    finally:
        registry._registered.pop("plain", None)
        registry._registered.pop("sleepy", None)


def played(rules: Rules, seed: int, steps: int) -> SpeedGame:
    """A game of greedy seats stopped after ``steps`` steps."""
    game = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        for view in [game.view(seat) for seat in game.waiting]:
            action = GreedySpeed().choose_speed(view, rng)
            game.apply(action)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_never_sees_cards_its_seat_cannot(level: str) -> None:
    """Swapping cards among the other hands and the stock changes neither the seat's
    view nor its answer (both steps, several moments)."""
    rules = Rules.preset("speed", players=5, decks="auto", rounds=4)
    for steps in (0, 1, 4, 9):
        game = played(rules, steps, steps)
        if game.is_over:
            continue
        seat = game.waiting[0]
        view = game.view(seat)
        answer = choose_speed(level, view, random.Random(steps))
        table = game._rounds[-1]  # test-only reach into the game
        zones = [hand for other, hand in enumerate(table.hands) if other != seat]
        zones.append(table.stock)
        shuffler = random.Random(steps)
        pool = [card for zone in zones for card in zone]
        shuffler.shuffle(pool)
        for zone in zones:
            zone[:] = [pool.pop() for _ in zone]
        assert game.view(seat) == view
        assert choose_speed(level, game.view(seat), random.Random(steps)) == answer
        assert answer in view.legal


@pytest.mark.parametrize("seed", range(6))
def test_tracking_places_exactly_the_hidden_cards(seed: int) -> None:
    """A seat's unseen cards plus what it knows others kept are exactly the other hands
    and the stock."""
    rules = Rules.preset("speed", players=4, decks=2, rounds=6)
    game = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    levels = ["greedy", "easy", "random", "medium"]
    while not game.is_over:
        for seat in game.waiting:
            view = game.view(seat)
            tracking = speed_track(view)
            hidden = Counter(game.stock)
            for other, hand in enumerate(game.hands):
                if other != seat:
                    hidden += Counter(hand)
            known = sum(tracking.held.values(), Counter())
            assert tracking.unseen + known == hidden
            for other, cards in tracking.held.items():
                assert not cards - Counter(game.hands[other])
        views = [game.view(seat) for seat in game.waiting]
        for view in views:
            assert view.seat is not None
            answer = choose_speed(levels[view.seat], view, rng)
            assert answer is not None
            game.apply(answer)


def test_bots_go_out_when_they_can() -> None:
    """Every level but easy (which may miss it) throws the going-out card."""
    rules = Rules.preset("speed", players=4, decks=2, rounds=5)
    for seed in range(4):
        game = SpeedGame(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            views = [game.view(seat) for seat in game.waiting]
            for view in views:
                assert view.seat is not None
                level = ["random", "greedy", "medium", "expert"][view.seat]
                answer = choose_speed(level, view, rng)
                can = view.phase is Phase.DISCARD and any(
                    isinstance(a, Discard) and a.out for a in view.legal)
                assert answer is not None
                if can:
                    assert isinstance(answer, Discard) and answer.out
                game.apply(answer)


def test_simulate_plays_speed_games(tmp_path: Path) -> None:
    summary = simulate(["greedy", "random", "easy"], 3, seed=4,
                       rules=Rules.preset("speed", players=3, decks=1, rounds=3),
                       records=tmp_path)
    assert summary["games"] == 3 and summary["bots"]["greedy"]["seats"] == 3
    for index in range(3):
        record = json.loads((tmp_path / f"{index}.json").read_text())
        assert record["rules"]["mode"] == "speed" and referee(record) == []
        replay_speed_record(record)


def test_the_simulate_command_runs_the_speed_preset(tmp_path: Path) -> None:
    runner = CliRunner()
    seats = "greedy,random,easy,medium,greedy"
    done = runner.invoke(app, ["simulate", "--seats", seats, "--games", "2", "--seed", "6",
                               "--rules", '{"preset": "speed", "rounds": 3}', "--json",
                               "--records", str(tmp_path)])
    assert done.exit_code == 0, done.output
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and set(summary["bots"]) == {"greedy", "random", "easy",
                                                               "medium"}
    assert summary["bots"]["greedy"]["seats"] == 4
    again = runner.invoke(app, ["simulate", "--seats", seats, "--games", "2", "--seed", "6",
                                "--rules", '{"mode": "speed", "players": 5, "rounds": 3}'])
    assert again.exit_code == 0, again.output
    for index in range(2):
        path = tmp_path / f"{index}.json"
        record = json.loads(path.read_text())
        assert record["rules"]["mode"] == "speed" and len(record["players"]) == 5
        assert referee(record) == []
        shown = runner.invoke(app, ["replay", str(path)])
        assert shown.exit_code == 0, shown.output
        assert "replays and checks out" in shown.stderr
        assert " from the pile on its right" in shown.stdout or "from the stock" in shown.stdout
    record = json.loads((tmp_path / "0.json").read_text())
    record["rounds"][0]["calls"][0]["draws"][0]["card"] = "Kc"
    record["rounds"][0]["calls"][0]["draws"][1]["card"] = "Kc"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    refused = runner.invoke(app, ["replay", str(bad)])
    assert refused.exit_code == 1 and "error:" in refused.stderr
