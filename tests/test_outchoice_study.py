"""The card a bot goes out with, replayed from its records (``bench/outchoice.py``)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from threethirteen.cards import Card, Hand, Rank
from threethirteen.rules import Rules
from threethirteen.sim import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
outchoice = importlib.import_module("outchoice")


def test_greedy_outs_are_replayed_and_bounded_by_the_best_and_worst_card(
        tmp_path: Path) -> None:
    simulate(["greedy", "greedy"], 12, seed=3, rules=Rules(players=2), jobs=1,
             records=tmp_path)
    counts = outchoice.tally(tmp_path, "greedy")
    assert counts.games == 12
    assert counts.outs > 40  # about one round in two
    # every out of seat 0's greedy was followed by the other greedy's final turn, and
    # the replay played it exactly as recorded
    assert counts.checked == counts.outs
    assert 0 < counts.choices < counts.outs
    assert counts.worst <= counts.thrown <= counts.best
    assert counts.worst <= counts.dearest <= counts.best
    assert counts.worst < counts.best  # some choices matter to the next seat


def test_a_final_turn_takes_the_top_card_only_when_it_lowers_the_penalty() -> None:
    rules, wild = Rules(players=2), Rank(7)
    hand = list(Hand.parse("Js Qs 2h 5c 8d"))  # 35 points
    king, club = Card.parse("Ks"), Card.parse("Kc")
    final = outchoice.final_penalty
    assert final(hand, king, None, wild, rules) == 7  # Js Qs Ks, the 8d thrown
    assert final(hand, club, None, wild, rules) == 35  # left on the pile, no stock
    assert final(hand, club, Card.parse("Ts"), wild, rules) == 7  # Ts Js Qs
    assert final(hand, club, Card.parse("3d"), wild, rules) == 28  # a jack out
    # a low card is taken when it stands in for a dear one, even where the stock's card
    # would have done better: the final turn is played as greedy plays it
    assert final(hand, Card.parse("2s"), Card.parse("Ts"), wild, rules) == 27
