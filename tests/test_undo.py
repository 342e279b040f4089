"""The undo rule in the core (``threethirteen.undo``): a discard may be taken back only
until anybody acts on it, and taking it back rebuilds exactly the game before it."""

from __future__ import annotations

import random

import pytest

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.dealer import SeededDealer
from threethirteen.errors import IllegalAction
from threethirteen.game import GameState
from threethirteen.rules import Rules, StockEmpty
from threethirteen.undo import take_back, undo_blocker


def reference_allows(state: GameState, seat: int) -> bool:
    """The rule, said another way: the seat's discard is the last thing that happened,
    and it did not end the round."""
    history = state.history
    if state.is_over or not history:
        return False
    last = history[-1]
    return (isinstance(last, Discard) and last.seat == seat
            and state.view(None).actions[-1:] == (last,))


MAX_ACTIONS = 160  # random play rarely goes out: enough for a round's end, and quick


def random_game(seed: int, rules: Rules) -> list[tuple[GameState, GameState | None]]:
    """Every state of a game of random legal moves (its first ``MAX_ACTIONS``), each with
    the state before the discard that led to it (None after a draw)."""
    rng = random.Random(seed)
    state = GameState(rules, seed=seed, names=[f"P{seat}" for seat in range(rules.players)])
    states: list[tuple[GameState, GameState | None]] = [(state.copy(), None)]
    while not state.is_over and len(states) <= MAX_ACTIONS:
        action = rng.choice(state.legal_actions())
        before = state.copy() if isinstance(action, Discard) else None
        state.apply(action)
        states.append((state.copy(), before))
    return states


@pytest.mark.parametrize("seed", range(6))
def test_undo_is_allowed_exactly_until_anybody_acts_on_the_discard(seed: int) -> None:
    empty = StockEmpty.RESHUFFLE if seed % 2 else StockEmpty.END_ROUND
    rules = Rules(players=2 + seed % 3, rounds=3, stock_empty=empty)
    allowed = 0
    for state, before in random_game(seed, rules):
        for seat in range(rules.players):
            blocker = undo_blocker(state, seat)
            assert (blocker is None) == reference_allows(state, seat), (blocker, state.history)
            if blocker is not None:
                copy = state.copy()
                with pytest.raises(IllegalAction, match="undo|no longer|no discard|over"):
                    take_back(state, seat)
                assert state == copy
                continue
            allowed += 1
            copy = state.copy()
            rebuilt, undone = take_back(state, seat)
            assert state == copy  # the state itself is not touched
            assert before is not None and rebuilt == before
            assert undone == (state.history[-1],)
            # nothing new is seen: the seat's view is the one it had before discarding
            assert rebuilt.view(seat) == before.view(seat)
    assert allowed > 10


def table() -> GameState:
    """Three seats; seat 0 has just discarded, seat 1 is to draw."""
    state = GameState(Rules(players=3, rounds=2), seed=11, names=["Ann", "Bob", "Cy"])
    while not (state.turn == 0 and state.phase.value == "discard"):
        state.apply(state.legal_actions()[0])
    state.apply(Discard(0, state.hands[0][0]))
    return state


def test_a_computer_taking_the_discard_ends_the_undo() -> None:
    state = table()
    assert undo_blocker(state, 0) is None
    state.apply(Draw(1, Source.DISCARD))
    assert undo_blocker(state, 0) == "Bob has taken your discard; it can no longer be undone."
    copy = state.copy()
    with pytest.raises(IllegalAction, match="Bob has taken your discard") as caught:
        take_back(state, 0)
    assert caught.value.reason == "undo-refused" and state == copy


def test_a_draw_from_the_stock_ends_the_undo() -> None:
    state = table()
    state.apply(Draw(1, Source.STOCK))
    assert undo_blocker(state, 0) == ("Bob has drawn from the stock since your discard; "
                                      "it can no longer be undone.")
    state.apply(Discard(1, state.hands[1][0]))
    state.apply(Draw(2, Source.STOCK))
    state.apply(Discard(2, state.hands[2][0]))
    state.apply(Draw(0, Source.STOCK))
    assert undo_blocker(state, 0) == ("Bob has drawn from the stock since your discard; "
                                      "it can no longer be undone.")
    assert undo_blocker(state, 2) == ("Ann has drawn from the stock since your discard; "
                                      "it can no longer be undone.")


def test_the_other_refusals() -> None:
    state = GameState(Rules(players=2, rounds=1), seed=3)
    assert undo_blocker(state, 0) == "There is no discard of yours to undo in this round."
    assert undo_blocker(state, 5) == "There is no seat 5 at this table."
    unseeded = GameState(Rules(players=2, rounds=1), dealer=SeededDealer(3))
    unseeded.apply(Draw(1, Source.STOCK))
    unseeded.apply(Discard(1, unseeded.hands[1][0]))
    assert "not dealt from a seed" in (undo_blocker(unseeded, 1) or "")


def finish_round(state: GameState) -> Action:
    """Play first legal moves until a discard ends the round; that discard."""
    number = state.round_number
    while True:
        action = state.legal_actions()[0]
        state.apply(action)
        if state.round_number != number or state.is_over:
            return action


def test_a_round_ended_by_the_discard_cannot_be_undone() -> None:
    state = GameState(Rules(players=2, rounds=2), seed=4)
    last = finish_round(state)
    assert isinstance(last, Discard) and state.round_number == 2
    assert undo_blocker(state, last.seat) == ("That discard ended the round; "
                                              "a finished round cannot be undone.")
    finish_round(state)
    assert state.is_over and undo_blocker(state, 0) == "The game is over."
