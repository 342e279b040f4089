"""The searching seat's own turns in a playout, played by the evaluator (``bots.evaluate``)
instead of greedy, and its hand valued by the evaluator when a playout is cut off.

One ``OwnPolicy`` serves a whole decision: its ``Evaluator`` is built once from the
seat's view (the cards it cannot see then), so the hands it values are memoised across
every sampled deal and candidate. The chance that the round ends before the seat plays
again is read from the playout's table: 1 once someone is out or the last stock is
nearly drawn, else from the turns each opponent has taken (``bots.ending``), weighed by
the scores as ``expert`` does.
"""

from __future__ import annotations

import random

from threethirteen.actions import Source
from threethirteen.bots.ending import ending_chance, hazard, score_adjusted
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.playout import Table
from threethirteen.bots.tracking import track
from threethirteen.cards import Card
from threethirteen.outs import go_out_cards
from threethirteen.rules import StockEmpty
from threethirteen.view import View


class OwnPolicy:
    """The evaluator's draws and discards for ``view``'s seat on a playout table."""

    def __init__(self, view: View, *, samples: int = 0, candidates: int = 2,
                 horizon: float = 0.7) -> None:
        assert view.seat is not None
        self.seat = view.seat
        self.view = view
        self.samples = samples
        self.candidates = candidates
        self.evaluator = Evaluator(view.wild, view.rules, track(view).unseen, horizon=horizon)

    def ending(self, table: Table) -> float:
        """The chance that the round ends before the seat's next turn, on ``table``."""
        if table.out is not None:
            return 1.0
        last_stock = table.rules.stock_empty is StockEmpty.END_ROUND or table.reshuffled
        if last_stock and len(table.stock) < len(table.order):
            return 1.0
        chance = ending_chance(
            hazard(round_number=self.view.round_number, turns=table.turns_taken[seat], held=0)
            for seat in table.order if seat != self.seat)
        return score_adjusted(self.view, chance)

    def source(self, table: Table, rng: random.Random) -> Source:
        """Take the top card when the evaluator values it above a draw from the stock.

        With ``samples`` 0 the comparison is one draw deep and cheap: the least penalty
        kept after taking the top card against the expected one after a draw from the
        stock (``Evaluator.lookahead``, already known for a hand the seat chose to keep).
        """
        if not table.pile:
            return Source.STOCK
        if not table.stock:
            return Source.DISCARD
        hand = table.hands[self.seat]
        if not self.samples:
            kept = self.evaluator.after_draw(hand, table.pile[-1])
            return Source.DISCARD if kept < self.evaluator.lookahead(hand) else Source.STOCK
        ending = self.ending(table)
        top = self.evaluator.best_keep([*hand, table.pile[-1]], ending,
                                       candidates=self.candidates)
        stock = self.evaluator.stock_value(hand, ending, rng, samples=self.samples,
                                           candidates=self.candidates)
        return Source.DISCARD if top < stock else Source.STOCK

    def discard(self, table: Table) -> tuple[Card, bool]:
        """Go out with the dearest card that allows it, else the evaluator's best discard."""
        hand = table.hands[self.seat]
        if table.may_go_out():
            goers = go_out_cards(hand, wild=table.wild, rules=table.rules)
            if goers:
                return max(goers, key=lambda c: (self.evaluator.points(c), c.code)), True
        ending = self.ending(table)
        ranked = self.evaluator.ranked(hand)[: self.candidates]
        return min(((self.evaluator.value(without(hand, card), ending), index, card)
                    for index, (_, card) in enumerate(ranked)))[2], False

    def leaf(self, table: Table) -> float:
        """The seat's expected penalty at the round's end from where ``table`` stands."""
        if table.over or table.out is not None or table.drawn:
            return float(table.penalties()[self.seat])
        return self.evaluator.value(table.hands[self.seat], self.ending(table))
