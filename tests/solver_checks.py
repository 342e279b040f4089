"""Checks of a solver answer against the brute force, shared by the solver tests."""

from __future__ import annotations

from collections.abc import Sequence

import brute

from threethirteen import Card, Rules, arrange, card_points, classify_meld


def arrangement_problems(cards: Sequence[Card], wild: int | None, rules: Rules) -> list[str]:
    """Everything wrong with ``arrange``'s answer for ``cards`` (empty when it is right).

    The answer must reach the brute-force minimum, lay out every card exactly once,
    hold only melds that both ``classify_meld`` and the brute force accept, and charge
    exactly the points of its unmelded cards.
    """
    problems: list[str] = []
    result = arrange(cards, wild=wild, rules=rules)
    expected = brute.min_penalty(cards, wild, rules)
    if result.deadwood != expected:
        problems.append(f"deadwood {result.deadwood}, brute force finds {expected}")
    melds = [tuple(meld.cards) for meld in result.melds]
    if not brute.partition_ok(cards, melds, result.unmelded):
        laid = [[str(c) for c in meld] for meld in melds] + [[str(c) for c in result.unmelded]]
        problems.append(f"melds + unmelded {laid} are not the hand's cards")
    for meld in melds:
        text = " ".join(str(card) for card in meld)
        if classify_meld(meld, wild, rules) is None:
            problems.append(f"classify_meld rejects the meld {text}")
        if not brute.meld_ok(meld, wild, rules):
            problems.append(f"the brute force rejects the meld {text}")
    charged = sum(brute.points(card, wild, rules) for card in result.unmelded)
    if charged != result.deadwood:
        problems.append(f"unmelded cards are worth {charged}, deadwood says {result.deadwood}")
    if sum(card_points(card, wild, rules) for card in result.unmelded) != charged:
        problems.append("card_points disagrees with RULES.md on the unmelded cards")
    return problems
