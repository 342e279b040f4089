"""What a computer opponent is: something that picks an action from a seat's view."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from threethirteen.actions import Action
from threethirteen.view import View


@runtime_checkable
class Bot(Protocol):
    """A player program. It sees only its seat's ``View`` and draws chance from ``rng``.

    ``choose`` is called when ``view.my_turn`` is true and must return one of
    ``view.legal``; the engine checks it like any other action.
    """

    name: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action this bot plays now."""
        ...
