"""Standard output that cannot take what a command prints (a file-size limit on the file
it goes to, as a full disk would be): one message, exit status 2, no traceback, for
every command, buffered or not. Only files of the test's own folder are written."""

from __future__ import annotations

import subprocess

import pytest
from tests.helpers import ok, process

LIMIT = 100  # bytes: less than each command below prints


def printed_into_a_small_file(args: list[str], target, *, unbuffered: bool = False) -> subprocess.CompletedProcess:
    with target.open("wb") as out:
        return process(args, out, fsize=LIMIT, env={"PYTHONUNBUFFERED": "1"} if unbuffered else None)


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["--help"], ["rules", "pagat"], ["log", "--json"], ["export", "-"]])
def test_a_full_output_is_one_message(here, tmp_path, args, unbuffered):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "64")
    target = tmp_path / "out.txt"
    result = printed_into_a_small_file(args, target, unbuffered=unbuffered)
    assert target.stat().st_size <= LIMIT
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.stderr.strip() == "scorepad: cannot write to standard output: File too large"
