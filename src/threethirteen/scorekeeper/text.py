"""The sheet in words, for the line mode: plain sentences a screen reader reads well.

Names come from people and files, so every one goes through ``printable``.

>>> from threethirteen.rules import Rules
>>> from threethirteen.scorekeeper.entry import Entry
>>> sheet = Sheet.start(["Ann", "Bob", "Cy"], Rules(jokers=2))
>>> round_title(sheet, sheet.plan(2))
'Round 2 of 11: 4 cards, wild rank 4 and jokers, Bob deals, Cy plays first.'
>>> sheet = sheet.enter(2, 2, Entry.parse("7h 8h 4c Kd"))
>>> entry_text(sheet, 2, 2)
'Cy: least penalty 10: melds 7♥ 8♥ 4♣ (wild); unmelded K♦.'
"""

from __future__ import annotations

from collections.abc import Sequence

from threethirteen.cards import Card
from threethirteen.errors import RulesError
from threethirteen.printable import printable
from threethirteen.rules import Rules, Ties
from threethirteen.scorekeeper.entry import EntryKind
from threethirteen.scorekeeper.hands import Scored
from threethirteen.scorekeeper.plan import RoundPlan
from threethirteen.scorekeeper.sheet import Sheet

MISSING = "?"


def name(sheet: Sheet, seat: int) -> str:
    """A player's name, safe to print."""
    return printable(sheet.names[seat])


def listing(words: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def round_name(sheet: Sheet, number: int) -> str:
    """``round 3``, or ``the playoff round``."""
    return "the playoff round" if number > sheet.rules.rounds else f"round {number}"


def round_title(sheet: Sheet, plan: RoundPlan) -> str:
    """The round announced: cards dealt, wild rank, dealer and first player."""
    jokers = " and jokers" if sheet.rules.jokers else ""
    head = ("Playoff round" if plan.playoff
            else f"Round {plan.number} of {sheet.rules.rounds}")
    players = (f" between {listing([name(sheet, seat) for seat in plan.seats])}"
               if plan.playoff else "")
    wild = (f"wild rank {plan.wild_text}{jokers}" if plan.wild is not None
            else "no wild rank, jokers wild" if sheet.rules.jokers
            else "no wild rank (and no jokers)")
    return (f"{head}{players}: {plan.deal} cards, {wild}, "
            f"{name(sheet, plan.dealer)} deals, {name(sheet, plan.first)} plays first.")


def card_face(card: Card) -> str:
    """A card as the game shows it: ``K♦``, ``10♠``, ``joker`` (never ``Kd`` or ``Ts``).

    >>> card_face(Card.parse("Ts")), card_face(Card.parse("Kd")), card_face(Card.parse("*"))
    ('10♠', 'K♦', 'joker')
    """
    if card.rank is None or card.suit is None:
        return "joker"
    rank = "10" if card.rank == 10 else str(card.rank)
    return rank + card.suit.symbol


def pack_text(rules: Rules, *, told: bool = True) -> str:
    """The pack the sheet checks entries against, and how to change it.

    >>> pack_text(Rules(players=3))
    '3 players: the pack is 2 decks, no jokers. Playing with one deck? Type decks 1.'
    >>> pack_text(Rules(players=4))
    '4 players: the pack is 2 decks, no jokers (one deck is too few for 4 players).'
    >>> pack_text(Rules(players=2, jokers=2), told=False)
    'The pack is now 1 deck and 2 jokers.'
    """
    decks = rules.deck_count
    pack = f"{decks} deck{'s' * (decks != 1)}"
    pack += (f" and {rules.jokers} joker{'s' * (rules.jokers != 1)}" if rules.jokers
             else ", no jokers")
    if not told:
        return f"The pack is now {pack}."
    if decks == 1:
        return (f"{rules.players} players: the pack is {pack}. Shuffling two decks together? "
                "Type decks 2.")
    try:
        Rules.from_json({**rules.to_json(), "decks": 1})
    except RulesError:
        return (f"{rules.players} players: the pack is {pack} (one deck is too few for "
                f"{rules.players} players).")
    return f"{rules.players} players: the pack is {pack}. Playing with one deck? Type decks 1."


def cards_text(cards: Sequence[Card], wild: int | None) -> str:
    """Cards with the wild ones marked in words: ``7♥ 8♥ 4♣ (wild)``."""
    return " ".join(f"{card_face(card)} (wild)" if card.rank is None or card.rank == wild
                    else card_face(card) for card in cards)


def scored_text(scored: Scored, wild: int | None, penalty: int) -> str:
    """What an entry scores, with the arrangement for cards, so the table can check it."""
    entry = scored.entry
    charged = entry.false_outs * penalty
    false = ""
    if entry.false_outs:
        times = "a false out" if entry.false_outs == 1 else f"{entry.false_outs} false outs"
        false = f", plus {times} {charged}: {scored.points} points"
    if entry.kind is EntryKind.OUT:
        return f"went out: {scored.points - charged} points{false}."
    if entry.kind is EntryKind.POINTS:
        return f"{entry.points} points{false}."
    melds = " / ".join(cards_text(meld, wild) for meld in scored.melds)
    shown = f"melds {melds}" if melds else "no melds"
    unmelded = cards_text(scored.unmelded, wild) or "none"
    return f"least penalty {scored.deadwood}: {shown}; unmelded {unmelded}{false}."


def entry_text(sheet: Sheet, number: int, seat: int) -> str:
    """``Cy: least penalty 10: ...`` for the entry of ``seat`` in round ``number``."""
    scored = sheet.entry(number, seat)
    shown = "missing" if scored is None else scored_text(
        scored, sheet.plan(number).wild, sheet.rules.false_out_penalty)
    return f"{name(sheet, seat)}: {shown}"


def totals_text(sheet: Sheet) -> str:
    """``Totals: Ann 12, Bob 30, Cy 0. Leader: Cy.`` A player with an entry missing
    (before the last round entered) is marked, and the leader is named from the rounds
    that are complete: a missing entry is not a score of 0."""
    reached = max((change.round for change in sheet.changes), default=0)
    reached = min(reached, sheet.rules.rounds)
    gaps = {seat for number, seat in sheet.missing() if number < reached}
    totals = ", ".join(f"{name(sheet, seat)} {total}" + (" (an entry missing)" if seat in gaps
                                                         else "")
                       for seat, total in enumerate(sheet.totals))
    complete = sheet.complete_rounds()
    if complete >= reached:
        leaders = [name(sheet, seat) for seat in sheet.leaders]
        when = ""
    elif complete == 0:
        return f"Totals: {totals}. No leader until a round has every entry."
    else:
        after = sheet.running_totals()[complete - 1]
        best = min(after)
        leaders = [name(sheet, seat) for seat, total in enumerate(after) if total == best]
        when = f" after round {complete}"
    word = "Leader" if len(leaders) == 1 else "Leaders"
    return f"Totals: {totals}. {word}{when}: {listing(leaders)}."


def winners_text(sheet: Sheet) -> str:
    """Who won, in words; empty while the game goes on."""
    winners = sheet.winners
    if winners is None:
        return ""
    if not winners:
        best = min(sheet.totals)
        return f"Nobody wins: the lowest total, {best}, is tied (ties = none)."
    names = [name(sheet, seat) for seat in winners]
    if sheet.playoff_seats is not None:
        verb = "wins" if len(names) == 1 else "share the win of"
        return f"{listing(names)} {verb} the playoff round, and the game."
    score = sheet.totals[winners[0]]
    if len(names) == 1:
        return f"{names[0]} wins with {score} points."
    return f"{listing(names)} share the win with {score} points."


def playoff_text(sheet: Sheet) -> str:
    """Why a playoff round is played."""
    seats = sheet.playoff_seats
    if seats is None:
        return ""
    best = sheet.totals[seats[0]]
    return (f"{listing([name(sheet, seat) for seat in seats])} tie for the lowest total, "
            f"{best}: they play one more round, 13 cards, kings wild (ties = playoff).")


def sheet_rows(sheet: Sheet) -> tuple[list[str], list[list[str]]]:
    """The sheet as a table: a row per round (wild rank, dealer, each player's points and,
    in brackets, the running total once it is known), then the totals."""
    header = ["Round", "Wild", "Dealer", *(name(sheet, seat) for seat in
                                           range(len(sheet.names)))]
    rows = []
    running = sheet.running_totals()
    known = [sheet.entered_rounds(seat) for seat in range(len(sheet.names))]
    for plan in sheet.rounds():
        row = sheet.row(plan.number)
        cells = [("-" if seat not in plan.order else MISSING) if scored is None
                 else str(scored.points) if plan.playoff or plan.number > known[seat]
                 else f"{scored.points} ({running[plan.number - 1][seat]})"
                 for seat, scored in enumerate(row)]
        rows.append(["playoff" if plan.playoff else str(plan.number), plan.wild_text,
                     name(sheet, plan.dealer), *cells])
    rows.append(["Total", "", "", *(str(total) for total in sheet.totals)])
    return header, rows


def table_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows in aligned columns."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)
                      ).rstrip() for row in [header, *rows]]


def sheet_lines(sheet: Sheet) -> list[str]:
    """The whole sheet: the table, the missing entries, the totals and the leader or
    winners."""
    lines = table_lines(*sheet_rows(sheet))
    if sheet.changes:
        lines.append("Each round: the points, then (in brackets) the running total.")
    reached = max((change.round for change in sheet.changes), default=0)
    holes = [f"{round_name(sheet, number)} {name(sheet, seat)}"
             for number, seat in sheet.missing() if number <= reached]
    if holes:
        lines.append(f"Missing ({MISSING} above): {', '.join(holes)}.")
    lines.append(totals_text(sheet))
    if sheet.rules.ties is Ties.PLAYOFF and sheet.playoff_seats is not None:
        lines.append(playoff_text(sheet))
    if sheet.winners is not None:
        lines.append(winners_text(sheet))
    return lines
