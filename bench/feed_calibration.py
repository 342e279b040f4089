"""How well a seat foresees that its discard lets the next seat go out: at each of its
discards in recorded games, for every card it holds, the share of hands dealt from its
belief (``bots.sampling``) that go out with that card, against the next seat's true hand.

    .venv/bin/python bench/feed_calibration.py DIR [--bot futures] [--games 40]
        [--seed 7] [--samples 32] [--practice 0,2]

``DIR`` holds ``bench/paired.py``'s records of the bot (``ROOT/greedy-s7/futures`` after
``paired.py --bots futures --others greedy --seed 7 --records ROOT``). Each game is
replayed from its seed and its actions; at each of the bot's discards with nobody out,
every card of its hand is a forecast (the share of ``--samples`` sampled next-seat hands
that meld whole with it after a discard) and an outcome (the true hand does). Printed
per ``--practice`` (the greedy turns each sampled hand is played, ``Belief.sample``): the
mean forecast for the cards that truly let the next seat out and for the others, the
Brier score against always forecasting the share that do, the area under the ROC curve
and a reliability table. ``bench/oracle.py --peek feed`` measures what a perfect
forecast is worth to the ``futures`` bot.
"""

from __future__ import annotations

import argparse
import json
import random
from bisect import bisect_left, bisect_right
from pathlib import Path

from pace import after

from threethirteen.bots.sampling import belief
from threethirteen.cards import Card
from threethirteen.game import GameState
from threethirteen.outs import go_out_cards
from threethirteen.record import replay_record
from threethirteen.rules import Rules
from threethirteen.sim import game_seed
from threethirteen.view import Phase, View

Forecast = tuple[float, bool]  # the share of sampled hands going out, the truth


def forecasts_of(record: dict[str, object], bot: str, seed: int, index: int, *,
                 samples: int, practice: int) -> list[Forecast]:
    """Every card the bot held at its discards in one recorded game, forecast and truth."""
    players = record["players"]
    assert isinstance(players, list)
    seat = players.index(bot)
    state = GameState(Rules(players=len(players)), seed=game_seed(seed, index),
                      names=players)
    chance = random.Random(index)
    found: list[Forecast] = []
    for action in replay_record(record).history:
        if state.turn == seat and state.phase is Phase.DISCARD:
            found += _forecasts_at(state, state.view(seat), chance, samples, practice)
        state.apply(action)
    return found


def _forecasts_at(state: GameState, view: View, chance: random.Random, samples: int,
                  practice: int) -> list[Forecast]:
    """Every card of the seat's hand at one discard (none once somebody is out)."""
    if view.out is not None:
        return []
    assert view.hand is not None
    following = after(view)[0]
    truth = list(state.hands[following])
    known = belief(view)
    hands = [known.sample(chance, practice=practice).hands[following]
             for _ in range(samples)]
    return [(sum(_goes_out([*hand, card], view) for hand in hands) / samples,
             _goes_out([*truth, card], view))
            for card in sorted(set(view.hand), key=lambda card: card.code)]


def _goes_out(hand: list[Card], view: View) -> bool:
    """True when ``hand`` (one card over) can go out: a discard leaves it melded whole."""
    return bool(go_out_cards(hand, wild=view.wild, rules=view.rules))


BINS = (0.0, 1e-9, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)  # forecasts grouped for reliability


def summary(found: list[Forecast]) -> str:
    """The mean forecast of both outcomes, the Brier scores, the area under the ROC
    curve (the chance that a card that lets the next seat out is forecast above one
    that does not) and, by range of forecasts, the share that truly do."""
    out = sorted(goes for goes, true in found if true)
    not_out = sorted(goes for goes, true in found if not true)
    share = len(out) / len(found)
    brier = sum((goes - true) ** 2 for goes, true in found) / len(found)
    # the others forecast below each card that lets it out, ties counted as half
    above = sum((bisect_left(not_out, goes) + bisect_right(not_out, goes)) / 2
                for goes in out)
    lines = [f"{len(found)} cards, {share:.1%} let the next seat out; mean forecast "
             f"{sum(out) / max(1, len(out)):.3f} for those, "
             f"{sum(not_out) / max(1, len(not_out)):.4f} for the others; Brier score "
             f"{brier:.4f} (always {share:.3f}: {share * (1 - share):.4f}); area under "
             f"the ROC curve {above / max(1, len(out) * len(not_out)):.3f}"]
    for low, high in zip(BINS, BINS[1:], strict=False):
        group = [true for goes, true in found
                 if low <= goes < high or (high == BINS[-1] and goes == high)]
        if group:
            span = "0" if high == BINS[1] else f"{low:.2f}-{high:.2f}"
            lines.append(f"  forecast {span}: {len(group)} card{'s' * (len(group) != 1)}, "
                         f"{sum(group) / len(group):.3f} let it out")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--bot", default="futures")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--practice", default="0,2")
    args = parser.parse_args()
    records = [json.loads((args.records / f"{index}.json").read_text(encoding="utf-8"))
               for index in range(args.games)]
    for practice in (int(part) for part in args.practice.split(",")):
        found = [forecast for index, record in enumerate(records)
                 for forecast in forecasts_of(record, args.bot, args.seed, index,
                                              samples=args.samples, practice=practice)]
        print(f"practice {practice}: {summary(found)}")


if __name__ == "__main__":
    main()
