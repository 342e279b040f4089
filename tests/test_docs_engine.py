"""The examples of docs/engine.md run."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).parent.parent / "docs" / "engine.md"


def test_engine_doc_examples_run() -> None:
    failures, tried = doctest.testfile(str(DOC), module_relative=False)
    assert tried > 0 and failures == 0
