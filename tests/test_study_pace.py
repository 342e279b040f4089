"""The others' pace of the ceiling study (``bench/pace.py``): whole tables played on
greedily say how soon the round ends."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from threethirteen.cards import parse_cards
from threethirteen.record import game_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed, play_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
pace = importlib.import_module("pace")
Table, others_pace = pace.Table, pace.others_pace

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


def test_the_calibration_labels_each_draw_by_whether_the_round_then_ended() -> None:
    calibration = importlib.import_module("pace_calibration")
    state = play_game(Rules(players=2), ["greedy", "greedy"], seed=game_seed(7, 0))
    record = game_record(state)
    draws = calibration.draws_of(record, "greedy", 7, 0)
    assert draws and all(0.0 <= chance <= 1.0 for _, forecast, _ in draws
                         for chance in forecast)
    ended = sum(outcome for _, _, outcome in draws)
    others_out = sum(1 for log in state.round_logs()
                     if log.result is not None and log.result.out != 0)
    assert 1 <= ended <= others_out  # at most one ending draw a round not won by seat 0
