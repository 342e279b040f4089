"""The exact hand solver: the arrangement into melds that leaves the least penalty.

Exact means exact: every reading of the hand is covered, never a heuristic. The objective
is lexicographic, least penalty and then fewest unmelded cards, so "melds completely" is
exact even where a card costs 0 points. See ``search`` for how, ``context`` for the caches.

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> result = arrange(Hand.parse("3s 4s 5c 5s Kd"), wild=5, rules=Rules(ace="high"))
>>> result.deadwood, [str(card) for card in result.unmelded]
(7, ['3s', '4s'])
>>> [str(card) for card in go_out_discards(Hand.parse("7h 8h 9h Qs"), wild=3, rules=Rules())]
['Qs']
>>> try:
...     deadwood(Hand.parse("7h " * 7), wild=7, rules=Rules(rounds=3))
... except ValueError as error:
...     print(error)
hand: a hand of 7 cards is larger than any game holds (at most 6: the last deal and a draw)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from threethirteen.cards import CODES, Card, Hand, Rank
from threethirteen.errors import InputError
from threethirteen.melds import Meld
from threethirteen.rules import MAX_ROUNDS, Rules
from threethirteen.solver.context import SCALE, context
from threethirteen.solver.layout import lay_out
from threethirteen.solver.search import solve

MAX_HAND = MAX_ROUNDS + 3  # the largest deal of any rules (14 cards), plus the card drawn

HandLike = Hand | Iterable[Card]
WildLike = int | str | Rank | None  # None: no wild rank, only jokers


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand laid out: melds, unmelded cards, and the penalty of the unmelded ones."""

    deadwood: int
    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        """The fields of INTERFACES.md §2 other than ``go_out_discards``."""
        return {
            "deadwood": self.deadwood,
            "melds": [[str(card) for card in meld.cards] for meld in self.melds],
            "unmelded": [str(card) for card in self.unmelded],
        }


_new = object.__new__
# the slots' own setters, which the frozen class's __init__ reaches more slowly
_SET_DEADWOOD, _SET_MELDS, _SET_UNMELDED = (
    vars(Arrangement)[name].__set__ for name in ("deadwood", "melds", "unmelded"))


def largest_hand(rules: Rules) -> int:
    """The most cards a hand can hold in a game under ``rules``: the largest deal, plus
    the card drawn (at most ``MAX_HAND``)."""
    return min(rules.max_deal + 1, MAX_HAND)


def _codes(hand: HandLike, rules: Rules) -> list[int]:
    cards = hand.cards if isinstance(hand, Hand) else tuple(hand)
    most = largest_hand(rules)
    if len(cards) > most:
        raise InputError(f"a hand of {len(cards)} cards is larger than any game holds "
                         f"(at most {most}: the last deal and a draw)", "hand")
    if isinstance(hand, Hand):  # a Hand holds only cards
        return [card.code for card in cards]
    codes = [card.code if type(card) is Card else -1 for card in cards]
    if codes and (min(codes) < 0 or max(codes) >= CODES):
        raise InputError("a hand holds cards (Card values) only", "hand")
    return codes


def deadwood(hand: HandLike, *, wild: WildLike, rules: Rules) -> int:
    """The least penalty ``hand`` can leave unmelded (no arrangement is built)."""
    return solve(_codes(hand, rules), context(rules, wild), want_plan=False).score // SCALE


def arrange(hand: HandLike, *, wild: WildLike, rules: Rules) -> Arrangement:
    """The least penalty ``hand`` can leave, with one arrangement that reaches it."""
    ctx = context(rules, wild)
    plan = solve(_codes(hand, rules), ctx, want_plan=True)
    melds, unmelded = lay_out(plan, ctx)
    found = _new(Arrangement)  # its fields set directly: faster than the frozen __init__
    _SET_DEADWOOD(found, plan.score // SCALE)
    _SET_MELDS(found, tuple(melds))
    _SET_UNMELDED(found, tuple(unmelded))
    return found


def unmelded_count(hand: HandLike, *, wild: WildLike, rules: Rules) -> int:
    """The fewest cards of ``hand`` that any arrangement leaves unmelded."""
    return solve(_codes(hand, rules), context(rules, wild, count_only=True), False).score


def melds_completely(hand: HandLike, *, wild: WildLike, rules: Rules) -> bool:
    """True when every card of ``hand`` can be melded."""
    return unmelded_count(hand, wild=wild, rules=rules) == 0


def go_out_discards(hand: HandLike, *, wild: WildLike, rules: Rules) -> list[Card]:
    """The distinct cards whose discard leaves a hand that melds completely.

    One search of the whole hand settles most hands: a hand that leaves two or more cards
    unmelded at best has no such discard. Otherwise each distinct card is tried.
    """
    codes = _codes(hand, rules)
    ctx = context(rules, wild, count_only=True)
    if not codes or solve(codes, ctx, want_plan=False).score > 1:
        return []
    found: list[Card] = []
    for code in sorted(set(codes)):
        rest = list(codes)
        rest.remove(code)
        if solve(rest, ctx, want_plan=False).score == 0:
            found.append(Card.from_code(code))
    return found
