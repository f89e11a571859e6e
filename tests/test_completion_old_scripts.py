"""A completion script that Typer's installer put in place before scorepad had its own
sends `_SCOREPAD_COMPLETE=complete_SHELL` with Typer's variables, not the line. Running
the command then printed the help screen, which Typer's zsh script runs with `eval` and
its bash script splits and globs into candidates. Such a request gets no candidates, and
a note on standard error on what to do."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tests.helpers import ok

from scorepad.cli import completion

# what each of Typer's scripts puts in the environment when TAB is pressed
TYPER_REQUESTS = {
    "bash": {"COMP_WORDS": "scorepad muggins x", "COMP_CWORD": "2", "_SCOREPAD_COMPLETE": "complete_bash"},
    "zsh": {"_TYPER_COMPLETE_ARGS": "scorepad muggins x", "_SCOREPAD_COMPLETE": "complete_zsh"},
    "fish": {
        "_TYPER_COMPLETE_ARGS": "scorepad muggins x",
        "_TYPER_COMPLETE_FISH_ACTION": "get-args",
        "_SCOREPAD_COMPLETE": "complete_fish",
    },
    "powershell": {"_TYPER_COMPLETE_ARGS": "scorepad muggins x", "_SCOREPAD_COMPLETE": "complete_powershell"},
}


@pytest.mark.parametrize("shell", sorted(TYPER_REQUESTS))
def test_an_old_script_gets_nothing_to_run(here, shell):
    ok("new", "--players", "x$(touch pwned),Bob", "--opener", "Bob")
    env = {**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": "80", **TYPER_REQUESTS[shell]}
    env.pop("_SCOREPAD_COMPLETE_LINE", None)
    result = subprocess.run([sys.executable, "-m", "scorepad"], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""  # nothing for the script to eval, split or glob
    assert "--install-completion" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_stray_value_alone_is_not_an_old_script():
    assert not completion.old_script({"_SCOREPAD_COMPLETE": "complete_bash"})
    assert not completion.old_script({"_SCOREPAD_COMPLETE": "x", "COMP_WORDS": "a"})
    assert not completion.old_script(
        {"_SCOREPAD_COMPLETE": "complete_bash", "_SCOREPAD_COMPLETE_LINE": "scorepad ", "COMP_WORDS": "a"}
    )
