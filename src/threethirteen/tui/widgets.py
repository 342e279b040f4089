"""The pieces of the full-screen table: cards, the hand, opponents and the two piles.

Nothing here knows the rules; the app tells each widget what to show. Marks never rely
on colour alone: a wild card carries a ``W``, the card chosen to discard sits one line
higher with a heavy border, the seat to play has a ``▶`` and a heavy border.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import RichLog, Static

from threethirteen.cards import Card, Suit
from threethirteen.tui.hand import face, is_wild

RED = (Suit.HEARTS, Suit.DIAMONDS)


def suit_style(card: Card) -> str:
    """The style of a card's face: hearts and diamonds red, stars (the five-suit pack's
    fifth suit, ``★``) magenta, clubs, spades and jokers plain.

    >>> suit_style(Card.parse("7h")), suit_style(Card.parse("7x")), suit_style(Card.parse("7s"))
    ('bold red', 'bold magenta', 'bold')
    """
    if card.suit in RED:
        return "bold red"
    return "bold magenta" if card.suit is Suit.STARS else "bold"
# the key that chooses each position (shift+1-5 for 11-15: a 14-card round 12 and a draw)
CARD_KEYS = "1234567890!@#$%"
CARD_WIDTH = 5  # columns of one card, borders included
LOG_LINES = 500  # lines the move log keeps


def card_key(index: int) -> str:
    """The key that chooses the card at ``index``: ``1``-``9``, ``0``, then ``!@#$%``.

    >>> card_key(0), card_key(9), card_key(10), card_key(13), card_key(14), card_key(15)
    ('1', '0', '!', '$', '%', '')
    """
    return CARD_KEYS[index] if index < len(CARD_KEYS) else ""


def gap_width(cards: int, gaps: int, width: int) -> int:
    """The widest gap between groups (2, 1 or 0 columns) with which ``cards`` cards and
    ``gaps`` gaps fit in ``width`` columns (at worst no gap: 14 cards take 70 columns).

    >>> gap_width(14, 4, 110), gap_width(14, 4, 76), gap_width(14, 13, 78)
    (2, 1, 0)
    """
    for gap in (2, 1):
        if cards * CARD_WIDTH + gaps * gap <= width:
            return gap
    return 0


def card_text(card: Card, wild: int | None, key: str = "") -> Text:
    """A card's face as styled text: red suits red, stars magenta; below it the card's key
    and a ``W`` on a wild card."""
    label = Text()
    label.append(face(card), style=suit_style(card))
    label.append("\n" + key.ljust(2), style="dim")
    if is_wild(card, wild):
        label.append("W", style="bold reverse")
    return label


class CardView(Static):
    """One card of the person's hand; a click chooses it (and a second click discards it)."""

    class Clicked(Message):
        """The card at ``index`` of the shown hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__("", classes="card")
        self.index = index
        self.card: Card | None = None

    def show(self, card: Card, wild: int | None, *, selected: bool, new: bool, gap: bool) -> None:
        """Show ``card`` with its marks."""
        self.card = card
        self.update(card_text(card, wild, card_key(self.index)))
        self.border_title = "+" if new else ""
        self.set_class(selected, "-selected")
        self.set_class(gap, "-gap")
        self.set_class(is_wild(card, wild), "-wild")
        self.display = True

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


class HandView(Horizontal):
    """The person's cards, in the order shown; a gap starts each group (two columns, or
    one, or none: whatever lets every card fit the width)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.cards: list[CardView] = []
        self._shown: tuple[
            tuple[Card, ...], int | None, tuple[int, ...], int, Card | None] | None = None

    def show(self, cards: Sequence[Card], wild: int | None, *, breaks: Sequence[int], cursor: int,
             new: Card | None) -> None:
        """Lay out ``cards``; ``cursor`` is the chosen position, ``new`` the card just drawn."""
        key = (tuple(cards), wild, tuple(breaks), cursor, new)
        if key == self._shown:
            return
        self._shown = key
        while len(self.cards) < len(cards):
            view = CardView(len(self.cards))
            self.cards.append(view)
            self.mount(view)
        new_at = max((i for i, card in enumerate(cards) if card == new), default=-1)
        for index, view in enumerate(self.cards):
            if index < len(cards):
                view.show(cards[index], wild, selected=index == cursor, new=index == new_at,
                          gap=index in breaks)
            else:
                view.display = False
        self._fit()

    def _fit(self) -> None:
        """Set the gaps' width for the cards shown and the width there is."""
        if self._shown is None or not self.size.width:
            return
        cards, _, breaks, _, _ = self._shown
        gap = gap_width(len(cards), len(breaks), self.size.width)
        for view in self.cards:  # each time: cards mounted since need the class too
            view.set_class(gap == 1, "-narrow")
            view.set_class(gap == 0, "-tight")

    def on_resize(self, _event: events.Resize) -> None:
        self._fit()


class Seat(Static):
    """An opponent: name and level, card count (never the cards), score and marks."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__("", id=f"seat-{seat}", classes="seat", name=name)
        self.seat = seat
        self._shown: object = None

    def show(self, name: str, level: str, *, cards: int, score: int, dealer: bool,
             playing: bool, out: bool) -> None:
        """Show the opponent's public facts."""
        key = (name, level, cards, score, dealer, playing, out)
        if key == self._shown:
            return
        self._shown = key
        self.border_title = ("▶ " if playing else "") + name + (" · OUT" if out else "")
        self.border_subtitle = level + (" · dealer" if dealer else "")
        lines = Text(f"{cards} card{'s' * (cards != 1)} · score {score}\n")
        lines.append("▮" * min(cards, 8) + ("…" if cards > 8 else ""))  # a second line,
        if playing:  # seen only where the table has room for it
            lines.append(" playing", style="bold")
        self.update(lines)
        self.set_class(playing, "-playing")


class Pile(Static):
    """The stock or the discard pile; a click draws from it."""

    class Clicked(Message):
        """The pile ``which`` (``stock`` or ``discard``) was clicked."""

        def __init__(self, which: str) -> None:
            super().__init__()
            self.which = which

    def __init__(self, which: str, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__("", id=id, classes="pile")
        self.which = which
        self._shown: object = None

    def show_stock(self, size: int) -> None:
        """The stock: its size."""
        if self._shown == size:
            return
        self._shown = size
        self.border_title = "Stock"
        self.update(Text(f"{size} cards", style="bold"))

    def show_discard(self, top: Card | None, wild: int | None, size: int) -> None:
        """The discard pile: its top card and how many cards it holds."""
        if self._shown == (top, wild, size):
            return
        self._shown = (top, wild, size)
        self.border_title = "Discard"
        if top is None:
            self.update("empty")
            return
        label = Text()
        label.append(face(top), style=suit_style(top))
        if is_wild(top, wild):
            label.append(" W", style="bold reverse")
        label.append(f"\n{size} card{'s' * (size != 1)}")
        self.update(label)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.which))


class MoveLog(RichLog):
    """The move log, its lines wrapped to the width (never a sideways scroll bar). It
    follows play: every line written, and every resize, shows the end (Textual scrolls
    only when the log already is at the end, which a resize undoes)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id, auto_scroll=True, wrap=True, max_lines=LOG_LINES * 3)
        self.can_focus = False
        self.written: list[str] = []  # the lines, to wrap again at another width
        self._width = 0

    def write_line(self, line: str) -> MoveLog:
        """Add a line at the end and show it."""
        self.written.append(line)
        del self.written[:-LOG_LINES]
        self.write(Text(line), width=self._width or None, scroll_end=True)
        return self

    def clear(self) -> MoveLog:
        self.written.clear()
        super().clear()
        return self

    def on_resize(self, _event: events.Resize) -> None:
        self.call_after_refresh(self._rewrap)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _rewrap(self) -> None:
        """Wrap the lines again when the width has changed, and show the end."""
        width = self.scrollable_content_region.width
        if self._size_known and width and width != self._width:
            self._width = width
            lines = list(self.written)
            super().clear()
            for line in lines:
                self.write(Text(line), width=width, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
