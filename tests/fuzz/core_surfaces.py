"""Fuzz surfaces of the core and the command line: every place outside input comes in.

Each surface mixes structured mutations of valid inputs (a real card with one character
changed, a real record with one field replaced, a legal action with a forged field), so
that the fuzzer reaches deep code, with hostile junk (deep nesting, huge numbers, bytes
that are not UTF-8, control characters, values of the wrong type). A feed returns after a
correct answer, or raises a project error; it asserts that a refused input changed
nothing. ``SUITE_COUNTS`` is how many inputs the suite gives each surface.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from threethirteen.actions import Discard, Draw, Source, parse_action
from threethirteen.bots import RandomBot
from threethirteen.cards import JOKER, Card, Hand, Rank, pack
from threethirteen.cli.replay import describe
from threethirteen.cli.solve import solve_line
from threethirteen.errors import IllegalAction, NotationError, ThreeThirteenError
from threethirteen.game import GameState
from threethirteen.jsontext import read_json
from threethirteen.record import dumps_record, game_record, read_record, replay_record
from threethirteen.rules import PRESETS, RANGES, Rules
from threethirteen.scoring import check_wild
from threethirteen.view import View

from .harness import Surface

CARDS = [str(card) for card in pack(1)] + ["*", "10h", "10♥", "T♠", "joker", "JK", "qs", "Ah"]
SYMBOLS = "♣♦♥♠♧♢♡♤"
ODD = ["³", "٣", "７", "Ⅶ", "½", "\x00", "\x1b[2J", "\u202e", "\ufeff", "𝟕", "é", "\ud800",
       "\t", "\n", "\r", ",", ":", " ", "", "-", "+", "0", "00", "1", "10", "11", "13", "14"]
JUNK_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2**53, -(2**63), 10**29, "", "x",
                          [], {}, [[]], {"a": 1}, "7h", ["7h"], 1e308]


# -- shared junk ------------------------------------------------------------------------


def junk_text(rng: random.Random) -> str:
    """Hostile text: control characters, odd digits, long runs, random code points."""
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(rng.choice(ODD) for _ in range(rng.randrange(1, 6)))
    if kind == 1:
        return rng.choice(ODD + CARDS) * rng.choice((10, 100, 5000))
    if kind == 2:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(1, 12)))
    if kind == 3:
        return "".join(chr(rng.randrange(0, 0x110000)) for _ in range(rng.randrange(1, 6)))
    if kind == 4:
        return str(rng.randrange(10 ** rng.randrange(1, 40)))
    return "".join(rng.choice(ODD + CARDS + [" "]) for _ in range(rng.randrange(1, 20)))


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` with a few characters changed, inserted or dropped."""
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        where = rng.randrange(len(chars) + 1)
        action = rng.randrange(4)
        piece = rng.choice(ODD + list(SYMBOLS) + list("0123456789atjqkcdhsATJQKCDHS*"))
        if action == 0 or not chars:
            chars.insert(where, piece)
        elif action == 1 and where < len(chars):
            chars[where] = piece
        elif action == 2 and where < len(chars):
            del chars[where]
        else:
            chars.insert(where, rng.choice((" ", ",", ", ", "  ")))
    return "".join(chars)


def junk_json(rng: random.Random) -> str | bytes:
    """JSON-ish text that breaks naive readers: deep nesting, huge numbers, bad bytes."""
    kind = rng.randrange(8)
    if kind == 0:
        depth = rng.choice((65, 100, 1000, 100_000))
        return rng.choice("[{") * depth if rng.random() < 0.3 else "[" * depth + "]" * depth
    if kind == 1:
        return '{"x": ' + "9" * rng.choice((31, 400, 5000)) + "}"
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if kind == 3:
        return rng.choice(("NaN", "Infinity", "-Infinity", '{"a": NaN}', "1e999", "-0", "null"))
    if kind == 4:
        return json.dumps(rng.choice(JUNK_VALUES))
    if kind == 5:
        return '{"a": "' + "\\ud800" * rng.randrange(1, 5) + '"}'
    if kind == 6:
        return "\x00" + json.dumps({"hand": "7h"})
    return junk_text(rng)


def mutate_json(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A deep copy of ``value`` with one place changed: replaced by junk, deleted, given
    another value of the document, or its type changed."""
    if isinstance(value, dict) and value and (depth < 6 and rng.random() < 0.75):
        key = rng.choice(list(value))
        changed = dict(value)
        if rng.random() < 0.1:
            del changed[key]
        else:
            changed[key] = mutate_json(value[key], rng, depth + 1)
        return changed
    if isinstance(value, list) and value and (depth < 6 and rng.random() < 0.75):
        index = rng.randrange(len(value))
        changed_list = list(value)
        roll = rng.random()
        if roll < 0.1:
            del changed_list[index]
        elif roll < 0.15:
            changed_list.append(copy.deepcopy(rng.choice(value)))
        else:
            changed_list[index] = mutate_json(value[index], rng, depth + 1)
        return changed_list
    return _replacement(value, rng)


def _replacement(value: Any, rng: random.Random) -> Any:
    roll = rng.random()
    if isinstance(value, bool):
        return (not value) if roll < 0.5 else rng.choice(JUNK_VALUES)
    if isinstance(value, int):
        if roll < 0.6:
            return value + rng.choice((-2, -1, 1, 2, 13, -100, 10**6))
        return rng.choice(JUNK_VALUES)
    if isinstance(value, str):
        if roll < 0.4:
            return rng.choice(CARDS)
        if roll < 0.7:
            return mutate_text(value, rng)
        return rng.choice(JUNK_VALUES + [junk_text(rng)])
    return rng.choice(JUNK_VALUES)


def to_text(value: Any, rng: random.Random) -> str | bytes:
    """``value`` as JSON text, sometimes as bytes, sometimes with a byte changed."""
    text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.1:
        raw = bytearray(text.encode("utf-8", "surrogatepass"))
        if raw:
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    return text.encode("utf-8", "surrogatepass") if rng.random() < 0.3 else text


# -- cards, hands, action text ---------------------------------------------------------


def card_text(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.35:
        return mutate_text(rng.choice(CARDS), rng)
    if roll < 0.5:
        return rng.choice(CARDS).lower() if rng.random() < 0.5 else f" {rng.choice(CARDS)} "
    if roll < 0.95:
        return junk_text(rng)
    return rng.choice(JUNK_VALUES)


def feed_card_or_rank(value: object) -> None:
    """Read ``value`` as a card, a rank and a wild rank: each a round trip, or refused."""
    read = 0
    try:
        card = Card.parse(value)  # type: ignore[arg-type]
        assert isinstance(card, Card) and Card.parse(str(card)) == card
        read += 1
    except NotationError:
        pass
    try:
        rank = Rank.parse(value)  # type: ignore[arg-type]
        assert isinstance(rank, Rank) and Rank.parse(str(rank)) is rank
        read += 1
        assert check_wild(rank) is rank
    except NotationError:
        pass
    if not read:
        raise NotationError("neither a card nor a rank", repr(value)[:40])


def hand_text(rng: random.Random) -> object:
    cards = [rng.choice(CARDS) for _ in range(rng.randrange(0, 16))]
    text = rng.choice((" ", ",", ", ", " , ")).join(cards)
    roll = rng.random()
    if roll < 0.5:
        return mutate_text(text, rng)
    if roll < 0.7:
        return text
    if roll < 0.97:
        return junk_text(rng)
    return rng.choice(JUNK_VALUES)


def feed_hand(value: object) -> None:
    hand = Hand.parse(value)  # type: ignore[arg-type]
    assert Hand.parse(str(hand)) == hand and len(hand) <= len(str(value))


VERBS = ["draw stock", "draw discard", "discard {}", "out {}", "draw pile", "take {}"]


def action_text(rng: random.Random) -> object:
    verb = rng.choice(VERBS).format(rng.choice(CARDS))
    prefix = rng.choice(("", "0: ", "3:", " 15 : ", "-1: ", "99999999: ", "٣: ", "x: "))
    text = prefix + verb
    roll = rng.random()
    if roll < 0.4:
        text = mutate_text(text, rng)
    elif roll < 0.5:
        text = text.upper()
    elif roll < 0.7:
        text = junk_text(rng)
    elif roll < 0.72:
        text = rng.choice(JUNK_VALUES)
    seat = rng.choice((None, None, 0, 1, 3, -1, True, 2**70, 1.0, "1"))
    return (text, seat)


def feed_action_text(value: object) -> None:
    text, seat = value  # type: ignore[misc]
    action = parse_action(text, seat=seat)
    assert isinstance(action, Draw | Discard)
    assert parse_action(str(action)) == action


# -- action objects fed to the engine --------------------------------------------------

_TABLES: list[GameState] = []
_PLAYER = RandomBot()


def _table(rng: random.Random) -> GameState:
    """One of a few games in progress, each moved on by legal play as the fuzzer goes."""
    if not _TABLES:
        for seed, options in enumerate(({"players": 2, "rounds": 2},
                                        {"players": 3, "rounds": 3, "preset": "single-wild"},
                                        {"players": 4, "rounds": 2, "preset": "jokers"},
                                        {"players": 2, "rounds": 1, "stock_empty": "reshuffle"})):
            _TABLES.append(GameState(Rules.from_json(options), seed=seed))
    index = rng.randrange(len(_TABLES))
    state = _TABLES[index]
    if state.is_over:
        state = _TABLES[index] = GameState(state.rules, seed=rng.randrange(10**6))
    return state


class _Duck:
    def __init__(self, seat: object, source: object, card: object, out: object) -> None:
        self.seat, self.source, self.card, self.out = seat, source, card, out

    def __str__(self) -> str:
        raise RuntimeError("a hostile __str__ is never called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("a hostile __eq__ is never called")

    __hash__ = None  # type: ignore[assignment]


def _forge(action: Draw | Discard, rng: random.Random) -> Draw | Discard:
    name = rng.choice(("seat", "source") if isinstance(action, Draw) else ("seat", "card", "out"))
    value = rng.choice(JUNK_VALUES + ["stock", "discard", 1.0, Source.STOCK, JOKER])
    object.__setattr__(action, name, value)
    return action


def action_object(rng: random.Random) -> object:
    state = _table(rng)
    seat = state.turn if state.turn is not None else 0
    roll = rng.random()
    hand = state.hands[seat] if 0 <= seat < len(state.hands) else ()
    cards = list(hand) + [Card.from_code(rng.randrange(53))]
    if roll < 0.3:
        legal = state.legal_actions()
        action: object = rng.choice(legal) if legal else Draw(seat, Source.STOCK)
    elif roll < 0.55:
        who = rng.choice((seat, seat, (seat + 1) % 16, -1, 16, 2**40))
        action = rng.choice((Draw(who, rng.choice(list(Source))),
                             Discard(who, rng.choice(cards), out=rng.random() < 0.3)))
    elif roll < 0.8:
        base = rng.choice((Draw(seat, Source.STOCK), Discard(seat, rng.choice(cards))))
        action = _forge(base, rng)
    elif roll < 0.9:
        action = _Duck(rng.choice((seat, 1.0, "0")), rng.choice(("stock", Source.STOCK)),
                       rng.choice(cards), rng.choice((True, None)))
    else:
        action = rng.choice(JUNK_VALUES + [Source.STOCK, JOKER, "draw stock"])
    return (_TABLES.index(state), action)


def _fingerprint(state: GameState) -> tuple[object, ...]:
    return (len(state.history), state.hands, state.stock, state.discard_pile, state.phase,
            state.turn, state.totals, state.winners, state.round_number,
            state.round_logs()[-1].turns)


def feed_action_object(value: object) -> None:
    index, action = value  # type: ignore[misc]
    state = _TABLES[index]
    before = _fingerprint(state)
    full = state.copy() if len(state.history) % 50 == 0 else None
    try:
        state.check(action)
    except IllegalAction:
        assert _fingerprint(state) == before
        try:
            state.apply(action)
        except IllegalAction:
            assert _fingerprint(state) == before
            assert full is None or state == full
            raise
        raise AssertionError(f"apply took {action!r:.80} that check refused") from None
    state.apply(action)  # a legal action: the game moves on
    assert len(state.history) == before[0] + 1


# -- rules JSON ------------------------------------------------------------------------


def rules_text(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.3:
        data: dict[str, Any] = {}
        for key in rng.sample(sorted(Rules().to_json()), rng.randrange(1, 5)):
            low, high = RANGES.get(key, (0, 1))
            data[key] = rng.choice((low, high, low - 1, high + 1, rng.randint(low, high),
                                    Rules().to_json()[key]))
        if rng.random() < 0.3:
            data["preset"] = rng.choice(sorted(PRESETS) + ["nope"])
        return to_text(data, rng)
    if roll < 0.7:
        return to_text(mutate_json(Rules.preset(rng.choice(sorted(PRESETS))).to_json(), rng), rng)
    return junk_json(rng)


def feed_rules(value: object) -> None:
    data = read_json(value, what="--rules")  # type: ignore[arg-type]
    rules = Rules.from_json(data)
    assert Rules.from_json(rules.to_json()) == rules
    for key, (low, high) in RANGES.items():
        option = getattr(rules, key)
        assert option in (None, "auto") or low <= option <= high


# -- solve lines (``three-thirteen solve --jsonl``) -------------------------------------

_WILD_HEAVY = [card for card in pack(3) if card.rank in (Rank.SEVEN, Rank.KING)]


def solve_text(rng: random.Random) -> object:
    roll = rng.random()
    wild = rng.choice((3, 7, 10, 13, "K", "q", "t", "10"))
    source = _WILD_HEAVY if rng.random() < 0.3 else list(pack(2, 2))
    size = rng.choice((0, 3, 7, 10, 13, 14, 14, 15, 40))
    hand = " ".join(str(card) for card in rng.sample(source, min(size, len(source))))
    rules = rng.choice(({}, {"preset": "single-wild"}, {"preset": "single-wild", "decks": 3},
                        {"all_wild_melds": False, "ace": "wrap"}, {"max_wilds_per_meld": 2},
                        {"rounds": 3}, {"preset": "jokers"}))
    request: dict[str, Any] = {"hand": hand, "wild": wild, "rules": rules}
    if roll < 0.45:
        return to_text(request, rng)
    if roll < 0.85:
        return to_text(mutate_json(request, rng), rng)
    return junk_json(rng)


def feed_solve(value: object) -> None:
    answer = solve_line(value)  # type: ignore[arg-type]
    assert isinstance(answer, dict)
    if "error" in answer:
        assert set(answer) == {"error"} and isinstance(answer["error"], str)
        json.dumps(answer)
        raise _Refused(answer["error"])
    assert set(answer) == {"deadwood", "melds", "unmelded", "go_out_discards"}
    json.dumps(answer)


class _Refused(ThreeThirteenError):
    """A solve line answered with ``{"error": ...}``: counted as a refusal."""


# -- records ---------------------------------------------------------------------------

_RECORDS: list[dict[str, Any]] = []


def _records() -> list[dict[str, Any]]:
    """Records of short games between random bots, built once (a replay of each takes a
    few milliseconds), with the extra fields of ``three-thirteen play``."""
    if not _RECORDS:
        from threethirteen.sim import play_game

        for seed, options in enumerate((
                {"players": 2, "rounds": 1}, {"players": 3, "rounds": 2, "preset": "jokers"},
                {"players": 2, "rounds": 1, "ties": "playoff"},
                {"players": 2, "rounds": 2, "stock_empty": "reshuffle", "upcard": False},
                {"players": 2, "rounds": 1, "preset": "single-wild"})):
            rules = Rules.from_json(options)
            state = play_game(rules, ["random"] * rules.players, seed=seed)
            record = game_record(state)
            record["hints"] = [{"round": 1, "seat": 0, "turn": 1, "phase": "draw",
                                "advice": "Draw from the stock."}]
            record["undos"] = [{"round": 1, "seat": 0, "turn": 2, "undone": ["0: discard 7h"]}]
            _RECORDS.append(json.loads(dumps_record(record)))
            seedless = copy.deepcopy(_RECORDS[-1])
            seedless["seed"] = None
            _RECORDS.append(seedless)
    return _RECORDS


def record_input(rng: random.Random) -> object:
    record = rng.choice(_records())
    roll = rng.random()
    if roll < 0.08:
        return record
    if roll < 0.85:
        changed = record
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            changed = mutate_json(changed, rng)
        return changed if rng.random() < 0.7 else to_text(changed, rng)
    return junk_json(rng)


def feed_record(value: object) -> None:
    data = read_record(value, "record") if isinstance(value, str | bytes) else value
    state = replay_record(data)  # type: ignore[arg-type]
    assert state.round_number >= 1
    for line in describe(data):  # type: ignore[arg-type]
        assert line.isprintable() or line == "", line


# -- views -----------------------------------------------------------------------------

_VIEWS: list[dict[str, Any]] = []


def _views() -> list[dict[str, Any]]:
    if not _VIEWS:
        rng = random.Random(5)
        for seed, preset in enumerate(("standard", "jokers", "single-wild")):
            state = GameState(Rules.preset(preset, players=3, rounds=2), seed=seed)
            while not state.is_over:
                seat = state.turn
                assert seat is not None
                if rng.random() < 0.15:
                    _VIEWS.append(state.view(rng.choice((seat, None, (seat + 1) % 3))).to_json())
                state.apply(_PLAYER.choose(state.view(seat), rng))
            _VIEWS.append(state.view(0).to_json())
    return _VIEWS


def view_input(rng: random.Random) -> object:
    view = rng.choice(_views())
    roll = rng.random()
    if roll < 0.1:
        return view
    if roll < 0.9:
        return mutate_json(view, rng)
    return rng.choice(JUNK_VALUES)


def feed_view(value: object) -> None:
    view = View.from_json(value)  # type: ignore[arg-type]
    again = View.from_json(json.loads(json.dumps(view.to_json())))
    assert again == view
    assert len(view.hand_sizes) == len(view.players) == view.rules.players


# -- the surfaces ----------------------------------------------------------------------

SURFACES: list[Surface] = [
    Surface("card text", card_text, feed_card_or_rank),
    Surface("hand text", hand_text, feed_hand),
    Surface("action text", action_text, feed_action_text),
    Surface("action objects", action_object, feed_action_object),
    Surface("rules JSON", rules_text, feed_rules),
    Surface("solve lines", solve_text, feed_solve),
    Surface("records", record_input, feed_record),
    Surface("views", view_input, feed_view),
]

# inputs per surface in the suite: at least 80,000 in all, in well under a minute
SUITE_COUNTS: dict[str, int] = {
    "card text": 20_000, "hand text": 14_000, "action text": 14_000, "action objects": 10_000,
    "rules JSON": 10_000, "solve lines": 4_000, "records": 2_500, "views": 6_000,
}
