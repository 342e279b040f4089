"""Game records (INTERFACES.md §3): write one from a game, replay one into a game.

``game_record(state)`` derives the record from the state's history, at any moment: a
finished game has ``winners``; an abandoned one has ``winners`` null and its round in
play has ``end``, ``out`` and ``result`` null. ``replay_record`` re-applies every action
through the checked path and verifies deals, drawn cards, reshuffles and results.

A playoff round (``ties`` = playoff) is an extra round marked ``"playoff": true`` with the
tied ``"seats"``; seats sitting it out hold no cards and score 0, and its points are not
added to ``totals``, which stay the sum of the regular rounds.

>>> state = GameState(Rules(players=2, rounds=1), seed=5, names=["Ann", "Bob"])
>>> record = game_record(state)
>>> record["format"], record["rules"]["decks"], record["rounds"][0]["wild"], record["winners"]
('three-thirteen-record/1', 1, '3', None)
>>> replay_record(record) == state
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from threethirteen.actions import Discard, Draw, Source
from threethirteen.cards import Card
from threethirteen.dealer import Deal, Dealer, ScriptedDealer, SeededDealer
from threethirteen.errors import (
    IllegalAction,
    InputError,
    RecordError,
    RulesError,
    ThreeThirteenError,
)
from threethirteen.files import write_atomic
from threethirteen.game import GameState, RoundLog, TurnLog
from threethirteen.jsontext import read_json
from threethirteen.melds import is_meld
from threethirteen.recordform import FORMAT, check_form, envelope
from threethirteen.results import SeatResult
from threethirteen.rules import Rules
from threethirteen.scoring import card_points, read_wild, wild_json

MAX_RECORD_BYTES = 16 * 1024 * 1024  # a record file (a long game's is about 200 KB)

# -- writing -------------------------------------------------------------------------


def game_record(state: GameState) -> dict[str, Any]:
    """The record of ``state`` so far, as JSON-ready data."""
    return envelope(state, [_round_json(log) for log in state.round_logs()])


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(card) for card in cards]


def _round_json(log: RoundLog) -> dict[str, Any]:
    data: dict[str, Any] = {"number": log.number, "wild": wild_json(log.wild),
                            "dealer": log.dealer}
    if log.playoff:
        data["playoff"] = True
        data["seats"] = list(log.seats)
    upcard = log.deal.upcard
    data["deal"] = {
        "hands": [_cards(hand) for hand in log.deal.hands],
        "upcard": None if upcard is None else str(upcard),
        "stock": _cards(log.deal.stock),
    }
    data["turns"] = [_turn_json(turn) for turn in log.turns if _started(turn)]
    result = log.result
    data["end"] = None if result is None else result.end.value
    data["out"] = None if result is None else result.out
    data["result"] = None if result is None else [seat.to_json() for seat in result.seats]
    return data


def _started(turn: TurnLog) -> bool:
    return turn.draw is not None or turn.reshuffle is not None


def _turn_json(turn: TurnLog) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": turn.seat}
    if turn.reshuffle is not None:
        data["reshuffle"] = _cards(turn.reshuffle)
    data["draw"] = None if turn.draw is None else turn.draw.value
    data["card"] = None if turn.card is None else str(turn.card)
    data["discard"] = None if turn.discard is None else str(turn.discard)
    data["out"] = turn.out
    if turn.false_out:
        data["false_out"] = True
    return data


def dumps_record(record: Mapping[str, Any]) -> str:
    """The canonical text of a record: stable, diff-friendly JSON ending in a newline."""
    return _layout(record, 0) + "\n"


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


def _layout(value: Any, indent: int) -> str:
    compact = json.dumps(value, ensure_ascii=False)
    depth = _depth(value)
    if depth <= 1 or (depth <= 3 and len(compact) + indent <= 160):
        return compact
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(key)}: {_layout(item, indent + 2)}"
                 for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [inner + _layout(item, indent + 2) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def save_record(record: Mapping[str, Any], path: str | Path) -> None:
    """Write ``record`` to ``path`` in its canonical text, atomically."""
    write_atomic(path, dumps_record(record))


def read_record(text: str | bytes, what: str) -> dict[str, Any]:
    """A record from JSON text (bounded by ``read_json``, at most ``MAX_RECORD_BYTES``);
    ``RecordError`` naming ``what`` when it is not JSON or not an object."""
    try:
        data = read_json(text, what=what, max_bytes=MAX_RECORD_BYTES)
    except InputError as error:
        raise RecordError(str(error).removeprefix(f"{what}: "), what) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}", what)
    return data


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; ``RecordError`` when it is not a JSON object within the limits,
    ``OSError`` when it cannot be read."""
    with open(path, "rb") as stream:
        data = stream.read(MAX_RECORD_BYTES + 1)
    return read_record(data, str(path))


# -- replaying -----------------------------------------------------------------------


def replay_record(record: Mapping[str, Any]) -> GameState:
    """The game ``record`` describes, rebuilt through ``apply`` and checked at every step.

    With a seed the deals must be the ones that seed gives; without one they are taken
    from the record (and must each be exactly the pack). ``RecordError`` names the round
    and turn of the first thing that does not check out.
    """
    check_form(record)
    try:
        return _Replay(record).run()
    except RecordError:
        raise
    except (ThreeThirteenError, KeyError, TypeError, ValueError, IndexError) as error:
        detail = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        raise RecordError(detail or type(error).__name__) from None


class _Replay:
    def __init__(self, record: Mapping[str, Any]) -> None:
        if not isinstance(record, Mapping) or record.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} record")
        self.record = record
        try:
            self.rules = Rules.from_json(record["rules"])
        except RulesError as error:
            raise RecordError(str(error), f"rules, key {error.key!r}") from None
        self.rounds: list[Mapping[str, Any]] = list(record["rounds"])
        if not self.rounds:
            raise RecordError("the record has no rounds")
        seed = record["seed"]
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(f"the seed must be a whole number or null, not {seed!r}")
        self.seed: int | None = seed

    def run(self) -> GameState:
        dealer: Dealer = SeededDealer(self.seed) if self.seed is not None else ScriptedDealer(
            int(self.rounds[0]["dealer"]),
            [_read_deal(data["deal"]) for data in self.rounds],
            [_read_cards(turn["reshuffle"]) for data in self.rounds for turn in data["turns"]
             if turn.get("reshuffle") is not None],
        )
        state = GameState(self.rules, seed=self.seed, names=list(self.record["players"]),
                          dealer=dealer)
        for index, data in enumerate(self.rounds):
            self._round(state, index, data)
        self._finish(state)
        return state

    def _round(self, state: GameState, index: int, data: Mapping[str, Any]) -> None:
        where = f"round {index + 1}"
        try:
            self._check_round(state, index, data, where)
        except RecordError:
            raise
        except (ThreeThirteenError, ValueError) as error:
            raise RecordError(str(error), where) from None

    def _check_round(
        self, state: GameState, index: int, data: Mapping[str, Any], where: str
    ) -> None:
        logs = state.round_logs()
        if len(logs) != index + 1:
            raise RecordError("the game is over before this round", where)
        log = logs[index]
        written = {"number": data["number"], "wild": read_wild(data["wild"]),
                   "dealer": data["dealer"], "playoff": data.get("playoff", False)}
        for key, ours in (("number", log.number), ("wild", log.wild),
                          ("dealer", log.dealer), ("playoff", log.playoff)):
            theirs = written[key]
            if theirs != ours:
                raise RecordError(f"{key} is {theirs!r}, but the game has {ours!r}",
                                  f"{where}, key {key!r}")
        seats = list(log.seats) if log.playoff else None
        if data.get("seats") != seats:
            raise RecordError(f"seats are {data.get('seats')!r}, but the game has {seats!r}",
                              f"{where}, key 'seats'")
        if _read_deal(data["deal"]) != log.deal:
            raise RecordError(f"the deal is not the one seed {self.seed} gives", where)
        for number, turn in enumerate(data["turns"], start=1):
            place = f"{where}, turn {number}"
            try:
                self._turn(state, index, turn, place)
            except RecordError:
                raise
            except (ThreeThirteenError, ValueError) as error:
                raise RecordError(str(error), place) from None
        log = state.round_logs()[index]
        if data["result"] is None:
            if log.result is not None:
                raise RecordError("the round has ended, but the record says it goes on", where)
            return
        if log.result is None:
            raise RecordError("the record ends the round, but play goes on", where)
        if data["end"] != log.result.end.value or data["out"] != log.result.out:
            raise RecordError(
                f"the round ends {data['end']!r} with out={data['out']!r}, but the game says "
                f"{log.result.end.value!r} with out={log.result.out!r}", where)
        self._results(log, data["result"], state, where)

    def _turn(self, state: GameState, index: int, turn: Mapping[str, Any], where: str) -> None:
        logs = state.round_logs()
        if len(logs) != index + 1 or logs[index].result is not None:
            raise RecordError("the round is already over", where)
        seat = int(turn["seat"])
        try:
            if turn["draw"] is not None:
                state.apply(Draw(seat, Source(turn["draw"])))
            if turn["discard"] is not None:
                announced = bool(turn.get("out", False)) or bool(turn.get("false_out", False))
                state.apply(Discard(seat, Card.parse(turn["discard"]), out=announced))
        except IllegalAction as error:
            raise RecordError(f"{error} [{error.reason}]", where) from None
        log = state.round_logs()[index]
        played = next(t for t in reversed(log.turns) if t.seat == seat and _started(t))
        ours, theirs = _turn_json(played), dict(turn)
        for key in ("reshuffle", "card"):
            if key in theirs and theirs[key] is not None:
                theirs[key] = (_cards(_read_cards(theirs[key])) if key == "reshuffle"
                               else str(Card.parse(theirs[key])))
        if "discard" in theirs and theirs["discard"] is not None:
            theirs["discard"] = str(Card.parse(theirs["discard"]))
        theirs.setdefault("false_out", False)
        ours.setdefault("false_out", False)
        for key in ("seat", "reshuffle", "draw", "card", "discard", "out", "false_out"):
            if ours.get(key) != theirs.get(key):
                raise RecordError(f"{key} is {theirs.get(key)!r}, but the game has "
                                  f"{ours.get(key)!r}", f"{where}, key {key!r}")

    def _results(
        self, log: RoundLog, data: list[Mapping[str, Any]], state: GameState, where: str
    ) -> None:
        assert log.result is not None
        if len(data) != len(log.result.seats):
            raise RecordError(f"{len(data)} results for {len(log.result.seats)} seats", where)
        for seat, (mine, written) in enumerate(zip(log.result.seats, data, strict=True)):
            theirs = SeatResult.from_json(written)
            if theirs.points != mine.points:
                raise RecordError(f"seat {seat} scores {theirs.points}, but the game gives "
                                  f"{mine.points}", where)
            _check_arrangement(theirs, mine, log.wild, state.rules, f"{where}, seat {seat}")

    def _finish(self, state: GameState) -> None:
        totals, winners = list(self.record["totals"]), self.record["winners"]
        if totals != list(state.totals):
            raise RecordError(f"totals are {totals}, but the game gives {list(state.totals)}")
        ours = None if state.winners is None else list(state.winners)
        if winners != ours:
            raise RecordError(f"winners are {winners}, but the game gives {ours}")
        if state.winners is None and self.rounds[-1]["result"] is not None:
            raise RecordError("the record stops between rounds, before the game is over")


def _check_arrangement(
    theirs: SeatResult, mine: SeatResult, wild: int | None, rules: Rules, where: str
) -> None:
    """The written melds and deadwood lay out the seat's final hand as well as ours."""
    held = Counter(card for meld in mine.melds for card in meld) + Counter(mine.deadwood)
    shown = Counter(card for meld in theirs.melds for card in meld) + Counter(theirs.deadwood)
    if held != shown:
        raise RecordError("the melds and deadwood are not the seat's final hand", where)
    for meld in theirs.melds:
        if not is_meld(meld, wild, rules):
            raise RecordError(f"{' '.join(_cards(meld))} is not a meld", where)
    cost, least = _cost(theirs, wild, rules), _cost(mine, wild, rules)
    if cost != least:
        raise RecordError(f"the deadwood costs {cost}, but the least is {least}", where)


def _cost(result: SeatResult, wild: int | None, rules: Rules) -> int:
    return sum(card_points(card, wild, rules) for card in result.deadwood)


def _read_cards(texts: Any) -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise RecordError(f"expected a list of cards, not {texts!r}")
    return tuple(Card.parse(text) for text in texts)


def _read_deal(data: Mapping[str, Any]) -> Deal:
    upcard = data["upcard"]
    return Deal(
        tuple(_read_cards(hand) for hand in data["hands"]),
        None if upcard is None else Card.parse(upcard),
        _read_cards(data["stock"]),
    )
