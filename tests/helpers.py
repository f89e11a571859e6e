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
