"""Speed mode (RULES.md, "Speed"): the engine of calls, its views, records and replay,
refereed independently (``referee.py``), with hypothesis properties: cards conserved
after every step, views unchanged when hidden cards are swapped, same seed same game."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee import referee
from test_properties import swap_hidden_cards

from threethirteen.actions import Discard, Draw, Source, parse_action
from threethirteen.cards import pack
from threethirteen.errors import IllegalAction, RecordError, RulesError
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.speed import SpeedGame
from threethirteen.speedrecord import replay_speed_record, speed_record
from threethirteen.view import Phase

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step(game: SpeedGame, rng: random.Random, patience: float = 0.1) -> None:
    """One move of the table: now and then the caller's timeout, else a random waiting
    seat plays a random legal action (going out whenever it can, or a false claim)."""
    if rng.random() < patience:
        game.tick()
        return
    seat = rng.choice(game.waiting)
    legal = game.legal_actions(seat)
    outs = [action for action in legal if isinstance(action, Discard) and action.out]
    game.apply(outs[0] if outs and rng.random() < 0.9 else rng.choice(legal))


def play(game: SpeedGame, rng: random.Random, steps: int = 1_000_000) -> SpeedGame:
    for _ in range(steps):
        if game.is_over:
            break
        step(game, rng)
    return game


@st.composite
def speed_rules(draw: st.DrawFn) -> Rules:
    changes: dict[str, Any] = {
        "players": draw(st.sampled_from((2, 3, 5, 12))), "rounds": draw(st.integers(1, 3)),
        "decks": "auto", "mode": "speed"}
    for key, values in {"jokers": [2], "first_turn_out": [False], "false_out": ["penalty"],
                        "ties": ["playoff", "none"], "pack": ["five-suit"],
                        "out_bonus": [-5]}.items():
        if draw(st.booleans()):
            changes[key] = draw(st.sampled_from(values))
    if changes.get("pack") == "five-suit" and changes["players"] == 12:
        changes["decks"] = 4
    return Rules.from_json(changes)


def check_cards(game: SpeedGame) -> None:
    everything = Counter(game.stock)
    for cards in (*game.hands, *game.piles):
        everything += Counter(cards)
    assert everything == Counter(pack(game.rules.deck_count, game.rules.jokers, game.rules.pack))
    r = game.rounds()[-1]
    size = 13 if r.playoff else r.number + 2
    for seat, hand in enumerate(game.hands):
        extra = 1 if game.phase is Phase.DISCARD and seat in game.waiting else 0
        assert len(hand) == (size + extra if seat in r.seats else 0)


@pytest.mark.parametrize("players", [2, 5, 12])
def test_whole_speed_games_referee_clean_and_replay(players: int) -> None:
    rules = Rules.preset("speed", players=players, decks="auto")
    for seed in range(3):
        game = play(SpeedGame(rules, seed=seed), random.Random(seed))
        assert game.is_over and game.winners is not None
        record = json.loads(json.dumps(speed_record(game)))
        assert referee(record) == []
        assert replay_speed_record(record) == game
        assert len([r for r in record["rounds"] if not r.get("playoff")]) == rules.rounds
        assert all(r["calls"] for r in record["rounds"])


def test_the_five_suit_pack_and_round_twelve_in_speed_mode() -> None:
    rules = Rules(mode="speed", players=4, pack="five-suit", jokers=6, rounds=12, decks=2)
    game = play(SpeedGame(rules, seed=5), random.Random(5))
    record = json.loads(json.dumps(speed_record(game)))
    assert referee(record) == [] and replay_speed_record(record) == game
    assert record["rounds"][11]["wild"] is None
    assert len(record["rounds"][11]["deal"]["hands"][0]) == 14


@FAST
@given(rules=speed_rules(), seed=st.integers(0, 2**32))
def test_cards_are_conserved_after_every_step(rules: Rules, seed: int) -> None:
    game = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    check_cards(game)
    for _ in range(400):
        if game.is_over:
            break
        step(game, rng)
        check_cards(game)


@FAST
@given(rules=speed_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 300),
       timeouts=st.floats(0, 1))
def test_same_seed_same_game_whatever_the_order_within_a_step(
    rules: Rules, seed: int, cut: int, timeouts: float
) -> None:
    """Two tables making the same choices in different orders within each step play the
    same game; records replay into it, with or without the seed."""
    first = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if first.is_over:
            break
        if rng.random() < timeouts:
            first.tick()
            continue
        seat = rng.choice(first.waiting)
        first.apply(rng.choice(first.legal_actions(seat)))
    record = json.loads(json.dumps(speed_record(first)))
    again = replay_speed_record(record)  # seat order within each step, timeouts by tick
    assert json.loads(json.dumps(speed_record(again))) == record
    record["seed"] = None
    unseeded = replay_speed_record(record)
    assert speed_record(unseeded)["rounds"] == speed_record(again)["rounds"]
    if first.is_over:
        assert again == first


@FAST
@given(rules=speed_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 300),
       data=st.data())
def test_a_view_ignores_cards_it_cannot_see(
    rules: Rules, seed: int, cut: int, data: st.DataObject
) -> None:
    game = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        step(game, rng)
    seat = data.draw(st.sampled_from([None, *range(rules.players)]))
    before = game.view(seat)
    if not swap_hidden_cards(game, seat, data):
        return
    assert game.view(seat) == before
    assert json.dumps(game.view(seat).to_json()) == json.dumps(before.to_json())
    if seat is None:
        assert before.hand is None and before.legal == ()


def test_a_call_step_by_step() -> None:
    game = SpeedGame(Rules(mode="speed", players=3, rounds=1), seed=11)
    piles = game.piles
    assert game.phase is Phase.DRAW and game.waiting == (0, 1, 2) and game.call == 1
    assert all(len(pile) == 1 for pile in piles) and len(game.hands[0]) == 3
    stock = game.stock
    game.apply(parse_action("2: draw stock"))
    assert game.waiting == (0, 1) and len(game.hands[2]) == 3  # resolved when all have drawn
    with pytest.raises(IllegalAction) as caught:
        game.apply(parse_action("2: draw discard"))
    assert caught.value.reason == "already-acted"
    with pytest.raises(IllegalAction) as caught:
        game.apply(Discard(0, game.hands[0][0]))
    assert caught.value.reason == "must-draw-first"
    game.apply(parse_action("1: draw discard"))  # the pile on seat 1's right: seat 0's
    game.apply(parse_action("0: draw stock"))
    assert game.phase is Phase.DISCARD and game.waiting == (0, 1, 2)
    assert game.hands[0][-1] == stock[0] and game.hands[2][-1] == stock[1]  # seat order
    assert game.hands[1][-1] == piles[0][0] and game.piles[0] == ()
    view = game.view(1)
    assert view.drawn == piles[0][0] and view.pile_draws == ((1, piles[0][0]),)
    assert game.view(0).hand is not None and game.view(None).hand is None
    made = game.tick()
    assert [action.seat for action in made] == [0, 1, 2]
    assert all(isinstance(action, Discard) for action in made)
    assert game.call == 2 or game.is_over or game.round_number == 1


def test_speed_rules_are_checked() -> None:
    with pytest.raises(RulesError) as caught:
        SpeedGame(Rules(), seed=1)
    assert caught.value.key == "mode"
    with pytest.raises(RulesError) as caught:
        GameState(Rules.preset("speed"), seed=1)  # the turns engine refuses speed mode
    assert caught.value.key == "mode"


def test_a_tampered_speed_record_is_refused() -> None:
    game = play(SpeedGame(Rules(mode="speed", players=3, rounds=2), seed=3), random.Random(3))
    record = json.loads(json.dumps(speed_record(game)))
    draw = record["rounds"][0]["calls"][0]["draws"][0]
    draw["card"] = "Kc" if draw["card"] != "Kc" else "Qc"
    assert referee(record) != []
    with pytest.raises(RecordError):
        replay_speed_record(record)
    record = json.loads(json.dumps(speed_record(game)))
    record["totals"][0] += 1
    assert referee(record) != []
    with pytest.raises(RecordError):
        replay_speed_record(record)


def test_the_last_call_when_the_stock_runs_short() -> None:
    """The stock cannot serve every draw: the round ends after that call; stock draws
    go in seat order while it lasts, then the pile on the right."""
    rules = Rules(mode="speed", players=4, rounds=1, decks=1)
    game = SpeedGame(rules, seed=2)
    while not game.is_over:
        for seat in game.waiting:
            legal = game.legal_actions(seat)
            draw = [a for a in legal if isinstance(a, Draw) and a.source is Source.STOCK]
            discards = [a for a in legal if isinstance(a, Discard) and not a.out]
            game.apply(draw[0] if draw else discards[0])
    record = speed_record(game)
    (only,) = record["rounds"]
    assert only["end"] == "stock_empty" and referee(record) == []
    last = only["calls"][-1]["draws"]
    assert [d["draw"] for d in last].count("discard") == 4 - (52 - 4 * 3 - 4) % 4
