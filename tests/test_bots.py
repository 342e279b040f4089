"""The computer opponents: legal play, no hidden information, refereed games, advice."""

from __future__ import annotations

import random

import pytest
from referee import referee

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots import make_bot
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.greedy import GreedyBot, best_discard, dearest_out
from threethirteen.bots.registry import LEVELS
from threethirteen.bots.tracking import track
from threethirteen.cards import Card, Hand, Rank
from threethirteen.game import GameState
from threethirteen.record import game_record
from threethirteen.rules import PRESETS, Mode, Rules
from threethirteen.sim import play_game
from threethirteen.view import Phase, View

BOTS = ("random", "easy", "greedy", "medium", "expert-1", "expert-2", "expert", "search")


def advance(state: GameState, seed: int, steps: int) -> None:
    """Play ``steps`` actions with greedy bots."""
    bot, rng = GreedyBot(), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.turn
        assert seat is not None
        state.apply(bot.choose(state.view(seat), rng))


def shuffle_hidden(state: GameState, seat: int, seed: int) -> None:
    """Deal the cards ``seat`` cannot see (other hands, the stock) anew, sizes kept."""
    table = state._rounds[-1]  # test-only reach into the engine
    zones = [hand for other, hand in enumerate(table.hands) if other != seat]
    zones.append(table.stock)
    pool = [card for zone in zones for card in zone]
    random.Random(seed).shuffle(pool)
    for zone in zones:
        zone[:], pool = pool[: len(zone)], pool[len(zone):]
    state._outs = None


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("seed", [3, 11])
def test_a_bot_decides_from_its_view_alone(name: str, seed: int) -> None:
    for steps in (5, 22, 41):
        state = GameState(Rules(rounds=6), seed=seed)
        advance(state, seed, steps)
        if state.is_over:
            continue
        seat = state.turn
        assert seat is not None
        twin = state.copy()
        shuffle_hidden(twin, seat, seed + steps)
        assert twin.hands != state.hands or twin.stock != state.stock
        view, twin_view = state.view(seat), twin.view(seat)
        assert view == twin_view
        first = make_bot(name).choose(view, random.Random(seed))
        second = make_bot(name).choose(twin_view, random.Random(seed))
        assert first == second
        assert first in state.legal_actions()


TURN_PRESETS = sorted(name for name in PRESETS if Rules.preset(name).mode is Mode.TURNS)


@pytest.mark.parametrize("preset", TURN_PRESETS)
def test_every_bot_plays_every_preset_by_the_rules(preset: str) -> None:
    rules = Rules.preset(preset, rounds=5)
    lineup = ["expert", "medium", "greedy", "easy", "search", "random"][: rules.players]
    state = play_game(rules, lineup, seed=len(preset))
    assert state.is_over and state.winners is not None
    assert referee(game_record(state)) == []


def test_a_whole_game_of_every_level_is_refereed_clean() -> None:
    state = play_game(Rules(players=5), ["expert", "medium", "greedy", "easy", "random"], seed=8)
    record = game_record(state)
    assert len([r for r in record["rounds"] if not r.get("playoff")]) == 11
    assert referee(record) == []


def test_levels_offered_to_people() -> None:
    assert LEVELS == ("easy", "medium", "expert")
    for level in LEVELS:
        assert make_bot(level).name == level


def view_for(hand: str, top: str | None, phase: Phase, wild: int = 7) -> View:
    """A hand-made seat-0 view of a two-player game at its first turn."""
    rules = Rules(players=2)
    cards = tuple(Hand.parse(hand))
    legal: tuple[Draw | Discard, ...]
    if phase is Phase.DRAW:
        legal = (Draw(0, Source.STOCK),) + ((Draw(0, Source.DISCARD),) if top else ())
    else:
        legal = tuple(Discard(0, card) for card in dict.fromkeys(cards))
    return View(
        seat=0, rules=rules, players=("a", "b"), round_number=wild - 2, playoff=False,
        seats=(0, 1), wild=Rank(wild),
        dealer=1, phase=phase, turn=0, hand=cards, hand_sizes=(len(cards), wild),
        stock_size=30, discard_pile=(Card.parse(top),) if top else (), pickups=(),
        actions=(), reshuffled=False, out=None, final_turns_left=0, false_outs=(0, 0),
        totals=(0, 0), results=(), winners=None, legal=legal,
    )


def test_greedy_discards_the_card_that_leaves_the_least_penalty() -> None:
    view = view_for("7h 8h 9h Kc Qd 2s 3d 4c", None, Phase.DISCARD, wild=7)
    action = GreedyBot().choose(view, random.Random(0))
    assert action == Discard(0, Card.parse("Kc"))  # Kc and Qd both cost 10: higher card
    assert best_discard(list(view.hand or ()), view.wild, view.rules)[0] == 19


def test_greedy_takes_the_discard_only_when_it_lowers_its_penalty() -> None:
    helps = view_for("5h 6h Kc Qd Jd 2s", "4h", Phase.DRAW)
    useless = view_for("5h 6h Kc Qd Jd 2s", "Ts", Phase.DRAW)
    assert GreedyBot().choose(helps, random.Random(0)) == Draw(0, Source.DISCARD)
    assert GreedyBot().choose(useless, random.Random(0)) == Draw(0, Source.STOCK)


def test_greedy_goes_out_with_its_dearest_card_the_first_of_equals_in_the_order_given() -> None:
    rules, wild = Rules(players=2), Rank(7)
    ks, kc, five = Card.parse("Ks"), Card.parse("Kc"), Card.parse("5h")
    assert dearest_out([five, ks, kc], {five, ks, kc}, wild, rules) == ks
    assert dearest_out([five, kc, ks], {five, ks, kc}, wild, rules) == kc
    assert dearest_out([ks, five], {five}, wild, rules) == five  # the king cannot go out
    assert dearest_out([ks, kc], set(), wild, rules) is None


def test_the_expert_explains_every_option_with_its_expected_penalty() -> None:
    view = view_for("5h 6h 9c Kc Qd Jd 2s 3s", None, Phase.DISCARD, wild=7)
    options = ExpertBot().explain(view, random.Random(1))
    assert {option.action for option in options} == set(view.legal)
    assert options == sorted(options, key=lambda option: option.expected)
    assert options[0].action.card.rank in (11, 12, 13)  # type: ignore[union-attr, operator]
    assert all(option.expected >= 0 for option in options)


def test_the_expert_keeps_a_connected_hand_and_takes_what_builds_it() -> None:
    take = view_for("5h 6h 9c 9d Kc 2s", "9h", Phase.DRAW, wild=8)
    assert ExpertBot().choose(take, random.Random(2)) == Draw(0, Source.DISCARD)


def test_the_expert_goes_out_whenever_it_can() -> None:
    view = view_for("7h 8h 9h Kc Kd Ks 2c", None, Phase.DISCARD, wild=3)
    view = View(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                   "legal": (*view.legal, Discard(0, Card.parse("2c"), out=True))})
    assert ExpertBot().choose(view, random.Random(0)) == Discard(0, Card.parse("2c"), out=True)


def test_the_racing_expert_values_going_out_now_above_every_discard() -> None:
    view = view_for("7h 8h 9h Kc Kd Ks 2c", None, Phase.DISCARD, wild=3)
    view = View(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                   "legal": (*view.legal, Discard(0, Card.parse("2c"), out=True))})
    racer = ExpertBot(race=1.0)
    others = racer.others_penalty(view, random.Random(4))
    assert others > 0  # the other hand is seven hidden cards: it rarely melds whole
    options = racer.explain(view, random.Random(4))
    assert options[0].action == Discard(0, Card.parse("2c"), out=True)
    assert options[0].expected == pytest.approx(view.rules.out_bonus - others)
    assert all(option.expected >= options[0].expected for option in options)
    plain = ExpertBot().explain(view, random.Random(4))
    assert plain[0].expected == view.rules.out_bonus  # expert-1's measure: its own penalty


def test_the_evaluators_race_only_in_expert_2_and_expert_races_in_its_futures() -> None:
    races = {}
    for name in ("medium", "expert-1", "expert", "expert-2"):
        bot = make_bot(name)
        assert isinstance(bot, ExpertBot) and bot.name == name
        races[name] = bot.race
    assert races == {"medium": 0.0, "expert-1": 0.0, "expert": 1.0, "expert-2": 0.5}
    assert type(make_bot("expert")).__name__ == "FuturesBot"


def test_tracking_places_the_cards_opponents_took() -> None:
    state = GameState(Rules(players=2, rounds=3), seed=5)
    bot, rng = GreedyBot(), random.Random(5)
    for _ in range(60):
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        known = track(view)
        total = len(view.hand or ()) + len(view.discard_pile) + known.unseen_count()
        total += sum(sum(cards.values()) for cards in known.held.values())
        assert total == 52  # every card of the pack is accounted for exactly once
        assert all(card not in known.unseen or known.unseen[card] >= 0 for card in known.unseen)
        state.apply(bot.choose(view, rng))
        if state.is_over:
            break
