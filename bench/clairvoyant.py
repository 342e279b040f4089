"""A ceiling study for issue 14: a player that chooses by playing the round out greedily,
told the hidden cards or not.

    .venv/bin/python bench/clairvoyant.py --know all|hands|none|posterior [--samples 16]
        [--practice 0] [--others greedy] [--games 300] [--seed 7] [--jobs 2] --records DIR
    .venv/bin/python bench/clairvoyant.py --guesses 6

At each of its decisions the seat tries every legal action (after a draw, every discard
too) and plays the round out from there with every seat playing as ``greedy`` does, its
own later turns included; it keeps the action whose round ends with the lowest penalty
less the others' mean. What it is told (``--know``):

* ``all``: every hand and the stock in its true order. Against ``greedy`` the playout is
  then the round exactly as it will go if the seat plays greedily from there on, so the
  seat plays a one-step improvement of greedy with perfect knowledge: a lower bound on
  what perfect knowledge is worth, far above what any fair player can see;
* ``hands``: every hand, but the stock's order is not known: ``--samples`` shuffles of
  the cards truly in it; with ``--wrong K``, K cards of each other hand are swapped with
  stock cards in every sample (how sharp must a guess of the hand be?);
* ``none``: what the seat may see: ``--samples`` deals of the hidden hands and the stock
  from its belief (``bots.sampling``), the fair version of the same search;
* ``posterior``: what the seat may see, the hidden hands inferred: ``--samples`` deals
  drawn by weight from ``DEALT`` uniform ones, each weighed by how well its hands explain
  their seats' turns this round as greedy play (``bench/posterior.py``);
* ``posterior-practised``: the same from ``DEALT`` deals of the belief (its weights)
  practised as ``--practice`` says, drawn by the weights to the power ``TEMPER``.

No one plays ``all`` or ``hands``: they read the game's hidden state, so they play their
own games here, written where ``bench/paired.py`` and ``bench/outfirst.py`` read them
(``DIR/<others>-s<seed>/clairvoyant-<know>/``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import posterior
from paired import games_folder

from threethirteen.actions import Action, Discard, Draw, Source
from threethirteen.bots import make_bot
from threethirteen.bots.base import Bot
from threethirteen.bots.greedy import best_discard, dearest_out, taken_penalty
from threethirteen.bots.sampling import Belief, Deal, belief
from threethirteen.cards import Card, Rank
from threethirteen.files import write_atomic
from threethirteen.game import GameState
from threethirteen.outs import go_out_cards
from threethirteen.record import dumps_record, game_record
from threethirteen.results import score_seat
from threethirteen.rules import Rules
from threethirteen.sim import game_seed, play_on, seating
from threethirteen.solver import deadwood
from threethirteen.view import Phase, View

KNOWS = ("all", "hands", "none", "posterior", "posterior-practised")
DEALT = 64  # hands dealt for ``posterior`` to draw its samples from, by their weights
TEMPER = 0.3  # ``posterior-practised`` draws by the weights to this power


@dataclass
class Table:
    """The round in play, as a playout needs it: every hand, the stock (top last), the
    pile (top last), whose turn, and the end's bookkeeping."""

    hands: dict[int, list[Card]]
    stock: list[Card]
    pile: list[Card]
    seats: tuple[int, ...]
    turn: int
    drawn: bool
    out: int | None
    finals_left: int
    discards: dict[int, int] = field(default_factory=dict)  # turns played, by seat

    def copy(self) -> Table:
        """An independent copy (the card lists too)."""
        return Table({seat: list(hand) for seat, hand in self.hands.items()},
                     list(self.stock), list(self.pile), self.seats, self.turn, self.drawn,
                     self.out, self.finals_left, dict(self.discards))


def may_go_out(table: Table, seat: int, rules: Rules) -> bool:
    """Whether ``seat`` may announce going out now (nobody out; its first turn if allowed)."""
    return table.out is None and (rules.first_turn_out or table.discards.get(seat, 0) > 0)


def draw(table: Table, source: Source) -> None:
    """The seat to act draws from ``source``."""
    card = table.stock.pop() if source is Source.STOCK else table.pile.pop()
    table.hands[table.turn].append(card)
    table.drawn = True


def discard(table: Table, card: Card, out: bool, wild: Rank | None, rules: Rules) -> bool:
    """Play the discard; False once the round is over."""
    seat = table.turn
    went_out = out and card in go_out_cards(table.hands[seat], wild=wild, rules=rules)
    table.hands[seat].remove(card)
    table.pile.append(card)
    table.discards[seat] = table.discards.get(seat, 0) + 1
    if went_out:
        table.out = seat
        table.finals_left = len(table.seats) - 1 if rules.final_turns else 0
    elif table.out is not None:
        table.finals_left -= 1
    if (table.out is not None and table.finals_left == 0) or not table.stock:
        return False  # (an empty stock ends the playout: no reshuffle is played out)
    later = [other for other in table.seats if other > seat]
    table.turn = later[0] if later else table.seats[0]
    table.drawn = False
    return True


def greedy_discard(table: Table, wild: Rank | None, rules: Rules) -> tuple[Card, bool]:
    """The card greedy throws (``bots.greedy``), and whether it goes out with it."""
    hand = table.hands[table.turn]
    if may_go_out(table, table.turn, rules):
        goers = set(go_out_cards(hand, wild=wild, rules=rules))
        card = dearest_out(sorted(goers, key=Card.sort_key), goers, wild, rules)
        if card is not None:
            return card, True
    return best_discard(hand, wild, rules)[1], False


def play_out(table: Table, wild: Rank | None, rules: Rules) -> dict[int, int]:
    """Every seat plays greedily to the round's end; the penalties, by seat."""
    going = True
    while going:
        if not table.drawn:
            hand = table.hands[table.turn]
            top = table.pile[-1] if table.pile else None
            take = top is not None and taken_penalty(hand, top, wild, rules) is not None
            draw(table, Source.DISCARD if take else Source.STOCK)
        card, out = greedy_discard(table, wild, rules)
        going = discard(table, card, out, wild, rules)
    return penalties(table, wild, rules)


def penalties(table: Table, wild: Rank | None, rules: Rules) -> dict[int, int]:
    """What every seat scores if the round ends as the table stands, by seat."""
    return {seat: score_seat(hand, wild=wild, rules=rules, went_out=seat == table.out,
                             false_outs=0).points for seat, hand in table.hands.items()}


def margin(penalties: dict[int, int], seat: int) -> float:
    """``seat``'s penalty less the others' mean."""
    others = [points for other, points in penalties.items() if other != seat]
    return penalties[seat] - sum(others) / len(others)


def discard_value(table: Table, action: Discard, wild: Rank | None, rules: Rules) -> float:
    """The acting seat's margin at the round's end after ``action`` and greedy play."""
    table = table.copy()
    going = discard(table, action.card, action.out, wild, rules)
    return margin(play_out(table, wild, rules) if going else penalties(table, wild, rules),
                  action.seat)


def discards(table: Table, wild: Rank | None, rules: Rules) -> list[Discard]:
    """Every discard the seat to act may play (announcing going out where it may)."""
    seat = table.turn
    cards = sorted(set(table.hands[seat]), key=Card.sort_key)
    actions = [Discard(seat, card) for card in cards]
    if may_go_out(table, seat, rules):
        goers = set(go_out_cards(table.hands[seat], wild=wild, rules=rules))
        actions += [Discard(seat, card, out=True) for card in cards if card in goers]
    return actions


class ClairvoyantBot:
    """Chooses by greedy playouts of the round on tables it is told or deals itself."""

    def __init__(self, know: str, samples: int, practice: int = 0, wrong: int = 0) -> None:
        self.know = know
        self.samples = samples
        self.practice = practice
        self.wrong = wrong
        self.name = (f"clairvoyant-{know}" + ("" if know == "all" else f"-{samples}")
                     + (f"-practice-{practice}" if practice else "")
                     + (f"-wrong-{wrong}" if wrong else ""))
        self.table: GameState | None = None  # set by ``play`` before the game

    def tables(self, view: View, rng: random.Random) -> list[Table]:
        """The tables the playouts start from."""
        assert view.seat is not None and view.hand is not None and view.turn is not None
        turns: dict[int, int] = {}
        for action in view.actions:
            if isinstance(action, Discard):
                turns[action.seat] = turns.get(action.seat, 0) + 1
        state, turn = self.table, view.turn
        assert state is not None or self.know not in ("all", "hands")

        def table(hands: dict[int, list[Card]], stock: list[Card]) -> Table:
            return Table(hands, stock, list(view.discard_pile), view.seats, turn,
                         view.phase is Phase.DISCARD, view.out, view.final_turns_left,
                         dict(turns))

        if self.know == "all":
            assert state is not None
            return [table({seat: list(state.hands[seat]) for seat in view.seats},
                          list(reversed(state.stock)))]
        known = belief(view)  # what the seat knows: the same for every sample
        found = []
        dealt = (self.posterior_deals(view, known, rng) if self.know.startswith("posterior")
                 else [])
        for _ in range(self.samples):
            if self.know == "hands":
                assert state is not None
                stock = list(state.stock)
                hands = {seat: list(state.hands[seat]) for seat in view.seats}
                self.mistake(view.seat, known, hands, stock, rng)
                rng.shuffle(stock)
            else:
                if dealt:  # drawn with replacement: each copy a stock order of its own
                    deal = dealt.pop()
                    stock = list(deal.stock)
                    rng.shuffle(stock)
                else:  # the belief's stock is shuffled already
                    deal = known.sample(rng, self.practice)
                    stock = list(deal.stock)
                hands = {seat: list(hand) for seat, hand in deal.hands.items()}
                hands[view.seat] = list(view.hand)
            found.append(table(hands, stock))
        return found

    def mistake(self, own: int, known: Belief, hands: dict[int, list[Card]],
                stock: list[Card], rng: random.Random) -> None:
        """``wrong`` cards of each other hand (not ones it is ``known`` to hold) swapped
        with cards of the stock: the true hands, misread."""
        for seat, hand in hands.items():
            if seat == own:
                continue
            unknown = list(hand)
            for card in known.known.get(seat, ()):
                unknown.remove(card)
            count = min(self.wrong, len(unknown), len(stock))
            spots = rng.sample(range(len(stock)), count)  # distinct: no card comes back
            for card, spot in zip(rng.sample(unknown, count), spots, strict=True):
                hand[hand.index(card)], stock[spot] = stock[spot], card

    def posterior_deals(self, view: View, known: Belief, rng: random.Random) -> list[Deal]:
        """``samples`` deals drawn by weight from ``DEALT`` deals of the hidden cards
        (``posterior.weighted_deals``): uniform ones for ``posterior``, the belief's own
        practised for ``posterior-practised``, their weights tempered by ``TEMPER``."""
        practised = self.know == "posterior-practised"
        weighted = posterior.weighted_deals(
            view, rng, count=DEALT, uniform=not practised,
            practice=self.practice if practised else 0,
            temper=TEMPER if practised else 1.0, known=known)
        deals = [deal for deal, _ in weighted]
        weights = [weight for _, weight in weighted]
        if sum(weights) <= 0.0:
            return deals[:self.samples]
        return rng.choices(deals, weights=weights, k=self.samples)

    def choose(self, view: View, rng: random.Random) -> Action:
        assert view.seat is not None
        wild, rules = view.wild, view.rules
        tables = self.tables(view, rng)
        values: dict[Action, float] = {}
        for action in view.legal:
            total = 0.0
            for start in tables:
                if isinstance(action, Draw):
                    after = start.copy()
                    draw(after, action.source)
                    total += min(discard_value(after, option, wild, rules)
                                 for option in discards(after, wild, rules))
                else:
                    assert isinstance(action, Discard)
                    total += discard_value(start, action, wild, rules)
            values[action] = total / len(tables)
        return min(view.legal, key=lambda action: values[action])


def play(task: tuple[str, int, int, int, tuple[str, ...], int, int, Path]) -> None:
    """One game of the clairvoyant seat against the other seats, written to the records."""
    know, samples, practice, wrong, others, seed, index, folder = task
    bot = ClairvoyantBot(know, samples, practice, wrong)
    names = seating([bot.name, *others], index)
    players: list[Bot] = [bot if name == bot.name else make_bot(name) for name in names]
    state = GameState(Rules(players=len(names)), seed=game_seed(seed, index), names=names)
    bot.table = state
    play_on(state, players, seed=game_seed(seed, index))
    write_atomic(folder / f"{index}.json", dumps_record(game_record(state)))


def guess_errors(games: int) -> None:
    """How far the fair tables' other hands are from the true one: at about a third of
    seat 0's draws in rounds 4 to 13 of ``games`` greedy heads-up games (seeds 100 on),
    the other hand's true penalty against the mean over 16 tables of each guess."""
    guesses = {"none": ClairvoyantBot("none", 16), "none --practice 6":
               ClairvoyantBot("none", 16, 6), "posterior": ClairvoyantBot("posterior", 16),
               "posterior-practised --practice 6": ClairvoyantBot("posterior-practised", 16, 6)}
    truth: list[float] = []
    guessed: dict[str, list[float]] = {name: [] for name in guesses}
    greedy, choices = make_bot("greedy"), random.Random(1)
    for seed in range(100, 100 + games):
        state = GameState(Rules(players=2), seed=seed)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if (seat == 0 and view.phase is Phase.DRAW and view.out is None
                    and state.round_number >= 4 and choices.random() < 0.3):
                truth.append(deadwood(state.hands[1], wild=view.wild, rules=view.rules))
                for name, bot in guesses.items():
                    tables = bot.tables(view, random.Random(3))
                    guessed[name].append(statistics.mean(
                        deadwood(table.hands[1], wild=view.wild, rules=view.rules)
                        for table in tables))
            state.apply(greedy.choose(view, choices))
    print(f"{len(truth)} draws: the other hand truly holds {statistics.mean(truth):.1f}")
    for name, values in guessed.items():
        error = statistics.mean(abs(a - b) for a, b in zip(values, truth, strict=True))
        print(f"{name}: {statistics.mean(values):.1f}, mean absolute error {error:.1f}, "
              f"correlation {statistics.correlation(values, truth):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--know", choices=KNOWS, default="none")
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--practice", type=int, default=0,
                        help="with --know none: each sampled hand played on by up to this "
                        "many greedy draws (bots.sampling)")
    parser.add_argument("--wrong", type=int, default=0,
                        help="with --know hands: this many cards of each other hand "
                        "swapped with stock cards in every sample (the hand misread)")
    parser.add_argument("--others", default="greedy")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--records", type=Path)
    parser.add_argument("--guesses", type=int, metavar="GAMES",
                        help="print how far the fair guesses of the other hand are from "
                        "the truth over GAMES greedy games, and play nothing")
    args = parser.parse_args()
    if args.guesses:
        guess_errors(args.guesses)
        return
    if args.records is None:
        parser.error("--records is required to play")
    others = tuple(args.others.split(","))
    name = ClairvoyantBot(args.know, args.samples, args.practice, args.wrong).name
    folder = games_folder(args.records, others, args.seed) / name
    folder.mkdir(parents=True, exist_ok=True)
    done = {int(path.stem) for path in folder.glob("*.json")}
    tasks = [(args.know, args.samples, args.practice, args.wrong, others, args.seed, index, folder)
             for index in range(args.first, args.first + args.games) if index not in done]
    with multiprocessing.Pool(args.jobs) as pool:
        for count, _ in enumerate(pool.imap_unordered(play, tasks), start=1):
            print(f"{count}/{len(tasks)} games", flush=True)


if __name__ == "__main__":
    main()
