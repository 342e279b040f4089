"""The expert's hand values (a hand melded exactly cannot go out: issue 14's evaluator bug),
the race for going out, and the chance that the round ends (``bots.ending``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from pytest import approx
from test_bots import view_for

from threethirteen.bots.ending import MAX_HAZARD, ending_chance, hazard, score_adjusted
from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.cards import Card, Hand, Rank
from threethirteen.results import End, RoundResult
from threethirteen.rules import Rules
from threethirteen.solver import arrange, go_out_discards
from threethirteen.view import Phase

RULES = Rules()


def exact_after_discard(hand: list[Card], wild: Rank) -> int:
    """The least penalty left by any one discard, by solving every discard."""
    return min(arrange(without(hand, card), wild=wild, rules=RULES).deadwood
               for card in set(hand))


def test_two_exact_sets_of_three_do_not_go_out() -> None:
    wild = Rank(5)
    hand = list(Hand.parse("7h 8h 9h Qs Qd"))
    evaluator = Evaluator(wild, RULES, Counter())
    taken = Card.parse("Qc")
    assert arrange([*hand, taken], wild=wild, rules=RULES).deadwood == 0
    assert go_out_discards([*hand, taken], wild=wild, rules=RULES) == []
    assert evaluator.after_draw(hand, taken) == 15  # throw the 9h: 7h 8h left beside the Qs
    assert evaluator.best_keep([*hand, taken], 1.0, candidates=4) == 15.0


def test_a_four_card_meld_still_goes_out() -> None:
    wild = Rank(5)
    evaluator = Evaluator(wild, RULES, Counter())
    hand = list(Hand.parse("7h 8h 9h Th Qs Qd"))
    assert evaluator.after_draw(hand, Card.parse("Qc")) == 0
    assert evaluator.best_keep([*hand, Card.parse("Qc")], 1.0, candidates=4) == 0.0


CARDS = list(Hand.parse("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s "
                         "Qs Qd Qc 4d 4c *"))


@settings(max_examples=300)
@given(st.lists(st.sampled_from(CARDS), min_size=4, max_size=9), st.integers(3, 13))
def test_after_discard_matches_solving_every_discard_when_the_hand_melds(
        cards: list[Card], wild_rank: int) -> None:
    wild = Rank(wild_rank)
    evaluator = Evaluator(wild, RULES, Counter())
    exact = exact_after_discard(cards, wild)
    value = evaluator.after_discard(cards)
    if arrange(cards, wild=wild, rules=RULES).deadwood == 0:
        assert value == exact
    else:  # read off one arrangement: never better than the truth
        assert value >= exact
    goes_out = bool(go_out_discards(cards, wild=wild, rules=RULES))
    assert evaluator.goes_out(cards) == goes_out
    assert (evaluator.best_keep(cards, 1.0, candidates=4) == 0.0) == goes_out


def test_a_hand_that_may_go_out_next_turn_is_worth_the_others_penalty_too() -> None:
    wild = Rank(5)
    hand = list(Hand.parse("7h 8h 9h Qs Qd 3c"))
    unseen = Counter(Hand.parse("Qc Kd 2s 2s"))
    plain = Evaluator(wild, RULES, unseen)
    racing = Evaluator(wild, RULES, unseen, race=10.0)
    assert racing.out_next(hand) == 0.25  # only the Qc lets it go out (throwing the 3c)
    assert racing.value(hand, 0.5) == plain.value(hand, 0.5) - 0.5 * 0.25 * 10.0
    assert racing.value(hand, 1.0) == plain.value(hand, 1.0) == 23.0  # the round ends first
    melded = list(Hand.parse("7h 8h 9h Qs Qd Qc"))
    assert plain.value(melded, 0.5) == 0.0
    assert racing.value(melded, 0.5) == -5.0  # it goes out next turn if the round goes on


@given(st.integers(1, 13), st.integers(0, 20), st.integers(0, 6), st.integers(0, 6))
def test_the_hazard_grows_with_turns_and_held_cards_and_stays_below_the_cap(
        round_number: int, turns: int, held: int, more: int) -> None:
    chance = hazard(round_number=round_number, turns=turns, held=held)
    assert 0.0 < chance <= MAX_HAZARD
    assert hazard(round_number=round_number, turns=turns + more, held=held + more) >= chance
    assert ending_chance([chance]) == approx(chance)
    assert ending_chance([chance, chance]) >= chance


@given(st.integers(-150, 150), st.integers(1, 11), st.floats(0.0, 1.0))
def test_the_score_pulls_the_ending_chance_towards_the_leaders_interest(
        lead: int, round_number: int, ending: float) -> None:
    view = view_for("7h 8h 9h", None, Phase.DISCARD, wild=round_number + 2)
    first = RoundResult(number=1, wild=Rank(3), dealer=1, end=End.OUT, out=0, seats=())
    finished = replace(view, totals=(100, 100 + lead), results=(first,))
    adjusted = score_adjusted(finished, ending)
    assert 0.0 <= adjusted <= 1.0
    if lead > 0:
        assert adjusted >= ending
    elif lead < 0:
        assert adjusted <= ending
    else:
        assert adjusted == ending
    assert score_adjusted(view, ending) == ending  # no round finished: no pressure
