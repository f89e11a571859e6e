"""Shell completion: the scripts for a shell, installing them, and player names.

Typer's own `--show-completion` and `--install-completion` are flags that use the shell
scorepad runs in: in `scorepad --show-completion bash` typed under zsh, `bash` is left
over as if it were a command, and zsh's script comes out. Here the options are declared
with the app's other options (`cli/app.py`); the group reads the word after them
(`asked_shell`, as it reads `--lang`) and that shell wins over the one detected. The
scripts, the installing and the completing itself are Typer's.

Player names complete after `--by`, `--opener`, `muggins` and in `hands` (as `NAME=`),
from the record of `-f FILE` (or SCOREPAD_FILE, or ./scorepad.toml): a missing, unreadable
or broken record completes nothing, and completing never prints an error."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import typer

from scorepad.i18n import _

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")  # what Typer has scripts for
SHELL_OPTIONS = ("--show-completion", "--install-completion")
ASKED = "scorepad.shell"  # where the group keeps the named shell, in the context's meta
BAD_USAGE = 2


def asked_shell(args: Sequence[str]) -> str | None:
    """The word after `--show-completion` or `--install-completion`, if one follows."""
    for index, arg in enumerate(args[:-1]):
        if arg == "--":
            break
        if arg in SHELL_OPTIONS and not args[index + 1].startswith("-"):
            return args[index + 1]
    return None


def enable() -> None:
    """Register Typer's completion classes (Typer does it only with its own options)."""
    from typer._completion_classes import completion_init

    completion_init()


def _refuse(message: str) -> NoReturn:
    from scorepad.views.console import error

    error(message)
    raise typer.Exit(BAD_USAGE)


def _shell(ctx: typer.Context) -> str:
    """The shell named after the option, else the one scorepad runs in."""
    named = ctx.meta.get(ASKED)
    if named is None:
        import shellingham  # type: ignore[import-untyped]

        try:
            named = shellingham.detect_shell()[0]
        except (shellingham.ShellDetectionFailure, OSError, RuntimeError):
            _refuse(_("cannot tell which shell this is: name it, e.g. --show-completion bash"))
    if named not in SHELLS:
        _refuse(_("{shell}: completion is for {shells}").format(shell=named, shells=", ".join(SHELLS)))
    return named


def _names(ctx: typer.Context) -> tuple[str, str]:
    prog = ctx.find_root().info_name or "scorepad"
    return prog, "_{}_COMPLETE".format(prog.replace("-", "_").upper())


def show(ctx: typer.Context, _param: typer.CallbackParam, value: bool) -> None:
    """`--show-completion [SHELL]`: print the script."""
    if not value or ctx.resilient_parsing:
        return
    from typer._completion_shared import get_completion_script

    from scorepad.views.console import echo

    prog, variable = _names(ctx)
    echo(get_completion_script(prog_name=prog, complete_var=variable, shell=_shell(ctx)), wrap=False)
    raise typer.Exit(0)


def usable_home() -> Path:
    """The home folder completion is installed into: HOME as given, an existing folder
    scorepad may write in. Typer would otherwise create a missing HOME, or write to `/`
    for an empty one."""
    home = os.environ.get("HOME", "")
    path = Path(home)
    if not home or not path.is_absolute():
        _refuse(_("HOME is not set to a folder: completion is installed in the home folder"))
    if not path.is_dir():
        _refuse(_("HOME {home} is not a folder: completion is installed in the home folder").format(home=home))
    if not os.access(path, os.W_OK | os.X_OK):
        _refuse(_("HOME {home} cannot be written: completion is installed in the home folder").format(home=home))
    return path


def install(ctx: typer.Context, _param: typer.CallbackParam, value: bool) -> None:
    """`--install-completion [SHELL]`: write the script where the shell loads it."""
    if not value or ctx.resilient_parsing:
        return
    from typer._completion_shared import install as install_script

    from scorepad.views.console import echo

    shell = _shell(ctx)
    usable_home()
    prog, variable = _names(ctx)
    try:
        _shell_name, path = install_script(shell=shell, prog_name=prog, complete_var=variable)
    except OSError as problem:  # a file in the way, a full disk, no PowerShell to ask
        reason = problem.strerror or str(problem)
        where = problem.filename or shell
        _refuse(_("cannot install completion for {shell}: {path}: {reason}").format(shell=shell, path=where, reason=reason))
    echo(_("{shell} completion installed in {path}; it works in a new shell.").format(shell=shell, path=path))
    raise typer.Exit(0)


# --- player names ---------------------------------------------------------------------------


def _players(ctx: typer.Context) -> tuple[str, ...]:
    """The players of the record the command line names; none if it cannot be read."""
    file = ctx.params.get("file") or os.environ.get("SCOREPAD_FILE") or "scorepad.toml"
    if str(file) == "-":  # standard input is the shell's, not a record, while completing
        return ()
    try:
        from scorepad.record.files import read_game

        return tuple(read_game(Path(file)).players)
    except Exception:  # noqa: BLE001 - completion never fails: a broken record completes nothing
        return ()


def _starting(names: Sequence[str], incomplete: str) -> list[str]:
    typed = incomplete.casefold()
    return [name for name in names if name.casefold().startswith(typed)]


def player_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """For `--by NAME` and `muggins NAME`."""
    return _starting(_players(ctx), incomplete)


def openers(ctx: typer.Context, incomplete: str) -> list[str]:
    """For `new --opener`: the players given with --players, else the record's, and `lot`."""
    given = ctx.params.get("players")
    names = [n.strip() for n in given.split(",") if n.strip()] if given else list(_players(ctx))
    return _starting([*names, "lot"], incomplete)


def hand_entries(ctx: typer.Context, incomplete: str) -> list[str]:
    """For `hands NAME=...`: the players not entered yet, as `NAME=`."""
    if "=" in incomplete:
        return []
    entered = {value.partition("=")[0].casefold() for value in ctx.params.get("remaining") or ()}
    names = [name for name in _players(ctx) if name.casefold() not in entered]
    return [name + "=" for name in _starting(names, incomplete)]
