"""``three-thirteen serve``: the online game server (INTERFACES.md §5, docs/protocol.md)."""

from __future__ import annotations

import logging
import os
from typing import Annotated

import typer

from threethirteen.cli.common import fail

DB_VARIABLE = "THREE_THIRTEEN_DB"
MAX_WS_BYTES = 64 * 1024  # larger WebSocket frames close the socket (the protocol caps 4 KiB)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(
            help="Address to listen on; 0.0.0.0 for every network of this machine")
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on")] = 8313,
        db: Annotated[str | None, typer.Option(
            help="SQLAlchemy URL of the database, e.g. postgresql+asyncpg://user@host/db "
                 f"(default: ${DB_VARIABLE}, else SQLite in the data directory)")] = None,
        access_log: Annotated[bool, typer.Option(
            "--access-log", help="Log every HTTP request")] = False,
        open_page: Annotated[str | None, typer.Option(
            "--open", help="Open the browser at this page once the server runs, "
                           "e.g. '/play?opponents=3&level=medium' (prints it without a browser)")
        ] = None,
    ) -> None:
        """Serve online games: rooms over HTTP, play over a WebSocket, the browser game."""
        try:
            import uvicorn

            from threethirteen.server.app import create_app
            from threethirteen.server.gctune import tune
        except ImportError as missing:
            fail(f"the server needs its extra: pip install 'three-thirteen[server]' "
                 f"({missing.name} is missing)")
        if not 0 < port < 65536:
            fail(f"--port is 1 to 65535, not {port}")
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
        url = db or os.environ.get(DB_VARIABLE) or None
        if url is None:  # the data directory's SQLite file: a bad directory is one line
            from threethirteen.errors import ThreeThirteenError
            from threethirteen.server.store import default_url

            try:
                url = default_url()
            except ThreeThirteenError as error:
                fail(str(error))
        if open_page is not None:
            from threethirteen.web.launch import open_when_ready

            open_when_ready(host, port, open_page)
        app = create_app(url)
        tune()  # garbage collection for many live games (server/gctune.py)
        uvicorn.run(app, host=host, port=port, ws_per_message_deflate=False,
                    ws_max_size=MAX_WS_BYTES, access_log=access_log, log_level="info",
                    timeout_graceful_shutdown=3)
