"""The core imports nothing from the outer layers, and nothing outside the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import threethirteen

PACKAGE = Path(threethirteen.__file__).parent
OUTER = ("threethirteen.bots", "threethirteen.sim", "threethirteen.cli", "threethirteen.tui",
         "threethirteen.server", "threethirteen.web", "threethirteen.rl",
         "threethirteen.scorekeeper")


def core_modules() -> list[Path]:
    outer_names = {name.split(".")[1] for name in OUTER}
    return [path for path in PACKAGE.rglob("*.py")
            if path.relative_to(PACKAGE).parts[0].removesuffix(".py") not in outer_names]


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_the_core_is_found() -> None:
    names = {path.name for path in core_modules()}
    assert {"game.py", "record.py", "view.py", "actions.py", "cards.py"} <= names
    assert "sim.py" not in names and "replay.py" not in names


def test_core_modules_import_no_outer_layer() -> None:
    for path in core_modules():
        for name in imports(path):
            assert not name.startswith(OUTER), f"{path.name} imports {name}"


def test_core_modules_import_only_the_standard_library() -> None:
    for path in core_modules():
        for name in imports(path):
            top = name.split(".")[0]
            assert top == "threethirteen" or top in sys.stdlib_module_names, (
                f"{path.name} imports {name}")
