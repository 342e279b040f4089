"""The rollout ceiling study of issue 14 (``bench/clairvoyant.py``): its playout plays the
round as the engine and ``greedy`` do, and what it is told is what it says."""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from tables import greedy_positions

from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.sampling import belief
from threethirteen.cards import Card
from threethirteen.game import GameState
from threethirteen.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
clairvoyant = importlib.import_module("clairvoyant")


def _greedy_positions(seed: int, players: int) -> list[GameState]:
    """Copies of a greedy game at each of seat 0's turns before anybody is out."""
    return greedy_positions(Rules(players=players, rounds=6), seed=seed)


def _told_everything(state: GameState) -> object:
    bot = clairvoyant.ClairvoyantBot("all", 1)
    bot.table = state
    [table] = bot.tables(state.view(0), random.Random(0))
    return table


def test_the_playout_ends_the_round_as_greedy_play_in_the_engine_does() -> None:
    checked = 0
    for players in (2, 3):
        for state in _greedy_positions(seed=30 + players, players=players)[::3]:
            table = _told_everything(state)
            penalties = clairvoyant.play_out(table, state.wild, state.rules)
            real, number = state.copy(), state.round_number
            bot, rng = GreedyBot(), random.Random(0)
            while real.round_number == number and not real.is_over:
                seat = real.turn
                assert seat is not None
                real.apply(bot.choose(real.view(seat), rng))
            log = [done for done in real.round_logs() if done.number == number][-1]
            assert log.result is not None
            if any(turn.reshuffle for turn in log.turns):
                continue  # the playout stops at an empty stock instead of reshuffling
            assert penalties == {seat: log.result.seats[seat].points for seat in penalties}
            checked += 1
    assert checked >= 10


def test_told_everything_it_starts_from_the_true_table() -> None:
    state = _greedy_positions(seed=5, players=2)[4]
    table = _told_everything(state)
    assert table.hands == {seat: list(hand) for seat, hand in enumerate(state.hands)}
    assert table.stock[::-1] == list(state.stock)
    assert table.pile == list(state.discard_pile)


def test_told_nothing_its_tables_hold_the_pack_and_its_own_hand_alone() -> None:
    state = _greedy_positions(seed=6, players=2)[5]
    view = state.view(0)
    bot = clairvoyant.ClairvoyantBot("none", 4)
    pack = Counter([*state.hands[0], *state.hands[1], *state.stock, *state.discard_pile])
    for table in bot.tables(view, random.Random(1)):
        assert table.hands[0] == list(state.hands[0])
        cards: list[Card] = [*table.hands[0], *table.hands[1], *table.stock, *table.pile]
        assert Counter(cards) == pack


def test_told_nothing_it_chooses_from_the_view_alone() -> None:
    """No table is given: whatever it plays was read from the view (and the same twice)."""
    for state in _greedy_positions(seed=9, players=2)[:6]:
        view = state.view(0)
        bot = clairvoyant.ClairvoyantBot("none", 3)
        bot.table = None
        first = bot.choose(view, random.Random(4))
        assert first in view.legal
        assert bot.choose(view, random.Random(4)) == first


def test_told_everything_it_beats_greedy_every_game_of_a_short_match(tmp_path: Path) -> None:
    for index in range(3):
        clairvoyant.play(("all", 1, 0, 0, ("greedy",), 7, index, tmp_path))
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    for path in records:
        record = json.loads(path.read_text())
        seat = record["players"].index("clairvoyant-all")
        assert record["totals"][seat] < min(total for place, total in
                                            enumerate(record["totals"]) if place != seat)


@pytest.mark.parametrize("know", ["posterior", "posterior-practised"])
def test_inferred_tables_hold_the_pack_and_its_own_hand(know: str) -> None:
    state = _greedy_positions(seed=6, players=2)[5]
    bot = clairvoyant.ClairvoyantBot(know, 6, practice=3)
    pack = Counter([*state.hands[0], *state.hands[1], *state.stock, *state.discard_pile])
    tables = bot.tables(state.view(0), random.Random(1))
    assert len(tables) == 6
    for table in tables:
        assert table.hands[0] == list(state.hands[0])
        assert len(table.hands[1]) == len(state.hands[1])
        assert Counter([*table.hands[0], *table.hands[1], *table.stock, *table.pile]) == pack


def test_greedy_play_explains_a_greedy_seats_true_hand_better_than_dealt_ones() -> None:
    posterior = importlib.import_module("posterior")
    true_weights, dealt_weights = [], []
    for state in _greedy_positions(seed=12, players=2)[2::2]:
        view, rng = state.view(0), random.Random(8)
        turns = posterior._turns(view, 1)
        true_weights.append(posterior._explains(list(state.hands[1]), turns, view, rng,
                                                posterior.BETA))
        dealt_weights += [weight for _, weight in
                          posterior.weighted_deals(view, rng, count=8)]
    assert all(weight > 0 for weight in true_weights)
    assert (sum(true_weights) / len(true_weights)
            > 2 * sum(dealt_weights) / len(dealt_weights))


def test_the_guesses_are_measured_against_the_true_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    clairvoyant.guess_errors(1)
    lines = capsys.readouterr().out.splitlines()
    assert "the other hand truly holds" in lines[0]
    assert [line.split(":")[0] for line in lines[1:]] == [
        "none", "none --practice 6", "posterior", "posterior-practised --practice 6"]
    assert all("mean absolute error" in line for line in lines[1:])


def test_a_misread_hand_differs_from_the_truth_by_the_wrong_cards_alone() -> None:
    for state in _greedy_positions(seed=14, players=2)[3::4]:
        bot = clairvoyant.ClairvoyantBot("hands", 5, wrong=2)
        bot.table = state
        pack = Counter([*state.hands[0], *state.hands[1], *state.stock, *state.discard_pile])
        for table in bot.tables(state.view(0), random.Random(6)):
            assert table.hands[0] == list(state.hands[0])
            missing = Counter(state.hands[1]) - Counter(table.hands[1])
            known = belief(state.view(0)).known.get(1, ())
            assert sum(missing.values()) == min(2, len(state.hands[1]) - len(known))
            assert not Counter(known) - Counter(table.hands[1])
            assert len(table.hands[1]) == len(state.hands[1])
            assert Counter([*table.hands[0], *table.hands[1], *table.stock,
                            *table.pile]) == pack
