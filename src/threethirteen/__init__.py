"""Three-Thirteen: the rummy card game, with an exact hand solver at its core."""

from threethirteen.cards import JOKER, Card, Hand, Rank, Suit, pack, parse_cards
from threethirteen.errors import NotationError, RulesError, ThreeThirteenError
from threethirteen.melds import Meld, MeldKind, classify_meld, is_meld
from threethirteen.rules import PRESETS, Rules
from threethirteen.scoring import card_points
from threethirteen.solver import (
    Arrangement,
    arrange,
    deadwood,
    go_out_discards,
    melds_completely,
    unmelded_count,
)

__all__ = [
    "JOKER", "PRESETS", "Arrangement", "Card", "Hand", "Meld", "MeldKind", "NotationError",
    "Rank", "Rules", "RulesError", "Suit", "ThreeThirteenError", "arrange", "card_points",
    "classify_meld", "deadwood", "go_out_discards", "is_meld", "melds_completely", "pack",
    "parse_cards", "unmelded_count",
]
