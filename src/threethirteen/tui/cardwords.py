"""How the terminal game names a card to a person: one form everywhere a card is read.

The table's cards, the log, the prompts, the advice and the arrangements all name a card
the same way: ``10♠``, ``Q♥``, ``joker`` by default, or in words with ``--long-names``
(``ten of spades``), never the notation's letters (``Ts``) a newcomer must decode. Typed
cards are read leniently as ever: ``10s``, ``Ts`` and ``10♠`` are the same card.

>>> from threethirteen.cards import Card, Hand
>>> SHORT.card(Card.parse("Ts")), LONG.card(Card.parse("Ts")), SHORT.card(Card.parse("*"))
('10♠', 'ten of spades', 'joker')
>>> SHORT.cards(Hand.parse("7h 5c").cards, wild=5), LONG.cards(Hand.parse("7h Ad").cards)
('7♥ 5♣ (wild)', 'seven of hearts, ace of diamonds')
>>> SHORT.rank(10), LONG.rank(13)
('10', 'king')
>>> SHORT.either(Hand.parse("Kd 9c Qs").cards), LONG.either(Hand.parse("Kd").cards)
('K♦, 9♣ or Q♠', 'king of diamonds')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from threethirteen.cards import Card

_RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "jack", "queen", "king")
_RANK_FACES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", "x": "stars"}
_SUIT_FACES = {"c": "♣", "d": "♦", "h": "♥", "s": "♠", "x": "★"}


@dataclass(frozen=True, slots=True)
class CardWords:
    """Card names for people: faces (``10♠``) or, when ``long``, words (``ten of spades``)."""

    long: bool = False

    def card(self, card: Card) -> str:
        """One card's name."""
        if card.rank is None or card.suit is None:
            return "joker"
        if self.long:
            return f"{_RANK_WORDS[card.rank - 1]} of {_SUIT_WORDS[card.suit.value]}"
        return _RANK_FACES[card.rank - 1] + _SUIT_FACES[card.suit.value]

    def rank(self, rank: int | None) -> str:
        """A rank's name: ``10``, ``K``, or ``ten``, ``king``; ``none`` for no rank (a
        round where only jokers are wild)."""
        if rank is None:
            return "none"
        return (_RANK_WORDS if self.long else _RANK_FACES)[rank - 1]

    def marked(self, card: Card, wild: bool) -> str:
        """One card's name, with ``(wild)`` after it when ``wild``."""
        return f"{self.card(card)} (wild)" if wild else self.card(card)

    def cards(self, cards: Sequence[Card], wild: int | None = None) -> str:
        """Cards in a row, each card of the ``wild`` rank and each joker marked wild."""
        return self.join([self.marked(card, card.rank is None or card.rank == wild)
                          for card in cards])

    def join(self, names: Sequence[str]) -> str:
        """Names in a row: spaced faces, or words between commas."""
        return (", " if self.long else " ").join(names)

    def either(self, cards: Sequence[Card]) -> str:
        """``K♦``, ``K♦ or 9♣``, ``K♦, 9♣ or Q♠``: one of ``cards``."""
        words = [self.card(card) for card in cards]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


SHORT = CardWords()
LONG = CardWords(long=True)
