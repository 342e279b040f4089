"""The controller of a speed game at the terminal ("3-13 Speed", RULES.md "Speed").

A ``SpeedSession`` owns the ``SpeedGame``: the person (seat 0) acts through ``draw`` and
``discard``, each computer answers a step from its own ``SpeedView`` only
(``computer_answer``), and ``tick`` is the caller's timeout. Every change comes back as
``Event`` values in words, with cards named as the rest of the terminal game names them
(``10♠``), and only what the person may know: a card drawn from the stock by another seat
is never named. After every change ``on_change`` is called (the front ends save there),
before anything is shown.

A computer's answer draws from its own generator, seeded by the game's seed, the seat and
the step (round, call, draw or discard), so a resumed game plays on as it would have.

The save (``to_json``) is the standard game's format: the setup (its rules say ``mode``
speed), the actions in the order they were applied, and ``timeouts``, the indexes of the
actions the caller made; resuming replays them.

>>> from threethirteen.rules import Rules
>>> from threethirteen.tui.setup import Setup
>>> session = SpeedSession(Setup.new(Rules(mode="speed", players=3, rounds=1),
...                                  ("greedy", "greedy"), seed=2))
>>> session.waiting
(0, 1, 2)
>>> [event.text for event in session.computers_answer()]
[]
>>> [event.text for event in session.draw(Source.STOCK)][0]
'You drew the J♥ from the stock'
>>> SpeedSession.from_json(session.to_json()).game == session.game
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from threethirteen.actions import Action, Discard, Draw, Source, parse_action
from threethirteen.bots.speedplay import SpeedPlayer, speed_player
from threethirteen.cards import Card
from threethirteen.errors import IllegalAction, InputError, NotationError
from threethirteen.outs import go_out_cards
from threethirteen.rules import Mode
from threethirteen.sim import derive_seed
from threethirteen.speed import SpeedGame, SpeedView
from threethirteen.speedrecord import speed_record
from threethirteen.tui import text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.fields import need_int, need_list, need_str
from threethirteen.tui.session import (
    MAX_ACTION_TEXT,
    PERSON,
    SAVE_FORMAT,
    Event,
    Kind,
    PersonSession,
    Refused,
    read_save,
    saved_order,
    saved_words,
)
from threethirteen.tui.setup import Setup
from threethirteen.view import Phase

MAX_SPEED_ACTIONS = 200_000  # a speed game of 2 seats and 16 decks has ~40,000


class SpeedSession(PersonSession):
    """One speed game between the person (seat 0) and computer opponents."""

    def __init__(self, setup: Setup, *, words: CardWords = SHORT) -> None:
        if setup.rules.mode is not Mode.SPEED:
            raise ValueError("a SpeedSession plays speed rules ('mode': 'speed')")
        super().__init__(setup, words)
        self.game = SpeedGame(setup.rules, seed=setup.seed, names=setup.names)
        self.players: dict[int, SpeedPlayer] = {
            seat: speed_player(level) for seat, level in enumerate(setup.levels)
            if seat != PERSON}
        self.timeouts: list[int] = []  # indexes in the history of the caller's actions

    # -- facts ---------------------------------------------------------------------

    def view(self) -> SpeedView:
        """The person's view: all that the person may know."""
        return self.game.view(PERSON)

    @property
    def is_over(self) -> bool:
        """True once the winners are known."""
        return self.game.is_over

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to act in this step."""
        return self.game.waiting

    @property
    def person_to_act(self) -> bool:
        """True while the step waits for the person."""
        return PERSON in self.game.waiting

    @property
    def step(self) -> tuple[int, int, str]:
        """The step in play: round, call and phase (a new value each step)."""
        return (self.game.round_number, self.game.call, self.game.phase.value)

    def right(self) -> int:
        """The seat on the person's right: the person may take the top of its pile."""
        return self.game.right_of(PERSON)

    def left(self) -> int:
        """The seat on the person's left: it may take the top of the person's pile."""
        seats = self.view().seats
        return seats[(seats.index(PERSON) + 1) % len(seats)]

    def why_not_out(self, card: Card | None = None) -> str:
        """Why the person may not go out now (with ``card``)."""
        view = self.view()
        if self.is_over:
            return "The game is over."
        if not self.person_to_act:
            return "You cannot go out now: wait for the next call."
        if view.phase is Phase.DRAW:
            return "You cannot go out yet: draw a card first."
        goers = self.out_cards()
        if not goers:
            assert view.hand is not None
            if go_out_cards(view.hand, wild=view.wild, rules=view.rules):
                return "You cannot go out on the first call (rule first_turn_out)."
            return "You cannot go out: no discard leaves the rest of your hand in melds."
        if card is not None and card not in goers:
            return (f"You cannot go out with {self.words.card(card)}: "
                    f"discard {self.words.either(goers)} to go out.")
        return "You can go out."

    # -- moves ---------------------------------------------------------------------

    def computer_answer(self, seat: int) -> list[Event]:
        """The computer at ``seat`` answers the step from its own view (nothing when it
        has answered already, or gives no answer and leaves it to the caller)."""
        if seat == PERSON or seat not in self.game.waiting:
            return []
        view = self.game.view(seat)
        rng = random.Random(derive_seed(self.setup.seed, "speed", seat, *self.step))
        action = self.players[seat].choose_speed(view, rng)
        if action is None:
            return []
        return self._play([action])

    def computers_answer(self) -> list[Event]:
        """Every computer still to act answers, in seat order."""
        events: list[Event] = []
        step = self.step
        for seat in self.game.waiting:
            if self.step != step:
                break
            events += self.computer_answer(seat)
        return events

    def tick(self) -> list[Event]:
        """The caller's timeout: every seat still to act draws from the stock, or throws
        back the card it just drew."""
        if self.is_over or not self.game.waiting:
            return []
        return self._play(self._defaults(), timeout=True)

    def _defaults(self) -> list[Action]:
        game = self.game
        if game.phase is Phase.DRAW:
            return [Draw(seat, Source.STOCK) for seat in game.waiting]
        actions: list[Action] = []
        for seat in game.waiting:
            drawn = game.view(seat).drawn
            assert drawn is not None
            actions.append(Discard(seat, drawn))
        return actions

    def _person(self, action: Action) -> list[Event]:
        if self.is_over:
            raise Refused("The game is over.")
        try:
            self.game.check(action)
        except IllegalAction as error:
            raise Refused(_person_reason(error, self.words, self.names[self.right()])) from None
        return self._play([action])

    def _play(self, actions: Iterable[Action], *, timeout: bool = False) -> list[Event]:
        """Apply ``actions`` (the caller's when ``timeout``), tell them, then save."""
        events: list[Event] = []
        for action in actions:
            events += self._apply(action, timeout=timeout)
        self.events.extend(events)
        self._changed()
        return events

    def _apply(self, action: Action, *, timeout: bool = False) -> list[Event]:
        game = self.game
        before = self.view()
        if timeout:
            self.timeouts.append(len(game.history))
        game.apply(action, timeout=timeout)
        after = self.view()
        events: list[Event] = []
        names = self.names
        if isinstance(action, Draw):
            if timeout and action.seat == PERSON:
                events.append(Event(Kind.MOVE, "Too slow: the caller drew from the stock "
                                    "for you.", PERSON))
            if before.phase is Phase.DRAW and (after.phase is not Phase.DRAW
                                               or after.round_number != before.round_number):
                events += self._draws_told(before, after)
        else:
            events.append(self._discard_told(action, before, after, timeout))
        if len(after.results) > len(before.results):
            result = after.results[-1]
            events.append(Event(Kind.ROUND_OVER, text.round_end_text(result, names),
                                result=result))
        if game.is_over:
            events.append(Event(Kind.GAME_OVER, text.winners_text(after)))
        return events

    def _draws_told(self, before: SpeedView, after: SpeedView) -> list[Event]:
        """The draws of a call, once resolved: the person's card, every card taken from a
        pile (public), and who drew from the stock (the card unnamed)."""
        words = self.words
        names = self.names
        taken = dict(after.pile_draws[len(before.pile_draws):])
        events: list[Event] = []
        stock: list[int] = []
        for seat in after.seats:
            right = self.game.right_of(seat)
            pile = "your pile" if right == PERSON else f"{names[right]}'s pile"
            if seat == PERSON:
                card = after.drawn
                assert card is not None
                line = (f"You took the {words.card(card)} from {pile}" if seat in taken
                        else f"You drew the {words.card(card)} from the stock")
                events.append(Event(Kind.MOVE, line, PERSON, draw=True))
            elif seat in taken:
                events.append(Event(Kind.MOVE, f"{names[seat]} took the "
                                    f"{words.card(taken[seat])} from {pile}", seat, draw=True))
            else:
                stock.append(seat)
        if stock:
            events.append(Event(Kind.MOVE, f"{text.and_list([names[s] for s in stock])} drew from "
                                "the stock", stock[0], draw=True, moves=len(stock)))
        return events

    def _discard_told(self, action: Discard, before: SpeedView, after: SpeedView,
                      timeout: bool) -> Event:
        words = self.words
        seat = action.seat
        if timeout and seat == PERSON:
            return Event(Kind.MOVE, f"Too slow: the caller threw back the "
                         f"{words.card(action.card)} you drew.", seat)
        if after.round_number == before.round_number:
            went_out = seat in after.outs
        else:  # the call ended the round: its result says who went out
            went_out = seat in (after.results[-1].outs or ())
        line = text.move_text(self.names, action, false_out=action.out and not went_out,
                              penalty=self.game.rules.false_out_penalty, words=words)
        return Event(Kind.MOVE, line, seat)

    # -- saving ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A game in progress as JSON-ready data: setup, actions and the caller's ones."""
        return {"format": SAVE_FORMAT, **self.setup.to_json(),
                "actions": [str(action) for action in self.game.history],
                "timeouts": list(self.timeouts),
                "order": self.order.value, "long_names": self.words.long}

    @classmethod
    def from_json(cls, data: object, what: str = "saved game") -> SpeedSession:
        """The session saved by ``to_json``, rebuilt by replaying its actions (the events
        told again). ``InputError`` (or ``RulesError``) says what is wrong and where."""
        saved, setup = read_save(data, what)
        if setup.rules.mode is not Mode.SPEED:
            raise InputError("not a speed game (its rules' mode is not speed)", what)
        lines = need_list(saved.get("actions", []), f"{what}: actions", MAX_SPEED_ACTIONS)
        timeouts = need_list(saved.get("timeouts", []), f"{what}: timeouts", MAX_SPEED_ACTIONS)
        marked = {need_int(index, f"{what}: timeouts[{i}]", 0, len(lines) - 1)
                  for i, index in enumerate(timeouts)}
        order = saved_order(saved, what)
        session = cls(setup, words=saved_words(saved, what))
        session.order = order
        for index, line in enumerate(lines):
            where = f"{what}: actions[{index}]"
            try:
                action = parse_action(need_str(line, where, MAX_ACTION_TEXT))
                session.events += session._apply(action, timeout=index in marked)
            except (NotationError, IllegalAction) as error:
                raise InputError(str(error), where) from None
        return session

    def record(self) -> dict[str, Any]:
        """The game's speed record (``threethirteen.speedrecord``)."""
        return speed_record(self.game)


def _person_reason(error: IllegalAction, words: CardWords, right: str) -> str:
    """An engine refusal, said to the person."""
    reasons = {
        "must-discard": "You have drawn already: now discard a card.",
        "must-draw-first": "Draw a card first: from the stock (d) or "
                           f"{right}'s pile (t).",
        "already-acted": "You have played this step: wait for the next call.",
        "first-turn-out-forbidden": "You cannot go out on the first call.",
        "game-over": "The game is over.",
    }
    if error.reason == "card-not-in-hand" and isinstance(error.action, Discard):
        return f"{words.card(error.action.card)} is not in your hand."
    return reasons.get(error.reason, str(error))
