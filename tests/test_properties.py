"""Properties over random games: conservation, determinism, hidden information, refusals."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tables import ChaosBot

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots import RandomBot
from threethirteen.cards import Card, pack
from threethirteen.errors import IllegalAction
from threethirteen.game import GameState
from threethirteen.record import dumps_record, game_record, replay_record
from threethirteen.rules import PRESETS, FalseOut, Rules
from threethirteen.solver import melds_completely
from threethirteen.speed import SpeedGame
from threethirteen.view import Phase, View

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYABLE = sorted(name for name in PRESETS if Rules.preset(name).mode == "turns")
VARIANTS: dict[str, list[Any]] = {
    "upcard": [False], "stock_empty": ["reshuffle"], "false_out": ["penalty"],
    "first_turn_out": [False], "final_turns": [False], "ties": ["none", "playoff"],
    "ace": ["high", "both", "wrap"], "out_bonus": [-5],
}


@st.composite
def small_rules(draw: st.DrawFn) -> Rules:
    """A preset with 2-4 players and 1-3 rounds (sometimes 12: the 14-card round), some
    options changed, and sometimes the five-suit pack."""
    changes: dict[str, Any] = {
        "players": draw(st.integers(2, 4)),
        "rounds": draw(st.sampled_from((1, 2, 3, 1, 2, 3, 12)))}
    for key, values in VARIANTS.items():
        if draw(st.booleans()):
            changes[key] = draw(st.sampled_from(values))
    name = draw(st.sampled_from(PLAYABLE))
    if name == "deuces-arent-wild" or changes["rounds"] == 12:
        changes["decks"] = 2  # 4 players need more than its one deck
    return Rules.preset(name, **changes)


def step(state: GameState, rng: random.Random) -> None:
    """One action of a random or chaotic bot, chosen from the acting seat's view."""
    seat = state.turn
    assert seat is not None
    bot = ChaosBot() if seat % 2 else RandomBot()
    state.apply(bot.choose(state.view(seat), rng))


def advance(state: GameState, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if state.is_over:
            return
        step(state, rng)


def check_cards(state: GameState) -> None:
    everything = Counter(state.stock) + Counter(state.discard_pile)
    for hand in state.hands:
        everything += Counter(hand)
    assert everything == Counter(pack(state.rules.deck_count, state.rules.jokers,
                                      state.rules.pack))
    log = state.round_logs()[-1]
    size = 13 if log.playoff else log.number + 2
    for seat, hand in enumerate(state.hands):
        extra = 1 if state.phase is Phase.DISCARD and seat == state.turn else 0
        assert len(hand) == (size + extra if seat in log.seats else 0)


@FAST
@given(rules=small_rules(), seed=st.integers(0, 2**32))
def test_cards_are_conserved_after_every_action(rules: Rules, seed: int) -> None:
    state = GameState(rules, seed=seed)
    rng = random.Random(seed)
    check_cards(state)
    while not state.is_over:
        step(state, rng)
        check_cards(state)


@FAST
@given(rules=small_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_same_seed_same_game_and_records_replay(rules: Rules, seed: int, cut: int) -> None:
    texts = []
    for _ in range(2):
        state = GameState(rules, seed=seed)
        advance(state, random.Random(seed), cut)
        texts.append(dumps_record(game_record(state)))
    assert texts[0] == texts[1]
    record = json.loads(texts[0])
    replayed = replay_record(record)
    assert replayed == state and dumps_record(game_record(replayed)) == texts[0]
    record["seed"] = None
    assert dumps_record(game_record(replay_record(record))) == texts[0].replace(
        f'"seed": {seed},', '"seed": null,')


def hidden_zones(game: GameState | SpeedGame, seat: int | None) -> list[list[Card]]:
    """The card lists ``seat`` cannot see: other hands and the stock (engine internals)."""
    table = game._rounds[-1]  # test-only reach into the game
    hands = [hand for other, hand in enumerate(table.hands) if other != seat]
    return [zone for zone in (*hands, table.stock) if zone]


def swap_hidden_cards(game: GameState | SpeedGame, seat: int | None,
                      data: st.DataObject) -> bool:
    """Swap two cards ``seat`` cannot see, from two of its hidden zones (False when it
    has fewer than two)."""
    zones = hidden_zones(game, seat)
    if len(zones) < 2:
        return False
    first, second = data.draw(st.lists(st.sampled_from(range(len(zones))), min_size=2,
                                       max_size=2, unique=True))
    i = data.draw(st.integers(0, len(zones[first]) - 1))
    j = data.draw(st.integers(0, len(zones[second]) - 1))
    zones[first][i], zones[second][j] = zones[second][j], zones[first][i]
    return True


@FAST
@given(rules=small_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 300),
       data=st.data())
def test_a_view_ignores_cards_it_cannot_see(
    rules: Rules, seed: int, cut: int, data: st.DataObject
) -> None:
    state = GameState(rules, seed=seed)
    advance(state, random.Random(seed), cut)
    seat = data.draw(st.sampled_from([None, *range(rules.players)]))
    before = state.view(seat)
    if not swap_hidden_cards(state, seat, data):
        return
    state._outs = None  # the swap may change the acting seat's hand
    assert state.view(seat) == before
    assert json.dumps(state.view(seat).to_json()) == json.dumps(before.to_json())
    if seat is None:
        assert before.hand is None and before.legal == ()


@FAST
@given(rules=small_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 200))
def test_views_round_trip_through_json(rules: Rules, seed: int, cut: int) -> None:
    state = GameState(rules, seed=seed)
    advance(state, random.Random(seed), cut)
    for seat in [None, *range(rules.players)]:
        view = state.view(seat)
        assert View.from_json(json.loads(json.dumps(view.to_json()))) == view


def expected_reason(state: GameState, action: Action) -> str | None:
    """The refusal RULES.md calls for, worked out from the table (None: legal)."""
    if state.is_over:
        return "game-over"
    if not 0 <= action.seat < state.rules.players:
        return "no-such-seat"
    if action.seat != state.turn:
        return "not-your-turn"
    view = state.view(action.seat)
    if isinstance(action, Draw):
        if state.phase is Phase.DISCARD:
            return "must-discard"
        if action.source is Source.DISCARD and not state.discard_pile:
            return "discard-pile-empty"
        return None
    if state.phase is Phase.DRAW:
        return "must-draw-first"
    hand = list(state.hands[action.seat])
    if action.card not in hand:
        return "card-not-in-hand"
    if not action.out:
        return None
    if view.out is not None:
        return "already-out"
    first_turn = not any(isinstance(a, Discard) and a.seat == action.seat for a in view.actions)
    if first_turn and not state.rules.first_turn_out:
        return "first-turn-out-forbidden"
    hand.remove(action.card)
    if state.rules.false_out is FalseOut.REJECT and not melds_completely(
            hand, wild=state.wild, rules=state.rules):
        return "cannot-go-out"
    return None


actions = st.one_of(
    st.builds(Draw, st.integers(-1, 4), st.sampled_from(list(Source))),
    st.builds(Discard, st.integers(-1, 4), st.sampled_from(pack(1, 1)), st.booleans()),
)


@FAST
@given(rules=small_rules(), seed=st.integers(0, 2**32), cut=st.integers(0, 300),
       tries=st.lists(actions, min_size=1, max_size=12))
def test_illegal_actions_are_refused_with_the_right_reason(
    rules: Rules, seed: int, cut: int, tries: list[Action]
) -> None:
    state = GameState(rules, seed=seed)
    advance(state, random.Random(seed), cut)
    legal = state.legal_actions()
    for action in tries:
        reason = expected_reason(state, action)
        before = state.copy()
        try:
            state.check(action)
        except IllegalAction as error:
            assert error.reason == reason and error.action == action
            assert str(action) in str(error)
            assert reason is not None and action not in legal
        else:
            assert reason is None and action in legal
        if reason is not None:
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was applied")
        assert state == before
        assert dumps_record(game_record(state)) == dumps_record(game_record(before))


@FAST
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 100))
def test_a_view_does_show_its_own_hand(seed: int, cut: int) -> None:
    """The counterpart that shows the hidden-card test can fail: own cards are visible."""
    state = GameState(Rules(players=3, rounds=2), seed=seed)
    advance(state, random.Random(seed), cut)
    before = state.view(0)
    table = state._rounds[-1]
    mine, stock = table.hands[0], table.stock
    different = [k for k, card in enumerate(stock) if card != mine[0]]
    if not different:
        return
    mine[0], stock[different[0]] = stock[different[0]], mine[0]
    state._outs = None
    assert state.view(0) != before
