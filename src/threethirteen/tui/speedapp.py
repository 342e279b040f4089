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

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Header, Static

from threethirteen.actions import Source
from threethirteen.sim import derive_seed
from threethirteen.tui import store, text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import ShownHand, SortOrder, face, order_hand
from threethirteen.tui.handtable import QUIT_NOW, HandTable, hand_bindings
from threethirteen.tui.screens import Ask, game_page, round_page
from threethirteen.tui.session import PERSON, Event, Kind, Refused
from threethirteen.tui.setup import Setup
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
from threethirteen.tui.widgets import MoveLog
from threethirteen.view import Phase

CLOCK = 0.1  # seconds between the clock's ticks
LEAVE_QUESTION = ("Leave the game? It is saved: three-thirteen play --resume picks it up "
                  "where you left it.\n\ny leaves, n plays on.")


class SpeedApp(HandTable[SpeedSession]):
    """3-13 Speed at the terminal; ``run()`` returns a line to print on leaving.

    ``other`` is set when the person chose to resume a saved game played in turns: the
    caller plays it at the standard table.
    """

    TITLE = "Three-Thirteen Speed"
    CSS = CSS
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    ENABLE_COMMAND_PALETTE = False
    MOVES = ("draw", "take", "discard", "out")
    QUITS = ("save_quit", "leave")
    TOO_SMALL = (
        "The terminal is too small for the speed table: it needs at least "
        "{need_width}x{need_height} (columns x rows), and it is {width}x{height}.\n\n"
        "The countdown waits. Make the window larger or the font smaller, or play "
        "line by line: three-thirteen play --preset speed --plain\n\nq quits.")
    BINDINGS = [
        *hand_bindings("Take right"),
        Binding("c", "scores", "Scores"),
        Binding("question_mark", "help", "Rules/keys", key_display="?"),
        Binding("q,escape", "leave", "Save & quit"),
        QUIT_NOW,
    ]

    def __init__(self, setup: Setup, *, saved: store.AnySession | None = None,
                 resume: bool = False, pace: float = 0.8, order: SortOrder = SortOrder.SUIT,
                 keeper: store.Keeper | None = None, save: bool = True,
                 words: CardWords | None = None) -> None:
        super().__init__(setup, saved=saved, resume=resume, pace=pace, order=order,
                         keeper=keeper, save=save, words=words)
        self._step: tuple[int, int, str] | None = None
        self._elapsed = 0.0  # seconds of this step, the clock stopped under a page
        self._due: dict[int, float] = {}  # when each computer answers, in this step
        self._last = time.monotonic()
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
        yield from self._compose_hand(SPEED_KEYS)

    def _mounted(self) -> None:
        self.set_interval(CLOCK, self._clock)

    def _own(self, saved: store.AnySession) -> SpeedSession | None:
        return saved if isinstance(saved, SpeedSession) else None

    def _new_session(self, setup: Setup) -> SpeedSession:
        return SpeedSession(setup, words=self.words or SHORT)

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

    def _need(self) -> tuple[int, int]:
        return min_size(len(self.session.names) - 1)

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
        if not self.is_running:  # shutting down: the table's widgets may be gone
            return
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
        self._note_record()
        self._busy = True
        view = self.session.view()
        result = view.results[-1]
        self.push_screen(round_page(result, view, (), self.session.words),
                         lambda _: self.push_screen(
                             game_page(view, self.record_path, self.session.words),
                             self._game_closed))

    async def _game_closed(self, choice: str | None) -> None:
        self._busy = False
        await self._after_game(choice)

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
        goers = session.out_cards()
        discarding = view.phase is Phase.DISCARD and session.person_to_act
        self._show_hand(view.wild, discarding=discarding, new=view.drawn,
                        advice=f"go out with {words.either(goers)}" if goers else "")
        self._update("#turn", self._turn_line())
        self._update("#message", self.message)
        self._show_keys()

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

    def _legal(self, action: str) -> bool | None:
        session = self.session
        if action == "out":
            return True if session.out_cards() else None
        if not session.person_to_act:
            return None
        wanted = Phase.DRAW if action in ("draw", "take") else Phase.DISCARD
        return True if session.view().phase is wanted else None

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

    def on_speed_pile_clicked(self, message: SpeedPile.Clicked) -> None:
        if message.which == "stock":
            self.action_draw()
        elif message.which == "right":
            self.action_take()

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
