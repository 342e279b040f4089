"""The server's analyses (server/review.py): each room's computed once, one game at a time,
kept; past ``WAITING`` games refused. The route itself runs in
tests/browser/test_analyze_replay.py, against a real server."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

pytest.importorskip("starlette")

from threethirteen.server import review  # noqa: E402


def test_an_analysis_is_made_once_per_room_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    running = 0
    most = 0
    lock = threading.Lock()

    def fake(record: dict[str, Any], *, judge: str) -> dict[str, Any]:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.05)
        with lock:
            running -= 1
        calls.append(record)
        return {"room": record["room"], "judge": judge}

    monkeypatch.setattr(review, "analyse", fake)

    async def ask() -> list[dict[str, Any]]:
        reviews = review.Reviews(ThreadPoolExecutor(1))
        answers = await asyncio.gather(
            *(reviews.of(room, {"room": room, "hints": [1], "undos": [2]})
              for room in ("a", "a", "b", "a", "b")))
        again = await reviews.of("a", {"room": "a"})
        return [*answers, again]

    answers = asyncio.run(ask())
    assert [answer["room"] for answer in answers] == ["a", "a", "b", "a", "b", "a"]
    assert sorted(record["room"] for record in calls) == ["a", "b"]  # once per room
    assert all("hints" not in record and "undos" not in record for record in calls)
    assert most == 1  # one game at a time
    assert answers[0]["judge"] == review.judge()


def test_too_many_waiting_games_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "analyse", lambda record, *, judge: time.sleep(0.2) or {})

    async def ask() -> list[object]:
        reviews = review.Reviews(ThreadPoolExecutor(1))
        return await asyncio.gather(
            *(reviews.of(str(room), {}) for room in range(review.WAITING + 2)),
            return_exceptions=True)

    answers = asyncio.run(ask())
    refused = [answer for answer in answers if isinstance(answer, review.Busy)]
    assert len(refused) == 2 and answers.count({}) == review.WAITING


def test_a_failed_analysis_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    outcomes = iter([ValueError("broken"), {"ok": True}])

    def flaky(record: dict[str, Any], *, judge: str) -> dict[str, Any]:
        outcome = next(outcomes)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    monkeypatch.setattr(review, "analyse", flaky)

    async def ask() -> tuple[object, object]:
        reviews = review.Reviews(ThreadPoolExecutor(1))
        first = await asyncio.gather(reviews.of("a", {}), return_exceptions=True)
        return first[0], await reviews.of("a", {})

    failed, kept = asyncio.run(ask())
    assert isinstance(failed, ValueError) and kept == {"ok": True}
