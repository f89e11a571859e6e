"""The commands that put a record right afterwards: a repair offered after a refusal,
a move inserted, replaced or deleted with the game replayed, the record edited by hand."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

from pathlib import Path
from typing import Annotated

import typer

from scorepad.cli.commands.common import (
    BAD_USAGE,
    DEFAULT_FILE,
    RULE_PROBLEM,
    FileOption,
    act,
    attempt,
    fail,
    refuse_stdin,
    show_status,
    whole_number,
)
from scorepad.cli.helpscreen import Room
from scorepad.i18n import N_, _
from scorepad.views.console import echo

room = Room()


@room.command(
    help=N_(
        "Make repair N of those offered after the last refusal, then the refused input.\n"
        "\n"
        "A refused move (or hands) is followed by up to three repairs of an earlier slip in\n"
        "the round; fix makes the one chosen and records the move, as one step (one undo\n"
        "takes both back).\n"
        "\n"
        "Example: scorepad fix 1"
    )
)
def fix(
    choice: Annotated[int, typer.Argument(metavar="N", help=N_("The number of the repair."), click_type=whole_number())],
    count: Annotated[
        int | None,
        typer.Option(
            "--count",
            help=N_("How many tiles were drawn, where the repair's draw cannot be counted."),
            click_type=whole_number(),
        ),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option("--at", help=N_("Where the repair's draw or pass was (ROUND.MOVE), where it fits at several places.")),
    ] = None,
    tile: Annotated[
        str | None,
        typer.Option("--tile", help=N_("The tile played (like 6-3), where the repair's tile typed wrong is one of several.")),
    ] = None,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import FixIn

    if choice < 1:
        fail(_("fix {choice}: the repairs are numbered from 1").format(choice=choice), BAD_USAGE)
    act(file, FixIn(choice, count, at, tile))


AtArgument = Annotated[str, typer.Argument(metavar="AT", help=N_("ROUND.MOVE as the log numbers the moves, e.g. 1.12."))]
MoveArgument = Annotated[list[str], typer.Argument(metavar="MOVE", help=N_("The move as in the record, e.g. 'Tom: draw 4'."))]


def amend_command(file: Path, action: str, at: str, move: list[str] | None, reseat: bool = False) -> None:
    from scorepad.cli.grammar import AmendIn, parse_at, replacements

    if move is None:
        act(file, AmendIn(action, attempt(lambda: parse_at(at))))
        return
    act(file, attempt(lambda: replacements(action, [at, *move], reseat)))


@room.command(
    help=N_(
        "Insert a forgotten move; the whole game is replayed with it.\n"
        "\n"
        "The moves from AT on shift down one; AT one past a round's last move appends to it.\n"
        "If anything later becomes illegal, nothing is written.\n"
        "\n"
        'Example: scorepad insert 1.12 "Tom: draw 4"'
    )
)
def insert(
    at: AtArgument,
    move: MoveArgument,
    reseat: Annotated[
        bool,
        typer.Option("--reseat", help=N_("Every later move of the round follows the turn from the move inserted.")),
    ] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    amend_command(file, "insert", at, move, reseat)


@room.command(
    help=N_(
        "Replace the move at AT; the whole game is replayed with it.\n"
        "\n"
        "More AT MOVE pairs replace several moves at once (two moves in the wrong order).\n"
        "\n"
        'Example: scorepad replace 1.3 "Cy: 6-2 E"'
    )
)
def replace(
    at: AtArgument,
    move: MoveArgument,
    reseat: Annotated[
        bool, typer.Option("--reseat", help=N_("The move's player changes, and every later move of its round follows the turn."))
    ] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    amend_command(file, "replace", at, move, reseat)


@room.command(help=N_("Delete the move at AT; the whole game is replayed without it.\n\nExample: scorepad delete 1.7"))
def delete(at: AtArgument, file: FileOption = DEFAULT_FILE) -> None:
    amend_command(file, "delete", at, None)


@room.command(
    help=N_(
        "Edit the record in $VISUAL or $EDITOR; kept only if it is still a valid record.\n"
        "\n"
        "Like crontab -e: an edit that is not a valid record is shown with its problem, and\n"
        "you may edit again or discard it.\n"
        "\n"
        "Example: EDITOR=nano scorepad edit"
    )
)
def edit(file: FileOption = DEFAULT_FILE) -> None:
    from scorepad.cli.actions import edit as edit_record

    refuse_stdin(file)

    def ask(question: str) -> str:
        echo(question)
        try:
            return input()
        except EOFError:
            return ""

    done = attempt(lambda: edit_record(file, ask, echo), file)
    if done is None:
        raise typer.Exit(RULE_PROBLEM)  # the edit was discarded
    show_status(done.game, note=done.notes)
