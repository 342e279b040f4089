"""Bots in speed mode (RULES.md, "Speed"): every level answers each step of a call from
its seat's ``SpeedView`` alone.

A speed step asks every seat at once: at "draw!" the top of the stock or the top of the
pile on its right (the pile between it and the seat before it), at "discard!" one card
for its own pile, announcing out when that discard leaves the rest melded. A
``SpeedPlayer`` answers one step: ``choose_speed(view, rng)`` returns one of
``view.legal``, or ``None`` for no answer (the caller's timeout, ``SpeedGame.tick``,
plays for it: a stock draw, or the card just drawn thrown back).

Every built-in level has a speed strategy with the same character as its turns play:

* ``random``: any legal draw and discard, but it never misses going out.
* ``easy``: takes the pile's top only to pair a rank (or a wild), sometimes overlooks
  it; throws the loose card with the fewest partners, the lower on ties; now and then
  misses going out.
* ``greedy``: takes the pile's top when that lowers its best penalty after a discard,
  else the stock; throws the card that leaves the least penalty (the dearer on ties);
  goes out whenever it can.
* ``medium``, ``expert-1``, ``expert-2``, ``expert``, ``search``, ``search-deep``: the
  evaluator (``bots.evaluate``): the cards it cannot place (the pack but its hand, the
  piles and what others took from piles and kept), one draw of lookahead weighed by the
  chance that some other seat goes out on this call (every seat plays every call, so
  the chance grows with the table), the stock scored by sampling, and for the stronger
  levels a defence of the seat on its left (which draws from its pile). ``expert-2``
  plays ``expert-1``'s method here (its race to go out, ``bots.expert``, is for turns).
  In speed mode ``expert``, ``search`` and ``search-deep`` play this method with more
  samples: the turns search (``bots.search``) plays whole turns in order and does not
  apply.

Any other registered bot plays speed through its own ``choose_speed`` method when it has
one, and otherwise greedy's speed play under its own name.

>>> from threethirteen.rules import Rules
>>> from threethirteen.speed import SpeedGame
>>> game = SpeedGame(Rules(mode="speed", players=3, rounds=1), seed=2)
>>> action = choose_speed("greedy", game.view(1), random.Random(0))
>>> action in game.legal_actions(1)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.ending import ending_chance, hazard, score_adjusted
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.greedy import best_discard, dearest_out, taken_penalty
from threethirteen.bots.registry import make_bot
from threethirteen.cards import Card, pack
from threethirteen.outs import go_out_cards
from threethirteen.solver import arrange
from threethirteen.speed import SpeedView
from threethirteen.view import Phase

__all__ = [
    "EasySpeed", "EvaluatorSpeed", "GreedySpeed", "RandomSpeed", "SpeedPlayer",
    "SpeedTracking", "choose_speed", "speed_player", "speed_track",
]


@runtime_checkable
class SpeedPlayer(Protocol):
    """A player program for speed mode: it sees only its seat's ``SpeedView``.

    ``choose_speed`` is called for a seat in ``view.waiting`` and returns one of
    ``view.legal`` (the engine checks it like any other action), or ``None`` when it does
    not answer this step, leaving the seat to the caller's timeout.
    """

    name: str

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action | None:
        """The action this seat plays in the current step, or None for no answer."""
        ...


# -- what every level shares -----------------------------------------------------------


def right_of(view: SpeedView) -> int:
    """The playing seat on the view's seat's right: the one whose pile it may draw from."""
    assert view.seat is not None
    seats = view.seats
    return seats[seats.index(view.seat) - 1]


def left_of(view: SpeedView) -> int:
    """The playing seat on the view's seat's left: the one that may draw from its pile."""
    assert view.seat is not None
    seats = view.seats
    return seats[(seats.index(view.seat) + 1) % len(seats)]


def pile_top(view: SpeedView) -> Card | None:
    """The card a pile draw would take now: the top of the pile on the seat's right."""
    pile = view.piles[right_of(view)]
    return pile[-1] if pile else None


def _ready(view: SpeedView, who: str) -> tuple[int, tuple[Card, ...]]:
    if view.seat is None or view.hand is None or not view.legal:
        raise ValueError(f"{who} can only answer for a seat that still has to act")
    return view.seat, view.hand


def going_out(view: SpeedView) -> Discard | None:
    """A legal going-out discard if the hand can go out now (the dearest card thrown)."""
    outs = [a for a in view.legal if isinstance(a, Discard) and a.out]
    if not outs or view.hand is None:
        return None
    goers = set(go_out_cards(view.hand, wild=view.wild, rules=view.rules))
    order = sorted((a.card for a in outs), key=lambda card: card.code)
    card = dearest_out(order, goers, view.wild, view.rules)
    return next((a for a in outs if a.card == card), None)


def _stock_or_pile(view: SpeedView, take: bool) -> Draw:
    assert view.seat is not None
    return Draw(view.seat, Source.DISCARD if take else Source.STOCK)


# -- the levels --------------------------------------------------------------------------


class RandomSpeed:
    """Any legal draw and discard; it goes out (or melds everything) whenever it can."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action:
        """A random legal action, going out whenever the hand allows it."""
        seat, hand = _ready(view, self.name)
        if view.phase is Phase.DRAW:
            return rng.choice(view.legal)
        goers = sorted(go_out_cards(hand, wild=view.wild, rules=view.rules),
                       key=Card.sort_key)
        if goers:
            outs = [a for a in view.legal if isinstance(a, Discard) and a.out and a.card in goers]
            return rng.choice(outs) if outs else Discard(seat, rng.choice(goers))
        return rng.choice([a for a in view.legal if isinstance(a, Discard) and not a.out])


OVERLOOK_PILE = 0.3  # easy: the chance it overlooks a pile card it wants
MISS_GOING_OUT = 0.2  # easy: the chance it does not notice that it could go out


class EasySpeed:
    """A learner: sets over runs, high cards kept too long, chances missed."""

    def __init__(self, name: str = "easy") -> None:
        self.name = name

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action:
        """The learner's answer to the current step."""
        seat, hand = _ready(view, self.name)
        if view.phase is Phase.DRAW:
            top = pile_top(view)
            wants = top is not None and (
                top.rank is None or top.rank == view.wild
                or any(card.rank == top.rank for card in hand))
            return _stock_or_pile(view, wants and rng.random() >= OVERLOOK_PILE)
        out = going_out(view)
        if out is not None and rng.random() >= MISS_GOING_OUT:
            return out
        return Discard(seat, self._throw(list(hand), view))

    @staticmethod
    def _throw(hand: list[Card], view: SpeedView) -> Card:
        """The unmelded natural card with the fewest partners; the lower card on ties."""
        loose = [card for card in arrange(hand, wild=view.wild, rules=view.rules).unmelded
                 if card.rank is not None and card.rank != view.wild]
        if not loose:
            return min(hand, key=lambda card: (card.rank is None, card.rank == view.wild,
                                               card.code))

        def partners(card: Card) -> int:
            return sum(1 for other in hand if other is not card and other.rank is not None
                       and (other.rank == card.rank or (other.suit == card.suit and abs(
                           other.rank - (card.rank or 0)) == 1)))

        return min(loose, key=lambda card: (partners(card), card.rank or 0, card.code))


class GreedySpeed:
    """Lowers its own penalty now; never looks ahead (``bots.greedy`` in speed mode)."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action:
        """The greedy answer to the current step."""
        seat, hand = _ready(view, self.name)
        if view.phase is Phase.DRAW:
            top = pile_top(view)
            if top is None:
                return _stock_or_pile(view, False)
            return _stock_or_pile(view, taken_penalty(hand, top, view.wild,
                                                      view.rules) is not None)
        out = going_out(view)
        if out is not None:
            return out
        return Discard(seat, best_discard(hand, view.wild, view.rules)[1])


# -- the evaluator's levels ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpeedTracking:
    """What a seat can deduce from its ``SpeedView`` about the cards it cannot see."""

    unseen: Counter[Card]  # cards that may be in the stock or in another hand
    held: dict[int, Counter[Card]]  # by other seat: cards it took from a pile and kept


def speed_track(view: SpeedView) -> SpeedTracking:
    """The tracking of ``view``'s seat. A seat's throws are its pile and what the seat on
    its left took from it; what it took from a pile and has not thrown is in its hand."""
    seats = view.seats
    taken: dict[int, Counter[Card]] = {seat: Counter() for seat in seats}
    for seat, card in view.pile_draws:
        taken.setdefault(seat, Counter())[card] += 1
    held: dict[int, Counter[Card]] = {}
    for index, seat in enumerate(seats):
        if seat == view.seat:
            continue
        left = seats[(index + 1) % len(seats)]
        thrown = Counter(view.piles[seat]) + taken.get(left, Counter())
        held[seat] = +(taken[seat] - thrown)
    unseen = Counter(pack(view.rules.deck_count, view.rules.jokers, view.rules.pack))
    unseen.subtract(view.hand or ())
    for pile in view.piles:
        unseen.subtract(pile)
    for cards in held.values():
        unseen.subtract(cards)
    return SpeedTracking(+unseen, held)


class EvaluatorSpeed:
    """The expert's evaluator in speed mode (see the module text); the parameters set
    the level: samples of the stock, discards searched, defence, score awareness."""

    def __init__(
        self, *, name: str = "expert-1", stock_samples: int = 8, candidates: int = 4,
        defence: float = 1.0, score_aware: bool = True, horizon: float = 0.7,
    ) -> None:
        self.name = name
        self.stock_samples = stock_samples
        self.candidates = candidates
        self.defence = defence
        self.score_aware = score_aware
        self.horizon = horizon

    def choose_speed(self, view: SpeedView, rng: random.Random) -> Action:
        """The answer with the lowest expected penalty at the round's end."""
        seat, hand = _ready(view, self.name)
        tracking = speed_track(view)
        evaluator = Evaluator(view.wild, view.rules, tracking.unseen, horizon=self.horizon)
        ending = self.ending_chance(view, tracking)
        if view.phase is Phase.DRAW:
            top = pile_top(view)
            if top is None:
                return _stock_or_pile(view, False)
            out_value = float(view.rules.out_bonus)
            pile = evaluator.best_keep([*hand, top], ending, candidates=self.candidates,
                                       out_value=out_value)
            stock = evaluator.stock_value(list(hand), ending, rng, samples=self.stock_samples,
                                          candidates=self.candidates, out_value=out_value)
            return _stock_or_pile(view, pile < stock)
        out = going_out(view)
        if out is not None:
            return out
        danger = self._danger(view, tracking) if self.defence else {}
        options = []
        for _, card in evaluator.ranked(hand)[: self.candidates]:
            expected = evaluator.value(without(hand, card), ending)
            expected += danger.get(card, 0.0) * (1.0 - ending) * self.defence
            options.append((expected, -evaluator.points(card), card.code, card))
        return Discard(seat, min(options)[3])

    def ending_chance(self, view: SpeedView, tracking: SpeedTracking) -> float:
        """The chance that the round ends with this call: the stock's last call, or some
        other seat going out on it (``bots.ending``: a hazard per seat by the calls played
        so far)."""
        if view.last_call:
            return 1.0
        ending = ending_chance(
            hazard(round_number=view.round_number, turns=view.call - 1,
                   held=sum(tracking.held.get(seat, {}).values()))
            for seat in view.seats if seat != view.seat)
        return score_adjusted(view, ending) if self.score_aware else ending

    @staticmethod
    def _danger(view: SpeedView, tracking: SpeedTracking) -> dict[Card, float]:
        """Extra cost of a card on its pile when the seat on its left collects its kind."""
        assert view.hand is not None
        wanted = tracking.held.get(left_of(view), Counter())
        danger: dict[Card, float] = {}
        for card in view.hand:
            if card.rank is None or card.rank == view.wild:
                danger[card] = 6.0
                continue
            cost = 0.0
            for other, count in wanted.items():
                if other.rank == card.rank:
                    cost += 3.0 * count
                elif other.suit == card.suit and other.rank is not None and abs(
                        other.rank - card.rank) <= 2:
                    cost += 2.0 * count
            if cost:
                danger[card] = cost
        return danger


# -- levels by name ------------------------------------------------------------------------

SPEED_LEVELS: dict[str, Callable[[], SpeedPlayer]] = {
    "random": RandomSpeed,
    "easy": EasySpeed,
    "greedy": GreedySpeed,
    "medium": lambda: EvaluatorSpeed(name="medium", stock_samples=3, candidates=2,
                                     defence=0.0, score_aware=False),
    "expert-1": lambda: EvaluatorSpeed(name="expert-1"),
    "expert-2": lambda: EvaluatorSpeed(name="expert-2"),
    "expert": lambda: EvaluatorSpeed(name="expert", stock_samples=12, candidates=5),
    "futures": lambda: EvaluatorSpeed(name="futures", stock_samples=12, candidates=5),
    "search": lambda: EvaluatorSpeed(name="search", stock_samples=12, candidates=5),
    "search-2": lambda: EvaluatorSpeed(name="search-2", stock_samples=12, candidates=5),
    "search-deep": lambda: EvaluatorSpeed(name="search-deep", stock_samples=24, candidates=6),
    "master": lambda: EvaluatorSpeed(name="master", stock_samples=24, candidates=6),
}


def speed_player(name: str) -> SpeedPlayer:
    """The speed play of the bot level ``name``; ``ValueError`` names the known bots when
    there is no such level."""
    bot = make_bot(name)  # raises for unknown names, and registered bots win over ours
    if isinstance(bot, SpeedPlayer):
        return bot
    if name in SPEED_LEVELS and type(bot).__module__.startswith("threethirteen.bots."):
        return SPEED_LEVELS[name]()
    return GreedySpeed(name=name)


def choose_speed(bot_name: str, view: SpeedView, rng: random.Random) -> Action | None:
    """The answer of the level ``bot_name`` to the current step of ``view``'s seat."""
    return speed_player(bot_name).choose_speed(view, rng)
