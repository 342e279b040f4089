"""Cards, hands and packs: the notation of RULES.md ("Cards and notation")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from threethirteen import JOKER, Card, Hand, NotationError, Rank, Suit, pack, parse_cards

ONE_DECK = pack(1)


# -- single cards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Th", "Th"), ("10h", "Th"), ("th", "Th"), ("TH", "Th"), ("10H", "Th"),
        ("10♥", "Th"), ("T♥", "Th"), ("a♠", "As"), ("A♣", "Ac"), ("q♦", "Qd"),
        ("Kd", "Kd"), ("kD", "Kd"), ("2c", "2c"), ("9S", "9s"), ("j♠", "Js"), ("*", "*"),
        ("7x", "7x"), ("7X", "7x"), ("10★", "Tx"), ("q★", "Qx"), ("3☆", "3x"),
    ],
)
def test_lenient_card_text_reads_to_the_canonical_form(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


def test_a_joker_has_no_rank_and_no_suit() -> None:
    joker = Card.parse("*")
    assert joker == JOKER
    assert joker.is_joker
    assert joker.rank is None and joker.suit is None
    assert str(joker) == "*"


def test_every_card_has_one_canonical_text_that_reads_back() -> None:
    texts = [str(card) for card in ONE_DECK]
    assert len(set(texts)) == 52
    for card, text in zip(ONE_DECK, texts, strict=True):
        assert len(text) == 2
        assert text[0] in "A23456789TJQK" and text[1] in "cdhs"
        assert Card.parse(text) == card
        assert Card.parse(text.lower()) == card
        assert Card.parse(text.upper()) == card


def test_card_fields() -> None:
    card = Card.parse("10♥")
    assert card.rank is Rank.TEN and card.suit is Suit.HEARTS
    assert not card.is_joker
    assert Suit("h") is Suit.HEARTS and str(Suit.SPADES) == "s"
    assert int(Rank.ACE) == 1 and int(Rank.KING) == 13
    assert str(Rank.TEN) == "T"


def test_card_repr_evaluates_back() -> None:
    # STYLE.md habit 1: repr() evaluates back.
    for card in (*ONE_DECK, JOKER):
        assert eval(repr(card), {"Card": Card}) == card, repr(card)


@pytest.mark.parametrize(
    "text", ["Ax", "2x", "1h", "11h", "7", "hh", "Zz", "0s", "*h", "7hh", "Xh", "7y"])
def test_bad_card_text_raises_notation_error_naming_the_token(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert caught.value.token == text
    assert text in str(caught.value)


def test_rank_parse() -> None:
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("T") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("j") is Rank.JACK
    assert Rank.parse("K") is Rank.KING
    assert Rank.parse(7) is Rank.SEVEN
    for bad in ("X", "14", "0", ""):
        with pytest.raises(NotationError):
            Rank.parse(bad)
    for number in (0, 14):
        with pytest.raises(NotationError):
            Rank.parse(number)


# -- hands ----------------------------------------------------------------------------


def test_hand_parsing_accepts_commas_lowercase_symbols_and_tens() -> None:
    hand = Hand.parse("7h 8h, 10h *")
    assert str(hand) == "7h 8h Th *"
    assert repr(hand) == "Hand('7h 8h Th *')"
    assert Hand.parse("7H,8h,  t♥ ,*") == hand
    assert [str(card) for card in parse_cards("Ah, 10c  *")] == ["Ah", "Tc", "*"]
    assert len(Hand.parse("")) == 0
    assert len(Hand.parse(" , ")) == 0


def test_hand_repr_evaluates_back() -> None:
    for text in ("", "7h 8h Th *", "6s 6s 6h * *", "Ac Kd"):
        hand = Hand.parse(text)
        again = eval(repr(hand), {"Hand": Hand})
        assert again == hand
        assert str(again) == str(hand)


def test_bad_hand_text_names_the_bad_token() -> None:
    with pytest.raises(NotationError) as caught:
        Hand.parse("7h 8y 9h")
    assert caught.value.token == "8y"
    assert "8y" in str(caught.value)


def test_hands_are_multisets() -> None:
    hand = Hand.parse("6s 6s 6h *")
    six = Card.parse("6s")
    assert hand.count(six) == 2
    assert hand.count(Card.parse("6h")) == 1
    assert hand.count(Card.parse("6c")) == 0
    assert hand.count(JOKER) == 1
    assert six in hand and Card.parse("6c") not in hand
    assert len(hand) == 4
    assert hand == Hand.parse("* 6h 6s 6s")
    assert hash(hand) == hash(Hand.parse("* 6h 6s 6s"))
    assert hand != Hand.parse("6s 6h *")  # one copy fewer
    assert hand != Hand.parse("6s 6h 6h *")
    assert hand.counts() == Counter({six: 2, Card.parse("6h"): 1, JOKER: 1})


def test_hand_add_and_remove_copy_one_card_at_a_time() -> None:
    hand = Hand.parse("6s 6s 6h")
    six = Card.parse("6s")
    fewer = hand.remove(six)
    assert fewer == Hand.parse("6s 6h")
    assert hand == Hand.parse("6s 6s 6h")  # hands are immutable
    assert fewer.remove(six) == Hand.parse("6h")
    with pytest.raises(KeyError):
        fewer.remove(six).remove(six)
    assert hand.add(JOKER) == Hand.parse("6s 6s 6h *")
    assert str(hand.add(JOKER)) == "6s 6s 6h *"


def test_hand_keeps_the_order_given_and_sorts_on_request() -> None:
    hand = Hand.parse("* Kd 2c 7h")
    assert [str(card) for card in hand] == ["*", "Kd", "2c", "7h"]
    assert str(hand[1]) == "Kd"
    assert str(hand.sorted()) == "2c Kd 7h *"


@given(st.lists(st.sampled_from([*pack(2), *pack(1, 1, "five-suit")]), max_size=15),
       st.randoms())
def test_hand_text_round_trips_and_order_does_not_matter(cards: list[Card], rng: object) -> None:
    hand = Hand(cards)
    assert Hand.parse(str(hand)) == hand
    assert list(Hand.parse(str(hand))) == cards
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert Hand(shuffled) == hand
    assert hash(Hand(shuffled)) == hash(hand)


# -- packs ----------------------------------------------------------------------------


def test_packs() -> None:
    assert len(pack(1)) == 52
    assert len(set(pack(1))) == 52
    two = pack(2, 4)
    assert len(two) == 108
    counts = Counter(two)
    assert counts[JOKER] == 4
    assert all(counts[card] == 2 for card in pack(1))
    assert Counter(pack(3))[Card.parse("Qh")] == 3
    assert {card.suit for card in pack(1)} == set(Suit) - {Suit.STARS}
    assert {card.rank for card in pack(1)} == set(Rank)


def test_the_five_suit_pack() -> None:
    """RULES.md: five suits (stars added) of ranks 3 to K, 55 cards a deck."""
    one = pack(1, 0, "five-suit")
    assert len(one) == len(set(one)) == 55
    assert {card.suit for card in one} == set(Suit)
    assert {card.rank for card in one} == set(Rank) - {Rank.ACE, Rank.TWO}
    five = pack(2, 6, "five-suit")
    assert len(five) == 116 and Counter(five)[JOKER] == 6
    assert Counter(five)[Card.parse("Kx")] == 2


def test_stars_text_round_trips() -> None:
    stars = [card for card in pack(1, 0, "five-suit") if card.suit is Suit.STARS]
    assert [str(card) for card in stars] == [f"{rank}x" for rank in "3456789TJQK"]
    for card in stars:
        assert Card.parse(str(card)) == card
        assert Card.parse(f"{card.rank}★") == card
        assert eval(repr(card), {"Card": Card}) == card
        assert Card.from_code(card.code) is card
    assert Suit.STARS.symbol == "★" and Suit("x") is Suit.STARS
    hand = Hand.parse("7★ 8x, 10x *")
    assert repr(hand) == "Hand('7x 8x Tx *')" and eval(repr(hand), {"Hand": Hand}) == hand
    assert str(Hand.parse("Kx 3c * Ah 3x").sorted()) == "3c Ah 3x Kx *"  # c d h s x, jokers last


def test_every_card_code_is_distinct_and_reads_back() -> None:
    cards = [*pack(1), *pack(1, 1, "five-suit")]
    assert len({card.code for card in cards}) == 64
    assert all(Card.from_code(card.code) == card for card in cards)


def test_bad_packs_raise() -> None:
    with pytest.raises(ValueError):
        pack(0)
    with pytest.raises(ValueError):
        pack(1, -1)
