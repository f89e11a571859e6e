"""`export -` when standard output cannot take the page: a file-size limit (or a full
disk) on the file it goes to, and standard output closed from the start. A clear message
and exit status 2, or nothing at all for an output nobody reads; never a traceback. Each
case writes only into the test's own folder."""

from __future__ import annotations

import subprocess

import pytest
from tests.helpers import ok, process


def export_to(args: list[str], stdout, *, limit: int | None = None, closed: bool = False) -> subprocess.CompletedProcess:
    return process(["export", "-", *args], stdout, fsize=limit, closed=closed, width=200)


@pytest.fixture
def game(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "64")
    return here


@pytest.mark.parametrize("args", [[], ["--svg"]], ids=["html", "svg"])
def test_a_file_size_limit_is_a_message(game, tmp_path, args):
    target = tmp_path / "out"
    with target.open("wb") as out:
        result = export_to(args, out, limit=1024)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "cannot write to standard output: File too large" in result.stderr
    assert result.stderr.count("scorepad:") == 1  # nothing more at exit


@pytest.mark.parametrize("args", [[], ["--svg"]], ids=["html", "svg"])
def test_closed_standard_output_is_no_traceback(game, args):
    result = export_to(args, None, closed=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
