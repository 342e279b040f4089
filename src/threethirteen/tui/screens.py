"""The table's pop-up screens: a yes/no question, the rules and keys, the score sheet, the
end of a round (every hand laid open) and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from threethirteen.results import RoundResult
from threethirteen.speed import SpeedView
from threethirteen.tui import text
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import plain_cards, plain_meld
from threethirteen.view import Phase, View

KEYS = """Keys (the line at the bottom lists them; those struck through do nothing now)
  ← →  or 1-9, 0   choose a card (or click it; a second click discards it)
  ! @ # $ %        choose card 11, 12, 13, 14 or 15 (shift+1-5 on a US keyboard;
                   15 cards: round 12 of deuces-arent-wild, 14 dealt and one drawn)
  d                draw from the stock (or click the stock)
  t                take the top of the discard pile (or click it)
  Enter or x       discard the chosen card
  o                go out with the chosen card (only when you can; asks to confirm)
  s                sort your hand: by suit, by rank, melds first
  h                a hint from the expert (counted in the game's record)
  u                undo your last discard (before the next player draws)
  c                the score sheet
  ?                this page: keys and the rules of this game
  space            skip the computers' moves up to your turn
  + / -            slower / faster computer moves
  q or Ctrl+C      save and quit (the next start offers to resume)
"""


class Ask(ModalScreen[bool]):
    """A yes/no question; y or Enter says yes, n or Escape says no."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"),
                Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="primary")
                yield Button("No (n)", id="no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class StrictAsk(Ask):
    """A yes/no question that only ``y``, ``n`` or a click on a button answers: Enter and
    Escape do not, so that nothing is decided (or deleted) by a stray key."""

    inherit_bindings = False
    AUTO_FOCUS = ""  # no button has the focus, so Enter presses none
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"),
                Binding("enter,escape", "remind", show=False)]

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # nor can Tab give it the focus

    def action_remind(self) -> None:
        self.query_one("#question", Static).update(f"{self.question}\n\nPress y or n.")


class GoOutAsk(ModalScreen[bool | None]):
    """Asked when a discard would take the person out: y or Enter goes out (the default),
    n discards without going out, Escape discards nothing."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Go out"),
                Binding("n", "answer(False)", "Just discard"),
                Binding("escape", "answer(None)", "Cancel")]

    def __init__(self, card: str) -> None:
        super().__init__(id="go-out-ask")
        self.question = f"Go out with {card}?"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(classes="buttons"):
                yield Button("Go out (y)", id="yes", variant="primary")
                yield Button("Just discard (n)", id="no")
                yield Button("Cancel (Esc)", id="cancel")

    def action_answer(self, answer: bool | None) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"yes": True, "no": False}.get(event.button.id or ""))


class Page(ModalScreen[str]):
    """A page of text to read; Enter, Escape or q closes it (``close`` is the result)."""

    BINDINGS = [Binding("enter,escape,q,question_mark,c", "close('close')", "Close")]

    def __init__(self, title: str, body: RenderableType, *, footer: str = "Enter: close",
                 page_id: str = "page") -> None:
        super().__init__(id=page_id)
        self.title_text = title
        self.body = body
        self.footer_text = footer

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text(self.title_text, style="bold"), classes="title")
            with VerticalScroll(classes="body"):
                yield Static(self.body, id="body")
            yield Static(self.footer_text, classes="hint", id="page-hint")

    def on_mount(self) -> None:
        body = self.query_one(VerticalScroll)
        self.watch(body, "scroll_y", lambda _: self._say_more(), init=False)
        self.call_after_refresh(self._say_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """A page taller than the screen says so in its footer while there is more below
        (a thin scrollbar alone was missed): ``↓ / PageDown: more below``."""
        body = self.query_one(VerticalScroll)
        more = body.scroll_y < body.max_scroll_y
        hint = (f"{self.footer_text}   ·   ↓ / PageDown: more below" if more
                else self.footer_text)
        self.query_one("#page-hint", Static).update(hint)
        if more and self.focused is None:
            body.focus()  # the arrows and PageDown scroll it

    def action_close(self, result: str) -> None:
        self.dismiss(result)


class GameOver(Page):
    """The end of the game: n starts a new one, q leaves."""

    inherit_bindings = False
    AUTO_FOCUS = ""  # no button has the focus, so Enter presses none
    BINDINGS = [Binding("n", "close('new')", "New game"),
                Binding("q,escape,enter", "close('quit')", "Quit")]


def help_page(view: View) -> Page:
    """Keys and the rules of the game in play, with every option's value."""
    body = KEYS + "\n" + "\n".join(text.rules_lines(view.rules))
    return Page("Keys and rules", Text(body), page_id="rules-page")


def score_table(view: View | SpeedView, words: CardWords = SHORT) -> Table:
    """The score sheet: one row per round with its wild rank and dealer, then totals."""
    header, rows = text.score_rows(view, words)
    table = Table(title="Score sheet", title_justify="left")
    for index, column in enumerate(header):
        table.add_column(column, justify="right" if index >= 3 or index == 0 else "left")
    for row in rows:
        table.add_row(*row, style="bold" if row[0] == "Total" else None)
    return table


def hands_table(result: RoundResult, names: Sequence[str], words: CardWords = SHORT) -> Table:
    """Every hand of a finished round, laid open with its best arrangement and points."""
    wild = result.wild
    table = Table(title="The hands", title_justify="left")
    for column in ("Player", "Melds", "Unmelded", "Points"):
        table.add_column(column, justify="right" if column == "Points" else "left")
    for seat, shown in enumerate(result.seats):
        if result.playoff and not (shown.melds or shown.deadwood):
            continue
        melds = " / ".join(plain_meld(meld, wild, words) for meld in shown.melds) or "-"
        loose = plain_cards(shown.deadwood, wild, words) or "-"
        outs = result.outs if result.outs is not None else (result.out,)
        name = names[seat] + (" (out)" if seat in outs else "")
        table.add_row(name, melds, loose, str(shown.points))
    return table


def round_page(result: RoundResult, view: View | SpeedView, final: Sequence[str] = (),
               words: CardWords = SHORT) -> Page:
    """The end of a round: how it ended, its ``final`` moves (which the page would
    otherwise cover before they were seen), every hand, the score sheet."""
    title = text.round_end_text(result, view.players)
    parts: list[RenderableType] = []
    if final:
        parts += [Text("The last moves:", style="bold"),
                  Text("\n".join(f"  {move}" for move in final)), Text("")]
    body = Group(*parts, hands_table(result, view.players, words), Text(""),
                 score_table(view, words))
    footer = ("Enter: the final scores" if view.phase is Phase.OVER
              else "Enter: deal the next round")
    return Page(title, body, footer=footer, page_id="round-page")


def game_page(view: View | SpeedView, record_path: str, words: CardWords = SHORT) -> GameOver:
    """The end of the game: the winners, the last round's hands, the score sheet."""
    parts: list[RenderableType] = [Text(text.winners_text(view), style="bold"), Text("")]
    if view.results:
        parts += [hands_table(view.results[-1], view.players, words), Text("")]
    parts += [score_table(view, words), Text(""), Text(f"The game's record: {record_path}")]
    return GameOver("Game over", Group(*parts), footer="n: new game   q: quit",
                    page_id="game-page")
