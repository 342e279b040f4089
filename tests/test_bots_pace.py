"""The others' pace (``bots.pace``): whole tables played on greedily say how soon the
round ends; the futures bot with ``pace`` reads it from its belief alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots_search import twin_views, views_of

from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.pace import Table, others_pace
from threethirteen.bots.tracking import track
from threethirteen.cards import parse_cards
from threethirteen.rules import Rules

RULES = Rules(players=2)


def table(seat: str, other: str, stock: str, pile: str = "") -> Table:
    return Table([parse_cards(seat), parse_cards(other)], parse_cards(stock),
                 parse_cards(pile))


def test_another_seat_taking_the_seats_discard_goes_out() -> None:
    assert others_pace([table("2c 3d 4s", "4h 5h Kd", "7c 6h")], None, RULES, turns=2,
                       drawn=False, last_stock=True) == [1.0, None]


def test_the_last_stock_card_ends_the_round_or_leaves_the_table_out() -> None:
    hands = ("2c 3d 4s", "2h 5s 3c")  # neither wants what comes, nor the other's throw
    stock = "Qc Jd Kh Ts"  # four draws: the other seat takes the last at step 1
    ending = others_pace([table(*hands, stock)], None, RULES, turns=3, drawn=False,
                         last_stock=True)
    assert ending == [0.0, 1.0, None]
    reshuffle = others_pace([table(*hands, stock)], None, RULES, turns=3, drawn=False,
                            last_stock=False)
    assert reshuffle == [0.0, 0.0, None]  # play goes on; the seat finds no stock


def test_a_table_where_the_seat_goes_out_first_says_nothing_more() -> None:
    out_first = table("4h 5h Kd", "2c 3d 9s", "Jc 6h")
    assert others_pace([out_first], None, RULES, turns=2, drawn=False,
                       last_stock=True) == [None, None]


def test_a_seat_that_has_drawn_only_discards_first() -> None:
    # the seat holds four cards: it throws the Kd, which the other seat does not want,
    # and the other seat draws the 6h from the stock and goes out
    drawn = table("2c 3d 4s Kd", "4h 5h 9s", "7c 6h")
    assert others_pace([drawn], None, RULES, turns=1, drawn=True, last_stock=True) == [1.0]


def test_shares_are_taken_over_the_tables_still_in_play() -> None:
    going = table("2c 3d 4s", "4h 5h Kd", "7c 6h")
    staying = table("2c 3d 4s", "9h 5s Kd", "Qc Jd Tc 8s 7d 6c")
    assert others_pace([going, staying], None, RULES, turns=2, drawn=False,
                       last_stock=True) == [0.5, 0.0]


def test_the_paced_chances_replace_the_tables_where_tables_got_there() -> None:
    paced = FuturesBot(pace=8)
    for _, view in views_of(Rules(players=3), 5, (3, 12, 30)):
        if view.out is not None:
            continue
        ends = paced.ending_chances(view, track(view), turns_ahead=6)
        chances = paced.paced(view, ends, random.Random(1))
        assert len(chances) == len(ends)
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert chances != ends  # read from the tables, not the hazard table


def test_the_tables_deal_the_seats_hand_and_hidden_cards_consistently() -> None:
    for _, view in views_of(Rules(players=3), 9, (4, 20)):
        assert view.hand is not None
        for dealt in FuturesBot(pace=3).tables(view, random.Random(2)):
            assert dealt.hands[0] == list(view.hand)
            assert [len(hand) for hand in dealt.hands[1:]] == [
                view.hand_sizes[seat] for seat in view.seats if seat != view.seat]
            assert len(dealt.stock) == view.stock_size
            assert dealt.pile == list(view.discard_pile)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 90), shuffle=st.integers(0, 1000))
def test_hidden_cards_never_change_the_paced_decision(seed: int, steps: int,
                                                      shuffle: int) -> None:
    views = twin_views(2, seed, steps, shuffle)
    if views is None:
        return
    view, twin_view = views
    bot = FuturesBot(count=6, depth=4, choices=3, pace=4)
    assert bot.explain(view, random.Random(seed)) == bot.explain(twin_view, random.Random(seed))


@pytest.mark.parametrize("players", [2, 4])
def test_a_paced_bot_chooses_legal_actions(players: int) -> None:
    for _, view in views_of(Rules(players=players), players, (2, 15, 33)):
        action = FuturesBot(count=6, depth=4, choices=3, pace=4).choose(view,
                                                                       random.Random(3))
        assert action in view.legal
