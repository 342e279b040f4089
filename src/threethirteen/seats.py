"""Seat names by position: seat 0 first, the others clockwise from its left.

With three others, seat 1 is Left, seat 2 Top and seat 3 Right (play passes to the left).
The terminal game and the server's bot seats use these names.

>>> seat_names(3)
('You', 'Left', 'Top', 'Right')
>>> seat_names(1), seat_names(2)
(('You', 'Top'), ('You', 'Left', 'Right'))
"""

from __future__ import annotations

MIN_OTHERS, MAX_OTHERS = 1, 7

# The other seats' names by how many there are, clockwise from seat 0's left.
_NAMES: dict[int, tuple[str, ...]] = {
    1: ("Top",),
    2: ("Left", "Right"),
    3: ("Left", "Top", "Right"),
    4: ("Left", "Top-left", "Top-right", "Right"),
    5: ("Left", "Top-left", "Top", "Top-right", "Right"),
    6: ("Lower-left", "Left", "Top-left", "Top-right", "Right", "Lower-right"),
    7: ("Lower-left", "Left", "Top-left", "Top", "Top-right", "Right", "Lower-right"),
}


def seat_names(others: int, first: str = "You") -> tuple[str, ...]:
    """The names of the seats, ``first`` for seat 0, at a table with 1 to 7 others."""
    if others not in _NAMES:
        raise ValueError(f"play against {MIN_OTHERS} to {MAX_OTHERS} opponents, not {others}")
    return (first, *_NAMES[others])
