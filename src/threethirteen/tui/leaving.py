"""The words at the start and the end of a game: the question about a saved game, and
what happens to the game when the person leaves.

Both ask with ``read`` and answer with ``write`` (``input`` and ``print`` by default), so
they work after the full-screen table has closed as well as in the plain mode. Nothing
is deleted without a clear answer; a game that could not be written is never dropped
silently: the person may try again, write it elsewhere, or have it printed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from threethirteen.printable import printable
from threethirteen.record import dumps_record
from threethirteen.rules import Mode
from threethirteen.tui.store import AnySession, Keeper

Reader = Callable[[str], str]
Writer = Callable[[str], None]

YES = ("y", "yes")
NO = ("n", "no")


def yes_no(answer: str, *, enter: bool | None = None) -> bool | None:
    """A typed answer read as yes (True) or no (False); None when it is neither. An empty
    answer (Enter alone) counts as ``enter``.

    >>> yes_no(" Yes"), yes_no("n"), yes_no("maybe"), yes_no("", enter=True)
    (True, False, None, True)
    """
    word = answer.strip().lower()
    if not word:
        return enter
    return True if word in YES else False if word in NO else None


def ask_yes_no(question: str, *, read: Reader = input, write: Writer = print) -> bool | None:
    """Ask until the answer is a clear yes or no; None when the input ends."""
    while True:
        try:
            answer = read(question).strip().lower()
        except (EOFError, KeyboardInterrupt):
            write("")
            return None
        said = yes_no(answer)
        if said is not None:
            return said
        write(f"Please answer yes or no (not {printable(answer[:40])!r}).")


def leave(keeper: Keeper, session: AnySession, *, read: Reader = input,
          write: Writer = print) -> None:
    """Make sure ``session`` is on disk as the person leaves, and say where.

    A finished game's record, or a game in progress: when it cannot be written, the
    person may try again, name another file (a record only) or leave; if the input ends,
    the game is printed as JSON, so that it is not lost.
    """
    keeper.tell = write
    keeper.keep(session)
    if session.is_over:
        _leave_finished(keeper, session, read, write)
    else:
        _leave_unfinished(keeper, session, read, write)


def _leave_finished(keeper: Keeper, session: AnySession, read: Reader, write: Writer) -> None:
    while not keeper.recorded:
        write(f"The game's record could not be written: {keeper.failure}.")
        try:
            answer = read("Press Enter to try again, type a file name to write it there, "
                          "show to print it here, or quit to leave without it: ").strip()
        except (EOFError, KeyboardInterrupt):
            write("")
            _print_record(session, write)
            return
        if answer.lower() in ("q", "quit"):
            write("The record was not written.")
            return
        if answer.lower() == "show":
            _print_record(session, write)
            continue
        target = None
        if answer:
            target = Path(answer).expanduser()
            if target.is_dir() and keeper.record_path is not None:
                target = target / keeper.record_path.name
        keeper.write_record(session, target)
    write(f"The game's record: {keeper.record_path}")
    write(f"Step through it with: three-thirteen replay --step {keeper.record_path}")
    if session.setup.rules.mode is not Mode.SPEED:  # analyze judges games played in turns
        write("See where you lost points: three-thirteen analyze "
              f"{keeper.record_path} --seat 0")


def _leave_unfinished(keeper: Keeper, session: AnySession, read: Reader, write: Writer) -> None:
    while keeper.failure is not None:
        write(f"The game could not be saved: {keeper.failure}.")
        try:
            answer = read("Press Enter to try again, show to print it here, or quit to "
                          "leave without saving: ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            write("")
            _print_save(keeper, session, write)
            return
        if answer in ("q", "quit"):
            write("The game was not saved.")
            return
        if answer == "show":
            _print_save(keeper, session, write)
            continue
        keeper.keep(session)
    write(f"Game saved to {keeper.save_path}; three-thirteen play offers to resume it.")


def _print_record(session: AnySession, write: Writer) -> None:
    write("The game's record (three-thirteen replay reads it), to keep as a .json file:")
    write(dumps_record(session.record()).rstrip("\n"))


def _print_save(keeper: Keeper, session: AnySession, write: Writer) -> None:
    write(f"The saved game; written to {keeper.save_path}, it can be resumed:")
    write(json.dumps(session.to_json(), indent=1))
