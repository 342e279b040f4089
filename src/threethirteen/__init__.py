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

# The game engine (issue 3): state, actions, views, records.
from threethirteen.actions import Action, Discard, Draw, Source, parse_action  # noqa: E402
from threethirteen.dealer import Deal, Dealer, ScriptedDealer, SeededDealer  # noqa: E402
from threethirteen.errors import IllegalAction, RecordError  # noqa: E402
from threethirteen.game import GameState  # noqa: E402
from threethirteen.record import (  # noqa: E402
    dumps_record,
    game_record,
    load_record,
    replay_record,
    save_record,
)
from threethirteen.results import End, RoundResult, SeatResult  # noqa: E402
from threethirteen.view import Phase, Pickup, View  # noqa: E402

__all__ += [
    "Action", "Deal", "Dealer", "Discard", "Draw", "End", "GameState", "IllegalAction",
    "Phase", "Pickup", "RecordError", "RoundResult", "ScriptedDealer", "SeatResult",
    "SeededDealer", "Source", "View", "dumps_record", "game_record", "load_record",
    "parse_action", "replay_record", "save_record",
]
