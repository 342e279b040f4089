"""The key line at the bottom of the table: every key of the game, always all of them.

A key that does nothing now (``d`` while you discard) is struck through and dimmed, and
its key is not shown as a key cap: the mark does not rely on colour. The labels are as
long as the width allows; at 80 columns they are single words.

>>> line = key_text({"draw": True, "discard": False}, width=80)
>>> line.plain
'd draw t take Enter discard o out s sort h hint u undo c scores ? help q quit'
>>> [span.style for span in line.spans][:3]
['bold reverse', 'bold reverse', 'dim strike']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.widgets import Static


class Key(NamedTuple):
    """A key as the line shows it: its cap, a short and a long label, and its action."""

    cap: str
    short: str
    long: str
    action: str


KEYS = (
    Key("d", "draw", "draw from stock", "draw"),
    Key("t", "take", "take discard", "take"),
    Key("Enter", "discard", "discard", "discard"),
    Key("o", "out", "go out", "out"),
    Key("s", "sort", "sort", "sort"),
    Key("h", "hint", "hint", "hint"),
    Key("u", "undo", "undo", "undo"),
    Key("c", "scores", "scores", "scores"),
    Key("?", "help", "keys & rules", "help"),
    Key("q", "quit", "save & quit", "save_quit"),
)
ON, OFF = "bold reverse", "dim strike"


def key_text(available: Mapping[str, bool], *, width: int,
             keys: Sequence[Key] = KEYS) -> Text:
    """The key line for ``width`` columns; an action missing from ``available`` is on."""
    for long, gap in ((True, "   "), (True, "  "), (False, "  "), (False, " ")):
        line = Text(no_wrap=False)
        for index, key in enumerate(keys):
            on = available.get(key.action, True)
            line.append(gap if index else "")
            line.append(key.cap, style=ON if on else OFF)
            line.append(" " + (key.long if long else key.short), style=None if on else OFF)
        if line.cell_len <= width:
            break
    return line


class KeyLine(Static):
    """Every key of the table in one line (two when the width is below 77 columns)."""

    def __init__(self, *, id: str | None = None,  # noqa: A002 - Textual's name
                 keys: Sequence[Key] = KEYS) -> None:
        super().__init__("", id=id)
        self.keys = tuple(keys)
        self.available: dict[str, bool] = {}
        self._shown: object = None

    def show(self, available: Mapping[str, bool]) -> None:
        """Show the keys, those not ``available`` now marked as such."""
        self.available = dict(available)
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width or self.app.size.width
        key = (tuple(sorted(self.available.items())), width)
        if key != self._shown:
            self._shown = key
            self.update(key_text(self.available, width=width, keys=self.keys))

    def on_resize(self, _event: events.Resize) -> None:
        self._draw()

    @property
    def text(self) -> Text:
        """The line as shown, with its styles (what a test reads)."""
        return key_text(self.available, width=self.content_region.width or self.app.size.width,
                        keys=self.keys)
