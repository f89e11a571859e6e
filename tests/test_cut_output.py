"""Output cut short by its reader (`scorepad log --json | head -c 1`): the run ends with
141, as a shell shows any writer killed by SIGPIPE, whatever the buffering. Unbuffered
(PYTHONUNBUFFERED=1), one large write into a pipe whose reader leaves returns the count
of a part; that count may not be dropped, or a `pipefail` script cannot tell that its
output was cut."""

import os
import subprocess
import sys

import pytest
from tests.helpers import blocked_rounds

CLOSED_PIPE = 141
ROUNDS = 3000  # `log --json` and the audit's one JSON line are each larger than a pipe's buffer


def cut_after(count: int, *args: str, unbuffered: str) -> tuple[int, bytes, bytes]:
    """scorepad ARGS into a pipe whose reader takes `count` bytes and leaves."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered, "SCOREPAD_LANG": "en", "NO_COLOR": "1"}
    env.pop("SCOREPAD_FILE", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    taken = process.stdout.read(count)
    process.stdout.close()
    error = process.stderr.read()
    return process.wait(timeout=300), taken, error


@pytest.fixture(scope="module")
def long_record(tmp_path_factory):
    path = tmp_path_factory.mktemp("cut") / "long.toml"
    path.write_text(blocked_rounds(ROUNDS), encoding="utf-8")
    return path


@pytest.mark.parametrize("unbuffered", ["1", ""])
@pytest.mark.parametrize(("count", "command"), [(1, ["log", "--json", "-f"]), (100, ["audit", "--json"])], ids=["log", "audit"])
def test_a_cut_write_exits_141_whatever_the_buffering(long_record, unbuffered, count, command):
    code, taken, error = cut_after(count, *command, str(long_record), unbuffered=unbuffered)
    assert code == CLOSED_PIPE, error
    assert len(taken) == count and taken.startswith(b"[" if command[0] == "log" else b"{")
    assert error == b""  # no traceback, no "Exception ignored", no message
