"""Taking back a discard, within the one rule that keeps hidden cards hidden.

A seat may take back its last discard only while nobody has acted on it: before any
other seat draws (from the stock or the discard pile), before the seat itself draws
again, and while the round it was made in is still being played. Later than that, an
undo would show what the next seat did with the card (did a computer take it?) or
which card waits on the stock, and trying another discard would use that knowledge.

The game is rebuilt by replaying its history, minus the undone actions, from the same
seed: the engine has no unchecked way back, and nothing but the seed and the actions is
needed to rebuild a game (a server keeps exactly those).

>>> from threethirteen.rules import Rules
>>> state = GameState(Rules(players=2, rounds=1), seed=3)
>>> state.apply(Draw(1, Source.STOCK)); state.apply(Discard(1, state.hands[1][0]))
>>> undo_blocker(state, 0)
'There is no discard of yours to undo in this round.'
>>> undo_blocker(state, 1) is None
True
>>> earlier, undone = take_back(state, 1)
>>> [str(action) for action in undone], earlier.phase.value
(['1: discard Ad'], 'discard')
>>> state.apply(Draw(0, Source.DISCARD))
>>> undo_blocker(state, 1)
'Seat 0 has taken your discard; it can no longer be undone.'
"""

from __future__ import annotations

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.errors import IllegalAction, RecordError
from threethirteen.game import GameState

__all__ = ["take_back", "undo_blocker"]


def undo_blocker(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not take back its last discard now, in words; None when it may."""
    if not 0 <= seat < len(state.names):
        return f"There is no seat {seat} at this table."
    history = state.history
    last = _last_discard(history, seat)
    if state.is_over:
        return "The game is over."
    if last is None:
        return "There is no discard of yours to undo in this round."
    if state.seed is None:
        return "This game was not dealt from a seed, so it cannot be rebuilt without a move."
    in_round = len(state.view(None).actions)
    if len(history) - last > in_round:  # the discard belongs to a finished round
        if last == len(history) - 1:
            return "That discard ended the round; a finished round cannot be undone."
        return "There is no discard of yours to undo in this round."
    if last + 1 < len(history):  # somebody has acted on it: the next seat has drawn
        after = history[last + 1]
        who = state.names[after.seat]
        if after.seat == seat:
            return "You have drawn since your last discard; it can no longer be undone."
        if isinstance(after, Draw) and after.source is Source.DISCARD:
            return f"{who} has taken your discard; it can no longer be undone."
        return f"{who} has drawn from the stock since your discard; it can no longer be undone."
    return None


def take_back(state: GameState, seat: int) -> tuple[GameState, tuple[Action, ...]]:
    """The game without ``seat``'s last discard and everything after it, and the undone
    actions (that discard first). ``state`` itself is left as it was.

    Raises ``IllegalAction`` (reason ``undo-refused``) with the reason of
    ``undo_blocker`` when the discard may not be taken back, and ``RecordError`` if the
    game does not replay from its seed (it was dealt by another dealer).
    """
    blocker = undo_blocker(state, seat)
    if blocker is not None:
        raise IllegalAction(blocker, "undo-refused")
    history = state.history
    start = _last_discard(history, seat)
    assert start is not None
    rebuilt = GameState(state.rules, seed=state.seed, names=state.names)
    for action in history[:start]:
        rebuilt.apply(action)
    before = [log.deal for log in state.round_logs()]
    after = [log.deal for log in rebuilt.round_logs()]
    if before != after:
        raise RecordError("the game does not replay from its seed: its dealer was not "
                          "the seeded one", "undo")
    return rebuilt, history[start:]


def _last_discard(history: tuple[Action, ...], seat: int) -> int | None:
    """The index in ``history`` of ``seat``'s last discard, None if it has none."""
    for index in range(len(history) - 1, -1, -1):
        action = history[index]
        if isinstance(action, Discard) and action.seat == seat:
            return index
    return None
