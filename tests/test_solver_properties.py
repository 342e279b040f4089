"""The exact solver against the independent brute force (``brute.py``), by hypothesis.

Every variant that affects melds or points is covered: each ace mode x face values x
wild_penalty (none, 15) x all_wild_melds x max_wilds_per_meld (none, 1, 2) is its own
parametrized case (96 of them), with joker_penalty drawn per example (20, 0 or 35; 0
makes ties between arrangements that leave different numbers of cards).

Hands come from four generators: plain deals from two decks and jokers, wild-heavy
deals (many cards of the wild rank and jokers), duplicate-heavy deals (a few faces
from three decks) and hands built from melds with wilds swapped in and strays added
(so that melding completely and going out happen often).
"""

from __future__ import annotations

import itertools
from typing import Any

import brute
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from solver_checks import arrangement_problems

from threethirteen import (
    JOKER,
    Card,
    Hand,
    Rank,
    Rules,
    arrange,
    deadwood,
    go_out_discards,
    melds_completely,
    pack,
    unmelded_count,
)
from threethirteen.cards import STANDARD_SUITS
from threethirteen.solver.tables import card_offsets

MAX_HAND = 10
ONE_DECK: tuple[Card, ...] = pack(1)
TWO_DECKS_TWO_JOKERS: tuple[Card, ...] = pack(2, 2)

VARIANTS: list[dict[str, Any]] = [
    {
        "ace": ace,
        "face_values": face_values,
        "wild_penalty": wild_penalty,
        "all_wild_melds": all_wild_melds,
        "max_wilds_per_meld": max_wilds,
    }
    for ace, face_values, wild_penalty, all_wild_melds, max_wilds in itertools.product(
        ("low", "high", "both", "wrap"), ("ten", "rank"), (None, 15), (True, False), (None, 1, 2)
    )
]


def _variant_id(variant: dict[str, Any]) -> str:
    return (
        f"{variant['ace']}-{variant['face_values']}-wp{variant['wild_penalty']}"
        f"-{'allwild' if variant['all_wild_melds'] else 'natural'}"
        f"-max{variant['max_wilds_per_meld']}"
    )


# -- hands ---------------------------------------------------------------------------


def _subset(pool: tuple[Card, ...], min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Distinct positions of ``pool``: a deal from it, never more copies than it holds."""
    indices = st.lists(
        st.integers(0, len(pool) - 1), min_size=min_size, max_size=max_size, unique=True
    )
    return indices.map(lambda picked: [pool[index] for index in picked])


@st.composite
def plain_deal(draw: st.DrawFn, wild: int) -> list[Card]:
    return draw(_subset(TWO_DECKS_TWO_JOKERS, 0, MAX_HAND))


@st.composite
def wild_heavy_deal(draw: st.DrawFn, wild: int) -> list[Card]:
    wilds = tuple(card for card in pack(3) if card.rank == wild) + (JOKER,) * 6
    cards = draw(_subset(wilds, 1, 7))
    cards += draw(_subset(ONE_DECK, 0, MAX_HAND - len(cards)))
    return draw(st.permutations(cards))


@st.composite
def wild_rank_heavy_deal(draw: st.DrawFn, wild: int) -> list[Card]:
    """Many copies of the wild rank (up to four decks' worth) and naturals of nearby
    ranks, so that reading each copy as natural or wild matters (issue 11)."""
    copies = tuple(card for card in pack(4) if card.rank == wild)
    cards = draw(_subset(copies, 4, 9))
    near = tuple(card for card in pack(2) if card.rank is not None and card.rank != wild
                 and min(abs(card.rank - wild), 13 - abs(card.rank - wild)) <= 2)
    cards += draw(_subset(near + (JOKER,), 0, MAX_HAND - len(cards)))
    return draw(st.permutations(cards))


@st.composite
def duplicate_heavy_deal(draw: st.DrawFn, wild: int) -> list[Card]:
    faces = draw(st.lists(st.sampled_from(ONE_DECK), min_size=2, max_size=5, unique=True))
    pool = tuple(faces) * 3 + (JOKER,) * 2
    return draw(_subset(pool, 3, MAX_HAND))


@st.composite
def melded_deal(draw: st.DrawFn, wild: int) -> list[Card]:
    """One to three melds (runs may wrap past the king), wilds swapped in, strays added."""
    cards: list[Card] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(STANDARD_SUITS))
            length = draw(st.integers(3, 5))
            start = draw(st.integers(1, 13))
            cards += [Card(Rank((start - 1 + step) % 13 + 1), suit) for step in range(length)]
        else:
            rank = Rank(draw(st.integers(1, 13)))
            size = draw(st.integers(3, 4))
            suits = draw(st.lists(st.sampled_from(STANDARD_SUITS), min_size=size, max_size=size))
            cards += [Card(rank, suit) for suit in suits]
    swapped = []
    for card in cards:
        choice = draw(st.sampled_from(("keep", "keep", "keep", "joker", "wild")))
        if choice == "joker":
            card = JOKER
        elif choice == "wild":
            card = Card(Rank(wild), draw(st.sampled_from(STANDARD_SUITS)))
        swapped.append(card)
    swapped += draw(st.lists(st.sampled_from(TWO_DECKS_TWO_JOKERS), max_size=2))
    swapped = swapped[:MAX_HAND]
    return draw(st.permutations(swapped))


DEALS = (plain_deal, wild_heavy_deal, wild_rank_heavy_deal, duplicate_heavy_deal, melded_deal)


@st.composite
def deals(draw: st.DrawFn, max_size: int = MAX_HAND) -> tuple[int, list[Card]]:
    """A wild rank and a hand dealt for that round."""
    wild = draw(st.integers(3, 13))
    deal = draw(st.sampled_from(DEALS))
    cards = draw(deal(wild))[:max_size]
    note(f"hand: {' '.join(str(card) for card in cards)}  wild: {wild}  ({deal.__name__})")
    return wild, cards


joker_penalties = st.sampled_from((20, 0, 35))


# -- properties ----------------------------------------------------------------------

EXAMPLES_ARRANGE = 30
EXAMPLES_COUNTS = 12


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
@settings(max_examples=EXAMPLES_ARRANGE)
@given(deal=deals(), joker_penalty=joker_penalties, data=st.data())
def test_arrange_is_exact_and_valid(
    variant: dict[str, Any], deal: tuple[int, list[Card]], joker_penalty: int, data: st.DataObject
) -> None:
    wild, cards = deal
    rules = Rules(**variant, joker_penalty=joker_penalty)
    assert arrangement_problems(cards, wild, rules) == []
    expected = brute.min_penalty(cards, wild, rules)
    assert deadwood(cards, wild=wild, rules=rules) == expected
    # The order cards are given in never matters.
    shuffled = data.draw(st.permutations(cards), label="shuffled")
    assert deadwood(shuffled, wild=wild, rules=rules) == expected
    assert arrange(shuffled, wild=wild, rules=rules).deadwood == expected


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
@settings(max_examples=EXAMPLES_COUNTS)
@given(deal=deals(max_size=9), joker_penalty=joker_penalties, data=st.data())
def test_counts_and_go_out_are_exact(
    variant: dict[str, Any], deal: tuple[int, list[Card]], joker_penalty: int, data: st.DataObject
) -> None:
    wild, cards = deal
    rules = Rules(**variant, joker_penalty=joker_penalty)
    fewest = brute.min_unmelded(cards, wild, rules)
    assert unmelded_count(cards, wild=wild, rules=rules) == fewest
    assert melds_completely(cards, wild=wild, rules=rules) is (fewest == 0)

    discards = go_out_discards(cards, wild=wild, rules=rules)
    assert len(set(discards)) == len(discards), f"repeated discards {discards}"
    assert set(discards) == brute.go_out_cards(cards, wild, rules)

    shuffled = data.draw(st.permutations(cards), label="shuffled")
    assert unmelded_count(shuffled, wild=wild, rules=rules) == fewest
    assert set(go_out_discards(shuffled, wild=wild, rules=rules)) == set(discards)


LIMITED = [variant for variant in VARIANTS
           if variant["max_wilds_per_meld"] is not None or not variant["all_wild_melds"]]


@pytest.mark.parametrize("variant", LIMITED[::3], ids=_variant_id)
@settings(max_examples=25)
@given(data=st.data())
def test_wild_rank_heavy_hands_are_exact(variant: dict[str, Any], data: st.DataObject) -> None:
    """Hands of many cards of the wild rank, where the solver keeps only some readings
    (natural or wild, per suit) and sets of one rank as groups: brute force agrees."""
    wild = data.draw(st.integers(3, 13), label="wild")
    cards = data.draw(wild_rank_heavy_deal(wild), label="cards")
    rules = Rules(**variant)
    assert arrangement_problems(cards, wild, rules) == []
    assert deadwood(cards, wild=wild, rules=rules) == brute.min_penalty(cards, wild, rules)
    assert unmelded_count(cards, wild=wild, rules=rules) == brute.min_unmelded(cards, wild, rules)


@given(counts=st.lists(st.integers(0, 15), min_size=13, max_size=13))
def test_card_offsets_lists_every_card_of_a_holding(counts: list[int]) -> None:
    holding = sum(count << 4 * offset for offset, count in enumerate(counts))
    expected = [offset for offset, count in enumerate(counts) for _ in range(count)]
    assert card_offsets(holding) == expected
    assert card_offsets(holding) == expected  # the memoised groups give the same list


@pytest.mark.parametrize("variant", VARIANTS[::7], ids=_variant_id)
@settings(max_examples=60)
@given(deal=deals(max_size=14), joker_penalty=joker_penalties)
def test_greedy_best_discard_is_the_first_of_every_discard_solved(
    variant: dict[str, Any], deal: tuple[int, list[Card]], joker_penalty: int
) -> None:
    """One arrangement plus bounds (issue 14's faster loop) picks exactly the discard that
    solving every distinct discard ranks first: the same penalty and the same card."""
    from threethirteen.bots.evaluate import ranked_discards
    from threethirteen.bots.greedy import best_discard
    from threethirteen.scoring import card_points

    wild, cards = deal
    if not cards:
        return
    rules = Rules(**variant, joker_penalty=joker_penalty)
    rank = Rank(wild)
    expected = ranked_discards(cards, lambda rest: deadwood(rest, wild=rank, rules=rules),
                               lambda card: card_points(card, rank, rules))[0]
    assert best_discard(cards, rank, rules) == expected


def test_greedy_remembers_hands_only_for_the_same_rules_object() -> None:
    """The greedy memo is keyed by the rules' identity: equal hands under other rules (or
    another wild) are solved afresh, and a remembered answer equals a fresh one."""
    from threethirteen.bots import greedy

    hand = list(Hand.parse("Kh Kd Ks 4c 9d"))
    plain, counted = Rules(), Rules(face_values="rank")
    first = greedy.best_discard(hand, Rank(3), plain)
    assert greedy.best_discard(hand, Rank(3), plain) == first == greedy._best_discard(
        hand, Rank(3), plain)
    assert greedy.best_discard(hand, Rank(3), counted) == greedy._best_discard(
        hand, Rank(3), counted)
    assert greedy.best_discard(hand, Rank(4), plain) == greedy._best_discard(
        hand, Rank(4), plain)
    kept = [card for card in hand if card != first[1]]
    assert greedy.penalty_now(kept, Rank(3), plain) == deadwood(kept, wild=3, rules=plain)
