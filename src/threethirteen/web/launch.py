"""Open the browser on the game once the server answers (``three-thirteen serve --open``).

Where no browser can be opened (a server without a desktop, SSH), the address is printed.
"""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Callable

QUICK_GAME = "/play?opponents=3&level=medium"


def address(host: str, port: int, path: str = QUICK_GAME) -> str:
    """The address a person opens: loopback when the server listens everywhere.

    >>> address("0.0.0.0", 8313)
    'http://127.0.0.1:8313/play?opponents=3&level=medium'
    >>> address("::1", 9000, "/")
    'http://[::1]:9000/'
    """
    shown = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}{path if path.startswith('/') else '/' + path}"


def wait_until_ready(url: str, timeout: float = 30.0, pause: float = 0.1) -> bool:
    """True once ``url`` answers 200 within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:  # noqa: S310 (loopback)
                if answer.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(pause)
    return False


def open_when_ready(
    host: str, port: int, path: str = QUICK_GAME, *,
    opener: Callable[[str], bool] = webbrowser.open, say: Callable[[str], None] = print,
) -> threading.Thread:
    """In the background: wait for ``/healthz``, then open the browser (or print the address)."""
    page = address(host, port, path)

    def run() -> None:
        if not wait_until_ready(address(host, port, "/healthz")):
            say(f"The server did not answer; open {page} yourself once it runs.")
            return
        try:
            opened = opener(page)
        except webbrowser.Error:
            opened = False
        say(f"Playing at {page}" if opened else f"Open {page} in your browser to play.")

    thread = threading.Thread(target=run, name="open-browser", daemon=True)
    thread.start()
    return thread
