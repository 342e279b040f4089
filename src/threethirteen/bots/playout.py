"""Fast playouts: the rest of a round on a table of known cards, every seat greedy.

``Table`` is a bare copy of one round (hands, stock, pile, whose turn, who is out), made
from a view and one sampled ``Deal``; it follows the engine's turn rules (RULES.md, "A
round": final turns, the stock running out, ``first_turn_out``) without its checks or
records. ``play_out`` plays it with the ``greedy`` policy for every seat (take the top
card when it lowers the penalty, go out when possible, else throw the card whose loss
leaves the least penalty), using the solver caches of ``bots.greedy``. It is made cheap
by one shortcut: a card that cannot meld with a hand (not wild, no card of its rank nor
of its suit within reach) leaves the hand's best arrangement standing, so the hand's
penalty and unmelded cards are updated without the solver, and a hand more than two
unmelded cards from going out throws its dearest unmelded card. It returns each
seat's penalty: 0 plus ``out_bonus`` for the seat that went out, its least deadwood for
the others. After ``limit`` turns the playout stops and every hand is scored as it
stands (a cut-off: the penalty each seat holds then).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from threethirteen.actions import Discard, Source
from threethirteen.bots.evaluate import _close
from threethirteen.bots.greedy import best_discard, penalty_now
from threethirteen.bots.sampling import Deal
from threethirteen.cards import Card, Rank
from threethirteen.outs import go_out_cards
from threethirteen.rules import Rules, StockEmpty
from threethirteen.scoring import card_points
from threethirteen.solver import arrange
from threethirteen.view import Phase, View


@dataclass(slots=True)
class Table:
    """The mutable state of one round in a playout."""

    rules: Rules
    wild: Rank | None  # None: only jokers are wild
    order: tuple[int, ...]  # the seats playing, in turn order (seat order)
    hands: dict[int, list[Card]]
    stock: list[Card]  # top last
    pile: list[Card]  # top last
    turn: int  # index into ``order``
    drawn: bool  # the seat to act has drawn and must discard
    out: int | None
    finals_left: int
    turns_taken: dict[int, int]
    reshuffled: bool
    # by seat: (least penalty, unmelded cards of a best arrangement) of its hand, if known
    info: dict[int, tuple[int, list[Card]] | None] = field(default_factory=dict)
    over: bool = False  # the round has ended

    @classmethod
    def from_view(cls, view: View, deal: Deal) -> Table:
        """The round of ``view`` with the hidden cards of ``deal``."""
        assert view.seat is not None and view.hand is not None and view.turn is not None
        hands = {seat: list(cards) for seat, cards in deal.hands.items()}
        hands[view.seat] = list(view.hand)
        taken = dict.fromkeys(view.seats, 0)
        for action in view.actions:
            if isinstance(action, Discard):
                taken[action.seat] = taken.get(action.seat, 0) + 1
        return cls(
            rules=view.rules, wild=view.wild, order=view.seats, hands=hands,
            stock=list(deal.stock), pile=list(view.discard_pile),
            turn=view.seats.index(view.turn), drawn=view.phase is Phase.DISCARD,
            out=view.out, finals_left=view.final_turns_left, turns_taken=taken,
            reshuffled=view.reshuffled,
        )

    def copy(self) -> Table:
        """An independent copy (cards are shared; they are immutable)."""
        return Table(
            self.rules, self.wild, self.order,
            {seat: list(hand) for seat, hand in self.hands.items()}, list(self.stock),
            list(self.pile), self.turn, self.drawn, self.out, self.finals_left,
            dict(self.turns_taken), self.reshuffled, dict(self.info), self.over,
        )

    def prime(self) -> None:
        """Arrange every hand now, so that copies share the work."""
        for seat in self.hands:
            self._info(seat)

    # -- one turn ------------------------------------------------------------------

    def _info(self, seat: int) -> tuple[int, list[Card]]:
        """(least penalty, unmelded cards of one best arrangement) of ``seat``'s hand."""
        found = self.info.get(seat)
        if found is None:
            arranged = arrange(self.hands[seat], wild=self.wild, rules=self.rules)
            found = self.info[seat] = (arranged.deadwood, list(arranged.unmelded))
        return found

    def _related(self, card: Card, hand: list[Card]) -> bool:
        """False when ``card`` cannot meld with any cards of ``hand`` (then the hand's
        best arrangement stands, ``card`` unmelded beside it)."""
        wild = self.wild
        if card.rank is None or card.rank == wild:
            return True
        wilds = sum(1 for other in hand if other.rank is None or other.rank == wild)
        if wilds >= 2:
            return True
        reach, ace = 2 + wilds, self.rules.ace
        return any(_close(card, other, reach, ace) for other in hand
                   if other.rank is not None and other.rank != wild)

    def _points(self, card: Card) -> int:
        return card_points(card, self.wild, self.rules)

    def greedy_source(self) -> Source:
        """Greedy's draw: the top card when it lowers the least penalty after a discard."""
        if not self.pile:
            return Source.STOCK
        if not self.stock:
            return Source.DISCARD
        seat = self.order[self.turn]
        hand, top = self.hands[seat], self.pile[-1]
        now, loose = self._info(seat)
        if self._related(top, hand):
            after, _ = best_discard([*hand, top], self.wild, self.rules)
            return Source.DISCARD if after < now else Source.STOCK
        dearest = max((self._points(card) for card in loose), default=0)
        return Source.DISCARD if dearest > self._points(top) else Source.STOCK

    def draw(self, source: Source) -> None:
        """The seat to act draws from ``source`` (the stock when the pile is empty) and
        notes its hand's arrangement when the card cannot meld with it."""
        seat = self.order[self.turn]
        hand = self.hands[seat]
        card = self.pile.pop() if source is Source.DISCARD and self.pile else self.stock.pop()
        if self._related(card, hand):
            self.info[seat] = None
        else:
            penalty, loose = self._info(seat)
            self.info[seat] = (penalty + self._points(card), [*loose, card])
        hand.append(card)
        self.drawn = True

    def may_go_out(self) -> bool:
        """The seat to act may announce going out (nobody is out, first turn allowed)."""
        seat = self.order[self.turn]
        return self.out is None and (self.rules.first_turn_out or self.turns_taken[seat] > 0)

    def greedy_discard(self) -> tuple[Card, bool]:
        """Greedy's discard: going out with the dearest card that allows it, else the card
        whose loss leaves the least penalty (the dearest unmelded card, when the card
        drawn could not meld)."""
        seat = self.order[self.turn]
        hand = self.hands[seat]
        known = self.info.get(seat)
        if known is not None and len(known[1]) > 2:  # far from out: throw the dearest
            return max(known[1], key=lambda c: (self._points(c), c.code)), False
        left, card = best_discard(hand, self.wild, self.rules)
        if left == 0 and self.may_go_out():
            goers = go_out_cards(hand, wild=self.wild, rules=self.rules)
            if goers:
                return max(goers, key=lambda c: (self._points(c), c.code)), True
        return card, False

    def discard(self, card: Card, out: bool, rng: random.Random) -> bool:
        """The seat to act throws ``card`` (going out when ``out``, which must be true);
        then the turn passes. False once the round is over."""
        seat = self.order[self.turn]
        known = self.info.get(seat)
        if known is not None and card in known[1]:  # an unmelded card: the rest stands
            rest = list(known[1])
            rest.remove(card)
            self.info[seat] = (known[0] - self._points(card), rest)
        else:
            self.info[seat] = None
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.turns_taken[seat] += 1
        self.drawn = False
        if out:
            self.out = seat
            self.finals_left = len(self.order) - 1 if self.rules.final_turns else 0
        elif self.out is not None:
            self.finals_left -= 1
        if self.out is not None and self.finals_left <= 0:
            self.over = True
            return False
        if not self.stock:
            if (self.rules.stock_empty is StockEmpty.RESHUFFLE and not self.reshuffled
                    and len(self.pile) >= 2):
                under = self.pile[:-1]
                rng.shuffle(under)
                self.stock, self.pile, self.reshuffled = under, self.pile[-1:], True
            else:
                self.over = True
                return False
        self.turn = (self.turn + 1) % len(self.order)
        return True

    # -- the round's end -------------------------------------------------------------

    def penalties(self) -> dict[int, int]:
        """Each seat's penalty if the round ended now."""
        penalties = {}
        for seat, hand in self.hands.items():
            known = self.info.get(seat)
            if seat == self.out:
                penalties[seat] = self.rules.out_bonus
            elif known is not None:
                penalties[seat] = known[0]
            else:
                penalties[seat] = penalty_now(hand, self.wild, self.rules)
        return penalties


class Policy(Protocol):
    """Another policy for one seat's turns (``bots.ownplay``)."""

    seat: int

    def source(self, table: Table, rng: random.Random) -> Source: ...
    def discard(self, table: Table) -> tuple[Card, bool]: ...


def play_out(table: Table, rng: random.Random, limit: int,
             own: Policy | None = None) -> dict[int, int]:
    """Play ``table`` on, every seat greedy (``own.seat`` by ``own``), for at most
    ``limit`` more turns (a turn in progress counts as one); each seat's penalty at the
    end or at the cut-off."""
    turns = 0
    while turns < limit:
        mine = own is not None and table.order[table.turn] == own.seat
        if not table.drawn:
            if not table.stock and not table.pile:
                break
            table.draw(own.source(table, rng) if own is not None and mine
                       else table.greedy_source())
        card, out = (own.discard(table) if own is not None and mine
                     else table.greedy_discard())
        turns += 1
        if not table.discard(card, out, rng):
            break
    return table.penalties()


def mean_others(penalties: dict[int, int], seat: int) -> float:
    """The mean penalty of the seats other than ``seat``."""
    others = [points for other, points in penalties.items() if other != seat]
    return sum(others) / len(others) if others else 0.0


def difference(penalties: dict[int, int], seat: int) -> float:
    """``seat``'s penalty minus the mean of the other seats' (lower is better for it)."""
    return penalties[seat] - mean_others(penalties, seat)
