"""How likely the next seat goes out with a card the seat throws: a forecast learned
from recorded games (issue 14).

The next seat may take the seat's discard from the pile and go out with it. What the
seat knows of that hand is public: the cards it took and still holds, the cards it threw
and the top cards it left on the pile (``sampling.opponent_signs``), how many turns it has played
and how its last discards were valued. ``features`` turns that, for one card, into
numbers; ``FeedForest`` is a forest of regression trees (gradient boosting, trained by
``bench/feed_train.py`` on records of ``expert`` against ``greedy``) that turns them into
a chance. It reads the view alone: the same view gives the same forecast.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from threethirteen.actions import Discard, Draw, Source
from threethirteen.bots.sampling import opponent_signs
from threethirteen.bots.tracking import track
from threethirteen.cards import Card
from threethirteen.scoring import card_points
from threethirteen.solver import deadwood, unmelded_count
from threethirteen.view import View

FEATURES = ("wild", "points", "held_rank", "held_next", "held_two", "held_wilds",
            "thrown_rank", "thrown_near", "declined_rank", "declined_near", "held_drop",
            "held_whole", "size", "turns", "turns_share", "held", "unknown", "stock",
            "takes", "took_last", "copies_unseen", "last_points", "before_points",
            "last_near", "since_take")
MODEL = Path(__file__).with_name("feed_forest.json")


def features(view: View, following: int) -> Callable[[Card], list[float]]:
    """For one card the seat might throw, the public facts about ``following``'s hand
    that the forecast reads (in ``FEATURES`` order)."""
    tracking = track(view)
    held = list(tracking.held.get(following, Counter()).elements())
    _, thrown, declined = opponent_signs(view)[following]
    size = view.hand_sizes[following]
    draws = [action for action in view.actions
             if isinstance(action, Draw) and action.seat == following]
    throws = [action.card for action in view.actions
              if isinstance(action, Discard) and action.seat == following]
    since_take = 0
    for draw in reversed(draws):
        if draw.source is Source.DISCARD:
            break
        since_take += 1
    hidden = sum(max(0, view.hand_sizes[seat] - tracking.held.get(seat, Counter()).total())
                 for seat in view.seats if seat != view.seat)
    stock = tracking.unseen_count() - hidden  # the unseen cards in no hand

    def points(card: Card) -> float:
        return card_points(card, view.wild, view.rules) / 10

    def is_wild(card: Card) -> bool:
        return card.rank is None or card.rank == view.wild

    base = deadwood(held, wild=view.wild, rules=view.rules) / 10 if held else 0.0
    state = [sum(1 for card in held if is_wild(card)), len(throws)]

    def of(card: Card) -> list[float]:
        wild = is_wild(card)

        def same(others: Sequence[Card]) -> int:
            return 0 if wild else sum(1 for other in others
                                      if not is_wild(other) and other.rank == card.rank)

        def near(others: Sequence[Card], gap: int) -> int:
            return 0 if wild else sum(
                1 for other in others if not is_wild(other) and other.suit == card.suit
                and abs(int(other.rank or 0) - int(card.rank or 0)) == gap)

        after = deadwood([*held, card], wild=view.wild, rules=view.rules) / 10
        whole = unmelded_count([*held, card], wild=view.wild, rules=view.rules) == 0
        last = throws[-1:]
        return [float(wild), points(card), same(held), near(held, 1), near(held, 2),
                state[0], same(thrown), near(thrown, 1) + near(thrown, 2),
                same(declined), near(declined, 1) + near(declined, 2),
                base + points(card) - after, float(whole), size, state[1],
                state[1] / size, len(held), size - len(held), stock,
                sum(1 for draw in draws if draw.source is Source.DISCARD),
                float(bool(draws) and draws[-1].source is Source.DISCARD),
                tracking.unseen[card],
                points(throws[-1]) if throws else -1.0,
                points(throws[-2]) if len(throws) > 1 else -1.0,
                same(last) + near(last, 1) + near(last, 2), since_take]

    return of


Node = tuple[int, float, int, int, float]  # feature (-1: a leaf), threshold, left, right, value


@dataclass(frozen=True, slots=True)
class FeedForest:
    """Gradient-boosted regression trees over ``FEATURES``: the log-odds are ``base``
    plus every tree's leaf; a feature at most the threshold goes left."""

    base: float
    trees: tuple[tuple[Node, ...], ...]

    def chance(self, row: Sequence[float]) -> float:
        """The forecast chance for one card's features."""
        total = self.base
        for tree in self.trees:
            node = tree[0]
            while node[0] >= 0:
                node = tree[node[2] if row[node[0]] <= node[1] else node[3]]
            total += node[4]
        return 1.0 / (1.0 + math.exp(-total))

    @classmethod
    def from_json(cls, data: dict[str, object]) -> FeedForest:
        """The forest written by ``bench/feed_train.py``."""
        if data.get("features") != list(FEATURES):
            raise ValueError("the feed forest was trained on other features")
        trees = data["trees"]
        base = data["base"]
        assert isinstance(trees, list) and isinstance(base, (int, float))
        return cls(float(base), tuple(tuple((int(node[0]), float(node[1]), int(node[2]),
                                             int(node[3]), float(node[4])) for node in tree)
                                      for tree in trees))


@cache
def forest() -> FeedForest:
    """The forest shipped with the package."""
    return FeedForest.from_json(json.loads(MODEL.read_text(encoding="utf-8")))


def feed_chances(view: View, following: int, cards: Sequence[Card]) -> list[float]:
    """For each card, the forecast chance that ``following`` goes out with it."""
    of = features(view, following)
    model = forest()
    return [model.chance(of(card)) for card in cards]
