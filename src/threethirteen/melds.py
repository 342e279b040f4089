"""Melds: sets and runs, what makes one valid, and the referee's check.

A card of the round's wild rank may stand for itself (natural) or be wild; a joker is
always wild. ``classify_meld`` finds whether some reading of the cards is a valid meld.

>>> from threethirteen.cards import Hand
>>> from threethirteen.rules import Rules
>>> classify_meld(Hand.parse("7h 8h 9h").cards, 7, Rules(max_wilds_per_meld=1))
<MeldKind.RUN: 'run'>
>>> classify_meld(Hand.parse("Qs Ks Ah").cards, 7, Rules(ace="high")) is None
True
>>> classify_meld(Hand.parse("Ks * 2s").cards, 7, Rules(ace="wrap"))
<MeldKind.RUN: 'run'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from threethirteen.cards import Card, Pack
from threethirteen.rules import Ace, Rules

MIN_MELD = 3
MAX_RUN = 13
FIVE_SUIT_RUN = 11  # ranks 3 to K


def max_run(rules: Rules) -> int:
    """The most cards a run holds: 13, or 11 in the ``five-suit`` pack (ranks 3 to K)."""
    return FIVE_SUIT_RUN if rules.pack is Pack.FIVE_SUIT else MAX_RUN


class MeldKind(StrEnum):
    """A set (one rank) or a run (one suit, consecutive ranks)."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as laid out: its kind and its cards (runs in order, wilds in place)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def _wild_limit(rules: Rules) -> int:
    return MAX_RUN * 64 if rules.max_wilds_per_meld is None else rules.max_wilds_per_meld


def _allowed(naturals: int, size: int, rules: Rules) -> bool:
    """A reading with ``naturals`` natural cards of ``size`` respects the wild options."""
    if naturals == 0 and not rules.all_wild_melds:
        return False
    return size - naturals <= _wild_limit(rules)


def run_positions(ranks: Sequence[int], ace: Ace) -> list[list[int]]:
    """The ways to place distinct ``ranks`` on run positions under ``ace``.

    Positions run 1..13 (``low``, ``wrap``), 2..14 (``high``, ace is 14) or 1..14 (``both``).
    """
    if ace is Ace.HIGH:
        return [[14 if rank == 1 else rank for rank in ranks]]
    if ace is Ace.BOTH and 1 in ranks:
        return [list(ranks), [14 if rank == 1 else rank for rank in ranks]]
    return [list(ranks)]


def run_span(ranks: Sequence[int], ace: Ace) -> int:
    """Fewest consecutive positions that hold all of ``ranks`` (distinct) in one run.

    >>> run_span([1, 12, 13], Ace.LOW), run_span([1, 12, 13], Ace.BOTH), run_span([13, 2], Ace.WRAP)
    (13, 3, 3)
    """
    if not ranks:
        return 0
    if ace is Ace.WRAP:
        ordered = sorted(ranks)
        gaps = [b - a for a, b in zip(ordered, ordered[1:], strict=False)]
        gaps.append(ordered[0] + 13 - ordered[-1])
        return 13 - max(gaps) + 1
    return min(max(p) - min(p) + 1 for p in run_positions(ranks, ace))


def _set_naturals(cards: Sequence[Card], wild: int) -> int | None:
    """Natural cards of the best reading as a set, or None if no rank fits."""
    plain = {card.rank for card in cards if card.rank is not None and card.rank != wild}
    if len(plain) > 1:
        return None
    if plain:
        return sum(1 for card in cards if card.rank is not None and card.rank != wild)
    return sum(1 for card in cards if card.rank == wild)


def _run_naturals(cards: Sequence[Card], wild: int, ace: Ace, longest: int) -> int | None:
    """Natural cards of the best reading as a run of at most ``longest`` cards, or None if
    no reading fits."""
    if len(cards) > longest:
        return None
    plain = [card for card in cards if card.rank is not None and card.rank != wild]
    if len({card.suit for card in plain}) > 1:
        return None
    ranks = [int(card.rank) for card in plain if card.rank is not None]
    if len(set(ranks)) != len(ranks) or run_span(ranks, ace) > len(cards):
        return None
    suits = {card.suit for card in plain} or {
        card.suit for card in cards if card.rank == wild
    }
    for suit in suits:
        has_wild_of_suit = any(card.rank == wild and card.suit == suit for card in cards)
        if has_wild_of_suit and run_span([*ranks, wild], ace) <= len(cards):
            return len(ranks) + 1
    return len(ranks)


def classify_meld(cards: Sequence[Card], wild: int | None, rules: Rules) -> MeldKind | None:
    """The kind of meld ``cards`` make in a round where ``wild`` is wild (None: no rank
    is wild, only jokers), or None.

    In the ``five-suit`` pack a run lies within 3 to K, whatever ``ace`` says: 11 cards at
    most, which any ranks 3 to K spanning no more than its length fit.
    """
    if len(cards) < MIN_MELD:
        return None
    if wild is None:
        wild = 0  # a rank no card has
    five_suit = rules.pack is Pack.FIVE_SUIT
    for kind, naturals in (
        (MeldKind.SET, _set_naturals(cards, wild)),
        (MeldKind.RUN, _run_naturals(cards, wild, Ace.LOW if five_suit else rules.ace,
                                     FIVE_SUIT_RUN if five_suit else MAX_RUN)),
    ):
        if naturals is not None and _allowed(naturals, len(cards), rules):
            return kind
    return None


def is_meld(cards: Sequence[Card], wild: int | None, rules: Rules) -> bool:
    """True when ``cards`` form a valid meld."""
    return classify_meld(cards, wild, rules) is not None
