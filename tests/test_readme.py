"""The README's Python examples run, and its placeholders are filled in."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried > 0 and failures == 0


def test_readme_has_no_unfilled_placeholder() -> None:
    text = README.read_text(encoding="utf-8")
    for marker in ("_TABLE", "_RATE", "PLACEHOLDER", "TODO", "TBD"):
        assert marker not in text
