"""The rules options and presets as the lobby shows them: name, meaning, default, kind.

``web/src/rules-options.json`` is this catalog written out (``python -m
threethirteen.web.catalog``); a test keeps the two equal.

>>> [option["name"] for option in catalog()["options"]][:3]
['players', 'decks', 'jokers']
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from threethirteen.cards import Pack
from threethirteen.rules import (
    MAX_ROUNDS,
    PRESETS,
    Ace,
    FaceValues,
    FalseOut,
    Mode,
    Rules,
    StockEmpty,
    Ties,
)

# How each option is entered: a number in a range, a switch, a choice, or optional number.
_KINDS: dict[str, dict[str, Any]] = {
    "players": {"kind": "number", "min": 2, "max": 8},
    "decks": {"kind": "number-or", "min": 1, "max": 16, "word": "auto"},
    "jokers": {"kind": "number", "min": 0, "max": 16},
    "rounds": {"kind": "number", "min": 1, "max": MAX_ROUNDS},
    "upcard": {"kind": "switch"},
    "first_turn_out": {"kind": "switch"},
    "final_turns": {"kind": "switch"},
    "stock_empty": {"kind": "choice", "choices": [m.value for m in StockEmpty]},
    "false_out": {"kind": "choice", "choices": [m.value for m in FalseOut]},
    "false_out_penalty": {"kind": "number", "min": 0, "max": 1000},
    "ace": {"kind": "choice", "choices": [m.value for m in Ace]},
    "face_values": {"kind": "choice", "choices": [m.value for m in FaceValues]},
    "wild_penalty": {"kind": "number-or", "min": 0, "max": 1000, "word": None},
    "joker_penalty": {"kind": "number", "min": 0, "max": 1000},
    "all_wild_melds": {"kind": "switch"},
    "max_wilds_per_meld": {"kind": "number-or", "min": 1, "max": 16, "word": None},
    "out_bonus": {"kind": "number", "min": -1000, "max": 1000},
    "ties": {"kind": "choice", "choices": [m.value for m in Ties]},
    "pack": {"kind": "choice", "choices": [m.value for m in Pack]},
    "mode": {"kind": "choice", "choices": [m.value for m in Mode]},
    "speed_seconds": {"kind": "number", "min": 1, "max": 600},
}


def catalog() -> dict[str, Any]:
    """Every option of ``Rules`` with its meaning and default, and the presets."""
    docs = Rules.option_docs()
    defaults = Rules().to_json()
    options = []
    for item in dataclasses.fields(Rules):
        default = defaults[item.name]
        options.append({
            "name": item.name,
            "doc": docs[item.name],
            "default": default.value if isinstance(default, Enum) else default,
            **_KINDS[item.name],
        })
    return {"options": options, "presets": {name: dict(values) for name, values in PRESETS.items()}}


def main() -> None:
    """Print the catalog as the JSON the lobby reads."""
    print(json.dumps(catalog(), indent=2, sort_keys=False))


if __name__ == "__main__":
    main()
