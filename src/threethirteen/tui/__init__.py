"""The terminal front end: a person against computer opponents.

Two faces share one controller (``session.Session``), which drives the engine and the
bots and keeps what a person needs (hints, undo, the event log):

* ``app`` — the full-screen table, built with Textual (``three-thirteen play``);
* ``plain`` — a line-by-line mode with typed commands and no screen redraws, for screen
  readers and braille displays (``three-thirteen play --plain``).

Nothing here imports Textual except ``app``, ``widgets`` and ``screens``, so the plain
mode runs without it. ``store`` keeps games in progress and finished records on disk.
"""

from threethirteen.tui.session import PERSON, Event, Session
from threethirteen.tui.setup import Setup

__all__ = ["PERSON", "Event", "Session", "Setup"]
