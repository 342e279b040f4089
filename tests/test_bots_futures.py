"""The ``futures`` bot: a hand's futures valued by hand, the round's end by hand size,
decisions from the view alone, legal play under every preset."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee import referee
from test_bots import TURN_PRESETS
from test_bots_search import twin_views, views_of

from threethirteen.actions import Discard
from threethirteen.bots import make_bot
from threethirteen.bots.ending import HAZARD, HAZARD_BY_SIZE, hazard
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.futures import Futures
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import best_discard
from threethirteen.bots.speedplay import EvaluatorSpeed, speed_player
from threethirteen.bots.tracking import track
from threethirteen.cards import Rank, parse_cards
from threethirteen.game import GameState
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game
from threethirteen.solver import deadwood
from threethirteen.view import Phase

RULES = Rules(players=2)
SMALL = {"count": 6, "depth": 4, "choices": 3}


def futures(unseen: str, count: int = 8, depth: int = 4, seed: int = 1) -> Futures:
    return Futures(Rank(3), RULES, Counter(parse_cards(unseen)), random.Random(seed),
                   count=count, depth=depth)


def test_a_first_draw_that_goes_out_wins_the_race() -> None:
    ahead = futures("9c Td Jc Qs Kh 2d")
    hand = parse_cards("4h 5h Kd")
    assert ahead.value(hand, ends=[0.0, 0.5], race=[20.0, 18.0], first=parse_cards("6h")[0]) \
        == -20.0
    # the round ended before the draw: the final turn goes out, but wins nothing more
    assert ahead.value(hand, ends=[1.0], race=[20.0], first=parse_cards("6h")[0]) == 0.0


def test_a_round_that_ends_at_once_scores_the_final_draws_penalty() -> None:
    unseen = "9c Td Jc Qs Kh 2d 6h 7h"
    ahead = futures(unseen, count=8, depth=3)
    hand = parse_cards("4h 5h Kd")
    expected = sum(best_discard([*hand, draws[0]], Rank(3), RULES)[0]
                   for draws in ahead.draws) / len(ahead.draws)
    assert ahead.value(hand, ends=[1.0, 1.0, 1.0], race=[50.0] * 3) == pytest.approx(expected)


def test_a_future_plays_the_greedy_keep_until_the_round_ends() -> None:
    ahead = futures("9c Td Jc Qs Kh 2d 6h 7h", count=1, depth=3)
    draws = ahead.draws[0]
    hand = parse_cards("4h 5h Kd")
    ends = [0.0, 0.5, 1.0]
    value, going = 0.0, 1.0
    for step, card in enumerate(draws):  # the module's rule, step by step
        penalty, thrown = best_discard([*hand, card], Rank(3), RULES)
        value += going * ends[step] * penalty
        going *= 1.0 - ends[step]
        if penalty == 0:
            value -= going * 10.0
            break
        hand = [*hand, card]
        hand.remove(thrown)
    assert ahead.value(parse_cards("4h 5h Kd"), ends, race=[10.0] * 3) == pytest.approx(value)


def test_every_hand_is_valued_on_the_same_futures() -> None:
    ahead = futures("9c Td Jc Qs Kh 2d 6h 7h 3s 8d", count=5)
    hand = parse_cards("4h 5h Kd")
    ends, race = [0.1, 0.2, 0.3, 0.4], [5.0] * 4
    assert ahead.value(hand, ends, race) == ahead.value(hand, ends, race)
    assert len({tuple(draws) for draws in ahead.draws}) > 1  # the futures differ


def test_with_nothing_unseen_a_hand_is_worth_its_penalty() -> None:
    hand = parse_cards("4h 5h Kd 9c")
    assert futures("").value(hand, [0.5], [9.0]) == deadwood(hand, wild=Rank(3), rules=RULES)


def test_with_nothing_unseen_the_pile_card_is_still_drawn() -> None:
    hand, top = parse_cards("4h 5h Kd"), parse_cards("6h")[0]
    assert futures("").value(hand, [0.0], [9.0], first=top) == -9.0  # it goes out first
    assert futures("").value(hand, [1.0], [9.0], first=top) == 0.0  # a final turn


def test_the_round_end_by_hand_size_reads_the_measured_table() -> None:
    assert hazard(round_number=6, turns=3, held=0, size=8) == HAZARD_BY_SIZE[8][3]
    assert hazard(round_number=6, turns=3, held=0) == HAZARD[3]
    assert hazard(round_number=6, turns=30, held=0, size=13) == HAZARD_BY_SIZE[13][-1]
    assert hazard(round_number=6, turns=3, held=0, size=20) == HAZARD[3]  # not measured


def test_the_first_ending_chance_is_the_experts() -> None:
    bot = FuturesBot()
    for _, view in views_of(Rules(players=3), 5, (3, 12, 40, 41)):
        if view.out is not None:
            continue
        tracking = track(view)
        chances = bot.ending_chances(view, tracking, turns_ahead=6)
        assert chances[0] == pytest.approx(ExpertBot().ending_chance(view, tracking))
        assert all(0.0 <= chance <= 1.0 for chance in chances)


def test_a_hazard_scale_slows_or_speeds_the_others_in_the_futures() -> None:
    calm, usual, wary = (FuturesBot(hazard_scale=scale) for scale in (0.65, 1.0, 1.4))
    for _, view in views_of(Rules(players=2), 8, (6, 14, 30)):
        if view.out is not None:
            continue
        tracking = track(view)
        chances = [bot.ending_chances(view, tracking, turns_ahead=6, size=len(view.hand or ()))
                   for bot in (calm, usual, wary)]
        for low, middle, high in zip(*chances, strict=True):
            assert low <= middle <= high
        assert chances[0] != chances[1] != chances[2]


def test_the_last_stock_ends_the_round_in_the_futures() -> None:
    state, bot, rng = GameState(Rules(players=2), seed=2), make_bot("random"), \
        random.Random(2)
    met = 0
    while not state.is_over:  # random play rarely goes out: the stock runs down
        assert state.turn is not None
        view = state.view(state.turn)
        if view.out is None:
            draws_left = view.stock_size - (1 if view.phase is Phase.DRAW else 0)
            chances = FuturesBot().ending_chances(view, track(view), turns_ahead=6)
            for ahead, chance in enumerate(chances):
                if draws_left - 2 * ahead < 2:
                    met += 1
                    assert chance == 1.0
                else:
                    assert chance < 1.0
        state.apply(bot.choose(view, rng))
    assert met  # some view was near the stock's end


def test_the_same_view_and_rng_give_the_same_decision() -> None:
    for _, view in views_of(Rules(players=3), 7, (2, 9, 26, 27)):
        first = make_bot("futures").choose(view, random.Random(4))
        assert first in view.legal
        assert first == make_bot("futures").choose(view, random.Random(4))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 90), shuffle=st.integers(0, 1000))
def test_hidden_cards_never_change_the_decision(seed: int, steps: int, shuffle: int) -> None:
    views = twin_views(2, seed, steps, shuffle)
    if views is None:
        return
    view, twin_view = views
    bot = FuturesBot(**SMALL)
    assert bot.explain(view, random.Random(seed)) == bot.explain(twin_view, random.Random(seed))


@pytest.mark.parametrize("preset", TURN_PRESETS)
def test_the_futures_bot_plays_every_preset_by_the_rules(preset: str) -> None:
    rules = Rules.preset(preset, rounds=4)
    lineup = ["futures", "expert-1", "greedy", "random"][: rules.players]
    state = play_game(rules, lineup, seed=len(preset))
    assert state.is_over and state.winners is not None
    assert referee(game_record(state)) == []


def test_explain_lists_every_option_best_first_with_going_out_first() -> None:
    bot = FuturesBot(**SMALL)
    for _, view in views_of(Rules(players=2), 3, tuple(range(0, 60, 3))):
        options = bot.explain(view, random.Random(0))
        assert {option.action for option in options} == set(view.legal)
        outs = [o for o in options if isinstance(o.action, Discard) and o.action.out]
        rest = options[1:] if outs and options[0] in outs else options
        assert [o.expected for o in rest] == sorted(o.expected for o in rest)


def test_a_final_turn_is_the_experts_exact_choice() -> None:
    for _, view in views_of(Rules(players=3), 11, tuple(range(20, 200, 2))):
        if view.out is not None:
            assert FuturesBot().explain(view, random.Random(1)) == \
                ExpertBot().explain(view, random.Random(1))
            return
    pytest.fail("no final turn met")


def test_futures_is_registered_and_plays_speed_with_the_evaluator() -> None:
    bot = make_bot("futures")
    assert isinstance(bot, FuturesBot) and bot.name == "futures" and bot.by_size
    assert isinstance(speed_player("futures"), EvaluatorSpeed)
    assert isinstance(speed_player("master"), EvaluatorSpeed)
    assert isinstance(speed_player("search-2"), EvaluatorSpeed)


def test_expert_is_futures_and_master_the_same_with_a_larger_budget() -> None:
    expert, futures, master = make_bot("expert"), make_bot("futures"), make_bot("master")
    assert isinstance(expert, FuturesBot) and isinstance(futures, FuturesBot)
    assert isinstance(master, FuturesBot)
    assert (expert.name, master.name) == ("expert", "master")
    for _, view in views_of(Rules(players=2), 5, (3, 18)):
        assert expert.choose(view, random.Random(6)) == futures.choose(view, random.Random(6))
    assert master.count > expert.count and master.depth > expert.depth
    assert master.choices > expert.choices
    assert (master.race, master.decay, master.by_size) == (expert.race, expert.decay, True)
    assert expert.work is None and master.work is not None


def test_work_stops_the_futures_after_a_batch_the_same_for_every_option() -> None:
    views = [view for _, view in views_of(Rules(players=2), 7, tuple(range(4, 40, 4)))]
    for view in views:
        if view.out is not None:
            continue
        capped = FuturesBot(count=32, work=1).explain(view, random.Random(2))
        first_batch = FuturesBot(count=8).explain(view, random.Random(2))
        ample = FuturesBot(count=32, work=10**9).explain(view, random.Random(2))
        whole = FuturesBot(count=32).explain(view, random.Random(2))
        # one batch of 8 futures, then the work is spent: the 8 futures alone
        assert [(o.action, pytest.approx(o.expected)) for o in capped] == \
            [(o.action, o.expected) for o in first_batch]
        # work never spent: all 32 futures, batch by batch, the same values
        assert {o.action: pytest.approx(o.expected) for o in ample} == \
            {o.action: o.expected for o in whole}
    assert any(FuturesBot(count=32, work=1).explain(view, random.Random(2))
               != FuturesBot(count=32).explain(view, random.Random(2)) for view in views)


def test_sure_futures_stop_once_the_best_is_sure_and_never_past_most() -> None:
    views = [view for _, view in views_of(Rules(players=2), 7, tuple(range(4, 60, 3)))]
    stops = set()
    for view in views:
        if view.out is None:
            sure = FuturesBot(count=8, most=32).explain(view, random.Random(2))
            steps = {count: FuturesBot(count=count).explain(view, random.Random(2))
                     for count in (8, 16, 24, 32)}  # the same futures, 8 more each step
            found = [count for count, options in steps.items()
                     if [(o.action, pytest.approx(o.expected)) for o in sure] ==
                     [(o.action, o.expected) for o in options]]
            assert found, "the values of 8, 16, 24 or 32 futures"
            stops.add(found[0])
            # never sure: every future is valued; sure at once: the first 8 alone
            assert {o.action: pytest.approx(o.expected) for o in steps[32]} == \
                {o.action: o.expected for o in FuturesBot(count=8, most=32, sure=1e9)
                 .explain(view, random.Random(2))} or len(steps[32]) == 1
            for spent in (FuturesBot(count=8, most=32, sure=0.0),
                          FuturesBot(count=8, most=32, sure=1e9, work=1)):
                assert {o.action: pytest.approx(o.expected) for o in steps[8]} == \
                    {o.action: o.expected for o in spent.explain(view, random.Random(2))}
    assert 8 in stops and stops - {8}  # some decisions are sure at once, some are not


def test_an_option_is_sure_when_its_paired_lead_is_steady() -> None:
    bot = FuturesBot(sure=2.0)
    assert bot._settled([[1.0, 1.0, 1.0], [5.0, 5.0, 5.0]], [0.0, 0.0])  # no spread
    assert not bot._settled([[1.0, 2.0, 3.0], [1.1, 2.2, 2.9]], [0.0, 0.0])  # too close
    assert bot._settled([[1.0, 2.0, 3.0], [1.1, 2.2, 2.9]], [0.0, 5.0])  # defence's cost
    assert bot._settled([[1.0, 2.0], [1.0, 2.0]], [0.0, 0.0])  # the same hand twice


def test_work_weighs_a_hand_by_the_readings_of_its_wild_rank_cards() -> None:
    """With limits on wilds the solver reads each wild-rank card as wild and as natural,
    so a hand of two such cards counts four times a hand of none; without limits (or
    without a wild rank) every hand counts once."""
    cards = parse_cards("Qc Qd 2h 3h 4h 7s 9d")
    codes = tuple(sorted(card.code for card in cards))
    for rules, wild, cost in [(Rules.preset("single-wild"), Rank.QUEEN, 4),
                              (Rules.preset("natural"), Rank.QUEEN, 4),
                              (Rules.preset("single-wild"), Rank.SEVEN, 2),
                              (Rules.preset("single-wild"), Rank.FIVE, 1),
                              (Rules.preset("standard"), Rank.QUEEN, 1),
                              (Rules.preset("single-wild"), None, 1)]:
        spent = Futures(wild, rules, Counter(parse_cards("5c 6c")), random.Random(1),
                        count=1, depth=1)
        assert spent.cost(codes) == cost
        spent.value(cards[:-1], ends=[0.0], race=[0.0])  # solves the hand with the 5c or 6c
        assert spent.solved == spent.cost(tuple(sorted(
            card.code for card in [*cards[:-1], *spent.draws[0]])))
    many = parse_cards("Qc Qd Qh Qs Qc")  # two decks: five queens, doubled at most 4 times
    assert Futures(Rank.QUEEN, Rules.preset("single-wild"), Counter(), random.Random(1),
                   count=1, depth=1).cost(tuple(card.code for card in many)) == 16
