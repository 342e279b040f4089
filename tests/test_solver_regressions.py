"""Hands the solver must get right, each worked out by hand (and by the brute force).

The first group comes from issue 2: hands other programs get wrong. The rest are edge
cases of RULES.md: ace modes, the 13-card run, wild cards that stay out or stand for
themselves, several sets of one rank when wilds per meld are limited.
"""

from __future__ import annotations

from typing import Any

import brute
import pytest
from solver_checks import arrangement_problems

from threethirteen import (
    Hand,
    NotationError,
    Rank,
    Rules,
    arrange,
    classify_meld,
    deadwood,
    go_out_discards,
    melds_completely,
    unmelded_count,
)

# (hand, wild, rules options, least deadwood, why)
CASES: list[tuple[str, int, dict[str, Any], int, str]] = [
    # -- issue 2 --------------------------------------------------------------------
    ("3s 4s 5c 5s Kd", 5, {"ace": "high"}, 7, "5c 5s Kd set beats 3s 4s 5s 5c (leaves Kd)"),
    ("2d 3d 5d 7h 8h Jc Js", 7, {}, 18, "7h Jc Js set, not 2d 3d 7h 5d run"),
    ("3s 3h 3d", 3, {"all_wild_melds": False}, 0, "wild-rank cards as a natural set"),
    ("6s 6s 6h", 9, {}, 0, "two decks: a set may hold the same card twice"),
    ("4h 5h 6h * * * *", 7, {"max_wilds_per_meld": 1}, 60, "one joker joins the run"),
    ("7s 7h * * * Kc", 6, {"max_wilds_per_meld": 1}, 50, "7s 7h *; Kc * * has two wilds"),
    # -- ace modes ------------------------------------------------------------------
    ("Qh Kh Ah", 5, {"ace": "low"}, 21, "Q-K-A is no run with ace low"),
    ("Qh Kh Ah", 5, {"ace": "high"}, 0, "Q-K-A with ace high"),
    ("Qh Kh Ah", 5, {"ace": "both"}, 0, "Q-K-A with ace both"),
    ("Qh Kh Ah", 5, {"ace": "wrap"}, 0, "Q-K-A with ace wrap"),
    ("Ah 2h 3h", 5, {"ace": "high"}, 20, "A-2-3 is no run with ace high (A is 15)"),
    ("Kh Ah 2h", 5, {"ace": "low"}, 13, "K-A-2 is no run, ace 1"),
    ("Kh Ah 2h", 5, {"ace": "high"}, 27, "K-A-2 is no run, ace 15"),
    ("Kh Ah 2h", 5, {"ace": "both"}, 27, "both: an ace never sits in the middle"),
    ("Kh Ah 2h", 5, {"ace": "wrap"}, 0, "wrap: K-A-2 is a run"),
    ("Ks * 2s", 7, {"ace": "wrap"}, 0, "wrap: the joker is the ace of K-A-2"),
    ("Ks * 2s", 7, {"ace": "both"}, 32, "both: K-*-2 would need an ace in the middle"),
    ("Qs * As", 7, {"ace": "both"}, 0, "both: Q-K-A with the joker as K"),
    ("* 2s As", 7, {"ace": "high"}, 37, "high: A-2 never touch"),
    ("* 2s As", 7, {"ace": "low"}, 0, "low: A-2-3 with the joker as 3"),
    ("Qh Kh Ah 2h 3h", 9, {"ace": "both"}, 5, "both: one ace cannot end two runs"),
    ("Qh Kh Ah Ah 2h 3h", 9, {"ace": "both"}, 0, "both: two aces end two runs"),
    ("Qh Kh Ah 2h 3h", 9, {"ace": "wrap"}, 0, "wrap: Q-K-A-2-3"),
    ("Jh Qh Kh Ah 2h", 9, {"ace": "both"}, 2, "both: J-Q-K-A, 2h left"),
    ("Ac", 3, {"ace": "high"}, 15, "an unmelded ace is 15 when ace is not low"),
    ("Ac", 3, {"ace": "wrap"}, 15, "an unmelded ace is 15 when ace is not low"),
    ("Ac", 3, {}, 1, "an unmelded ace is 1 with ace low"),
    # -- 13-card runs ---------------------------------------------------------------
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 5, {}, 0, "A..K in one run"),
    (
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 5,
        {"max_wilds_per_meld": 1, "all_wild_melds": False}, 0, "5h stands for itself",
    ),
    (
        "Th Jh Qh Kh Ah 2h 3h 4h 5h 6h 7h 8h 9h", 5, {"ace": "wrap", "max_wilds_per_meld": 1},
        0, "wrap: 13 cards from T round to 9",
    ),
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *", 3, {"ace": "wrap"}, 0, "14 cards: two runs"),
    # -- wilds ------------------------------------------------------------------------
    ("2c 9d 7s", 7, {}, 18, "a wild left unmelded costs its face value"),
    ("2c 9d 7s", 7, {"wild_penalty": 15}, 26, "... or wild_penalty"),
    ("Kc 4d", 4, {"wild_penalty": 15}, 25, "wild_penalty for the wild rank only"),
    ("5h 7h 7c", 7, {"max_wilds_per_meld": 1}, 0, "7h natural, 7c stands for 6h"),
    ("7h 8h 9h *", 7, {"max_wilds_per_meld": 1}, 0, "7h natural, joker is 6h or Th"),
    ("7h 7s 7d", 7, {"all_wild_melds": False, "max_wilds_per_meld": 1}, 0, "natural set"),
    ("* * 7c", 7, {"all_wild_melds": False}, 0, "7c natural with two jokers"),
    ("* * 7c", 7, {"all_wild_melds": False, "max_wilds_per_meld": 1}, 47, "two jokers: too many"),
    ("* * *", 3, {}, 0, "an all-wild meld"),
    ("* * *", 3, {"all_wild_melds": False}, 60, "jokers alone cannot meld"),
    ("* * *", 3, {"max_wilds_per_meld": 2}, 60, "an all-wild meld of 3 has 3 wilds"),
    ("* * *", 3, {"max_wilds_per_meld": 3}, 0, "three wilds allowed"),
    ("* * * 9c 9d", 3, {"all_wild_melds": False}, 0, "9c 9d * * *"),
    ("* * * 9c 9d", 3, {"all_wild_melds": False, "max_wilds_per_meld": 2}, 20, "a joker stays out"),
    ("9c * *", 3, {"max_wilds_per_meld": 1}, 49, "one natural and two wilds: too many"),
    ("8c 8d * *", 4, {"max_wilds_per_meld": 1}, 20, "8c 8d *, one joker out"),
    ("*", 3, {"joker_penalty": 0}, 0, "a joker worth 0"),
    ("*", 3, {}, 20, "a joker worth 20"),
    ("", 3, {}, 0, "the empty hand"),
    # -- points -----------------------------------------------------------------------
    ("Jc Qd Kh", 3, {"face_values": "rank"}, 36, "J Q K are 11 12 13"),
    ("Jc Qd Kh", 3, {}, 30, "J Q K are 10 each"),
    ("5h 5h 6h", 9, {}, 16, "a run cannot hold a rank twice"),
    ("Kh Kh Kh Kh Kh Ks Ks Kc", 7, {}, 0, "sets are unbounded"),
    # -- several sets of one rank (wilds per meld limited) ----------------------------
    ("Kc Kd Kh Ks * *", 7, {"max_wilds_per_meld": 1}, 0, "Kc Kd * and Kh Ks *"),
    ("Kc Kd Kh Ks Kc Kd * *", 7, {"max_wilds_per_meld": 1}, 0, "Kc Kd Kh * and Ks Kc Kd *"),
    ("Kc Kd Kh Ks * * * *", 7, {"max_wilds_per_meld": 2}, 0, "Kc * * run and Kd Kh Ks * *"),
    (
        "3c 3d 3h 3s * *", 3, {"all_wild_melds": False, "max_wilds_per_meld": 1}, 0,
        "3c 3d * and 3h 3s * (the 3s natural)",
    ),
    (
        "9s Ac Kd Ks 4h 4s Kh 6d Ks", 4, {"max_wilds_per_meld": 1, "joker_penalty": 5}, 16,
        "Kd Ks 4h and Kh Ks 4s; 9s Ac 6d left",
    ),
]


def _id(case: tuple[str, int, dict[str, Any], int, str]) -> str:
    hand, wild, options, _, _ = case
    settings = ",".join(f"{key}={value}" for key, value in options.items())
    return f"{hand or 'empty'}|wild={wild}|{settings}"


@pytest.mark.parametrize("case", CASES, ids=[_id(case) for case in CASES])
def test_brute_force_agrees_with_the_worked_answer(
    case: tuple[str, int, dict[str, Any], int, str],
) -> None:
    hand, wild, options, expected, why = case
    assert brute.min_penalty(Hand.parse(hand).cards, wild, Rules(**options)) == expected, why


@pytest.mark.parametrize("case", CASES, ids=[_id(case) for case in CASES])
def test_solver_finds_the_least_deadwood(case: tuple[str, int, dict[str, Any], int, str]) -> None:
    hand, wild, options, expected, why = case
    rules = Rules(**options)
    cards = Hand.parse(hand)
    assert deadwood(cards, wild=wild, rules=rules) == expected, why
    assert arrange(cards, wild=wild, rules=rules).deadwood == expected, why
    assert arrangement_problems(cards.cards, wild, rules) == [], why


# -- melding completely and going out -------------------------------------------------

# (hand, wild, rules options, fewest unmelded cards, go-out discards)
COUNTS: list[tuple[str, int, dict[str, Any], int, list[str]]] = [
    ("7h 8h 9h Qs", 3, {}, 1, ["Qs"]),
    ("*", 3, {"joker_penalty": 0}, 1, ["*"]),  # 0 points, yet not melded
    ("* * 9c 9d", 3, {"joker_penalty": 0}, 0, ["*", "9c", "9d"]),
    ("Qh Kh Ah 2h 3h", 9, {"ace": "wrap"}, 0, ["Qh", "3h"]),
    ("Qh Kh Ah 2h 3h", 9, {"ace": "both"}, 2, []),
    ("Jh Qh Kh Ah 2h", 9, {"ace": "both"}, 1, ["2h"]),
    ("Kc Kd Kh Ks * * 5d", 7, {"max_wilds_per_meld": 1}, 1, ["5d"]),
    ("3s 3s 3s * * 3s", 3, {"max_wilds_per_meld": 1, "joker_penalty": 0}, 0, ["*"]),
    ("Kc Kd Kh Ks Kc Kd * *", 7, {"max_wilds_per_meld": 1}, 0, ["Kc", "Kd", "Kh", "Ks", "*"]),
]


@pytest.mark.parametrize("case", COUNTS, ids=[f"{c[0]}|wild={c[1]}|{c[2]}" for c in COUNTS])
def test_melds_completely_and_go_out(case: tuple[str, int, dict[str, Any], int, list[str]]) -> None:
    hand, wild, options, fewest, discards = case
    rules = Rules(**options)
    cards = Hand.parse(hand)
    assert brute.min_unmelded(cards.cards, wild, rules) == fewest
    assert {str(card) for card in brute.go_out_cards(cards.cards, wild, rules)} == set(discards)
    assert unmelded_count(cards, wild=wild, rules=rules) == fewest
    assert melds_completely(cards, wild=wild, rules=rules) is (fewest == 0)
    found = go_out_discards(cards, wild=wild, rules=rules)
    assert sorted(str(card) for card in found) == sorted(discards)


# -- single melds ---------------------------------------------------------------------

# (meld, wild, rules options, valid)
MELDS: list[tuple[str, int, dict[str, Any], bool]] = [
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 3, {}, True),
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *", 3, {}, False),  # a run has at most 13
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *", 3, {"ace": "wrap"}, False),
    ("* * * * * * * * * * * * * *", 3, {}, True),  # 14 wilds: a set of any rank
    ("Kh Kh Kh Kh Kh Ks Ks Kc *", 3, {}, True),
    ("Kh Ah 2h", 3, {"ace": "wrap"}, True),
    ("Kh Ah 2h", 3, {"ace": "both"}, False),
    ("Qh Kh Ah", 3, {"ace": "low"}, False),
    ("Ah 2h 3h", 3, {"ace": "high"}, False),
    ("7h 8h 9h", 7, {"max_wilds_per_meld": 1, "all_wild_melds": False}, True),
    ("7h 7c 9h", 7, {"max_wilds_per_meld": 1}, True),  # 7h natural, 7c is 8h
    ("7h 7c *", 7, {"max_wilds_per_meld": 1}, True),  # a set of 7s, or 6h 7h 8h
    ("7c 7d * *", 7, {"max_wilds_per_meld": 1}, False),
    ("7c 7d 7h", 7, {"all_wild_melds": False, "max_wilds_per_meld": 1}, True),
    ("* * 7c", 7, {"all_wild_melds": False}, True),
    ("* * *", 7, {"all_wild_melds": False}, False),
    ("5h 5h 6h", 9, {}, False),
    ("5h 6h 6h", 6, {}, True),  # 6h natural, the other 6h is 7h or 4h
    ("5h 6s", 9, {}, False),
]


@pytest.mark.parametrize("case", MELDS, ids=[f"{c[0]}|wild={c[1]}|{c[2]}" for c in MELDS])
def test_single_melds(case: tuple[str, int, dict[str, Any], bool]) -> None:
    text, wild, options, valid = case
    cards = Hand.parse(text).cards
    rules = Rules(**options)
    assert brute.meld_ok(cards, wild, rules) is valid
    assert (classify_meld(cards, wild, rules) is not None) is valid


def test_the_wild_rank_may_be_given_in_any_form() -> None:
    hand = Hand.parse("7h 8h Kc Qs Qd 2c")
    rules = Rules()
    expected = arrange(hand, wild=13, rules=rules)
    for wild in ("K", "k", Rank.KING, 13, 13.0):
        assert arrange(hand, wild=wild, rules=rules) == expected  # type: ignore[arg-type]
        assert deadwood(hand, wild=wild, rules=rules) == expected.deadwood  # type: ignore[arg-type]


@pytest.mark.parametrize("wild", [2, 14, 1, 0, True, "2", "x", "A"])
def test_a_bad_wild_rank_is_an_error(wild: Any) -> None:
    hand = Hand.parse("7h 8h Kc")
    arrange(hand, wild=13, rules=Rules())  # a good call first: the context cache is warm
    for solve in (arrange, deadwood, go_out_discards, unmelded_count):
        with pytest.raises(NotationError):
            solve(hand, wild=wild, rules=Rules())


def test_calls_that_alternate_rules_and_wild_ranks_each_get_their_own_answer() -> None:
    # the solver remembers the last rules and wild rank asked for: switching must not
    # carry one call's weights or wild rank into the next
    hand = Hand.parse("Ah 2h 3h 4s 4d Qc Kc 5s")
    settings = [(4, Rules()), (5, Rules()), (4, Rules(ace="high")), (4, Rules()),
                (13, Rules(face_values="rank")), (4, Rules(max_wilds_per_meld=1))]
    for _ in range(2):
        for wild, rules in settings:
            expected = brute.min_penalty(hand.cards, wild, rules)
            assert arrange(hand, wild=wild, rules=rules).deadwood == expected
            assert unmelded_count(hand, wild=wild, rules=rules) == brute.min_unmelded(
                hand.cards, wild, rules)
            assert deadwood(hand, wild=wild, rules=rules) == expected
