"""The JSON text of a speed room's views, built fast: the same text as
``dumps(view.to_json())`` for a ``SpeedView``, byte for byte.

Every version of a speed room sends a view to every socket, and the piles grow long: the
public part of a view (everything but the seat, its hand, its drawn card and its legal
actions) is built once per version for all the sockets of a room, card texts come from
the table of ``viewjson``, and the rules' and finished rounds' texts are kept from version
to version in the room's ``GameText``. A test checks the equality over whole games.

>>> from threethirteen.rules import Rules
>>> from threethirteen.server.viewjson import dumps
>>> from threethirteen.speed import SpeedGame
>>> game = SpeedGame(Rules(mode="speed", players=3, rounds=1), seed=2)
>>> view = game.view(1)
>>> SpeedViewText(GameText()).encode(view) == dumps(view.to_json())
True
"""

from __future__ import annotations

from threethirteen.server.viewjson import (
    GameText,
    action_text,
    bool_text,
    cards_text,
    int_text,
    ints_text,
    table_text,
)
from threethirteen.speed import SpeedView

__all__ = ["SpeedViewText"]


class SpeedViewText:
    """Encodes the views of one moment of a speed game; the public part on first use."""

    def __init__(self, game: GameText | None = None) -> None:
        self._game = game or GameText()
        self._head = ""  # from "rules" to "waiting"
        self._tail = ""  # from "hand_sizes" to "winners"

    def encode(self, view: SpeedView) -> str:
        """``dumps(view.to_json())``, faster."""
        if not self._head:
            self._build(view)
        hand = "null" if view.hand is None else cards_text(view.hand)
        drawn = "null" if view.drawn is None else cards_text((view.drawn,))[1:-1]
        legal = ",".join([action_text(action) for action in view.legal])
        return (f'{{"mode":"speed","seat":{int_text(view.seat)}{self._head},"hand":{hand}'
                f',"drawn":{drawn}{self._tail},"legal":[{legal}]}}')

    def _build(self, view: SpeedView) -> None:
        game = self._game
        self._head = (
            table_text(game, view)
            + f',"call":{view.call},"last_call":{bool_text(view.last_call)}'
            + ',"waiting":' + ints_text(view.waiting))
        piles = ",".join([cards_text(pile) for pile in view.piles])
        draws = ",".join([f'{{"seat":{seat},"card":{cards_text((card,))[1:-1]}}}'
                          for seat, card in view.pile_draws])
        self._tail = (
            ',"hand_sizes":' + ints_text(view.hand_sizes)
            + f',"stock_size":{view.stock_size}'
            + ',"piles":[' + piles + "]"
            + ',"pile_draws":[' + draws + "]"
            + ',"outs":' + ints_text(view.outs)
            + ',"totals":' + ints_text(view.totals)
            + ',"results":' + game.results(view.results)
            + ',"winners":' + ("null" if view.winners is None else ints_text(view.winners)))

