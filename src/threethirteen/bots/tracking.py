"""Card tracking: what a seat can deduce from its view about the cards it cannot see.

Everything here reads the public record in a ``View``: the discard pile, every pickup
from it, every discard. A player who took a card from the pile and has not thrown it
back still holds it; everything else not in sight is in the stock or in some hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from threethirteen.actions import Discard, Draw, Source
from threethirteen.cards import Card, pack
from threethirteen.view import View


@dataclass(frozen=True, slots=True)
class Tracking:
    """What one seat knows of the hidden cards at one moment."""

    unseen: Counter[Card]  # cards that may be in the stock or in another hand
    held: dict[int, Counter[Card]]  # by opponent: cards known to be in their hand

    def unseen_count(self) -> int:
        """How many cards the seat cannot see and cannot place."""
        return sum(self.unseen.values())


def track(view: View) -> Tracking:
    """The tracking of ``view``'s seat (a spectator tracks with an empty hand)."""
    seats = view.seats
    held: dict[int, Counter[Card]] = {seat: Counter() for seat in seats}
    pickups = iter(view.pickups)
    for action in view.actions:
        if isinstance(action, Draw) and action.source is Source.DISCARD:
            held[action.seat][next(pickups).card] += 1
        elif isinstance(action, Discard) and held[action.seat][action.card] > 0:
            held[action.seat][action.card] -= 1
    unseen = Counter(pack(view.rules.deck_count, view.rules.jokers, view.rules.pack))
    unseen.subtract(view.hand or ())
    unseen.subtract(view.discard_pile)
    for seat, cards in held.items():
        if seat != view.seat:
            unseen.subtract(cards)
    unseen = +unseen  # drop zero and (inconsistent) negative counts
    others = [seat for seat in seats if seat != view.seat]
    return Tracking(unseen, {seat: +held[seat] for seat in others})
