"""The pieces of the full-screen table: cards, the hand, opponents and the two piles.

Nothing here knows the rules; the app tells each widget what to show. Marks never rely
on colour alone: a wild card carries a ``W``, the chosen card sits one line higher with
a heavy border, the seat to play has a ``▶`` and a heavy border.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Log, Static

from threethirteen.cards import Card, Suit
from threethirteen.tui.hand import face, is_wild

RED = (Suit.HEARTS, Suit.DIAMONDS)


def card_text(card: Card, wild: int, key: str = "") -> Text:
    """A card's face as styled text: red suits red; below it the card's key and a ``W``
    on a wild card."""
    label = Text()
    label.append(face(card), style="bold red" if card.suit in RED else "bold")
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

    def show(self, card: Card, wild: int, *, selected: bool, new: bool, gap: bool) -> None:
        """Show ``card`` with its marks."""
        self.card = card
        key = str((self.index + 1) % 10) if self.index < 10 else ""
        self.update(card_text(card, wild, key))
        self.border_title = "+" if new else ""
        self.set_class(selected, "-selected")
        self.set_class(gap, "-gap")
        self.set_class(is_wild(card, wild), "-wild")
        self.display = True

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


class HandView(Horizontal):
    """The person's cards, in the order shown; a gap starts each group."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.cards: list[CardView] = []
        self._shown: object = None

    def show(self, cards: Sequence[Card], wild: int, *, breaks: Sequence[int], cursor: int,
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
        backs = "▮" * min(cards, 8) + ("…" if cards > 8 else "")
        lines = Text(f"{backs} {cards} card{'s' * (cards != 1)}\n")
        lines.append(f"score {score}")
        if playing:
            lines.append(" · playing", style="bold")
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

    def show_discard(self, top: Card | None, wild: int, size: int) -> None:
        """The discard pile: its top card and how many cards it holds."""
        if self._shown == (top, wild, size):
            return
        self._shown = (top, wild, size)
        self.border_title = "Discard"
        if top is None:
            self.update("empty")
            return
        label = Text()
        label.append(face(top), style="bold red" if top.suit in RED else "bold")
        if is_wild(top, wild):
            label.append(" W", style="bold reverse")
        label.append(f"\n{size} card{'s' * (size != 1)}")
        self.update(label)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.which))


class MoveLog(Log):
    """The move log. It follows play: every line written, and every resize, shows the end
    (Textual's ``Log`` scrolls only when it already is at the end, which a resize undoes)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id, auto_scroll=True)
        self.can_focus = False

    def write_line(self, line: str, scroll_end: bool | None = None) -> MoveLog:
        super().write_line(line, scroll_end=True if scroll_end is None else scroll_end)
        return self

    def on_resize(self, _event: events.Resize) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)
