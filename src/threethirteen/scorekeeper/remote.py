"""A sheet on a game server (issue 16): pushed to it, pulled from it by its link.

The server keeps sheets at ``/api/sheets`` (``threethirteen.server.sheets``); a sheet's
read-only live link is ``<server>/score/<id>``, its keeper link the same with
``#key=<token>``. The terminal remembers where it pushed a sheet, with the keeper's token,
in ``<id>.link.json`` beside the sheet's file, so later pushes change the same sheet.

>>> parse_link("http://127.0.0.1:8313/score/abc_DEF-12#key=" + "k" * 24)
Link(server='http://127.0.0.1:8313', sheet='abc_DEF-12', token='kkkkkkkkkkkkkkkkkkkkkkkk')
>>> parse_link("https://cards.example.org/")
Link(server='https://cards.example.org', sheet=None, token=None)
>>> parse_link("ftp://x/score/1")
Traceback (most recent call last):
...
threethirteen.errors.InputError: ftp://x/score/1: a server's address starts with http:// or https://
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from threethirteen.errors import InputError, RecordError
from threethirteen.files import write_atomic
from threethirteen.jsontext import read_json
from threethirteen.scorekeeper.formats import MAX_SHEET_BYTES, sheet_from_json, sheet_json
from threethirteen.scorekeeper.sheet import Sheet

TIMEOUT = 15.0  # seconds for one request
_SHEET_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,200}")


@dataclass(frozen=True, slots=True)
class Link:
    """Where a sheet lives: the server's base address, the sheet's id there (None: not
    yet pushed), and the keeper's token (None: read-only)."""

    server: str
    sheet: str | None = None
    token: str | None = None

    @property
    def live(self) -> str:
        """The read-only live link."""
        return f"{self.server}/score/{self.sheet}"

    @property
    def keeper(self) -> str:
        """The keeper link (it holds the secret: not for sharing)."""
        return f"{self.live}#key={self.token}"


def parse_link(text: str) -> Link:
    """A server (``http://host:8313``), a live link (``.../score/<id>``), a keeper link
    (``.../score/<id>#key=<token>``) or an API address (``.../api/sheets/<id>``)."""
    where = text[:200]
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InputError("a server's address starts with http:// or https://", where)
    server = f"{parts.scheme}://{parts.netloc}"
    path = [piece for piece in parts.path.split("/") if piece]
    sheet = None
    if path[-2:-1] == ["score"] or path[-2:-1] == ["sheets"]:
        sheet = path[-1]
        if not _SHEET_ID.fullmatch(sheet):
            raise InputError("a sheet's id is letters, digits, - and _", where)
    elif path and path != ["score"]:
        raise InputError("a sheet's link looks like http://host:8313/score/<id>", where)
    token = None
    if parts.fragment:
        found = re.fullmatch(r"key=(.*)", parts.fragment)
        if found is None or not _TOKEN.fullmatch(found.group(1)):
            raise InputError("a keeper link ends in #key= and the keeper's token", where)
        token = found.group(1)
    return Link(server, sheet, token)


# -- the server ----------------------------------------------------------------------------


def push(sheet: Sheet, link: Link) -> tuple[Link, int]:
    """Send ``sheet`` to ``link``'s server: a new sheet there without ``link.sheet``, else
    the keeper's change of that one. The link to keep, and the version there now."""
    if link.sheet is None:
        answer = _call("POST", f"{link.server}/api/sheets", sheet_json(sheet), None)
        return Link(link.server, str(answer["sheet"]), str(answer["token"])), answer["version"]
    if link.token is None:
        raise InputError("only the keeper may change a sheet on the server: push with the "
                         "keeper link (it ends in #key=...)", link.live)
    answer = _call("PUT", f"{link.server}/api/sheets/{link.sheet}", {"sheet": sheet_json(sheet)},
                   link.token)
    return link, answer["version"]


def pull(link: Link) -> tuple[Sheet, int]:
    """The sheet at ``link`` and its version there."""
    if link.sheet is None:
        raise InputError("say which sheet: its link looks like http://host:8313/score/<id>",
                         link.server)
    answer = _call("GET", f"{link.server}/api/sheets/{link.sheet}", None, None)
    try:
        return sheet_from_json(answer.get("data"), what=link.live), answer["version"]
    except RecordError as error:
        raise InputError(f"the server sent a sheet that does not read: {error}",
                         link.live) from None


def _call(method: str, url: str, body: Any, token: str | None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    where = url.split("#")[0]
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310
            raw = response.read(MAX_SHEET_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise InputError(_refusal(error), where) from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", None) or error
        raise InputError(f"the server cannot be reached ({reason})", where) from None
    answer = read_json(raw, what=where, max_bytes=MAX_SHEET_BYTES)
    if not isinstance(answer, dict) or not isinstance(answer.get("version"), int):
        raise InputError("the answer is not a score sheet's (is this a three-thirteen "
                         "server?)", where)
    return answer


def _refusal(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read(64 * 1024).decode("utf-8", "replace"))
        message = str(body["message"])
    except (ValueError, KeyError, TypeError, OSError):
        message = error.reason or "refused"
    return f"the server refused it ({error.code}): {message}"


# -- links kept beside the sheets ------------------------------------------------------------


def link_path(folder: Path, sheet_id: str) -> Path:
    """Where the terminal keeps the link of its sheet ``sheet_id``."""
    return folder / f"{sheet_id}.link.json"


def save_link(folder: Path, sheet_id: str, link: Link) -> None:
    """Remember ``link`` for the local sheet ``sheet_id`` (written atomically)."""
    write_atomic(link_path(folder, sheet_id), json.dumps(
        {"server": link.server, "sheet": link.sheet, "token": link.token}) + "\n")


def load_link(folder: Path, sheet_id: str) -> Link | None:
    """The link remembered for ``sheet_id``, None without one (or one that does not read)."""
    try:
        data = json.loads(link_path(folder, sheet_id).read_text(encoding="utf-8"))
        link = Link(str(data["server"]), data["sheet"], data["token"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not all(value is None or isinstance(value, str) for value in (link.sheet, link.token)):
        return None
    return link
