"""The full-screen table: the person's hand at the bottom, the opponents around it.

``TableApp`` drives a ``Session``: the person's keys and clicks become requests to it,
and the computers' moves are played one at a time, each shown for ``pace`` seconds
(``space`` skips to the person's turn, ``+``/``-`` change the pace). A request the table
refuses leaves everything as it was and says why in one short line.

Every change is saved before it is drawn: the session's ``on_change`` hook writes the
game through a ``store.Keeper``, whose notes (cannot save, saved again) appear in the log
and the message line. What is left to do when the table closes (a save or a record that
could not be written) is done by ``leaving.leave`` once the terminal is back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Header, Static

from threethirteen.actions import Discard, Source
from threethirteen.cards import Card
from threethirteen.tui import store, text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import ShownHand, SortOrder, arrangement_text, order_hand
from threethirteen.tui.keyline import KeyLine
from threethirteen.tui.screens import (
    Ask,
    GoOutAsk,
    StrictAsk,
    game_page,
    help_page,
    round_page,
    score_table,
)
from threethirteen.tui.screens import Page as _Page
from threethirteen.tui.session import PERSON, Event, Kind, Refused, Session
from threethirteen.tui.setup import Setup, new_seed, side
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.style import CSS, HORIZONTAL, VERTICAL, min_size
from threethirteen.tui.widgets import CARD_KEYS, CardView, HandView, MoveLog, Pile, Seat
from threethirteen.view import Phase

PACES = (0.0, 0.25, 0.5, 0.8, 1.2, 2.0, 3.0)
UNDO_WAIT = 3.0  # seconds the next computer waits after the person's discard, undo possible
UNDO_NOTICE = "u takes back your discard; space plays on."
_MOVES = ("draw", "take", "discard", "out", "undo")  # offered in the key line only when legal
_KEY_NAMES = {"!": "exclamation_mark", "@": "at", "#": "number_sign", "$": "dollar_sign",
              "%": "percent_sign"}


def _keys(bindings: Sequence[Binding]) -> frozenset[str]:
    return frozenset(key.strip() for binding in bindings for key in binding.key.split(","))


class TableApp(App[str]):
    """Three-Thirteen at the terminal; ``run()`` returns a line to print on leaving."""

    TITLE = "Three-Thirteen"
    CSS = CSS
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("d", "draw", "Draw stock"),
        Binding("t", "take", "Take discard"),
        Binding("enter,x", "discard", "Discard"),
        Binding("o", "out", "Go out"),
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(_KEY_NAMES.get(key, key), f"pick({index})", f"card {index + 1}", show=False)
          for index, key in enumerate(CARD_KEYS)),
        Binding("s", "sort", "Sort"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("c", "scores", "Scores"),
        Binding("question_mark", "help", "Rules/keys", key_display="?"),
        Binding("space", "skip", "Skip", show=False),
        Binding("plus,equals_sign", "pace(1)", "Slower", show=False),
        Binding("minus", "pace(-1)", "Faster", show=False),
        Binding("q", "save_quit", "Save & quit"),
        Binding("ctrl+q,ctrl+c", "save_quit", "Save & quit", show=False, priority=True),
    ]

    def __init__(self, setup: Setup, *, saved: store.AnySession | None = None,
                 resume: bool = False,
                 pace: float = 0.8, order: SortOrder = SortOrder.SUIT,
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
        # a saved speed game the person chose to resume: the caller plays it at its table
        self.other: SpeedSession | None = None
        self.session = (saved if isinstance(saved, Session) and resume
                        else self._new_session(setup))
        self.cursor = 0
        self.drawn: Card | None = None
        self.message = ""
        self._said_at: int | None = None  # moves made when the message was said
        self.record_path = ""
        self._skip = asyncio.Event()
        self._started = False
        self._texts: dict[str, str | Text] = {}
        self._binding_states: tuple[bool | None, ...] = ()

    # -- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="table"):
            yield Horizontal(id="top-row")
            with Horizontal(id="mid-row"):
                yield Vertical(id="left-col")
                with Horizontal(id="centre"):
                    yield Pile("stock", id="stock")
                    yield Pile("discard", id="discard")
                yield Vertical(id="right-col")
            yield Static(id="info")
        yield MoveLog(id="log")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
            yield Static(id="arrangement")
        yield Static(id="turn")
        yield Static(id="message")
        yield KeyLine(id="keys")
        yield Static(id="too-small")

    @property
    def started(self) -> bool:
        """True once a game is on the table (not while the resume question is open)."""
        return self._started

    async def on_mount(self) -> None:
        if self.keeper is not None:
            self.keeper.tell = self._note
        if self.saved is not None and not self.resume:
            question = (f"A saved game is waiting: {store.describe_saved(self.saved)}.\n\n"
                        "Resume it? y resumes it; n starts a new game and discards it.")
            self.push_screen(StrictAsk(question), self._resume_answer)
        else:
            await self._start(self.session)

    async def _resume_answer(self, answer: bool | None) -> None:
        saved = self.saved
        assert saved is not None
        if answer and isinstance(saved, SpeedSession):  # a speed game: its own table
            self.other = saved
            self.exit("")
        elif answer and isinstance(saved, Session):
            await self._start(saved, "Resumed the saved game.")
        elif answer is False:
            if self.keeper is not None:
                self.keeper.forget()
            await self._start(self._new_session(self.setup), "A new game.")

    def _new_session(self, setup: Setup) -> Session:
        return Session(setup, words=self.words or SHORT)

    def _note(self, line: str) -> None:
        """A note of the keeper (cannot save, saved again), in the log and below the hand."""
        if self._started:
            self.query_one("#log", MoveLog).write_line(line)
        self.say(line)

    async def _seat(self, names: Sequence[str]) -> None:
        """Seat the opponents around the table: Left, Top, Right (or as many as play)."""
        if tuple(seat.name for seat in self.query(Seat)) == tuple(names[1:]):
            return
        await self.query(Seat).remove()
        places = {where: self.query_one(f"#{where}", Widget)
                  for where in ("top-row", "left-col", "right-col")}
        opponents = list(enumerate(names))[1:]
        for seat, name in opponents:
            if side(name) == "top":
                await places["top-row"].mount(Seat(seat, name))
        for seat, name in reversed(opponents):  # up the left side, clockwise
            if side(name) == "left":
                await places["left-col"].mount(Seat(seat, name))
        for seat, name in opponents:
            if side(name) == "right":
                await places["right-col"].mount(Seat(seat, name))

    # -- a terminal too small for the table ---------------------------------------------

    @property
    def too_small(self) -> bool:
        """True while the terminal is smaller than the table needs (a page says so)."""
        return self.default_screen.has_class("-too-small")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Show the table, or (below its smallest size) a page saying what it needs."""
        need_width, need_height = min_size(self.session.names)
        small = width < need_width or height < need_height
        changed = small != self.too_small
        self.default_screen.set_class(small, "-too-small")
        if changed and self._started:  # the keys offered change with it
            self._binding_states = ()
            self.refresh_table()
        if small:
            self.query_one("#too-small", Static).update(
                f"The terminal is too small for the table: it needs at least "
                f"{need_width}x{need_height} (columns x rows), and it is {width}x{height}.\n\n"
                "Make the window larger or the font smaller, or play line by line: "
                "three-thirteen play --plain\n\nq saves and quits.")

    async def _start(self, session: Session, message: str = "") -> None:
        await self._seat(session.names)
        if self.keeper is not None:
            session.on_change = self.keeper.keep  # saved before it is shown
        if session is self.saved:
            self.order = session.order  # a resumed game keeps its sort order
        else:
            session.order = self.order
        self.session = session
        self.setup = session.setup
        self.cursor = 0
        self.drawn = None
        self.message = message
        self._said_at = None  # kept until the person's first move
        self._started = True
        log = self.query_one("#log", MoveLog)
        log.clear()
        title = text.round_title(session.view(), session.words)
        log.write_line(f"{title}. Press ? for the keys and rules.")
        for event in session.round_so_far():  # a resumed game: the round's moves so far
            log.write_line(event.text)
        self._fit(*self.size)
        self.refresh_table()
        self.proceed([])

    # -- showing the table -----------------------------------------------------------

    def shown(self) -> ShownHand:
        view = self.session.view()
        assert view.hand is not None
        return order_hand(view.hand, wild=view.wild, rules=view.rules, order=self.order)

    def refresh_table(self) -> None:
        """Show the table as the person's view has it now."""
        session = self.session
        view = session.view()
        self.sub_title = text.round_title(view, self.session.words)
        for panel in self.query(Seat):
            seat = panel.seat
            panel.show(
                view.players[seat], session.setup.levels[seat], cards=view.hand_sizes[seat],
                score=view.totals[seat], dealer=seat == view.dealer,
                playing=seat == view.turn, out=seat == view.out)
        self.query_one("#stock", Pile).show_stock(view.stock_size)
        self.query_one("#discard", Pile).show_discard(view.top, view.wild,
                                                      len(view.discard_pile))
        self._update("#info", self._info_line())
        shown = self.shown()
        self.cursor = max(0, min(self.cursor, len(shown.cards) - 1))
        discarding = view.phase is Phase.DISCARD and view.my_turn
        new = self.drawn if discarding else None
        cursor = self.cursor if discarding else -1  # a card is raised only to be discarded
        self.query_one("#hand", HandView).show(shown.cards, view.wild, breaks=shown.breaks,
                                               cursor=cursor, new=new)
        self.query_one("#hand-box", Widget).border_title = f"Your hand ({self.order.label})"
        best = Text()
        best.append("Best arrangement — ", style="bold")
        best.append(arrangement_text(shown.arrangement, view.wild,
                                     session.discard_advice(), session.words))
        self._update("#arrangement", best)
        self._update("#turn", self._turn_line())
        if self._said_at is not None and self._said_at != len(session.state.history):
            self.message = ""  # said before a move: it no longer applies
        self._update("#message", self.message)
        states = tuple(self.check_action(name, ()) for name in _MOVES)
        if states != self._binding_states:  # the key line is redrawn only when a move changes
            self._binding_states = states
            self.query_one("#keys", KeyLine).show(
                {name: state is True for name, state in zip(_MOVES, states, strict=True)})
            self.refresh_bindings()

    def _info_line(self) -> str:
        """The round, the wild cards and the person's score, in one line."""
        view = self.session.view()
        jokers = " (and any joker)" if view.rules.jokers else ""
        head = ("Playoff round" if view.playoff
                else f"Round {view.round_number} of {view.rules.rounds}")
        wild = self.session.words.rank(view.wild)
        wilds = f"every {wild}{jokers}" if view.wild is not None else "jokers only"
        info = f"{head} · wild: {wilds} · your score {view.totals[PERSON]}"
        if view.dealer == PERSON:
            info += " · you deal"
        if self.session.hints:
            info += f" · hints used {len(self.session.hints)}"
        return info

    def _update(self, selector: str, content: str | Text) -> None:
        """Update a line of text, if it changed (an unchanged screen costs nothing)."""
        if self._texts.get(selector) != content:
            self._texts[selector] = content
            self.query_one(selector, Static).update(content)

    def _turn_line(self) -> Text:
        """Whose turn it is and what to do. The person's turn stands out (a ``▶``, bold,
        reversed), the last turn more (``⚠ Your last turn``); a computer's turn is plain."""
        view = self.session.view()
        words = text.turn_text(view, PERSON)
        if not view.my_turn:
            more = "" if self.session.is_over else f" … (space: skip, pace {self.pace:g}s)"
            return Text(words + more)
        goers = self.session.out_cards()
        if view.phase is Phase.DRAW:
            more = " — d: stock, t: take the " + (str(view.top) if view.top else "(empty)")
        elif goers:
            more = f" — you can go out: choose {' or '.join(map(str, goers))} and press o"
        else:
            more = " — choose a card, Enter discards it"
        last = view.out is not None
        line = Text("⚠ " if last else "▶ ", style="bold")
        line.append(words, style="bold black on yellow" if last else "bold reverse")
        line.append(more, style="bold")
        return line

    def say(self, message: str) -> None:
        """A short line for the person, below the hand, until the next move."""
        self.message = message
        self._said_at = len(self.session.state.history)
        self._update("#message", message)

    def tell(self, events: Sequence[Event]) -> None:
        """Write events into the log."""
        log = self.query_one("#log", MoveLog)
        for event in events:
            log.write_line(event.text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer moves in the key line only when they are legal (the keys still answer).
        While the terminal is too small, only quitting is offered."""
        if self._started and self.too_small and action != "save_quit":
            return None
        if not self._started or action not in _MOVES:
            return True
        view = self.session.view()
        if action == "out":
            return True if self.session.out_cards() else None
        if action == "undo":
            return True if self.session.undo_blocker() is None else None
        if not view.my_turn:
            return None
        if action == "take":
            return True if view.phase is Phase.DRAW and view.top is not None else None
        wanted = Phase.DRAW if action == "draw" else Phase.DISCARD
        return True if view.phase is wanted else None

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

    def key_u(self) -> None:
        self._explain(self.action_undo)

    def on_key(self, event: events.Key) -> None:
        """A printable key that means nothing here gets a short answer."""
        if isinstance(self.screen, ModalScreen) or not event.is_printable or self.too_small:
            return
        if event.key not in _BOUND_KEYS:
            self.say(f"The key {event.character!r} does nothing here: press ? for the keys.")

    # -- the flow of play -------------------------------------------------------------

    def proceed(self, events: Sequence[Event]) -> None:
        """Show ``events``, then let the computers play up to the person's turn."""
        self.tell(events)
        self.refresh_table()
        self._play_on(list(events))

    @work(exclusive=True, group="play")
    async def _play_on(self, events: list[Event]) -> None:
        await self._round_ends(events)
        first = True
        while self.session.computer_to_act:
            if first and self.session.undo_blocker() is None:
                await self._undo_pause()
            else:
                await self._pause()
            first = False
            if not self.session.computer_to_act:
                break
            events = self.session.play_computer()
            self.tell(events)
            self.refresh_table()
            await self._round_ends(events)
        self._skip.clear()
        self.refresh_table()

    async def _undo_pause(self) -> None:
        """After the person's discard, while it can be taken back: the next computer waits
        ``UNDO_WAIT`` seconds (at least the pace) or until space, so that ``u`` is not a race
        against its draw. A pace of 0 plays on at once."""
        if self.pace <= 0 or self._skip.is_set():
            await asyncio.sleep(0)
            return
        self.say(UNDO_NOTICE)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), timeout=max(self.pace, UNDO_WAIT))
        if self.message == UNDO_NOTICE:
            self.say("")

    async def _pause(self) -> None:
        if self.pace <= 0 or self._skip.is_set():
            await asyncio.sleep(0)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), timeout=self.pace)

    async def _round_ends(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind is Kind.ROUND_OVER and event.result is not None:
                self._skip.clear()
                await self.push_screen_wait(round_page(event.result, self.session.view(),
                                                       self.session.final_moves(),
                                                       self.session.words))
                self.drawn = None
                if not self.session.is_over:
                    title = text.round_title(self.session.view(), self.session.words)
                    self.tell([Event(Kind.MOVE, title + ".")])
                self.refresh_table()
            elif event.kind is Kind.GAME_OVER:
                await self._game_over()

    async def _game_over(self) -> None:
        keeper = self.keeper
        self.record_path = ""
        if keeper is not None and keeper.recorded:
            self.record_path = str(keeper.record_path)
        elif keeper is not None:
            self.record_path = (f"not written yet ({keeper.failure}); it is kept, and "
                                "you are asked again when you leave")
        choice = await self.push_screen_wait(game_page(self.session.view(), self.record_path,
                                                       self.session.words))
        if choice == "new":
            if keeper is not None:
                if not keeper.recorded:
                    self.unrecorded.append((keeper, self.session))
                self.keeper = store.Keeper(keeper.folder, tell=self._note)
            setup = replace(self.setup, seed=new_seed())
            await self._start(self._new_session(setup), "A new game.")
        else:
            self.exit(f"The game is over. {text.winners_text(self.session.view())}")

    def _act(self, request: Callable[[], list[Event]]) -> None:
        """Carry out a move of the person; a refusal changes nothing and says why."""
        try:
            events = request()
        except Refused as refusal:
            self.say(str(refusal))
            return
        self.message = ""
        self.proceed(events)

    # -- the person's actions ----------------------------------------------------------

    def action_draw(self) -> None:
        self._draw(Source.STOCK)

    def action_take(self) -> None:
        self._draw(Source.DISCARD)

    def _draw(self, source: Source) -> None:
        def draw() -> list[Event]:
            events = self.session.draw(source)
            hand = self.session.view().hand
            assert hand is not None
            self.drawn = hand[-1]
            shown = self.shown().cards
            self.cursor = max(i for i, card in enumerate(shown) if card == self.drawn)
            return events

        self._act(draw)

    def _chosen(self) -> Card | None:
        cards = self.shown().cards
        return cards[self.cursor] if 0 <= self.cursor < len(cards) else None

    def action_discard(self) -> None:
        card = self._chosen()
        if card is None:
            self.say("Choose a card first.")
            return

        def discard(out: bool) -> list[Event]:
            events = self.session.discard(card, out=out)
            self.drawn = None
            return events

        if card not in self.session.out_cards():
            self._act(lambda: discard(False))
            return

        def answer(out: bool | None) -> None:  # a discard that would go out asks first
            if out is None:
                self.say("Nothing discarded.")
            else:
                self._act(lambda: discard(out))

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
        view = self.session.view()
        if message.index == self.cursor and view.my_turn and view.phase is Phase.DISCARD:
            self.action_discard()
        else:
            self.action_pick(message.index)

    def on_pile_clicked(self, message: Pile.Clicked) -> None:
        self._draw(Source.STOCK if message.which == "stock" else Source.DISCARD)

    def action_sort(self) -> None:
        card = self._chosen()
        self.order = self.order.next()
        self.session.set_order(self.order)
        if card is not None:
            self.cursor = self.shown().cards.index(card)
        self.say(f"Your hand is sorted {self.order.label}.")
        self.refresh_table()

    def action_hint(self) -> None:
        try:
            advice = self.session.hint()
        except Refused as refusal:
            self.say(str(refusal))
            return
        self.tell([Event(Kind.MOVE, "Hint: " + advice)])
        self.say("Hint: " + advice)
        self.refresh_table()

    def action_undo(self) -> None:
        taken = next((action.card for action in reversed(self.session.state.history)
                      if isinstance(action, Discard) and action.seat == PERSON), None)

        def undo() -> list[Event]:
            events = self.session.undo()
            self.drawn = None
            cards = self.shown().cards
            if taken in cards:  # the card taken back is chosen again, where it now sits
                self.cursor = cards.index(taken)
            return events

        self._act(undo)

    def action_scores(self) -> None:
        self.push_screen(_Page("Scores", score_table(self.session.view(), self.session.words),
                               page_id="scores"))

    def action_help(self) -> None:
        self.push_screen(help_page(self.session.view()))

    def action_skip(self) -> None:
        if self.session.computer_to_act:
            self._skip.set()
        else:
            self.say("Nothing to skip: it is your turn.")

    def action_pace(self, step: int) -> None:
        index = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, index + step))]
        self.say(f"Computer moves now stay {self.pace:g} seconds.")
        self.refresh_table()

    def action_save_quit(self) -> None:
        """Leave; the game is already saved (``leaving.leave`` says where, or retries)."""
        self.exit("")


_BOUND_KEYS = _keys([binding for binding in TableApp.BINDINGS if isinstance(binding, Binding)])
