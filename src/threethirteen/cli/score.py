"""``three-thirteen score``: keep the score of a game played with real cards, line by line.

Sheets live in ``scoresheets/<id>.json`` of the data directory (the one ``play`` uses),
written atomically after every entry: ``--list`` shows them, ``--resume ID`` goes on with
one (``--resume`` alone: the latest unfinished one; an id's first digits are enough when
they name one sheet), ``--csv``/``--json`` export one, ``--import`` reads a sheet's JSON
back in. Started without options while an unfinished sheet is kept, it offers to go on
with it, as ``play`` offers a saved game (``--new`` does not ask).
``--push URL`` sends a sheet to a game server (``three-thirteen serve``) and prints its
read-only live link; ``--pull LINK`` keeps the sheet at a link as a new local sheet. A sheet
pushed (or pulled by its keeper link) is sent again after every entry typed here.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from threethirteen.cli.common import fail
from threethirteen.errors import InputError, RulesError, ThreeThirteenError
from threethirteen.files import write_atomic
from threethirteen.jsontext import read_json
from threethirteen.printable import printable
from threethirteen.rules import PRESETS, Rules
from threethirteen.scorekeeper import text
from threethirteen.scorekeeper.formats import MAX_SHEET_BYTES, read_sheet, sheet_csv, sheet_text
from threethirteen.scorekeeper.lines import ScoreLines
from threethirteen.scorekeeper.remote import Link, load_link, parse_link, pull, push, save_link
from threethirteen.scorekeeper.sheet import Sheet, check_names
from threethirteen.scorekeeper.store import Listed, SheetStore
from threethirteen.tui.leaving import ask_yes_no
from threethirteen.tui.rulewords import rules_in_play
from threethirteen.tui.store import data_dir

SHEETS_DIR = "scoresheets"


def sheet_store() -> SheetStore:
    """The sheets of the data directory."""
    return SheetStore(data_dir() / SHEETS_DIR)


class _ScoreCommand(TyperCommand):
    """``score`` with ``--resume`` taking an optional id: alone, it means ``latest``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # typer's own click
        given = list(args)
        for index, word in enumerate(given):
            if word == "--":
                break
            if word == "--resume" and (index + 1 == len(given)
                                       or given[index + 1].startswith("-")):
                given.insert(index + 1, "latest")
                break
        return super().parse_args(ctx, given)


def register(app: typer.Typer) -> None:
    """Add ``score`` to ``app``."""

    @app.command(cls=_ScoreCommand)
    def score(
        names: Annotated[str | None, typer.Option(
            help="The players, clockwise, separated by commas: Ann,Bob,Cy")] = None,
        preset: Annotated[str | None, typer.Option(
            help=f"Rules preset: {', '.join(PRESETS)}")] = None,
        rules: Annotated[str | None, typer.Option(
            help='Rules options as JSON, e.g. \'{"out_bonus": -5, "decks": 1}\'; '
            "the rules command of the sheet says them in words")] = None,
        dealer: Annotated[str | None, typer.Option(
            help="Who deals the first round: a name, or a number from 1")] = None,
        list_sheets: Annotated[bool, typer.Option(
            "--list", metavar="", help="List the sheets kept, and stop")] = False,
        resume: Annotated[str | None, typer.Option(
            "--resume", metavar="[ID]", help="Go on with a kept sheet: its id (see --list) or "
            "the id's first digits; alone, the latest unfinished sheet")] = None,
        new: Annotated[bool, typer.Option(
            "--new", metavar="",
            help="Start a new sheet without offering the unfinished one")] = False,
        import_file: Annotated[Path | None, typer.Option(
            "--import", metavar="FILE", help="Read a sheet's JSON and keep it as a new sheet")
                               ] = None,
        csv_file: Annotated[Path | None, typer.Option(
            "--csv", metavar="FILE", help="Export the sheet as CSV (- for the screen), and "
            "stop")] = None,
        json_file: Annotated[Path | None, typer.Option(
            "--json", metavar="FILE", help="Export the sheet as JSON (- for the screen), and "
            "stop")] = None,
        push_to: Annotated[str | None, typer.Option(
            "--push", metavar="URL", help="Send the sheet to a game server (http://host:8313, "
            "or the sheet's keeper link), print its live link, and stop")] = None,
        pull_from: Annotated[str | None, typer.Option(
            "--pull", metavar="LINK", help="Keep the sheet at a link (http://host:8313/score/ID"
            ") as a new sheet")] = None,
    ) -> None:
        """Keep the score of a game played with real cards; the solver counts hands."""
        store = sheet_store()
        if list_sheets:
            _list(store)
            return
        if sum(given is not None for given in (resume, import_file, pull_from)) > 1:
            fail("give one of --resume ID, --import FILE or --pull LINK")
        try:
            if resume is not None:
                sheet_id = store.find(resume)
                sheet = store.load(sheet_id)
            elif pull_from is not None:
                sheet_id, sheet = _pull(store, pull_from)
            elif import_file is not None:
                sheet = _read_file(import_file)
                sheet_id = store.new_id(time.strftime("%Y%m%d-%H%M%S"))
                store.save(sheet_id, sheet)
                print(f"Imported {printable(str(import_file))} as sheet {sheet_id}.")
            elif csv_file is not None or json_file is not None or push_to is not None:
                fail("say which sheet: --resume ID (see --list) or --import FILE")
            else:
                waiting = None if new or names is not None else store.latest(unfinished=True)
                kept = _offer(waiting) if waiting is not None else False
                if kept is None:
                    print("Nothing was changed.")
                    return
                if kept and waiting is not None and waiting.sheet is not None:
                    sheet_id, sheet = waiting.sheet_id, waiting.sheet
                    if preset is not None or rules is not None or dealer is not None:
                        print("The kept sheet goes on with its own rules and dealer: "
                              "--preset, --rules and --dealer are for a new sheet.")
                else:
                    made = _new_sheet(names, preset, rules, dealer)
                    if made is None:
                        return
                    sheet = made
                    sheet_id = store.new_id(time.strftime("%Y%m%d-%H%M%S"))
                    store.save(sheet_id, sheet)
        except (ThreeThirteenError, OSError) as error:
            fail(printable(str(error)))
        if csv_file is not None or json_file is not None:
            _export(sheet, csv_file, json_file)
        if push_to is not None:
            try:
                _push(store, sheet_id, sheet, push_to)
            except (ThreeThirteenError, OSError) as error:
                fail(printable(str(error)))
        if csv_file is not None or json_file is not None or push_to is not None:
            return
        path = store.path(sheet_id)
        print(f"Score sheet {sheet_id}, written to {printable(str(path))} after every entry.")
        link = load_link(store.folder, sheet_id)
        if link is not None and link.token is not None:
            print(f"Each entry is also sent to {printable(link.live)}")
        ScoreLines(sheet, save=lambda new: _save(store, sheet_id, new, link),
                   rule_words=rules_in_play).run()
        print(f"Sheet {sheet_id} kept. Go on with: three-thirteen score --resume {sheet_id}")


def _list(store: SheetStore) -> None:
    found = store.list()
    if not found:
        print(f"No score sheets in {printable(str(store.folder))}.")
        return
    for listed in found:
        sheet = listed.sheet
        if sheet is None:
            print(f"{listed.sheet_id}: cannot be read ({printable(listed.problem or '')})")
            continue
        print(f"{listed.sheet_id}: {_describe(sheet)}")


def _describe(sheet: Sheet) -> str:
    """``Ann, Bob and Cy; next: round 4. Totals: ...``: a kept sheet in one line."""
    names = text.listing([text.name(sheet, seat) for seat in range(len(sheet.names))])
    following = sheet.next_missing()
    if sheet.is_over:
        state = text.winners_text(sheet)
    elif following is not None:
        state = f"next: {text.round_name(sheet, following[0])}. {text.totals_text(sheet)}"
    else:
        state = text.totals_text(sheet)
    return f"{names}; {state}"


def _offer(waiting: Listed) -> bool | None:
    """Offer the unfinished sheet ``waiting``: True to go on with it, False for a new
    sheet (the kept one stays kept), None when the input ends."""
    assert waiting.sheet is not None
    print(f"An unfinished score sheet is kept: {waiting.sheet_id}: "
          f"{_describe(waiting.sheet)}")
    return ask_yes_no("Go on with it? Type yes, or no to start a new sheet (the kept one "
                      "stays in --list): ")


def _pull(store: SheetStore, text: str) -> tuple[str, Sheet]:
    """The sheet at a link, kept as a new local sheet (with the link, for a keeper's)."""
    link = parse_link(text)
    sheet, version = pull(link)
    sheet_id = store.new_id(time.strftime("%Y%m%d-%H%M%S"))
    store.save(sheet_id, sheet)
    if link.token is not None:
        save_link(store.folder, sheet_id, link)
    role = "keeper" if link.token is not None else "read-only copy"
    print(f"Pulled {printable(link.live)} (version {version}, {role}) as sheet {sheet_id}.")
    return sheet_id, sheet


def _push(store: SheetStore, sheet_id: str, sheet: Sheet, text: str) -> None:
    """Send the sheet to the server of ``text``: to the sheet pushed there before (or the
    keeper link given), else as a new sheet there; print its links."""
    given = parse_link(text)
    kept = load_link(store.folder, sheet_id)
    same = kept is not None and kept.server == given.server
    target = kept if kept is not None and same and (
        given.sheet is None or (given.token is None and kept.sheet == given.sheet)) else given
    link, version = push(sheet, target)
    save_link(store.folder, sheet_id, link)
    print(f"Pushed sheet {sheet_id} (version {version} there).")
    print(f"Live link, read-only, for everyone at the table: {printable(link.live)}")
    print(f"Keeper link (it can change the sheet: keep it to yourself): "
          f"{printable(link.keeper)}")


def _save(store: SheetStore, sheet_id: str, sheet: Sheet, link: Link | None) -> None:
    """Write the sheet; then, when it has a keeper's link, send it (a failure is said,
    the entry stays kept here, and the next entry sends the whole sheet again)."""
    store.save(sheet_id, sheet)
    if link is None or link.token is None:
        return
    try:
        push(sheet, link)
    except ThreeThirteenError as error:
        print(f"Warning: not sent to the server ({printable(str(error))}); it is kept "
              "here, and the next entry sends it again.")


def _read_file(path: Path) -> Sheet:
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_SHEET_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read it ({error.strerror})", str(path)) from None
    return read_sheet(data, what=path.name)


def _export(sheet: Sheet, csv_file: Path | None, json_file: Path | None) -> None:
    for target, content in ((csv_file, sheet_csv(sheet)), (json_file, sheet_text(sheet))):
        if target is None:
            continue
        if str(target) == "-":
            sys.stdout.write(content)
            continue
        try:
            write_atomic(target, content)
        except OSError as error:
            fail(f"cannot write {printable(str(target))} ({error.strerror})")
        print(f"Wrote {printable(str(target))}.")


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def _new_sheet(names: str | None, preset: str | None, rules: str | None,
               dealer: str | None) -> Sheet | None:
    """A new sheet from the options; what they do not give is asked for."""
    table = _rules(preset, rules)
    if names is not None:
        players = check_names(names.split(","))
    else:
        while True:
            answer = _ask("Players' names, clockwise, separated by commas (2 to 8): ")
            if answer is None:
                return None
            if not answer.strip():
                print("Type the players' names, separated by commas, like Ann,Bob,Cy.")
                continue
            try:
                players = check_names(answer.split(","))
                break
            except ThreeThirteenError as error:
                print(printable(str(error)))
    sheet = Sheet.start(players, table)
    if dealer is not None:
        return Sheet.start(players, table, first_dealer=_seat(sheet, dealer))
    while True:
        answer = _ask(f"Who deals the first round? A name, or Enter for {players[0]}: ")
        if answer is None:
            return None
        try:
            return Sheet.start(players, table, first_dealer=_seat(sheet, answer or "1"))
        except ThreeThirteenError as error:
            print(printable(str(error)))


def _rules(preset: str | None, rules: str | None) -> Rules:
    """The preset's rules, with the options of ``--rules`` on top."""
    data = {} if rules is None else read_json(rules, what="--rules")
    if not isinstance(data, dict):
        raise RulesError("--rules must be a JSON object of options", "rules")
    if preset is not None:
        if "preset" in data:
            raise RulesError("give the preset with --preset or in --rules, not both", "preset")
        data = {"preset": preset, **data}
    return Rules.from_json(data)


def _seat(sheet: Sheet, answer: str) -> int:
    """The seat named by ``answer``: a name (any case) or a number from 1."""
    word = " ".join(answer.split())
    for seat, name in enumerate(sheet.names):
        if name.casefold() == word.casefold():
            return seat
    if word.isdigit() and 1 <= int(word) <= len(sheet.names):
        return int(word) - 1
    raise InputError(f"no player is called {word!r}: give a name or a number 1 to "
                     f"{len(sheet.names)}", "dealer")
