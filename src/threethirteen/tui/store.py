"""Games on disk: the game in progress, saved after every change a person can see, and
the records of finished games.

The data directory is ``$THREE_THIRTEEN_HOME``, else ``$XDG_DATA_HOME/three-thirteen``,
else ``~/.local/share/three-thirteen``. It holds ``saved-game.json`` (the seed, rules,
names, levels, actions, hints and undos of the game in progress; resuming replays them)
and ``games/<date>-<time>-<seed>.json``, one record (INTERFACES.md §3) per finished game,
and ``settings.json``: the pace and the sort order last chosen, for the next game.
A speed game (its rules say ``mode`` speed) is saved in the same file, with the caller's
actions marked (``tui.speedsession``), and recorded as a speed record.

Every file is written atomically (``threethirteen.files.write_atomic``): a kill at any
moment leaves the old file or the new one. A ``Keeper`` writes the save after each
change, before the change is shown; when the folder cannot be written the game goes on
in memory, the person is told once, and each later change tries again. A finished game
is first saved as finished (naming its record), then recorded, and only then is the save
removed: a crash or a failed write in between loses nothing, and the next start finishes
the job. A save that cannot be read is set aside (never overwriting an earlier one) and
the person is told where.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from threethirteen.datadir import data_dir as data_dir  # re-exported: the data directory
from threethirteen.errors import ThreeThirteenError
from threethirteen.files import set_aside, write_atomic
from threethirteen.jsontext import MAX_JSON_BYTES, read_json
from threethirteen.printable import printable
from threethirteen.record import dumps_record
from threethirteen.tui.fields import need_object
from threethirteen.tui.session import Session
from threethirteen.tui.speedsession import SpeedSession

AnySession = Session | SpeedSession  # a game played in turns, or a speed game

SAVED_NAME = "saved-game.json"
SETTINGS_NAME = "settings.json"
MAX_SETTINGS_BYTES = 4096
RECORDS_DIR = "games"
RECORD_KEY = "record"  # in the save of a finished game: where its record goes
STALE_SECONDS = 60.0  # a temporary file older than this is a crash's leftover
MAX_REASON = 200  # characters of why a save could not be read

Teller = Callable[[str], None]


def saved_path() -> Path:
    """The file of the game in progress."""
    return data_dir() / SAVED_NAME


def why(error: OSError) -> str:
    """An operating system error in a few words (``Permission denied``)."""
    return error.strerror or str(error)


class Keeper:
    """Keeps one game on disk: ``keep(session)`` after every change, before it is shown.

    ``tell`` says things to the person (a line each): that the game cannot be saved (once,
    until saving works again), that it is saved again, where a record could not go.
    """

    def __init__(self, folder: Path | None = None, *, tell: Teller = print) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.tell = tell
        self.failure: str | None = None  # why the last write failed, None when it worked
        self.saved: Path | None = None  # the save written last
        self.record_path: Path | None = None  # where the finished game's record is (to be)
        self.recorded = False  # the record is on disk
        self._written: str | None = None  # the text of the last save written

    @property
    def save_path(self) -> Path:
        return self.folder / SAVED_NAME

    def preferences(self) -> dict[str, Any]:
        """The settings the person last chose (``pace``, ``sort``); empty when none are
        kept or the file cannot be read (a setting is never worth an error)."""
        try:
            with (self.folder / SETTINGS_NAME).open("rb") as stream:
                data = read_json(stream.read(MAX_SETTINGS_BYTES + 1), what=SETTINGS_NAME,
                                 max_bytes=MAX_SETTINGS_BYTES)
        except (OSError, ThreeThirteenError):
            return {}
        return data if isinstance(data, dict) else {}

    def remember(self, **settings: Any) -> None:
        """Keep ``settings`` (with the others kept) for the next game; a failure to write
        them changes nothing."""
        kept = {**self.preferences(), **settings}
        with contextlib.suppress(OSError):
            write_atomic(self.folder / SETTINGS_NAME, json.dumps(kept) + "\n")

    def keep(self, session: AnySession) -> None:
        """Write what ``session`` is now: the save, or, once over, the record."""
        if session.is_over:
            self._finish(session)
        else:
            self._save(session.to_json())

    def _save(self, data: dict[str, Any]) -> bool:
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if text == self._written and self.failure is None:
            return True
        try:
            self.saved = write_atomic(self.save_path, text)
        except OSError as error:
            self._failed(f"the game cannot be saved in {self.folder} ({why(error)})")
            return False
        self._written = text
        if self.failure is not None:
            self.failure = None
            self.tell(f"The game is saved again, in {self.save_path}.")
        return True

    def _failed(self, reason: str) -> None:
        if self.failure is None:
            self.tell(f"Note: {reason}. The game goes on; it is kept in memory and saved "
                      "as soon as that works.")
        self.failure = reason

    def _finish(self, session: AnySession) -> None:
        if self.recorded:
            return
        if self.record_path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.record_path = self.folder / RECORDS_DIR / f"{stamp}-{session.setup.seed}.json"
        self._save({**session.to_json(), RECORD_KEY: self.record_path.name})
        self.write_record(session)

    def write_record(self, session: AnySession, path: Path | None = None) -> bool:
        """Write the finished game's record (to ``path``, else where it belongs), then
        remove the save. False, with ``failure`` set, when the record could not be written."""
        target = path if path is not None else self.record_path
        assert target is not None
        try:
            self.record_path = write_atomic(target, dumps_record(session.record()))
        except OSError as error:
            self._failed(f"the game's record cannot be written to {target} ({why(error)})")
            return False
        self.recorded = True
        self.failure = None
        try:
            self.save_path.unlink(missing_ok=True)
        except OSError as error:  # the record is safe; the save will be tidied next time
            self.tell(f"Note: the saved game {self.save_path} could not be removed "
                      f"({why(error)}); the next start removes it.")
        return True

    def forget(self) -> bool:
        """Remove the saved game (the person said no to resuming it); False if it stays."""
        try:
            self.save_path.unlink(missing_ok=True)
        except OSError as error:
            self.tell(f"The saved game {self.save_path} could not be removed ({why(error)}).")
            return False
        return True

    def load(self) -> tuple[AnySession | None, str | None]:
        """The saved game, if any, and a message for the person, if any.

        A save that cannot be read is set aside as ``saved-game.json.bad`` (``.bad.2``,
        ... when taken). The save of a finished game is recorded now and removed.
        """
        path = self.save_path
        try:
            if path.exists() and not path.is_file():  # a folder, a pipe: never read it
                return None, self._set_aside("it is not a file")
            with path.open("rb") as stream:
                raw = stream.read(MAX_JSON_BYTES + 1)
        except (FileNotFoundError, NotADirectoryError):
            return None, None
        except OSError as error:
            return None, self._set_aside(f"it cannot be read ({why(error)})")
        try:
            data = read_json(raw, what=SAVED_NAME)
            session = session_from_json(data, what=SAVED_NAME)
        except ThreeThirteenError as error:
            return None, self._set_aside(str(error))
        if not session.is_over:
            return session, None
        name = data.get(RECORD_KEY)
        if not isinstance(name, str) or not _plain_name(name):
            name = f"{time.strftime('%Y%m%d-%H%M%S')}-{session.setup.seed}.json"
        target = self.folder / RECORDS_DIR / name
        if target.exists():  # recorded already; only the save was left
            self.forget()
            return None, f"The finished game's record is in {target}."
        if self.write_record(session, target):
            return None, f"A finished game was waiting to be recorded: {target}."
        return None, (f"A finished game is waiting to be recorded, but {self.failure}; "
                      f"it stays in {path}.")

    def _set_aside(self, reason: str) -> str:
        path = self.save_path
        reason = printable(reason)
        if len(reason) > MAX_REASON:
            reason = reason[:MAX_REASON] + "…"
        said = f"The saved game {path} could not be read: {reason}."
        try:
            aside = set_aside(path)
        except OSError as error:
            return f"{said} It could not be moved aside ({why(error)}); a new game starts."
        return f"{said} It was kept as {aside}; a new game starts."

    def tidy(self) -> None:
        """Remove temporary files that a crash left behind (older than a minute)."""
        try:
            leftovers = list(self.folder.glob(f".{SAVED_NAME}.*.tmp"))
            leftovers += list((self.folder / RECORDS_DIR).glob(".*.tmp"))
            now = time.time()
            for leftover in leftovers:
                if now - leftover.stat().st_mtime > STALE_SECONDS:
                    leftover.unlink()
        except OSError:
            pass


def _plain_name(name: str) -> bool:
    """A file name without folders or oddities (a record's name from a save)."""
    return (0 < len(name) <= 100 and name.endswith(".json") and not name.startswith(".")
            and all(char.isalnum() or char in "-_." for char in name))


def load_saved() -> tuple[AnySession | None, str | None]:
    """The saved game in the data directory (``Keeper.load``)."""
    return Keeper().load()


def save_game(session: AnySession) -> Path | None:
    """Write ``session`` into the data directory: the save, or its record once it is over.
    The file written, None when it could not be (the reason is printed)."""
    keeper = Keeper()
    keeper.keep(session)
    return keeper.record_path if session.is_over else keeper.saved


def forget_saved() -> None:
    """Remove the saved game (declined, or finished)."""
    saved_path().unlink(missing_ok=True)


def session_from_json(data: object, what: str = "saved game") -> AnySession:
    """The saved game in ``data``: a speed game when its rules say ``mode`` speed."""
    rules = need_object(data, what).get("rules")
    if isinstance(rules, dict) and rules.get("mode") == "speed":
        return SpeedSession.from_json(data, what)
    return Session.from_json(data, what)


def describe_saved(session: AnySession) -> str:
    """One line about a saved game, to offer it (names shown printable); a speed game
    says so, and which call it is at."""
    view = session.view()
    scores = ", ".join(f"{printable(name)} {total}" for name, total
                       in zip(view.players, view.totals, strict=True))
    where = f"round {view.round_number} of {view.rules.rounds}"
    if isinstance(session, SpeedSession):
        where = f"a speed game (3-13 Speed), {where}, call {session.game.call}"
    return f"{where} against {len(view.players) - 1} opponents; scores {scores}"
