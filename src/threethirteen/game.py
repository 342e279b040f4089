"""The game engine: one state machine for a whole game of Three-Thirteen.

There is one path to legality: ``legal_actions()`` lists what the seat to act may do,
``check(action)`` raises ``IllegalAction`` with a machine-readable ``reason``, and
``apply(action)`` checks, then plays. Chance comes only from the dealer.

>>> state = GameState(Rules(players=2, rounds=1), seed=3)
>>> state.round_number, state.wild, state.dealer, state.turn, state.phase
(1, <Rank.THREE: 3>, 0, 1, <Phase.DRAW: 'draw'>)
>>> [str(action) for action in state.legal_actions()]
['1: draw stock', '1: draw discard']
>>> state.apply(parse_action("1: draw stock"))
>>> state.check(parse_action("0: draw stock"))
Traceback (most recent call last):
...
threethirteen.errors.IllegalAction: illegal action '0: draw stock': it is seat 1's turn
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from threethirteen.actions import Action, Discard, Draw, Source, parse_action, problem
from threethirteen.cards import Card, Rank
from threethirteen.dealer import Deal, Dealer
from threethirteen.errors import IllegalAction, RecordError, RulesError
from threethirteen.gamebase import GameBase, refuse
from threethirteen.outs import go_out_cards
from threethirteen.results import (
    SITTING_OUT,
    End,
    RoundResult,
    score_seat,
)
from threethirteen.rules import FalseOut, Mode, Rules, StockEmpty
from threethirteen.view import Phase, Pickup, View

__all__ = ["GameState", "Phase", "RoundLog", "TurnLog", "parse_action"]


@dataclass(frozen=True, slots=True)
class TurnLog:
    """One turn as it happened, hidden cards included (a record's ``turns`` entry)."""

    seat: int
    reshuffle: tuple[Card, ...] | None = None  # the new stock, top first
    draw: Source | None = None
    card: Card | None = None  # the card drawn
    discard: Card | None = None
    out: bool = False
    false_out: bool = False


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round as it happened: the deal, the turns and, once over, the result."""

    number: int
    wild: Rank | None
    dealer: int
    playoff: bool
    seats: tuple[int, ...]
    deal: Deal
    turns: tuple[TurnLog, ...]
    result: RoundResult | None


@dataclass
class _Round:
    """The mutable table of the round in play."""

    number: int
    wild: Rank | None
    dealer: int
    playoff: bool
    seats: tuple[int, ...]  # the seats playing, in seat order
    deal: Deal
    hands: list[list[Card]]
    stock: list[Card]  # top last
    pile: list[Card]  # top last
    turn: int
    phase: Phase = Phase.DRAW
    out: int | None = None
    finals_left: int = 0
    reshuffled: bool = False
    turns_taken: list[int] = field(default_factory=list)
    false_outs: list[int] = field(default_factory=list)
    turns: list[TurnLog] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    pickups: list[Pickup] = field(default_factory=list)
    result: RoundResult | None = None


class GameState(GameBase[_Round]):
    """A whole game, from the first deal to the winners.

    ``rules`` default to ``Rules()``; ``decks`` is resolved to a number. ``names`` label the
    seats (seat 0 first). Chance comes from ``dealer``, by default ``SeededDealer(seed)``.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self._seat((rules if rules is not None else Rules()).resolved(), seed, names, dealer)
        if self._rules.mode is Mode.SPEED:
            raise RulesError("speed mode ('mode': 'speed') is played by SpeedGame "
                             "(threethirteen.speed); GameState plays 'turns' only", "mode")
        self._outs: frozenset[Card] | None = None
        self._start_round(1, tuple(range(self._rules.players)), playoff=False)

    # -- read-only facts -----------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to act, None once the game is over."""
        return None if self.is_over else self._round.turn

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, top last."""
        return tuple(self._round.pile)

    def round_logs(self) -> tuple[RoundLog, ...]:
        """Every round dealt so far, the one in play last (its result None until it ends)."""
        return tuple(
            RoundLog(r.number, r.wild, r.dealer, r.playoff, r.seats, r.deal, tuple(r.turns),
                     r.result)
            for r in self._rounds
        )

    def _key(self) -> tuple[object, ...]:
        return (self._rules, self._names, self._seed, self._dealer, self._first_dealer,
                self._totals, self._winners, self._history, self._rounds)

    # -- legality --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action ``check`` accepts now, in a fixed order."""
        if self.is_over:
            return []
        r = self._round
        seat = r.turn
        if r.phase is Phase.DRAW:
            draws: list[Action] = [Draw(seat, Source.STOCK)]
            return draws + ([Draw(seat, Source.DISCARD)] if r.pile else [])
        cards = sorted(set(r.hands[seat]), key=Card.sort_key)
        actions: list[Action] = [Discard(seat, card) for card in cards]
        if self._may_announce(seat):
            goers = cards if self._rules.false_out is FalseOut.PENALTY else [
                card for card in cards if card in self._go_out_cards()
            ]
            actions += [Discard(seat, card, out=True) for card in goers]
        return actions

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` unless ``action`` may be applied now."""
        why = problem(action)
        if why is not None:  # a plugin may hand over anything: nothing else is read of it
            reason = "bad-action" if type(action) in (Draw, Discard) else "not-an-action"
            raise IllegalAction(f"illegal action: {why}", reason, action)
        if self.is_over:
            refuse(action, "game-over", "the game is over")
        r = self._round
        if not 0 <= action.seat < len(self._names):
            refuse(action, "no-such-seat", f"there is no seat {action.seat}")
        if action.seat != r.turn:
            refuse(action, "not-your-turn", f"it is seat {r.turn}'s turn")
        if isinstance(action, Draw):
            if r.phase is Phase.DISCARD:
                refuse(action, "must-discard", "you have drawn; now discard")
            if action.source is Source.DISCARD and not r.pile:
                refuse(action, "discard-pile-empty", "the discard pile is empty")
            return
        if r.phase is Phase.DRAW:
            refuse(action, "must-draw-first", "draw before you discard")
        if action.card not in r.hands[action.seat]:
            refuse(action, "card-not-in-hand", f"{action.card} is not in your hand")
        if action.out:
            if r.out is not None:
                refuse(action, "already-out", f"seat {r.out} has already gone out")
            if not self._may_announce(action.seat):
                refuse(action, "first-turn-out-forbidden", "no going out on your first turn")
            if self._rules.false_out is FalseOut.REJECT and action.card not in self._go_out_cards():
                refuse(action, "cannot-go-out", f"without {action.card} your hand does not meld")

    def apply(self, action: Action) -> None:
        """Check ``action``, then play it (dealing and scoring as the rules say)."""
        self.check(action)
        r = self._round
        self._history.append(action)
        r.actions.append(action)
        if isinstance(action, Draw):
            card = r.stock.pop() if action.source is Source.STOCK else r.pile.pop()
            if action.source is Source.DISCARD:
                r.pickups.append(Pickup(action.seat, card))
            r.hands[action.seat].append(card)
            r.turns[-1] = replace(r.turns[-1], draw=action.source, card=card)
            r.phase = Phase.DISCARD
            self._outs = None
            return
        went_out = action.out and action.card in self._go_out_cards()
        self._outs = None
        r.hands[action.seat].remove(action.card)
        r.pile.append(action.card)
        r.turns_taken[action.seat] += 1
        false_out = action.out and not went_out
        r.false_outs[action.seat] += false_out
        r.turns[-1] = replace(r.turns[-1], discard=action.card, out=went_out, false_out=false_out)
        self._after_discard(action.seat, went_out)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now; ``None`` gives a spectator's view (no hand)."""
        if seat is not None and not 0 <= seat < len(self._names):
            raise ValueError(f"there is no seat {seat} in a {len(self._names)}-player game")
        r = self._round
        turn = self.turn
        # Built without the frozen dataclass's __init__ (one object.__setattr__ per field):
        # views are the engine's hottest product. The fields are View's, all of them.
        view: View = object.__new__(View)
        view.__dict__.update(
            seat=seat, rules=self._rules, players=self._names, round_number=r.number,
            playoff=r.playoff, seats=r.seats, wild=r.wild, dealer=r.dealer, phase=r.phase,
            turn=turn, hand=None if seat is None else tuple(r.hands[seat]),
            hand_sizes=tuple(map(len, r.hands)), stock_size=len(r.stock),
            discard_pile=tuple(r.pile), pickups=tuple(r.pickups), actions=tuple(r.actions),
            reshuffled=r.reshuffled, out=r.out, final_turns_left=r.finals_left,
            false_outs=tuple(r.false_outs), totals=self.totals,
            results=tuple(done.result for done in self._rounds if done.result is not None),
            winners=self._winners,
            legal=tuple(self.legal_actions()) if seat is not None and seat == turn else (),
        )
        return view

    # -- the flow of play ----------------------------------------------------------

    def _may_announce(self, seat: int) -> bool:
        r = self._round
        return r.out is None and (self._rules.first_turn_out or r.turns_taken[seat] > 0)

    def _go_out_cards(self) -> frozenset[Card]:
        """The discards that leave the acting seat's hand fully melded (cached per turn)."""
        if self._outs is None:
            r = self._round
            self._outs = frozenset(go_out_cards(r.hands[r.turn], wild=r.wild, rules=self._rules))
        return self._outs

    def _start_round(self, number: int, seats: tuple[int, ...], *, playoff: bool) -> None:
        d = self._deal_round(number, seats, playoff=playoff, upcard=self._rules.upcard)
        deal, players = d.deal, len(self._names)
        if (deal.upcard is not None) != self._rules.upcard:
            raise RecordError("an upcard is turned exactly when the rules say 'upcard'",
                              f"round {number} deal")
        self._check_pack(deal, number)
        self._rounds.append(_Round(
            number=number, wild=d.wild, dealer=d.dealer, playoff=playoff,
            seats=tuple(sorted(seats)), deal=deal, hands=[list(hand) for hand in deal.hands],
            stock=list(reversed(deal.stock)), pile=[] if deal.upcard is None else [deal.upcard],
            turn=d.order[0], turns_taken=[0] * players, false_outs=[0] * players,
            turns=[TurnLog(d.order[0])],
        ))

    def _after_discard(self, seat: int, went_out: bool) -> None:
        r = self._round
        if went_out:
            r.out = seat
            r.finals_left = len(r.seats) - 1 if self._rules.final_turns else 0
        elif r.out is not None:
            r.finals_left -= 1
        if r.out is not None and r.finals_left == 0:
            self._end_round()
        elif r.stock:
            self._next_turn(reshuffle=False)
        elif (self._rules.stock_empty is StockEmpty.RESHUFFLE and not r.reshuffled
              and len(r.pile) >= 2):
            self._next_turn(reshuffle=True)
        else:
            self._end_round()

    def _next_turn(self, *, reshuffle: bool) -> None:
        r = self._round
        later = [seat for seat in r.seats if seat > r.turn]
        r.turn = later[0] if later else r.seats[0]
        r.phase = Phase.DRAW
        log = TurnLog(r.turn)
        if reshuffle:
            under = r.pile[:-1]
            stock = self._dealer.reshuffle(under)
            if Counter(stock) != Counter(under):
                raise RecordError("the new stock is not the discard pile under its top card",
                                  f"round {r.number} reshuffle")
            r.stock, r.pile, r.reshuffled = list(reversed(stock)), r.pile[-1:], True
            log = replace(log, reshuffle=tuple(stock))
        r.turns.append(log)

    def _end_round(self) -> None:
        r = self._round
        results = tuple(
            score_seat(r.hands[seat], wild=r.wild, rules=self._rules, went_out=seat == r.out,
                       false_outs=r.false_outs[seat]) if seat in r.seats else SITTING_OUT
            for seat in range(len(self._names))
        )
        end = End.OUT if r.out is not None else End.STOCK_EMPTY
        r.result = RoundResult(r.number, r.wild, r.dealer, end, r.out, results, r.playoff)
        self._score_round(results, number=r.number, seats=r.seats, playoff=r.playoff)
