"""The pieces of the full-screen speed table: a line for each computer, the piles near
the person, the call with its countdown, the keys, the look and the help page.

Nothing here knows the rules; ``speedapp`` tells each piece what to show. Marks never rely
on colour alone: a seat still to act says ``▶ draw`` or ``▶ discard``, a seat that has
acted a ``✓``, a seat that went out ``OUT``; the countdown is a bar and a number.

>>> seat_line("Left", "greedy", status="▶ draw", top="Q♥", cards=4, score=12, width=78)
'Left (greedy) · ▶ draw · pile Q♥ · 4 cards · score 12'
>>> seat_line("Seat 14", "medium", status="✓", top="10♥", cards=14, score=123, width=38)
'Seat 14     ✓          pile 10♥  14▮ 123'
>>> countdown_text(6.2, 10, width=10)
'▰▰▰▰▰▰▰▱▱▱ 7 s'
"""

from __future__ import annotations

import math

from rich.text import Text
from textual.containers import Grid
from textual.message import Message
from textual.widgets import Static

from threethirteen.speed import SpeedView
from threethirteen.tui import text
from threethirteen.tui.keyline import Key
from threethirteen.tui.screens import Page
from threethirteen.tui.style import DIALOG_CSS, HAND_CSS, LINES_CSS

SPEED_KEYS = (
    Key("d", "draw", "draw from stock", "draw"),
    Key("t", "take", "take from the right", "take"),
    Key("Enter", "discard", "discard", "discard"),
    Key("o", "out", "go out", "out"),
    Key("s", "sort", "sort", "sort"),
    Key("c", "scores", "scores", "scores"),
    Key("?", "help", "keys & rules", "help"),
    Key("q", "quit", "save & quit", "leave"),
)
COMPACT = 50  # below this many columns a seat's line is the compact one
NARROW_ROWS = 8  # seats in one column at most; more share two or three columns

HELP = """Keys (the line at the bottom lists them; those struck through do nothing now)
  ← →  or 1-9, 0   choose a card (or click it; a second click discards it)
  ! @ # $ %        choose card 11, 12, 13, 14 or 15
  d                at "Draw!": draw from the stock (or click the stock)
  t                at "Draw!": take the top of the pile on your right (or click it)
  Enter or x       at "Discard!": put the chosen card on your pile
  o                go out with the chosen card (only when you can; asks to confirm)
  s                sort your hand: by suit, by rank, melds first
  c                the score sheet
  ?                this page: keys and the rules of this game
  q or Escape      leave (asks first); the game is saved, play --resume picks it up
  Ctrl+C           leave at once (saved too)

3-13 Speed: everyone plays every call at once. At "Draw!" each player takes the top of
the stock or the top of the pile on their right; at "Discard!" each puts one card on
their own pile (the player on their left may take it next call). The caller waits
{seconds} seconds a step: then it draws from the stock for anyone still to draw, or
throws back the card they drew. Going out ends the round once that call's discards are
done; several players may go out on the same call. The countdown stops while a page
such as this one is open.

Each computer's line: its name, whether it still has to act (▶ draw, ▶ discard) or has
(✓), the top of its pile, its cards and its score.
"""

CSS = """
SpeedApp Screen { layout: vertical; }
#seats { layout: grid; grid-size: 1; grid-gutter: 0 2; grid-rows: 1; height: auto;
         padding: 0 1; }
.seat-line { height: 1; }
.seat-line.-acting { text-style: bold; }
#piles { height: auto; align: center top; }
.speed-pile { width: 22; height: 4; border: round $secondary; padding: 0 1; margin: 0 1; }
#pile-line { height: 1; padding: 0 1; display: none; }
#call { height: 1; padding: 0 1; text-style: bold; }
#log { height: 1fr; min-height: 3; border: round $panel; overflow-x: hidden;
       overflow-y: scroll; scrollbar-size-vertical: 1; }
""" + HAND_CSS + """#arrangement { height: auto; max-height: 2; }
""" + LINES_CSS + """
Screen.-short Header { display: none; }
Screen.-short #piles { display: none; }
Screen.-short #pile-line { display: block; }
Screen.-short #log { border: none; padding: 0 1; background: $boost; }
Screen.-short #hand-box { border: none; border-top: round $primary; padding: 0; }

""" + DIALOG_CSS
# rows besides the seats at the smallest (short) layout: the pile line, the call, three of
# the log, the hand (a rule and five), the arrangement (two), turn, message and keys
FIXED_ROWS = 1 + 1 + 3 + 6 + 2 + 1 + 1 + 1


def seat_columns(opponents: int) -> int:
    """How many columns the computers' lines take: one up to eight, then two.

    >>> seat_columns(3), seat_columns(8), seat_columns(9), seat_columns(15)
    (1, 1, 2, 2)
    """
    return 1 if opponents <= NARROW_ROWS else 2


def min_size(opponents: int) -> tuple[int, int]:
    """The smallest terminal (columns, rows) the speed table fits.

    >>> min_size(3), min_size(15)
    ((80, 24), (80, 24))
    """
    rows = math.ceil(opponents / seat_columns(opponents))
    return 80, max(24, FIXED_ROWS + rows)


def seat_line(name: str, level: str, *, status: str, top: str, cards: int, score: int,
              width: int) -> str:
    """One computer in a line: its name, its step (``▶ draw``, ``✓``, ``OUT``), its pile's
    top, its cards and score; compact below ``COMPACT`` columns."""
    if width >= COMPACT:
        line = (f"{name} ({level}) · {status} · pile {top} · "
                f"{text.count(cards, 'card')} · score {score}")
        if len(line) <= width:
            return line
    return f"{name[:11]:<11} {status:<10} pile {top:<4} {cards:>2}▮ {score}"


def countdown_text(left: float, seconds: int, *, width: int = 10) -> str:
    """The caller's countdown: a bar of ``width`` marks and the whole seconds left."""
    left = max(0.0, min(float(seconds), left))
    full = math.ceil(width * left / seconds) if seconds else 0
    return "▰" * full + "▱" * (width - full) + f" {math.ceil(left)} s"


class SeatLine(Static):
    """One computer's line (never its cards: how many, and its pile, which is public)."""

    def __init__(self, seat: int) -> None:
        super().__init__("", id=f"seat-{seat}", classes="seat-line")
        self.seat = seat
        self._shown: object = None

    def show(self, line: str, *, acting: bool) -> None:
        if (line, acting) != self._shown:
            self._shown = (line, acting)
            self.update(Text(line))
            self.set_class(acting, "-acting")


class SpeedPile(Static):
    """The stock, the pile on the person's right (a click takes it) or the person's."""

    class Clicked(Message):
        """The pile ``which`` (``stock`` or ``right``) was clicked."""

        def __init__(self, which: str) -> None:
            super().__init__()
            self.which = which

    def __init__(self, which: str, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__("", id=id, classes="speed-pile")
        self.which = which
        self._shown: object = None

    def show(self, title: str, body: Text) -> None:
        if (title, body.plain) != self._shown:
            self._shown = (title, body.plain)
            self.border_title = title
            self.update(body)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.which))


class Seats(Grid):
    """The computers' lines, clockwise from the person's left."""


def speed_help(view: SpeedView) -> Page:
    """The keys and the rules of the speed game in play, with every option's value."""
    body = (HELP.format(seconds=view.rules.speed_seconds) + "\n"
            + "\n".join(text.rules_lines(view.rules)))
    return Page("Keys and rules", Text(body), page_id="rules-page")
