"""``three-thirteen score --push URL`` and ``--pull LINK`` against a real server (SQLite and
PostgreSQL): the terminal's sheet goes to the server and comes back the same; a pushed
sheet is sent again after every entry typed at the terminal; bad links say why."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import httpx

from server.serverproc import ServerProcess
from threethirteen.rules import Rules
from threethirteen.scorekeeper import Entry, Sheet, read_sheet, sheet_json, sheet_text

CODE = "from threethirteen.cli import main; main()"


def score(home: Path, *args: str, entries: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "THREE_THIRTEEN_HOME": str(home)}
    return subprocess.run([sys.executable, "-c", CODE, "score", *args], input=entries,
                          capture_output=True, text=True, env=env, timeout=60)


def keep(home: Path, sheet: Sheet) -> str:
    source = home / "in.json"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(sheet_text(sheet), encoding="utf-8")
    done = score(home, "--import", str(source), "--json", str(home / "out.json"))
    assert done.returncode == 0, done.stderr
    found = re.search(r"as sheet (\S+)\.", done.stdout)
    assert found is not None, done.stdout
    return found.group(1)


def test_push_then_pull_and_every_entry_is_sent(server: ServerProcess, tmp_path: Path) -> None:
    sheet = Sheet.start(["Ann", "Bob", "Cy"], Rules(jokers=1)).enter(
        1, 1, Entry.parse("7h 8h *")).enter(1, 2, Entry.parse("out"))
    home = tmp_path / "keeper"
    sheet_id = keep(home, sheet)
    pushed = score(home, "--resume", sheet_id, "--push", server.base)
    assert pushed.returncode == 0, pushed.stderr
    live = re.search(r"Live link, read-only, for everyone at the table: (\S+)", pushed.stdout)
    keeper = re.search(r"Keeper link .*: (\S+#key=\S+)", pushed.stdout)
    assert live is not None and keeper is not None, pushed.stdout
    remote = live.group(1).rsplit("/", 1)[1]
    shown = httpx.get(f"{server.base}/api/sheets/{remote}").json()
    assert shown["data"] == sheet_json(sheet) and shown["version"] == 1
    link_file = home / "scoresheets" / f"{sheet_id}.link.json"
    assert oct(link_file.stat().st_mode & 0o777) == "0o600"

    # typed at the terminal: sent after every entry
    typed = score(home, "--resume", sheet_id, entries="12\n3c 4c 5c 6c\nquit\n")
    assert typed.returncode == 0, typed.stderr
    assert f"Each entry is also sent to {live.group(1)}" in typed.stdout
    sheet = sheet.enter(1, 0, Entry.parse("12")).enter(2, 2, Entry.parse("3c 4c 5c 6c"))
    shown = httpx.get(f"{server.base}/api/sheets/{remote}").json()
    assert shown["version"] == 3 and shown["data"] == sheet_json(sheet)

    # a second push goes to the same sheet
    again = score(home, "--resume", sheet_id, "--push", server.base)
    assert again.returncode == 0 and "version 4 there" in again.stdout
    assert remote in again.stdout

    # pulled elsewhere by the live link: the same sheet, read-only
    other = tmp_path / "viewer"
    pulled = score(other, "--pull", live.group(1), "--json", "-")
    assert pulled.returncode == 0, pulled.stderr
    assert "read-only copy" in pulled.stdout
    assert read_sheet(pulled.stdout.split("\n", 1)[1], what="pulled") == sheet
    refused = score(other, "--resume", re.search(r"as sheet (\S+)\.", pulled.stdout).group(1),
                    "--push", live.group(1))
    assert refused.returncode == 1 and "only the keeper" in refused.stderr

    # pulled by the keeper link: pushes go to the same sheet
    third = tmp_path / "second-keeper"
    taken = score(third, "--pull", keeper.group(1), "--csv", "-")
    assert taken.returncode == 0 and "keeper" in taken.stdout
    taken_id = re.search(r"as sheet (\S+)\.", taken.stdout).group(1)
    assert score(third, "--resume", taken_id, "--push", server.base).returncode == 0
    assert httpx.get(f"{server.base}/api/sheets/{remote}").json()["version"] == 5


def test_bad_links_say_why(server: ServerProcess, tmp_path: Path) -> None:
    for link, words in [
        ("ftp://example.org/score/x", "starts with http:// or https://"),
        (f"{server.base}/score/nosuchsheet", "there is no such sheet"),
        (f"{server.base}/score/a b", "letters, digits"),
        ("http://127.0.0.1:9/score/abc", "cannot be reached"),
        (f"{server.base}/score/abc#key=short", "#key="),
    ]:
        done = score(tmp_path, "--pull", link)
        assert done.returncode == 1, (link, done.stdout)
        assert words in done.stderr and "Traceback" not in done.stderr, (link, done.stderr)
