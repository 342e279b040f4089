"""The table before the first deal: who sits where, how strong they play, and the rules.

Seat 0 is the person, at the bottom of the screen; the opponents follow clockwise, so
with three of them seat 1 is Left, seat 2 Top and seat 3 Right (play passes to the left).

>>> seat_names(3)
('You', 'Left', 'Top', 'Right')
>>> seat_names(1), seat_names(2)
(('You', 'Top'), ('You', 'Left', 'Right'))
>>> parse_levels(None, "easy,medium,expert", 3)
('easy', 'medium', 'expert')
>>> play_rules(None, '{"rounds": 2}', None).players
4
>>> play_rules("deuces-arent-wild", None, None).players, TABLE_PRESETS[-1]
(3, 'speed')
>>> play_rules("speed", None, 15).deck_count, play_rules("speed", None, None).deck_count
(6, 2)
>>> speed_seat_names(9)
('You', 'Left', 'Seat 2', 'Seat 3', 'Seat 4', 'Seat 5', 'Seat 6', 'Seat 7', 'Seat 8', 'Right')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from threethirteen.bots import bot_names
from threethirteen.bots.registry import LEVELS
from threethirteen.errors import InputError, RulesError
from threethirteen.jsontext import read_json
from threethirteen.printable import printable
from threethirteen.rules import PRESETS, Mode, Rules
from threethirteen.seats import MAX_OTHERS, MIN_OTHERS
from threethirteen.seats import seat_names as _seat_names
from threethirteen.tui.fields import need_int, need_key, need_list, need_object, need_str

PERSON_LEVEL = "person"  # what the person's seat is called in ``levels``
DEFAULT_LEVEL = "medium"
MIN_OPPONENTS, MAX_OPPONENTS = MIN_OTHERS, MAX_OTHERS
MAX_NAME = 40  # characters of a seat's name or a level's
# The presets the full-screen table plays: every one (speed mode at its own table,
# ``tui.speedapp``).
TABLE_PRESETS = tuple(PRESETS)
SPEED_PLAYERS = 4  # a speed game at the terminal: the person and three computers unless told
SPEED_MAX_OPPONENTS = 15  # everyone plays at once: no turns to wait for, so more fit


def seat_names(opponents: int, person: str = "You") -> tuple[str, ...]:
    """The names of the seats, the person first, for 1 to 7 opponents."""
    return _seat_names(opponents, person)


def speed_seat_names(opponents: int, person: str = "You") -> tuple[str, ...]:
    """The seats of a speed table: as ``seat_names`` up to 7 opponents; beyond, Left (who
    takes from your pile), Seat 2, Seat 3, ... and Right (whose pile you take from)."""
    if opponents <= MAX_OPPONENTS:
        return seat_names(opponents, person)
    if opponents > SPEED_MAX_OPPONENTS:
        raise ValueError(f"play against {MIN_OPPONENTS} to {SPEED_MAX_OPPONENTS} opponents "
                         f"in speed mode, not {opponents}")
    return (person, "Left", *(f"Seat {seat}" for seat in range(2, opponents)), "Right")


def most_opponents(rules: Rules) -> int:
    """The most opponents the terminal seats for ``rules``: 15 in speed mode, else 7."""
    return SPEED_MAX_OPPONENTS if rules.mode is Mode.SPEED else MAX_OPPONENTS


def side(name: str) -> str:
    """Where an opponent sits on screen: ``left``, ``top`` or ``right``.

    >>> side("Lower-left"), side("Top-right"), side("Right")
    ('left', 'top', 'right')
    """
    if name.startswith("Top"):
        return "top"
    return "left" if name.endswith("eft") else "right"


def parse_levels(level: str | None, levels: str | None, opponents: int) -> tuple[str, ...]:
    """The opponents' bots from ``--level`` (all alike) or ``--levels`` (one each).

    Any registered bot name is accepted; the levels offered to people are easy, medium
    and expert.
    """
    if level is not None and levels is not None:
        raise ValueError("give --level or --levels, not both")
    if levels is not None:
        chosen = tuple(name.strip() for name in levels.split(",") if name.strip())
        if len(chosen) != opponents:
            raise ValueError(f"--levels names {len(chosen)} opponents, but there are "
                             f"{opponents}")
    else:
        chosen = (level or DEFAULT_LEVEL,) * opponents
    known = bot_names()
    for name in chosen:
        if name not in known:
            raise ValueError(f"unknown level {name!r}; levels are {', '.join(LEVELS)} "
                             f"(other bots: {', '.join(n for n in known if n not in LEVELS)})")
    return chosen


def play_rules(preset: str | None, rules_json: str | None, opponents: int | None) -> Rules:
    """The rules from ``--preset``, ``--rules`` JSON and the number of opponents.

    ``players`` in the JSON must agree with ``--opponents`` when both are given; without
    either, the table has three opponents.
    """
    data: Any = {}
    if rules_json is not None:
        data = read_json(rules_json, what="--rules")
        if not isinstance(data, dict):
            raise RulesError("--rules must be a JSON object", "rules")
    if preset is not None:
        if preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r}; presets are {', '.join(PRESETS)}",
                             "preset")
        data = {"preset": preset, **data}
    if opponents is not None:
        if not MIN_OPPONENTS <= opponents <= SPEED_MAX_OPPONENTS:
            raise RulesError(f"play against {MIN_OPPONENTS} to {MAX_OPPONENTS} opponents "
                             f"({SPEED_MAX_OPPONENTS} in speed mode), not {opponents}",
                             "players")
        if "players" in data and data["players"] != opponents + 1:
            raise RulesError(f"--rules says {data['players']} players, but --opponents "
                             f"{opponents} makes {opponents + 1}", "players")
        data["players"] = opponents + 1
    if opponents is None and "players" not in data and PRESETS.get(
            str(data.get("preset")), {}).get("mode") == Mode.SPEED.value:
        data["players"] = SPEED_PLAYERS  # the speed preset is for 12: too many here
    if "decks" not in data and PRESETS.get(str(data.get("preset")), {}).get(
            "mode") == Mode.SPEED.value:
        data["decks"] = "auto"  # the preset's 4 decks are for its 12: one per 3 players
    rules = Rules.from_json(data)
    most = most_opponents(rules)
    if not MIN_OPPONENTS <= rules.players - 1 <= most:
        if opponents is not None:
            raise RulesError(f"play against {MIN_OPPONENTS} to {most} opponents, "
                             f"not {opponents}", "players")
        raise RulesError(f"the terminal table seats 2 to {most + 1} players, "
                         f"not {rules.players}", "players")
    return rules


def new_seed() -> int:
    """A fresh 63-bit seed, so that every game can be replayed and undone."""
    return int.from_bytes(os.urandom(8), "big") >> 1


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that fixes a game before its first action: rules, seed, seats, bots."""

    rules: Rules
    seed: int
    names: tuple[str, ...]
    levels: tuple[str, ...]  # by seat; the person's seat is ``PERSON_LEVEL``

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.names) != players or len(self.levels) != players:
            raise ValueError(f"{players} players need {players} names and levels")
        if self.levels[0] != PERSON_LEVEL:
            raise ValueError("seat 0 is the person's")

    @classmethod
    def new(cls, rules: Rules, levels: tuple[str, ...], *, seed: int | None = None,
            person: str = "You") -> Setup:
        """A table for ``rules`` with the opponents' ``levels``; a fresh seed if none."""
        person = printable(person)
        if len(person) > MAX_NAME:
            raise ValueError(f"a name has at most {MAX_NAME} characters (control "
                             "characters count as their escapes)")
        names = (speed_seat_names if rules.mode is Mode.SPEED else seat_names)(
            rules.players - 1, person)
        return cls(rules.resolved(), new_seed() if seed is None else seed, names,
                   (PERSON_LEVEL, *levels))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data, read back by ``from_json``."""
        return {"seed": self.seed, "rules": self.rules.to_json(), "players": list(self.names),
                "levels": list(self.levels)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], what: str = "setup") -> Setup:
        """The setup written by ``to_json``; ``InputError`` (or ``RulesError``) names what
        is wrong. Names are kept printable (``threethirteen.printable``)."""
        seed = need_int(need_key(data, "seed", what), f"{what}: seed", -(2**63), 2**64 - 1)
        rules = Rules.from_json(need_object(need_key(data, "rules", what), f"{what}: rules"))
        rules = rules.resolved()
        most = most_opponents(rules)
        if not MIN_OPPONENTS <= rules.players - 1 <= most:
            raise InputError(f"the terminal table seats 2 to {most + 1} players, "
                             f"not {rules.players}", f"{what}: rules")
        names = need_list(need_key(data, "players", what), f"{what}: players", rules.players)
        levels = need_list(need_key(data, "levels", what), f"{what}: levels", rules.players)
        if len(names) != rules.players or len(levels) != rules.players:
            raise InputError(f"{rules.players} players need {rules.players} names and levels",
                             what)
        known = set(bot_names())
        for seat, level in enumerate(levels):
            need_str(level, f"{what}: levels[{seat}]", MAX_NAME)
            if (level != PERSON_LEVEL) if seat == 0 else (level not in known):
                raise InputError(f"{level!r} is not a level for seat {seat}",
                                 f"{what}: levels[{seat}]")
        shown = tuple(need_str(printable(need_str(name, f"{what}: players[{seat}]", MAX_NAME)),
                               f"{what}: players[{seat}]", MAX_NAME)
                      for seat, name in enumerate(names))
        return cls(rules, seed, shown, tuple(levels))
