"""The sampled solitaire race and its racer (``bench/racer.py``): a hand's distance to
going out, the racer's keep against greedy's, and the racer in a real game."""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from pathlib import Path

from threethirteen.bots.expert import is_out
from threethirteen.bots.greedy import GreedyBot, best_discard
from threethirteen.cards import Rank, parse_cards
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.sim import play_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
racer = importlib.import_module("racer")


def test_a_hand_counts_the_cards_it_must_replace() -> None:
    assert racer.distance(parse_cards("7h 8h 9h"), Rank(3)) == 0
    assert racer.distance(parse_cards("Kh Kd 2c"), Rank(3)) == 1  # a king or a three for 2c
    assert racer.distance(parse_cards("4h 6h 7h 8h Kc"), Rank(5)) == 1  # a 5 or 5h for Kc
    assert racer.distance(parse_cards("4h 6h 7h 8h 5c"), Rank(5)) == 0  # 5c is wild
    # four cards need one meld of four: two queens leave two to replace
    assert racer.distance(parse_cards("Qh Qd 2c 3s"), Rank(4)) == 2
    assert racer.distance(parse_cards("Qd 9d 2c 3s"), Rank(4)) == 2  # 9d 10d Jd Qd
    assert racer.distance(parse_cards("Qd 2c 3s 8h"), Rank(4)) == 3


def test_the_racer_keeps_the_pair_greedy_breaks() -> None:
    hand = parse_cards("Qh Qd 2c 3s 9d")
    rules = Rules(players=2)
    seen = set(hand)
    unseen = Counter(card for card in racer.deal(52, 0)[0] if card not in seen)
    key, thrown = racer.racer_choice(hand, Rank(4), rules, unseen)
    # the queens stay; of the others the 3s goes: the 9d could still grow with the Qd
    assert str(thrown) == "3s" and key[0] == 2
    assert best_discard(hand, Rank(4), rules)[1].rank == 12  # greedy throws a queen


def test_first_out_shares_ties() -> None:
    assert racer.first_against([1, 2], [2, 3]) == 0.875
    assert racer.first_against([4], [4]) == 0.5


def test_the_racer_goes_out_on_sampled_deals() -> None:
    for seed in range(5):
        hand, rest = racer.deal(4, seed)
        draws = racer.to_out(hand, rest, Rank(4), racer.racer_keep, random.Random(seed),
                             cap=racer.CAP)
        assert 1 <= draws <= racer.CAP + 5
        assert len(hand) == 4 and len(rest) == 48 and not set(hand) & set(rest)


def test_the_racer_plays_legal_games() -> None:
    state = play_game(Rules(players=2, rounds=3), [racer.RacerBot(), "greedy"], seed=4)
    assert state.is_over and len(state.round_logs()) == 3
    assert len(state.totals) == 2


def test_the_racer_tie_plays_near_the_futures_best() -> None:
    """Every choice of the racer tie is an option the futures value within its tolerance
    of the best (on the same random numbers), and it plays legal games."""
    bot = racer.RacerTieBot(tolerance=3.0)
    state = GameState(Rules(players=2, rounds=3), seed=5)
    seen, differed = 0, 0
    while not state.is_over:
        view = state.view(state.turn)
        if state.turn == 0:
            options = bot.explain(view, random.Random(seen), every_option=False)
            action = bot.choose(view, random.Random(seen))
            value = {option.action: option.expected for option in options}[action]
            assert is_out(action) or value <= options[0].expected + 3.0
            seen += 1
            differed += action != options[0].action
        else:
            action = GreedyBot().choose(view, random.Random(0))
        state.apply(action)
    assert seen > 6 and differed  # the racer's key overrules the futures at times
