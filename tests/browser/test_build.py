"""The built browser game: its size, and what the lobby reads from the engine."""

from __future__ import annotations

import gzip
import json

from browser.conftest import ROOT, _missing
from threethirteen.web import dist_path, is_built
from threethirteen.web.catalog import catalog

BUDGET = 150 * 1024  # JavaScript and CSS, gzipped together


def gzipped_size() -> int:
    assets = [p for p in (dist_path() / "assets").iterdir() if p.suffix in (".js", ".css")]
    assert assets, "no JavaScript or CSS in the build"
    return sum(len(gzip.compress(p.read_bytes(), compresslevel=9)) for p in assets)


def test_the_built_javascript_and_css_fit_150_kb_gzipped() -> None:
    if not is_built():
        _missing("the browser game is not built (run `make web`)")
    size = gzipped_size()
    print(f"built JS+CSS: {size / 1024:.1f} KB gzipped")
    assert size <= BUDGET


def test_the_lobby_reads_every_rules_option_of_the_engine() -> None:
    written = json.loads((ROOT / "web" / "src" / "rules-options.json").read_text())
    fix = "python -m threethirteen.web.catalog > web/src/rules-options.json"
    assert written == catalog(), f"the lobby's catalog is out of date: {fix}"
