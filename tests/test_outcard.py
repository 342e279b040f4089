"""Going out with the card the next seat can use least on its final turn (``bots.outcard``)."""

from __future__ import annotations

import random

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots import make_bot
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import going_out
from threethirteen.bots.outcard import final_penalty, out_card
from threethirteen.cards import Card, Hand, Rank
from threethirteen.rules import Rules
from threethirteen.view import Phase, Pickup, View


def cards(text: str) -> list[Card]:
    return list(Hand.parse(text))


def going_out_view(hand: str, *, rules: Rules | None = None) -> View:
    """Seat 0 of a heads-up round of 7 cards (sevens wild), after its third draw: seat 1
    took the Js and the Qs that seat 0 threw, and still holds them."""
    held = cards(hand)
    js, qs = Card.parse("Js"), Card.parse("Qs")
    actions = (
        Draw(0, Source.STOCK), Discard(0, js),
        Draw(1, Source.DISCARD), Discard(1, Card.parse("2c")),
        Draw(0, Source.STOCK), Discard(0, qs),
        Draw(1, Source.DISCARD), Discard(1, Card.parse("2d")),
        Draw(0, Source.STOCK),
    )
    legal = tuple(Discard(0, card) for card in dict.fromkeys(held))
    outs = tuple(Discard(0, card, out=True) for card in dict.fromkeys(held)
                 if card.rank == 13 or card in (Card.parse("3h"), Card.parse("6h")))
    return View(
        seat=0, rules=rules or Rules(players=2), players=("a", "b"), round_number=5,
        playoff=False, seats=(0, 1), wild=Rank(7), dealer=1, phase=Phase.DISCARD, turn=0,
        hand=tuple(held), hand_sizes=(8, 7), stock_size=34,
        discard_pile=tuple(cards("9c 2c 2d")), pickups=(Pickup(1, js), Pickup(1, qs)),
        actions=actions, reshuffled=False, out=None, final_turns_left=0,
        false_outs=(0, 0), totals=(0, 0), results=(), winners=None,
        legal=tuple(sorted(outs, key=lambda a: a.card != Card.parse("Ks"))) + legal,
    )


def test_a_final_turn_takes_the_top_card_only_when_it_lowers_the_penalty() -> None:
    rules, wild = Rules(players=2), Rank(7)
    hand = cards("Js Qs 2h 5c 8d")  # 35 points
    king, club = Card.parse("Ks"), Card.parse("Kc")
    assert final_penalty(hand, king, None, wild, rules) == 7  # Js Qs Ks, the 8d thrown
    assert final_penalty(hand, club, None, wild, rules) == 35  # left on the pile, no stock
    assert final_penalty(hand, club, Card.parse("Ts"), wild, rules) == 7  # Ts Js Qs
    assert final_penalty(hand, club, Card.parse("3d"), wild, rules) == 28  # a jack out
    # a low card is taken when it stands in for a dear one, even where the stock's card
    # would have done better: the final turn is played as greedy plays it
    assert final_penalty(hand, Card.parse("2s"), Card.parse("Ts"), wild, rules) == 27


def test_the_seat_goes_out_with_a_card_the_next_seat_cannot_use() -> None:
    view = going_out_view("3h 4h 5h 6h Kc Kd Ks Kh")
    dearest = going_out(view)
    assert dearest == Discard(0, Card.parse("Ks"), out=True)  # the first of the dearest
    for seed in range(5):
        chosen = out_card(view, random.Random(seed), samples=16)
        assert chosen is not None and chosen.out
        assert chosen.card != Card.parse("Ks")  # it would give seat 1 its Js Qs Ks


def test_without_a_choice_or_samples_the_dearest_card_and_no_random_draw() -> None:
    view = going_out_view("3h 4h 5h 6h Kc Kd Ks Kh")
    rng = random.Random(3)
    before = rng.getstate()
    assert out_card(view, rng, samples=0) == going_out(view)
    no_final_turns = going_out_view("3h 4h 5h 6h Kc Kd Ks Kh",
                                    rules=Rules(players=2, final_turns=False))
    assert out_card(no_final_turns, rng, samples=16) == going_out(no_final_turns)
    assert rng.getstate() == before
    cannot = going_out_view("3h 4h 5h 6h Kc Kd 9s 2h")
    assert out_card(cannot, rng, samples=16) is None


def test_the_expert_goes_out_with_the_card_its_settings_choose() -> None:
    view = going_out_view("3h 4h 5h 6h Kc Kd Ks Kh")
    for bot in (make_bot("expert"), make_bot("master"), FuturesBot(out_samples=16)):
        chosen = bot.choose(view, random.Random(1))
        assert isinstance(chosen, Discard) and chosen.out
        if getattr(bot, "out_samples", 0):
            assert chosen.card != Card.parse("Ks")
        else:
            assert chosen == going_out(view)
