"""``View.to_json`` for the server's hot path: the same JSON, built faster.

A state goes to every seat after every version; most of a view (pile, actions, results,
rules) is public and the same for every seat. ``ViewEncoder`` writes card and action text
from tables and the public part once per version. A test checks that the output equals
``View.to_json`` over whole games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from threethirteen.actions import Action, Discard, Draw
from threethirteen.cards import Card
from threethirteen.view import View

_CARDS = tuple(str(Card.from_code(code)) for code in range(53))
_ACTIONS: dict[tuple[int, int, int], str] = {}
# A game keeps its rules and its finished rounds' results as the same objects from version
# to version: their JSON is built once (keyed by identity, the object kept alongside so
# that its id is not reused). Nobody changes these JSON values once built.
_MEMO: dict[int, tuple[object, Any]] = {}
MEMO_SIZE = 20_000


def _once(value: object, build: Callable[[], Any]) -> Any:
    found = _MEMO.get(id(value))
    if found is not None and found[0] is value:
        return found[1]
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    made = build()
    _MEMO[id(value)] = (value, made)
    return made


def card_text(card: Card) -> str:
    return _CARDS[card.code]


def cards_text(cards: tuple[Card, ...]) -> list[str]:
    table = _CARDS
    return [table[card.code] for card in cards]


def action_text(action: Action) -> str:
    if isinstance(action, Draw):
        key = (action.seat, -1, 0 if action.source == "stock" else 1)
    else:
        assert isinstance(action, Discard)
        key = (action.seat, action.card.code, 2 if action.out else 3)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = str(action)
    return found


class ViewEncoder:
    """Encodes the views of one game moment; the public part is built on first use."""

    def __init__(self) -> None:
        self._public: dict[str, Any] | None = None

    def encode(self, view: View) -> dict[str, Any]:
        if self._public is None:
            self._public = {
                "rules": _once(view.rules, view.rules.to_json),
                "players": list(view.players),
                "round": view.round_number,
                "playoff": view.playoff,
                "seats": list(view.seats),
                "wild": str(view.wild),
                "dealer": view.dealer,
                "phase": view.phase.value,
                "turn": view.turn,
                "hand_sizes": list(view.hand_sizes),
                "stock_size": view.stock_size,
                "discard_pile": cards_text(view.discard_pile),
                "pickups": [{"seat": p.seat, "card": card_text(p.card)} for p in view.pickups],
                "actions": [action_text(action) for action in view.actions],
                "reshuffled": view.reshuffled,
                "out": view.out,
                "final_turns_left": view.final_turns_left,
                "false_outs": list(view.false_outs),
                "totals": list(view.totals),
                "results": [_once(result, result.to_json) for result in view.results],
                "winners": None if view.winners is None else list(view.winners),
            }
        public = self._public
        return {
            "seat": view.seat, "rules": public["rules"], "players": public["players"],
            "round": public["round"], "playoff": public["playoff"], "seats": public["seats"],
            "wild": public["wild"], "dealer": public["dealer"], "phase": public["phase"],
            "turn": public["turn"],
            "hand": None if view.hand is None else cards_text(view.hand),
            "hand_sizes": public["hand_sizes"], "stock_size": public["stock_size"],
            "discard_pile": public["discard_pile"], "pickups": public["pickups"],
            "actions": public["actions"], "reshuffled": public["reshuffled"],
            "out": public["out"], "final_turns_left": public["final_turns_left"],
            "false_outs": public["false_outs"], "totals": public["totals"],
            "results": public["results"], "winners": public["winners"],
            "legal": [action_text(action) for action in view.legal],
        }
