"""The solitaire race of the short rounds (``bench/race.py``): hands counted up to suit
order, a hand's outs, and the policies in the order the theory demands."""

from __future__ import annotations

import importlib
import sys
from math import comb
from pathlib import Path

import pytest

from threethirteen.cards import Card

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
race = importlib.import_module("race")


def _codes(text: str) -> list[int]:
    return [Card.parse(card).code for card in text.split()]


@pytest.fixture(scope="module")
def three() -> object:
    return race.Race(3)


def test_a_hand_is_the_same_whatever_its_suits_are_called() -> None:
    assert race.canonical(_codes("Kh Kd 2c")) == race.canonical(_codes("Ks Kc 2d"))
    assert race.canonical(_codes("Kh Qh 2c")) != race.canonical(_codes("Kh Qd 2c"))
    key = race.canonical(_codes("Ah 7s 7h 9c"))
    assert race.canonical(race.codes_of(key)) == key


def test_every_deal_is_counted_once(three: race.Race) -> None:
    assert sum(three.weight) == comb(52, 3)
    assert len(three.keys) == len(set(three.keys))


def test_a_pair_of_kings_goes_out_with_six_cards(three: race.Race) -> None:
    """Kh Kd 2c (threes wild) goes out on the other two kings or any of the four threes."""
    hand = three.keys.index(race.canonical(_codes("Kh Kd 2c")))
    row = three.rows[hand]
    assert len(row) == 49
    assert sum(kept is None for kept in row) == 6


def test_optimal_beats_one_step_beats_greedy(three: race.Race) -> None:
    greedy = three.draws(three.greedy)
    optimal = three.draws(None)
    one_step = race.least(greedy)
    improved = three.draws(one_step)
    assert all(o <= i + 1e-3 for o, i in zip(optimal, improved, strict=True))
    assert all(i <= g + 1e-3 for i, g in zip(improved, greedy, strict=True))
    assert three.dealt(optimal) < three.dealt(improved) < three.dealt(greedy)
    curve = three.survival(three.greedy, 40)
    assert curve[0] == 1.0 and all(a >= b for a, b in zip(curve, curve[1:], strict=False))
    assert race.first_out(curve, curve) == pytest.approx(0.5, abs=1e-3)  # the tail: a draw
    assert race.first_out(three.survival(one_step, 40), curve) > 0.5


def test_the_racer_races_as_well_as_one_step(three: race.Race) -> None:
    """The racer by hand structure (``bench/racer.py``), exact: 7.25 draws, as one step."""
    greedy = three.draws(three.greedy)
    one_step = three.dealt(three.draws(race.least(greedy)))
    racer = three.dealt(three.draws(race.least(three.racer_keys())))
    assert racer < three.dealt(greedy) - 1.5
    assert abs(racer - one_step) < 0.05
