"""What the commands share: the record's option, reading it, doing a change through the
shared actions, and turning a domain error into a message and an exit code (0 success,
1 a rule problem, 2 bad usage or an unreadable file)."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, NoReturn, TypeVar

import typer

from scorepad.cli import completion
from scorepad.cli.helpscreen import HELP_FACTS

try:  # typer 0.26 and later carry their own click; older ones use click itself (as helpscreen)
    from typer import _click as click
except ImportError:
    import click  # type: ignore[no-redef, import-not-found, unused-ignore]
from scorepad.engine.rules import DEFAULT_PRESET, PRESETS
from scorepad.errors import IllegalMoveError, InvalidHandsError, ScorepadError
from scorepad.i18n import N_, _
from scorepad.views.console import error, print_styled, width

# The engine, the record and the views are imported by the commands that use them: every
# run imports this module, and a command needs only its own part of them.
if TYPE_CHECKING:
    from scorepad.cli.grammar import Typed
    from scorepad.engine.game import Game, Outcome
    from scorepad.record.format import EachRound, Load

RULE_PROBLEM, BAD_USAGE = 1, 2

DEFAULT_FILE = Path("scorepad.toml")

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="SCOREPAD_FILE", help=N_("The game record."), show_default=True),
]
StandsOption = Annotated[
    bool,
    typer.Option("--stands", help=N_("The table lets this move stand against the rules (a ruling).")),
]
ByOption = Annotated[
    str | None,
    typer.Option("--by", help=N_("Who moved (default: whose turn it is)."), autocompletion=completion.player_names),
]

# A number on the command line, as at the live prompt: ASCII digits only. Python's int()
# and float(), which click uses, also take other scripts' digits (Arabic-Indic three,
# full-width four), '1_0', '+4' and ' 4'.
_WHOLE = re.compile(r"-?[0-9]+")  # the minus is left for the range's "at least 1"
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


class NotDigits(click.exceptions.BadParameter):
    """A number typed with other characters than 0 to 9 (usage.py says it in scorepad's
    words)."""

    def __init__(self, value: str, param: object, ctx: object) -> None:
        super().__init__(f"{value!r} is not written in ASCII digits.", ctx=ctx, param=param)  # type: ignore[arg-type, unused-ignore]
        self.value = value


def _check_digits(value: object, form: re.Pattern[str], number: Callable[[str], object], param: object, ctx: object) -> None:
    """NotDigits for a value Python would take as a number but scorepad does not; anything
    else is left to click, which says it is no number."""
    if not isinstance(value, str) or form.fullmatch(value):
        return
    try:
        number(value)
    except ValueError:
        return
    raise NotDigits(value, param, ctx)


class DigitsInt(click.types.IntParamType):
    """click's whole number, typed in ASCII digits."""

    def convert(self, value: object, param: object, ctx: object) -> object:
        _check_digits(value, _WHOLE, int, param, ctx)
        return super().convert(value, param, ctx)  # type: ignore[arg-type]


class DigitsIntRange(click.types.IntRange):
    """click's whole number with a lowest value, typed in ASCII digits."""

    def convert(self, value: object, param: object, ctx: object) -> object:
        _check_digits(value, _WHOLE, int, param, ctx)
        return super().convert(value, param, ctx)  # type: ignore[arg-type]


class DigitsFloat(click.types.FloatParamType):
    """click's number with a fraction (`--delay 0.5`), typed in ASCII digits."""

    def convert(self, value: object, param: object, ctx: object) -> object:
        _check_digits(value, _DECIMAL, float, param, ctx)
        return super().convert(value, param, ctx)  # type: ignore[arg-type]


def whole_number(lowest: int | None = None, highest: int | None = None) -> click.types.ParamType:
    """The type of every whole-number option and argument (give it as `click_type`)."""
    return DigitsInt() if lowest is None and highest is None else DigitsIntRange(min=lowest, max=highest)


HostOption = Annotated[str, typer.Option("--host", metavar="HOST", help=N_("The address to listen on."))]
PortOption = Annotated[
    int | None,
    typer.Option("--port", metavar="PORT", help=N_("The port (default 8765, or a free one)."), click_type=whole_number(0, 65535)),
]


def ascii_digits(text: str) -> bool:
    """Whether `text` is a whole number as scorepad takes one: ASCII digits, no sign."""
    return text.isascii() and text.isdigit()


if TYPE_CHECKING:  # a type checker needs the values written out; Typer takes them from PRESETS
    Preset = str
else:
    Preset = Literal[tuple(PRESETS)]
HELP_FACTS.update(presets=" | ".join(PRESETS), default_preset=DEFAULT_PRESET)  # "{presets}" in a help text


def choices_metavar(values: Sequence[str]) -> str:
    """An option's values as its help shows them, spaced so that a help screen breaks them
    between two values, never inside one (`<as-domino|round` / `ed-sides-minus-own…>`)."""
    return "<" + " | ".join(values) + ">"


STDIN = "-"  # as FILE: the record comes on standard input (show, log, audit, stats, replay, tally)

T = TypeVar("T")


def fail(message: str, code: int) -> NoReturn:
    error(message)
    raise typer.Exit(code)


def exit_code(error: ScorepadError) -> int:
    from scorepad.record.files import LockedError

    if isinstance(error, (IllegalMoveError, InvalidHandsError, LockedError)):
        return RULE_PROBLEM
    return BAD_USAGE  # InvalidMoveError, RulesError, RecordError: the input itself is wrong


def from_stdin(path: Path) -> bool:
    return str(path) == STDIN


def record_text(path: Path) -> str:
    """The text of a record file, or of standard input for `-`, under the same limits
    (at most MAX_RECORD_BYTES of UTF-8). Raises RecordError or OSError."""
    from scorepad.record.files import read_text
    from scorepad.record.format import MAX_RECORD_BYTES, RecordError

    if not from_stdin(path):
        return read_text(path)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text-only stream, as some embedders give
        text = sys.stdin.read(MAX_RECORD_BYTES + 1)
        data = text.encode("utf-8", "surrogateescape")
    else:
        data = stream.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            _("standard input holds more than {limit} MB: not a scorepad record").format(limit=MAX_RECORD_BYTES // (1024 * 1024))
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(_("standard input is not text (a record is UTF-8 text)")) from None


def refuse_stdin(file: Path) -> None:
    if from_stdin(file):
        fail(_("-f -: a record on standard input can be shown, not changed; give the record's file"), BAD_USAGE)


def read(file: Path, each_round: "EachRound | None" = None, *, load: "Load | None" = None) -> "Game":
    """The game of a record; `each_round` is given each round as the record is read, and
    `load` reads it (`format.loads`, or `format.loads_for_review` for a review)."""
    # From record, not actions: showing a game need not load the typing grammar.
    from scorepad.record.files import cannot_read, read_both
    from scorepad.record.format import RecordError, loads

    load = load or loads
    if from_stdin(file):
        try:
            return load(record_text(file), each_round).game
        except RecordError as error:
            fail(_("cannot read the record: {error}").format(error=error), BAD_USAGE)
    try:
        return read_both(file, each_round, load=load)[1]
    except RecordError as error:
        fail(str(error), BAD_USAGE)
    except OSError as error:
        fail(cannot_read(error, file), BAD_USAGE)


def show_status(game: "Game", out: "Outcome | None" = None, note: str | list[str] | None = None) -> None:
    from scorepad.views.status import status
    from scorepad.views.styled import Styled

    for line in [note] if isinstance(note, str) else note or ():
        print_styled(Styled(line), style="bold")
    print_styled(status(game, width(), out))


def act(file: Path, typed: "Typed") -> None:
    """Do a change through the shared actions; a refusal becomes a message and an exit code,
    followed by the repairs of an earlier slip that would let it through."""
    from scorepad.cli.perform import perform

    refuse_stdin(file)
    try:
        done = perform(file, typed)
    except ScorepadError as problem:
        offer_repairs(file, typed, problem)
        raise typer.Exit(exit_code(problem)) from None
    except OSError as problem:
        from scorepad.record.files import cannot_write

        fail(cannot_write(problem, file), BAD_USAGE)
    show_status(done.game, done.out, done.notes)
    from scorepad.cli.actions import noted

    if noted(done.game, done.out):
        offer_repairs(file, typed, None)


def offer_repairs(file: Path, typed: "Typed", problem: ScorepadError | None) -> None:
    """After a refusal (`problem`, said here), or a play recorded with a note to repair
    (None: a claim that differs from the true score, a muggins chance two plays' order
    made): the repairs of an earlier slip in the round, numbered, each as the command that
    makes it."""
    from scorepad.cli.fixing import suggest

    suggest(file, typed, problem, live=False, named=None if file == DEFAULT_FILE else file)


def attempt(action: Callable[[], T], file: Path | None = None) -> T:
    """What `action` returns; a refusal or a failed write becomes a message and an exit code."""
    try:
        return action()
    except ScorepadError as error:
        fail(str(error), exit_code(error))
    except OSError as error:
        from scorepad.record.files import cannot_write

        fail(cannot_write(error, file), BAD_USAGE)
