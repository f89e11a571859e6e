"""`_SCOREPAD_COMPLETE` left in the environment (by hand, by a script, by another shell's
completion) is not a request for completion unless it comes as scorepad's scripts send it:
the command runs as typed, without a message about completion and without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tests.helpers import ok, run

STRAY = [
    "x",
    "1",
    "complete_bash",  # without the line the script sends
    "complete_zsh",
    "complete_tcsh",
    "source_bash",
    "bash_source",
    "complete_",
]


@pytest.mark.parametrize("value", STRAY)
def test_a_stray_value_leaves_the_command_as_typed(here, value):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    expected = ok("show")
    result = run("show", env={"_SCOREPAD_COMPLETE": value})
    assert result.exit_code == 0, result.output
    assert result.output == expected


@pytest.mark.parametrize("value", ["x", "complete_bash"])
def test_a_stray_value_in_a_real_run(here, value):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    env = {**os.environ, "_SCOREPAD_COMPLETE": value, "SCOREPAD_LANG": "en", "COLUMNS": "40", "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "scorepad", "play", "64"], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "completion" not in result.stderr
    assert "6-4" in here.read_text()  # the move was recorded


def test_the_scripts_request_still_completes(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    result = run(env={"_SCOREPAD_COMPLETE": "complete_bash", "_SCOREPAD_COMPLETE_LINE": "scorepad muggins A"})
    assert result.exit_code == 0
    assert result.output == "Ann\n"
