"""A score sheet for a game played with real cards: who plays, the rules, and every entry.

A sheet is an immutable value. Its history is the list of entries in the order they were
made (``changes``); every figure on the sheet is derived from it. A later entry for the
same round and player replaces the earlier one (that is an edit), and ``undo`` takes the
last entry back, leaving exactly the sheet that was there before it.

>>> sheet = Sheet.start(["Ann", "Bob", "Cy"], Rules(rounds=2), first_dealer=2)
>>> plan = sheet.plan(1)
>>> plan.deal, str(plan.wild), sheet.names[plan.dealer], sheet.names[plan.first]
(3, '3', 'Cy', 'Ann')
>>> sheet = sheet.enter(1, 0, Entry.parse("out")).enter(1, 1, Entry.parse("7h 8h Kd"))
>>> sheet.entry(1, 1).points, sheet.missing(), sheet.totals
(25, [(1, 2), (2, 1), (2, 2), (2, 0)], (0, 25, 0))
>>> sheet.undo().entry(1, 1) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from threethirteen.results import lowest, winners_by_ties
from threethirteen.rules import Mode, Rules, Ties
from threethirteen.scorekeeper.entry import Entry, EntryKind
from threethirteen.scorekeeper.errors import SheetError
from threethirteen.scorekeeper.hands import Scored, check_round_cards, score_entry
from threethirteen.scorekeeper.plan import RoundPlan, plan_round

MIN_PLAYERS = 2
MAX_PLAYERS = 8  # more need the number of decks given (rules option ``decks``)
MAX_NAME = 40

Row = tuple[Scored | None, ...]


@dataclass(frozen=True, slots=True)
class Change:
    """One entry as it was made: the round's number, the player's seat, the entry."""

    round: int
    seat: int
    entry: Entry


class Sheet:
    """The score sheet of one game; every change returns a new sheet."""

    __slots__ = ("_changes", "_first_dealer", "_names", "_previous", "_rows", "_rules")

    def __init__(self, names: tuple[str, ...], rules: Rules, first_dealer: int,
                 changes: tuple[Change, ...], rows: dict[int, Row],
                 previous: Sheet | None) -> None:
        self._names = names
        self._rules = rules
        self._first_dealer = first_dealer
        self._changes = changes
        self._rows = rows
        self._previous = previous

    # -- making and changing -------------------------------------------------------

    @classmethod
    def start(cls, names: Sequence[str], rules: Rules | None = None, *,
              first_dealer: int = 0) -> Sheet:
        """A new sheet: 2 to 8 names (more with ``decks`` given, or in speed mode, whose
        ``auto`` is a deck per 3 players), the rules (``players`` is set from the names),
        and the seat that deals round 1. In speed mode several players may go out in a
        round (RULES.md, "Speed"); otherwise one at most."""
        checked = check_names(names)
        base = rules if rules is not None else Rules()
        if not isinstance(base, Rules):
            raise SheetError(f"rules must be Rules, not {type(base).__name__}", "bad-rules")
        if len(checked) > MAX_PLAYERS and base.decks == "auto" and base.mode is not Mode.SPEED:
            raise SheetError(f"{len(checked)} players need the number of decks given "
                             "(rules option 'decks')", "too-many-players")
        table = base if base.players == len(checked) else base.replace(players=len(checked))
        if (isinstance(first_dealer, bool) or not isinstance(first_dealer, int)
                or not 0 <= first_dealer < len(checked)):
            raise SheetError(f"the first dealer must be a seat 0 to {len(checked) - 1}, not "
                             f"{first_dealer!r}", "no-such-player")
        return cls(checked, table, first_dealer, (), {}, None)

    @classmethod
    def replay(cls, names: Sequence[str], rules: Rules | None, first_dealer: int,
               changes: Iterable[Change]) -> Sheet:
        """The sheet made by ``changes`` in order (each checked as when it was made)."""
        sheet = cls.start(names, rules, first_dealer=first_dealer)
        for change in changes:
            sheet = sheet.enter(change.round, change.seat, change.entry)
        return sheet

    def enter(self, number: int, seat: int, entry: Entry) -> Sheet:
        """The sheet with ``entry`` for ``seat`` in round ``number`` (a new entry, or an
        edit of an earlier one). Raises ``SheetError`` and changes nothing when refused."""
        if not isinstance(entry, Entry):
            raise SheetError(f"an entry is an Entry, not {type(entry).__name__}", "bad-entry")
        self._check_seat(seat)
        plan = self.plan(number)
        if seat not in plan.order:
            raise SheetError(f"{self._names[seat]} does not play the playoff round",
                             "not-playing")
        scored = score_entry(entry, plan, self._rules)
        row = list(self._row(plan))
        row[seat] = scored
        self._check_row(row, seat, plan)
        rows = dict(self._rows)
        rows[number] = tuple(row)
        rows = self._prune_playoff(rows)
        return Sheet(self._names, self._rules, self._first_dealer,
                     (*self._changes, Change(number, seat, entry)), rows, self)

    def undo(self) -> Sheet:
        """The sheet as it was before the last entry."""
        if not self._changes:
            raise SheetError("there is no entry to undo", "nothing-to-undo")
        if self._previous is not None:
            return self._previous
        return Sheet.replay(self._names, self._rules, self._first_dealer, self._changes[:-1])

    # -- what the sheet shows ------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat 0 first (seats go clockwise)."""
        return self._names

    @property
    def rules(self) -> Rules:
        """The rules; ``players`` is the number of names."""
        return self._rules

    @property
    def first_dealer(self) -> int:
        """The seat that deals round 1."""
        return self._first_dealer

    @property
    def changes(self) -> tuple[Change, ...]:
        """Every entry made, in order."""
        return self._changes

    @property
    def last_change(self) -> Change | None:
        """The entry ``undo`` would take back."""
        return self._changes[-1] if self._changes else None

    def plan(self, number: int) -> RoundPlan:
        """Round ``number`` (the playoff round is number ``rounds + 1``, once it is due)."""
        rounds = self._rules.rounds
        if isinstance(number, bool) or not isinstance(number, int):
            raise SheetError(f"a round is a number, not {number!r}", "no-such-round")
        if 1 <= number <= rounds:
            return plan_round(players=len(self._names), first_dealer=self._first_dealer,
                              number=number)
        seats = self.playoff_seats
        if number == rounds + 1 and seats is not None:
            return plan_round(players=len(self._names), first_dealer=self._first_dealer,
                              number=number, playoff_seats=seats)
        if number == rounds + 1 and self._rules.ties is Ties.PLAYOFF:
            raise SheetError(f"round {number} would be the playoff round, and there is none: "
                             "it comes when the last round leaves a tie for the lowest total",
                             "no-such-round")
        raise SheetError(f"there is no round {number}: this game has rounds 1 to {rounds}",
                         "no-such-round")

    def rounds(self) -> tuple[RoundPlan, ...]:
        """Every round of the game so far: the regular ones, then the playoff when due."""
        plans = [self.plan(number) for number in range(1, self._rules.rounds + 1)]
        if self.playoff_seats is not None:
            plans.append(self.plan(self._rules.rounds + 1))
        return tuple(plans)

    def entry(self, number: int, seat: int) -> Scored | None:
        """What ``seat`` scored in round ``number``, None while missing."""
        self._check_seat(seat)
        return self._row(self.plan(number))[seat]

    def row(self, number: int) -> Row:
        """Round ``number``'s entries by seat (None: missing, or not playing)."""
        return self._row(self.plan(number))

    def missing(self) -> list[tuple[int, int]]:
        """The (round, seat) entries still to make, in the order of play."""
        return [(plan.number, seat) for plan in self.rounds()
                for seat in plan.order if self._row(plan)[seat] is None]

    def next_missing(self) -> tuple[int, int] | None:
        """The first entry still to make, None when the sheet is complete."""
        found = self.missing()
        return found[0] if found else None

    def round_points(self, number: int) -> tuple[int | None, ...]:
        """Points by seat in round ``number``; None while missing or not playing."""
        return tuple(None if scored is None else scored.points for scored in self.row(number))

    def running_totals(self) -> list[tuple[int, ...]]:
        """The totals after each regular round (missing entries count 0)."""
        totals = [0] * len(self._names)
        after = []
        for number in range(1, self._rules.rounds + 1):
            for seat, points in enumerate(self.round_points(number)):
                totals[seat] += points or 0
            after.append(tuple(totals))
        return after

    def entered_rounds(self, seat: int) -> int:
        """How many regular rounds in a row, from round 1, hold an entry of ``seat``: the
        rounds whose running total of ``seat`` is known."""
        count = 0
        for number in range(1, self._rules.rounds + 1):
            if self.round_points(number)[seat] is None:
                break
            count += 1
        return count

    def complete_rounds(self) -> int:
        """How many regular rounds in a row, from round 1, hold every entry."""
        return min(self.entered_rounds(seat) for seat in range(len(self._names)))

    @property
    def totals(self) -> tuple[int, ...]:
        """Points by seat over the regular rounds (a playoff is not added)."""
        return self.running_totals()[-1]

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the lowest total so far."""
        return tuple(lowest(self.totals))

    @property
    def regular_complete(self) -> bool:
        """True once every regular round has every entry."""
        return all(scored is not None for number in range(1, self._rules.rounds + 1)
                   for scored in self._rows.get(number, (None,)))

    @property
    def playoff_seats(self) -> tuple[int, ...] | None:
        """The tied seats when a playoff round is due (``ties`` = playoff), else None."""
        return self._playoff_seats(self._rows)

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winners under ``ties`` (empty: nobody wins), None until the sheet is done."""
        if not self.regular_complete:
            return None
        seats = self.playoff_seats
        if seats is None:
            return winners_by_ties(self.totals, self._rules.ties)
        plan = self.plan(self._rules.rounds + 1)
        points = self.round_points(plan.number)
        if any(points[seat] is None for seat in seats):
            return None
        return tuple(lowest([points[seat] or 0 for seat in range(len(self._names))],
                            among=seats))

    @property
    def is_over(self) -> bool:
        """True once the winners are known."""
        return self.winners is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"<Sheet {', '.join(self._names)}: {len(self._changes)} entries, "
                f"totals {list(self.totals)}>")

    # -- inside ------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._names, self._rules, self._first_dealer, self._changes)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(self._names)):
            raise SheetError(f"there is no player {seat!r} (seats 0 to "
                             f"{len(self._names) - 1})", "no-such-player")

    def _row(self, plan: RoundPlan) -> Row:
        return self._rows.get(plan.number, (None,) * len(self._names))

    def _check_row(self, row: list[Scored | None], seat: int, plan: RoundPlan) -> None:
        outs = [other for other, scored in enumerate(row)
                if scored is not None and scored.entry.kind is EntryKind.OUT]
        if len(outs) > 1 and self._rules.mode is not Mode.SPEED:  # speed: several may
            other = next(other for other in outs if other != seat)
            raise SheetError(f"{self._names[other]} already went out in this round; only "
                             "one player goes out in a round (edit that entry first)",
                             "already-out")
        check_round_cards((scored.entry.cards for scored in row if scored is not None),
                          self._rules)

    def _playoff_seats(self, rows: dict[int, Row]) -> tuple[int, ...] | None:
        if self._rules.ties is not Ties.PLAYOFF:
            return None
        totals = [0] * len(self._names)
        for number in range(1, self._rules.rounds + 1):
            row = rows.get(number)
            if row is None or any(scored is None for scored in row):
                return None
            for seat, scored in enumerate(row):
                totals[seat] += scored.points if scored is not None else 0
        best = lowest(totals)
        return tuple(best) if len(best) > 1 else None

    def _prune_playoff(self, rows: dict[int, Row]) -> dict[int, Row]:
        """Entries of the playoff round only for the seats that play it now."""
        number = self._rules.rounds + 1
        if number not in rows:
            return rows
        seats = self._playoff_seats(rows)
        if seats is None:
            del rows[number]
        else:
            rows[number] = tuple(scored if seat in seats else None
                                 for seat, scored in enumerate(rows[number]))
        return rows


def check_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, trimmed: 2 to 16 of them, each 1 to 40 characters, distinct."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise SheetError("the players' names are a list of names", "bad-names")
    if not MIN_PLAYERS <= len(names) <= 16:
        raise SheetError(f"a sheet has {MIN_PLAYERS} to {MAX_PLAYERS} players (more with "
                         f"'decks'), not {len(names)}", "bad-names")
    checked: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise SheetError(f"a player's name is some text, not {name!r}", "bad-names")
        trimmed = " ".join(name.split())
        if len(trimmed) > MAX_NAME:
            raise SheetError(f"a name has at most {MAX_NAME} characters: {trimmed[:50]!r}",
                             "bad-names")
        if trimmed.casefold() in {other.casefold() for other in checked}:
            raise SheetError(f"two players are called {trimmed!r}", "bad-names")
        checked.append(trimmed)
    return tuple(checked)


__all__ = ["Change", "Row", "Sheet", "check_names"]
