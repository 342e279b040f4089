"""The plain mode: the same game line by line, with typed commands and no screen redraws.

Made for screen readers and braille displays: every line is a sentence or a short list,
nothing is drawn twice, nothing depends on colour or position on the screen. It reads
with ``input`` and writes with ``print`` (both replaceable), and needs no Textual.

Commands (``help`` lists them): ``draw``, ``take``, ``discard 3`` or ``discard Qs``,
``out Qs`` (asks to confirm), ``hand``, ``table``, ``hint``, ``undo``, ``rules``,
``scores``, ``sort``, ``log``, ``pace 0.5``, ``quit`` (saves the game).

Every change is saved before it is shown (the session's ``on_change`` hook, given a
``store.Keeper``): a game killed at any moment resumes where the person last saw it.
Whatever line is typed, the answer is one line or more of text, never a traceback.
"""

from __future__ import annotations

import contextlib
import select
import sys
import time
from collections.abc import Callable
from dataclasses import replace

from threethirteen.actions import Source
from threethirteen.cards import Card
from threethirteen.errors import ThreeThirteenError
from threethirteen.printable import printable
from threethirteen.tui import text
from threethirteen.tui.hand import (
    ShownHand,
    SortOrder,
    arrangement_text,
    order_hand,
    plain_card,
    plain_cards,
)
from threethirteen.tui.leaving import yes_no
from threethirteen.tui.session import PERSON, UNDO_WAIT, Event, Kind, Refused, Session, told
from threethirteen.tui.store import Keeper
from threethirteen.view import Phase

HELP = """Commands (a word, or its first letter where shown):
  draw (d)        draw the top card of the stock
  take (t)        take the top card of the discard pile
  discard N|card  discard by position in your hand or by name: discard 3, discard Qs
                  (on its own, a position or a card also discards: 3, Qs)
  out N|card      go out by discarding that card; you are asked to confirm
  hand            your hand and its best arrangement
  table           the table: opponents' card counts, the piles, the round, the scores
  hint (h)        ask the expert for advice (counted in the game's record)
  undo (u)        take back your last discard, before the next player draws: after
                  your discard the computers wait 3 seconds (or the pace, if longer)
                  for it; Enter plays on
  sort [suit|rank|melds]  order your hand (no word: the next order)
  scores          the score sheet
  rules           the rules and options of this game
  log             the last moves again
  pace SECONDS    how long each computer move stays before the next (0 = no pause)
  help (?)        this list
  quit (q)        save the game and leave; the next start offers to resume it"""

Reader = Callable[[str], str]
Writer = Callable[[str], None]
Listener = Callable[[float], str | None]  # waits up to the seconds; a line typed meanwhile


def _print(line: str) -> None:
    print(line, flush=True)


class PlainGame:
    """Play ``session`` line by line until the game ends or the person quits."""

    def __init__(self, session: Session, *, pace: float = 0.8,
                 order: SortOrder = SortOrder.SUIT, read: Reader = input,
                 write: Writer = _print, keeper: Keeper | None = None,
                 listen: Listener | None = None) -> None:
        self.session = session
        self.listen = listen if listen is not None else self._wait
        self.echoed = listen is None and read is input and sys.stdin.isatty()
        self.pace = pace
        self.order = order
        session.order = order
        self.read = read
        self.write = write
        self.keeper = keeper
        if keeper is not None:
            keeper.tell = write
            session.on_change = keeper.keep  # saved before it is shown
        self.skipping = False
        self.undo_window = False  # the person has just discarded: undo is still possible
        self.typed_ahead: list[str] = []  # lines typed while the computers played
        self._announced: tuple[int, int, str] | None = None

    # -- the loop ------------------------------------------------------------------

    def run(self) -> bool:
        """Play on; True when the game finished, False when the person quit (``quit``,
        the input's end, or Ctrl+C at any moment: the game is saved at every change)."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self.write("")
            return False

    def _play(self) -> bool:
        session = self.session
        names = ", ".join(f"{printable(name)} ({session.setup.levels[seat]})"
                          for seat, name in enumerate(session.names) if seat != PERSON)
        self.write(f"Three-Thirteen, plain mode. You play against {names}. "
                   "Type help for the commands.")
        self._round_start()
        while not session.is_over:
            if session.computer_to_act:
                self._computers()
                continue
            self._prompt_turn()
            try:
                prompt = f"Your {session.view().phase.value} > "
                if self.typed_ahead:
                    line = self.typed_ahead.pop(0)
                    self.write(prompt + line.strip())
                else:
                    line = self.read(prompt)
            except (EOFError, KeyboardInterrupt):
                self.write("")
                return False
            if not self.command(line):
                return False
        return True

    def command(self, line: str) -> bool:
        """Carry out one typed command; False when the person quits.

        Whatever the line, the answer is text: a refusal or a project error is said in
        one line and changes nothing.
        """
        words = line.strip().split()
        if not words:
            self.write("Type a command, or help for the list.")
            return True
        verb, rest = words[0].lower(), words[1:]
        if verb in ("q", "quit", "exit", "save"):
            return False
        handler = _COMMANDS.get(verb)
        try:
            if handler is not None:
                handler(self, rest)
            elif not rest and self.session.view().phase is Phase.DISCARD and _cardlike(verb):
                self._discard([verb], out=False)
            else:
                self.write(f"Unknown command {_quoted(words[0])}. Type help for the commands.")
        except Refused as refusal:
            self.write(str(refusal))
        except ThreeThirteenError as error:
            self.write(f"That cannot be done: {printable(str(error))}")
        return True

    # -- what the person sees ------------------------------------------------------

    def shown(self) -> ShownHand:
        view = self.session.view()
        assert view.hand is not None
        return order_hand(view.hand, wild=view.wild, rules=view.rules, order=self.order)

    def show_hand(self) -> None:
        view = self.session.view()
        shown = self.shown()
        words = self.session.words
        parts = []
        for index, card in enumerate(shown.cards):
            sep = "; " if index in shown.breaks else ", "
            card_text = f"{index + 1}: {plain_card(card, view.wild, words)}"  # "2: 8♥"
            parts.append(("" if index == 0 else sep) + card_text)
        self.write(f"Your hand ({self.order.label}): " + "".join(parts))
        self.write("Best arrangement: " + arrangement_text(
            shown.arrangement, view.wild, self.session.discard_advice(), words))
        goers = self.session.out_cards()
        if goers:  # by position: no card notation to type
            ways = [f"out {shown.cards.index(card) + 1} ({words.card(card)})" for card in goers]
            self.write(f"You can go out: type {ways[0]}"
                       + (f", or {' or '.join(ways[1:])}" if len(ways) > 1 else "") + ".")

    def show_table(self) -> None:
        view = self.session.view()
        words = self.session.words
        self.write(text.round_sentence(view, words))
        for seat in view.seats:
            if seat == PERSON:
                continue
            marks = []
            if seat == view.dealer:
                marks.append("dealer")
            if seat == view.out:
                marks.append("out")
            if seat == view.turn:
                marks.append("playing")
            extra = f" ({', '.join(marks)})" if marks else ""
            self.write(f"{view.players[seat]}{extra}: {text.count(view.hand_sizes[seat], 'card')}"
                       f", score {view.totals[seat]}.")
        top = "empty" if view.top is None else f"{plain_card(view.top, view.wild, words)} on top"
        self.write(f"Stock: {text.count(view.stock_size, 'card')}. Discard pile: {top}.")
        self.write(f"Your score: {view.totals[PERSON]}. {text.turn_text(view, PERSON)}.")

    def show_scores(self) -> None:
        for line in text.score_sentences(self.session.view(), self.session.words):
            self.write(line)

    def _prompt_turn(self) -> None:
        """Say once per phase what the person is to do."""
        view = self.session.view()
        key = (view.round_number, len(view.actions), view.phase.value)
        if key == self._announced:
            return
        self._announced = key
        if view.phase is Phase.DRAW:
            top = view.top
            take = (f", or take (the {plain_card(top, view.wild, self.session.words)})"
                    if top is not None else "")
            turn = ("Your turn." if view.out is None
                    else f"Your last turn: {view.players[view.out]} went out.")
            self.write(f"{turn} Type draw (from the stock, {text.count(view.stock_size, 'card')})"
                       f"{take}.")
        else:
            self.show_hand()
            self.write("Discard a card: discard and its position or name.")

    # -- computer turns ------------------------------------------------------------

    def _computers(self) -> None:
        if self.undo_window:  # a pause first: the person may still take the discard back
            self.undo_window = False  # as long as the table's, whatever the pace
            if self.session.undo_blocker() is None and self._pause(
                    max(self.pace, UNDO_WAIT)) == _UNDO:
                self.skipping = False
                return
        while self.session.computer_to_act:  # a turn at a time: its draw and its discard
            seat = self.session.state.turn
            events = self.session.play_computer()
            while events[-1].draw and self.session.state.turn == seat:
                events += self.session.play_computer()
            self._tell(events)
            if any(event.kind is Kind.ROUND_OVER for event in events):
                return
            if self.session.computer_to_act and not self.skipping:
                self._pause()
        self.skipping = False

    def _pause(self, seconds: float | None = None) -> str | None:
        """Pause ``pace`` seconds (or ``seconds``) between moves. Enter skips the pauses to
        the person's turn; ``undo`` is carried out at once (it says why not when it is too
        late); any other command is kept for the person's turn. Returns ``_UNDO`` after an
        undo."""
        line = self.listen(self.pace if seconds is None else seconds)
        if line is None:
            return None
        self.skipping = True
        if line.strip().lower() in ("u", "undo"):
            if not self.echoed:  # a terminal has shown the typed line already
                self.write(line.strip())
            self.command("undo")
            return _UNDO
        if line.strip():  # typed ahead: it is the person's next command
            self.typed_ahead.append(line)
        return None

    def _wait(self, seconds: float) -> str | None:
        """Wait ``seconds``; the line typed meanwhile, if any (reading ends the wait)."""
        if seconds <= 0:
            return None
        stdin = sys.stdin
        if self.read is input and stdin.isatty():
            ready, _, _ = select.select([stdin], [], [], seconds)
            return stdin.readline() if ready else None
        time.sleep(seconds)
        return None

    def _tell(self, events: list[Event]) -> None:
        for event in told(events, self.session.names):
            self.write(event.text)
            if event.kind is Kind.ROUND_OVER and event.result is not None:
                self._round_over(event)
            elif event.kind is Kind.GAME_OVER:
                self._game_over()

    def _round_over(self, event: Event) -> None:
        assert event.result is not None
        view = self.session.view()
        seats = [seat for seat in range(len(view.players))
                 if not event.result.playoff or event.result.seats[seat].melds
                 or event.result.seats[seat].deadwood]
        self.write("The hands:")
        for line in text.round_end_lines(event.result, view.players, seats, self.session.words):
            self.write("  " + line)
        self.write("Score sheet:")
        self.show_scores()
        if not self.session.is_over:
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.read("Press Enter for the next round. ")
            self._round_start()

    def _round_start(self) -> None:
        if self.session.is_over:
            return
        view = self.session.view()
        words = self.session.words
        self.write(text.round_sentence(view, words))
        if view.hand is None:
            return
        if not view.actions:
            self.write(f"You are dealt: {plain_cards(self.shown().cards, view.wild, words)}.")
            if view.top is not None:
                self.write("The discard pile starts with "
                           f"{plain_card(view.top, view.wild, words)}.")
            return
        # a resumed game: what happened since the person's last move, and the hand now
        recent = told(self.session.since_person(), self.session.names)
        if recent:
            self.write("Since your last move: " + "; ".join(e.text for e in recent) + ".")
        self.write(f"Your hand: {plain_cards(self.shown().cards, view.wild, words)}.")

    def _game_over(self) -> None:
        self.write("Final scores:")
        view = self.session.view()
        for seat, total in enumerate(view.totals):
            self.write(f"  {view.players[seat]}: {text.count(total, 'point')}")

    # -- commands ------------------------------------------------------------------

    def _draw(self, rest: list[str]) -> None:
        self._tell(self.session.draw(Source.STOCK))

    def _take(self, rest: list[str]) -> None:
        self._tell(self.session.draw(Source.DISCARD))

    def _discard(self, rest: list[str], *, out: bool = False) -> None:
        if len(rest) != 1:
            raise Refused("Say which card: discard 3 (its position) or discard Qs.")
        card = self._card(rest[0])
        going_out: bool | None = False
        if card in self.session.out_cards():  # a discard that would go out asks first
            going_out = self._ask_out(card)
        if going_out is None:
            self.write("Nothing discarded.")
            return
        self._discarded(self.session.discard(card, out=going_out))

    def _ask_out(self, card: Card) -> bool | None:
        """Go out with ``card``? Enter or yes: go out; no: just discard; the input's end:
        neither. Anything else asks again."""
        while True:
            try:
                answer = self.read(f"Go out with {self.session.words.card(card)}? "
                                   "Type yes or no (Enter: yes): ")
            except (EOFError, KeyboardInterrupt):
                return None
            said = yes_no(answer, enter=True)
            if said is not None:
                return said
            self.write("Please type yes or no.")

    def _out(self, rest: list[str]) -> None:
        goers = self.session.out_cards()
        if not rest:
            if len(goers) != 1:
                positions = [self.shown().cards.index(card) + 1 for card in goers]
                raise Refused(self.session.why_not_out() if not goers else "Say which card: "
                              + " or ".join(f"out {at}" for at in positions) + ".")
            card = goers[0]
        elif len(rest) == 1:
            card = self._card(rest[0])
        else:
            raise Refused("Say which card: out Qs.")
        if card not in goers:
            raise Refused(self.session.why_not_out(card))
        if not self._yes_or_no(f"Go out by discarding {self.session.words.card(card)}? "
                               "Type yes or no: "):
            self.write("Not going out.")
            return
        self._discarded(self.session.discard(card, out=True))

    def _discarded(self, events: list[Event]) -> None:
        """Tell the person's discard; while it can be taken back (the next player has not
        drawn, and the computers pause), its line says so: ``(u to undo)``."""
        self.undo_window = self.pace > 0 and self.session.undo_blocker() is None
        if self.undo_window:
            events = [replace(event, text=f"{event.text} (u to undo)")
                      if event.seat == PERSON and not event.draw and event.kind is Kind.MOVE
                      else event for event in events]
        self._tell(events)

    def _yes_or_no(self, question: str) -> bool:
        """Ask until the answer is yes or no (y, n); the input's end counts as no."""
        while True:
            try:
                said = yes_no(self.read(question))
            except (EOFError, KeyboardInterrupt):
                return False
            if said is not None:
                return said
            self.write("Please type yes or no.")

    def _card(self, word: str) -> Card:
        """A card of the hand from its position in the shown order or its name."""
        view = self.session.view()
        shown = self.shown()
        if _is_number(word):
            position = int(word)
            if not 1 <= position <= len(shown.cards):
                raise Refused(f"There is no card {position}: your hand has "
                              f"{len(shown.cards)} cards.")
            return shown.cards[position - 1]
        try:
            card = Card.parse(word)
        except ValueError:  # NotationError, or a stray character the parser missed
            raise Refused(f"{_quoted(word)} is not a card or a position "
                          "(like Qs, 10h or 3).") from None
        if view.hand is None or card not in view.hand:
            raise Refused(f"{self.session.words.card(card)} is not in your hand.")
        return card

    def _hand(self, rest: list[str]) -> None:
        self.show_hand()

    def _table(self, rest: list[str]) -> None:
        self.show_table()

    def _hint(self, rest: list[str]) -> None:
        self.write("Hint: " + self.session.hint())

    def _undo(self, rest: list[str]) -> None:
        self._tell(self.session.undo())
        self._announced = None

    def _rules(self, rest: list[str]) -> None:
        for line in text.rules_lines(self.session.view().rules):
            self.write(line)

    def _scores(self, rest: list[str]) -> None:
        self.show_scores()

    def _sort(self, rest: list[str]) -> None:
        if rest:
            try:
                self.order = SortOrder(rest[0].lower())
            except ValueError:
                raise Refused("Sort by suit, rank or melds.") from None
        else:
            self.order = self.order.next()
        self.session.set_order(self.order)
        if self.keeper is not None:
            self.keeper.remember(sort=self.order.value)  # new games start in this order
        self.show_hand()

    def _log(self, rest: list[str]) -> None:
        heard = told(self.session.events, self.session.names)
        for event in heard[-12:] or [Event(Kind.MOVE, "Nothing has happened yet.")]:
            self.write(event.text)

    def _pace(self, rest: list[str]) -> None:
        try:
            pace = float(rest[0]) if len(rest) == 1 else -1.0
        except ValueError:
            pace = -1.0
        if not 0 <= pace <= 10:
            raise Refused("Give the pause in seconds, 0 to 10: pace 0.5")
        self.pace = pace
        if self.keeper is not None:
            self.keeper.remember(pace=pace)  # the next game starts at this pace
        self.write(f"Computer moves now pause {pace:g} seconds; kept for your next games.")

    def _help(self, rest: list[str]) -> None:
        for line in HELP.splitlines():
            self.write(line)


_UNDO = "undo"
_LONGEST_WORD = 40  # a word longer than this is shown cut short


def _is_number(word: str) -> bool:
    """A position in the hand: ASCII digits only (``³`` is a digit to Python, not to int)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def _quoted(word: str) -> str:
    """A typed word, quoted and safe to print, cut short when very long."""
    if len(word) > _LONGEST_WORD:
        word = word[:_LONGEST_WORD] + "…"
    return repr(word)


def _cardlike(word: str) -> bool:
    if _is_number(word):
        return True
    try:
        Card.parse(word)
    except ValueError:  # NotationError, or a stray character the parser missed
        return False
    return True


_COMMANDS: dict[str, Callable[[PlainGame, list[str]], None]] = {
    "draw": PlainGame._draw, "d": PlainGame._draw, "stock": PlainGame._draw,
    "take": PlainGame._take, "t": PlainGame._take,
    "discard": PlainGame._discard, "x": PlainGame._discard,
    "out": PlainGame._out, "o": PlainGame._out,
    "hand": PlainGame._hand, "table": PlainGame._table, "hint": PlainGame._hint,
    "undo": PlainGame._undo, "u": PlainGame._undo,
    "rules": PlainGame._rules, "scores": PlainGame._scores,
    "sort": PlainGame._sort, "log": PlainGame._log, "pace": PlainGame._pace,
    "h": PlainGame._hint, "help": PlainGame._help, "?": PlainGame._help,
}
