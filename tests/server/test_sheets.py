"""Score sheets on the server (issue 16), through a real server on loopback, on SQLite and
PostgreSQL: made, read by the live link, changed only with the keeper's token, refused
with clear reasons, within size caps, and kept through a kill -9."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.serverproc import ServerProcess
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet, sheet_csv, sheet_json, sheet_view

NAMES = ["Ann", "Bob", "Cy", "Dee"]
RULES = Rules(false_out="penalty")


def new_sheet() -> dict[str, Any]:
    return sheet_json(Sheet.start(NAMES, RULES, first_dealer=1))


def make(base: str, body: Any = None) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/sheets", json=new_sheet() if body is None else body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def enter(base: str, made: dict[str, Any], number: int, player: int, text: str,
          **extra: Any) -> httpx.Response:
    return httpx.post(f"{base}/api/sheets/{made['sheet']}/entries",
                      json={"round": number, "player": player, "entry": text, **extra},
                      headers={"Authorization": f"Bearer {made['token']}"})


def test_a_sheet_is_made_entered_and_read_by_its_link(server: ServerProcess) -> None:
    base = server.base
    made = make(base)
    assert made["version"] == 1 and made["link"] == f"/score/{made['sheet']}"
    assert len(made["token"]) >= 40 and made["view"]["missing"][0] == {"round": 1, "player": 2}
    expected = Sheet.start(NAMES, RULES, first_dealer=1)
    for number, player, text in [(1, 2, "7h 8h Kd"), (1, 3, "out"), (1, 0, "false out 5"),
                                 (1, 1, "4h 4s 4d")]:
        answer = enter(base, made, number, player, text)
        assert answer.status_code == 200, answer.text
        expected = expected.enter(number, player, Entry.parse(text))
    shown = httpx.get(f"{base}/api/sheets/{made['sheet']}").json()
    assert shown["version"] == 5 and "token" not in shown
    assert shown["view"] == sheet_view(expected)
    assert shown["data"] == sheet_json(expected)
    assert shown["view"]["rounds"][0]["entries"][2]["arrangement"]["deadwood"] == 25
    # an edit of an earlier round, then undo of it
    assert enter(base, made, 1, 2, "3c 3d 3h").json()["view"]["rounds"][0]["entries"][2][
        "points"] == 0
    undone = httpx.post(f"{base}/api/sheets/{made['sheet']}/undo", json={"version": 6},
                        headers={"Authorization": f"Bearer {made['token']}"})
    assert undone.status_code == 200 and undone.json()["view"] == sheet_view(expected)
    csv = httpx.get(f"{base}/api/sheets/{made['sheet']}/csv")
    assert csv.status_code == 200 and csv.text == sheet_csv(expected)
    assert "attachment" in csv.headers["content-disposition"]
    exported = httpx.get(f"{base}/api/sheets/{made['sheet']}/json")
    assert exported.json() == sheet_json(expected)


def test_only_the_keeper_changes_a_sheet(server: ServerProcess) -> None:
    base = server.base
    made, other = make(base), make(base)
    url = f"{base}/api/sheets/{made['sheet']}/entries"
    body = {"round": 1, "player": 0, "entry": "12"}
    assert httpx.post(url, json=body).json()["reason"] == "bad-token"
    assert httpx.post(url, json=body).status_code == 401
    wrong = httpx.post(url, json=body, headers={"Authorization": f"Bearer {other['token']}"})
    assert wrong.status_code == 403 and wrong.json()["reason"] == "bad-token"
    put = httpx.put(f"{base}/api/sheets/{made['sheet']}", json={"sheet": new_sheet()})
    assert put.status_code == 401
    assert httpx.get(f"{base}/api/sheets/{made['sheet']}").json()["version"] == 1


@pytest.mark.parametrize(("text", "reason", "words"), [
    ("-3", "negative-points", "negative"),
    ("7h 8h Kq", "bad-card", "Kq"),
    ("7h 8h *", "not-in-pack", "no jokers"),
    ("7h 8h", "hand-size", "deals 3 cards"),
    ("500", "points-out-of-range", "more than"),
    ("", "empty-entry", "type the points"),
])
def test_bad_entries_are_refused_with_clear_reasons(
        server: ServerProcess, text: str, reason: str, words: str) -> None:
    made = make(server.base)
    answer = enter(server.base, made, 1, 0, text)
    assert answer.status_code == 400, answer.text
    assert answer.json()["reason"] == reason and words in answer.json()["message"]
    assert httpx.get(f"{server.base}/api/sheets/{made['sheet']}").json()["version"] == 1


def test_bad_requests_and_caps(server: ServerProcess) -> None:
    base = server.base
    made = make(base)
    sid, auth = made["sheet"], {"Authorization": f"Bearer {made['token']}"}
    assert httpx.get(f"{base}/api/sheets/nope").json()["reason"] == "no-such-sheet"
    assert httpx.get(f"{base}/api/sheets/{'x' * 300}").status_code == 404
    bad = httpx.post(f"{base}/api/sheets", json={**new_sheet(), "names": ["Ann", "ann"]})
    assert bad.status_code == 400 and "two players are called" in bad.json()["message"]
    wrong = new_sheet()
    wrong["entries"] = [{"round": 1, "player": 0, "points": -1}]
    answer = httpx.post(f"{base}/api/sheets", json=wrong)
    assert answer.json()["reason"] == "bad-sheet" and "entries[0]" in answer.json()["message"]
    assert httpx.post(f"{base}/api/sheets", content=b"{").json()["reason"] == "bad-message"
    huge = httpx.post(f"{base}/api/sheets", content=b" " * (70 * 1024))
    assert huge.status_code == 413 and huge.json()["reason"] == "too-large"
    many = new_sheet()
    many["entries"] = [{"round": 1, "player": 0, "points": 1}] * 2001
    assert httpx.post(f"{base}/api/sheets", json=many).json()["reason"] == "too-large"
    url = f"{base}/api/sheets/{sid}/entries"
    assert httpx.post(url, json={"round": "1", "player": 0, "entry": "1"},
                      headers=auth).json()["reason"] == "bad-message"
    assert httpx.post(url, json={"round": 1, "player": 0, "entry": "1", "x": 1},
                      headers=auth).json()["reason"] == "bad-message"
    assert httpx.post(url, json={"round": 12, "player": 0, "entry": "1"},
                      headers=auth).json()["reason"] == "no-such-round"
    assert httpx.post(url, json={"round": 1, "player": 7, "entry": "1"},
                      headers=auth).json()["reason"] == "no-such-player"
    assert httpx.post(f"{base}/api/sheets/{sid}/undo", json={},
                      headers=auth).json()["reason"] == "nothing-to-undo"
    assert enter(base, made, 1, 0, "3").status_code == 200
    stale = enter(base, made, 1, 1, "4", version=1)
    assert stale.status_code == 409 and stale.json()["reason"] == "stale-version"
    assert httpx.get(f"{base}/api/sheets/{sid}?after=x").status_code == 400


def test_the_whole_sheet_is_replaced_by_its_keeper(server: ServerProcess) -> None:
    base = server.base
    made = make(base)
    pushed = sheet_json(Sheet.start(NAMES, RULES, first_dealer=1).enter(
        1, 2, Entry.parse("out")))
    answer = httpx.put(f"{base}/api/sheets/{made['sheet']}", json={"sheet": pushed},
                       headers={"Authorization": f"Bearer {made['token']}"})
    assert answer.status_code == 200 and answer.json()["version"] == 2
    assert httpx.get(f"{base}/api/sheets/{made['sheet']}").json()["data"] == pushed


def test_the_live_link_waits_for_the_next_change(server: ServerProcess) -> None:
    base = server.base
    made = make(base)
    seen: list[tuple[float, int]] = []

    def watch() -> None:
        answer = httpx.get(f"{base}/api/sheets/{made['sheet']}?after=1", timeout=30)
        seen.append((time.monotonic(), answer.json()["version"]))

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(0.5)
    entered = time.monotonic()
    assert enter(base, made, 1, 0, "5").status_code == 200
    watcher.join(30)
    assert seen and seen[0][1] == 2 and seen[0][0] - entered < 2.0
    # a version already passed answers at once
    started = time.monotonic()
    assert httpx.get(f"{base}/api/sheets/{made['sheet']}?after=1").json()["version"] == 2
    assert time.monotonic() - started < 2.0


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_sheet_survives_a_kill_9(kind: str, spawn: Callable[[str], ServerProcess]) -> None:
    server = spawn(kind)
    server.start()
    made = make(server.base)
    for player, text in [(2, "7h 8h Kd"), (3, "out"), (0, "false out 5")]:
        assert enter(server.base, made, 1, player, text).status_code == 200
    before = httpx.get(f"{server.base}/api/sheets/{made['sheet']}").json()
    server.kill()
    server.start()
    after = httpx.get(f"{server.base}/api/sheets/{made['sheet']}").json()
    assert after == before
    assert enter(server.base, made, 1, 1, "3c 3d 3h").json()["version"] == 5


def test_long_polls_are_capped_and_freed_when_their_clients_leave(
        spawn: Callable[..., ServerProcess]) -> None:
    server = spawn("sqlite", {"THREE_THIRTEEN_SHEET_MAX_WAITERS": "2"})
    server.start()
    made = make(server.base)
    url = f"{server.base}/api/sheets/{made['sheet']}?after=1"

    def leave_after(seconds: float) -> None:
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(url, timeout=seconds)

    waiting = [threading.Thread(target=leave_after, args=(3.0,)) for _ in range(2)]
    for thread in waiting:
        thread.start()
    time.sleep(1.0)
    started = time.monotonic()
    assert httpx.get(url, timeout=10).json()["version"] == 1  # the cap: answered at once
    assert time.monotonic() - started < 1.5
    for thread in waiting:
        thread.join(10)
    time.sleep(0.5)
    leave_after(1.5)  # the two that left are no longer counted: this one waits again


def test_a_database_of_the_first_schema_gains_the_sheets_table(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    from threethirteen.server.store import MIGRATIONS

    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")

    def migrate(step: Callable[[Config, str], None], revision: str) -> list[str]:
        with engine.begin() as connection:
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            step(config, revision)
        return inspect(engine).get_table_names()

    assert "sheets" not in migrate(command.upgrade, "0001")
    assert "sheets" in migrate(command.upgrade, "head")
    tables = migrate(command.downgrade, "0001")
    assert "sheets" not in tables and "rooms" in tables
    engine.dispose()
