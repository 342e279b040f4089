"""Cards and their notation: ranks, suits, cards, jokers, hands and packs.

Text form (RULES.md, "Cards and notation"): rank ``A23456789TJQK`` (also ``10``)
then suit ``cdhs`` (also ``♣♦♥♠``), case-insensitive on input; a joker is ``*``. The
``five-suit`` pack adds stars, ``x`` (also ``★``), of ranks 3 to K.

>>> Hand.parse("7h 8h, 10h *")
Hand('7h 8h Th *')
>>> str(Card.parse("10♥")), str(Card.parse("q★"))
('Th', 'Qx')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import overload

from threethirteen.errors import NotationError

_RANK_TEXT = {
    "A": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
    "8": 8, "9": 9, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13,
}
_SUIT_TEXT = {
    "C": "c", "D": "d", "H": "h", "S": "s",
    "♣": "c", "♦": "d", "♥": "h", "♠": "s",
    "♧": "c", "♢": "d", "♡": "h", "♤": "s",
    "X": "x", "★": "x", "☆": "x",
}
_JOKER_TEXT = {"*", "JOKER", "JK"}
MAX_TOKEN = 32  # characters of one card or rank, spaces included
MAX_CARDS_TEXT = 4096  # characters of a list of cards (a hand of 14 needs about 60)


def _short(value: object) -> str:
    """``repr(value)``, cut to a length fit for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Rank(IntEnum):
    """A card rank; the value is its number, ace 1 to king 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    def __str__(self) -> str:
        return "A23456789TJQK"[self - 1]

    @classmethod
    def parse(cls, text: str | int) -> Rank:
        """Read a rank: ``7``, ``T``, ``10``, ``q``, or an integer 1..13.

        >>> Rank.parse("10"), Rank.parse("j"), Rank.parse(13)
        (<Rank.TEN: 10>, <Rank.JACK: 11>, <Rank.KING: 13>)
        """
        if isinstance(text, int) and not isinstance(text, bool):
            if 1 <= text <= 13:
                return cls(text)
            raise NotationError(f"rank {text} is not between 1 and 13", str(text))
        if not isinstance(text, str):
            raise NotationError(f"rank {_short(text)} is not text or a number", _short(text))
        if len(text) > MAX_TOKEN:
            raise NotationError(f"{_short(text)} is too long to be a rank", _short(text))
        cleaned = text.strip().upper()
        value = _RANK_TEXT.get(cleaned)
        if value is None and cleaned.isascii() and cleaned.isdigit() and 1 <= int(cleaned) <= 13:
            value = int(cleaned)
        if value is None:
            raise NotationError(f"{text!r} is not a rank (A 2-9 T/10 J Q K)", text)
        return cls(value)


class Suit(StrEnum):
    """A suit; the value is its notation letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"
    STARS = "x"  # the fifth suit of the ``five-suit`` pack, ranks 3 to K only

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol, ``♥`` for hearts, ``★`` for stars."""
        return {"c": "♣", "d": "♦", "h": "♥", "s": "♠", "x": "★"}[self.value]

    @property
    def order(self) -> int:
        """Position 0..4 in the order clubs, diamonds, hearts, spades, stars."""
        return _SUIT_INDEX[self]


class Pack(StrEnum):
    """The kind of deck a game is played with (the rules option ``pack``)."""

    STANDARD = "standard"  # 52 cards: 4 suits of A to K
    FIVE_SUIT = "five-suit"  # 55 cards: 5 suits (stars added) of 3 to K


SUITS: tuple[Suit, ...] = tuple(Suit)
STANDARD_SUITS: tuple[Suit, ...] = SUITS[:4]
_SUIT_INDEX: dict[Suit, int] = {suit: index for index, suit in enumerate(SUITS)}
RANKS: tuple[Rank, ...] = tuple(Rank)
FIVE_SUIT_RANKS: tuple[Rank, ...] = RANKS[2:]  # 3 to K
JOKER_CODE = 52
STARS_CODE = 50  # a star's code is 50 + rank: 3x is 53, Kx is 63
CODES = 64  # card codes run 0..63


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or a joker (both ``None``).

    ``code`` numbers the card: ``suit index * 13 + rank - 1`` (0..51) for the four
    standard suits, 52 for a joker, ``50 + rank`` (53..63) for stars, whose ranks run
    3 to K only (``2x`` is no card).
    """

    rank: Rank | None
    suit: Suit | None
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank is None and self.suit is None:
            code = JOKER_CODE
        elif self.rank is None or self.suit is None:
            raise NotationError("a card has both a rank and a suit, or neither (joker)", "?")
        elif self.suit is Suit.STARS:
            if self.rank < 3:
                raise NotationError(f"there is no {self.rank}x: stars run 3 to K",
                                    f"{self.rank}x")
            code = STARS_CODE + self.rank
        else:
            code = _SUIT_INDEX[self.suit] * 13 + self.rank - 1
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card numbered ``code`` (see ``code``)."""
        return _BY_CODE[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card leniently: ``Th``, ``10h``, ``10♥``, ``th``, ``*``."""
        if not isinstance(text, str):
            raise NotationError(f"a card is text like 7h, not {_short(text)}", _short(text))
        if len(text) > MAX_TOKEN:
            raise NotationError(f"{_short(text)} is too long to be a card", _short(text))
        token = text.strip()
        if token.upper() in _JOKER_TEXT:
            return JOKER
        match = re.fullmatch(r"(10|[0-9atjqkATJQK])(.)", token)
        if match is None:
            raise NotationError(f"{text!r} is not a card (like 7h, Th, 10♥ or *)", text)
        rank = _RANK_TEXT.get(match.group(1).upper())
        suit = _SUIT_TEXT.get(match.group(2).upper())
        if rank is None or match.group(1) == "1":
            raise NotationError(f"{text!r} has no valid rank (A 2-9 T/10 J Q K)", text)
        if suit is None:
            raise NotationError(f"{text!r} has no valid suit (c d h s x or ♣ ♦ ♥ ♠ ★)", text)
        if suit == "x":
            if rank < 3:
                raise NotationError(f"{text!r} is no card: the stars suit runs 3 to K", text)
            return _BY_CODE[STARS_CODE + rank]
        return _BY_CODE[Suit(suit).order * 13 + rank - 1]

    def sort_key(self) -> tuple[int, int]:
        """Order by suit then rank (clubs, diamonds, hearts, spades, stars), jokers last."""
        return _SORT_KEYS[self.code]

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "*"
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(None, None)
_BY_CODE: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in STANDARD_SUITS for rank in RANKS
) + (JOKER,) + tuple(Card(rank, Suit.STARS) for rank in FIVE_SUIT_RANKS)
_SORT_KEYS: tuple[tuple[int, int], ...] = tuple(
    (5, 0) if card.is_joker else (_SUIT_INDEX[card.suit], card.rank - 1)  # type: ignore[index, operator]
    for card in _BY_CODE
)
ALL_CARDS: tuple[Card, ...] = _BY_CODE  # every card, by code


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces and/or commas; an empty text gives no cards.

    >>> parse_cards("Ah, 10c  *")
    [Card.parse('Ah'), Card.parse('Tc'), Card.parse('*')]
    """
    if not isinstance(text, str):
        raise NotationError(f"cards must be given as text, not {type(text).__name__}",
                            _short(text))
    if len(text) > MAX_CARDS_TEXT:
        raise NotationError(f"a list of cards is at most {MAX_CARDS_TEXT} characters, not "
                            f"{len(text)}", _short(text))
    tokens = [token for token in re.split(r"[\s,]+", text) if token]
    return [Card.parse(token) for token in tokens]


class Hand:
    """An immutable multiset of cards that remembers the order it was given in.

    Two hands are equal when they hold the same cards, whatever the order.

    >>> Hand.parse("6s 6s 6h").count(Card.parse("6s"))
    2
    >>> Hand.parse("Kd 7h") == Hand.parse("7h Kd")
    True
    """

    __slots__ = ("_cards", "_counts")

    def __init__(self, cards: Iterable[Card] | str = ()) -> None:
        given = parse_cards(cards) if isinstance(cards, str) else cards
        self._cards: tuple[Card, ...] = tuple(given)
        for card in self._cards:
            if not isinstance(card, Card):
                raise TypeError(f"a hand holds cards, not {card!r}")
        self._counts: Counter[Card] | None = None

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand: cards separated by spaces or commas."""
        return cls(parse_cards(text))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order given."""
        return self._cards

    def counts(self) -> Counter[Card]:
        """How many of each card the hand holds."""
        if self._counts is None:
            self._counts = Counter(self._cards)
        return self._counts

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the hand holds."""
        return self.counts()[card]

    def add(self, card: Card) -> Hand:
        """A new hand with ``card`` added at the end."""
        return Hand((*self._cards, card))

    def remove(self, card: Card) -> Hand:
        """A new hand with one copy of ``card`` taken out; ``KeyError`` if absent."""
        cards = list(self._cards)
        for index in range(len(cards) - 1, -1, -1):
            if cards[index] == card:
                del cards[index]
                return Hand(cards)
        raise KeyError(f"{card} is not in the hand {self}")

    def sorted(self) -> Hand:
        """The same cards ordered by suit, then rank, jokers last."""
        return Hand(sorted(self._cards, key=Card.sort_key))

    def __contains__(self, card: object) -> bool:
        return card in self.counts()

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Hand: ...
    def __getitem__(self, index: int | slice) -> Card | Hand:
        if isinstance(index, slice):
            return Hand(self._cards[index])
        return self._cards[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.counts() == other.counts()

    def __hash__(self) -> int:
        return hash(tuple(sorted(card.code for card in self._cards)))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


_DECKS: dict[Pack, tuple[Card, ...]] = {
    Pack.STANDARD: _BY_CODE[:52],
    Pack.FIVE_SUIT: tuple(card for card in _BY_CODE if card.rank is not None and card.rank >= 3),
}


def deck_size(kind: Pack | str = Pack.STANDARD) -> int:
    """The cards in one deck of the pack ``kind``: 52, or 55 for ``five-suit``."""
    return len(_DECKS[Pack(kind)])


def pack(decks: int = 1, jokers: int = 0, kind: Pack | str = Pack.STANDARD) -> tuple[Card, ...]:
    """A pack of ``decks`` decks of the kind ``kind`` plus ``jokers`` jokers, in a fixed order.

    >>> len(pack(2, 4)), pack(1)[0], pack(1, 2)[-1]
    (108, Card.parse('Ac'), Card.parse('*'))
    >>> five = pack(2, 6, "five-suit")
    >>> len(five), five[0], five[54]
    (116, Card.parse('3c'), Card.parse('Kx'))
    """
    if decks < 1:
        raise ValueError(f"a pack needs at least one deck, not {decks}")
    if jokers < 0:
        raise ValueError(f"a pack cannot hold {jokers} jokers")
    return _DECKS[Pack(kind)] * decks + (JOKER,) * jokers
