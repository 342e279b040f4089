"""Speed mode ("3-13 Speed", RULES.md "Speed") at the terminal, line by line: the person
and the computers answer every call at once.

At "Draw!" the person types ``draw`` (the top of the stock) or ``take`` (the top of the
pile on their right); at "Discard!" ``discard N`` (a position or a card) or ``out N``.
The computers answer from their own views (``bots.speedplay``); the caller waits
``speed_seconds`` for the person, then plays for them (``SpeedGame.tick``: a stock draw,
or the card just drawn thrown back). A speed game is not saved: it is played in one
sitting, as at a table.
"""

from __future__ import annotations

import random
import select
import sys
import time
from collections.abc import Callable, Sequence

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots.speedplay import speed_player
from threethirteen.cards import Card
from threethirteen.errors import IllegalAction, NotationError
from threethirteen.sim import derive_seed
from threethirteen.speed import SpeedGame, SpeedView
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.setup import Setup
from threethirteen.view import Phase

PERSON = 0
Reader = Callable[[str, float], str | None]  # (prompt, seconds) -> the line, None: too slow
Writer = Callable[[str], None]

HELP = ("At 'Draw!' type draw (the stock) or take (the top of the pile on your right); "
        "at 'Discard!' type discard and a card's position or name (discard 3, discard Q★), "
        "or out and the card when the rest of your hand melds. Everyone answers at once; "
        "the caller plays for you when you are too slow. quit leaves the game.")


def timed_input(prompt: str, seconds: float) -> str | None:
    """A line typed within ``seconds``, None when none came (POSIX: select on stdin)."""
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
    """A speed game of the person (seat 0) against the computers of ``setup``."""

    def __init__(self, setup: Setup, *, read: Reader = timed_input,
                 write: Writer = print, words: CardWords = SHORT) -> None:
        self.setup = setup
        self.words = words
        self.read = read
        self.write = write
        seed = setup.seed
        self.game = SpeedGame(setup.rules, seed=seed, names=setup.names)
        self.players = [None, *(speed_player(level) for level in setup.levels[1:])]
        self.rngs = [random.Random(derive_seed(seed, "bot", seat))
                     for seat in range(len(setup.names))]
        self._round = 0

    # -- the loop ------------------------------------------------------------------

    def run(self) -> None:
        """Play to the end, or until the person quits."""
        names = self.setup.names
        self.write(f"Three-Thirteen Speed, plain mode. You play against "
                   f"{', '.join(names[1:])}; everyone plays every call at once. {HELP}")
        try:
            while not self.game.is_over:
                if not self.step():
                    self.write("You left the game. It is not saved (speed games are played "
                               "in one sitting).")
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
        waiting = game.waiting
        views = {seat: game.view(seat) for seat in waiting}
        answers: list[Action] = []
        for seat, view in views.items():
            player = self.players[seat]
            if player is None:
                continue
            action = player.choose_speed(view, self.rngs[seat])
            if action is not None:
                answers.append(action)
        if PERSON in views:
            mine = self._ask(views[PERSON])
            if mine is False:
                return False
            if isinstance(mine, Draw | Discard):
                answers.append(mine)
        phase = game.phase
        for action in answers:
            game.apply(action)
        if set(game.waiting) & set(waiting) and game.phase is phase:
            game.tick()
        if phase is Phase.DISCARD:
            self._tell_call()
        return True

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
                self.write(f"You can go out: type out {outs[0]} ({words.card(outs[0])}).")
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
                return action
            except (IllegalAction, NotationError, ValueError) as error:
                self.write(f"Not played: {error}")

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
            for seat in played.seats:
                shown = result.seats[seat]
                self.write(f"  {names[seat]}: {shown.points} points")
            view = game.view(PERSON)
            self.write("Totals: " + ", ".join(f"{name} {total}" for name, total in
                                              zip(names, view.totals, strict=True)) + ".")

    def _scores(self) -> None:
        view = self.game.view(PERSON)
        self.write("Final scores:")
        for name, total in zip(view.players, view.totals, strict=True):
            self.write(f"  {name}: {total} points")
