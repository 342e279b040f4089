"""What the exact solver says about a seat's hand, for the ``state`` message's ``analysis``.

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> view = GameState(Rules(players=2, rounds=1), seed=3).view(1)
>>> sorted(analyse(view))
['deadwood', 'go_out_discards', 'melds', 'unmelded']
"""

from __future__ import annotations

from typing import Any

from threethirteen.solver import arrange, deadwood, go_out_discards
from threethirteen.view import Phase, View


def analyse(view: View) -> dict[str, Any] | None:
    """Deadwood, one best arrangement, the going-out discards and, when the seat is to
    discard, each distinct discard's cost; None without a hand (spectators, game over)."""
    if view.hand is None or not view.hand or view.phase is Phase.OVER:
        return None
    hand, wild, rules = view.hand, view.wild, view.rules
    found: dict[str, Any] = arrange(hand, wild=wild, rules=rules).to_json()
    outs = go_out_discards(hand, wild=wild, rules=rules)
    found["go_out_discards"] = [str(card) for card in outs]
    if view.my_turn and view.phase is Phase.DISCARD:
        options = []
        for card in sorted(set(hand), key=lambda card: card.sort_key()):
            rest = list(hand)
            rest.remove(card)
            options.append({"card": str(card),
                            "deadwood": deadwood(rest, wild=wild, rules=rules),
                            "out": card in outs})
        options.sort(key=lambda option: (not option["out"], option["deadwood"]))
        found["discards"] = options
    return found
