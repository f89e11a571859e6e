"""What most tests need to run scorepad as a player would: one environment for every run
(a terminal width, no colour, a language, no SCOREPAD_FILE from the machine), the output
as one line, and the live prompt. Fixtures that give a record folder are in conftest.py."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from scorepad.cli.app import app

runner = CliRunner()


def choices_of(param: Any) -> tuple[str, ...]:
    """The values a choice option or argument of the built command line takes: click's
    `Choice` up to typer 0.28, the `Literal` it was declared with from 0.29 on."""
    kind = getattr(param, "type", None)
    if kind is not None:
        return tuple(kind.choices)
    return typing.get_args(param.type_descriptor.annotation)


def kind_of(param: Any) -> type:
    """`int` or `str`: what a number or text option of the built command line reads."""
    from scorepad.cli.helpscreen import click

    kind = getattr(param, "type", None)
    if kind is None:
        return param.type_descriptor.annotation
    return (
        int
        if isinstance(kind, click.types.IntParamType)
        else str
        if isinstance(kind, click.types.StringParamType)
        else type(kind)
    )


def environment(width: int = 40, lang: str = "en", env: Mapping[str, str | None] | None = None) -> dict[str, str | None]:
    """The one environment of a test's run: `env` adds to it or (with None) takes away."""
    return {"COLUMNS": str(width), "NO_COLOR": "1", "SCOREPAD_LANG": lang, "SCOREPAD_FILE": None, **(env or {})}


def run(*args: object, width: int = 40, lang: str = "en", input: str | None = None, env=None) -> Result:
    """`scorepad ARGS…` in this process, as a terminal of `width` columns in `lang`, under the
    program's own name (the usage lines say `scorepad`, as a player sees them)."""
    return runner.invoke(app, [str(a) for a in args], input=input, env=environment(width, lang, env), prog_name="scorepad")


def ok(*args: object, **kwargs) -> str:
    """The output of a run that must succeed."""
    result = run(*args, **kwargs)
    assert result.exit_code == 0, (args, result.output)
    return result.output


def refused(args: tuple[object, ...] | list[object], record: Path, code: int, *messages: str, **kwargs) -> str:
    """A run that must fail with `code`, saying each of `messages`, leaving `record` as it was."""
    before = record.read_bytes() if record.exists() else None
    result = run(*args, **kwargs)
    assert result.exit_code == code, result.output
    for message in messages:
        assert flat(message) in flat(result.output), result.output
    assert "Traceback" not in result.output
    assert (record.read_bytes() if record.exists() else None) == before
    return result.output


def flat(text: str) -> str:
    """Output as one line: the terminal wraps long lines at its width."""
    return " ".join(text.split())


def live(typed: str, width: int = 40, lang: str = "en", *args: object) -> Result:
    """The live prompt fed `typed` as standard input."""
    return run("live", *args, width=width, lang=lang, input=typed)


def process(
    args: list[str],
    stdout: Any,
    *,
    fsize: int | None = None,
    closed: bool = False,
    width: int = 80,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """`scorepad ARGS…` as a process of its own writing into `stdout`: under a file-size limit
    of `fsize` bytes, or with its standard output closed (`closed`), in English."""

    def prepare() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if closed:
            os.close(1)

    environment = {**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": str(width), "NO_COLOR": "1"}
    environment.pop("PYTHONUNBUFFERED", None)
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        timeout=120,
        preexec_fn=prepare,
    )


HUNG = 180  # seconds without progress from a child process: it hangs (a bound, never a timing)

# By machine: read(2), and the select(2)s readline waits in at a terminal.
_WAITING = {"x86_64": (0, (23, 270)), "aarch64": (63, (72,))}


def wait_for_input(pid: int, *, hung: float = HUNG) -> None:
    """Return once process `pid` sleeps waiting for standard input (read(2) on it, or
    readline's select on it at a terminal), so that a signal sent now finds it there. A
    prompt on the screen is not enough: between writing it and entering that call Python
    runs no bytecode, so a SIGINT in the gap is acted on only once the call returns, after
    a next line. /proc/PID/syscall proves it (the kernel fills it in only for a task that
    is not running); where it cannot be read the test is skipped, not left to chance."""
    import platform
    import time

    import pytest

    calls = _WAITING.get(platform.machine())
    syscall = Path(f"/proc/{pid}/syscall")
    if calls is None or not syscall.exists():
        pytest.skip("needs /proc/PID/syscall to know the process waits for input")
    read, selects = calls
    deadline = time.monotonic() + hung
    while True:
        try:
            fields = syscall.read_text().split()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except PermissionError:
            pytest.skip("/proc/PID/syscall is not readable here")
        reading = fields[:2] == [str(read), "0x0"]
        selecting = fields[:1] in ([str(n)] for n in selects) and fields[1:2] == ["0x1"]  # nfds 1: stdin alone
        if (reading or selecting) and state == "S":
            return
        assert time.monotonic() < deadline, f"process {pid} never waited for input: {fields} {state}"
        time.sleep(0.001)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if parent == pid:
            found.append(int(stat.parent.name))
    return found


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def pane_until(session: str, check: typing.Callable[[str], bool], *, hung: float = HUNG) -> str:
    """The tmux pane's text (its history included) once `check` holds for it; fails with
    the text rather than waiting forever."""
    import time

    deadline = time.monotonic() + hung
    while True:
        text = tmux("capture-pane", "-t", session, "-p", "-S", "-")
        if check(text):
            return text
        assert time.monotonic() < deadline, text
        time.sleep(0.02)


def pane_process(session: str, *, hung: float = HUNG) -> int:
    """The process the pane's shell runs now (the shell's one child)."""
    import time

    shell = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}"))
    deadline = time.monotonic() + hung
    while True:
        found = children_of(shell)
        if len(found) == 1:
            return found[0]
        assert time.monotonic() < deadline, found
        time.sleep(0.01)


def prompts(text: str) -> int:
    """How many live prompts (`Ann> `, `> `, answered or not) a screen shows."""
    import re

    return len(re.findall(r"(?m)^\w*>( |$)", text))
