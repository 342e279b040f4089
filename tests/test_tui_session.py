"""The terminal front end's controller: bots see views only, moves in words, go-out only
when legal, undo by replay, hints counted, saving and resuming, the table's setup."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots import registry
from threethirteen.bots.registry import register_bot
from threethirteen.cards import Card
from threethirteen.game import GameState
from threethirteen.record import load_record, replay_record
from threethirteen.rules import Rules
from threethirteen.tui import store
from threethirteen.tui.cardwords import SHORT, CardWords
from threethirteen.tui.hand import SortOrder
from threethirteen.tui.session import PERSON, Kind, PersonSession, Refused, Session
from threethirteen.tui.setup import Setup, parse_levels, play_rules, seat_names, side
from threethirteen.tui.speedsession import SpeedSession
from threethirteen.view import Phase, View


def small(seed: int = 5, levels: tuple[str, ...] = ("greedy", "random", "greedy"),
          **rules: object) -> Session:
    options: dict[str, object] = {"players": len(levels) + 1, "rounds": 2, **rules}
    return Session(Setup.new(Rules.from_json(options), levels, seed=seed))


def to_person(session: Session) -> list[str]:
    """Let the computers play up to the person's turn; the texts of what they did."""
    said = []
    while session.computer_to_act:
        said += [event.text for event in session.play_computer()]
    return said


def person_plays(session: Session) -> None:
    """The person draws from the stock and discards the first card."""
    session.draw(Source.STOCK)
    hand = session.view().hand
    assert hand is not None
    session.discard(hand[0])


class Spy:
    """A bot that checks it only ever gets its own seat's view."""

    name = "spy"
    seen: list[View] = []

    def choose(self, view: View, rng: random.Random) -> Action:
        assert isinstance(view, View) and view.my_turn and view.hand is not None
        Spy.seen.append(view)
        assert view.seat is not None
        if view.phase is Phase.DRAW:
            return Draw(view.seat, Source.DISCARD if view.top is not None else Source.STOCK)
        return Discard(view.seat, view.hand[0])


def test_computers_get_their_own_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    register_bot("spy", Spy)
    Spy.seen = []
    session = small(levels=parse_levels("spy", None, 3))
    for _ in range(4):
        to_person(session)
        person_plays(session)
    assert Spy.seen and {view.seat for view in Spy.seen} == {1, 2, 3}


def test_moves_are_told_in_words_and_the_stock_card_stays_hidden() -> None:
    session = small(seed=5)
    said = to_person(session)
    assert said
    for line in said:
        who, rest = line.split(" ", 1)
        assert who in ("Left", "Top", "Right")
        assert rest == "drew from the stock" or rest.startswith(("took the ", "discarded "))
    events = session.draw(Source.STOCK)
    assert events[0].text.startswith("You drew the ") and events[0].text.endswith(" from the stock")
    hand = session.view().hand
    assert hand is not None
    assert [e.text for e in session.discard(hand[0])] == [f"You discarded {SHORT.card(hand[0])}"]


def test_the_whole_game_ends_with_winners_and_a_record_that_replays() -> None:
    session = small(seed=3)
    while not session.is_over:
        to_person(session)
        if session.is_over:
            break
        person_plays(session)
    kinds = [event.kind for event in session.events]
    assert kinds.count(Kind.ROUND_OVER) == 2 and kinds[-1] is Kind.GAME_OVER
    record = session.record()
    assert replay_record(record) == session.state
    assert record["levels"] == ["person", "greedy", "random", "greedy"]
    assert record["hints"] == [] and record["undos"] == []


def seed_where_person_can_go_out() -> tuple[int, Session]:
    for seed in range(200):
        session = small(seed=seed)
        to_person(session)
        session.draw(Source.STOCK)
        if session.out_cards():
            return seed, session
    raise AssertionError("no seed found")


def test_going_out_is_offered_only_when_legal() -> None:
    session = small(seed=5)
    to_person(session)
    assert session.out_cards() == ()
    assert "draw a card first" in session.why_not_out()
    hand = session.view().hand
    assert hand is not None
    before = session.state.copy()
    with pytest.raises(Refused, match="draw a card first"):
        session.discard(hand[0], out=True)
    assert session.state == before
    _, session = seed_where_person_can_go_out()
    goers = session.out_cards()
    hand = session.view().hand
    assert hand is not None
    wrong = next(card for card in hand if card not in goers)
    with pytest.raises(Refused, match=f"You cannot go out with {SHORT.card(wrong)}"):
        session.discard(wrong, out=True)
    events = session.discard(goers[0], out=True)
    assert events[0].text == f"You went out, discarding {SHORT.card(goers[0])}"
    assert session.view().out == PERSON


def test_first_turn_out_forbidden_is_explained() -> None:
    for seed in range(200):
        session = small(seed=seed, first_turn_out=False)
        to_person(session)
        session.draw(Source.STOCK)
        hand = session.view().hand
        assert hand is not None
        if session.out_cards() == () and "first turn" in session.why_not_out():
            return
    raise AssertionError("no first-turn refusal found")


def test_refusals_change_nothing() -> None:
    session = small(seed=5)
    assert session.computer_to_act
    with pytest.raises(Refused, match="Wait: it is Right's turn"):
        session.draw(Source.STOCK)
    to_person(session)
    before = session.state.copy()
    hand = session.view().hand
    assert hand is not None
    with pytest.raises(Refused, match="Draw a card first"):
        session.discard(hand[0])
    session.draw(Source.STOCK)
    middle = session.state.copy()
    with pytest.raises(Refused, match="You have drawn already"):
        session.draw(Source.DISCARD)
    missing = next(Card.from_code(c) for c in range(52)
                   if Card.from_code(c) not in (session.view().hand or ()))
    with pytest.raises(Refused, match="not in your hand"):
        session.discard(missing)
    assert session.state == middle and session.state != before


def test_undo_replays_the_game_without_the_last_discard() -> None:
    session = small(seed=5)
    to_person(session)
    assert session.undo_blocker() is not None
    session.draw(Source.STOCK)
    before = session.state.copy()
    hand = session.view().hand
    assert hand is not None
    session.discard(hand[0])
    assert session.undo_blocker() is None
    events = session.undo()
    assert events[0].text == f"Undone: your discard of {SHORT.card(hand[0])}."
    assert session.state == before and session.view().phase is Phase.DISCARD
    assert session.undos == [{"round": 1, "seat": PERSON, "turn": session.undos[0]["turn"],
                              "undone": [f"0: discard {hand[0]}"]}]


class Taker:
    """Always takes the discard, then throws its first card."""

    name = "taker"

    def choose(self, view: View, rng: random.Random) -> Action:
        assert view.seat is not None and view.hand is not None
        if view.phase is Phase.DRAW:
            return Draw(view.seat, Source.DISCARD)
        return Discard(view.seat, view.hand[0])


def test_undo_ends_when_a_computer_acts_on_the_discard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo must not tell whether a computer takes the card: once the next seat has
    drawn, from the pile or the stock, the discard stands."""
    monkeypatch.setattr(registry, "_registered", {})
    register_bot("taker", Taker)
    session = small(seed=8, levels=("taker",))
    to_person(session)
    session.draw(Source.STOCK)
    before = session.state.copy()
    hand = session.view().hand
    assert hand is not None
    session.discard(hand[0])
    assert session.undo_blocker() is None  # nobody has acted on it yet
    session.play_computer()  # the taker takes the card
    state = session.state.copy()
    with pytest.raises(Refused, match="Top has taken your discard; it can no longer be undone"):
        session.undo()
    assert session.state == state and session.undos == []
    session = small(seed=8, levels=("greedy",))
    for _ in range(10):
        to_person(session)
        session.draw(Source.STOCK)
        hand = session.view().hand
        assert hand is not None
        session.discard(hand[-1])
        before = session.state.copy()
        session.play_computer()
        if session.state.history[-1] == Draw(1, Source.STOCK):
            state = session.state.copy()
            with pytest.raises(Refused, match="Top has drawn from the stock since your discard"):
                session.undo()
            assert session.state == state and state != before
            return
    raise AssertionError("the greedy bot never drew from the stock")


def test_a_hint_is_counted_in_the_save_and_the_record(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    session = small(seed=5)
    assert session.computer_to_act
    with pytest.raises(Refused, match="Hints are for your turn"):
        session.hint()
    to_person(session)
    advice = session.hint()
    assert advice.startswith(("Draw from the stock", "Take the ")), advice
    assert session.hints == [{"round": 1, "seat": 0, "turn": session.hints[0]["turn"],
                              "phase": "draw", "advice": advice}]
    assert session.to_json()["hints"] == session.hints
    resumed = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert resumed.hints == session.hints and resumed.state == session.state
    while not session.is_over:
        to_person(session)
        if not session.is_over:
            person_plays(session)
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    path = store.save_game(session)
    record = load_record(path)
    assert record["hints"][0]["advice"] == advice and replay_record(record) == session.state


def test_save_and_resume_through_the_data_dir(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path / "home"))
    assert store.load_saved() == (None, None)
    session = small(seed=9)
    to_person(session)
    person_plays(session)
    path = store.save_game(session)
    assert path == tmp_path / "home" / "saved-game.json"
    data = json.loads(path.read_text())
    assert data["seed"] == 9 and data["levels"][0] == "person" and data["actions"]
    resumed, problem = store.load_saved()
    assert problem is None and resumed is not None and resumed.state == session.state
    assert "round 1 of 2 against 3 opponents" in store.describe_saved(resumed)
    path.write_text("{not json")
    assert store.load_saved()[0] is None and (tmp_path / "home" / "saved-game.json.bad").exists()
    assert not path.exists()


def test_the_data_dir_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("THREE_THIRTEEN_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert store.data_dir() == tmp_path / ".local" / "share" / "three-thirteen"


def test_the_table_setup() -> None:
    for opponents in range(1, 8):
        names = seat_names(opponents)
        assert len(names) == opponents + 1 and len(set(names)) == opponents + 1
        assert {side(name) for name in names[1:]} <= {"left", "top", "right"}
    with pytest.raises(ValueError):
        seat_names(8)
    assert play_rules(None, None, 1).players == 2
    assert play_rules("jokers", '{"rounds": 3}', None).jokers == 4
    with pytest.raises(ValueError, match="players"):
        play_rules(None, '{"players": 3}', 3)
    with pytest.raises(ValueError, match="unknown level 'genius'"):
        parse_levels("genius", None, 3)
    with pytest.raises(ValueError, match="names 2 opponents, but there are 3"):
        parse_levels(None, "easy,expert", 3)
    assert parse_levels(None, None, 2) == ("medium", "medium")
    setup = Setup.new(Rules(players=3), ("easy", "random"), seed=1)
    assert Setup.from_json(setup.to_json()) == setup
    assert GameState(setup.rules, seed=1, names=setup.names).names == ("You", "Left", "Right")


@pytest.mark.parametrize("speed", [False, True])
def test_both_sessions_share_the_person_s_tools(speed: bool) -> None:
    """``Session`` and ``SpeedSession`` share ``PersonSession``: the hook saves every
    change, the order is kept, cards named anew give a session of the same kind with the
    same game and events told in the new words, and a game not yet at the person's
    discard offers no card to go out with."""
    session: PersonSession
    if speed:
        session = SpeedSession(Setup.new(Rules(mode="speed", players=3, rounds=2),
                                         ("greedy", "greedy"), seed=4))
    else:
        session = small(seed=4)
    saved: list[dict[str, object]] = []
    session.on_change = lambda changed: saved.append(changed.to_json())
    assert session.out_cards() == ()  # nobody has drawn: no discard step yet
    if isinstance(session, Session):
        to_person(session)
    session.draw(Source.STOCK)
    if isinstance(session, SpeedSession):
        session.computers_answer()  # the call's draws are told once every seat drew
    assert saved and saved[-1] == session.to_json()  # every move saved
    moves = len(saved)
    session.set_order(SortOrder.RANK)
    session.set_order(SortOrder.RANK)  # no change, nothing saved
    assert len(saved) == moves + 1 and saved[-1]["order"] == "rank"
    assert session.with_words(SHORT) is session
    long = session.with_words(CardWords(long=True))
    assert type(long) is type(session) and long.on_change is session.on_change
    assert long.to_json() == {**session.to_json(), "long_names": True}
    assert long.order is SortOrder.RANK
    drew = [event.text for event in session.events if "You drew" in event.text]
    retold = [event.text for event in long.events if "You drew" in event.text]
    assert len(drew) == len(retold) == 1 and drew != retold and " of " in retold[0]
