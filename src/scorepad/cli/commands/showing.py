"""The commands that show a record or write it another way: the status, the log, a
replay, the rules in words, statistics, the score sheet, the score race, the page or
picture, the paper tally."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

import io
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorepad.cli.commands.common import (
    BAD_USAGE,
    DEFAULT_FILE,
    FileOption,
    Preset,
    attempt,
    fail,
    from_stdin,
    read,
    record_text,
    show_status,
    whole_number,
)
from scorepad.cli.helpscreen import Room
from scorepad.engine.rules import PRESETS
from scorepad.i18n import N_, _, ngettext
from scorepad.views.console import closed_pipe, console, echo, error, json_line, lines, unwritable, width

if TYPE_CHECKING:
    from collections.abc import Iterable

room = Room()


def _to_stdout(parts: "Iterable[str]") -> None:
    """The page as UTF-8 (the charset it declares), whatever standard output's encoding.
    A reader that left ends the run as it ends every command (exit status 141); an output
    that cannot take the page (a full disk, a file-size limit) is refused as a file
    would be; closed from the start, nobody reads it."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
        out = getattr(stream, "buffer", None)
        for part in parts:
            if out is not None:
                out.write(part.encode("utf-8"))
            else:
                stream.write(part)
        if out is not None:
            out.flush()
    except BrokenPipeError:
        closed_pipe(stream)
    except OSError as problem:
        unwritable(stream, problem)


@room.command(help=N_("Show the game: layout, ends, scores, whose turn.\n\nExample: scorepad show --json"))
def show(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (docs/format.md)."))] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    game = read(file)
    if as_json:
        from scorepad.views.summary import game_json

        json_line(game_json(game))
        return
    show_status(game)


@room.command(help=N_("Every move with its points, round by round.\n\nExample: scorepad log --round 2"))
def log(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output."))] = False,
    round_: Annotated[
        int | None,
        typer.Option(
            "--round",
            "-r",
            help=N_("Only this round (its moves numbered for insert)."),
            show_default=False,
            click_type=whole_number(1),
        ),
    ] = None,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.fences import FAST
    from scorepad.views.console import Spool
    from scorepad.views.log import LoggedRounds, log_lines, log_table
    from scorepad.views.tables import streamed

    # The whole log is made as the record is read, each round while it is laid out; it
    # is shown once the record has been read whole, if long enough to be drawn plain.
    spool = Spool() if round_ is None and not as_json and FAST else None
    game = read(file, LoggedRounds(width(), spool) if spool is not None else None)
    only = None
    if round_ is not None:
        from scorepad.cli.actions import logged_round

        only = attempt(lambda: logged_round(game, round_))
    if as_json:
        from scorepad.views.summary import log_json

        rounds = log_json(game)
        json_line([r for r in rounds if r["round"] == only] if only is not None else rounds)
        return
    if streamed(game.move_count(only)):
        if spool is None or not spool.show():
            lines(log_lines(game, width(), only))
    else:
        if spool is not None:
            spool.close()
        console().print(log_table(game, only))


@room.command(
    help=N_(
        "Step through a saved game, move by move.\n"
        "\n"
        "Shows the layout, the end sum and the points after each move: Enter for the next\n"
        "move in a terminal, the whole game when not in one.\n"
        "\n"
        "Example: scorepad replay club/2026-11-28.toml --round 3"
    )
)
def replay(
    record: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A game record."))],
    round_: Annotated[int, typer.Option("--round", help=N_("Start at this round."), click_type=whole_number())] = 1,
    move: Annotated[int, typer.Option("--move", help=N_("Start at this move of that round."), click_type=whole_number())] = 1,
) -> None:
    recorded = read(record)
    if not 1 <= round_ <= len(recorded.rounds):
        fail(_("--round {round}: the game has rounds 1 to {last}").format(round=round_, last=len(recorded.rounds)), BAD_USAGE)
    moves = len(recorded.rounds[round_ - 1].moves)
    if not 1 <= move <= max(1, moves):
        if not moves:
            fail(_("--move {move}: round {round} has no moves yet").format(move=move, round=round_), BAD_USAGE)
        fail(_("--move {move}: round {round} has moves 1 to {last}").format(move=move, round=round_, last=moves), BAD_USAGE)
    from scorepad.views.steps import step_through

    step_through(recorded, start=(round_, move))


@room.command("rules", help=N_("The options of a preset, or of the current game, in words.\n\nExample: scorepad rules two-ends"))
def rules_(
    preset: Annotated[
        Preset | None,
        typer.Argument(
            metavar="PRESET",
            help=N_("A preset ({presets}); default: the current game's rules."),
            show_default=False,
        ),
    ] = None,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.views.rules import rules_table

    out = console()
    if preset is not None:
        out.print(_("Preset {preset}:").format(preset=preset), style="bold")
        out.print(rules_table(PRESETS[preset]))
        return
    if not file.exists():
        fail(_("no game in {file}: name a preset, e.g.  scorepad rules pagat").format(file=file), BAD_USAGE)
    game = read(file)
    out.print(
        ngettext("This game ({preset}, {n} player):", "This game ({preset}, {n} players):", len(game.players)).format(
            preset=game.rules.preset, n=len(game.players)
        ),
        style="bold",
    )
    out.print(rules_table(game.rules, len(game.players)))


@room.command(
    help=N_(
        "Per-player statistics over any number of records.\n"
        "\n"
        "Games, wins, rounds, points from plays, hands, muggins and penalties, the best\n"
        "play, the average per round, and the table's rulings (moves let stand, tiles\n"
        "shown, rounds annulled).\n"
        "\n"
        "Example: scorepad stats club/*.toml --csv > season.csv"
    )
)
def stats(
    records: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[FILE...]", help=N_("Game records (default: the --file game)."), show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("JSON: one object per player."))] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=N_("CSV for spreadsheets."))] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.record.files import load
    from scorepad.record.format import RecordError, loads
    from scorepad.views.stats import PlayerStats, add_game

    table: dict[str, PlayerStats] = {}
    code = 0
    for path in records or [file]:
        try:
            add_game(table, loads(record_text(path)).game if from_stdin(path) else load(path).game, str(path))
        except (RecordError, OSError) as problem:
            error(_("skipped {path}: {problem}").format(path=path, problem=problem))
            code = BAD_USAGE
    from scorepad.engine.notation import collation_key

    rows = [s.as_dict(name) for name, s in sorted(table.items(), key=lambda item: collation_key(item[0]))]
    if as_json:
        json_line(rows)
    elif as_csv:
        import csv

        from scorepad.views.console import shown

        sheet = io.StringIO()
        writer = csv.DictWriter(sheet, fieldnames=list(rows[0]) if rows else ["player"], lineterminator="\n")
        writer.writeheader()
        writer.writerows([{k: spreadsheet_cell(v) for k, v in row.items()} for row in rows])
        sys.stdout.write(shown(sheet.getvalue()))
        sys.stdout.flush()
    else:
        from scorepad.views.stats import stats_view

        out = console()
        out.print(stats_view(rows, out.width))
    raise typer.Exit(code)


def spreadsheet_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @,
    a tab or a carriage return gets a leading ' (OWASP's advice on CSV injection).
    Numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@room.command(
    help=N_(
        "The score sheet: a row per round, running totals, what each side still needs.\n"
        "\n"
        "Each side's points from plays, muggins and hands per round; the round being played\n"
        "is marked *.\n"
        "\n"
        "Example: scorepad sheet"
    )
)
def sheet(file: FileOption = DEFAULT_FILE) -> None:
    from scorepad.views.sheet import SheetRowsRead, sheet_lines
    from scorepad.views.sheet import sheet as draw_sheet
    from scorepad.views.tables import streamed

    read_rows = SheetRowsRead()  # the sheet's rows taken as the record is read
    game = read(file, read_rows)
    if streamed(len(game.rounds)):
        lines(sheet_lines(game, width(), read_rows.of(game)))
    else:
        console().print(draw_sheet(game, width(), read_rows.of(game)))


@room.command(
    help=N_("The score race: each side's score after every move, rounds marked.\n\nExample: scorepad chart club/2026-11-28.toml")
)
def chart(
    records: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[FILE...]", help=N_("Game records (default: the --file game)."), show_default=False),
    ] = None,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.views.chart import chart as draw_chart

    out = console()
    paths = records or [file]
    for path in paths:
        game = read(path)
        if len(paths) > 1:
            echo(str(path))
        out.print(draw_chart(game, out.width))


@room.command(
    help=N_(
        # One line: the list of commands shows this first paragraph with its line breaks.
        "Write the game as a page: sheet, score race, every round's layout drawn as tiles, and a "
        "replay to step through move by move (OUT.html); or, with --svg, one picture of the "
        "standing and the last round's layout.\n"
        "\n"
        "The page holds everything it shows: it opens without a network. Export never writes\n"
        "over a record, nor over a file it did not write itself unless --force.\n"
        "\n"
        "Example: scorepad export tonight.html -f tonight.toml"
    )
)
def export(
    out_file: Annotated[
        Path, typer.Argument(metavar="OUT", help=N_("The page to write: OUT.html or OUT.svg, or - for standard output."))
    ],
    html: Annotated[bool, typer.Option("--html", help=N_("Write HTML (the default for any suffix but .svg)."))] = False,
    svg: Annotated[
        bool, typer.Option("--svg", help=N_("Write SVG: one picture, the standing and the last round's layout."))
    ] = False,
    force: Annotated[bool, typer.Option("--force", help=N_("Write over an existing file that is not a record."))] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    import tempfile
    from datetime import date

    from scorepad.record.files import RefusedError, cannot_read, cannot_write, check_export, read_both, save_export
    from scorepad.record.pages import Carried

    if html and svg:
        fail(_("--html and --svg: choose one"), BAD_USAGE)
    if out_file.suffix.lower() == ".toml":
        fail(
            _("{out} ends in .toml: export writes a page (.html or .svg); the record is given with -f").format(out=out_file),
            BAD_USAGE,
        )
    kind = "svg" if svg or (not html and out_file.suffix.lower() == ".svg") else "html"
    from scorepad.record.format import RecordError, loads

    record = None if from_stdin(file) else file
    # The page carries the record's own text, byte for byte (scorepad import writes it
    # back): the text the game was read from, read once.
    try:
        if record is None:
            given = record_text(file)
            game = loads(given).game
        else:
            given, game = read_both(file)
    except RecordError as problem:
        fail(str(problem) if record is not None else _("cannot read the record: {error}").format(error=problem), BAD_USAGE)
    except OSError as problem:
        fail(cannot_read(problem, file), BAD_USAGE)
    carried: Carried | None = None
    if kind == "html":
        # Put aside before the page's modules are imported and the page is made: a large
        # record's text held meanwhile was most of export's memory.
        try:
            carried = Carried(given)
        except OSError as problem:
            fail(cannot_write(problem, tempfile.gettempdir()), BAD_USAGE)
        del given
    from scorepad.views.page import MARK, page_parts, svg_picture

    if from_stdin(out_file):  # `-` is standard output, as it is standard input for -f
        name = file.stem if record is not None else "scorepad"
        saved = date.fromtimestamp(os.stat(file).st_mtime) if record is not None else None
        _to_stdout(svg_picture(game) if kind == "svg" else page_parts(game, name, saved, carried))
        return
    try:
        check_export(out_file, MARK, record=record, force=force)  # before the work of drawing
        # A page scorepad wrote may be written over: said, as it may be another game's.
        replacing = os.path.lexists(out_file)
        name = file.stem if record is not None else "scorepad"
        if kind == "svg":
            text: Iterable[str] = svg_picture(game)
        else:
            saved = date.fromtimestamp(os.stat(file).st_mtime) if record is not None else None
            text = page_parts(game, name, saved, carried)  # made as it is written: a long game's page is large
        size = save_export(text, out_file, MARK, record=record, force=force)
    except RefusedError as refusal:
        fail(str(refusal), BAD_USAGE)
    except OSError as problem:
        fail(cannot_write(problem, out_file), BAD_USAGE)
    from scorepad.views.status import rounds_said

    wrote = (
        _("Replaced {path} ({kind}, {size} KB): {rounds}, {players}")
        if replacing
        else _("Wrote {path} ({kind}, {size} KB): {rounds}, {players}")
    )
    echo(
        wrote.format(
            path=out_file,
            kind=kind.upper(),
            size=math.ceil(size / 1024),
            rounds=rounds_said(game),
            players=", ".join(game.players),
        )
    )


@room.command(
    help=N_(
        "The scores as the traditional paper tally.\n"
        "\n"
        "A stroke for every 5 points, the 50-point sign (a large X with a small x in each of\n"
        "its four fields), half points noted apart.\n"
        "\n"
        "Example: scorepad tally"
    )
)
def tally(file: FileOption = DEFAULT_FILE) -> None:
    from scorepad.views.tally import tally as draw_tally

    out = console()
    out.print(draw_tally(read(file), out.width))
