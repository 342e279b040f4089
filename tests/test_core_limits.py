"""Issue 11, the core: every value from outside is checked against a documented limit.

Rules options have ranges, the solver refuses hands no game holds and is fast on every
hand one can hold, card and rank text never raises a raw ``ValueError``, and the engine
refuses any object that is not a well-formed action without changing its state.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from threethirteen import JOKER, Card, GameState, Hand, Rules, arrange, go_out_discards, pack
from threethirteen.actions import Discard, Draw, Source, parse_action
from threethirteen.cards import Rank
from threethirteen.errors import IllegalAction, InputError, NotationError, RulesError
from threethirteen.record import game_record
from threethirteen.rules import RANGES
from threethirteen.scoring import check_wild
from threethirteen.solver import largest_hand

# -- rules ranges --------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(RANGES))
def test_every_numeric_option_has_a_range_checked_by_rules(key: str) -> None:
    low, high = RANGES[key]
    for bad in (low - 1, high + 1, 2**53, -(2**63)):
        with pytest.raises(RulesError) as caught:
            Rules.from_json({key: bad})
        assert caught.value.key == key
        assert key in str(caught.value)


def test_wild_penalty_of_2_to_the_53_is_refused_not_a_solver_assertion() -> None:
    with pytest.raises(RulesError, match="wild_penalty"):
        Rules(wild_penalty=2**53)
    with pytest.raises(RulesError, match="max_wilds_per_meld"):
        Rules(max_wilds_per_meld=10**6)


def test_the_largest_values_of_every_range_still_solve() -> None:
    rules = Rules(wild_penalty=1000, joker_penalty=1000, max_wilds_per_meld=14,
                  false_out_penalty=1000, out_bonus=-1000)
    hand = Hand.parse("7h 7s * * Kd Qd 2c 3c 4c 9s 9d 9c Ah 5s")
    assert arrange(hand, wild=7, rules=rules).deadwood >= 0


def test_option_docs_state_each_range() -> None:
    docs = Rules.option_docs()
    assert docs["wild_penalty"].endswith("(0 to 1000)")
    assert docs["players"].endswith("(2 to 16)")


# -- hand size and solver time -------------------------------------------------------


def test_solver_refuses_hands_no_game_can_hold() -> None:
    assert largest_hand(Rules()) == 14
    assert largest_hand(Rules(rounds=3)) == 6
    with pytest.raises(InputError, match="15 cards"):
        arrange(Hand(pack(1)[:15]), wild=7, rules=Rules())
    with pytest.raises(InputError, match="at most 6"):
        go_out_discards(Hand(pack(1)[:7]), wild=7, rules=Rules(rounds=3))
    with pytest.raises(InputError):
        arrange(Hand(pack(3)[:127]), wild=7, rules=Rules())
    assert arrange(Hand(pack(1)[:14]), wild=7, rules=Rules()).deadwood >= 0


def _worst_hands() -> list[tuple[Hand, int, Rules]]:
    """Hands of many cards of the wild rank under limits on wilds: before issue 11, 12
    kings from three decks took about a second (every natural/wild reading, per card)."""
    three = Rules.preset("single-wild", decks=3)
    kings = [card for card in pack(3) if card.rank == Rank.KING]
    sevens = [card for card in pack(4) if card.rank == Rank.SEVEN]
    return [
        (Hand([*kings[:12], Card.parse("5h")]), 13, three),
        (Hand([*kings[:12], Card.parse("Qh"), Card.parse("Jh")]), 13, three),
        (Hand([*kings[:8], *Hand.parse("Qh Jh Qs 5c 6c")]), 13, three),
        (Hand([*sevens[:12], Card.parse("8s"), Card.parse("2c")]), 7,
         Rules(decks=4, max_wilds_per_meld=1, ace="wrap")),
        (Hand([*sevens[:11], JOKER, Card.parse("6s"), Card.parse("8s")]), 7,
         Rules(decks=4, jokers=2, max_wilds_per_meld=2, all_wild_melds=False)),
    ]


@pytest.mark.parametrize("case", range(len(_worst_hands())))
def test_wild_rank_heavy_hands_are_fast(case: int) -> None:
    hand, wild, rules = _worst_hands()[case]
    warm = Hand.parse("Kc Kd 5h 6h")  # the tables of these rules, built once per process
    arrange(warm, wild=wild, rules=rules)
    go_out_discards(warm, wild=wild, rules=rules)
    started = time.perf_counter()
    arrange(hand, wild=wild, rules=rules)
    go_out_discards(hand, wild=wild, rules=rules)
    assert time.perf_counter() - started < 0.3  # was 0.9 to 2.5 s for 12 kings


# -- card and rank text --------------------------------------------------------------

ODD_TEXT = ["³", "٣", "７", "Ⅶ", "½", "10" * 3000, "9" * 5000, "x" * 100_000, "\x00", "\ud800",
            "K\u0301", "ａ♥", "1️⃣h", "𝟕h"]


@pytest.mark.parametrize("text", ODD_TEXT, ids=range(len(ODD_TEXT)))
def test_card_and_rank_text_gives_notation_errors(text: str) -> None:
    for read in (Rank.parse, Card.parse, Hand.parse, check_wild):
        with pytest.raises(NotationError):
            read(text)


@pytest.mark.parametrize("value", [None, 7.5, float("nan"), [7], {"rank": 7}, True, b"7"])
def test_non_text_values_give_notation_errors(value: Any) -> None:
    for read in (Rank.parse, Card.parse, Hand.parse, check_wild):
        if value is None and read is check_wild:
            assert check_wild(None) is None  # no wild rank: round 12 (INTERFACES.md §2)
            continue
        with pytest.raises(NotationError):
            read(value)
    with pytest.raises(NotationError):
        Rank.parse(7.0)  # type: ignore[arg-type]
    assert check_wild(13.0) is Rank.KING  # type: ignore[arg-type]


def test_action_text_with_odd_digits_or_huge_seats_is_refused() -> None:
    for text in ("٣: draw stock", "³: draw stock", "9" * 5000 + ": draw stock",
                 "1000000: draw stock", "1: discard " + "x" * 10_000, "draw stock" * 50):
        with pytest.raises(NotationError):
            parse_action(text)
    assert parse_action("999999: draw stock") == Draw(999_999, Source.STOCK)


# -- action objects ------------------------------------------------------------------

BAD_BUILDS: list[Any] = [
    lambda: Draw(1, "stock"),  # type: ignore[arg-type]
    lambda: Draw(1.0, Source.STOCK),  # type: ignore[arg-type]
    lambda: Draw(True, Source.STOCK),
    lambda: Discard(1, Card.parse("7h"), out=None),  # type: ignore[arg-type]
    lambda: Discard(1, Card.parse("7h"), out=1),  # type: ignore[arg-type]
    lambda: Discard(1, "7h"),  # type: ignore[arg-type]
    lambda: Discard("1", Card.parse("7h")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("build", BAD_BUILDS, ids=range(len(BAD_BUILDS)))
def test_actions_cannot_be_built_wrong(build: Any) -> None:
    with pytest.raises(IllegalAction) as caught:
        build()
    assert caught.value.reason == "bad-action"


class _Duck:
    """Looks like a draw to code that only reads attributes."""

    seat = 1
    source = Source.STOCK

    def __str__(self) -> str:
        raise RuntimeError("a hostile __str__")


def _forged(action: Draw | Discard, **fields: Any) -> Draw | Discard:
    for name, value in fields.items():
        object.__setattr__(action, name, value)  # what a careless plugin could do
    return action


def _hostile_actions(state: GameState) -> list[object]:
    seat = state.turn
    assert seat is not None
    card = state.hands[seat][0]
    return [
        _Duck(), None, "1: draw stock", 42, (seat, "stock"),
        _forged(Draw(seat, Source.STOCK), source="stock"),
        _forged(Draw(seat, Source.STOCK), source="discard"),
        _forged(Draw(seat, Source.STOCK), seat=float(seat)),
        _forged(Draw(seat, Source.STOCK), seat=True),
        _forged(Discard(seat, card), out=None),
        _forged(Discard(seat, card), card=str(card)),
        _forged(Discard(seat, card), seat=2**70),
        Draw(-1, Source.STOCK), Draw(2**70, Source.DISCARD),
    ]


@pytest.mark.parametrize("phase", ["draw", "discard"])
def test_engine_refuses_malformed_action_objects_and_changes_nothing(phase: str) -> None:
    state = GameState(Rules(players=3), seed=11)
    if phase == "discard":
        state.apply(state.legal_actions()[0])
    for action in _hostile_actions(state):
        before, record = state.copy(), game_record(state)
        for attempt in (state.check, state.apply):
            with pytest.raises(IllegalAction) as caught:
                attempt(action)  # type: ignore[arg-type]
            assert caught.value.reason in ("bad-action", "not-an-action", "no-such-seat")
            assert str(caught.value)  # even a hostile __str__ is never called
        assert state == before
        assert game_record(state) == record


def test_the_readme_lists_every_range_as_checked() -> None:
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Errors and limits", 1)[1]
    for key, (low, high) in RANGES.items():
        assert f"| `{key}` | {low} to {high}" in section, key


@pytest.mark.parametrize("item", [1, "7h", None, 7.0])
def test_solver_refuses_items_that_are_not_cards(item: Any) -> None:
    for solve in (arrange, go_out_discards):
        with pytest.raises(InputError, match="cards"):
            solve([Card.parse("7h"), item], wild=7, rules=Rules())
