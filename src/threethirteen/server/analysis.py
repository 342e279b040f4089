"""What the exact solver says about a seat's hand, for the ``state`` message's ``analysis``.

>>> from threethirteen.game import GameState
>>> from threethirteen.rules import Rules
>>> view = GameState(Rules(players=2, rounds=1), seed=3).view(1)
>>> sorted(analyse(view))
['deadwood', 'go_out_discards', 'kinds', 'melds', 'unmelded']
"""

from __future__ import annotations

from typing import Any

from threethirteen.cards import Card, Rank
from threethirteen.rules import Rules
from threethirteen.solver import arrange, deadwood, go_out_discards
from threethirteen.view import Phase, View

_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
MEMO_SIZE = 4096


def analyse(view: View) -> dict[str, Any] | None:
    """Deadwood, one best arrangement (each meld's kind, "set" or "run", in ``kinds``),
    the going-out discards and, when the seat is to discard, each distinct discard's cost;
    None without a hand (spectators, game over).

    The answer depends on the hand, the wild rank, the rules and whether the seat is to
    discard, nothing else: while others play, a seat's hand stays the same, so the answer
    is kept (engine thread only) and shared. Nobody changes it once made."""
    if view.hand is None or not view.hand or view.phase is Phase.OVER:
        return None
    discarding = view.my_turn and view.phase is Phase.DISCARD
    key = (view.rules, view.wild, discarding, *(card.code for card in view.hand))
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        found = _MEMO[key] = _analyse(view.hand, view.wild, view.rules, discarding)
    return found


def _analyse(hand: tuple[Card, ...], wild: Rank | None, rules: Rules,
             discarding: bool) -> dict[str, Any]:
    arrangement = arrange(hand, wild=wild, rules=rules)
    found: dict[str, Any] = arrangement.to_json()
    found["kinds"] = [meld.kind.value for meld in arrangement.melds]
    outs = go_out_discards(hand, wild=wild, rules=rules)
    found["go_out_discards"] = [str(card) for card in outs]
    if discarding:
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
