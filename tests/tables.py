"""Test helpers: hand-made tables, and bots that exercise every legal action."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from threethirteen.actions import Action
from threethirteen.cards import Card, pack, parse_cards
from threethirteen.dealer import Deal, ScriptedDealer
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.view import View


def deal(
    rules: Rules, hands: Sequence[str], upcard: str | None, top: str = "", bottom: str = ""
) -> Deal:
    """A deal with the given hands (text, by seat), upcard, and stock top and bottom cards.

    The rest of the pack fills the middle of the stock in suit-then-rank order.
    """
    dealt = [tuple(parse_cards(hand)) for hand in hands]
    up = None if upcard is None else Card.parse(upcard)
    first, last = parse_cards(top), parse_cards(bottom)
    used = Counter(card for hand in dealt for card in hand) + Counter(first) + Counter(last)
    if up is not None:
        used[up] += 1
    rest = sorted((Counter(pack(rules.deck_count, rules.jokers)) - used).elements(),
                  key=Card.sort_key)
    return Deal(tuple(dealt), up, tuple(first + rest + last))


class InOrderDealer(ScriptedDealer):
    """A scripted dealer whose reshuffle keeps the pile's order (bottom card on top)."""

    def reshuffle(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(cards)


def table(rules: Rules, *deals: Deal, dealer: int = 0) -> GameState:
    """A game dealt from ``deals`` (one per round), first dealt by ``dealer``."""
    return GameState(rules, dealer=InOrderDealer(dealer, list(deals), []))


def play(state: GameState, *texts: str) -> None:
    """Apply actions written as text (``"1: draw stock"``)."""
    from threethirteen.actions import parse_action

    for text in texts:
        state.apply(parse_action(text))


def churn(state: GameState, turns: int) -> None:
    """Each seat in turn draws from the stock and discards the card it drew."""
    from threethirteen.actions import Discard, Draw, Source

    for _ in range(turns):
        seat = state.turn
        assert seat is not None
        state.apply(Draw(seat, Source.STOCK))
        state.apply(Discard(seat, state.hands[seat][-1]))


class ChaosBot:
    """Picks uniformly among all legal actions: under ``false_out`` = penalty it also
    announces going out falsely, which the random bot never does."""

    name = "chaos"

    def choose(self, view: View, rng: random.Random) -> Action:
        return rng.choice(view.legal)


def greedy_positions(rules: Rules, seed: int, count: int | None = None) -> list[GameState]:
    """Copies of a game among ``greedy`` bots at seat 0's turns before anybody is out (the
    first ``count`` of them, or all)."""
    from threethirteen.bots.greedy import GreedyBot

    state = GameState(rules, seed=seed)
    bot, rng, states = GreedyBot(), random.Random(2), []
    while not state.is_over and (count is None or len(states) < count):
        seat = state.turn
        assert seat is not None
        if seat == 0 and state.view(0).out is None:
            states.append(state.copy())
        state.apply(bot.choose(state.view(seat), rng))
    return states
