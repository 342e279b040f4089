"""Which discards let a hand go out, remembered: the engine and bots ask it every turn.

A thin cache over ``solver.go_out_discards`` keyed on the hand's cards (order ignored),
the wild rank and the rules. Hands repeat a lot in play (draw a card, discard it).

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> go_out_cards(Hand.parse("7h 8h 9h Qs"), wild=3, rules=Rules())
(Card.parse('Qs'),)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from threethirteen.cards import Card
from threethirteen.rules import Rules
from threethirteen.solver import go_out_discards


def go_out_cards(hand: Iterable[Card], *, wild: int | None, rules: Rules) -> tuple[Card, ...]:
    """The distinct cards whose discard leaves ``hand`` fully melded (solver order); a
    ``wild`` of None: no wild rank."""
    return _go_out_cards(tuple(sorted(card.code for card in hand)),
                         None if wild is None else int(wild), rules)


@lru_cache(maxsize=8192)
def _go_out_cards(codes: tuple[int, ...], wild: int | None, rules: Rules) -> tuple[Card, ...]:
    cards = [Card.from_code(code) for code in codes]
    return tuple(go_out_discards(cards, wild=wild, rules=rules))
