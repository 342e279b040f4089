"""The searching bots (``expert``, ``master``): sampled hands consistent with the view,
determinism, legal play under every preset, and decisions from the view alone."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee import referee
from test_bots import TURN_PRESETS, advance, shuffle_hidden

from threethirteen.actions import Discard
from threethirteen.bots import make_bot
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.ownplay import OwnPolicy
from threethirteen.bots.playout import Table, difference, play_out
from threethirteen.bots.sampling import belief
from threethirteen.bots.search import Budget, SearchBot
from threethirteen.bots.tracking import track
from threethirteen.cards import pack
from threethirteen.game import GameState
from threethirteen.outs import go_out_cards
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.sim import play_game
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View

SMALL = Budget(work=200, min_samples=4, max_samples=8, width=3, margin=8.0, laps=2)
SMALL_OWN = Budget(work=200, min_samples=4, max_samples=6, width=3, margin=8.0, laps=2,
                   own_policy=True, own_playout=1.0, confidence=2.0, guide_race=0.5)


def views_of(rules: Rules, seed: int, stops: tuple[int, ...]) -> list[tuple[GameState, View]]:
    """States after greedy play of ``stops`` actions, with the view of the seat to act."""
    found = []
    for steps in stops:
        state = GameState(rules, seed=seed)
        advance(state, seed, steps)
        if not state.is_over and state.turn is not None:
            found.append((state, state.view(state.turn)))
    return found


def spread_views(rules: Rules, seed: int, count: int) -> list[View]:
    """``count`` views of one greedy game, spread evenly from its start to its end."""
    state = GameState(rules, seed=seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    seen: list[View] = []
    while not state.is_over:
        assert state.turn is not None
        seen.append(state.view(state.turn))
        state.apply(bot.choose(seen[-1], rng))
    return [seen[index * (len(seen) - 1) // (count - 1)] for index in range(count)]


@pytest.mark.parametrize("preset", TURN_PRESETS)
def test_sampled_deals_are_consistent_with_the_view(preset: str) -> None:
    rules = Rules.preset(preset)
    late = False
    for view in spread_views(rules, 5, 9):
        assert view.seat is not None and view.hand is not None
        known = belief(view)
        held = track(view).held
        for draw in range(8):
            deal = known.sample(random.Random(draw), practice=draw % 3)
            everything = Counter(view.hand) + Counter(view.discard_pile) + Counter(deal.stock)
            for seat, hand in deal.hands.items():
                assert seat != view.seat
                assert len(hand) == view.hand_sizes[seat]
                # what the seat saw an opponent take and keep is in that opponent's hand
                assert not held.get(seat, Counter()) - Counter(hand)
                everything += Counter(hand)
            assert set(deal.hands) == set(view.seats) - {view.seat}
            assert len(deal.stock) == view.stock_size
            # cards are conserved: no card the seat knows elsewhere is dealt again
            assert everything == Counter(pack(rules.deck_count, rules.jokers, rules.pack))
        late = late or len(view.hand) >= 10
    assert late  # the largest hands were sampled too


def test_known_pickups_go_to_the_opponent_who_took_them() -> None:
    rules = Rules(players=3, rounds=11)
    state = GameState(rules, seed=2)
    rng = random.Random(2)
    taken = 0
    while not state.is_over and taken < 30:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        for pickup in view.pickups:
            if pickup.seat == seat:
                continue
            holder = track(view).held[pickup.seat]
            if holder[pickup.card] == 0:
                continue  # thrown back since
            for draw in range(3):
                deal = belief(view).sample(random.Random(draw))
                assert pickup.card in deal.hands[pickup.seat]
            taken += 1
        state.apply(make_bot("greedy").choose(view, rng))
    assert taken > 0


def test_inference_weighs_cards_near_what_an_opponent_took() -> None:
    rules = Rules(players=2)
    state = GameState(rules, seed=9)
    rng = random.Random(9)
    for _ in range(400):
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        known = belief(view)
        other = 1 - seat
        held = track(view).held[other]
        if held and known.missing[other]:
            card = next(iter(held))
            weights = dict(zip(known.pool, known.weights[other], strict=True))
            near = [c for c in weights if c.rank == card.rank and c.rank != view.wild]
            if near:
                assert max(weights[c] for c in near) > 1.0
                return
        state.apply(make_bot("greedy").choose(view, rng))
        if state.is_over:
            break
    pytest.fail("no opponent ever kept a card it took")


def test_a_playout_conserves_cards_and_ends_by_the_rules() -> None:
    for _state, view in views_of(Rules(players=4), 4, (5, 30, 61)):
        assert view.seat is not None
        deal = belief(view).sample(random.Random(1))
        table = Table.from_view(view, deal)
        before = sum((Counter(hand) for hand in table.hands.values()), Counter())
        before += Counter(table.stock) + Counter(table.pile)
        penalties = play_out(table, random.Random(1), limit=1000)
        after = sum((Counter(hand) for hand in table.hands.values()), Counter())
        after += Counter(table.stock) + Counter(table.pile)
        assert before == after
        assert set(penalties) == set(view.seats)
        assert table.out is not None or not table.stock  # played to the round's end
        assert abs(sum(difference(penalties, seat) for seat in view.seats)) < 1e-9


def test_the_evaluator_plays_the_seats_own_turns_in_a_playout_by_the_rules() -> None:
    for _state, view in views_of(Rules(players=3), 8, (4, 25, 50, 80)):
        assert view.seat is not None
        own = OwnPolicy(view)
        for draw in range(3):
            table = Table.from_view(view, belief(view).sample(random.Random(draw)))
            before = sum((Counter(hand) for hand in table.hands.values()), Counter())
            before += Counter(table.stock) + Counter(table.pile)
            sizes = {seat: len(hand) for seat, hand in table.hands.items()}
            if table.drawn:
                sizes[view.seat] -= 1
            penalties = play_out(table, random.Random(draw), limit=1000, own=own)
            after = sum((Counter(hand) for hand in table.hands.values()), Counter())
            after += Counter(table.stock) + Counter(table.pile)
            assert before == after
            assert table.over and (table.out is not None or not table.stock)
            assert {seat: len(hand) for seat, hand in table.hands.items()} == sizes
            # at the round's end the seat's value is its exact penalty
            assert own.leaf(table) == penalties[view.seat]
            mine = table.hands[view.seat]
            assert penalties[view.seat] == (table.rules.out_bonus if table.out == view.seat
                                            else deadwood(mine, wild=view.wild,
                                                          rules=view.rules))


def test_the_evaluator_goes_out_in_a_playout_when_it_can() -> None:
    seen = set()
    for view in spread_views(Rules(players=2), 12, 30):
        if view.phase is not Phase.DISCARD or view.hand is None or view.out is not None:
            continue
        table = Table.from_view(view, belief(view).sample(random.Random(0)))
        if not table.may_go_out():
            continue
        card, out = OwnPolicy(view).discard(table)
        goers = go_out_cards(view.hand, wild=view.wild, rules=view.rules)
        assert out == bool(goers) and (not out or card in goers)
        assert card in view.hand
        seen.add(out)
    assert seen == {True, False}  # both cases were met


def twin_views(players: int, seed: int, steps: int, shuffle: int) -> tuple[View, View] | None:
    """The view of the seat to act after ``steps`` moves, and the same seat's view of a
    twin game whose hidden cards were shuffled (equal, by construction); None once over."""
    state = GameState(Rules(players=players, rounds=8), seed=seed)
    advance(state, seed, steps)
    if state.is_over:
        return None
    seat = state.turn
    assert seat is not None
    twin = state.copy()
    shuffle_hidden(twin, seat, shuffle)
    view, twin_view = state.view(seat), twin.view(seat)
    assert view == twin_view
    return view, twin_view


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 90), shuffle=st.integers(0, 1000))
def test_hidden_cards_never_change_the_own_turn_search(seed: int, steps: int,
                                                        shuffle: int) -> None:
    views = twin_views(2, seed, steps, shuffle)
    if views is None:
        return
    view, twin_view = views
    bot = SearchBot(name="search-own", budget=SMALL_OWN)
    first = bot.choose(view, random.Random(seed))
    assert first in view.legal
    assert first == bot.choose(twin_view, random.Random(seed))
    assert first == SearchBot(budget=SMALL_OWN).choose(view, random.Random(seed))


@pytest.mark.parametrize("name", ["search", "search-deep"])
def test_the_same_view_and_rng_give_the_same_decision(name: str) -> None:
    def bot() -> SearchBot:
        made = make_bot(name)
        assert isinstance(made, SearchBot)
        return made if name == "search" else SearchBot(name=name, budget=SMALL)

    for _, view in views_of(Rules(players=3), 7, (2, 9, 26)):
        first = bot().choose(view, random.Random(4))
        again = bot().choose(view, random.Random(4))
        assert first == again and first in view.legal


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 90), shuffle=st.integers(0, 1000))
def test_hidden_cards_never_change_the_decision(seed: int, steps: int, shuffle: int) -> None:
    views = twin_views(3, seed, steps, shuffle)
    if views is None:
        return
    view, twin_view = views
    bot = SearchBot(budget=SMALL)
    assert bot.choose(view, random.Random(seed)) == bot.choose(twin_view, random.Random(seed))
    options = bot.explain(view, random.Random(seed))
    assert options == bot.explain(twin_view, random.Random(seed))


@pytest.mark.parametrize("preset", TURN_PRESETS)
def test_the_searching_bots_play_every_preset_by_the_rules(preset: str) -> None:
    rules = Rules.preset(preset, rounds=4)
    small_deep = SearchBot(name="search-deep", budget=SMALL)
    lineup: list[str | SearchBot] = ["search", small_deep, "expert-1", "greedy"]
    state = play_game(rules, lineup[: rules.players], seed=len(preset))
    assert state.is_over and state.winners is not None
    assert referee(game_record(state)) == []


def test_explain_lists_every_option_best_first_with_going_out_first() -> None:
    bot = SearchBot(budget=SMALL)
    for _, view in views_of(Rules(players=2), 3, (1, 2, 14, 15)):
        options = bot.explain(view, random.Random(0))
        assert {option.action for option in options} == set(view.legal)
        outs = [o for o in options if isinstance(o.action, Discard) and o.action.out]
        rest = options[len(outs):] if outs and options[0] in outs else options
        assert [o.expected for o in rest] == sorted(o.expected for o in rest)


def test_a_final_turn_is_scored_exactly_against_the_other_hands() -> None:
    """Once someone is out, this seat's draw ends its round: the expected difference is
    its penalty after the best discard minus the others' (known: 0 for the one out)."""
    rules = Rules(players=2)
    state = GameState(rules, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        if view.out is not None and view.phase is Phase.DISCARD:
            options = SearchBot(budget=SMALL).explain(view, random.Random(0))
            assert view.hand is not None
            for option in options:
                assert isinstance(option.action, Discard)
                rest = list(view.hand)
                rest.remove(option.action.card)
                mine = deadwood(rest, wild=view.wild, rules=rules)
                assert option.expected == pytest.approx(mine - rules.out_bonus)
            return
        state.apply(make_bot("greedy").choose(view, rng))
    pytest.fail("no final turn reached")


def test_expert_1_is_todays_expert() -> None:
    bot = make_bot("expert-1")
    assert isinstance(bot, ExpertBot) and bot.name == "expert-1"
    for _, view in views_of(Rules(players=2), 6, (4, 21)):
        assert bot.choose(view, random.Random(2)) == ExpertBot().choose(view, random.Random(2))


def test_the_deep_search_searches_more() -> None:
    search, deep = make_bot("search"), make_bot("search-deep")
    assert isinstance(search, SearchBot) and isinstance(deep, SearchBot)
    assert deep.budget.work > search.budget.work
    assert deep.budget.min_samples >= search.budget.min_samples


def test_search_2_is_the_search_guided_by_expert_2() -> None:
    bot, search = make_bot("search-2"), make_bot("search")
    assert isinstance(bot, SearchBot) and isinstance(search, SearchBot)
    assert bot.name == "search-2" and bot.guide.race == 0.5
    assert bot.budget == replace(search.budget, guide_race=0.5)
    for state, view in views_of(Rules(players=2), 6, (4, 21, 40)):
        assert view.seat is not None
        twin = state.copy()
        shuffle_hidden(twin, view.seat, 17)
        first = bot.choose(view, random.Random(3))
        assert first in view.legal
        assert first == make_bot("search-2").choose(twin.view(view.seat), random.Random(3))


def test_a_false_announcement_costs_its_penalty_in_the_explanation() -> None:
    rules = Rules.preset("single-wild", players=2)  # false_out = penalty: any card may "go out"
    bot = SearchBot(budget=SMALL)
    for view in spread_views(rules, 4, 12):
        if view.phase is not Phase.DISCARD:
            continue
        options = {option.action: option.expected for option in bot.explain(view, random.Random(1))}
        assert view.hand is not None
        goers = go_out_cards(view.hand, wild=view.wild, rules=rules)
        false_outs = [action for action in options if isinstance(action, Discard)
                      and action.out and action.card not in goers]
        for action in false_outs:
            assert isinstance(action, Discard)
            plain = options[Discard(action.seat, action.card)]
            assert options[action] >= plain + rules.false_out_penalty - 1e-9
        if false_outs:
            return
    pytest.fail("no discard decision offered a false announcement")
