"""Issue 14, item 4, in the browser: the replay page shows the judge's note on each step
and every seat's points lost (GET /api/rooms/<id>/analysis, only once the game is over)."""

from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from server.client import Socket, create, play_out


def fixed(value: float) -> str:
    """``value.toFixed(1)`` as the browser writes it (halves of the exact value go up)."""
    return str(Decimal(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def get(url: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def finished_room(base: str) -> tuple[str, int, dict[str, Any]]:
    """A two-seat, one-round room played to its end by a person (random legal moves) and
    the greedy bot; the status of its analysis asked while the game went on."""

    async def game() -> tuple[str, int]:
        ann = await create(base, ["human", "greedy"], rules={"players": 2, "rounds": 1},
                           options={"round_pause_seconds": 0}, seed=5)
        socket = await Socket.open(base.replace("http", "ws"), ann.room, ann.token)
        await socket.until("state")
        early = await asyncio.to_thread(get, f"{base}/api/rooms/{ann.room}/analysis")
        await play_out(socket, random.Random(5))
        await socket.close()
        assert early[1]["reason"] == "not-over"
        return ann.room, early[0]

    with ThreadPoolExecutor(1) as pool:  # Playwright's loop may run in this thread
        room, early = pool.submit(asyncio.run, game()).result(timeout=120)
    status, record = get(f"{base}/api/rooms/{room}/record")
    assert status == 200
    return room, early, record


@pytest.fixture(scope="module")
def game(server: str) -> tuple[str, int, dict[str, Any]]:
    return finished_room(server)


def test_the_analysis_is_given_for_a_finished_room_only(
    server: str, game: tuple[str, int, dict[str, Any]],
) -> None:
    room, early, record = game
    assert early == 409
    status, unknown = get(f"{server}/api/rooms/no-such-room-here/analysis")
    assert status == 404 and unknown["reason"] == "no-such-room"
    status, analysis = get(f"{server}/api/rooms/{room}/analysis")
    assert status == 200, analysis
    assert analysis["format"] == "three-thirteen-analysis/1" and analysis["seats"] == [0, 1]
    turns = record["rounds"][0]["turns"]
    assert len(analysis["decisions"]) == 2 * len([t for t in turns if t["draw"] is not None])
    assert get(f"{server}/api/rooms/{room}/analysis") == (200, analysis)  # kept, the same


def test_the_replay_shows_each_steps_note_and_the_seats_losses(
    server: str, game: tuple[str, int, dict[str, Any]], page: Page,
) -> None:
    room, _, _ = game
    _, analysis = get(f"{server}/api/rooms/{room}/analysis")
    page.goto(f"{server}/replay/{room}")
    heading = page.get_by_role("heading", name="Analysis")
    expect(heading).to_be_visible()
    section = page.locator("section.replay-analysis")
    for seat in analysis["summary"]:
        expect(section).to_contain_text(f"{seat['name']}: lost {fixed(seat['lost'])} points "
                                        f"in {seat['decisions']} decisions")
    expect(section).to_contain_text(f"judged by {analysis['judge']}")
    expect(page.locator(".replay-note")).to_have_count(0)  # the deal: no decision
    # A step is an action: the first turn's draw, then its discard, each with its note.
    page.keyboard.press("ArrowRight")
    step = page.locator(".replay-controls .step")
    expect(step).to_have_text(re.compile(r"Step 2 of \d+: round 1, turn 1, the draw$"))
    first = [d for d in analysis["decisions"] if d["round"] == 1 and d["turn"] == 1]
    note = page.locator(".replay-note")
    expect(note).to_have_text(re.compile(r"^Analysis: draw: (best|lost [\d.]+, best: .+)\.$"))
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(re.compile(r"Step 3 of \d+: round 1, turn 1, the discard$"))
    expect(note).to_have_text(re.compile(r"^Analysis: discard: (best|lost [\d.]+, best: .+)\.$"))
    if first[1]["lost"] >= 0.05:
        expect(note).to_contain_text(f"discard: lost {fixed(first[1]['lost'])}")
    worst = [seat["worst"] for seat in analysis["summary"] if seat["worst"]]
    if worst:
        expect(section).to_contain_text(f"the biggest: round {worst[0]['round']}, "
                                        f"turn {worst[0]['turn']}")
        # The line is a button that goes to that step of the replay.
        section.get_by_role("button", name=re.compile(
            rf"^round {worst[0]['round']}, turn {worst[0]['turn']}, ")).first.click()
        phase = "the draw" if worst[0]["phase"] == "draw" else "the discard"
        expect(step).to_have_text(re.compile(
            rf"Step \d+ of \d+: round {worst[0]['round']}, turn {worst[0]['turn']}, {phase}$"))
        expect(note).to_contain_text(f"{worst[0]['phase']}: lost {fixed(worst[0]['lost'])}")
