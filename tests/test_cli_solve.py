"""The real ``three-thirteen solve`` console script (INTERFACES.md §2), run as a process."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import brute
import pytest

from threethirteen import Card, Hand, Rules

SCRIPT = Path(sys.executable).parent / "three-thirteen"
FIELDS = {"deadwood", "melds", "unmelded", "go_out_discards"}


def run(args: Sequence[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.is_file(), f"console script missing: {SCRIPT} (pip install -e .)"
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60,
        encoding="utf-8",
    )


def solve(args: Sequence[str]) -> dict[str, Any]:
    done = run(["solve", *args])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, f"one JSON object expected, got {done.stdout!r}"
    answer: dict[str, Any] = json.loads(lines[0])
    return answer


def check_answer(answer: dict[str, Any], hand: str, wild: int, rules: Rules) -> None:
    """``answer`` is a correct §2 output object for ``hand``."""
    assert set(answer) == FIELDS
    cards = Hand.parse(hand).cards
    assert isinstance(answer["deadwood"], int)
    assert answer["deadwood"] == brute.min_penalty(cards, wild, rules)
    melds = [[Card.parse(text) for text in meld] for meld in answer["melds"]]
    unmelded = [Card.parse(text) for text in answer["unmelded"]]
    assert brute.partition_ok(cards, melds, unmelded)
    assert all(brute.meld_ok(meld, wild, rules) for meld in melds)
    assert sum(brute.points(card, wild, rules) for card in unmelded) == answer["deadwood"]
    discards = answer["go_out_discards"]
    assert len(set(discards)) == len(discards)
    expected = {str(card) for card in brute.go_out_cards(cards, wild, rules)}
    assert set(discards) == expected
    # Canonical card text everywhere.
    texts = [*answer["unmelded"], *discards, *(text for meld in answer["melds"] for text in meld)]
    assert all(text == str(Card.parse(text)) for text in texts)


# -- one hand -------------------------------------------------------------------------


def test_single_hand_with_wild() -> None:
    answer = solve(["--wild", "7", "7h", "8h", "9h", "Qs", "Qd", "*"])
    check_answer(answer, "7h 8h 9h Qs Qd *", 7, Rules())
    assert answer["deadwood"] == 0


def test_single_hand_go_out_discards() -> None:
    answer = solve(["--wild", "3", "7h", "8h", "9h", "Qs"])
    check_answer(answer, "7h 8h 9h Qs", 3, Rules())
    assert answer["go_out_discards"] == ["Qs"]
    assert answer["unmelded"] == ["Qs"]
    assert answer["deadwood"] == 10


def test_round_gives_the_wild_rank() -> None:
    hand = ["3s", "4s", "5c", "5s", "Kd"]
    by_round = solve(["--round", "3", *hand])
    assert by_round == solve(["--wild", "5", *hand])
    check_answer(by_round, " ".join(hand), 5, Rules())


@pytest.mark.parametrize(("round_number", "rank"), [(1, "3"), (8, "T"), (9, "J"), (11, "K")])
def test_every_round_has_its_wild_rank(round_number: int, rank: str) -> None:
    # A pair of aces melds only with the round's wild card.
    answer = solve(["--round", str(round_number), "Ac", "Ad", f"{rank}h"])
    assert answer["deadwood"] == 0, f"round {round_number}: {rank}h should be wild"


@pytest.mark.parametrize("wild", ["T", "t", "10"])
def test_wild_rank_spellings(wild: str) -> None:
    answer = solve(["--wild", wild, "Th", "3c", "3d"])
    assert answer["deadwood"] == 0


def test_lenient_card_text_on_the_command_line() -> None:
    answer = solve(["--wild", "3", "10♥", "jh", "QH,", "5c"])
    check_answer(answer, "Th Jh Qh 5c", 3, Rules())
    assert answer["deadwood"] == 5


def test_rules_option() -> None:
    hand = ["Qh", "Kh", "Ah"]
    assert solve(["--wild", "5", *hand])["deadwood"] == 21
    high = solve(["--wild", "5", "--rules", '{"ace": "high"}', *hand])
    assert high["deadwood"] == 0
    rules = Rules.from_json({"preset": "single-wild"})
    answer = solve(["--wild", "7", "--rules", '{"preset": "single-wild"}', "4h", "5h", "6h",
                    "*", "*", "*", "*"])
    check_answer(answer, "4h 5h 6h * * * *", 7, rules)
    assert answer["deadwood"] == 60


def test_no_wild_rank_by_word_or_round_twelve() -> None:
    """INTERFACES.md §2: ``--wild none`` or ``--round 12``: only jokers are wild."""
    hand = ["7h", "8h", "9h", "Qs", "Ks", "*"]
    answer = solve(["--wild", "none", *hand])
    assert answer == solve(["--round", "12", *hand])
    check_answer(answer, " ".join(hand), None, Rules())  # type: ignore[arg-type]
    assert answer["deadwood"] == 0  # Q K * of spades: the joker, never the king, is wild


def test_the_five_suit_pack() -> None:
    rules = Rules.preset("five-suit")
    answer = solve(["--wild", "9", "--rules", '{"preset": "five-suit"}', "Jx", "Q★", "9h",
                    "3x", "5x", "*"])
    check_answer(answer, "Jx Qx 9h 3x 5x *", 9, rules)
    assert answer["deadwood"] == 0


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--wild", "7", "7h", "8y"], "8y"),
        (["--wild", "7", "7h", "8x"], "8x"),  # stars are five-suit only
        (["--round", "13", "7h"], "--round"),
        (["--wild", "2", "7h"], "2"),
        (["--wild", "Z", "7h"], "Z"),
        (["--wild", "7", "--rules", '{"acee": "high"}', "7h"], "acee"),
        (["--wild", "7", "--rules", '{"ace": "middle"}', "7h"], "ace"),
        (["--wild", "7", "--rules", "{not json", "7h"], "rules"),
        (["7h", "8h"], "--wild"),
    ],
)
def test_single_mode_errors(args: list[str], named: str) -> None:
    done = run(["solve", *args])
    assert done.returncode != 0
    assert done.stdout == ""
    assert named in done.stderr


# -- batches --------------------------------------------------------------------------


def test_jsonl_batch_answers_every_line_in_order() -> None:
    requests: list[dict[str, Any]] = [
        {"hand": "7h 8h *", "wild": 7},
        {"hand": "Qh Kh Ah", "wild": "T", "rules": {"ace": "high"}},
        {"hand": "3s 4s 5c 5s Kd", "wild": 5, "rules": {"ace": "high"}},
        {"hand": "4h 5h 6h * * * *", "wild": "7", "rules": {"max_wilds_per_meld": 1}},
        {"hand": "7h 8h 9h Qs", "wild": 3},
        {"hand": "", "wild": "K"},
    ]
    stdin = "".join(json.dumps(request) + "\n" for request in requests)
    done = run(["solve", "--jsonl"], stdin)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(requests)
    expected = [0, 0, 7, 60, 10, 0]
    for line, request, deadwood in zip(lines, requests, expected, strict=True):
        answer = json.loads(line)
        wild = int(Card.parse(f"{request['wild']}c").rank or 0)
        check_answer(answer, request["hand"], wild, Rules.from_json(request.get("rules", {})))
        assert answer["deadwood"] == deadwood
    assert json.loads(lines[4])["go_out_discards"] == ["Qs"]


def test_jsonl_bad_lines_get_errors_and_later_lines_are_still_answered() -> None:
    lines_in = [
        json.dumps({"hand": "7h 8h *", "wild": 7}),
        json.dumps({"hand": "7h 8x *", "wild": 7}),
        "not json",
        json.dumps({"hand": "7h", "wild": 2}),
        json.dumps({"hand": "7h", "wild": 7, "rules": {"acee": "high"}}),
        json.dumps({"hand": "7h", "wild": 7, "rules": {"ace": "middle"}}),
        json.dumps({"wild": 7}),
        json.dumps({"hand": "Kd Kc", "wild": "Q"}),
    ]
    done = run(["solve", "--jsonl"], "\n".join(lines_in) + "\n")
    assert done.returncode == 1
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines_in)
    good = {0, 7}
    for index, answer in enumerate(answers):
        if index in good:
            assert set(answer) == FIELDS
        else:
            assert set(answer) == {"error"}, answer
            assert isinstance(answer["error"], str) and answer["error"]
    assert "8x" in answers[1]["error"]
    assert "acee" in answers[4]["error"]
    assert "ace" in answers[5]["error"]
    assert "hand" in answers[6]["error"]
    assert answers[7]["deadwood"] == 20


def test_jsonl_one_bad_line_fails_the_batch() -> None:
    done = run(["solve", "--jsonl"], json.dumps({"hand": "Zz", "wild": 7}) + "\n")
    assert done.returncode == 1
    assert set(json.loads(done.stdout)) == {"error"}


def test_jsonl_wild_null_is_no_wild_rank() -> None:
    lines = [json.dumps({"hand": "7h 8h *", "wild": None}),
             json.dumps({"hand": "7h 8h 9x *", "wild": None, "rules": {"pack": "five-suit"}})]
    done = run(["solve", "--jsonl"], stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stdout
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [answer["deadwood"] for answer in answers] == [0, 9]
