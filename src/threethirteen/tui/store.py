"""Games on disk: the game in progress, saved on quit and offered on the next start, and
the records of finished games.

The data directory is ``$THREE_THIRTEEN_HOME``, else ``$XDG_DATA_HOME/three-thirteen``,
else ``~/.local/share/three-thirteen``. It holds ``saved-game.json`` (the seed, rules,
names, levels and actions of the game in progress; resuming replays them) and
``games/<date>-<time>-<seed>.json``, one record (INTERFACES.md §3) per finished game.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from threethirteen.errors import ThreeThirteenError
from threethirteen.record import save_record
from threethirteen.tui.session import Session

SAVED_NAME = "saved-game.json"
RECORDS_DIR = "games"


def data_dir() -> Path:
    """Where games are kept (created when something is written)."""
    home = os.environ.get("THREE_THIRTEEN_HOME")
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "three-thirteen"


def saved_path() -> Path:
    """The file of the game in progress."""
    return data_dir() / SAVED_NAME


def save_game(session: Session) -> Path:
    """Keep ``session`` to be resumed; a finished game is recorded instead (and any saved
    game removed). Returns the file written."""
    if session.is_over:
        forget_saved()
        return write_record(session)
    path = saved_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(session.to_json(), indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)
    return path


def load_saved() -> tuple[Session | None, str | None]:
    """The saved game, if any, and a message when a saved file could not be read (the file
    is then set aside as ``saved-game.json.bad`` so that it is not offered again)."""
    path = saved_path()
    if not path.exists():
        return None, None
    try:
        session = Session.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, ThreeThirteenError) as error:
        path.replace(path.with_name(SAVED_NAME + ".bad"))
        return None, f"The saved game could not be read ({error}); it was set aside."
    return session, None


def forget_saved() -> None:
    """Remove the saved game (declined, or finished)."""
    saved_path().unlink(missing_ok=True)


def write_record(session: Session) -> Path:
    """Write the record of ``session`` (with its hints and undos) into the data directory."""
    folder = data_dir() / RECORDS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{session.setup.seed}.json"
    save_record(session.record(), path)
    return path


def describe_saved(session: Session) -> str:
    """One line about a saved game, to offer it."""
    view = session.view()
    scores = ", ".join(f"{name} {total}" for name, total in zip(view.players, view.totals,
                                                                 strict=True))
    return (f"round {view.round_number} of {view.rules.rounds} against "
            f"{len(view.players) - 1} opponents; scores {scores}")
