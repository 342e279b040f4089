"""The shared solver vectors (``../shared/vectors/solver.jsonl``), every line.

Each line gives rules, a wild rank, a hand, the least deadwood and, when known,
whether the hand can go out (discard one card and meld the rest).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import brute
import pytest
from solver_checks import arrangement_problems

from threethirteen import Hand, Rules, arrange, deadwood, go_out_discards, melds_completely

VECTORS = Path(__file__).resolve().parents[2] / "shared" / "vectors" / "solver.jsonl"


def _load() -> list[dict[str, Any]]:
    if not VECTORS.is_file():
        return []
    lines = VECTORS.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


CASES = _load()


def test_vectors_file_is_present() -> None:
    assert VECTORS.is_file(), f"solver vectors missing: expected {VECTORS}"
    assert len(CASES) >= 300, f"{VECTORS} holds only {len(CASES)} vectors"


def _id(case: dict[str, Any]) -> str:
    return f"{case['hand']}|wild={case['wild']}"


@pytest.mark.parametrize("case", CASES, ids=[_id(case) for case in CASES])
def test_vector(case: dict[str, Any]) -> None:
    rules = Rules.from_json(case["rules"])
    hand = Hand.parse(case["hand"])
    wild = case["wild"]
    expected = case["deadwood"]

    assert deadwood(hand, wild=wild, rules=rules) == expected
    assert arrange(hand, wild=wild, rules=rules).deadwood == expected
    # The vector itself agrees with the independent brute force, and the laid-out
    # arrangement is valid card for card.
    assert brute.min_penalty(hand.cards, wild, rules) == expected
    assert arrangement_problems(hand.cards, wild, rules) == []

    discards = go_out_discards(hand, wild=wild, rules=rules)
    assert len(set(discards)) == len(discards), f"repeated discards {discards}"
    for card in discards:
        rest = hand.remove(card)
        assert brute.melds_fully(rest.cards, wild, rules), f"discarding {card} leaves {rest}"
        assert melds_completely(rest, wild=wild, rules=rules)
    if case["go_out"] is not None:
        assert bool(discards) is case["go_out"], f"go_out_discards gave {discards}"
