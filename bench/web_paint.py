"""How soon the browser game paints, and how big its bundle is.

    .venv/bin/python bench/web_paint.py [--dist DIR] [--runs 15]

Starts ``three-thirteen serve`` on a free loopback port serving the build in ``--dist``
(default: the package's own ``src/threethirteen/web/dist``), then loads the lobby (``/``)
and a quick game (``/play?opponents=3&level=medium&seed=1``) ``--runs`` times each, every
load in a fresh Chromium context (Debian's ``/usr/bin/chromium`` through Playwright, so no
cache and no stored settings). For each page it prints the median and the 90th percentile
of the first contentful paint (``performance.getEntriesByType('paint')``) and, for the
game, of the time from navigation until the table's hand is on screen (the first frame in
which a card of the hand exists). Then the gzipped size of the JavaScript and CSS bundles
(every file of ``assets/``, each compressed at gzip level 9, summed); the budget is
150 KB (the bundle) and 1 s (first paint on loopback).
"""

from __future__ import annotations

import argparse
import gzip
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIST = ROOT / "src" / "threethirteen" / "web" / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
GAME = "/play?opponents=3&level=medium&seed=1"
BUDGET_BYTES = 150 * 1024
BUDGET_PAINT_MS = 1000.0
FCP = """() => {
  const paint = performance.getEntriesByType('paint')
    .find((entry) => entry.name === 'first-contentful-paint');
  return paint ? paint.startTime : false;
}"""
HAND = "() => document.querySelector('button.hand-card') ? performance.now() : false"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(dist: Path) -> Iterator[str]:
    """``three-thirteen serve`` of ``dist`` on a free loopback port, with a data directory
    of its own; yields the base address."""
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "THREE_THIRTEEN_HOME": home, "THREE_THIRTEEN_WEB_DIST": str(dist)}
        server = subprocess.Popen(
            [sys.executable, "-c", "from threethirteen.cli import main; main()", "serve",
             "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not answer /healthz within 30 s")
            yield base
        finally:
            server.terminate()
            server.wait(timeout=10)


def load(browser: Browser, url: str, hand: bool) -> tuple[float, float | None]:
    """One load of ``url`` in a fresh context: (first contentful paint, the hand on screen
    or None), in ms from navigation."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url)
        shown = None
        if hand:
            shown = float(page.wait_for_function(HAND, polling="raf", timeout=30_000)
                          .json_value())
        paint = float(page.wait_for_function(FCP, timeout=30_000).json_value())
        return paint, shown
    finally:
        context.close()


def p90(values: list[float]) -> float:
    """The 90th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 9 // 10) - 1)]


def line(name: str, values: list[float]) -> str:
    return f"{name:<34} median {statistics.median(values):6.0f} ms   p90 {p90(values):6.0f} ms"


def bundle(dist: Path) -> dict[str, tuple[int, int]]:
    """Each asset's (bytes, bytes gzipped at level 9), the JavaScript's and CSS's."""
    return {path.name: (path.stat().st_size,
                        len(gzip.compress(path.read_bytes(), compresslevel=9)))
            for path in sorted((dist / "assets").iterdir())
            if path.suffix in {".js", ".css"}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dist", type=Path, default=PACKAGE_DIST,
                        help="the built game to serve (default: the package's dist)")
    parser.add_argument("--runs", type=int, default=15, help="loads of each page (15)")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    if not (dist / "index.html").is_file():
        parser.error(f"no build in {dist} (make web, or --dist DIR)")
    lobby: list[float] = []
    game: list[float] = []
    hands: list[float] = []
    with serving(dist) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            load(browser, base + "/", hand=False)  # the server's first answers, not counted
            for _ in range(args.runs):
                lobby.append(load(browser, base + "/", hand=False)[0])
                paint, shown = load(browser, base + GAME, hand=True)
                game.append(paint)
                if shown is not None:
                    hands.append(shown)
        finally:
            browser.close()
    print(f"{args.runs} loads of each page, a fresh Chromium context each, {dist}")
    print(line("/  first contentful paint", lobby))
    print(line(f"{GAME.split('?')[0]}  first contentful paint", game))
    print(line(f"{GAME.split('?')[0]}  the hand on screen", hands))
    sizes = bundle(dist)
    for name, (raw, packed) in sizes.items():
        print(f"{name:<34} {raw:8,d} bytes  {packed:7,d} gzipped")
    total = sum(packed for _, packed in sizes.values())
    print(f"{'JavaScript and CSS gzipped (level 9)':<34} {total:,d} bytes = {total / 1024:.1f} KiB"
          f" (budget {BUDGET_BYTES // 1024} KiB)")
    slow = max(p90(lobby), p90(game)) > BUDGET_PAINT_MS
    return 1 if total > BUDGET_BYTES or slow else 0


if __name__ == "__main__":
    sys.exit(main())
