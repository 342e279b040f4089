"""Helpers for the scorekeeper's tests: a played game written onto a sheet, random sheets."""

from __future__ import annotations

import random

from threethirteen.cards import Card, pack
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet


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


def random_hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    """``size`` cards drawn from the rules' pack."""
    return rng.sample(list(pack(rules.deck_count, rules.jokers)), size)


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
