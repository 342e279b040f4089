"""What the two full-screen tables share: the person's hand, its keys, and the frame.

``HandTable`` is the base of ``TableApp`` (turns) and ``SpeedApp`` (speed). It holds the
hand's actions (choose a card by arrow, number key or click; sort; discard, and go out
after a question), the keys that still answer when their move is not legal, the log and
the message line, the page of a terminal too small, the question about a saved game and
the choice at the game's end. Each table says how a move is carried out (``_act``), how
it shows itself (``refresh_table``, ``shown``), when a move is legal (``_legal``) and what
size it needs (``_need``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from threethirteen.cards import Card, Rank
from threethirteen.tui import store, text
from threethirteen.tui.cardwords import CardWords
from threethirteen.tui.hand import ShownHand, SortOrder, arrangement_text
from threethirteen.tui.keyline import Key, KeyLine
from threethirteen.tui.screens import Ask, GoOutAsk, StrictAsk, score_table
from threethirteen.tui.screens import Page as _Page
from threethirteen.tui.session import Event, Session
from threethirteen.tui.setup import Setup, new_seed
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.widgets import CARD_KEYS, CardView, HandView, MoveLog
from threethirteen.view import Phase

_KEY_NAMES = {"!": "exclamation_mark", "@": "at", "#": "number_sign", "$": "dollar_sign",
              "%": "percent_sign"}
QUIT_NOW = Binding("ctrl+q,ctrl+c", "save_quit", "Save & quit", show=False, priority=True)


def hand_bindings(take: str) -> list[Binding]:
    """The hand's keys, the same at both tables; ``take`` labels ``t``."""
    return [
        Binding("d", "draw", "Draw stock"),
        Binding("t", "take", take),
        Binding("enter,x", "discard", "Discard"),
        Binding("o", "out", "Go out"),
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(_KEY_NAMES.get(key, key), f"pick({index})", f"card {index + 1}", show=False)
          for index, key in enumerate(CARD_KEYS)),
        Binding("s", "sort", "Sort"),
    ]


def bound_keys(bindings: Sequence[object]) -> frozenset[str]:
    """Every key of ``bindings`` (those that mean something at the table)."""
    return frozenset(key.strip() for binding in bindings if isinstance(binding, Binding)
                     for key in binding.key.split(","))


S = TypeVar("S", Session, SpeedSession)  # the session a table plays



class HandTable(App[str], Generic[S]):
    """A full-screen table of the person's ``session``; ``run()`` returns a line to print
    on leaving. ``other`` is a saved game of the other kind the person chose to resume:
    the caller plays it at its own table."""

    MOVES: ClassVar[tuple[str, ...]] = ()  # offered in the key line only when legal
    QUITS: ClassVar[tuple[str, ...]] = ("save_quit",)  # offered while too small
    TOO_SMALL: ClassVar[str] = ""  # the page of a terminal too small, to format

    def __init__(self, setup: Setup, *, saved: store.AnySession | None = None,
                 resume: bool = False, pace: float = 0.8, order: SortOrder = SortOrder.SUIT,
                 keeper: store.Keeper | None = None, save: bool = True,
                 words: CardWords | None = None) -> None:
        super().__init__()
        self.setup = setup
        # how cards are named; None: as a saved game last named them (new games: short)
        self.words = words
        if saved is not None and words is not None:
            saved = saved.with_words(words)
        self.saved = saved
        self.resume = resume
        self.pace = pace
        self.order = order
        # ``save=False``: nothing is written (the tests' tables)
        self.keeper = (keeper if keeper is not None else store.Keeper()) if save else None
        self.unrecorded: list[tuple[store.Keeper, store.AnySession]] = []  # records to write
        self.other: store.AnySession | None = None
        self.ignored = ""  # said on resuming: the options given that a saved game ignores
        own = self._own(saved) if saved is not None else None
        self.session: S = own if own is not None and resume else self._new_session(setup)
        self.cursor = 0
        self.message = ""
        self.record_path = ""
        self._started = False
        self._texts: dict[str, str | Text] = {}
        self._binding_states: tuple[bool | None, ...] = ()

    # -- what each table says ------------------------------------------------------

    def _own(self, saved: store.AnySession) -> S | None:
        """``saved`` if it is played at this table, else None."""
        raise NotImplementedError

    def _new_session(self, setup: Setup) -> S:
        raise NotImplementedError

    async def _start(self, session: S, message: str = "") -> None:
        raise NotImplementedError

    def _mounted(self) -> None:
        """Anything the table starts once mounted, before the game (a clock)."""

    def _need(self) -> tuple[int, int]:
        """The smallest terminal the table fits: columns and rows."""
        raise NotImplementedError

    def _legal(self, action: str) -> bool | None:
        """True if the move ``action`` (one of ``MOVES``) is legal now, else None."""
        raise NotImplementedError

    def _act(self, request: Callable[[], list[Event]]) -> None:
        """Carry out a move of the person; a refusal changes nothing and says why."""
        raise NotImplementedError

    def shown(self) -> ShownHand:
        """The person's hand as it is shown: in order, with its arrangement."""
        raise NotImplementedError

    def refresh_table(self) -> None:
        """Show the table as the person's view has it now."""
        raise NotImplementedError

    def _discard(self, card: Card, out: bool) -> list[Event]:
        """The person's discard of ``card`` (going out when ``out``)."""
        return self.session.discard(card, out=out)

    def _compose_hand(self, keys: Sequence[Key]) -> ComposeResult:
        """The bottom of the table: the log, the hand, the lines below it, the ``keys``
        and the page of a terminal too small."""
        yield MoveLog(id="log")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
            yield Static(id="arrangement")
        yield Static(id="turn")
        yield Static(id="message")
        yield KeyLine(id="keys", keys=keys)
        yield Static(id="too-small")

    # -- starting ------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """True once a game is on the table (not while the resume question is open)."""
        return self._started

    async def on_mount(self) -> None:
        if self.keeper is not None:
            self.keeper.tell = self._note
        self._mounted()
        if self.saved is not None and not self.resume:
            question = (f"A saved game is waiting: {store.describe_saved(self.saved)}.\n\n"
                        "Resume it? y resumes it; n starts a new game and discards it.")
            self.push_screen(StrictAsk(question), self._resume_answer)
        elif self.saved is not None and self.session is self.saved:
            await self._start(self.session, self.ignored)
        else:
            await self._start(self.session)

    async def _resume_answer(self, answer: bool | None) -> None:
        saved = self.saved
        assert saved is not None
        own = self._own(saved)
        if answer and own is None:  # a game of the other kind: its own table
            self.other = saved
            self.exit("")
        elif answer and own is not None:
            await self._start(own, " ".join(
                part for part in ("Resumed the saved game.", self.ignored) if part))
        elif answer is False:
            if self.keeper is not None:
                self.keeper.forget()
            await self._start(self._new_session(self.setup), "A new game.")

    def _note(self, line: str) -> None:
        """A note of the keeper (cannot save, saved again), in the log and below the hand."""
        if self._started:
            self.query_one("#log", MoveLog).write_line(line)
        self.say(line)

    # -- a terminal too small for the table ---------------------------------------------

    @property
    def too_small(self) -> bool:
        """True while the terminal is smaller than the table needs (a page says so)."""
        return self.default_screen.has_class("-too-small")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Show the table, or (below its smallest size) a page saying what it needs."""
        need_width, need_height = self._need()
        small = width < need_width or height < need_height
        changed = small != self.too_small
        self.default_screen.set_class(small, "-too-small")
        if changed and self._started:  # the keys offered change with it
            self._binding_states = ()
            self.refresh_table()
        if small:
            self.query_one("#too-small", Static).update(self.TOO_SMALL.format(
                need_width=need_width, need_height=need_height, width=width, height=height))

    # -- the end of the game -------------------------------------------------------

    def _note_record(self) -> None:
        """Where the finished game's record is, or why it is not written yet."""
        keeper = self.keeper
        self.record_path = ""
        if keeper is not None and keeper.recorded:
            self.record_path = str(keeper.record_path)
        elif keeper is not None:
            self.record_path = (f"not written yet ({keeper.failure}); it is kept, and "
                                "you are asked again when you leave")

    async def _after_game(self, choice: str | None) -> None:
        """A new game (``choice`` "new"), its record kept to write; or leave."""
        if choice == "new":
            keeper = self.keeper
            if keeper is not None:
                if not keeper.recorded:
                    self.unrecorded.append((keeper, self.session))
                self.keeper = store.Keeper(keeper.folder, tell=self._note)
            setup = replace(self.setup, seed=new_seed())
            await self._start(self._new_session(setup), "A new game.")
        else:
            self.exit(f"The game is over. {text.winners_text(self.session.view())}")

    # -- showing ---------------------------------------------------------------------

    def _update(self, selector: str, content: str | Text) -> None:
        """Update a line of text, if it changed (an unchanged screen costs nothing)."""
        if self._texts.get(selector) != content:
            self._texts[selector] = content
            self.query_one(selector, Static).update(content)

    def _show_hand(self, wild: Rank | None, *, discarding: bool, new: Card | None,
                   advice: str) -> None:
        """The hand, the chosen card raised only to be discarded, and its best
        arrangement with ``advice``."""
        shown = self.shown()
        self.cursor = max(0, min(self.cursor, len(shown.cards) - 1))
        self.query_one("#hand", HandView).show(
            shown.cards, wild, breaks=shown.breaks, cursor=self.cursor if discarding else -1,
            new=new if discarding else None)
        self.query_one("#hand-box", Widget).border_title = f"Your hand ({self.order.label})"
        best = Text()
        best.append("Best arrangement — ", style="bold")
        best.append(arrangement_text(shown.arrangement, wild, advice, self.session.words))
        self._update("#arrangement", best)

    def _show_keys(self) -> None:
        """The key line, redrawn only when a move's legality changes."""
        states = tuple(self.check_action(name, ()) for name in self.MOVES)
        if states != self._binding_states:
            self._binding_states = states
            self.query_one("#keys", KeyLine).show(
                {name: state is True for name, state in zip(self.MOVES, states, strict=True)})
            self.refresh_bindings()

    def say(self, message: str) -> None:
        """A short line for the person, below the hand."""
        self.message = message
        self._update("#message", message)

    def tell(self, told: Sequence[Event]) -> None:
        """Write events into the log."""
        log = self.query_one("#log", MoveLog)
        for event in told:
            log.write_line(event.text)

    # -- keys ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer moves in the key line only when they are legal (the keys still answer).
        While the terminal is too small, only quitting is offered."""
        if self._started and self.too_small and action not in self.QUITS:
            return None
        if not self._started or action not in self.MOVES:
            return True
        return self._legal(action)

    # Keys whose binding is switched off (the move is not legal now) still answer, with
    # the reason, through Textual's key_<name> methods; nothing changes.

    def _explain(self, action: Callable[[], None]) -> None:
        if not isinstance(self.screen, ModalScreen) and not self.too_small:
            action()

    def key_d(self) -> None:
        self._explain(self.action_draw)

    def key_t(self) -> None:
        self._explain(self.action_take)

    def key_enter(self) -> None:
        self._explain(self.action_discard)

    def key_x(self) -> None:
        self._explain(self.action_discard)

    def key_o(self) -> None:
        self._explain(self.action_out)

    def on_key(self, event: events.Key) -> None:
        """A printable key that means nothing here gets a short answer."""
        if isinstance(self.screen, ModalScreen) or not event.is_printable or self.too_small:
            return
        if event.key not in bound_keys(type(self).BINDINGS):
            self.say(f"The key {event.character!r} does nothing here: press ? for the keys.")

    # -- the hand's actions ----------------------------------------------------------

    def action_draw(self) -> None:
        raise NotImplementedError

    def action_take(self) -> None:
        raise NotImplementedError

    def _chosen(self) -> Card | None:
        cards = self.shown().cards
        return cards[self.cursor] if 0 <= self.cursor < len(cards) else None

    def action_discard(self) -> None:
        card = self._chosen()
        if card is None:
            self.say("Choose a card first.")
            return
        if card not in self.session.out_cards():
            self._act(lambda: self._discard(card, False))
            return

        def answer(out: bool | None) -> None:  # a discard that would go out asks first
            if out is None:
                self.say("Nothing discarded.")
            else:
                self._act(lambda: self._discard(card, out))

        self.push_screen(GoOutAsk(self.session.words.card(card)), answer)

    def action_out(self) -> None:
        card = self._chosen()
        goers = self.session.out_cards()
        if not goers:
            self.say(self.session.why_not_out())
            return
        if card not in goers:
            self.say(self.session.why_not_out(card) + " Choose it, then press o.")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._act(lambda: self.session.discard(card, out=True))
            else:
                self.say("Not going out.")

        self.push_screen(Ask(f"Go out by discarding {self.session.words.card(card)}?"), answer)

    def action_move(self, step: int) -> None:
        count = len(self.shown().cards)
        if count:
            self.cursor = (self.cursor + step) % count
            self.refresh_table()

    def action_pick(self, index: int) -> None:
        count = len(self.shown().cards)
        if index >= count:
            self.say(f"There is no card {index + 1}: your hand has {count} cards.")
            return
        self.cursor = index
        self.refresh_table()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        """A click chooses a card; a click on the chosen card discards it."""
        if (message.index == self.cursor and self.session.person_to_act
                and self.session.view().phase is Phase.DISCARD):
            self.action_discard()
        else:
            self.action_pick(message.index)

    def action_sort(self) -> None:
        card = self._chosen()
        self.order = self.order.next()
        self.session.set_order(self.order)
        if self.keeper is not None:
            self.keeper.remember(sort=self.order.value)  # new games start in this order
        if card is not None:
            self.cursor = self.shown().cards.index(card)
        self.say(f"Your hand is sorted {self.order.label}.")
        self.refresh_table()

    def action_scores(self) -> None:
        self.push_screen(_Page("Scores", score_table(self.session.view(), self.session.words),
                               page_id="scores"))

    def action_save_quit(self) -> None:
        """Leave at once; the game is already saved (``leaving.leave`` says where, or
        retries)."""
        self.exit("")
