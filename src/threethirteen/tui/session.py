"""The controller of a game at the terminal: the engine, the bots, and the person's tools.

A ``Session`` owns the ``GameState``. Computer opponents get ``state.view(seat)`` and
nothing else; each decision draws from its own generator, seeded by the game's seed, the
seat and the number of actions so far, so a game resumed or replayed after an undo plays
the same way. Every move comes back as ``Event`` values that say in words what happened.

>>> from threethirteen.rules import Rules
>>> from threethirteen.tui.setup import Setup
>>> session = Session(Setup.new(Rules(players=2, rounds=1), ("greedy",), seed=3))
>>> session.person_to_act
False
>>> session.draw(Source.STOCK)
Traceback (most recent call last):
...
threethirteen.tui.session.Refused: Wait: it is Top's turn.
>>> while not session.person_to_act:
...     _ = session.play_computer()
>>> [event.text for event in session.draw(Source.STOCK)]
['You drew the 10♦ from the stock']
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self

from threethirteen.actions import Action, Discard, Draw, Source, parse_action
from threethirteen.bots import Bot, make_bot
from threethirteen.bots.evaluate import ranked_discards
from threethirteen.bots.expert import ExpertBot, Option
from threethirteen.cards import Card
from threethirteen.errors import IllegalAction, InputError, NotationError
from threethirteen.game import GameState, TurnLog
from threethirteen.outs import go_out_cards
from threethirteen.record import game_record
from threethirteen.results import End, RoundResult
from threethirteen.scoring import card_points
from threethirteen.sim import derive_seed
from threethirteen.solver import deadwood
from threethirteen.speed import SpeedView
from threethirteen.tui import text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.fields import need_int, need_key, need_list, need_object, need_str
from threethirteen.tui.hand import SortOrder
from threethirteen.tui.setup import Setup
from threethirteen.undo import take_back, undo_blocker
from threethirteen.view import Phase, View

PERSON = 0
SAVE_FORMAT = "three-thirteen-save/1"
MAX_ACTIONS = 20_000  # actions of a saved game (no game has more than a few thousand)
MAX_NOTES = 10_000  # hints or undos of a saved game
MAX_ACTION_TEXT = 40  # characters of one action ("3: discard 10h")
UNDO_WAIT = 3.0  # seconds the next computer waits after the person's discard, undo possible


class Kind(StrEnum):
    """What an event reports."""

    MOVE = "move"
    RESHUFFLE = "reshuffle"
    ROUND_OVER = "round-over"
    GAME_OVER = "game-over"
    UNDO = "undo"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at the table, in words; ``result`` for a round's end.
    ``draw`` marks a draw; ``moves`` counts the actions a told event stands for."""

    kind: Kind
    text: str
    seat: int | None = None
    result: RoundResult | None = None
    draw: bool = False
    moves: int = 1


def told(events: Sequence[Event], names: Sequence[str]) -> list[Event]:
    """``events`` as they are heard: a computer's draw and the discard that follows it in
    one line (``Left drew from the stock and discarded 7♥``), the rest as they are."""
    heard: list[Event] = []
    for event in events:
        last = heard[-1] if heard else None
        if (last is not None and last.draw and last.seat not in (None, PERSON)
                and event.kind is Kind.MOVE and event.seat == last.seat and not event.draw):
            assert last.seat is not None
            rest = event.text.removeprefix(names[last.seat] + " ")
            heard[-1] = Event(Kind.MOVE, f"{last.text} and {rest}", last.seat, moves=2)
        else:
            heard.append(event)
    return heard


def round_so_far(events: Sequence[Event]) -> list[Event]:
    """The events of the round in play: those since the last round's end."""
    ends = [i for i, event in enumerate(events) if event.kind is Kind.ROUND_OVER]
    return [event for event in events[ends[-1] + 1 if ends else 0:]
            if event.kind is not Kind.GAME_OVER]


def saved_order(saved: Mapping[str, Any], what: str) -> SortOrder:
    """The sort order of a saved game (suit when it has none)."""
    order = need_str(saved.get("order", SortOrder.SUIT.value), f"{what}: order", 10)
    if order not in {item.value for item in SortOrder}:
        raise InputError(f"order {order!r} is not suit, rank or melds", what)
    return SortOrder(order)


def saved_words(saved: Mapping[str, Any], what: str) -> CardWords:
    """How a saved game names its cards (short when it does not say)."""
    long_names = saved.get("long_names", False)
    if not isinstance(long_names, bool):
        raise InputError(f"long_names {long_names!r} is not true or false", what)
    return CardWords(long=long_names)


class Refused(Exception):
    """A request of the person that the table refuses; nothing has changed."""


def read_save(data: object, what: str) -> tuple[Mapping[str, Any], Setup]:
    """A saved game's fields and setup, its format checked (``InputError`` says what is
    wrong and where)."""
    saved = need_object(data, what)
    if saved.get("format") != SAVE_FORMAT:
        raise InputError(f"not a {SAVE_FORMAT} file (format {saved.get('format')!r})", what)
    return saved, Setup.from_json(saved, what)


class PersonSession(ABC):
    """A game at the terminal as the person (seat 0) plays it, whatever the engine: the
    setup, the events told, how the hand is shown and its cards named, the
    ``on_change`` hook, and the person's draw and discard. ``Session`` plays turns,
    ``SpeedSession`` (``tui.speedsession``) speed's steps."""

    def __init__(self, setup: Setup, words: CardWords) -> None:
        self.setup = setup
        self.events: list[Event] = []
        self.order = SortOrder.SUIT  # how the person's hand is shown; saved with the game
        self.words = words  # how cards are named (``10♠`` or ``ten of spades``); saved too
        # Called after every change a person can see (a move, a hint, an undo), before it
        # is shown: the front ends save the game there (``store.Keeper.keep``).
        self.on_change: Callable[[Self], object] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, the person first."""
        return self.setup.names

    @abstractmethod
    def view(self) -> View | SpeedView:
        """The person's view: all that the person may know."""

    @abstractmethod
    def why_not_out(self, card: Card | None = None) -> str:
        """Why the person may not go out now (with ``card``)."""

    @abstractmethod
    def _person(self, action: Action) -> list[Event]:
        """Play the person's ``action``, or raise ``Refused`` saying why not."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The game in progress as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: object, what: str = "saved game") -> Self:
        """The session saved by ``to_json``, rebuilt by replaying its actions (the events
        told again). ``InputError`` (or ``RulesError``) says what is wrong and where."""

    def round_so_far(self) -> list[Event]:
        """The events of the round in play (none before its first move)."""
        return round_so_far(self.events)

    def out_cards(self) -> tuple[Card, ...]:
        """The cards the person may discard to go out now (empty when going out is not
        legal: not their turn, not drawn yet, someone is out, or the hand does not meld).

        A false announcement is never offered, even where the rules only charge for it.
        """
        view = self.view()
        if view.phase is not Phase.DISCARD or view.hand is None:
            return ()
        legal = {action.card for action in view.legal if isinstance(action, Discard)
                 and action.out}
        if not legal:  # not the person's turn (no legal action), or no way out
            return ()
        goers = go_out_cards(view.hand, wild=view.wild, rules=view.rules)
        return tuple(card for card in goers if card in legal)

    def draw(self, source: Source) -> list[Event]:
        """The person draws from the stock, or takes the top card of the pile they may
        take from."""
        return self._person(Draw(PERSON, source))

    def discard(self, card: Card, *, out: bool = False) -> list[Event]:
        """The person discards ``card``, going out with it when ``out``."""
        if out and card not in self.out_cards():
            raise Refused(self.why_not_out(card))
        return self._person(Discard(PERSON, card, out=out))

    def set_order(self, order: SortOrder) -> None:
        """Show the hand in ``order`` from now on, in this game and once it is resumed."""
        if order is not self.order:
            self.order = order
            self._changed()

    def _changed(self: Self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def with_words(self, words: CardWords) -> Self:
        """This game with cards named by ``words``, its events told again."""
        if words == self.words:
            return self
        session = self.from_json({**self.to_json(), "long_names": words.long})
        session.on_change = self.on_change
        return session


class Session(PersonSession):
    """One game between the person (seat 0) and computer opponents."""

    def __init__(self, setup: Setup, actions: Iterable[Action] = (), *,
                 hints: Sequence[Mapping[str, Any]] = (),
                 undos: Sequence[Mapping[str, Any]] = (), words: CardWords = SHORT) -> None:
        super().__init__(setup, words)
        self.state = GameState(setup.rules, seed=setup.seed, names=setup.names)
        self.bots: dict[int, Bot] = {
            seat: make_bot(level) for seat, level in enumerate(setup.levels) if seat != PERSON
        }
        self.hints: list[dict[str, Any]] = [dict(hint) for hint in hints]
        self.undos: list[dict[str, Any]] = [dict(undo) for undo in undos]
        for action in actions:
            self._apply(action)

    # -- facts ---------------------------------------------------------------------

    def view(self) -> View:
        """The person's view: all that the person may know."""
        return self.state.view(PERSON)

    @property
    def is_over(self) -> bool:
        """True once the winners are known."""
        return self.state.is_over

    @property
    def person_to_act(self) -> bool:
        """True when the game waits for the person."""
        return self.state.turn == PERSON

    @property
    def computer_to_act(self) -> bool:
        """True when the game waits for a computer opponent."""
        return self.state.turn is not None and self.state.turn != PERSON

    def since_person(self) -> list[Event]:
        """The moves of the round in play since the person's last move (all of them if the
        person has not moved yet): what a resumed game tells first."""
        recent: list[Event] = []
        for event in reversed(self.events):
            if event.kind is Kind.ROUND_OVER or (event.kind is Kind.MOVE
                                                  and event.seat == PERSON):
                break
            if event.kind is Kind.MOVE:
                recent.append(event)
        return recent[::-1]

    def final_moves(self) -> list[str]:
        """The last moves of the round that ended last, for its page: from the going out
        to the end (the others' final turns), or, when the stock ran out, the moves since
        the person's last one."""
        ends = [i for i, event in enumerate(self.events) if event.kind is Kind.ROUND_OVER]
        results = self.state.view(None).results
        if not ends or not results:
            return []
        start = ends[-2] + 1 if len(ends) > 1 else 0
        moves = [e for e in self.events[start:ends[-1]] if e.kind is Kind.MOVE]
        last = results[-1]
        mover = last.out if last.end is End.OUT and last.out is not None else PERSON
        from_move = max((i for i, e in enumerate(moves) if e.seat == mover), default=-1)
        if mover == PERSON:
            from_move += 1  # the person saw their own move
        return [event.text for event in moves[max(from_move, 0):]]

    # -- moves ---------------------------------------------------------------------

    def play_computer(self) -> list[Event]:
        """Let the computer opponent whose turn it is make one move (a draw or a discard)."""
        seat = self.state.turn
        if seat is None or seat == PERSON:
            raise Refused("it is not a computer's turn")
        rng = random.Random(derive_seed(self.setup.seed, "bot", seat, len(self.state.history)))
        action = self.bots[seat].choose(self.state.view(seat), rng)
        return self._apply(action)

    def why_not_out(self, card: Card | None = None) -> str:
        """Why the person may not go out now (with ``card``)."""
        view = self.view()
        if self.is_over:
            return "The game is over."
        if not view.my_turn:
            return "You cannot go out: it is not your turn."
        if view.phase is Phase.DRAW:
            return "You cannot go out yet: draw a card first."
        if view.out is not None:
            return f"You cannot go out: {view.players[view.out]} has already gone out."
        goers = self.out_cards()
        if not goers:
            assert view.hand is not None
            if go_out_cards(view.hand, wild=view.wild, rules=view.rules):
                return "You cannot go out on your first turn (rule first_turn_out)."
            return ("You cannot go out: no discard leaves the rest of your hand in melds"
                    f" ({self.discard_advice()}).")
        if card is not None and card not in goers:
            return (f"You cannot go out with {self.words.card(card)}: "
                    f"discard {self.words.either(goers)} to go out.")
        return "You can go out."

    def discard_advice(self) -> str:
        """During the person's discard step, what the best discard leaves: ``go out with
        Kd``, or ``discarding Kd leaves 12 points`` (the hand with its extra card is never
        scored as it stands: one card must go). Empty outside that step."""
        view = self.view()
        if not view.my_turn or view.phase is not Phase.DISCARD or view.hand is None:
            return ""
        goers = self.out_cards()
        if goers:
            return f"go out with {self.words.either(goers)}"
        ranked = ranked_discards(view.hand,
                                 lambda rest: deadwood(rest, wild=view.wild, rules=view.rules),
                                 lambda card: card_points(card, view.wild, view.rules))
        best = ranked[0][0]
        cards = sorted((card for left, card in ranked if left == best), key=str)
        return f"discarding {self.words.either(cards)} leaves {_points(best)}"

    def _person(self, action: Action) -> list[Event]:
        if not self.person_to_act:
            who = self.state.turn
            raise Refused("The game is over." if who is None
                          else f"Wait: it is {self.names[who]}'s turn.")
        try:
            self.state.check(action)
        except IllegalAction as error:
            raise Refused(_person_reason(error, self.words)) from None
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        state = self.state
        before = state.view(None)
        state.apply(action)
        after = state.view(None)
        played = _last_turn(state, before.round_number, action.seat)
        events: list[Event] = []
        if isinstance(action, Draw):
            seen = action.source is Source.DISCARD or action.seat == PERSON
            card = played.card if seen else None
            events.append(Event(Kind.MOVE, text.move_text(self.names, action, card,
                                                          words=self.words), action.seat,
                                draw=True))
        else:
            events.append(Event(Kind.MOVE, text.move_text(
                self.names, action, false_out=played.false_out,
                penalty=state.rules.false_out_penalty, words=self.words), action.seat))
        if len(after.results) > len(before.results):
            result = after.results[-1]
            events.append(Event(Kind.ROUND_OVER, text.round_end_text(result, self.names),
                                result=result))
        elif after.reshuffled and not before.reshuffled:
            events.append(Event(Kind.RESHUFFLE, "The discard pile was shuffled into a new "
                                f"stock of {after.stock_size} cards."))
        if state.is_over:
            events.append(Event(Kind.GAME_OVER, text.winners_text(self.view())))
        self.events.extend(events)
        self._changed()
        return events

    # -- help ----------------------------------------------------------------------

    def hint(self) -> str:
        """The expert's advice for the person's move; it is counted in the game's record."""
        view = self.view()
        if not view.my_turn:
            raise Refused("Hints are for your turn.")
        rng = random.Random(derive_seed(self.setup.seed, "hint", len(self.state.history)))
        options = ExpertBot().explain(view, rng)
        advice = _advice(options, view, self.words)
        self.hints.append({"round": view.round_number, "seat": PERSON,
                           "turn": self._turn_number(), "phase": view.phase.value,
                           "advice": advice})
        self._changed()
        return advice

    def _turn_number(self) -> int:
        """The number of the turn in play within its round (the record's turn, from 1)."""
        return len(self.state.round_logs()[-1].turns)

    def undo_blocker(self) -> str | None:
        """Why the person's last discard cannot be taken back now, or None if it can
        (the rule of ``threethirteen.undo``: only until anybody acts on it)."""
        return undo_blocker(self.state, PERSON)

    def undo(self) -> list[Event]:
        """Take back the person's last discard (``threethirteen.undo.take_back``)."""
        try:
            self.state, undone = take_back(self.state, PERSON)
        except IllegalAction as error:
            raise Refused(str(error)) from None
        self.undos.append({"round": self.state.round_number, "seat": PERSON,
                           "turn": self._turn_number(),
                           "undone": [str(action) for action in undone]})
        first = undone[0]
        assert isinstance(first, Discard)
        event = Event(Kind.UNDO, f"Undone: your discard of {self.words.card(first.card)}.", PERSON)
        self.events.append(event)
        self._changed()
        return [event]

    # -- saving ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A game in progress as JSON-ready data: setup, actions, hints and undos."""
        return {"format": SAVE_FORMAT, **self.setup.to_json(),
                "actions": [str(action) for action in self.state.history],
                "hints": list(self.hints), "undos": list(self.undos),
                "order": self.order.value, "long_names": self.words.long}

    @classmethod
    def from_json(cls, data: object, what: str = "saved game") -> Session:
        """The session saved by ``to_json``, rebuilt by replaying its actions (the events
        told again). ``InputError`` (or ``RulesError``) says what is wrong and where."""
        saved, setup = read_save(data, what)
        lines = need_list(saved.get("actions", []), f"{what}: actions", MAX_ACTIONS)
        hints = [_hint(hint, f"{what}: hints[{i}]") for i, hint in
                 enumerate(need_list(saved.get("hints", []), f"{what}: hints", MAX_NOTES))]
        undos = [_undo(undo, f"{what}: undos[{i}]") for i, undo in
                 enumerate(need_list(saved.get("undos", []), f"{what}: undos", MAX_NOTES))]
        session = cls(setup, hints=hints, undos=undos)
        session.order = saved_order(saved, what)
        session.words = saved_words(saved, what)
        for index, line in enumerate(lines):
            where = f"{what}: actions[{index}]"
            try:
                session._apply(parse_action(need_str(line, where, MAX_ACTION_TEXT)))
            except (NotationError, IllegalAction) as error:
                raise InputError(str(error), where) from None
        return session

    def record(self) -> dict[str, Any]:
        """The game's record (INTERFACES.md §3) with the extra fields ``levels``,
        ``hints`` and ``undos``."""
        record = game_record(self.state)
        record["levels"] = list(self.setup.levels)
        record["hints"] = list(self.hints)
        record["undos"] = list(self.undos)
        return record


def _hint(data: object, where: str) -> dict[str, Any]:
    hint = need_object(data, where)
    phase = need_str(need_key(hint, "phase", where), f"{where}: phase", 10)
    if phase not in (Phase.DRAW.value, Phase.DISCARD.value):
        raise InputError(f"phase {phase!r} is not draw or discard", where)
    return {"round": need_int(need_key(hint, "round", where), f"{where}: round", 1, 100),
            "seat": need_int(need_key(hint, "seat", where), f"{where}: seat", PERSON, PERSON),
            "turn": need_int(need_key(hint, "turn", where), f"{where}: turn", 0, MAX_ACTIONS),
            "phase": phase,
            "advice": need_str(need_key(hint, "advice", where), f"{where}: advice", 500)}


def _undo(data: object, where: str) -> dict[str, Any]:
    undo = need_object(data, where)
    undone = need_list(need_key(undo, "undone", where), f"{where}: undone", MAX_ACTIONS)
    return {"round": need_int(need_key(undo, "round", where), f"{where}: round", 1, 100),
            "seat": need_int(need_key(undo, "seat", where), f"{where}: seat", PERSON, PERSON),
            "turn": need_int(need_key(undo, "turn", where), f"{where}: turn", 0, MAX_ACTIONS),
            "undone": [need_str(line, f"{where}: undone[{i}]", MAX_ACTION_TEXT)
                       for i, line in enumerate(undone)]}


def _last_turn(state: GameState, number: int, seat: int) -> TurnLog:
    """The turn ``seat`` last played in round ``number`` (hidden cards included)."""
    log = next(log for log in state.round_logs() if log.number == number)
    return next(turn for turn in reversed(log.turns) if turn.seat == seat and turn.draw)


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def _person_reason(error: IllegalAction, words: CardWords) -> str:
    """An engine refusal, said to the person."""
    reasons = {
        "must-discard": "You have drawn already: now discard a card.",
        "must-draw-first": "Draw a card first: from the stock or the discard pile.",
        "discard-pile-empty": "The discard pile is empty: draw from the stock.",
        "game-over": "The game is over.",
    }
    if error.reason == "card-not-in-hand" and isinstance(error.action, Discard):
        return f"{words.card(error.action.card)} is not in your hand."
    return reasons.get(error.reason, str(error))


def _tenths(value: float) -> str:
    """``value`` to one decimal, never ``-0.0`` (a tiny negative rounds to ``0.0``)."""
    shown = f"{value:.1f}"
    return "0.0" if shown == "-0.0" else shown


def _advice(options: Sequence[Option], view: View, words: CardWords) -> str:
    best = options[0]
    action = best.action
    if isinstance(action, Discard) and action.out:
        return f"Go out: discard {words.card(action.card)}."
    if isinstance(action, Draw):
        others = [o for o in options[1:] if isinstance(o.action, Draw)]
        top = words.card(view.top) if view.top is not None else "top card"
        if action.source is Source.DISCARD:
            advice = f"Take the {top} from the discard pile"
        else:
            advice = "Draw from the stock"
        advice += f" (expected penalty {_tenths(best.expected)}"
        for other in others:
            stock = isinstance(other.action, Draw) and other.action.source is Source.STOCK
            where = "the stock" if stock else f"the {top}"
            advice += f"; {where}: {_tenths(other.expected)}"
        return advice + ")."
    rest = [o for o in options[1:3] if isinstance(o.action, Discard) and not o.action.out]
    advice = f"Discard {words.card(action.card)} (expected penalty {_tenths(best.expected)})"
    if rest:
        advice += "; next best: " + ", ".join(
            f"{words.card(o.action.card)} {_tenths(o.expected)}"
            for o in rest if isinstance(o.action, Discard))
    return advice + "."
