"""The card a bot goes out with, and what the next seat makes of it on its final turn.

    .venv/bin/python bench/paired.py --bots futures,futures-dearest --others greedy \\
        --games 300 --seed 7 --records DIR
    .venv/bin/python bench/outchoice.py DIR/greedy-s7 futures futures-dearest

A hand may go out with more than one card; the card lies on the pile for the next
seat's final turn. For every out of each bot named (records ``DIR/<bot>/<n>.json``), the
script replays the round's hands and, when the hand had a choice, values each card it
could have gone out with by the points the next seat holds after a final turn played as
``greedy`` plays it (``bots.outcard.final_penalty``: the card taken when it lowers the
best penalty after a discard, else the stock's top card drawn), from that seat's true
hand and the stock's true top card. It prints, for the outs with a choice, the next
seat's points a game after the card thrown, after the dearest card (``greedy``'s choice,
the mean over equally dear cards), and after the best and the worst card. Where the
next seat is ``greedy`` its recorded final turn must match the replay, which checks the
replay.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tally import finished_records

from threethirteen.bots.outcard import final_penalty
from threethirteen.cards import Card, Rank
from threethirteen.outs import go_out_cards
from threethirteen.rules import Rules
from threethirteen.scoring import card_points
from threethirteen.solver import deadwood


@dataclass
class OutTally:
    """The next seat's points after a bot's outs with a choice, by the card thrown."""

    games: int = 0
    outs: int = 0
    choices: int = 0
    thrown: float = 0.0
    dearest: float = 0.0
    best: float = 0.0  # the card that leaves the next seat the most points
    worst: float = 0.0
    checked: int = 0  # greedy final turns the replay matched

    def per_game(self, total: float) -> float:
        """``total`` a game."""
        return total / self.games if self.games else 0.0


def tally(directory: Path, bot: str) -> OutTally:
    """The ``OutTally`` of ``bot``'s finished records in ``directory``."""
    counts = OutTally()
    for _, record in finished_records(directory):
        counts.games += 1
        rules = Rules.from_json(record["rules"])
        seat = record["players"].index(bot)
        for played in record["rounds"]:
            _round(counts, played, seat, rules, record["players"])
    return counts


def _round(counts: OutTally, played: dict[str, Any], seat: int, rules: Rules,
           players: list[str]) -> None:
    wild = None if played["wild"] is None else Rank(len(played["deal"]["hands"][0]))
    hands = [[Card.parse(text) for text in hand] for hand in played["deal"]["hands"]]
    stock = [Card.parse(text) for text in played["deal"]["stock"]]
    drawn_from_stock = 0
    turns = played["turns"]
    for index, turn in enumerate(turns):
        mover = turn["seat"]
        hand = [*hands[mover], Card.parse(turn["card"])]
        drawn_from_stock += turn["draw"] == "stock"
        if turn["out"] and mover == seat:
            following = (mover + 1) % len(hands)
            top = stock[drawn_from_stock] if drawn_from_stock < len(stock) else None
            _out(counts, hand, Card.parse(turn["discard"]), hands[following], top, wild,
                 rules)
            after = turns[index + 1] if index + 1 < len(turns) else None
            if players[following] == "greedy" and after is not None and \
                    after["seat"] == following:
                _check(counts, hands[following], after, turn, top, wild, rules)
        hand.remove(Card.parse(turn["discard"]))
        hands[mover] = hand


def _out(counts: OutTally, hand: list[Card], thrown: Card, following: list[Card],
         top: Card | None, wild: Rank | None, rules: Rules) -> None:
    counts.outs += 1
    cards = sorted(set(go_out_cards(hand, wild=wild, rules=rules)), key=lambda c: c.code)
    if len(cards) < 2:
        return
    left = {card: final_penalty(following, card, top, wild, rules) for card in cards}
    dearest = max(card_points(card, wild, rules) for card in cards)
    dear = [left[card] for card in cards if card_points(card, wild, rules) == dearest]
    counts.choices += 1
    counts.thrown += left[thrown]
    counts.dearest += sum(dear) / len(dear)
    counts.best += max(left.values())
    counts.worst += min(left.values())


def _check(counts: OutTally, hand: list[Card], after: dict[str, Any], out: dict[str, Any],
           top: Card | None, wild: Rank | None, rules: Rules) -> None:
    """The greedy next seat's recorded final turn is the one the replay plays."""
    took = after["draw"] == "discard"
    kept = [*hand, Card.parse(after["card"])]
    kept.remove(Card.parse(after["discard"]))
    recorded = deadwood(kept, wild=wild, rules=rules)
    replayed = final_penalty(hand, Card.parse(out["discard"]), top, wild, rules)
    if recorded != replayed or (took and after["card"] != out["discard"]):
        raise SystemExit(f"the replay does not match a greedy final turn: {after}")
    counts.checked += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="DIR/<others>-s<seed> of paired.py")
    parser.add_argument("bots", nargs="+")
    options = parser.parse_args()
    print("| bot | games | outs | with a choice | next seat's points a game after the card "
          "thrown | the dearest | the best | the worst |")
    print("|---|---|---|---|---|---|---|---|")
    for bot in options.bots:
        counts = tally(options.directory / bot, bot)
        print(f"| {bot} | {counts.games} | {counts.outs} | {counts.choices} | "
              f"{counts.per_game(counts.thrown):.2f} | {counts.per_game(counts.dearest):.2f} | "
              f"{counts.per_game(counts.best):.2f} | {counts.per_game(counts.worst):.2f} |")
        print(f"({bot}: {counts.checked} greedy final turns replayed as recorded)")


if __name__ == "__main__":
    main()
