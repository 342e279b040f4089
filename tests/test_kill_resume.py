"""kill -9 of the plain game at random moments, each followed by a resume: nothing shown
is lost, and no resume shows a card that was not shown (see ``kill_resume``). The suite
runs a few kills; ``bench/kill_resume.py`` runs 50."""

from __future__ import annotations

from pathlib import Path

from kill_resume import run_kills


def test_kill_minus_nine_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    report = run_kills(tmp_path / "home", kills=8, seed=1)
    assert report.kills == 8 and report.problems == []
    assert report.resumes_checked >= 6 and report.moves_shown > 20
