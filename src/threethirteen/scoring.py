"""Penalty points of single cards (RULES.md, "Scoring").

>>> from threethirteen.cards import Card
>>> from threethirteen.rules import Rules
>>> queen = Card.parse("Qs")
>>> card_points(queen, 5, Rules()), card_points(queen, 5, Rules(face_values="rank"))
(10, 12)
>>> card_points(Card.parse("Ah"), 5, Rules(ace="high"))
15
>>> seven = Card.parse("7h")
>>> card_points(seven, 7, Rules(wild_penalty=15)), card_points(seven, 7, Rules())
(15, 7)
"""

from __future__ import annotations

from threethirteen.cards import Card, Rank
from threethirteen.errors import NotationError
from threethirteen.rules import Ace, FaceValues, Rules

WILD_RANKS = range(3, 14)
NO_WILD_TEXT = frozenset({"none", "null", "-"})  # no wild rank, only jokers (round 12)


def round_wild(number: int) -> Rank | None:
    """The wild rank of round ``number``: rank ``number + 2``, none in round 12.

    >>> round_wild(1), round_wild(11), round_wild(12)
    (<Rank.THREE: 3>, <Rank.KING: 13>, None)
    """
    return Rank(number + 2) if number + 2 in WILD_RANKS else None


def wild_json(wild: Rank | None) -> str | None:
    """The wild rank as records and views write it: ``"7"``, ``"K"``, or null for none.

    >>> wild_json(Rank.TEN), wild_json(None)
    ('T', None)
    """
    return None if wild is None else str(wild)


def read_wild(value: object) -> Rank | None:
    """``wild_json`` read back (any spelling ``check_wild`` takes)."""
    return check_wild(value)  # type: ignore[arg-type]


def check_wild(wild: int | str | Rank | None) -> Rank | None:
    """The round's wild rank, 3 to K, or None (also ``"none"``) for a round in which no
    rank is wild, only jokers; anything else is a ``NotationError``.

    >>> check_wild("t"), check_wild(13), check_wild("none"), check_wild(None)
    (<Rank.TEN: 10>, <Rank.KING: 13>, None, None)
    """
    if wild is None:
        return None
    if isinstance(wild, str) and wild.strip().lower() in NO_WILD_TEXT:
        return None
    if type(wild) is float and wild.is_integer():
        wild = int(wild)  # 13.0, as a JSON reader may give it
    if isinstance(wild, bool) or not isinstance(wild, int | str):
        raise NotationError(f"the wild rank is a rank like 7 or K (or none), not {wild!r:.40}",
                            repr(wild))
    rank = Rank.parse(wild)
    if rank not in WILD_RANKS:
        raise NotationError(f"the wild rank must be 3 to K, not {rank}", str(wild))
    return rank


def rank_points(rank: int, rules: Rules) -> int:
    """Face value of a natural card of ``rank`` as deadwood."""
    if rank == 1:
        return 1 if rules.ace is Ace.LOW else 15
    if rank <= 10:
        return int(rank)
    return int(rank) if rules.face_values is FaceValues.RANK else 10


def card_points(card: Card, wild: int | None, rules: Rules) -> int:
    """Penalty of ``card`` left unmelded in a round where ``wild`` is the wild rank (None:
    no wild rank)."""
    if card.rank is None:
        return rules.joker_penalty
    if card.rank == wild and rules.wild_penalty is not None:
        return rules.wild_penalty
    return rank_points(card.rank, rules)
