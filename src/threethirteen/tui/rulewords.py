"""The rules of a game in play, as sentences a person reads (or hears) without knowing
the option names: what "ace low" or "final_turns" means at the table.

>>> from threethirteen.rules import Rules
>>> lines = rules_in_play(Rules())
>>> lines[0]
'4 players, 2 decks, 11 rounds: round 1 deals 3 cards each, round 11 deals 13.'
>>> "Aces are low: A 2 3 is a run, Q K A is not." in lines
True
>>> rules_in_play(Rules(ace="wrap", jokers=2))[2:4]
['Runs may go round the corner: Q K A and K A 2 are runs too.', \
'2 jokers are in the pack: wild in every round, 20 points each when unmelded.']
>>> rules_in_play(Rules.preset("five-suit"))[2]
'The five-suit pack: five suits, stars (★) added to clubs, diamonds, hearts and spades, \
each of 3 to K; no aces and no 2s, so runs go from 3 up to K.'
>>> print(rules_in_play(Rules.preset("deuces-arent-wild"))[1])
Round 12 deals 14 cards and has no wild rank: only jokers are wild (deuces aren't wild).
"""

from __future__ import annotations

from threethirteen.cards import Pack
from threethirteen.rules import MAX_ROUNDS, Ace, FaceValues, FalseOut, Rules, StockEmpty, Ties

_ACE = {
    Ace.LOW: "Aces are low: A 2 3 is a run, Q K A is not.",
    Ace.HIGH: "Aces are high: Q K A is a run, A 2 3 is not.",
    Ace.BOTH: "Aces are low or high: A 2 3 and Q K A are runs, K A 2 is not.",
    Ace.WRAP: "Runs may go round the corner: Q K A and K A 2 are runs too.",
}
_TIES = {
    Ties.SHARE: "Players tied for the lowest total share the win.",
    Ties.NONE: "A tie for the lowest total means nobody wins.",
    Ties.PLAYOFF: "A tie for the lowest total is settled by a playoff round: the tied "
                  "players play one more round of 13 cards, kings wild.",
}


def rules_in_play(rules: Rules) -> list[str]:
    """One sentence per thing the options change at the table."""
    decks = rules.deck_count
    last = rules.rounds + 2
    lines = [f"{rules.players} players, {decks} deck{'s' * (decks != 1)}, {rules.rounds} "
             f"round{'s' * (rules.rounds != 1)}: round 1 deals 3 cards each"
             + (f", round {rules.rounds} deals {last}." if rules.rounds > 1 else ".")]
    if rules.rounds == MAX_ROUNDS:
        lines.append(f"Round {MAX_ROUNDS} deals {last} cards and has no wild rank: only jokers "
                     "are wild (deuces aren't wild).")
    lines.append("A card is turned up to start the discard pile." if rules.upcard
                 else "The discard pile starts empty.")
    if rules.pack is Pack.FIVE_SUIT:
        lines.append("The five-suit pack: five suits, stars (★) added to clubs, diamonds, "
                     "hearts and spades, each of 3 to K; no aces and no 2s, so runs go from 3 "
                     "up to K.")
    else:
        lines.append(_ACE[rules.ace])
    if rules.jokers:
        lines.append(f"{rules.jokers} joker{'s are' if rules.jokers != 1 else ' is'} in the "
                     f"pack: wild in every round, {rules.joker_penalty} points each when "
                     "unmelded.")
    lines.append("J, Q and K cost 10 points each when unmelded." if rules.face_values is
                 FaceValues.TEN else "J, Q and K cost 11, 12 and 13 points when unmelded.")
    lines.append("An unmelded card of the wild rank costs its face value."
                 if rules.wild_penalty is None else
                 f"An unmelded card of the wild rank costs {rules.wild_penalty} points.")
    lines.append("A meld may be all wild cards." if rules.all_wild_melds
                 else "A meld needs at least one card that is not wild.")
    if rules.max_wilds_per_meld is not None:
        lines.append(f"At most {rules.max_wilds_per_meld} wild cards in one meld.")
    lines.append("You may go out on your first turn." if rules.first_turn_out
                 else "You may not go out on your first turn.")
    lines.append("After someone goes out, everyone else plays one more turn."
                 if rules.final_turns else "The round ends as soon as someone goes out.")
    if rules.out_bonus:
        lines.append(f"Going out scores {rules.out_bonus} points.")
    lines.append("Announcing out with a hand that does not meld is refused."
                 if rules.false_out is FalseOut.REJECT else
                 "Announcing out with a hand that does not meld costs "
                 f"{rules.false_out_penalty} points.")
    lines.append("When the stock runs out, the round ends."
                 if rules.stock_empty is StockEmpty.END_ROUND else
                 "When the stock runs out, the discard pile is shuffled into a new stock, once.")
    lines.append(_TIES[rules.ties])
    return lines
