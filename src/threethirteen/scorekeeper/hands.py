"""Scoring one entry: a hand's cards checked against the pack, then solved exactly.

Points come from the engine: ``score_seat`` arranges a hand with the solver and adds the
out bonus and the false-out penalty, so a sheet scores exactly as a played game does.

>>> from threethirteen.rules import Rules
>>> from threethirteen.scorekeeper.entry import Entry
>>> from threethirteen.scorekeeper.plan import plan_round
>>> plan = plan_round(players=3, first_dealer=0, number=2)
>>> scored = score_entry(Entry.parse("7h 8h 4c Kd"), plan, Rules(players=3))
>>> scored.points, [str(card) for card in scored.unmelded]
(10, ['Kd'])
>>> score_entry(Entry.parse("7h 8h *  Kd"), plan, Rules(players=3))
Traceback (most recent call last):
...
threethirteen.scorekeeper.errors.SheetError: these rules have no jokers (jokers = 0): *
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from threethirteen.cards import Card, Pack, Suit, pack
from threethirteen.results import score_seat
from threethirteen.rules import FalseOut, Rules
from threethirteen.scorekeeper.entry import Entry, EntryKind
from threethirteen.scorekeeper.errors import SheetError
from threethirteen.scorekeeper.plan import RoundPlan
from threethirteen.scoring import card_points


@dataclass(frozen=True, slots=True)
class Scored:
    """An entry with the points it scores; for cards, the arrangement that reaches them."""

    entry: Entry
    points: int
    deadwood: int | None = None  # the least penalty of the cards, before false outs
    melds: tuple[tuple[Card, ...], ...] = ()
    unmelded: tuple[Card, ...] = ()


def pack_counts(rules: Rules) -> Counter[Card]:
    """How many copies of each card the rules' pack holds."""
    return _pack_counts(rules.deck_count, rules.jokers, rules.pack)


@cache
def _pack_counts(decks: int, jokers: int, kind: Pack) -> Counter[Card]:
    return Counter(pack(decks, jokers, kind))


def check_cards(cards: Sequence[Card], rules: Rules) -> None:
    """Refuse cards the rules' pack does not hold, or holds fewer copies of."""
    counts = pack_counts(rules)
    for card, copies in Counter(cards).items():
        have = counts[card]
        if have == 0:
            if card.is_joker:
                raise SheetError(f"these rules have no jokers (jokers = 0): {card}",
                                 "not-in-pack")
            if rules.pack is Pack.FIVE_SUIT:
                raise SheetError(f"the five-suit pack has no {card}: its five suits (c d h s "
                                 "and stars x) run 3 to K, no aces or 2s", "not-in-pack")
            if card.suit is Suit.STARS:
                raise SheetError(f"the standard pack has no stars: {card} is a card of the "
                                 "five-suit pack (rules option pack = five-suit)",
                                 "not-in-pack")
            raise SheetError(f"the pack of these rules has no {card}", "not-in-pack")
        if copies > have:
            decks = f"{rules.deck_count} deck{'s' if rules.deck_count > 1 else ''}"
            held = f"{have} joker{'s' if have > 1 else ''}" if card.is_joker else (
                f"{have} {card}")
            raise SheetError(f"{copies} times {card}, but the pack ({decks}, "
                             f"{rules.jokers} jokers) holds {held}", "too-many-copies")


def max_points(plan: RoundPlan, rules: Rules) -> int:
    """The most a hand of this round can score before false outs: every card at its
    dearest."""
    dearest = max(card_points(card, plan.wild, rules) for card in pack_counts(rules))
    return plan.deal * dearest


def score_entry(entry: Entry, plan: RoundPlan, rules: Rules) -> Scored:
    """The points ``entry`` scores in the round ``plan`` under ``rules``."""
    if entry.false_outs and rules.false_out is not FalseOut.PENALTY:
        raise SheetError("these rules refuse a false out (false_out = reject): the player "
                         "just plays on, and nothing is charged", "false-out-refused")
    if entry.kind is EntryKind.CARDS:
        check_cards(entry.cards, rules)
        if len(entry.cards) != plan.deal:
            what = "the playoff round" if plan.playoff else f"round {plan.number}"
            raise SheetError(f"{what} deals {plan.deal} cards, and a hand at the end holds "
                             f"{plan.deal}: {len(entry.cards)} given. Type every card left "
                             "in the hand, or the points", "hand-size")
        seat = score_seat(entry.cards, wild=plan.wild, rules=rules, went_out=False,
                          false_outs=entry.false_outs)
        least = seat.points - entry.false_outs * rules.false_out_penalty
        return Scored(entry, seat.points, least, seat.melds, seat.deadwood)
    if entry.kind is EntryKind.OUT:
        seat = score_seat((), wild=plan.wild, rules=rules, went_out=True,
                          false_outs=entry.false_outs)
        return Scored(entry, seat.points)
    assert entry.points is not None
    most = max_points(plan, rules)
    if entry.points > most:
        raise SheetError(f"{entry.points} points is more than a hand of {plan.deal} cards "
                         f"can cost here (at most {most})", "points-out-of-range")
    return Scored(entry, entry.points + entry.false_outs * rules.false_out_penalty,
                  entry.points)


def check_round_cards(hands: Iterable[Sequence[Card]], rules: Rules) -> None:
    """Refuse hands of one round that together need more copies than the pack holds."""
    together = Counter(card for hand in hands for card in hand)
    counts = pack_counts(rules)
    for card, copies in together.items():
        if copies > counts[card]:
            held = counts[card]
            raise SheetError(f"{card} is entered {copies} times this round, but the pack "
                             f"holds {held}", "too-many-copies")
