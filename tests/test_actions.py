"""Action notation: str and parse round-trip, repr evaluates back, bad text is named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from threethirteen.actions import Action, Discard, Draw, Source, parse_action
from threethirteen.cards import Card, pack
from threethirteen.errors import NotationError

actions = st.one_of(
    st.builds(Draw, st.integers(0, 15), st.sampled_from(list(Source))),
    st.builds(Discard, st.integers(0, 15), st.sampled_from(pack(1, 1)), st.booleans()),
)


@given(actions)
def test_text_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(str(action).split(": ", 1)[1], seat=action.seat) == action
    assert eval(repr(action), {"Draw": Draw, "Discard": Discard, "Source": Source,
                               "Card": Card}) == action


def test_lenient_reading() -> None:
    assert parse_action("  2 :  OUT 10♥ ") == Discard(2, Card.parse("Th"), out=True)
    assert parse_action("Draw Stock", seat=0) == Draw(0, Source.STOCK)
    assert str(parse_action("3: discard *")) == "3: discard *"


@pytest.mark.parametrize("text, seat, fragment", [
    ("draw stock", None, "whose action"),
    ("1: draw stock", 2, "names seat 1, not seat 2"),
    ("1: draw deck", None, "'stock' or 'discard'"),
    ("1: pass", None, "not an action"),
    ("1: discard Zz", None, "Zz"),
])
def test_bad_text_is_refused_by_name(text: str, seat: int | None, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text, seat=seat)
    assert fragment in str(caught.value)
