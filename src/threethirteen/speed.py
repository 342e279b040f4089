"""Speed mode ("3-13 Speed", RULES.md "Speed"): every seat at once, in calls.

A round is a series of *calls*. At "draw!" every seat chooses, in any order, to take the
top of the stock (``Draw(seat, Source.STOCK)``) or the top of the pile on its right
(``Draw(seat, Source.DISCARD)``: the pile of the seat before it). When every seat has
chosen, the draws are resolved at once: stock draws in seat order from the stock's top.
At "discard!" every seat puts one card on its own pile (``Discard``, with ``out=True`` to
announce going out). When every seat has discarded, the call is over; the round ends
after a call in which someone went out, or one whose draws the stock could not all
serve. ``tick()`` is the caller's timeout: every seat still to act draws from the stock,
or throws the card it just drew.

The order of actions within a step never matters: the same choices give the same game.

>>> game = SpeedGame(Rules(mode="speed", players=3, rounds=1), seed=2)
>>> game.phase, game.waiting, [str(a) for a in game.legal_actions(0)]
(<Phase.DRAW: 'draw'>, (0, 1, 2), ['0: draw stock', '0: draw discard'])
>>> game.apply(parse_action("2: draw discard"))
>>> [str(action) for action in game.tick()]
['0: draw stock', '1: draw stock']
>>> game.phase, len(game.hands[2])
(<Phase.DISCARD: 'discard'>, 4)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from threethirteen.actions import Action, Discard, Draw, Source, parse_action, problem
from threethirteen.cards import Card, Rank
from threethirteen.dealer import Deal, Dealer
from threethirteen.errors import IllegalAction, RecordError, RulesError
from threethirteen.gamebase import GameBase, refuse
from threethirteen.outs import go_out_cards
from threethirteen.results import SITTING_OUT, End, RoundResult, score_seat
from threethirteen.rules import FalseOut, Mode, Rules
from threethirteen.scoring import wild_json
from threethirteen.view import Phase

__all__ = ["Call", "SpeedGame", "SpeedRound", "SpeedView", "parse_action"]


@dataclass(frozen=True, slots=True)
class CallDraw:
    """One seat's draw in a call: where from, the card, and whether the caller chose."""

    seat: int
    source: Source
    card: Card
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class CallDiscard:
    """One seat's discard in a call (``out``: it went out; ``false_out``: a false claim)."""

    seat: int
    card: Card
    out: bool = False
    false_out: bool = False
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """A finished or running call: every seat's draw, then every seat's discard."""

    draws: tuple[CallDraw, ...]
    discards: tuple[CallDiscard, ...]


@dataclass
class SpeedRound:
    """The table of one speed round (a record's round: deal, piles, calls, result)."""

    number: int
    wild: Rank | None
    dealer: int
    playoff: bool
    seats: tuple[int, ...]  # the seats playing, in seat order
    deal: Deal  # its stock is what is left once the piles are turned, top first
    piles_dealt: tuple[Card | None, ...]  # by seat: the card that started its pile
    hands: list[list[Card]]
    stock: list[Card]  # top last
    piles: list[list[Card]]  # by seat, top last
    phase: Phase = Phase.DRAW
    last_call: bool = False  # the stock cannot serve every draw of this call
    chosen: dict[int, tuple[Source, bool]] = field(default_factory=dict)  # draws chosen
    drawn: dict[int, CallDraw] = field(default_factory=dict)  # draws resolved, this call
    discarded: dict[int, CallDiscard] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    outs: list[int] = field(default_factory=list)
    false_outs: list[int] = field(default_factory=list)
    result: RoundResult | None = None


@dataclass(frozen=True, kw_only=True)
class SpeedView:
    """What one seat may know in speed mode: its hand; every pile (public: its cards in
    order, top last), what each seat drew from a pile, the stock's size, who has still
    to act; never another hand nor a card drawn from the stock by someone else."""

    seat: int | None
    rules: Rules
    players: tuple[str, ...]
    round_number: int
    playoff: bool
    seats: tuple[int, ...]
    wild: Rank | None
    dealer: int
    phase: Phase
    call: int  # 1 for the first call of the round
    last_call: bool
    waiting: tuple[int, ...]  # seats still to act in this step
    hand: tuple[Card, ...] | None
    drawn: Card | None  # the card this seat drew in this call, once resolved
    hand_sizes: tuple[int, ...]
    stock_size: int
    piles: tuple[tuple[Card, ...], ...]  # by seat, top last
    pile_draws: tuple[tuple[int, Card], ...]  # this round: (seat, card) taken from piles
    outs: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    winners: tuple[int, ...] | None
    legal: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data."""
        def cards(items: Sequence[Card]) -> list[str]:
            return [str(card) for card in items]

        return {
            "mode": "speed", "seat": self.seat, "rules": self.rules.to_json(),
            "players": list(self.players), "round": self.round_number,
            "playoff": self.playoff, "seats": list(self.seats), "wild": wild_json(self.wild),
            "dealer": self.dealer, "phase": self.phase.value, "call": self.call,
            "last_call": self.last_call, "waiting": list(self.waiting),
            "hand": None if self.hand is None else cards(self.hand),
            "drawn": None if self.drawn is None else str(self.drawn),
            "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
            "piles": [cards(pile) for pile in self.piles],
            "pile_draws": [{"seat": seat, "card": str(card)} for seat, card in self.pile_draws],
            "outs": list(self.outs), "totals": list(self.totals),
            "results": [result.to_json() for result in self.results],
            "winners": None if self.winners is None else list(self.winners),
            "legal": [str(action) for action in self.legal],
        }


class SpeedGame(GameBase[SpeedRound]):
    """A whole game in speed mode, from the first deal to the winners.

    As ``GameState``: ``legal_actions(seat)``, ``check(action)`` (raises
    ``IllegalAction`` with a ``reason``), ``apply(action)``, ``view(seat)``; plus
    ``waiting`` (the seats still to act) and ``tick()`` (the caller's timeout).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self._seat((rules if rules is not None else Rules(mode=Mode.SPEED)).resolved(), seed,
                   names, dealer)
        if self._rules.mode is not Mode.SPEED:
            raise RulesError("SpeedGame plays 'mode': 'speed'; use GameState for turns",
                             "mode")
        self._timeouts: list[int] = []  # indexes in history of the actions the caller made
        self._start_round(1, tuple(range(self._rules.players)), playoff=False)

    # -- read-only facts -----------------------------------------------------------

    @property
    def call(self) -> int:
        """The call in play, 1 for a round's first."""
        return len(self._round.calls) + 1

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to act in this step, in seat order."""
        if self.is_over:
            return ()
        r = self._round
        done = r.chosen if r.phase is Phase.DRAW else r.discarded
        return tuple(seat for seat in r.seats if seat not in done)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's pile, top last."""
        return tuple(tuple(pile) for pile in self._round.piles)

    def rounds(self) -> tuple[SpeedRound, ...]:
        """Every round dealt so far (copies), the one in play last."""
        return tuple(copy.deepcopy(self._rounds))

    def _key(self) -> tuple[object, ...]:
        """The same rules, names, seed, deals, calls and scores."""
        # not the history: the order of actions within a step does not change the game
        return (self._rules, self._names, self._seed, self._first_dealer, self._totals,
                self._winners, self._rounds)

    # -- legality --------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``check`` accepts from ``seat`` now, in a fixed order."""
        if seat not in self.waiting:
            return []
        r = self._round
        if r.phase is Phase.DRAW:
            return [Draw(seat, Source.STOCK), Draw(seat, Source.DISCARD)]
        cards = sorted(set(r.hands[seat]), key=Card.sort_key)
        actions: list[Action] = [Discard(seat, card) for card in cards]
        if self._may_announce():
            outs = go_out_cards(r.hands[seat], wild=r.wild, rules=self._rules)
            goers = cards if self._rules.false_out is FalseOut.PENALTY else [
                card for card in cards if card in outs]
            actions += [Discard(seat, card, out=True) for card in goers]
        return actions

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` unless ``action`` may be applied now."""
        why = problem(action)
        if why is not None:
            reason = "bad-action" if type(action) in (Draw, Discard) else "not-an-action"
            raise IllegalAction(f"illegal action: {why}", reason, action)
        if self.is_over:
            refuse(action, "game-over", "the game is over")
        r = self._round
        if not 0 <= action.seat < len(self._names):
            refuse(action, "no-such-seat", f"there is no seat {action.seat}")
        if action.seat not in r.seats:
            refuse(action, "not-playing", f"seat {action.seat} sits this round out")
        if isinstance(action, Draw):
            if r.phase is Phase.DISCARD:
                refuse(action, "must-discard", "the call is 'discard!'")
            if action.seat in r.chosen:
                refuse(action, "already-acted", "you have drawn in this call")
            return
        if r.phase is Phase.DRAW:
            refuse(action, "must-draw-first", "the call is 'draw!'")
        if action.seat in r.discarded:
            refuse(action, "already-acted", "you have discarded in this call")
        if action.card not in r.hands[action.seat]:
            refuse(action, "card-not-in-hand", f"{action.card} is not in your hand")
        if action.out:
            if not self._may_announce():
                refuse(action, "first-turn-out-forbidden", "no going out on the first call")
            if self._rules.false_out is FalseOut.REJECT and not self._goes_out(action):
                refuse(action, "cannot-go-out", f"without {action.card} your hand does not meld")

    def apply(self, action: Action, *, timeout: bool = False) -> None:
        """Check ``action``, then play it; a step ends once every seat has acted."""
        self.check(action)
        r = self._round
        if timeout:
            self._timeouts.append(len(self._history))
        self._history.append(action)
        if isinstance(action, Draw):
            r.chosen[action.seat] = (action.source, timeout)
            if len(r.chosen) == len(r.seats):
                self._resolve_draws()
            return
        went_out = action.out and self._goes_out(action)
        false_out = action.out and not went_out
        r.hands[action.seat].remove(action.card)
        r.piles[action.seat].append(action.card)
        r.discarded[action.seat] = CallDiscard(action.seat, action.card, went_out, false_out,
                                               timeout)
        r.false_outs[action.seat] += false_out
        if went_out:
            r.outs.append(action.seat)
            r.outs.sort()  # in seat order, whatever the order of the discards
        if len(r.discarded) == len(r.seats):
            self._end_call()

    def tick(self) -> list[Action]:
        """The caller's timeout: each seat still to act draws from the stock, or throws the
        card it just drew. Returns the actions made, in seat order."""
        if self.is_over:
            return []
        r = self._round
        made: list[Action] = []
        for seat in self.waiting:
            if r.phase is Phase.DRAW:
                action: Action = Draw(seat, Source.STOCK)
            else:
                action = Discard(seat, r.drawn[seat].card)
            made.append(action)
            self.apply(action, timeout=True)
        return made

    def is_timeout(self, index: int) -> bool:
        """True when ``history[index]`` was the caller's default, not the seat's choice."""
        return index in self._timeouts

    def view(self, seat: int | None) -> SpeedView:
        """What ``seat`` may know now; ``None`` gives a spectator's view (no hand)."""
        if seat is not None and not 0 <= seat < len(self._names):
            raise ValueError(f"there is no seat {seat} in a {len(self._names)}-player game")
        r = self._round
        drawn = r.drawn.get(seat) if seat is not None else None
        pile_draws = tuple((d.seat, d.card) for call in r.calls for d in call.draws
                           if d.source is Source.DISCARD)
        pile_draws += tuple((d.seat, d.card) for d in r.drawn.values()
                            if d.source is Source.DISCARD)
        return SpeedView(
            seat=seat, rules=self._rules, players=self._names, round_number=r.number,
            playoff=r.playoff, seats=r.seats, wild=r.wild, dealer=r.dealer, phase=r.phase,
            call=self.call, last_call=r.last_call, waiting=self.waiting,
            hand=None if seat is None else tuple(r.hands[seat]),
            drawn=None if drawn is None else drawn.card,
            hand_sizes=tuple(map(len, r.hands)), stock_size=len(r.stock),
            piles=tuple(tuple(pile) for pile in r.piles), pile_draws=pile_draws,
            outs=tuple(r.outs), totals=self.totals,
            results=tuple(done.result for done in self._rounds if done.result is not None),
            winners=self._winners,
            legal=() if seat is None else tuple(self.legal_actions(seat)),
        )

    # -- the flow of play ----------------------------------------------------------

    def _may_announce(self) -> bool:
        return self._rules.first_turn_out or len(self._round.calls) > 0

    def _goes_out(self, action: Discard) -> bool:
        r = self._round
        return action.card in go_out_cards(r.hands[action.seat], wild=r.wild, rules=self._rules)

    def right_of(self, seat: int) -> int:
        """The playing seat on ``seat``'s right (the one before it): its pile is the one
        ``seat`` may draw from."""
        seats = self._round.seats
        return seats[seats.index(seat) - 1]

    def _start_round(self, number: int, seats: tuple[int, ...], *, playoff: bool) -> None:
        d = self._deal_round(number, seats, playoff=playoff, upcard=False)
        deal, players = d.deal, len(self._names)
        if deal.upcard is not None or len(deal.stock) <= len(d.order):
            raise RecordError("a speed deal has no upcard and a stock for every pile",
                              f"round {number} deal")
        self._check_pack(deal, number)
        stock = list(deal.stock)
        piles_dealt: list[Card | None] = [None] * players
        for seat in d.order:  # each seat turns one card from the stock to start its pile
            piles_dealt[seat] = stock.pop(0)
        self._rounds.append(SpeedRound(
            number=number, wild=d.wild, dealer=d.dealer, playoff=playoff,
            seats=tuple(sorted(seats)), deal=Deal(deal.hands, None, tuple(stock)),
            piles_dealt=tuple(piles_dealt), hands=[list(hand) for hand in deal.hands],
            stock=list(reversed(stock)),
            piles=[[] if card is None else [card] for card in piles_dealt],
            false_outs=[0] * players,
        ))
        self._round.last_call = len(self._round.stock) < len(seats)

    def _resolve_draws(self) -> None:
        """Every seat has chosen: stock draws in seat order from the top (while the stock
        lasts; the rest take their pile), pile draws from the pile on the right."""
        r = self._round
        for seat in r.seats:
            source, timeout = r.chosen[seat]
            if source is Source.STOCK and not r.stock:
                source = Source.DISCARD  # the last call: the stock ran short
            card = r.stock.pop() if source is Source.STOCK else r.piles[
                self.right_of(seat)].pop()
            r.hands[seat].append(card)
            r.drawn[seat] = CallDraw(seat, source, card, timeout)
        r.phase = Phase.DISCARD

    def _end_call(self) -> None:
        r = self._round
        r.calls.append(Call(tuple(r.drawn[seat] for seat in r.seats),
                            tuple(r.discarded[seat] for seat in r.seats)))
        r.chosen, r.drawn, r.discarded = {}, {}, {}
        r.phase = Phase.DRAW
        if r.outs or r.last_call:
            self._end_round()
        else:
            r.last_call = len(r.stock) < len(r.seats)

    def _end_round(self) -> None:
        r = self._round
        results = tuple(
            score_seat(r.hands[seat], wild=r.wild, rules=self._rules, went_out=seat in r.outs,
                       false_outs=r.false_outs[seat]) if seat in r.seats else SITTING_OUT
            for seat in range(len(self._names))
        )
        end = End.OUT if r.outs else End.STOCK_EMPTY
        r.result = RoundResult(r.number, r.wild, r.dealer, end, min(r.outs, default=None),
                               results, r.playoff, outs=tuple(r.outs))
        self._score_round(results, number=r.number, seats=r.seats, playoff=r.playoff)
