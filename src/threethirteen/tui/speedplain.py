"""Speed mode ("3-13 Speed", RULES.md "Speed") at the terminal, line by line: the person
and the computers answer every call at once.

At "Draw!" the person types ``draw`` (the top of the stock) or ``take`` (the top of the
pile on their right); at "Discard!" ``discard N`` (a position or a card) or ``out N``.
The computers answer from their own views (``bots.speedplay``); the caller waits
``speed_seconds`` for the person, then plays for them (``SpeedGame.tick``: a stock draw,
or the card just drawn thrown back). The game is saved after every action, before it
is told (``SpeedSession.on_change``): ``quit``, an interrupted terminal or a kill leaves
it to resume.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable, Sequence

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.cards import Card
from threethirteen.errors import IllegalAction, NotationError
from threethirteen.speed import SpeedView
from threethirteen.tui.leaving import yes_no
from threethirteen.tui.session import Kind, Refused
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.store import Keeper
from threethirteen.tui.text import round_end_lines
from threethirteen.view import Phase

PERSON = 0
Reader = Callable[[str, float | None], str | None]  # (prompt, seconds or None: no clock)
# -> the line typed, None when the seconds ran out
Writer = Callable[[str], None]

HELP = ("At 'Draw!' type draw (the stock) or take (the top of the pile on your right); "
        "at 'Discard!' type discard and a card's position or name (discard 3, discard Q♠), "
        "or out and the card when the rest of your hand melds (you are asked to confirm). "
        "Everyone answers at once; the caller plays for you when you are too slow. After a "
        "round the clock waits for Enter. quit leaves the game.")


def timed_input(prompt: str, seconds: float | None) -> str | None:
    """A line typed within ``seconds`` (no limit for None), None when none came (POSIX:
    select on stdin)."""
    print(prompt, end="", flush=True)
    ready, _, _ = select.select([sys.stdin], [], [], seconds)
    if not ready:
        print(flush=True)
        return None
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


class SpeedPlain:
    """A speed game of the person (seat 0) against the computers of ``session``; each
    change is kept by ``keeper`` (when given) before it is told."""

    def __init__(self, session: SpeedSession, *, read: Reader = timed_input,
                 write: Writer = print, keeper: Keeper | None = None,
                 resumed: bool = False) -> None:
        self.session = session
        self.setup = session.setup
        self.game = session.game
        self.words = session.words
        self.read = read
        self.write = write
        self.keeper = keeper
        self.resumed = resumed
        if keeper is not None:
            keeper.tell = write
            session.on_change = keeper.keep
        self._round = 0

    # -- the loop ------------------------------------------------------------------

    def run(self) -> None:
        """Play to the end, or until the person quits (the game stays saved)."""
        names = self.setup.names
        if self.resumed:
            self.write(f"Resuming the speed game: round {self.game.round_number}, call "
                       f"{self.game.call}. {HELP}")
        else:
            self.write(f"Three-Thirteen Speed, plain mode. You play against "
                       f"{', '.join(names[1:])}; everyone plays every call at once. {HELP}")
        try:
            while not self.game.is_over:
                if not self.step():
                    self.write("You left the game.")
                    return
        except (EOFError, KeyboardInterrupt):
            self.write("You left the game.")
            return
        self._scores()
        view = self.game.view(PERSON)
        winners = view.winners or ()
        self.write("Winners: " + (", ".join(names[seat] for seat in winners) or "nobody")
                   + ".")

    def step(self) -> bool:
        """One step of a call: every seat's answer, the person's typed; False on quit."""
        game = self.game
        if game.round_number != self._round:
            self._announce()
        step = self.session.step
        phase = game.phase
        person = PERSON in game.waiting
        view = game.view(PERSON)  # taken before the computers answer: no one sees theirs
        self.session.computers_answer()  # each from its own view, saved before told
        if person:
            mine = self._ask(view)
            if mine is False:
                return False
            if isinstance(mine, Draw | Discard):
                self._play(mine)
        if self.session.step == step and game.waiting:
            self.session.tick()
        if phase is Phase.DISCARD:
            self._tell_call()
        return True

    def _play(self, action: Action) -> None:
        if isinstance(action, Draw):
            self.session.draw(action.source)
            return
        events = self.session.discard(action.card, out=action.out)
        if action.out:  # "You went out, discarding 9♣", as the standard plain mode says
            for event in events:
                if event.seat == PERSON and event.kind is Kind.MOVE:
                    self.write(f"{event.text}.")

    # -- the person ------------------------------------------------------------------

    def _ask(self, view: SpeedView) -> Action | bool | None:
        """The person's answer: an action, None when too slow, False to quit."""
        seconds = float(view.rules.speed_seconds)
        words = self.words
        hand = sorted(view.hand or (), key=Card.sort_key)
        right = self.game.right_of(PERSON)
        pile = view.piles[right]
        if view.phase is Phase.DRAW:
            top = words.card(pile[-1]) if pile else "nothing"
            self.write(f"Call {view.call}. Your hand: {self._numbered(hand, view)}.")
            self.write(f"Stock: {view.stock_size} cards; {view.players[right]}'s pile: {top}.")
            prompt = f"Draw! draw or take ({seconds:g} s) > "
        else:
            drawn = words.card(view.drawn) if view.drawn is not None else "?"
            self.write(f"You drew {drawn}. Your hand: {self._numbered(hand, view)}.")
            outs = [action.card for action in view.legal
                    if isinstance(action, Discard) and action.out]
            if outs and self.game.rules.false_out.value == "reject":
                ways = [f"out {hand.index(card) + 1} ({words.card(card)})"
                        for card in outs if card in hand]
                self.write(f"You can go out: type {' or '.join(ways)}.")
            prompt = f"Discard! discard N or out N ({seconds:g} s) > "
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            line = self.read(prompt, max(left, 0.0)) if left > 0 else None
            if line is None:
                what = ("drew from the stock" if view.phase is Phase.DRAW
                        else "threw back the card you drew")
                self.write(f"Too slow: the caller {what} for you.")
                return None
            text = line.strip().lower()
            if text in ("quit", "q", "exit"):
                return False
            if text in ("help", "?"):
                self.write(HELP)
                continue
            try:
                action = self._action(text, view, hand)
                self.game.check(action)
                if isinstance(action, Discard) and action.out:
                    if action.card not in self.session.out_cards():
                        raise Refused(self.session.why_not_out(action.card))
                    sure = self._sure(action.card, deadline)
                    if sure is None:
                        self.write("Too slow: the caller threw back the card you drew for "
                                   "you.")
                        return None
                    if not sure:
                        self.write("Not going out.")
                        continue
                return action
            except (IllegalAction, NotationError, ValueError, Refused) as error:
                self.write(f"Not played: {error}")

    def _sure(self, card: Card, deadline: float) -> bool | None:
        """Go out with ``card``? Asked on the call's clock: yes (or Enter), no, or None when
        the clock ran out."""
        while True:
            left = deadline - time.monotonic()
            answer = self.read(f"Go out by discarding {self.words.card(card)}? yes or no "
                               f"({max(left, 0):.0f} s) > ", left) if left > 0 else None
            if answer is None:
                return None
            said = yes_no(answer, enter=True)
            if said is not None:
                return said
            self.write("Please type yes or no.")

    def _action(self, text: str, view: SpeedView, hand: Sequence[Card]) -> Action:
        words = text.split()
        if view.phase is Phase.DRAW:
            if text in ("draw", "d", "stock", "draw stock"):
                return Draw(PERSON, Source.STOCK)
            if text in ("take", "t", "pile", "draw discard"):
                return Draw(PERSON, Source.DISCARD)
            raise ValueError(f"type draw or take, not {text!r:.30}")
        if len(words) != 2 or words[0] not in ("discard", "out", "x", "o"):
            raise ValueError("type discard and a card's position or name (discard 3), or out "
                             "and the card")
        card = self._card(words[1], hand)
        return Discard(PERSON, card, out=words[0] in ("out", "o"))

    @staticmethod
    def _card(word: str, hand: Sequence[Card]) -> Card:
        if word.isdigit():
            index = int(word) - 1
            if not 0 <= index < len(hand):
                raise ValueError(f"there is no card {word}: your hand holds {len(hand)}")
            return hand[index]
        return Card.parse(word)

    def _numbered(self, hand: Sequence[Card], view: SpeedView) -> str:
        wild = view.wild
        return ", ".join(f"{index}: {self.words.marked(card, card.is_joker or card.rank == wild)}"
                         for index, card in enumerate(hand, 1))

    # -- what happened -----------------------------------------------------------------

    def _announce(self) -> None:
        view = self.game.view(PERSON)
        self._round = view.round_number
        size = len(view.hand or ()) if view.seat in view.seats else 0
        wild = ("no wild rank, jokers wild" if view.wild is None
                else f"wild rank {self.words.rank(view.wild)}")
        head = ("Playoff round" if view.playoff
                else f"Round {view.round_number} of {view.rules.rounds}")
        right = view.players[self.game.right_of(PERSON)] if PERSON in view.seats else "-"
        self.write(f"{head} (speed): {size} cards each, {wild}. You take from {right}'s pile.")

    def _tell_call(self) -> None:
        """After a call: each computer's draw and discard, and the round's end."""
        game = self.game
        played = next(r for r in reversed(game.rounds()) if r.calls)  # the call just ended
        call = played.calls[-1]
        names = game.names
        seats = played.seats
        discards = {discard.seat: discard for discard in call.discards}
        for draw in call.draws:
            discard = discards[draw.seat]
            if draw.seat == PERSON:
                continue
            right = seats[seats.index(draw.seat) - 1]
            owner = "your" if right == PERSON else f"{names[right]}'s"
            source = ("the stock" if draw.source is Source.STOCK
                      else f"{owner} pile: {self.words.card(draw.card)}")
            out = " and went out" if discard.out else ""
            self.write(f"{names[draw.seat]} drew from {source}, discarded "
                       f"{self.words.card(discard.card)}{out}.")
        result = played.result
        if result is not None:
            outs = [names[seat] for seat in result.outs] if result.outs else []
            who = outs[0] if len(outs) == 1 else f"{', '.join(outs[:-1])} and {outs[-1]}"
            self.write(f"Round {played.number} is over: "
                       + (f"{who} went out." if outs else "the stock ran out."))
            self.write("The hands:")
            for line in round_end_lines(result, names, played.seats, self.words):
                self.write("  " + line)
            view = game.view(PERSON)
            self.write("Totals: " + ", ".join(f"{name} {total}" for name, total in
                                              zip(names, view.totals, strict=True)) + ".")
            if not game.is_over:  # the next round's clock starts once this is read
                following = ("the playoff round" if view.playoff
                             else f"round {view.round_number}")
                self.read(f"Press Enter for {following}. ", None)

    def _scores(self) -> None:
        view = self.game.view(PERSON)
        self.write("Final scores:")
        for name, total in zip(view.players, view.totals, strict=True):
            self.write(f"  {name}: {total} points")
