"""The person's hand as shown: its order (by suit, by rank, or melds first) and card faces.

Wild cards are marked in text, never by colour alone: ``7h (wild)`` in the plain mode,
a ``W`` on the card in the full-screen table.

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> hand = Hand.parse("Kd 5c 7h 8h 9h 5s Ks").cards
>>> show = order_hand(hand, wild=5, rules=Rules(), order=SortOrder.SUIT)
>>> " ".join(str(card) for card in show.cards), show.breaks
('Kd 7h 8h 9h Ks 5c 5s', (1, 4, 5))
>>> show = order_hand(hand, wild=5, rules=Rules(), order=SortOrder.MELDS)
>>> " ".join(str(card) for card in show.cards)
'Kd Ks 5s 5c 7h 8h 9h'
>>> plain_card(Card.parse("5c"), 5), face(Card.parse("Th")), face(Card.parse("*"))
('5♣ (wild)', '10♥', 'Jk')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from threethirteen.cards import Card
from threethirteen.rules import Rules
from threethirteen.solver import Arrangement, arrange
from threethirteen.tui.cardwords import SHORT, CardWords


class SortOrder(StrEnum):
    """How the hand is ordered on screen."""

    SUIT = "suit"
    RANK = "rank"
    MELDS = "melds"

    def next(self) -> SortOrder:
        """The order the sort key switches to."""
        orders = list(SortOrder)
        return orders[(orders.index(self) + 1) % len(orders)]

    @property
    def label(self) -> str:
        """How the order is named to the person."""
        return {"suit": "by suit", "rank": "by rank", "melds": "melds first"}[self.value]


@dataclass(frozen=True, slots=True)
class ShownHand:
    """The cards in display order; ``breaks`` are the positions that start a new group."""

    cards: tuple[Card, ...]
    breaks: tuple[int, ...]
    arrangement: Arrangement


def is_wild(card: Card, wild: int | None) -> bool:
    """A joker, or a card of the round's wild rank."""
    return card.rank is None or card.rank == wild


def order_hand(hand: Sequence[Card], *, wild: int | None, rules: Rules,
               order: SortOrder) -> ShownHand:
    """``hand`` ordered as ``order`` says, wild cards last (except inside melds)."""
    best = arrange(hand, wild=wild, rules=rules)
    if order is SortOrder.MELDS:  # the melds, then the rest by suit
        groups = [list(meld.cards) for meld in best.melds]
        groups += _grouped(best.unmelded, wild, SortOrder.SUIT)
    else:
        groups = _grouped(hand, wild, order)
    cards: list[Card] = []
    breaks: list[int] = []
    for group in groups:
        if cards:
            breaks.append(len(cards))
        cards.extend(group)
    return ShownHand(tuple(cards), tuple(breaks), best)


def _grouped(cards: Sequence[Card], wild: int | None, order: SortOrder) -> list[list[Card]]:
    """``cards`` sorted by suit or by rank, in groups of one suit or rank; wilds last."""
    key = _rank_key if order is SortOrder.RANK else _suit_key
    groups: list[list[Card]] = []
    for card in sorted(cards, key=lambda card: key(card, wild)):
        if not groups or _group(groups[-1][-1], wild, order) != _group(card, wild, order):
            groups.append([])
        groups[-1].append(card)
    return groups


def _suit_key(card: Card, wild: int | None) -> tuple[int, int, int]:
    row, column = card.sort_key()
    return (int(is_wild(card, wild)), row, column)


def _rank_key(card: Card, wild: int | None) -> tuple[int, int, int]:
    row, column = card.sort_key()
    return (int(is_wild(card, wild)), column, row)


def _group(card: Card, wild: int | None, order: SortOrder) -> object:
    if is_wild(card, wild):
        return "wild"
    return card.suit if order is SortOrder.SUIT else card.rank


def plain_card(card: Card, wild: int | None, words: CardWords = SHORT) -> str:
    """A card in text: its name, with ``(wild)`` after a wild card."""
    return words.marked(card, is_wild(card, wild))


def plain_cards(cards: Sequence[Card], wild: int | None, words: CardWords = SHORT) -> str:
    """Cards in text, in a row."""
    return words.cards(cards, wild)


def acting_wild(meld: Sequence[Card], wild: int | None) -> tuple[bool, ...]:
    """Which cards of a meld act as wild cards. A joker always does; a card of the wild
    rank does unless it stands for itself: in a set of its own rank, or in a run of its
    suit at its own place. ``meld`` is laid out as the solver gives it (a run in order,
    each wild card in the place it fills).

    >>> from threethirteen.cards import Hand
    >>> acting_wild(Hand.parse("Jc Qc Kc").cards, 13)  # kings wild; Kc is itself
    (False, False, False)
    >>> acting_wild(Hand.parse("Tc Th Kc").cards, 13)  # Kc is the third ten
    (False, False, True)
    >>> acting_wild(Hand.parse("8h Kc Th").cards, 13), acting_wild(Hand.parse("Ks Kd *").cards, 13)
    ((False, True, False), (False, False, True))
    """
    naturals = [(at, card) for at, card in enumerate(meld)
                if card.rank is not None and card.rank != wild]
    if not naturals:  # all of the wild rank (a set of it) and jokers
        return tuple(card.rank is None for card in meld)
    if len(naturals) > 1 and len({card.rank for _, card in naturals}) == 1:  # a set
        return tuple(is_wild(card, wild) for card in meld)
    at, anchor = naturals[0]  # a run: place i holds the rank anchor - at + i
    assert anchor.rank is not None
    marks = []
    for place, card in enumerate(meld):
        own = (int(anchor.rank) - at + place - 1) % 13 + 1  # an ace above a king is 1
        marks.append(card.rank is None or (card.rank == wild and not (
            card.suit == anchor.suit and int(card.rank) == own)))
    return tuple(marks)


def plain_meld(meld: Sequence[Card], wild: int | None, words: CardWords = SHORT) -> str:
    """A meld for people: ``(wild)`` after each card that acts as a wild card only.

    >>> from threethirteen.cards import Hand
    >>> plain_meld(Hand.parse("Jc Qc Kc").cards, 13), plain_meld(Hand.parse("Tc Th Kc").cards, 13)
    ('J♣ Q♣ K♣', '10♣ 10♥ K♣ (wild)')
    """
    return words.join([words.marked(card, mark)
                       for card, mark in zip(meld, acting_wild(meld, wild), strict=True)])


def face(card: Card) -> str:
    """A card's face on a card of the table: ``10♥``, ``Q♠``, ``Jk`` for a joker (a card
    is three columns wide; text names it ``joker``)."""
    return "Jk" if card.is_joker else SHORT.card(card)


def arrangement_text(best: Arrangement, wild: int | None, after_discard: str = "",
                     words: CardWords = SHORT) -> str:
    """One line: the melds, the unmelded cards and the penalty they cost; during the
    discard step, ``after_discard`` (what the best discard leaves) instead of the penalty
    of a hand that still holds one card too many.

    >>> from threethirteen.cards import Hand
    >>> arrangement_text(arrange(Hand.parse("7h 8h 9h Kd 5c 2s"), wild=5, rules=Rules()), 5)
    'melds: 7♥ 8♥ 9♥ 5♣ (wild); unmelded: K♦, 2♠; penalty 12'
    """
    melds = " / ".join(plain_meld(meld.cards, wild, words) for meld in best.melds) or "none"
    loose = ", ".join(plain_card(card, wild, words) for card in best.unmelded) or "none"
    return f"melds: {melds}; unmelded: {loose}; " + (after_discard
                                                      or f"penalty {best.deadwood}")
