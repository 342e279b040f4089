"""The full-screen speed table ("3-13 Speed"): every seat plays every call at once.

``SpeedApp`` drives a ``SpeedSession``. A clock ticks ten times a second while the table
is on screen (it stops under a page or a question): each computer answers its step from
its own view once its own short delay has passed (``pace`` sets it; 0 answers at once),
and when the caller's ``speed_seconds`` have run out the caller plays for whoever is
still to act (``SpeedSession.tick``): a stock draw, or the card just drawn thrown back.

Every change is saved before it is drawn (the session's ``on_change`` writes the game
through a ``store.Keeper``); ``leaving.leave`` finishes the job once the terminal is back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Header, Static

from threethirteen.actions import Source
from threethirteen.cards import Card
from threethirteen.sim import derive_seed
from threethirteen.tui import store, text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import ShownHand, SortOrder, arrangement_text, face, order_hand
from threethirteen.tui.keyline import KeyLine
from threethirteen.tui.screens import Ask, GoOutAsk, StrictAsk, game_page, round_page, score_table
from threethirteen.tui.screens import Page as _Page
from threethirteen.tui.session import PERSON, Event, Kind, Refused, Session
from threethirteen.tui.setup import Setup, new_seed
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.tui.speedtable import (
    CSS,
    SPEED_KEYS,
    SeatLine,
    Seats,
    SpeedPile,
    countdown_text,
    min_size,
    seat_columns,
    seat_line,
    speed_help,
)
from threethirteen.tui.style import HORIZONTAL, VERTICAL
from threethirteen.tui.widgets import CARD_KEYS, CardView, HandView, MoveLog
from threethirteen.view import Phase

CLOCK = 0.1  # seconds between the clock's ticks
_MOVES = ("draw", "take", "discard", "out")  # offered in the key line only when legal
_KEY_NAMES = {"!": "exclamation_mark", "@": "at", "#": "number_sign", "$": "dollar_sign",
              "%": "percent_sign"}
LEAVE_QUESTION = ("Leave the game? It is saved: three-thirteen play --resume picks it up "
                  "where you left it.\n\ny leaves, n plays on.")


class SpeedApp(App[str]):
    """3-13 Speed at the terminal; ``run()`` returns a line to print on leaving.

    ``other`` is set when the person chose to resume a saved game played in turns: the
    caller plays it at the standard table.
    """

    TITLE = "Three-Thirteen Speed"
    CSS = CSS
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("d", "draw", "Draw stock"),
        Binding("t", "take", "Take right"),
        Binding("enter,x", "discard", "Discard"),
        Binding("o", "out", "Go out"),
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        *(Binding(_KEY_NAMES.get(key, key), f"pick({index})", f"card {index + 1}", show=False)
          for index, key in enumerate(CARD_KEYS)),
        Binding("s", "sort", "Sort"),
        Binding("c", "scores", "Scores"),
        Binding("question_mark", "help", "Rules/keys", key_display="?"),
        Binding("q,escape", "leave", "Save & quit"),
        Binding("ctrl+q,ctrl+c", "save_quit", "Save & quit", show=False, priority=True),
    ]

    def __init__(self, setup: Setup, *, saved: store.AnySession | None = None,
                 resume: bool = False, pace: float = 0.8, order: SortOrder = SortOrder.SUIT,
                 keeper: store.Keeper | None = None, save: bool = True,
                 words: CardWords | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.words = words
        if saved is not None and words is not None:
            saved = saved.with_words(words)
        self.saved = saved
        self.resume = resume
        self.pace = pace
        self.order = order
        self.keeper = (keeper if keeper is not None else store.Keeper()) if save else None
        self.unrecorded: list[tuple[store.Keeper, store.AnySession]] = []
        self.other: Session | None = None  # a saved game in turns, to resume at its table
        self.session = (saved if isinstance(saved, SpeedSession) and resume
                        else self._new_session(setup))
        self.cursor = 0
        self.message = ""
        self.record_path = ""
        self._started = False
        self._step: tuple[int, int, str] | None = None
        self._elapsed = 0.0  # seconds of this step, the clock stopped under a page
        self._due: dict[int, float] = {}  # when each computer answers, in this step
        self._last = time.monotonic()
        self._texts: dict[str, str | Text] = {}
        self._binding_states: tuple[bool | None, ...] = ()
        self._busy = False  # a page of the round's end or the game's is open

    # -- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Seats(id="seats")
        with Horizontal(id="piles"):
            yield SpeedPile("stock", id="stock")
            yield SpeedPile("right", id="right-pile")
            yield SpeedPile("mine", id="my-pile")
        yield Static(id="pile-line")
        yield Static(id="call")
        yield MoveLog(id="log")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
            yield Static(id="arrangement")
        yield Static(id="turn")
        yield Static(id="message")
        yield KeyLine(id="keys", keys=SPEED_KEYS)
        yield Static(id="too-small")

    @property
    def started(self) -> bool:
        """True once a game is on the table (not while the resume question is open)."""
        return self._started

    async def on_mount(self) -> None:
        if self.keeper is not None:
            self.keeper.tell = self._note
        self.set_interval(CLOCK, self._clock)
        if self.saved is not None and not self.resume:
            question = (f"A saved game is waiting: {store.describe_saved(self.saved)}.\n\n"
                        "Resume it? y resumes it; n starts a new game and discards it.")
            self.push_screen(StrictAsk(question), self._resume_answer)
        else:
            await self._start(self.session)

    async def _resume_answer(self, answer: bool | None) -> None:
        saved = self.saved
        assert saved is not None
        if answer and isinstance(saved, Session):  # a game in turns: its own table
            self.other = saved
            self.exit("")
        elif answer and isinstance(saved, SpeedSession):
            await self._start(saved, "Resumed the saved game.")
        elif answer is False:
            if self.keeper is not None:
                self.keeper.forget()
            await self._start(self._new_session(self.setup), "A new game.")

    def _new_session(self, setup: Setup) -> SpeedSession:
        return SpeedSession(setup, words=self.words or SHORT)

    def _note(self, line: str) -> None:
        """A note of the keeper (cannot save, saved again), in the log and below the hand."""
        if self._started:
            self.query_one("#log", MoveLog).write_line(line)
        self.say(line)

    async def _start(self, session: SpeedSession, message: str = "") -> None:
        seats = self.query_one("#seats", Seats)
        await seats.remove_children()
        opponents = [seat for seat in range(len(session.names)) if seat != PERSON]
        seats.styles.grid_size_columns = seat_columns(len(opponents))
        await seats.mount_all([SeatLine(seat) for seat in opponents])
        if self.keeper is not None:
            session.on_change = self.keeper.keep  # saved before it is shown
        if session is self.saved:
            self.order = session.order
        else:
            session.order = self.order
        self.session = session
        self.setup = session.setup
        self.cursor = 0
        self.message = message
        self._started = True
        log = self.query_one("#log", MoveLog)
        log.clear()
        log.write_line(f"{self._round_title()}. Press ? for the keys and rules.")
        for event in session.round_so_far():  # a resumed game: the round so far
            log.write_line(event.text)
        self._step = None
        self._fit(*self.size)
        self._advance([])

    # -- a terminal too small for the table ---------------------------------------------

    @property
    def too_small(self) -> bool:
        """True while the terminal is smaller than the table needs (a page says so)."""
        return self.default_screen.has_class("-too-small")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        need_width, need_height = min_size(len(self.session.names) - 1)
        small = width < need_width or height < need_height
        changed = small != self.too_small
        self.default_screen.set_class(small, "-too-small")
        if changed and self._started:
            self._binding_states = ()
            self.refresh_table()
        if small:
            self.query_one("#too-small", Static).update(
                f"The terminal is too small for the speed table: it needs at least "
                f"{need_width}x{need_height} (columns x rows), and it is {width}x{height}.\n\n"
                "The countdown waits. Make the window larger or the font smaller, or play "
                "line by line: three-thirteen play --preset speed --plain\n\nq quits.")

    # -- the clock -------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """True while the clock stands still: before the game, under a page or a question,
        while the terminal is too small, once the game is over."""
        return (not self._started or self._busy or isinstance(self.screen, ModalScreen)
                or self.too_small or self.session.is_over)

    @property
    def seconds_left(self) -> float:
        """What is left of the caller's ``speed_seconds`` in this step."""
        return max(0.0, self.session.setup.rules.speed_seconds - self._elapsed)

    def _clock(self) -> None:
        now = time.monotonic()
        passed, self._last = now - self._last, now
        if self.paused:
            return
        self._elapsed += passed
        self._advance([])

    def _advance(self, told: Sequence[Event]) -> None:
        """Tell ``told``, then let the computers whose time has come answer, and the caller
        play once the countdown has run out; a new step starts its countdown again."""
        session = self.session
        events = list(told)
        for _ in range(10_000):  # a step a pass; a round never has this many
            if session.step != self._step:
                self._new_step()
            if self.paused or any(event.kind in (Kind.ROUND_OVER, Kind.GAME_OVER)
                                  for event in events):
                break
            step = session.step
            for seat in [seat for seat in session.waiting if seat != PERSON]:
                if self._due.get(seat, 0.0) <= self._elapsed and session.step == step:
                    self._due[seat] = float("inf")  # one answer a step (none: the caller)
                    events += session.computer_answer(seat)
            if session.step == step and self.seconds_left <= 0 and session.waiting:
                events += session.tick()
            if session.step == step:
                break
        self.tell(events)
        self.refresh_table()
        if any(event.kind is Kind.GAME_OVER for event in events):
            self._game_over()
            return
        for event in events:
            if event.kind is Kind.ROUND_OVER and event.result is not None:
                self._busy = True
                self.push_screen(round_page(event.result, session.view(), (), session.words),
                                 self._round_closed)
                break

    def _new_step(self) -> None:
        session = self.session
        self._step = session.step
        self._elapsed = 0.0
        rng = random.Random(derive_seed(session.setup.seed, "pace", *session.step))
        self._due = {seat: self.pace * (0.4 + 0.8 * rng.random())
                     for seat in session.waiting if seat != PERSON}
        if session.person_to_act and session.view().phase is Phase.DISCARD:
            drawn = session.view().drawn
            cards = self.shown().cards
            if drawn in cards:  # the card just drawn is chosen, ready to go back
                self.cursor = max(i for i, card in enumerate(cards) if card == drawn)

    def _round_closed(self, _result: str | None) -> None:
        self._busy = False
        if not self.session.is_over:
            self.tell([Event(Kind.MOVE, self._round_title() + ".")])
        self._step = None
        self._advance([])

    def _game_over(self) -> None:
        keeper = self.keeper
        self.record_path = ""
        if keeper is not None and keeper.recorded:
            self.record_path = str(keeper.record_path)
        elif keeper is not None:
            self.record_path = (f"not written yet ({keeper.failure}); it is kept, and "
                                "you are asked again when you leave")
        self._busy = True
        view = self.session.view()
        result = view.results[-1]
        self.push_screen(round_page(result, view, (), self.session.words),
                         lambda _: self.push_screen(
                             game_page(view, self.record_path, self.session.words),
                             self._game_closed))

    async def _game_closed(self, choice: str | None) -> None:
        self._busy = False
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

    # -- showing the table -----------------------------------------------------------

    def _round_title(self) -> str:
        view = self.session.view()
        words = self.session.words
        head = ("Playoff round" if view.playoff
                else f"Round {view.round_number} of {view.rules.rounds}")
        size = len(view.hand or ()) - (view.drawn is not None)
        wild = (f"wild rank {words.rank(view.wild)}" if view.wild is not None
                else "no wild rank, jokers wild")
        right = view.players[self.session.right()]
        return f"{head} · {size} cards · {wild} · you take from {right}'s pile"

    def shown(self) -> ShownHand:
        view = self.session.view()
        return order_hand(view.hand or (), wild=view.wild, rules=view.rules, order=self.order)

    def refresh_table(self) -> None:
        """Show the table as the person's view has it now."""
        if not self._started:
            return
        session = self.session
        view = session.view()
        words = session.words
        self.sub_title = self._round_title()
        width = self.query_one("#seats", Widget).content_region.width or self.size.width
        columns = seat_columns(len(view.players) - 1)
        cell = (width - 2 * (columns - 1)) // columns
        for line in self.query(SeatLine):
            seat = line.seat
            pile = view.piles[seat]
            top = words.card(pile[-1]) if pile else "-"
            status = self._status(seat)
            line.show(seat_line(view.players[seat], session.setup.levels[seat], status=status,
                                top=top, cards=view.hand_sizes[seat], score=view.totals[seat],
                                width=cell), acting=seat in view.waiting)
        self._show_piles()
        self._update("#call", self._call_line())
        shown = self.shown()
        self.cursor = max(0, min(self.cursor, len(shown.cards) - 1))
        discarding = view.phase is Phase.DISCARD and session.person_to_act
        self.query_one("#hand", HandView).show(
            shown.cards, view.wild, breaks=shown.breaks, cursor=self.cursor if discarding else -1,
            new=view.drawn if discarding else None)
        self.query_one("#hand-box", Widget).border_title = f"Your hand ({self.order.label})"
        best = Text()
        best.append("Best arrangement — ", style="bold")
        goers = session.out_cards()
        advice = f"go out with {words.either(goers)}" if goers else ""
        best.append(arrangement_text(shown.arrangement, view.wild, advice, words))
        self._update("#arrangement", best)
        self._update("#turn", self._turn_line())
        self._update("#message", self.message)
        states = tuple(self.check_action(name, ()) for name in _MOVES)
        if states != self._binding_states:
            self._binding_states = states
            self.query_one("#keys", KeyLine).show(
                {name: state is True for name, state in zip(_MOVES, states, strict=True)})
            self.refresh_bindings()

    def _status(self, seat: int) -> str:
        view = self.session.view()
        if seat in view.outs:
            return "OUT"
        if seat not in view.seats or view.phase is Phase.OVER:
            return "-"
        if seat in view.waiting:
            return "▶ draw" if view.phase is Phase.DRAW else "▶ discard"
        return "✓ done"

    def _show_piles(self) -> None:
        view = self.session.view()
        words = self.session.words
        right = self.session.right()
        stock = Text(text.count(view.stock_size, "card"), style="bold")
        self.query_one("#stock", SpeedPile).show("Stock (d)", stock)
        tops: list[Text] = []
        for seat, title in ((right, f"{view.players[right]}'s pile (t)"),
                            (PERSON, "Your pile")):
            pile = view.piles[seat]
            body = Text()
            if pile:
                body.append(face(pile[-1]), style="bold")
                if pile[-1].rank is None or pile[-1].rank == view.wild:
                    body.append(" W", style="bold reverse")
            else:
                body.append("empty")
            body.append(f"\n{text.count(len(pile), 'card')}")
            tops.append(body)
            self.query_one("#right-pile" if seat == right else "#my-pile",
                           SpeedPile).show(title, body)
        line = (f"Stock: {text.count(view.stock_size, 'card')} │ "
                f"{view.players[right]}'s pile: "
                f"{words.card(view.piles[right][-1]) if view.piles[right] else 'empty'} (t) │ "
                f"your pile: {words.card(view.piles[PERSON][-1]) if view.piles[PERSON] else '-'}")
        self._update("#pile-line", line)

    def _call_line(self) -> Text:
        view = self.session.view()
        if self.session.is_over:
            return Text("The game is over.")
        step = "Draw!" if view.phase is Phase.DRAW else "Discard!"
        last = " (the last call: the stock runs out)" if view.last_call else ""
        line = Text(f"Call {view.call} · {step} · ")
        line.append(countdown_text(self.seconds_left, view.rules.speed_seconds),
                    style="bold reverse" if self.seconds_left <= 3 else "bold")
        line.append(f"{last}")
        return line

    def _turn_line(self) -> Text:
        session = self.session
        view = session.view()
        if session.is_over:
            return Text(text.winners_text(view))
        waiting = [view.players[seat] for seat in view.waiting if seat != PERSON]
        if not session.person_to_act:
            if not waiting:
                return Text("The call goes on.")
            return Text(f"Waiting for {text.and_list(waiting)} …")
        if view.phase is Phase.DRAW:
            right = view.players[session.right()]
            words = "Draw! — d: the stock, t: the top of " + f"{right}'s pile"
        elif session.out_cards():
            goers = " or ".join(session.words.card(card) for card in session.out_cards())
            words = f"Discard! — you can go out: choose {goers} and press o"
        else:
            words = "Discard! — choose a card, Enter puts it on your pile"
        line = Text("▶ ", style="bold")
        line.append(words, style="bold reverse")
        return line

    def _update(self, selector: str, content: str | Text) -> None:
        if self._texts.get(selector) != content:
            self._texts[selector] = content
            self.query_one(selector, Static).update(content)

    def say(self, message: str) -> None:
        """A short line for the person, below the hand."""
        self.message = message
        self._update("#message", message)

    def tell(self, told: Sequence[Event]) -> None:
        """Write events into the log."""
        log = self.query_one("#log", MoveLog)
        for event in told:
            log.write_line(event.text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer moves in the key line only when they are legal (the keys still answer)."""
        if self._started and self.too_small and action not in ("save_quit", "leave"):
            return None
        if not self._started or action not in _MOVES:
            return True
        session = self.session
        if action == "out":
            return True if session.out_cards() else None
        if not session.person_to_act:
            return None
        wanted = Phase.DRAW if action in ("draw", "take") else Phase.DISCARD
        return True if session.view().phase is wanted else None

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
        if event.key not in _BOUND_KEYS:
            self.say(f"The key {event.character!r} does nothing here: press ? for the keys.")

    # -- the person's actions ----------------------------------------------------------

    def _act(self, request: Callable[[], list[Event]]) -> None:
        """Carry out a move of the person; a refusal changes nothing and says why."""
        if self.paused:
            return
        try:
            told = request()
        except Refused as refusal:
            self.say(str(refusal))
            return
        self.message = ""
        if self.session.person_to_act is False and not told and self.session.waiting:
            others = [self.session.names[seat] for seat in self.session.waiting]
            self.message = f"Done: waiting for {text.and_list(others)}."
        self._advance(told)

    def action_draw(self) -> None:
        self._act(lambda: self.session.draw(Source.STOCK))

    def action_take(self) -> None:
        self._act(lambda: self.session.draw(Source.DISCARD))

    def _chosen(self) -> Card | None:
        cards = self.shown().cards
        return cards[self.cursor] if 0 <= self.cursor < len(cards) else None

    def action_discard(self) -> None:
        card = self._chosen()
        if card is None:
            self.say("Choose a card first.")
            return
        if card not in self.session.out_cards():
            self._act(lambda: self.session.discard(card))
            return

        def answer(out: bool | None) -> None:  # a discard that would go out asks first
            if out is None:
                self.say("Nothing discarded.")
            else:
                self._act(lambda: self.session.discard(card, out=out))

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
        if (message.index == self.cursor and self.session.person_to_act
                and view.phase is Phase.DISCARD):
            self.action_discard()
        else:
            self.action_pick(message.index)

    def on_speed_pile_clicked(self, message: SpeedPile.Clicked) -> None:
        if message.which == "stock":
            self.action_draw()
        elif message.which == "right":
            self.action_take()

    def action_sort(self) -> None:
        card = self._chosen()
        self.order = self.order.next()
        self.session.set_order(self.order)
        if card is not None:
            self.cursor = self.shown().cards.index(card)
        self.say(f"Your hand is sorted {self.order.label}.")
        self.refresh_table()

    def action_scores(self) -> None:
        self.push_screen(_Page("Scores", score_table(self.session.view(), self.session.words),
                               page_id="scores"))

    def action_help(self) -> None:
        self.push_screen(speed_help(self.session.view()))

    def action_leave(self) -> None:
        """Ask, then leave; the game is already saved."""
        if not self._started:
            self.exit("")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit("")
            else:
                self.say("Playing on.")

        self.push_screen(Ask(LEAVE_QUESTION), answer)

    def action_save_quit(self) -> None:
        """Leave at once; the game is already saved (``leaving.leave`` says where)."""
        self.exit("")


def _keys(bindings: Sequence[Binding]) -> frozenset[str]:
    return frozenset(key.strip() for binding in bindings for key in binding.key.split(","))


_BOUND_KEYS = _keys([binding for binding in SpeedApp.BINDINGS if isinstance(binding, Binding)])
