"""Browser tests: a real ``three-thirteen serve`` on a free loopback port with its own data
directory, driven by Debian's Chromium through Playwright.

Chromium comes from Debian (``make test`` installs it; Playwright cannot download browsers
here). Without it, or without the built browser game, these tests skip with the reason,
except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
# THREE_THIRTEEN_WEB_DIST: a build of one's own (`WEB_OUT_DIR=... npx vite build`), which
# the server started below serves as well.
DIST = Path(os.environ.get("THREE_THIRTEEN_WEB_DIST")
            or ROOT / "src" / "threethirteen" / "web" / "dist") / "index.html"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
# Every page of every context starts with these settings unless a test wrote its own: the
# other seats' moves shown at once (pace "instant") and the "Best discard" aid on, which the
# helpers in table.py read. A test that needs another pace writes the settings itself (an
# init script of its own runs after this one).
SETTINGS = """(() => {
  try {
    if (localStorage.getItem('three-thirteen.settings') === null) {
      localStorage.setItem('three-thirteen.settings',
        JSON.stringify({pace: 'instant', bestDiscard: true}));
    }
  } catch (error) { /* a page without storage (about:blank) */ }
})();"""


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(f"BROWSER TESTS SKIPPED: {reason}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base address of a running server with a fresh SQLite database."""
    if not DIST.is_file():
        _missing("the browser game is not built (run `make web`)")
    try:
        import uvicorn  # noqa: F401
    except ImportError:
        _missing("the server extra is not installed (pip install -e '.[server]')")
    home = tmp_path_factory.mktemp("serve-home")
    port = _free_port()
    env = {**os.environ, "THREE_THIRTEEN_HOME": str(home)}
    env.pop("THREE_THIRTEEN_DB", None)
    log = (home / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-c", "from threethirteen.cli import main; main()",
         "serve", "--port", str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the server did not start: {(home / 'server.log').read_text()}")
        time.sleep(0.1)
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One headless Chromium per test module.

    Not per session: Playwright's synchronous API keeps an event loop running while it is
    open, and later tests (the server's, the terminal game's) call ``asyncio.run``."""
    if not (Path(CHROMIUM).is_file() or shutil.which("chromium")):
        _missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is missing (pip install -e '.[test]')")
    from playwright.sync_api import expect

    # The machine may be busy (two cores shared): assertions wait as long as actions do.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium"),
            args=CHROMIUM_ARGS,
        )
        new_context = launched.new_context

        def with_settings(*args: object, **kwargs: object) -> object:
            made = new_context(*args, **kwargs)  # type: ignore[arg-type]
            made.add_init_script(SETTINGS)
            return made

        # Every context gets the settings: the `context` fixture's, page_in's and those the
        # tests make with browser.new_context.
        launched.new_context = with_settings  # type: ignore[method-assign,assignment]
        yield launched
        launched.close()


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    """A fresh browser profile (its own localStorage) at desktop size."""
    made = browser.new_context(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    made.set_default_timeout(15_000)
    yield made
    made.close()


@pytest.fixture
def page(context: object) -> object:
    return context.new_page()  # type: ignore[attr-defined]
