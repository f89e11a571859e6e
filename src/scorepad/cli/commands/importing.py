"""`scorepad import`: the record a page carries written back as a record file."""

# No `from __future__ import annotations` here: Typer evaluates the annotations itself
# (see cli/commands/common.py).

import os
from pathlib import Path
from typing import Annotated

import typer

from scorepad.cli.commands.common import BAD_USAGE, fail
from scorepad.cli.helpscreen import Room
from scorepad.i18n import N_, _
from scorepad.views.console import echo

room = Room()


@room.command(
    "import",
    help=N_(
        "Take the record back out of a page that export wrote: the same TOML, byte for byte.\n"
        "\n"
        "It is written under the name the page offers (NAME.toml, in the current folder)\n"
        "or as OUT.toml given with -f; never over an existing file.\n"
        "\n"
        "Example: scorepad import tonight.html -f tonight.toml"
    ),
)
def import_(
    page: Annotated[Path, typer.Argument(metavar="PAGE", help=N_("A page written by scorepad export (PAGE.html)."))],
    out: Annotated[
        Path | None,
        typer.Option("--file", "-f", help=N_("The record to write (default: the name the page offers)."), show_default=False),
    ] = None,
) -> None:
    from scorepad.record.files import cannot_read, cannot_write, read_record
    from scorepad.record.format import RecordError, loads
    from scorepad.record.pages import NoRecordError, carried_record, offered_name, write_new

    if out is not None and str(out) == "-":
        # Elsewhere `-` is standard output (export -f -); import only ever writes a file.
        fail(
            _(
                "import writes a record file, not standard output: give a file name with -f (a file named - with its folder: DIR/-)"
            ),
            BAD_USAGE,
        )
    try:
        record, offered = carried_record(page)
    except NoRecordError as refusal:
        fail(str(refusal), BAD_USAGE)
    except OSError as problem:
        fail(cannot_read(problem, page), BAD_USAGE)
    target = out if out is not None else offered_name(page, offered)
    if os.path.lexists(target):  # a link to nothing included
        fail(_("{path} exists: import never writes over a file; give another with -f").format(path=target), BAD_USAGE)
    try:
        write_new(target, record)
    except FileExistsError:
        fail(_("{path} exists: import never writes over a file; give another with -f").format(path=target), BAD_USAGE)
    except OSError as problem:
        fail(cannot_write(problem, target), BAD_USAGE)
    try:  # read back as every later command reads it: the page's record, byte for byte
        text = read_record(target)
        if text.encode("utf-8") != record:
            raise RecordError(_("it is not the record the page carries"))
        game = loads(text).game
    except (OSError, RecordError) as problem:
        target.unlink(missing_ok=True)
        reason = problem.strerror if isinstance(problem, OSError) else str(problem)
        fail(
            _("{path}: not imported: the file written cannot be read back ({problem}); it is removed").format(
                path=target, problem=reason
            ),
            BAD_USAGE,
        )
    from scorepad.views.status import rounds_said

    echo(
        _("Wrote {path} from {page}: {rounds}, {players}").format(
            path=target,
            page=page,
            rounds=rounds_said(game),
            players=", ".join(game.players),
        )
    )
