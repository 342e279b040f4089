"""Score sheets on the server (issue 16): kept in the database, changed only with the
keeper's secret, shown to everyone at the table by a read-only live link.

The sheet is the scorekeeper's own value (``threethirteen.scorekeeper``): the server stores
its JSON form (``three-thirteen-scoresheet/1``, README) and every change goes through
``Sheet.enter`` / ``Sheet.undo`` / ``read_sheet``, so a stored sheet is always one the
terminal keeper could have made. No rule lives here.

Routes (JSON; every 4xx answers ``{"reason", "message"}``):

- ``POST /api/sheets`` with a sheet's JSON form: 201 ``{"sheet": id, "token": secret,
  "version": 1, "data": {...}, "view": {...}, "link": "/score/<id>"}``. The token is the
  only proof of the keeper; the server keeps its hash.
- ``GET /api/sheets/<id>``: ``{"sheet", "version", "updated", "data", "view"}`` (``data``
  the sheet's JSON form, ``view`` the ``sheet_view``). No secret needed: this is the live
  link. ``?after=V`` waits (long poll, up to ``SHEET_WAIT_SECONDS``) until the version
  passes ``V``, then answers; at the end of the wait it answers the same version.
- ``POST /api/sheets/<id>/entries`` (``Authorization: Bearer <token>``) with
  ``{"round": 3, "player": 1, "entry": "7h 8h Kd", "version": V}``: one entry in the
  terminal's notation (``12``, ``out``, ``false out 7h 8h Kd``); an entry for a round and
  player already entered is an edit. ``version`` is optional; when given and not the
  current one, 409 ``stale-version``.
- ``POST /api/sheets/<id>/undo`` (Bearer) with ``{"version": V}`` or ``{}``: the last entry
  taken back.
- ``PUT /api/sheets/<id>`` (Bearer) with ``{"sheet": {...}, "version": V}``: the whole
  sheet replaced (the terminal's push, an import).
- ``GET /api/sheets/<id>/csv`` and ``/json``: the exports, as files.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections import OrderedDict, deque
from collections.abc import Coroutine
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from threethirteen.errors import InputError, NotationError, RecordError, ThreeThirteenError
from threethirteen.jsontext import read_json
from threethirteen.scorekeeper.entry import Entry
from threethirteen.scorekeeper.errors import SheetError
from threethirteen.scorekeeper.formats import sheet_csv, sheet_from_json, sheet_json, sheet_text
from threethirteen.scorekeeper.sheet import Sheet
from threethirteen.scorekeeper.view import sheet_view
from threethirteen.server import tables as t
from threethirteen.server.limits import BURST, RATE, TokenBucket, setting
from threethirteen.server.tokens import hash_token, new_room_id, new_token

MAX_BODY = 64 * 1024  # bytes of one request body (a full 13-round sheet is ~5 KB)
MAX_VERSION = 10**9
MAX_ENTRY_TEXT = 200  # characters of one typed entry
CACHE = 256  # sheets kept parsed in memory
BUCKETS = 4096  # sheets whose rate of changes is followed


def max_entries() -> int:
    """Entries one stored sheet may hold (edits and undos included in its history)."""
    return int(setting("SHEET_MAX_ENTRIES", 2000))


def sheets_per_minute() -> float:
    """Sheets one client address may create in a minute."""
    return setting("SHEETS_PER_MINUTE", 30.0)


def wait_seconds() -> float:
    """How long ``GET ?after=V`` waits for a change before answering."""
    return setting("SHEET_WAIT_SECONDS", 15.0)


def max_waiters() -> int:
    """Long polls waiting at once, past which ``?after`` answers at once."""
    return int(setting("SHEET_MAX_WAITERS", 1000))


class Refusal(Exception):
    """A request refused: the HTTP status, a machine reason and a message."""

    def __init__(self, status: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason


class Sheets:
    """The sheets of one server: the table ``sheets``, a cache, the live-link waiters."""

    def __init__(self) -> None:
        self._cache: OrderedDict[str, tuple[int, float, Sheet]] = OrderedDict()
        # per sheet, kept only while in use: its lock with its users, the event its
        # long polls wait for with their number
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}
        self._changed: dict[str, tuple[asyncio.Event, int]] = {}
        self._waiting = 0
        self._created: dict[str, deque[float]] = {}
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()  # the last BUCKETS

    # -- storage -------------------------------------------------------------------

    async def create(self, engine: AsyncEngine, sheet: Sheet) -> tuple[str, str, float]:
        text = _stored(sheet)
        token, now = new_token(), time.time()
        sheet_id = new_room_id()
        async with engine.begin() as c:
            await c.execute(insert(t.sheets).values(
                id=sheet_id, token_hash=hash_token(token), version=1, sheet=text,
                created=now, updated=now))
        self._remember(sheet_id, 1, now, sheet)
        return sheet_id, token, now

    async def load(self, engine: AsyncEngine, sheet_id: str) -> tuple[int, float, Sheet]:
        """The sheet's version, time of change and value; 404 when there is none."""
        if len(sheet_id) > t.ID:
            raise _missing()
        async with engine.connect() as c:
            row = (await c.execute(select(t.sheets.c.version, t.sheets.c.updated)
                                   .where(t.sheets.c.id == sheet_id))).first()
            if row is None:
                raise _missing()
            cached = self._cache.get(sheet_id)
            if cached is not None and cached[0] == row.version:
                self._cache.move_to_end(sheet_id)
                return cached
            found = (await c.execute(select(t.sheets.c.version, t.sheets.c.updated,
                                            t.sheets.c.sheet)
                                     .where(t.sheets.c.id == sheet_id))).first()
        if found is None:
            raise _missing()
        try:
            sheet = sheet_from_json(json.loads(found.sheet), what=f"sheet {sheet_id}")
        except (ThreeThirteenError, ValueError) as error:  # stored by an older program
            raise Refusal(500, "sheet-broken", f"the stored sheet cannot be read: {error}"
                          ) from None
        self._remember(sheet_id, found.version, found.updated, sheet)
        return found.version, found.updated, sheet

    async def change(self, engine: AsyncEngine, sheet_id: str, token: str | None,
                     version: int | None, make: Any) -> tuple[int, float, Sheet]:
        """Apply ``make(sheet) -> Sheet`` for the keeper of ``token``; the new state."""
        lock, users = self._locks.get(sheet_id, (asyncio.Lock(), 0))
        self._locks[sheet_id] = (lock, users + 1)
        try:
            async with lock:
                state = await self._change(engine, sheet_id, token, version, make)
        finally:
            lock, users = self._locks[sheet_id]
            if users == 1:
                del self._locks[sheet_id]
            else:
                self._locks[sheet_id] = (lock, users - 1)
        changed = self._changed.pop(sheet_id, None)
        if changed is not None:
            changed[0].set()
        return state

    async def _change(self, engine: AsyncEngine, sheet_id: str, token: str | None,
                      version: int | None, make: Any) -> tuple[int, float, Sheet]:
        await self._check_token(engine, sheet_id, token)
        self._rate(sheet_id)
        current, _updated, sheet = await self.load(engine, sheet_id)
        if version is not None and version != current:
            raise Refusal(409, "stale-version", f"the sheet is at version {current}, "
                          f"not {version}: reload it and enter again")
        new = make(sheet)
        text = _stored(new)
        now = time.time()
        async with engine.begin() as c:
            done = await c.execute(update(t.sheets).where(
                t.sheets.c.id == sheet_id, t.sheets.c.version == current).values(
                version=current + 1, sheet=text, updated=now))
        if done.rowcount != 1:
            raise Refusal(409, "stale-version", "the sheet changed meanwhile: reload it")
        self._remember(sheet_id, current + 1, now, new)
        return current + 1, now, new

    def _rate(self, sheet_id: str) -> None:
        """Refuse a change past ``RATE`` a second (bursts of ``BURST``) to one sheet."""
        now = time.monotonic()
        bucket = self._buckets.pop(sheet_id, None) or TokenBucket(RATE, BURST, now)
        self._buckets[sheet_id] = bucket
        while len(self._buckets) > BUCKETS:
            self._buckets.popitem(last=False)
        if not bucket.take(now):
            raise Refusal(429, "rate-limited", f"at most {RATE:g} changes a second")

    async def wait(self, engine: AsyncEngine, sheet_id: str, after: int,
                   gone: Coroutine[Any, Any, None]) -> tuple[int, float, Sheet]:
        """The sheet once its version passes ``after``, or the wait ends, or the client
        goes away (``gone`` returns)."""
        if self._waiting >= max_waiters():
            gone.close()
            return await self.load(engine, sheet_id)
        event, waiting = self._changed.get(sheet_id, (asyncio.Event(), 0))
        self._changed[sheet_id] = (event, waiting + 1)
        self._waiting += 1
        tasks: set[asyncio.Future[Any]] = set()
        try:
            state = await self.load(engine, sheet_id)
            if state[0] != after:
                return state
            tasks = {asyncio.ensure_future(event.wait()), asyncio.ensure_future(gone)}
            await asyncio.wait(tasks, timeout=wait_seconds(),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._waiting -= 1
            for task in tasks:
                task.cancel()
            if not tasks:
                gone.close()
            found = self._changed.get(sheet_id)
            if found is not None and found[0] is event:
                if found[1] == 1:
                    del self._changed[sheet_id]
                else:
                    self._changed[sheet_id] = (event, found[1] - 1)
        return await self.load(engine, sheet_id)

    async def _check_token(self, engine: AsyncEngine, sheet_id: str,
                           token: str | None) -> None:
        async with engine.connect() as c:
            stored = (await c.execute(select(t.sheets.c.token_hash)
                                      .where(t.sheets.c.id == sheet_id))).scalar()
        if stored is None:
            raise _missing()
        if not token:
            raise Refusal(401, "bad-token", "only the sheet's keeper may change it: "
                          "send the keeper's token (Authorization: Bearer ...)")
        if not hmac.compare_digest(hash_token(token), stored):
            raise Refusal(403, "bad-token", "this token does not keep this sheet")

    def _remember(self, sheet_id: str, version: int, updated: float, sheet: Sheet) -> None:
        self._cache[sheet_id] = (version, updated, sheet)
        self._cache.move_to_end(sheet_id)
        while len(self._cache) > CACHE:
            self._cache.popitem(last=False)

    def may_create(self, address: str) -> bool:
        """True (and counted) if ``address`` made fewer sheets than allowed this minute."""
        now = time.monotonic()
        for other in [a for a, times in self._created.items() if times[-1] < now - 60]:
            del self._created[other]
        times = self._created.setdefault(address, deque())
        while times and times[0] < now - 60:
            times.popleft()
        if len(times) >= sheets_per_minute():
            return False
        times.append(now)
        return True


# -- the routes --------------------------------------------------------------------


def routes() -> list[BaseRoute]:
    """The sheets' routes, to list in the application before its catch-all ``/api``."""
    sheets = Sheets()

    async def create(request: Request) -> Response:
        engine = _engine(request)
        body = await _json(request)
        sheet = _sheet(body)
        address = request.client.host if request.client else "?"
        if not sheets.may_create(address):
            raise Refusal(429, "too-many-sheets",
                          f"at most {sheets_per_minute():g} new sheets a minute")
        sheet_id, token, now = await sheets.create(engine, sheet)
        answer = _state(sheet_id, 1, now, sheet)
        answer["token"] = token
        return JSONResponse(answer, status_code=201)

    async def read(request: Request) -> Response:
        engine, sheet_id = _engine(request), request.path_params["sheet"]
        after = request.query_params.get("after")
        if after is None:
            state = await sheets.load(engine, sheet_id)
        else:
            if not after.isdigit() or len(after) > 10:
                raise Refusal(400, "bad-message", "after is a version: a whole number")
            state = await sheets.wait(engine, sheet_id, int(after), _gone(request))
        return JSONResponse(_state(sheet_id, *state), headers={"Cache-Control": "no-store"})

    async def enter(request: Request) -> Response:
        body = await _json(request)
        _only(body, {"round", "player", "entry", "version"})
        number, seat = _number(body, "round"), _number(body, "player")
        text = body.get("entry")
        if not isinstance(text, str) or len(text) > MAX_ENTRY_TEXT:
            raise Refusal(400, "bad-message", "entry is the text typed for the player "
                          f"(at most {MAX_ENTRY_TEXT} characters): 12, out, 7h 8h Kd")
        entry = _checked(lambda: Entry.parse(text))
        return await _changed(request, body,
                              lambda sheet: _checked(lambda: sheet.enter(number, seat, entry)))

    async def undo(request: Request) -> Response:
        body = await _json(request)
        _only(body, {"version"})
        return await _changed(request, body, lambda sheet: _checked(sheet.undo))

    async def replace(request: Request) -> Response:
        body = await _json(request)
        _only(body, {"sheet", "version"})
        if "sheet" not in body:
            raise Refusal(400, "bad-message", 'send {"sheet": <the sheet\'s JSON form>}')
        new = _sheet(body["sheet"])
        return await _changed(request, body, lambda _old: new)

    async def _changed(request: Request, body: dict[str, Any], make: Any) -> Response:
        version = body.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)
                                    or not 0 <= version <= MAX_VERSION):
            raise Refusal(400, "bad-message", "version is a whole number")
        sheet_id = request.path_params["sheet"]
        state = await sheets.change(_engine(request), sheet_id, _token(request), version,
                                    make)
        return JSONResponse(_state(sheet_id, *state))

    async def export_csv(request: Request) -> Response:
        sheet_id = request.path_params["sheet"]
        _version, _updated, sheet = await sheets.load(_engine(request), sheet_id)
        return Response(sheet_csv(sheet), media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.csv"'})

    async def export_json(request: Request) -> Response:
        sheet_id = request.path_params["sheet"]
        _version, _updated, sheet = await sheets.load(_engine(request), sheet_id)
        return Response(sheet_text(sheet), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.json"'})

    return [
        Route("/api/sheets", _guarded(create), methods=["POST"]),
        Route("/api/sheets/{sheet}", _guarded(read), methods=["GET"]),
        Route("/api/sheets/{sheet}", _guarded(replace), methods=["PUT"]),
        Route("/api/sheets/{sheet}/entries", _guarded(enter), methods=["POST"]),
        Route("/api/sheets/{sheet}/undo", _guarded(undo), methods=["POST"]),
        Route("/api/sheets/{sheet}/csv", _guarded(export_csv), methods=["GET"]),
        Route("/api/sheets/{sheet}/json", _guarded(export_json), methods=["GET"]),
    ]


def _guarded(handler: Any) -> Any:
    async def run(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except Refusal as refusal:
            return JSONResponse({"reason": refusal.reason, "message": str(refusal)},
                                status_code=refusal.status)
        return response
    return run


def _engine(request: Request) -> AsyncEngine:
    store = getattr(request.app.state.server, "store", None)
    if store is None or getattr(request.app.state.server, "lobby", None) is None:
        raise Refusal(503, "starting", "the server is starting")
    engine: AsyncEngine = store.engine
    return engine


async def _gone(request: Request) -> None:
    """Return once the client has gone away."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()[:200] or None
    return None


async def _json(request: Request) -> dict[str, Any]:
    """The request's JSON object, read within ``MAX_BODY``."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refusal(413, "too-large", f"a request body holds at most {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        data = read_json(b"".join(chunks) or b"{}", what="body", max_bytes=MAX_BODY)
    except InputError as error:
        raise Refusal(400, "bad-message", str(error)) from None
    if not isinstance(data, dict):
        raise Refusal(400, "bad-message", "the body is a JSON object")
    return data


def _only(body: dict[str, Any], keys: set[str]) -> None:
    unknown = sorted(set(body) - keys)
    if unknown:
        raise Refusal(400, "bad-message", f"unknown field {unknown[0][:40]!r}")


def _number(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
        raise Refusal(400, "bad-message", f"{key} must be a whole number, not {value!r:.40}")
    return value


def _sheet(data: Any) -> Sheet:
    """A sheet from its JSON form, every entry checked; 400 naming the fault."""
    if isinstance(data, dict) and isinstance(data.get("entries"), list) and (
            len(data["entries"]) > max_entries()):
        raise Refusal(413, "too-large", f"a stored sheet holds at most {max_entries()} "
                      "entries")
    try:
        return sheet_from_json(data, what="sheet")
    except RecordError as error:
        raise Refusal(400, "bad-sheet", str(error)) from None
    except ThreeThirteenError as error:
        raise Refusal(400, "bad-sheet", str(error)) from None


def _checked(make: Any) -> Any:
    """``make()``, its refusals as 400 with the scorekeeper's reason."""
    try:
        return make()
    except SheetError as error:
        raise Refusal(400, error.reason, str(error)) from None
    except NotationError as error:
        raise Refusal(400, "bad-card", str(error)) from None
    except ThreeThirteenError as error:
        raise Refusal(400, "bad-entry", str(error)) from None


def _stored(sheet: Sheet) -> str:
    if len(sheet.changes) > max_entries():
        raise Refusal(413, "too-large", f"a stored sheet holds at most {max_entries()} "
                      "entries")
    return json.dumps(sheet_json(sheet), ensure_ascii=False, separators=(",", ":"))


def _state(sheet_id: str, version: int, updated: float, sheet: Sheet) -> dict[str, Any]:
    return {"sheet": sheet_id, "version": version, "updated": updated,
            "link": f"/score/{sheet_id}", "data": sheet_json(sheet), "view": sheet_view(sheet)}


def _missing() -> Refusal:
    return Refusal(404, "no-such-sheet", "there is no such sheet")
