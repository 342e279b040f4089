"""The browser game's built files (``threethirteen/web/dist``): ``/assets/*`` as files, and
``index.html`` for the app's own addresses (``/``, ``/play``, ``/r/<id>``, ...)."""

from __future__ import annotations

import os
from pathlib import Path

from starlette.responses import FileResponse, HTMLResponse, Response

# THREE_THIRTEEN_WEB_DIST serves another build (a developer's or a test's own): see the README.
DIST = Path(os.environ.get("THREE_THIRTEEN_WEB_DIST")
            or Path(__file__).resolve().parent.parent / "web" / "dist")

MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Three-Thirteen server</title></head>
<body><h1>Three-Thirteen server</h1>
<p>The server is running, but the browser game is not built.
Build it with <code>make web</code> (it writes <code>src/threethirteen/web/dist</code>),
then reload this page.</p>
<p>The HTTP API and the WebSocket work without it: see <code>docs/protocol.md</code>.</p>
</body></html>
"""


def page(path: str, dist: Path = DIST) -> Response:
    """The answer to a GET outside ``/api``, ``/ws`` and ``/healthz``."""
    if path.startswith("assets/"):
        found = _inside(dist, path)
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain")
        return FileResponse(found)
    if path and "/" not in path and "." in path:  # favicon.ico, robots.txt, ...
        found = _inside(dist, path)
        if found is not None:
            return FileResponse(found)
    index = dist / "index.html"
    if index.is_file():
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
    return HTMLResponse(MISSING)


def _inside(dist: Path, path: str) -> Path | None:
    """``dist/path`` if it is a file inside ``dist`` (no way out with ``..``)."""
    try:
        found = (dist / path).resolve()
        found.relative_to(dist.resolve())
    except (ValueError, OSError):
        return None
    return found if found.is_file() else None
