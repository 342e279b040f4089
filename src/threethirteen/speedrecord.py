"""Records of speed games: the record format of INTERFACES.md §3, with ``calls``.

A speed round's record keeps the keys of a round played in turns, except ``turns``:
``deal`` adds ``piles`` (by seat, the card that started the seat's pile, null for a seat
that sits the round out) and its ``stock`` is what is left once the piles are turned, top
first; ``calls`` lists every call, each with every seat's draw and discard in seat order:
``{"draws": [{"seat": 0, "draw": "stock" | "discard", "card": "Qs"}, ...],
"discards": [{"seat": 0, "discard": "Kd", "out": false}, ...]}`` (``"timeout": true``
marks the caller's default, ``"false_out": true`` a false announcement); ``outs`` lists
every seat that went out (``out`` is the first of them, or null).

>>> from threethirteen.rules import Rules
>>> game = SpeedGame(Rules(mode="speed", players=2, rounds=1), seed=4)
>>> while not game.is_over:
...     _ = game.tick()
>>> record = speed_record(game)
>>> record["rounds"][0]["calls"][0]["draws"][0]["timeout"], replay_speed_record(record) == game
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from threethirteen.actions import Discard, Draw, Source
from threethirteen.cards import Card
from threethirteen.dealer import Deal, Dealer, ScriptedDealer, SeededDealer
from threethirteen.errors import RecordError, ThreeThirteenError
from threethirteen.recordform import FORMAT, envelope
from threethirteen.rules import Rules
from threethirteen.scoring import wild_json
from threethirteen.speed import CallDiscard, CallDraw, SpeedGame, SpeedRound


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(card) for card in cards]


def _draw_json(draw: CallDraw) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": draw.seat, "draw": draw.source.value, "card": str(draw.card)}
    if draw.timeout:
        data["timeout"] = True
    return data


def _discard_json(discard: CallDiscard) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": discard.seat, "discard": str(discard.card),
                            "out": discard.out}
    if discard.false_out:
        data["false_out"] = True
    if discard.timeout:
        data["timeout"] = True
    return data


def _round_json(r: SpeedRound) -> dict[str, Any]:
    data: dict[str, Any] = {"number": r.number, "wild": wild_json(r.wild), "dealer": r.dealer}
    if r.playoff:
        data["playoff"] = True
        data["seats"] = list(r.seats)
    data["deal"] = {
        "hands": [_cards(hand) for hand in r.deal.hands],
        "upcard": None,
        "piles": [None if card is None else str(card) for card in r.piles_dealt],
        "stock": _cards(r.deal.stock),
    }
    data["calls"] = [{"draws": [_draw_json(d) for d in call.draws],
                      "discards": [_discard_json(d) for d in call.discards]}
                     for call in r.calls]
    done = r.result
    data["end"] = None if done is None else done.end.value
    data["out"] = None if done is None else done.out
    data["outs"] = list(r.outs) if done is not None else None
    data["result"] = None if done is None else done.to_json()["result"]
    return data


def speed_record(game: SpeedGame) -> dict[str, Any]:
    """The record of ``game`` (finished or not; a call in progress is left out)."""
    return envelope(game, [_round_json(r) for r in game.rounds()])


def _dealer(record: Mapping[str, Any], players: int) -> Dealer:
    """The record's seed, or its deals written down (piles back on top of the stock)."""
    if record["seed"] is not None:
        return SeededDealer(record["seed"])
    deals = []
    first = record["rounds"][0]["dealer"]
    for data in record["rounds"]:
        deal = data["deal"]
        order = sorted(range(players), key=lambda seat: (seat - data["dealer"] - 1) % players)
        piles = [deal["piles"][seat] for seat in order if deal["piles"][seat] is not None]
        deals.append(Deal(tuple(tuple(Card.parse(c) for c in hand) for hand in deal["hands"]),
                          None, tuple(Card.parse(c) for c in [*piles, *deal["stock"]])))
    return ScriptedDealer(first, deals, [])


def replay_speed_record(record: Mapping[str, Any]) -> SpeedGame:
    """The game ``record`` describes, rebuilt through ``apply`` and ``tick``; its record
    must be ``record`` itself, or ``RecordError`` says where they part."""
    try:
        if record.get("format") != FORMAT:
            raise RecordError(f"format must be {FORMAT!r}", "record")
        rules = Rules.from_json(record["rules"])
        game = SpeedGame(rules, seed=record["seed"], names=list(record["players"]),
                         dealer=_dealer(record, rules.players))
        for number, data in enumerate(record["rounds"], start=1):
            for index, call in enumerate(data["calls"], start=1):
                where = f"round {number}, call {index}"
                _step(game, [Draw(d["seat"], Source(d["draw"]))
                             for d in call["draws"] if not d.get("timeout")],
                      any(d.get("timeout") for d in call["draws"]), where)
                _step(game, [Discard(d["seat"], Card.parse(d["discard"]),
                                     out=d["out"] or d.get("false_out", False))
                             for d in call["discards"] if not d.get("timeout")],
                      any(d.get("timeout") for d in call["discards"]), where)
    except RecordError:
        raise
    except (ThreeThirteenError, KeyError, TypeError, ValueError, IndexError) as error:
        raise RecordError(f"the record does not replay: {error}", "record") from None
    again = json.loads(json.dumps(speed_record(game)))
    if again != json.loads(json.dumps(record)):
        for key in ("rules", "players", "totals", "winners"):
            if again[key] != record.get(key):
                raise RecordError(f"{key} is {record.get(key)!r}, the game gives {again[key]!r}")
        for number, (ours, theirs) in enumerate(zip(again["rounds"], record["rounds"],
                                                    strict=False), start=1):
            for key in ours:
                if ours[key] != theirs.get(key):
                    raise RecordError(f"key {key!r} differs from the game's", f"round {number}")
        raise RecordError("the record is not the game it replays into")
    return game


def _step(game: SpeedGame, actions: list[Draw] | list[Discard], timeouts: bool,
          where: str) -> None:
    try:
        for action in actions:
            game.apply(action)
        if timeouts:
            game.tick()
    except ThreeThirteenError as error:
        raise RecordError(str(error), where) from None
