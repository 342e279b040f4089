"""The solver on the ``five-suit`` pack and in rounds with no wild rank (jokers only),
against the independent brute force (``brute.py``): seeded sweeps of thousands of hands,
hypothesis properties, and hands worked out by hand.

The five-suit pack (RULES.md): five suits, stars ``x`` added, ranks 3 to K, no aces or
2s; a run holds at most 11 cards and ``ace`` has no effect. A wild rank of None: no rank
is wild, only jokers (round 12, the ``deuces-arent-wild`` preset).
"""

from __future__ import annotations

import random
from typing import Any

import brute
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from solver_checks import arrangement_problems

from threethirteen import (
    Card,
    Hand,
    Rules,
    arrange,
    classify_meld,
    deadwood,
    go_out_discards,
    melds_completely,
    pack,
    unmelded_count,
)
from threethirteen.errors import InputError

FIVE_SUIT_VARIANTS: list[dict[str, Any]] = [
    {"preset": "five-suit"},
    {"pack": "five-suit"},
    {"pack": "five-suit", "ace": "wrap", "face_values": "rank"},
    {"pack": "five-suit", "max_wilds_per_meld": 1, "wild_penalty": 15},
    {"pack": "five-suit", "all_wild_melds": False},
    {"pack": "five-suit", "max_wilds_per_meld": 2, "all_wild_melds": False, "ace": "both"},
]
NO_WILD_VARIANTS: list[dict[str, Any]] = [
    {"preset": "deuces-arent-wild"},
    {"ace": "wrap", "jokers": 4},
    {"ace": "both", "face_values": "rank", "joker_penalty": 0},
    {"max_wilds_per_meld": 1},
    {"all_wild_melds": False},
]
FIVE_PACK = pack(2, 6, "five-suit")
STARS_AND_JOKERS = tuple(card for card in FIVE_PACK if card.suit is None or card.suit == "x")
STANDARD_PACK = pack(2, 4)


def _hand(rng: random.Random, cards: tuple[Card, ...], size: int) -> list[Card]:
    """A deal of ``size`` from ``cards``, or one heavy in a few faces (sets, runs)."""
    if rng.random() < 0.3:
        faces = rng.sample(sorted(set(cards), key=Card.sort_key), rng.randint(2, 5))
        pool = [card for card in cards if card in faces]
        return rng.sample(pool, min(size, len(pool)))
    return rng.sample(cards, size)


def _check(cards: list[Card], wild: int | None, rules: Rules) -> None:
    assert arrangement_problems(cards, wild, rules) == [], (Hand(cards), wild)
    assert unmelded_count(cards, wild=wild, rules=rules) == brute.min_unmelded(cards, wild, rules)
    assert set(go_out_discards(cards, wild=wild, rules=rules)) == brute.go_out_cards(
        cards, wild, rules), (Hand(cards), wild)


@pytest.mark.parametrize("seed", range(4))
def test_five_suit_hands_match_the_brute_force(seed: int) -> None:
    """1,000 five-suit hands per seed, up to 10 cards, with or without a wild rank."""
    rng = random.Random(seed)
    for _ in range(1000):
        rules = Rules.from_json(rng.choice(FIVE_SUIT_VARIANTS))
        wild = rng.choice((None, rng.randint(3, 13), rng.randint(3, 13)))
        source = STARS_AND_JOKERS if rng.random() < 0.2 else FIVE_PACK
        _check(_hand(rng, source, rng.randint(0, 10)), wild, rules)


@pytest.mark.parametrize("seed", range(3))
def test_jokers_only_hands_match_the_brute_force(seed: int) -> None:
    """1,000 hands per seed of a round with no wild rank, from two decks and jokers."""
    rng = random.Random(100 + seed)
    for _ in range(1000):
        rules = Rules.from_json(rng.choice(NO_WILD_VARIANTS))
        _check(_hand(rng, STANDARD_PACK, rng.randint(0, 10)), None, rules)


@st.composite
def five_suit_runs(draw: st.DrawFn) -> list[Card]:
    """Long runs of one suit (stars often) with jokers in them, and strays."""
    suit = draw(st.sampled_from("cdhsxx"))
    start = draw(st.integers(3, 11))
    length = draw(st.integers(3, 14 - start))
    cards = [Card.parse(f"{'A23456789TJQK'[rank - 1]}{suit}")
             for rank in range(start, start + length)]
    cards = [Card.parse("*") if draw(st.integers(0, 3)) == 0 else card for card in cards]
    cards += draw(st.lists(st.sampled_from(FIVE_PACK), max_size=max(0, 10 - len(cards))))
    return draw(st.permutations(cards[:10]))


@settings(max_examples=150)
@given(cards=five_suit_runs(), wild=st.sampled_from((None, 3, 7, 13)),
       variant=st.sampled_from(FIVE_SUIT_VARIANTS))
def test_five_suit_runs_with_jokers_are_exact(
    cards: list[Card], wild: int | None, variant: dict[str, Any]
) -> None:
    note(f"hand: {Hand(cards)}  wild: {wild}")
    _check(cards, wild, Rules.from_json(variant))


@pytest.mark.parametrize(("hand", "wild", "deadwood_", "why"), [
    ("Jx Qx Kx * *", None, 0, "a run of stars up to the king, two jokers in it"),
    ("3x 4x 5x 6x 7x 8x 9x Tx Jx Qx Kx", None, 0, "the longest run: 3 to K of one suit"),
    ("3x 4x 5x 6x 7x 8x 9x Tx Jx Qx Kx *", None, 0,
     "no run of 12, but two runs: 3 to J, and Q K with the joker"),
    ("Qx Kx *", 7, 0, "a joker below the queen: J-Q-K (no ace above the king)"),
    ("3x 4x * *", None, 0, "jokers above the 4: 3-4-5-6 (no 2 or ace below the 3)"),
    ("7h 7s 7x", None, 0, "a set across the fifth suit"),
    ("7h 8h 9h Qs", None, 10, "no wild rank: the queen is dead"),
    ("7h 8h Qs Qd", 12, 0, "queens wild: 7-8-9-10 of hearts with both queens"),
])
def test_worked_hands(hand: str, wild: int | None, deadwood_: int, why: str) -> None:
    rules = Rules.preset("five-suit") if "x" in hand else Rules()
    cards = Hand.parse(hand).cards
    assert deadwood(cards, wild=wild, rules=rules) == deadwood_, why
    assert arrangement_problems(list(cards), wild, rules) == []


def test_a_five_suit_run_holds_at_most_eleven_cards_and_ace_has_no_effect() -> None:
    five = Rules(pack="five-suit", ace="wrap")
    run = Hand.parse("3x 4x 5x 6x 7x 8x 9x Tx Jx Qx Kx").cards
    assert classify_meld(run, None, five) is not None
    assert classify_meld((*run, Card.parse("*")), None, five) is None  # 12 cards
    assert classify_meld(Hand.parse("Kx 3x *").cards, None, five) is None  # no wrapping
    assert classify_meld(Hand.parse("Kx * *").cards, None, five) is not None  # J-Q-K
    assert melds_completely(Hand.parse("Kx 3x * * * *"), wild=None, rules=five)
    assert deadwood(Hand.parse("Kx 3x *"), wild=None, rules=five) == 10 + 3 + 20


def test_cards_outside_the_pack_are_refused() -> None:
    with pytest.raises(InputError, match="Ah is not in the five-suit pack"):
        deadwood(Hand.parse("Ah 3x 4x"), wild=5, rules=Rules(pack="five-suit"))
    with pytest.raises(InputError, match="3x is not in the standard pack"):
        arrange(Hand.parse("3x 4h 5h"), wild=None, rules=Rules())


def test_no_wild_rank_is_none_or_the_word() -> None:
    hand = Hand.parse("7h 8h 9h 9s 9d *")
    rules = Rules()
    assert deadwood(hand, wild=None, rules=rules) == deadwood(hand, wild="none", rules=rules) == 0
    assert deadwood(Hand.parse("7h 8h Ks"), wild=None, rules=rules) == 25
    assert deadwood(Hand.parse("7h 8h Ks"), wild="K", rules=rules) == 0
