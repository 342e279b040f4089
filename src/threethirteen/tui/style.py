"""The table's look (Textual CSS) and the smallest terminal it fits.

Three layouts, by the terminal's size: roomy (100 columns and 34 rows or more: seats of
two lines, every box framed), narrow (below 100 columns: the hand without side frames,
one-column gaps between groups when two do not fit) and short (below 34 rows: no title
bar, seats and piles of one line, the log and the hand without frames). At the smallest
size, 80x24, the table still shows the log (at least three lines), every card of a
14-card hand, the message line and every key. Below it, a page says how much is needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.tui.setup import side

MIN_WIDTH = 80
MIN_HEIGHT = 24  # with one seat in each side column; each more one needs SEAT_ROWS more
SEAT_ROWS = 3  # rows of a seat in the short layout
SHORT, NARROW = 34, 100  # below these, the short and the narrow layouts
HORIZONTAL = [(0, "-narrow"), (NARROW, "-wide")]
VERTICAL = [(0, "-short"), (SHORT, "-tall")]


def min_size(names: Sequence[str]) -> tuple[int, int]:
    """The smallest terminal (columns, rows) that shows the whole table for these seats.

    >>> min_size(("You", "Left", "Top", "Right"))
    (80, 24)
    >>> from threethirteen.seats import seat_names
    >>> min_size(seat_names(7))  # two seats up each side
    (80, 27)
    """
    sides = [side(name) for name in names[1:]]
    column = max(sides.count("left"), sides.count("right"), 1)
    return MIN_WIDTH, MIN_HEIGHT + SEAT_ROWS * (column - 1)


# The pieces both tables share (``speedtable.CSS`` is built from them too).
HAND_CSS = """\
#hand-box { height: auto; border: round $primary; padding: 0 1; }
#hand { height: 5; }
.card { width: 5; height: 4; border: round $foreground 50%; margin: 1 0 0 0; }
.card.-gap { margin: 1 0 0 2; }
.card.-gap.-narrow { margin: 1 0 0 1; }
.card.-gap.-tight { margin: 1 0 0 0; }
.card.-selected { border: heavy $accent; margin: 0 0 0 0; background: $boost; }
.card.-selected.-gap { margin: 0 0 0 2; }
.card.-selected.-gap.-narrow { margin: 0 0 0 1; }
.card.-selected.-gap.-tight { margin: 0 0 0 0; }
"""
LINES_CSS = """\
#turn { height: auto; max-height: 2; padding: 0 1; }
#message { height: auto; max-height: 2; padding: 0 1; }
#keys { height: auto; padding: 0 1; background: $footer-background; }
#too-small { display: none; width: 100%; height: 100%; padding: 1 2;
             content-align: center middle; text-style: bold; }
Screen.-too-small > * { display: none; }
Screen.-too-small > #too-small { display: block; }

Screen.-narrow #hand-box { border: none; border-top: round $primary; padding: 0; }
"""
DIALOG_CSS = """\
Ask, Page, GameOver { align: center middle; }
.dialog { width: 60; max-width: 100%; height: auto; max-height: 100%; border: thick $accent;
          background: $surface; padding: 1 2; }
.dialog.wide { width: 90%; height: 90%; }
.dialog .buttons { height: auto; align: center middle; }
.dialog .body { height: 1fr; }
.dialog .hint { height: 1; text-style: italic; }
"""

CSS = """
Screen { layout: vertical; }
#table { height: auto; }
#top-row { height: auto; align: center top; }
#mid-row { height: auto; }
#left-col, #right-col { width: 24; height: auto; }
#centre { width: 1fr; height: auto; align: center middle; }
.seat { width: 24; height: 4; border: round $primary; padding: 0 1; }
.seat.-playing { border: heavy $accent; }
.pile { width: 13; height: 4; border: round $secondary; padding: 0 1; margin: 0 1; }
#info { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
#log { height: 1fr; min-height: 5; border: round $panel; overflow-x: hidden; overflow-y: scroll;
       scrollbar-size-vertical: 1; }
""" + HAND_CSS + """#arrangement { height: auto; max-height: 3; }
""" + LINES_CSS + """
Screen.-short Header { display: none; }
Screen.-short .seat, Screen.-short .pile { height: 3; }
Screen.-short #log { border: none; min-height: 3; padding: 0 1; background: $boost; }
Screen.-short #hand-box { border: none; border-top: round $primary; padding: 0; }

""" + DIALOG_CSS
