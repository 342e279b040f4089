"""The rules of a game: one frozen configuration holding every option of RULES.md.

>>> Rules().ace, Rules.preset("natural").all_wild_melds
(<Ace.LOW: 'low'>, False)
>>> Rules.from_json({"preset": "single-wild", "ace": "high"}).max_wilds_per_meld
1
>>> Rules.preset("deuces-arent-wild").max_deal, Rules.preset("five-suit").pack
(14, <Pack.FIVE_SUIT: 'five-suit'>)
>>> Rules.from_json({"acee": "high"})
Traceback (most recent call last):
...
threethirteen.errors.RulesError: unknown rules option 'acee'; did you mean 'ace'?
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Literal

from threethirteen.cards import Pack, deck_size
from threethirteen.errors import RulesError

MAX_ROUNDS = 12  # round 12 deals 14 cards and has no wild rank, only jokers
PLAYOFF_DEAL = 13


class Ace(StrEnum):
    """Where an ace may sit in a run."""

    LOW = "low"
    HIGH = "high"
    BOTH = "both"
    WRAP = "wrap"


class FaceValues(StrEnum):
    """What J, Q and K cost as deadwood: 10 each, or 11, 12, 13."""

    TEN = "ten"
    RANK = "rank"


class StockEmpty(StrEnum):
    """What happens when the stock runs out."""

    END_ROUND = "end_round"
    RESHUFFLE = "reshuffle"


class FalseOut(StrEnum):
    """What happens to a false announcement of going out."""

    REJECT = "reject"
    PENALTY = "penalty"


class Mode(StrEnum):
    """How play goes round the table: one player at a time, or everyone at once."""

    TURNS = "turns"
    SPEED = "speed"


class Ties(StrEnum):
    """Who wins when several players share the lowest total."""

    SHARE = "share"
    NONE = "none"
    PLAYOFF = "playoff"


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "natural": {"all_wild_melds": False},
    "single-wild": {
        "max_wilds_per_meld": 1,
        "wild_penalty": 15,
        "false_out": "penalty",
        "decks": 2,
    },
    "jokers": {"jokers": 4, "decks": 2, "wild_penalty": 15, "ties": "none"},
    "high-stakes": {"ace": "both", "face_values": "rank"},
    # Jared Mellentine's variation: a 14-card twelfth round without a wild rank
    "deuces-arent-wild": {"rounds": 12, "decks": 1, "jokers": 2, "ties": "playoff", "players": 3},
    # the pack and scoring of Five Crowns: 5 suits of 3 to K, 3 jokers a deck
    "five-suit": {
        "pack": "five-suit",
        "decks": 2,
        "jokers": 6,
        "face_values": "rank",
        "wild_penalty": 20,
        "joker_penalty": 50,
    },
    # Stan Stone's 3-13 Speed for large groups
    "speed": {"mode": "speed", "decks": 4, "players": 12},
}


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every option of RULES.md with its default; validated on construction."""

    players: int = field(default=4, metadata=_doc("seats (more than 8 need enough decks)"))
    decks: int | Literal["auto"] = field(
        default="auto", metadata=_doc("decks in the pack; auto: 1 for 2 players, ceil(n/2) else")
    )
    jokers: int = field(default=0, metadata=_doc("jokers added to the pack, wild every round"))
    rounds: int = field(default=11, metadata=_doc(
        "rounds; round k deals k+2 and makes rank k+2 wild; round 12 has no wild rank"))
    upcard: bool = field(default=True, metadata=_doc("turn a card up to start the discard pile"))
    first_turn_out: bool = field(default=True, metadata=_doc("may go out on one's first turn"))
    final_turns: bool = field(default=True, metadata=_doc("others get one more turn after out"))
    stock_empty: StockEmpty = field(
        default=StockEmpty.END_ROUND, metadata=_doc("end_round, or reshuffle the pile once")
    )
    false_out: FalseOut = field(
        default=FalseOut.REJECT, metadata=_doc("reject a false out, or charge a penalty")
    )
    false_out_penalty: int = field(default=20, metadata=_doc("points for a false out"))
    ace: Ace = field(default=Ace.LOW, metadata=_doc("ace in runs: low, high, both or wrap"))
    face_values: FaceValues = field(
        default=FaceValues.TEN, metadata=_doc("J Q K cost 10 (ten) or 11 12 13 (rank)")
    )
    wild_penalty: int | None = field(
        default=None, metadata=_doc("points for an unmelded card of the wild rank; none: face")
    )
    joker_penalty: int = field(default=20, metadata=_doc("points for an unmelded joker"))
    all_wild_melds: bool = field(default=True, metadata=_doc("a meld may be all wild cards"))
    max_wilds_per_meld: int | None = field(
        default=None, metadata=_doc("most cards of one meld acting as wilds; none: no limit")
    )
    out_bonus: int = field(default=0, metadata=_doc("points for going out (e.g. -5)"))
    ties: Ties = field(default=Ties.SHARE, metadata=_doc("share, none, or a playoff round"))
    pack: Pack = field(
        default=Pack.STANDARD, metadata=_doc("standard decks, or five-suit (stars added, 3 to K)")
    )
    mode: Mode = field(default=Mode.TURNS, metadata=_doc("turns, or speed (everyone at once)"))
    speed_seconds: int = field(
        default=10, metadata=_doc("in speed mode, the longest a call waits for a player")
    )

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            object.__setattr__(self, item.name, _CHECKS[item.name](item.name, value))
        self._check_pack()

    def _check_pack(self) -> None:
        # a deal, the upcards (one per seat in speed mode: each starts a pile) and a stock
        upcards = self.players if self.mode is Mode.SPEED else 1 if self.upcard else 0
        needed = self.players * self.max_deal + upcards + 1
        size = deck_size(self.pack) * self.deck_count + self.jokers
        if needed > size:
            kind = "five-suit " if self.pack is Pack.FIVE_SUIT else ""
            raise RulesError(
                f"{self.players} players need at least {needed} cards for a {self.max_deal}-card"
                f" deal, but {self.deck_count} {kind}deck(s) and {self.jokers} joker(s) make"
                f" {size}; raise 'decks'",
                "decks",
            )

    @property
    def deck_count(self) -> int:
        """The number of decks in the pack, ``auto`` resolved."""
        if self.decks != "auto":
            return self.decks
        if self.mode is Mode.SPEED:  # 3-13 Speed: one deck per 3 players
            return math.ceil(self.players / 3)
        return 1 if self.players <= 2 else math.ceil(self.players / 2)

    @property
    def max_deal(self) -> int:
        """The largest number of cards dealt to one player in a game."""
        if self.ties is Ties.PLAYOFF:
            return max(PLAYOFF_DEAL, self.rounds + 2)
        return self.rounds + 2

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Rules:
        """The rules of a named preset, with optional changes."""
        if name not in PRESETS:
            raise RulesError(
                f"unknown preset {name!r}; presets are {', '.join(PRESETS)}", "preset"
            )
        return cls.from_json({**PRESETS[name], **changes})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from the JSON object of INTERFACES.md §1."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a JSON object, not {type(data).__name__}", "rules")
        values = dict(data)
        base: dict[str, Any] = {}
        if "preset" in values:
            name = values.pop("preset")
            if not isinstance(name, str) or name not in PRESETS:
                raise RulesError(
                    f"unknown preset {name!r}; presets are {', '.join(PRESETS)}", "preset"
                )
            base = dict(PRESETS[name])
        for key in values:
            if key not in _CHECKS:
                near = difflib.get_close_matches(str(key), ["preset", *_CHECKS], n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise RulesError(f"unknown rules option {key!r}{hint}", key)
        return cls(**{**base, **values})

    def to_json(self) -> dict[str, Any]:
        """Every option with its value, as JSON-ready data (INTERFACES.md §1)."""
        result: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            result[item.name] = value.value if isinstance(value, Enum) else value
        return result

    def resolved(self) -> Rules:
        """The same rules with ``decks`` as a number."""
        return dataclasses.replace(self, decks=self.deck_count)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        return Rules.from_json({**self.to_json(), **changes})

    @staticmethod
    def option_docs() -> dict[str, str]:
        """Each option's name with its one-line meaning."""
        return {item.name: item.metadata["doc"] + (
                    f" ({RANGES[item.name][0]} to {RANGES[item.name][1]})"
                    if item.name in RANGES else "")
                for item in dataclasses.fields(Rules)}


def _integer(key: str, value: Any, low: int | None, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{key} must be a whole number, not {value!r}", key)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low}" if high is None else f"from {low} to {high}"
        if low is None:
            bounds = f"at most {high}"
        raise RulesError(f"{key} must be {bounds}, not {value}", key)
    return value


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{key} must be true or false, not {value!r}", key)
    return value


def _choice(enum: type[Enum]) -> Any:
    def check(key: str, value: Any) -> Enum:
        try:
            return enum(value)
        except ValueError:
            names = ", ".join(str(member.value) for member in enum)
            raise RulesError(f"{key} must be one of {names}, not {value!r}", key) from None

    return check


# The range of every numeric option, both ends included (README, "Errors and limits"):
# generous for any real table, small enough that no score or search can overflow.
RANGES: dict[str, tuple[int, int]] = {
    "players": (2, 16),
    "decks": (1, 16),
    "jokers": (0, 16),
    "rounds": (1, MAX_ROUNDS),
    "speed_seconds": (1, 600),
    "false_out_penalty": (0, 1000),
    "wild_penalty": (0, 1000),
    "joker_penalty": (0, 1000),
    "max_wilds_per_meld": (1, PLAYOFF_DEAL + 1),
    "out_bonus": (-1000, 1000),
}


def _ranged(key: str, value: Any) -> int:
    return _integer(key, value, *RANGES[key])


def _optional_ranged(key: str, value: Any) -> int | None:
    return None if value is None else _ranged(key, value)


def _decks(key: str, value: Any) -> int | str:
    return "auto" if value == "auto" else _ranged(key, value)


_CHECKS: dict[str, Any] = {
    "players": _ranged,
    "decks": _decks,
    "jokers": _ranged,
    "rounds": _ranged,
    "upcard": _boolean,
    "first_turn_out": _boolean,
    "final_turns": _boolean,
    "stock_empty": _choice(StockEmpty),
    "false_out": _choice(FalseOut),
    "false_out_penalty": _ranged,
    "ace": _choice(Ace),
    "face_values": _choice(FaceValues),
    "wild_penalty": _optional_ranged,
    "joker_penalty": _ranged,
    "all_wild_melds": _boolean,
    "max_wilds_per_meld": _optional_ranged,
    "out_bonus": _ranged,
    "ties": _choice(Ties),
    "pack": _choice(Pack),
    "mode": _choice(Mode),
    "speed_seconds": _ranged,
}
