"""The leak scan's oracle: which card identities a seat may see at each version.

The allowed cards of seat s at version V are those in the engine's own ``view(s)`` at V,
replayed offline from the finished game's record (seed and actions). Every message a seat
received is scanned for card text; each card must be allowed at the version the seat had
last been sent. A state's ``action`` must be the notation of the action that made its
version, exactly (the one card it may add is a discard's, which goes face up on the
pile); the rest of the state is scanned as above. Seeds of unfinished games and tokens
must appear nowhere.
"""

from __future__ import annotations

import json
import re
from typing import Any

from server.checks import offline
from threethirteen.game import GameState
from threethirteen.rules import Rules

# A card stands between quotes, spaces or punctuation; never beside a letter, a digit, "-"
# or "_", which join the characters of room ids and tokens ("x-5s_Qd" is an id, not cards).
CARD = re.compile(r"(?<![A-Za-z0-9_-])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9_-])")


def cards_in(data: Any) -> set[str]:
    """Every card named anywhere in ``data`` (10 written as T)."""
    return {text.replace("10", "T") for text in CARD.findall(json.dumps(data))}


def allowed(record: dict[str, Any]) -> dict[tuple[int | None, int], set[str]]:
    """For each (seat or None, version): the cards that seat's view holds."""
    actions = offline(record).history
    game = GameState(Rules.from_json(record["rules"]), seed=record["seed"],
                     names=record["players"])
    seats: list[int | None] = [*range(len(record["players"])), None]
    found: dict[tuple[int | None, int], set[str]] = {}
    for version in range(len(actions) + 1):
        for seat in seats:
            found[seat, version] = cards_in(game.view(seat).to_json())
        if version < len(actions):
            game.apply(actions[version])
    return found


def scan(record: dict[str, Any], seat: int | None, seen: list[dict[str, Any]],
         secrets: list[str], oracle: dict[tuple[int | None, int], set[str]] | None = None
         ) -> int:
    """Check every message ``seat`` received; the number of cards checked."""
    oracle = oracle if oracle is not None else allowed(record)
    actions = [str(action) for action in offline(record).history]
    version = 0
    checked = 0
    seed = str(record["seed"])
    for message in seen:
        if message["type"] == "state":
            version = message["version"]
            said = message["action"]
            assert said is None or said == actions[version - 1], (
                f"seat {seat}: the state of version {version} names {said!r}")
            checked += bool(said and cards_in(said))
            message = {key: value for key, value in message.items() if key != "action"}
        text = json.dumps(message)
        for secret in secrets:
            assert secret not in text, f"a token reached seat {seat}: {message['type']}"
        if message["type"] == "state" and message["view"]["phase"] != "over":
            assert seed not in text, "the seed of an unfinished game was sent"
        found = cards_in(message)
        leaked = found - oracle[seat, version]
        assert not leaked, (f"seat {seat} was sent {sorted(leaked)} at version {version} "
                            f"in a {message['type']} message")
        checked += len(found)
    return checked
