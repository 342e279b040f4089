"""Fuzz surfaces of the scorekeeper: sheet files mutated every way, lines typed at
``three-thirteen score``, and entries fed to a sheet.

A sheet file that reads must write back to the same sheet; a refused file raises a project
error. A refused entry leaves the sheet as it was (a sheet is immutable: the check is that
its file text is unchanged). The line mode never raises: every line ends in an answer, and
whatever it keeps it has saved first.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

from threethirteen.cards import pack
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet, read_sheet, sheet_csv, sheet_json, sheet_text
from threethirteen.scorekeeper.lines import ScoreLines

from .harness import Surface

LINE_STATS = {"kept": 0, "refused": 0}  # what the line mode did with the fuzzed lines
SUITE_COUNTS = {"scoresheet-json": 6_000, "score-entry": 4_000, "score-lines": 1_500}

_WORDS = ["out", "false out", "false", "0", "12", "-3", "999999", "+4", "edit", "edit 2",
          "edit 99", "edit playoff", "edit -1", "undo", "sheet", "help", "rules", "?",
          "7h", "Th", "10♥", "*", "Jk", "joker", "Kd", "8x", "1h", "Zz", "7h 8h 9h", "\x1b[2J",
          "\x00", "é", "３", "ⅻ", "٣", "", " ", "\t", ",", "false out out", "outs", "q!"]


def _sheet(rng: random.Random, rules: Rules, names: list[str], entries: int) -> Sheet:
    sheet = Sheet.start(names, rules, first_dealer=rng.randrange(len(names)))
    cards = list(pack(sheet.rules.deck_count, sheet.rules.jokers))
    for _ in range(entries):
        target = sheet.next_missing()
        if target is None:
            break
        number, seat = target
        plan = sheet.plan(number)
        roll = rng.random()
        if roll < 0.2:
            entry = Entry.went_out()
        elif roll < 0.5:
            entry = Entry.of_points(rng.randrange(plan.deal * 5))
        else:
            entry = Entry.of_cards(rng.sample(cards, plan.deal))
        if sheet.rules.false_out.value == "penalty" and rng.random() < 0.2:
            entry = Entry.parse(f"false out {entry}")
        try:
            sheet = sheet.enter(number, seat, entry)
        except Exception:  # noqa: BLE001 - a second out, a card held twice: skip it
            continue
    return sheet


@cache
def base_sheets() -> tuple[Sheet, ...]:
    """A few sheets to mutate: every ties option, a playoff, jokers, false outs."""
    rng = random.Random(5)
    made = [
        _sheet(rng, Rules(rounds=3), ["Ann", "Bob", "Cy"], 12),
        _sheet(rng, Rules.preset("single-wild", rounds=2), ["A", "B", "C", "D"], 8),
        _sheet(rng, Rules.preset("jokers", rounds=4), ["Ann", "Bob"], 6),
        _sheet(rng, Rules(rounds=1, ties="playoff"), ["X", "Y"], 0),
    ]
    tied = made[-1].enter(1, 0, Entry.of_points(4)).enter(1, 1, Entry.of_points(4))
    made[-1] = tied.enter(2, 1, Entry.parse("Ks Kd Kh 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"))
    return tuple(made)


def _random_value(rng: random.Random) -> Any:
    return rng.choice([
        None, True, False, 0, -1, 1, 2, 3, 11, 12, 13, 10**29, -(10**29), 1.5, float("1e300"),
        "", "7h", "7h 8h 9h", "*", "out", "Ann", "x" * 300, "three-thirteen-scoresheet/1",
        [], [1], {}, {"points": 3}, {"round": 1, "player": 0, "out": True}, "\x1b[31m",
        {"preset": "jokers"}, ["Ann", "Bob"], "auto", "penalty", "playoff",
    ])


def _containers(data: Any, found: list[Any]) -> None:
    if isinstance(data, dict | list):
        found.append(data)
        for value in (data.values() if isinstance(data, dict) else data):
            _containers(value, found)


def _mutate_structure(rng: random.Random, data: Any) -> Any:
    for _ in range(rng.randint(1, 3)):
        found: list[Any] = []
        _containers(data, found)
        node = rng.choice(found)
        if isinstance(node, dict):
            keys = list(node)
            roll = rng.random()
            if keys and roll < 0.5:
                node[rng.choice(keys)] = _random_value(rng)
            elif keys and roll < 0.7:
                del node[rng.choice(keys)]
            else:
                node[rng.choice(["extra", "points", "cards", "out", "false_outs", "round",
                                 "player", "preset", "jokers"])] = _random_value(rng)
        elif node:
            index = rng.randrange(len(node))
            roll = rng.random()
            if roll < 0.4:
                node[index] = _random_value(rng)
            elif roll < 0.6:
                node.insert(rng.randrange(len(node) + 1), copy.deepcopy(node[index]))
            elif roll < 0.8:
                del node[index]
            else:
                rng.shuffle(node)
        else:
            node.append(_random_value(rng))
    return data


def _mutate_text(rng: random.Random, text: str) -> str | bytes:
    roll = rng.random()
    if roll < 0.3:
        spot = rng.randrange(len(text))
        return text[:spot] + rng.choice(['"', "{", "]", ",", "\\", "\x00", "é", "9" * 40]) + (
            text[spot + rng.randint(0, 3):])
    if roll < 0.5:
        return text[:rng.randrange(len(text))]
    if roll < 0.7:
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if roll < 0.8:
        return "[" * rng.randint(50, 200) + text
    return text.replace(rng.choice(['"7h', '"Ann"', "3", "true", '"round"']),
                        rng.choice(['"8h', '"ann"', "4", "false", '"rounds"', "null"]))


def make_sheet_file(rng: random.Random) -> str | bytes:
    sheet = rng.choice(base_sheets())
    if rng.random() < 0.6:
        return json.dumps(_mutate_structure(rng, sheet_json(sheet)), ensure_ascii=False)
    return _mutate_text(rng, sheet_text(sheet))


def feed_sheet_file(value: object) -> None:
    assert isinstance(value, str | bytes)
    sheet = read_sheet(value, what="fuzz.json")
    again = read_sheet(sheet_text(sheet), what="again")
    assert again == sheet and sheet_csv(again) == sheet_csv(sheet)
    assert list(sheet.totals) == [
        sum(sheet.round_points(number)[seat] or 0 for number in range(1, sheet.rules.rounds + 1))
        for seat in range(len(sheet.names))]


def make_entry(rng: random.Random) -> tuple[int, int, int, str]:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.4:
        sheet = rng.choice(base_sheets())
        size = rng.choice([1, 2, 3, 4, 5, 13])
        cards = list(pack(sheet.rules.deck_count, 2))
        words = [str(card) for card in rng.sample(cards, size)]
    return (rng.randrange(len(base_sheets())), rng.randint(-1, 5), rng.randint(-1, 4),
            " ".join(words))


def feed_entry(value: object) -> None:
    assert isinstance(value, tuple)
    index, number, seat, typed = value
    sheet = base_sheets()[index]
    before = sheet_text(sheet)
    try:
        changed = sheet.enter(number, seat, Entry.parse(typed))
    finally:
        assert sheet_text(sheet) == before
    assert changed.undo() == sheet
    assert changed.row(number)[seat] is not None


def make_lines(rng: random.Random) -> tuple[int, list[str]]:
    lines = []
    for _ in range(rng.randint(1, 12)):
        if rng.random() < 0.3:
            lines.append(" ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 3))))
        elif rng.random() < 0.5:
            lines.append(str(rng.randint(0, 40)))
        else:
            lines.append(rng.choice(["out", "undo", "edit 1", "", "sheet", "false out"]))
    return rng.randrange(len(base_sheets())), lines


def feed_lines(value: object) -> None:
    assert isinstance(value, tuple)
    index, lines = value
    saved: list[Sheet] = []
    written: list[str] = []
    typed = iter(lines)

    def read(prompt: str) -> str:
        written.append(prompt)
        return next(typed)  # StopIteration ends the loop below

    keeper = ScoreLines(base_sheets()[index], save=saved.append, read=read,
                        write=written.append)
    for line in lines:
        target = keeper.editing[0] if keeper.editing else keeper.sheet.next_missing()
        before, said = keeper.sheet, len(written)
        if not keeper.command(line, target):
            break
        if keeper.sheet is not before:
            assert saved[-1] is keeper.sheet
            LINE_STATS["kept"] += 1
        if any(text.startswith(("Not entered", "Unknown command")) for text in written[said:]):
            assert keeper.sheet is before
            LINE_STATS["refused"] += 1
    assert all(isinstance(line, str) for line in written)


SURFACES: list[Surface] = [
    Surface("scoresheet-json", make_sheet_file, feed_sheet_file),
    Surface("score-entry", make_entry, feed_entry),
    Surface("score-lines", make_lines, feed_lines),
]
