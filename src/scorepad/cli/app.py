"""The `scorepad` command: the Typer app, the options that come before any command, and
`main`. The commands themselves live in `cli/commands`, one module for each kind
(recording, amending, showing, checking; see its docstring); each is thin: it loads the
record, asks the engine, saves, and prints."""

import sys
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from scorepad import __version__, i18n
from scorepad.cli import completion
from scorepad.cli.commands.common import RULE_PROBLEM
from scorepad.cli.helpscreen import ScreenTyper
from scorepad.i18n import N_, _
from scorepad.views.console import echo, error

# Each command and the module that declares it, in the order help lists them: a run
# imports only the module of the command it runs.
_RECORDING, _AMENDING, _SHOWING, _CHECKING = (
    f"scorepad.cli.commands.{kind}" for kind in ("recording", "amending", "showing", "checking")
)
COMMANDS = {
    "new": _RECORDING,
    "play": _RECORDING,
    "draw": _RECORDING,
    "pass": _RECORDING,
    "muggins": _RECORDING,
    "undo": _RECORDING,
    "hands": _RECORDING,
    "exposes": _RECORDING,
    "annul": _RECORDING,
    "opener": _RECORDING,
    "fix": _AMENDING,
    "insert": _AMENDING,
    "replace": _AMENDING,
    "delete": _AMENDING,
    "edit": _AMENDING,
    "show": _SHOWING,
    "log": _SHOWING,
    "demo": _RECORDING,
    "replay": _SHOWING,
    "audit": _CHECKING,
    "review": _CHECKING,
    "hint": _CHECKING,
    "rules": _SHOWING,
    "stats": _SHOWING,
    "sheet": _SHOWING,
    "chart": _SHOWING,
    "export": _SHOWING,
    "import": "scorepad.cli.commands.importing",
    "tally": _SHOWING,
    "live": _RECORDING,
    "serve": "scorepad.cli.commands.serving",
}

app = ScreenTyper(
    COMMANDS,
    help=N_(
        "Scorekeeper and rules arbiter for All Fives (Muggins, Fives, Domino Fünfer). The rules: docs/rules.md; records and JSON: docs/format.md (in the source and installed with scorepad)."
    ),
    no_args_is_help=True,
    add_completion=False,  # declared below with the other options: the shell named wins (cli/completion.py)
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _show_version(asked: bool) -> None:
    if asked:
        echo(f"scorepad {__version__}")
        raise typer.Exit()


if TYPE_CHECKING:  # a type checker needs the values written out; Typer takes them from i18n
    Language = str
else:  # typed as the languages, so Typer checks them and the shell completes them
    Language = Literal[tuple(sorted(i18n.LANGUAGES))]


def _use_language(asked: str | None) -> None:
    # The group chose it already from the arguments (helpscreen.ScreenGroup.parse_args);
    # choosing again here keeps an app invoked some other way right as well.
    if asked is not None:
        i18n.use(i18n.choose(asked))


@app.callback()
def _options(
    lang: Annotated[
        Language | None,
        typer.Option(
            "--lang",
            callback=_use_language,
            is_eager=True,
            show_default=False,
            help=N_("Language of the texts (default: SCOREPAD_LANG, else the locale, else en)."),
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", "-V", callback=_show_version, is_eager=True, help=N_("Show the version and exit.")),
    ] = False,
    install_completion: Annotated[
        bool,
        typer.Option(
            "--install-completion",
            callback=completion.install,
            expose_value=False,
            help=N_("Install completion for the shell named after it (bash, zsh, fish, powershell, pwsh), else the current one."),
        ),
    ] = False,
    show_completion: Annotated[
        bool,
        typer.Option(
            "--show-completion",
            callback=completion.show,
            expose_value=False,
            help=N_("Show the completion script for the shell named after it, else the current one, to install it yourself."),
        ),
    ] = False,
) -> None:
    pass  # the options that come before any command; the app's help text stands above


def main() -> None:
    from scorepad.cli.early import INTERRUPTED, interrupted
    from scorepad.views.console import guard_pipes, sane_environment, tolerant_streams

    try:  # typer 0.2x carries its own click; older ones use click itself
        from typer._click.exceptions import ClickException
    except ImportError:
        # Only one of the two exists in a given install: the ignore codes cover both cases.
        from click.exceptions import ClickException  # type: ignore[no-redef, import-not-found, assignment, unused-ignore]

    sane_environment()
    tolerant_streams()
    guard_pipes()  # after: it wraps the streams tolerant_streams reconfigures
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        error(_("aborted"))
        code = RULE_PROBLEM
    except ClickException as usage:
        if type(usage).__name__ == "NoArgsIsHelpError":
            # Bare `scorepad` asks for the help, which the group has just printed (click
            # before 8.2 exits 0 here too); an error line after it would be an empty one.
            sys.exit(0)
        # Click would print the bad argument as typed: say it through the boundary instead.
        context = getattr(usage, "ctx", None)
        if context is not None:
            echo(context.get_usage(), err=True)
            echo(_("Try '{command} --help' for help.").format(command=context.command_path), err=True)
        # typer 0.29 words a refused choice through pydantic, which puts "Value error, "
        # before click's own words ("'x' is not one of ...").
        error(usage.format_message().replace(": Value error, ", ": ", 1))
        code = usage.exit_code
    except KeyboardInterrupt:
        # Saving is atomic: the record is the one before the command or the one after.
        interrupted()
    if code == INTERRUPTED:  # typer turns Ctrl-C inside a command into this status, silently
        error(_("interrupted"))
    sys.exit(code if isinstance(code, int) else 0)
