"""Keeping score line by line: the terminal's ``three-thirteen score``, for any screen
reader or braille display. Every line is a sentence, nothing is redrawn.

It prompts for the next missing entry (round by round, in the order of play) and reads
what is typed: points, the cards left, ``out``, ``false out``, or a command. It reads
with ``read`` and writes with ``write`` (replaceable, for tests), and hands every new
sheet to ``save`` before saying anything about it, so a line on the screen is on disk.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

from threethirteen.errors import NotationError, ThreeThirteenError
from threethirteen.printable import printable
from threethirteen.rules import Rules
from threethirteen.scorekeeper import text
from threethirteen.scorekeeper.entry import MAX_FALSE_OUTS, Entry
from threethirteen.scorekeeper.errors import SheetError
from threethirteen.scorekeeper.formats import sheet_from_json, sheet_json
from threethirteen.scorekeeper.sheet import Sheet

HELP = """Type, for the player named in the prompt:
  12              the points counted at the table (0 for a hand that melds)
  7h 8h Kd        the cards left in the hand: the least penalty is worked out and shown
  out             the player went out
  false out       a false announcement of going out (charged when the rules say so);
                  then type the hand or points as usual (or: false out 12)
Commands:
  edit N          enter round N again (edit playoff for the playoff round);
                  Enter keeps an entry as it is
  undo            take back the last entry
  sheet           the whole sheet: every round with its running totals, the leader
  rules           the rules of this game, in plain words
  decks N         the pack has N decks (decks 1: you play with one deck)
  jokers N        the pack has N jokers (jokers 0: none)
  help            this list
  quit            leave; the sheet is kept, resume with three-thirteen score --resume ID
Cards: rank A 2-9 T (or 10) J Q K, then suit c d h s (x: stars, in the five-suit pack);
a joker is *."""

Reader = Callable[[str], str]
Writer = Callable[[str], None]
Saver = Callable[[Sheet], object]
RuleWords = Callable[[Rules], list[str]]  # the rules as sentences (the terminal's "?")

_QUIT = {"quit", "q", "exit"}


def _print(line: str) -> None:
    print(line, flush=True)


class ScoreLines:
    """Keep ``sheet`` line by line until the person quits."""

    def __init__(self, sheet: Sheet, *, save: Saver, read: Reader = input,
                 write: Writer = _print, rule_words: RuleWords | None = None) -> None:
        self.sheet = sheet
        self.rule_words = rule_words  # the rules in sentences; None: the option list
        self.save = save
        self.read = read
        self.write = write
        self.editing: list[tuple[int, int]] = []
        self.false_outs = 0  # announced for the prompt's player, not yet entered
        self._announced: int | None = None

    def run(self) -> None:
        """Prompt and read until ``quit`` or the end of input."""
        if not self.sheet.changes:  # a new sheet: the pack it checks the cards against
            self.write(text.pack_text(self.sheet.rules))
        self.write("Type help for the commands.")
        if self.sheet.is_over:
            self.write(text.winners_text(self.sheet))
        while True:
            target = self._target()
            if target is not None:
                self._announce(target[0])
            try:
                line = self.read(self._prompt(target))
            except (EOFError, KeyboardInterrupt):
                self.write("")
                return
            if not self.command(line, target):
                return

    def command(self, line: str, target: tuple[int, int] | None) -> bool:
        """Carry out one typed line; False when the person quits."""
        words = line.strip().lower().split()
        if not words:
            if self.editing and target == self.editing[0]:
                self.editing.pop(0)
                if not self.editing:
                    self._edit_done()
            else:
                self.write("Type the points, the cards left, out, or help.")
            return True
        verb = words[0]
        if verb in _QUIT and len(words) == 1:
            return False
        try:
            if verb in ("help", "?") and len(words) == 1:
                self.write(HELP)
            elif verb == "sheet" and len(words) == 1:
                for row in text.sheet_lines(self.sheet):
                    self.write(row)
            elif verb == "rules" and len(words) == 1:
                self._rules()
            elif verb in ("decks", "jokers") and len(words) <= 2:
                self._pack(verb, words[1:])
            elif verb == "undo" and len(words) == 1:
                self._undo()
            elif verb == "edit":
                self._edit(words[1:])
            elif target is None:
                self.write("The sheet is complete: edit N changes a round, sheet shows it, "
                           "quit leaves.")
            else:
                self._enter(line, target)
        except ThreeThirteenError as error:
            self.write(_message(error, line))
        return True

    # -- entries ---------------------------------------------------------------------

    def _target(self) -> tuple[int, int] | None:
        if self.editing:
            return self.editing[0]
        return self.sheet.next_missing()

    def _prompt(self, target: tuple[int, int] | None) -> str:
        if target is None:
            return "Sheet complete > "
        number, seat = target
        where = "Playoff" if number > self.sheet.rules.rounds else f"Round {number}"
        now = ""
        if self.editing:
            scored = self.sheet.entry(number, seat)
            shown = "missing" if scored is None else f"now {scored.points}"
            now = f" ({shown}; Enter {'keeps it' if scored else 'leaves it'})"
        false = f" (false out x{self.false_outs})" if self.false_outs else ""
        return f"{where}, {text.name(self.sheet, seat)}{false}{now} > "

    def _announce(self, number: int) -> None:
        if number == self._announced:
            return
        self._announced = number
        plan = self.sheet.plan(number)
        if plan.playoff:
            self.write(text.playoff_text(self.sheet))
        self.write(text.round_title(self.sheet, plan))

    def _enter(self, line: str, target: tuple[int, int]) -> None:
        number, seat = target
        words = line.strip().lower().replace("-", " ").split()
        if words in (["false", "out"], ["falseout"]):
            if self.false_outs >= MAX_FALSE_OUTS:
                self.write(f"At most {MAX_FALSE_OUTS} false outs in one round.")
                return
            penalty = self.sheet.rules.false_out_penalty
            probe = Entry.of_points(0, false_outs=self.false_outs + 1)
            self.sheet.enter(number, seat, probe)  # refused here when the rules say reject
            self.false_outs += 1
            self.write(f"{text.name(self.sheet, seat)}: a false out, {penalty} points. Now type "
                       "the points, the cards left, or out.")
            return
        entry = Entry.parse(line)
        if self.false_outs:
            entry = dataclasses.replace(entry, false_outs=entry.false_outs + self.false_outs)
        before = self.sheet
        self._change(before.enter(number, seat, entry))
        self.false_outs = 0
        self.write(text.entry_text(self.sheet, number, seat))
        if self.editing:
            self.editing.pop(0)
            if not self.editing:
                self._edit_done()
            return
        self._after(before, number)

    def _after(self, before: Sheet, number: int) -> None:
        """Say what an entry finished: the round, the game."""
        row_done = all(self.sheet.row(number)[seat] is not None
                       for seat in self.sheet.plan(number).order)
        if row_done and not self.sheet.is_over:
            self.write(f"{text.round_name(self.sheet, number).capitalize()} is complete. "
                       f"{text.totals_text(self.sheet)}")
        if self.sheet.is_over and self.sheet.winners != before.winners:
            self.write(f"The game is over. {text.totals_text(self.sheet)}")
            self.write(text.winners_text(self.sheet))

    def _change(self, sheet: Sheet) -> None:
        """Keep ``sheet``: saved first, then shown."""
        try:
            self.save(sheet)
        except OSError as error:
            self.write(f"Warning: the sheet could not be written ({error.strerror or error}); "
                       "it is kept in memory, and the next entry tries again.")
        self.sheet = sheet

    # -- commands ----------------------------------------------------------------------

    def _undo(self) -> None:
        if self.false_outs:
            self.false_outs = 0
            self.write("The false out is taken back.")
            return
        last = self.sheet.last_change
        if last is None:
            self.write("There is no entry to undo.")
            return
        before = self.sheet
        self._change(self.sheet.undo())
        who = text.name(before, last.seat)
        where = text.round_name(before, last.round)
        self.write(f"Took back {who}'s entry for {where}: {printable(str(last.entry))}.")
        try:
            restored = self.sheet.entry(last.round, last.seat)
        except SheetError:
            restored = None
        if restored is not None:
            self.write("It is back to the earlier entry: "
                       f"{text.entry_text(self.sheet, last.round, last.seat)}")
        self.editing = []
        self._announced = None

    def _edit(self, words: list[str]) -> None:
        if len(words) != 1:
            self.write("Say which round: edit 3 (or edit playoff).")
            return
        word = words[0]
        rounds = self.sheet.rules.rounds
        if word == "playoff":
            number = rounds + 1
        elif word.isdigit() and len(word) < 4:
            number = int(word)
        else:
            self.write(f"Say which round by its number: edit 3, not edit {printable(word)}.")
            return
        plan = self.sheet.plan(number)
        self.false_outs = 0
        self.editing = [(number, seat) for seat in plan.order]
        self._announced = number
        self.write(f"Editing {text.round_name(self.sheet, number)}: type each entry again, "
                   "or Enter to keep it.")
        self.write(text.round_title(self.sheet, plan))  # its cards and wild rank
        for seat in plan.order:
            self.write(text.entry_text(self.sheet, number, seat))

    def _edit_done(self) -> None:
        self.write(f"Done. {text.totals_text(self.sheet)}")
        if self.sheet.is_over:
            self.write(text.winners_text(self.sheet))

    def _rules(self) -> None:
        if self.rule_words is None:
            values = self.sheet.rules.to_json()
            docs = Rules.option_docs()
            self.write("The rules of this game:")
            for key, value in values.items():
                self.write(f"  {key} = {json.dumps(value)}: {docs[key]}")
        else:
            self.write("In this game:")
            for line in self.rule_words(self.sheet.rules):
                self.write(f"  {line}")
        self.write("decks N and jokers N change the pack the cards are checked against.")

    def _pack(self, what: str, words: list[str]) -> None:
        """``decks N`` or ``jokers N``: the same sheet with that pack, its entries checked
        again; refused (nothing changes) when an entry does not fit the new pack."""
        low, high = (1, 16) if what == "decks" else (0, 16)
        if len(words) != 1 or not (words[0].isascii() and words[0].isdigit()) or not (
                low <= int(words[0]) <= high):
            self.write(f"Say how many: {what} 1 (a number from {low} to {high}).")
            return
        number = int(words[0])
        data = sheet_json(self.sheet)
        try:
            rules = Rules.from_json({**self.sheet.rules.to_json(), what: number})
            sheet = sheet_from_json({**data, "rules": rules.to_json()}, what="the sheet")
        except ThreeThirteenError as error:
            self.write(f"Not changed: {printable(str(error))}.")
            return
        self._change(sheet)
        self.write(text.pack_text(sheet.rules, told=False))


def _message(error: ThreeThirteenError, line: str) -> str:
    """One line for a refused entry; an unknown word reads as an unknown command."""
    words = line.split()
    if isinstance(error, NotationError) and len(words) == 1 and words[0].isalpha() and (
            len(words[0]) > 3):
        return (f"Unknown command {printable(words[0])!r}: type the points, the cards left "
                "(like 7h 8h Kd), out, false out, or help.")
    return f"Not entered: {printable(str(error))}. Nothing changed."
