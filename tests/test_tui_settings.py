"""The pace and the sort order a person chose are kept for the next game (and a resumed
one), in ``settings.json`` of the data directory; options a saved game cannot take are
named when it resumes, not silently dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from threethirteen.cli import app
from threethirteen.tui import plain
from threethirteen.tui.hand import SortOrder
from threethirteen.tui.store import Keeper

GAME = ["play", "--plain", "--rules", '{"rounds": 2}', "--levels", "greedy,greedy,greedy"]


def played(monkeypatch: pytest.MonkeyPatch, args: list[str], typed: str,
           base: list[str] = GAME) -> tuple[dict[str, Any], str]:
    """Run ``play`` with ``typed`` as its input; the pace and order the plain game got."""
    got: dict[str, Any] = {}
    original = plain.PlainGame.__init__

    def spy(self: plain.PlainGame, *given: Any, **options: Any) -> None:
        got.update(pace=options["pace"], order=options["order"])
        original(self, *given, **options)

    monkeypatch.setattr(plain.PlainGame, "__init__", spy)
    result = CliRunner().invoke(app, [*base, *args], input=typed)
    assert result.exit_code == 0, result.output
    return got, result.output


def test_pace_and_sort_are_kept_for_the_next_game(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    got, _ = played(monkeypatch, ["--seed", "1", "--new"], "quit\n")
    assert got == {"pace": 0.8, "order": SortOrder.SUIT}  # nothing kept yet: the defaults
    got, _ = played(monkeypatch, ["--seed", "1", "--new"], "pace 0.25\nsort rank\nquit\n")
    assert Keeper(tmp_path).preferences() == {"pace": 0.25, "sort": "rank"}
    got, said = played(monkeypatch, ["--seed", "2", "--new"], "quit\n")
    assert got == {"pace": 0.25, "order": SortOrder.RANK}
    got, said = played(monkeypatch, ["--seed", "3", "--new", "--pace", "0"], "quit\n")
    assert got["pace"] == 0 and Keeper(tmp_path).preferences()["pace"] == 0
    # a saved game resumed with options it cannot take: they are named
    got, said = played(monkeypatch, ["--opponents", "5", "--level", "easy"], "yes\nquit\n",
                       base=["play", "--plain"])
    assert ("The saved game goes on with its own opponents and rules: --opponents, --level "
            "are for a new game (three-thirteen play --new).") in said


def test_a_bad_settings_file_is_no_error(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    keeper = Keeper(tmp_path)
    assert keeper.preferences() == {}
    keeper.remember(pace=2.0)
    assert keeper.preferences() == {"pace": 2.0}
