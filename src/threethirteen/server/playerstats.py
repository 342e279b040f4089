"""A person's statistics by their browser's player id: the games they finished, their
wins, totals and places, by the computers' level, and the list of those games (each with
its replay's room). Everything is read from the finished games' records; nothing here
touches the database.

A player id is an identity, kept private: it is asked for in a request's body (so it stays
out of addresses and access logs) and never appears in an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from threethirteen.errors import RulesError
from threethirteen.rules import PRESETS, Rules
from threethirteen.server.seats import HUMAN
from threethirteen.server.store import PlayedGame

HISTORY = 100  # the newest games listed one by one (the numbers count every game)
PEOPLE = "people"  # the level of a game without computers
MIXED = "mixed"  # the level of a game against computers of several levels


def place(totals: Sequence[int], winners: Sequence[int], seat: int) -> int:
    """``seat``'s place, 1 for a winner: one more than the seats with a lower total, and
    than the winners of a playoff between equal totals.

    >>> place([10, 30, 20], [0], 2), place([10, 10, 20], [0, 1], 1)
    (2, 1)
    >>> place([10, 10, 20], [1], 0)  # seat 1 won the playoff
    2
    """
    if seat in winners:
        return 1
    mine = totals[seat]
    return 1 + sum(1 for n, total in enumerate(totals)
                   if total < mine or (total == mine and n in winners))


def level(kinds: Sequence[str], seat: int) -> str:
    """What the person played against: the computers' level when they all share one,
    ``mixed`` when not, ``people`` without computers.

    >>> level(["human", "medium", "medium"], 0), level(["human", "easy", "expert"], 0)
    ('medium', 'mixed')
    >>> level(["human", "human"], 1)
    'people'
    """
    bots = {kind for n, kind in enumerate(kinds) if n != seat and kind != HUMAN}
    if not bots:
        return PEOPLE
    return bots.pop() if len(bots) == 1 else MIXED


def rules_summary(rules: dict[str, Any]) -> str:
    """The game's rules in a few words: the nearest preset and what differs from it.

    >>> rules_summary(Rules(players=4).resolved().to_json())
    'standard'
    >>> rules_summary(Rules(players=2, rounds=1).resolved().to_json())
    'standard, 1 round'
    >>> rules_summary(Rules.preset("jokers", players=4, ace="high").resolved().to_json())
    'jokers, ace: high'
    """
    best: tuple[int, str, list[tuple[str, Any]]] | None = None
    for name, options in PRESETS.items():
        try:
            base = Rules.from_json({**options, "players": rules.get("players", 4)}).resolved()
        except (RulesError, TypeError, ValueError):
            continue
        differ = [(key, value) for key, value in rules.items()
                  if key not in ("players", "decks") and base.to_json().get(key) != value]
        if best is None or len(differ) < best[0]:
            best = (len(differ), name, differ)
    if best is None:
        return "own rules"
    words = [best[1]]
    for key, value in best[2]:
        if key == "rounds":
            words.append(f"{value} round" + ("" if value == 1 else "s"))
        else:
            words.append(f"{key.replace('_', ' ')}: {_word(value)}")
    return ", ".join(words)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def game_line(game: PlayedGame) -> dict[str, Any]:
    """One finished game as the person played it."""
    record = game.record
    totals = [int(total) for total in record["totals"]]
    winners = [int(seat) for seat in record.get("winners") or ()]
    rules = record.get("rules") or {}
    rounds = record.get("rounds") or []
    played = min(len(rounds), int(rules.get("rounds", len(rounds))))
    outs = sum(1 for r in rounds if game.seat in (r.get("outs") or (r.get("out"),)))
    return {
        "room": game.room, "finished": round(game.finished, 3), "seat": game.seat,
        "players": list(record.get("players") or ()), "totals": totals,
        "total": totals[game.seat], "place": place(totals, winners, game.seat),
        "won": game.seat in winners, "rounds": played, "go_outs": outs,
        "level": level(game.kinds, game.seat), "rules": rules_summary(rules),
    }


def summary(games: Sequence[PlayedGame]) -> dict[str, Any]:
    """The answer of ``POST /api/players/stats``: numbers over every game, the same by
    level, and the newest ``HISTORY`` games one by one."""
    lines = [game_line(game) for game in games]
    by_level: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        by_level.setdefault(line["level"], []).append(line)
    return {
        **_numbers(lines),
        "by_level": [{"level": name, **_numbers(found)}
                     for name, found in sorted(by_level.items(), key=lambda item: -len(item[1]))],
        "history": lines[:HISTORY],
    }


def _numbers(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    totals = [line["total"] for line in lines]
    rounds = sum(line["rounds"] for line in lines)
    return {
        "games": len(lines), "wins": sum(1 for line in lines if line["won"]),
        "best_total": min(totals) if totals else None,
        "average_total": round(sum(totals) / len(totals), 1) if totals else None,
        "average_points_per_round": round(sum(totals) / rounds, 2) if rounds else None,
        "go_outs": sum(line["go_outs"] for line in lines),
    }
