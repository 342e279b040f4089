"""Helpers for the scorekeeper's tests: a played game written onto a sheet, random sheets,
and ``three-thirteen score`` in a real pseudo-terminal."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pexpect

from threethirteen.cards import Card, pack
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet

COMMAND = str(Path(sys.executable).parent / "three-thirteen")
# The prompt of a round's entry: "Round 3, Ann > ", "Playoff, Bob (2 of 3) > ".
PROMPT = r"(?:Round (\d+)|Playoff), (\w+)(?: \([^)]*\))* > "


def spawn(home: Path, *args: str) -> pexpect.spawn:
    """``three-thirteen score ARGS`` in a pseudo-terminal, with ``home`` as its data folder."""
    env = {"THREE_THIRTEEN_HOME": str(home), "PATH": "/usr/bin:/bin", "TERM": "dumb",
           "PYTHONIOENCODING": "utf-8"}
    return pexpect.spawn(COMMAND, ["score", *args], env=env, encoding="utf-8", timeout=30,
                         dimensions=(50, 200))


def sheet_of_game(state: GameState) -> Sheet:
    """The sheet a table keeps of ``state``: every hand typed as its cards, the player
    who went out as out, false outs counted from the turns."""
    logs = state.round_logs()
    names = [f"Seat {seat}" for seat in range(len(state.names))]
    sheet = Sheet.start(names, state.rules, first_dealer=logs[0].dealer)
    for log in logs:
        assert log.result is not None
        for seat in log.seats:
            false_outs = sum(1 for turn in log.turns if turn.seat == seat and turn.false_out)
            shown = log.result.seats[seat]
            if log.result.out == seat:
                entry = Entry.went_out(false_outs=false_outs)
            else:
                cards = [card for meld in shown.melds for card in meld] + list(shown.deadwood)
                entry = Entry.of_cards(cards, false_outs=false_outs)
            sheet = sheet.enter(log.number, seat, entry)
    return sheet


def play_speed_game(rules: Rules, seed: int) -> Any:
    """A speed game (RULES.md, "Speed") played to the end by random seats that go out when
    they can; the caller's tick now and then."""
    from threethirteen.outs import go_out_cards
    from threethirteen.speed import SpeedGame

    game = SpeedGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if rng.random() < 0.1:
            game.tick()
            continue
        for seat in game.waiting:
            actions = game.legal_actions(seat)
            hand = game.hands[seat]
            real = go_out_cards(hand, wild=game.wild, rules=game.rules) if len(hand) else ()
            outs = [action for action in actions if getattr(action, "out", False)
                    and action.card in real]
            game.apply(outs[0] if outs and rng.random() < 0.8 else rng.choice(
                [action for action in actions if not getattr(action, "out", False)]))
            if game.is_over:
                break
    return game


def sheet_of_speed_game(game: Any) -> Sheet:
    """The sheet a table keeps of a speed game: every player out marked out (several may
    be), every other hand typed as its cards."""
    rounds = game.rounds() if callable(game.rounds) else game.rounds
    sheet = Sheet.start([f"Seat {seat}" for seat in range(len(game.names))], game.rules,
                        first_dealer=rounds[0].dealer)
    for played in rounds:
        assert played.result is not None
        for seat in played.seats:
            shown = played.result.seats[seat]
            false_outs = played.false_outs[seat]
            if seat in played.outs:
                entry = Entry.went_out(false_outs=false_outs)
            else:
                cards = [card for meld in shown.melds for card in meld] + list(shown.deadwood)
                entry = Entry.of_cards(cards, false_outs=false_outs)
            sheet = sheet.enter(played.number, seat, entry)
    return sheet


def random_hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    """``size`` cards drawn from the rules' pack."""
    return rng.sample(list(pack(rules.deck_count, rules.jokers, rules.pack)), size)


def random_entry(rng: random.Random, sheet: Sheet, number: int, seat: int) -> Entry:
    """A valid-looking entry for ``seat`` in round ``number`` (it may still be refused,
    say a second out, or cards another hand holds)."""
    plan = sheet.plan(number)
    false_outs = rng.choice([0, 0, 0, 1, 2]) if sheet.rules.false_out.value == "penalty" else 0
    kind = rng.random()
    if kind < 0.15:
        return Entry.went_out(false_outs=false_outs)
    if kind < 0.45:
        return Entry.of_points(rng.randrange(0, plan.deal * 10 + 1), false_outs=false_outs)
    return Entry.of_cards(random_hand(rng, sheet.rules, plan.deal), false_outs=false_outs)
