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

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Header, Static

from threethirteen.actions import Discard, Source
from threethirteen.cards import Card
from threethirteen.tui import store, text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import ShownHand, SortOrder, order_hand
from threethirteen.tui.handtable import QUIT_NOW, HandTable, hand_bindings
from threethirteen.tui.keyline import KEYS
from threethirteen.tui.screens import game_page, help_page, round_page
from threethirteen.tui.session import PERSON, UNDO_WAIT, Event, Kind, Refused, Session
from threethirteen.tui.setup import Setup, side
from threethirteen.tui.style import CSS, HORIZONTAL, VERTICAL, min_size
from threethirteen.tui.widgets import MoveLog, Pile, Seat
from threethirteen.view import Phase

PACES = (0.0, 0.25, 0.5, 0.8, 1.2, 2.0, 3.0)
UNDO_NOTICE = "u takes back your discard; space plays on."


class TableApp(HandTable[Session]):
    """Three-Thirteen at the terminal; ``run()`` returns a line to print on leaving."""

    TITLE = "Three-Thirteen"
    CSS = CSS
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    ENABLE_COMMAND_PALETTE = False
    MOVES = ("draw", "take", "discard", "out", "undo")
    TOO_SMALL = (
        "The terminal is too small for the table: it needs at least "
        "{need_width}x{need_height} (columns x rows), and it is {width}x{height}.\n\n"
        "Make the window larger or the font smaller, or play line by line: "
        "three-thirteen play --plain\n\nq saves and quits.")
    BINDINGS = [
        *hand_bindings("Take discard"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("c", "scores", "Scores"),
        Binding("question_mark", "help", "Rules/keys", key_display="?"),
        Binding("space", "skip", "Skip", show=False),
        Binding("plus,equals_sign", "pace(1)", "Slower", show=False),
        Binding("minus", "pace(-1)", "Faster", show=False),
        Binding("q", "save_quit", "Save & quit"),
        QUIT_NOW,
    ]

    def __init__(self, setup: Setup, *, saved: store.AnySession | None = None,
                 resume: bool = False,
                 pace: float = 0.8, order: SortOrder = SortOrder.SUIT,
                 keeper: store.Keeper | None = None, save: bool = True,
                 words: CardWords | None = None) -> None:
        super().__init__(setup, saved=saved, resume=resume, pace=pace, order=order,
                         keeper=keeper, save=save, words=words)
        self.drawn: Card | None = None
        self._said_at: int | None = None  # moves made when the message was said
        self._skip = asyncio.Event()

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
        yield from self._compose_hand(KEYS)

    def _own(self, saved: store.AnySession) -> Session | None:
        return saved if isinstance(saved, Session) else None

    def _new_session(self, setup: Setup) -> Session:
        return Session(setup, words=self.words or SHORT)

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

    def _need(self) -> tuple[int, int]:
        return min_size(self.session.names)

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
        self._show_hand(view.wild, discarding=view.phase is Phase.DISCARD and view.my_turn,
                        new=self.drawn, advice=session.discard_advice())
        self._update("#turn", self._turn_line())
        if self._said_at is not None and self._said_at != len(session.state.history):
            self.message = ""  # said before a move: it no longer applies
        self._update("#message", self.message)
        self._show_keys()

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

    def _turn_line(self) -> Text:
        """Whose turn it is and what to do. The person's turn stands out (a ``▶``, bold,
        reversed), the last turn more (``⚠ Your last turn``); a computer's turn is plain."""
        view = self.session.view()
        words = text.turn_text(view, PERSON)
        if not view.my_turn:
            more = "" if self.session.is_over else f" … (space: skip, pace {self.pace:g}s)"
            return Text(words + more)
        goers = self.session.out_cards()
        named = self.session.words  # the names the log and the plain mode use: never Kc
        if view.phase is Phase.DRAW:
            more = (f" — d: stock, t: take the {named.card(view.top)}" if view.top is not None
                    else " — d: stock (the discard pile is empty)")
        elif goers:
            more = f" — you can go out: choose {named.either(goers)} and press o"
        else:
            more = " — choose a card, Enter discards it"
        last = view.out is not None
        line = Text("⚠ " if last else "▶ ", style="bold")
        line.append(words, style="bold black on yellow" if last else "bold reverse")
        line.append(more, style="bold")
        return line

    def say(self, message: str) -> None:
        """A short line for the person, below the hand, until the next move."""
        self._said_at = len(self.session.state.history)
        super().say(message)

    def _legal(self, action: str) -> bool | None:
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

    def key_u(self) -> None:
        self._explain(self.action_undo)

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
        self._note_record()
        choice = await self.push_screen_wait(game_page(self.session.view(), self.record_path,
                                                       self.session.words))
        await self._after_game(choice)

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

    def _discard(self, card: Card, out: bool) -> list[Event]:
        events = self.session.discard(card, out=out)
        self.drawn = None
        return events

    def on_pile_clicked(self, message: Pile.Clicked) -> None:
        self._draw(Source.STOCK if message.which == "stock" else Source.DISCARD)

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
        if self.keeper is not None:
            self.keeper.remember(pace=self.pace)  # the next game starts at this pace
        self.say(f"Computer moves now stay {self.pace:g} seconds; kept for your next games.")
        self.refresh_table()
