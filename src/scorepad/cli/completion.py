"""Shell completion: the scripts for a shell, installing them, and player names.

Typer's own `--show-completion` and `--install-completion` are flags that use the shell
scorepad runs in: in `scorepad --show-completion bash` typed under zsh, `bash` is left
over as if it were a command, and zsh's script comes out. Here the options are declared
with the app's other options (`cli/app.py`); the group reads the word after them
(`asked_shell`, as it reads `--lang`) and that shell wins over the one detected. The
scripts are scorepad's own (cli/shellscripts.py), and so is the answer to them: a name from
a record is quoted for the shell, or left out (cli/shellwords.py), and a stray
`_SCOREPAD_COMPLETE` that is not a script's request is ignored.

Player names complete after `--by`, `--opener`, `muggins` and in `hands` (as `NAME=`),
from the record of `-f FILE` (or SCOREPAD_FILE, or ./scorepad.toml): a missing, unreadable
or broken record completes nothing, and completing never prints an error."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer

try:  # typer 0.26 and later carry their own click; older ones use click itself
    from typer._click.shell_completion import CompletionItem, ShellComplete
except ImportError:
    # Only one of the two exists in a given install: the ignore codes cover both cases.
    from click.shell_completion import CompletionItem, ShellComplete  # type: ignore[no-redef, import-not-found, assignment, unused-ignore]

from scorepad.cli.shellscripts import program_name, script
from scorepad.cli.shellwords import (
    BASH_BREAKS,
    Line,
    bash_candidate,
    completable,
    powershell_quote,
    powershell_unquoted,
    read_line,
)
from scorepad.i18n import _

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")  # what Typer has scripts for
SHELL_OPTIONS = ("--show-completion", "--install-completion")
ASKED = "scorepad.shell"  # where the group keeps the named shell, in the context's meta
BAD_USAGE = 2
# Asks for candidates: `complete_<shell>`, with the line in `<VARIABLE>_LINE`. One name
# whatever the program is called, so that a test's runner asks as the scripts do.
VARIABLE = "_SCOREPAD_COMPLETE"
# What Typer's scripts send with `complete_SHELL` instead of the line: a script that
# Typer's installer put in place before scorepad had its own. Typer's bash script splits
# and globs the answer, its zsh script runs it with `eval`; running the command instead
# would hand them the help screen.
TYPER_REQUEST = ("COMP_WORDS", "COMP_CWORD", "_TYPER_COMPLETE_ARGS")


def asked_shell(args: Sequence[str]) -> str | None:
    """The word after `--show-completion` or `--install-completion`, if one follows."""
    for index, arg in enumerate(args[:-1]):
        if arg == "--":
            break
        if arg in SHELL_OPTIONS and not args[index + 1].startswith("-"):
            return args[index + 1]
    return None


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
    return str(named)


def _names(ctx: typer.Context) -> tuple[str, str]:
    return program_name(ctx.find_root().info_name), VARIABLE


def show(ctx: typer.Context, _param: typer.CallbackParam, value: bool) -> None:
    """`--show-completion [SHELL]`: print the script."""
    if not value or ctx.resilient_parsing:
        return
    from scorepad.views.console import echo

    prog, variable = _names(ctx)
    echo(script(_shell(ctx), prog, variable), wrap=False)
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
    from scorepad.cli import installer
    from scorepad.errors import CompletionInstallError
    from scorepad.views.console import echo

    shell = _shell(ctx)
    home = usable_home()
    prog, variable = _names(ctx)
    try:
        path = installer.install(shell, home, prog, variable)
    except CompletionInstallError as refusal:
        _refuse(_("cannot install completion for {shell}: {reason}").format(shell=shell, reason=refusal))
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


# --- answering the shell ----------------------------------------------------------------------


def _one_line(text: str | None) -> str:
    """A candidate's help on one line, without control characters."""
    return " ".join("".join(c if completable(c) else " " for c in (text or "")).split())


class _Candidates(ShellComplete):
    """Click's way from the words typed to the candidates (what `autocompletion=` gives);
    the words themselves come from `answer`, read from the line the script sends."""

    name = "scorepad"
    source_template = ""

    def source_vars(self) -> dict[str, Any]:
        return {}

    def get_completion_args(self) -> tuple[list[str], str]:
        raise NotImplementedError

    def format_completion(self, item: CompletionItem) -> str:
        raise NotImplementedError


def _whole_word(value: str, typed: str) -> str:
    """The word a candidate makes on the line: Click completes `--by=A` with `Ann`."""
    if typed.startswith("-") and "=" in typed and not value.startswith("-"):
        return typed.partition("=")[0] + "=" + value
    return value


def _typed(shell: str, environ: Mapping[str, str], text: str) -> tuple[Line, list[str], str]:
    """The line, the words before the one being completed (without the program's own
    name) and that word's text, quotes removed."""
    line = read_line(text)
    if shell in ("powershell", "pwsh"):  # the whole command comes, and the word apart
        word = environ.get(VARIABLE + "_WORD", "")
        words = [*line.words, line.value] if line.raw else list(line.words)
        if word and words:
            words.pop()
        return line, words[1:], powershell_unquoted(word)
    return line, line.words[1:], line.value


def answer(cli: Any, program: str, environ: Mapping[str, str]) -> str | None:
    """What scorepad prints when its completion script asks (one candidate a line, in the
    form of that shell); None when the environment does not ask as a script does."""
    instruction = environ.get(VARIABLE, "")
    shell = instruction.removeprefix("complete_")
    text = environ.get(VARIABLE + "_LINE")
    if not instruction.startswith("complete_") or shell not in SHELLS or text is None:
        return None
    line, words, typed = _typed(shell, environ, text)
    try:
        found = _Candidates(cli, {}, program, VARIABLE).get_completions(words, typed)
    except Exception:  # noqa: BLE001 - completing never fails: a line it cannot read completes nothing
        return ""
    breaks = environ.get(VARIABLE + "_BREAKS", BASH_BREAKS)
    out: list[str] = []
    for item in found:
        word = _whole_word(str(item.value), typed)
        if not completable(word):
            continue
        help_text = _one_line(item.help)
        if shell == "bash":
            quoted = bash_candidate(word, line, breaks)
            if quoted is not None:
                out.append(quoted)
        elif shell in ("powershell", "pwsh"):
            quoted = powershell_quote(word)
            if quoted is not None:
                out.append("\t".join((quoted, word, help_text) if help_text else (quoted, word)))
        else:  # zsh and fish quote it themselves
            out.append(word + "\t" + help_text if help_text else word)
    return "".join(entry + "\n" for entry in dict.fromkeys(out))


def old_script(environ: Mapping[str, str]) -> bool:
    """Whether the request comes from one of Typer's scripts, not scorepad's."""
    instruction = environ.get(VARIABLE, "")
    return (
        instruction.startswith("complete_")
        and instruction.removeprefix("complete_") in SHELLS
        and VARIABLE + "_LINE" not in environ
        and any(name in environ for name in TYPER_REQUEST)
    )


def respond(cli: Any, prog_name: str) -> None:
    """Answer the completion script and exit, if that is what the environment asks for.
    Anything else in `_SCOREPAD_COMPLETE` (a stray value, or one without the line the
    scripts send) is not a request: it is dropped and the command runs as typed. One of
    Typer's old scripts gets no candidates, and a note on what to do."""
    if VARIABLE not in os.environ:
        return
    if old_script(os.environ):
        from scorepad.views.console import error

        error(_("the completion script in use is an old one: run scorepad --install-completion, then start a new shell"))
        raise SystemExit(0)
    text = answer(cli, program_name(prog_name), os.environ)
    if text is None:
        for name in (VARIABLE, VARIABLE + "_LINE", VARIABLE + "_WORD", VARIABLE + "_BREAKS"):
            os.environ.pop(name, None)
        return
    out = getattr(sys.stdout, "buffer", None)
    if out is not None:
        sys.stdout.flush()
        out.write(text.encode("utf-8", "replace"))
        out.flush()
    else:
        sys.stdout.write(text)
    raise SystemExit(0)
