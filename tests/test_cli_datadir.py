"""A data directory that cannot be found is one ``error:`` line and exit status 1, in
every command that keeps files there, never ``RuntimeError: Could not determine home
directory`` and a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from threethirteen.datadir import data_dir
from threethirteen.errors import InputError

SCRIPT = Path(sys.executable).parent / "three-thirteen"


@pytest.mark.parametrize("args", [["play", "--plain"], ["score", "--list"], ["score"]])
def test_a_home_of_no_user_is_one_error_line(args: list[str]) -> None:
    env = {**os.environ, "THREE_THIRTEEN_HOME": "~nosuchuser/x"}
    done = subprocess.run([str(SCRIPT), *args], env=env, input=b"", capture_output=True,
                          timeout=60, check=False)
    err = done.stderr.decode()
    assert done.returncode == 1, (done.stdout, err)
    assert err.splitlines() == [
        "error: THREE_THIRTEEN_HOME: '~nosuchuser/x' starts with '~nosuchuser', which names "
        "no home directory here: give a folder path"], err


def test_the_data_directory_is_found_or_refused_by_name(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.setenv("THREE_THIRTEEN_HOME", str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv("THREE_THIRTEEN_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", "~nosuchuser")
    with pytest.raises(InputError, match="XDG_DATA_HOME: '~nosuchuser' starts with"):
        data_dir()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(Path, "home", lambda: (_ for _ in ()).throw(RuntimeError("no home")))
    with pytest.raises(InputError, match="cannot find your home directory: set "
                                         "THREE_THIRTEEN_HOME"):
        data_dir()
