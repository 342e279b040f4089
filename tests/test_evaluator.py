"""The expert's hand values: a hand melded exactly cannot go out (issue 14's evaluator bug)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from threethirteen.bots.evaluate import Evaluator, without
from threethirteen.bots.expert import ExpertBot
from threethirteen.cards import Card, Hand, Rank
from threethirteen.rules import Rules
from threethirteen.solver import arrange, go_out_discards

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
    assert ExpertBot()._best_keep([*hand, taken], evaluator, ending=1.0) == 15.0


def test_a_four_card_meld_still_goes_out() -> None:
    wild = Rank(5)
    evaluator = Evaluator(wild, RULES, Counter())
    hand = list(Hand.parse("7h 8h 9h Th Qs Qd"))
    assert evaluator.after_draw(hand, Card.parse("Qc")) == 0
    assert ExpertBot()._best_keep([*hand, Card.parse("Qc")], evaluator, ending=1.0) == 0.0


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
    assert (ExpertBot()._best_keep(cards, evaluator, ending=1.0) == 0.0) == goes_out
