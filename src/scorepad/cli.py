"""The `scorepad` command: a thin layer over the engine and the record. Each command
loads the record, asks the engine, saves, and prints; domain errors become a message and
an exit code (0 success, 1 a rule problem, 2 bad usage or an unreadable file)."""

# No `from __future__ import annotations` here: Typer would then evaluate every annotation
# string of every command at start-up, which cost about 15 ms on each run.


import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, Optional

import typer

from scorepad import __version__
from scorepad.console import console, echo, error
from scorepad.errors import IllegalMoveError, InvalidHandsError, InvalidMoveError, RulesError, ScorepadError
from scorepad.game import Game, Outcome
from scorepad.i18n import _
from scorepad.notation import Draw, Muggins, Pass, Play
from scorepad.record import LockedError, RecordError, load, locked, save
from scorepad.rules import CHOICES, PRESETS, Rules
from scorepad.summary import game_json, log_json
from scorepad.grammar import parse_hand
from scorepad.tiles import parse_end, parse_tile

app = typer.Typer(
    help="Scorekeeper and rules arbiter for All Fives (Muggins, Fives, Domino Fünfer). The rules: docs/rules.md; records and JSON: docs/format.md (in the source and installed with scorepad).",
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

RULE_PROBLEM, BAD_USAGE = 1, 2

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="SCOREPAD_FILE", help="The game record.", show_default=True),
]
ByOption = Annotated[Optional[str], typer.Option("--by", help="Who moved (default: whose turn it is).")]


STDIN = "-"  # as FILE: the record comes on standard input (show, log, audit, stats, replay, tally)


def _show_version(asked: bool) -> None:
    if asked:
        echo(f"scorepad {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    pass  # the options that come before any command; the app's help text stands above


# --- plumbing ---------------------------------------------------------------------------

def fail(message: str, code: int) -> NoReturn:
    error(message)
    raise typer.Exit(code)


def exit_code(error: ScorepadError) -> int:
    if isinstance(error, (IllegalMoveError, InvalidHandsError, LockedError)):
        return RULE_PROBLEM
    return BAD_USAGE  # InvalidMoveError, RulesError, RecordError: the input itself is wrong


def from_stdin(path: Path) -> bool:
    return str(path) == STDIN


def record_text(path: Path) -> str:
    """The text of a record file, or of standard input for `-`. Raises OSError or
    UnicodeDecodeError."""
    if from_stdin(path):
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read().decode("utf-8") if stream is not None else sys.stdin.read()
    return path.read_text(encoding="utf-8")


def read(file: Path) -> Game:
    if from_stdin(file):
        from scorepad.record import loads

        try:
            return loads(record_text(file)).game
        except RecordError as error:
            fail(_("cannot read the record: {error}").format(error=error), BAD_USAGE)
        except UnicodeDecodeError:
            fail(_("cannot read the record: standard input is not text"), BAD_USAGE)
    if not file.exists():
        fail(f"no game in {file}: start one with  scorepad new --players Ann,Bob", BAD_USAGE)
    try:
        return load(file).game
    except RecordError as error:
        fail(f"cannot read the record: {error}", BAD_USAGE)
    except OSError as error:
        fail(f"cannot read {file}: {error.strerror}", BAD_USAGE)


@contextmanager
def editing(file: Path) -> Iterator[Game]:
    """Lock the record, replay it, let the command change the game, and save it only if
    the command succeeded: a refused move leaves the file untouched."""
    refuse_stdin(file)
    try:
        with locked(file):
            game = read(file)
            yield game
            save(game, file)
    except ScorepadError as error:
        fail(str(error), exit_code(error))
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror}", BAD_USAGE)


def refuse_stdin(file: Path) -> None:
    if from_stdin(file):
        fail(_("-f -: a record on standard input can be shown, not changed; give the record's file"), BAD_USAGE)


def show_status(game: Game, out: Outcome | None = None, note: str | None = None) -> None:
    from scorepad.render import status

    out_console = console()
    if note:
        out_console.print(note, style="bold")
    out_console.print(status(game, out_console.width, out))


def mover(game: Game, by: str | None) -> str:
    if by is not None:
        return by
    if game.turn is not None:
        return game.turn
    r = game.current
    if game.state == "playing" and not r.layout.placed:
        how = "holds the highest double" if r.opener_rule == "highest-double" else "won the lot"
        fail(f"who leads round {r.number}? Say who {how}: add --by NAME", BAD_USAGE)
    return game.players[0]  # the engine says why nobody may move


def record_move(file: Path, make) -> None:
    with editing(file) as game:
        out = game.push(make(game))
    show_status(game, out)


# --- commands -----------------------------------------------------------------------------

CHOICE_HELP = {
    "spinner": "Whether the first double is a spinner.",
    "first_opener": "Who leads round 1.",
    "next_opener": "Who leads the later rounds.",
    "fallback_opener": "Who leads when the next opener names nobody.",
    "domino_award": "What a domino scores.",
    "blocked_award": "What a blocked round scores.",
    "blocked_tie": "What a blocked round with the lowest pips tied scores.",
}


def _choice(name: str):
    # Typed as the option's values, so Typer checks them and the shell completes them.
    return Annotated[
        Optional[Literal[CHOICES[name]]],
        typer.Option(f"--{name.replace('_', '-')}", help=CHOICE_HELP[name], show_default=False),
    ]


if TYPE_CHECKING:  # a type checker needs the values written out; Typer takes them from PRESETS
    Preset = str
else:
    Preset = Literal[tuple(PRESETS)]


@app.command()
def new(
    players: Annotated[str, typer.Option("--players", "-p", help="Names in seating order, comma-separated.")],
    rules: Annotated[Preset, typer.Option("--rules", help="The preset; the options below change it.")] = "pagat",
    partners: Annotated[Optional[bool], typer.Option("--partners/--no-partners", help="Four players as two partnerships.", show_default=False)] = None,
    target: Annotated[Optional[int], typer.Option("--target", help="Points to win.", show_default=False)] = None,
    muggins: Annotated[Optional[bool], typer.Option("--muggins/--no-muggins", help="Players must claim their scores.", show_default=False)] = None,
    opener: Annotated[Optional[str], typer.Option("--opener", help="Who leads round 1, or 'lot' to draw it.", show_default=False)] = None,
    deal: Annotated[Optional[str], typer.Option("--deal", help="Tiles each for 2,3,4 players, e.g. 9,7,5.", show_default=False)] = None,
    spinner: _choice("spinner") = None,
    first_opener: _choice("first_opener") = None,
    next_opener: _choice("next_opener") = None,
    fallback_opener: _choice("fallback_opener") = None,
    domino_award: _choice("domino_award") = None,
    blocked_award: _choice("blocked_award") = None,
    blocked_tie: _choice("blocked_tie") = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing record.")] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Start a game.

    Example: scorepad new --players Ann,Bob,Cy --rules pagat --muggins
    """
    names = [n.strip() for n in players.split(",")]
    options: dict[str, Any] = {
        "partners": partners, "target": target, "muggins": muggins, "spinner": spinner,
        "first_opener": first_opener, "next_opener": next_opener, "fallback_opener": fallback_opener,
        "domino_award": domino_award, "blocked_award": blocked_award, "blocked_tie": blocked_tie,
    }
    options = {k: v for k, v in options.items() if v is not None}
    if deal is not None:
        try:
            options["deal"] = [int(n) for n in deal.split(",")]
        except ValueError:
            fail(f"--deal '{deal}': give three whole numbers, e.g. 9,7,5", BAD_USAGE)
    try:
        chosen = Rules.from_options(rules, **options)
        game = Game(names, chosen)
    except RulesError as error:
        fail(str(error), BAD_USAGE)
    note = None
    if opener == "lot" or (opener is None and chosen.first_opener == "lot"):
        import random

        opener = random.SystemRandom().choice(game.players)
        note = f"The lot: {opener} opens."
    if opener is not None:
        try:
            game.set_opener(opener)
        except ScorepadError as error:
            fail(str(error), BAD_USAGE)
    refuse_stdin(file)
    try:
        with locked(file):
            if file.exists() and not force:
                fail(f"{file} already holds a game: use --force to start over, or -f OTHER.toml", BAD_USAGE)
            save(game, file)
    except ScorepadError as error:
        fail(str(error), exit_code(error))
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror}", BAD_USAGE)
    show_status(game, note=note)


@app.command()
def play(
    tile: Annotated[str, typer.Argument(help="The tile: 6-4, 64, 6:4 or 6|4.")],
    end: Annotated[Optional[str], typer.Argument(help="W, E, N, S (or left, right, up, down).", show_default=False)] = None,
    by: ByOption = None,
    claim: Annotated[Optional[int], typer.Option("--claim", help="The score the player announced.", show_default=False)] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Record a tile played (the lead takes no end).

    Example: scorepad play 6-4 E --claim 10
    """
    try:
        parsed_tile = parse_tile(tile)
        parsed_end = parse_end(end) if end is not None else None
    except InvalidMoveError as error:
        fail(str(error), BAD_USAGE)
    if claim is not None and claim < 0:
        fail(f"--claim {claim}: a claim is a score, 0 or more", BAD_USAGE)
    record_move(file, lambda game: Play(mover(game, by), parsed_tile, parsed_end, claim))


@app.command()
def draw(
    count: Annotated[int, typer.Argument(help="How many tiles were drawn.")] = 1,
    by: ByOption = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Record tiles drawn from the boneyard.

    Example: scorepad draw 2
    """
    if count < 1:
        fail(f"draw {count}: the count must be at least 1", BAD_USAGE)
    record_move(file, lambda game: Draw(mover(game, by), count))


@app.command("pass")
def pass_(by: ByOption = None, file: FileOption = Path("scorepad.toml")) -> None:
    """Record a pass (only with an empty boneyard).

    Example: scorepad pass
    """
    record_move(file, lambda game: Pass(mover(game, by)))


@app.command()
def muggins(
    caller: Annotated[str, typer.Argument(metavar="NAME", help="The player who calls muggins.")],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Call muggins on the play just made.

    The caller takes the missed score (or a claim that was too high).

    Example: scorepad muggins Bob
    """
    record_move(file, lambda game: Muggins(caller))


@app.command()
def undo(file: FileOption = Path("scorepad.toml")) -> None:
    """Take back the last move, or the last hands entered.

    Example: scorepad undo
    """
    with editing(file) as game:
        item = game.pop()
    if isinstance(item, dict):
        what = "the hands of round " + str(game.current.number)
    else:
        what = str(item)
    show_status(game, note=f"Undone: {what}")


@app.command()
def hands(
    remaining: Annotated[list[str], typer.Argument(metavar="NAME=PIPS|TILES...", help="Each remaining hand.")],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Enter the remaining hands once a round is over.

    Awards the hand points and starts the next round.

    Example: scorepad hands Bob=8 Cy=4-3,5-0
    """
    try:
        given = dict(parse_hand(h) for h in remaining)
    except InvalidMoveError as error:
        fail(str(error), BAD_USAGE)
    from scorepad.render import hands_note

    with editing(file) as game:
        out = game.end_round(given)
    show_status(game, note=hands_note(game, out))


@app.command()
def show(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output (docs/format.md).")] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Show the game: layout, ends, scores, whose turn.

    Example: scorepad show --json
    """
    game = read(file)
    if as_json:
        echo(json.dumps(game_json(game), ensure_ascii=False))
        return
    show_status(game)


@app.command()
def log(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Every move with its points, round by round.

    Example: scorepad log
    """
    game = read(file)
    if as_json:
        echo(json.dumps(log_json(game), ensure_ascii=False))
        return
    from scorepad.render import log_table

    console().print(log_table(game))


def example_path(name: str = "demo.toml") -> Path:
    """A bundled example record: inside the installed package, or in the source tree."""
    packaged = Path(__file__).parent / "examples" / name
    if packaged.exists():
        return packaged
    return Path(__file__).resolve().parents[2] / "examples" / name


@app.command()
def demo(
    delay: Annotated[float, typer.Option("--delay", help="Seconds between moves in a terminal (0: press Enter).")] = 0.0,
) -> None:
    """Replay a bundled example game move by move.

    Example: scorepad demo
    """
    from scorepad.record import loads

    path = example_path()
    try:
        recorded = loads(path.read_text(encoding="utf-8")).game
    except (OSError, RecordError) as error:
        fail(f"cannot read the bundled example {path}: {error}", BAD_USAGE)
    echo(f"A {recorded.rules.preset} game: {', '.join(recorded.players)}, to {recorded.target}.")
    from scorepad.steps import step_through

    step_through(recorded, delay=delay)


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(metavar="FILE", help="A game record.")],
    round_: Annotated[int, typer.Option("--round", help="Start at this round.")] = 1,
    move: Annotated[int, typer.Option("--move", help="Start at this move of that round.")] = 1,
) -> None:
    """Step through a saved game, move by move.

    Shows the layout, the end sum and the points after each move: Enter for the next
    move in a terminal, the whole game when not in one.

    Example: scorepad replay club/2026-11-28.toml --round 3
    """
    recorded = read(record)
    if not 1 <= round_ <= len(recorded.rounds):
        fail(f"--round {round_}: the game has rounds 1 to {len(recorded.rounds)}", BAD_USAGE)
    if not 1 <= move <= max(1, len(recorded.rounds[round_ - 1].moves)):
        fail(f"--move {move}: round {round_} has moves 1 to {len(recorded.rounds[round_ - 1].moves)}", BAD_USAGE)
    from scorepad.steps import step_through

    step_through(recorded, start=(round_, move))


@app.command()
def audit(
    records: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Game records.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per file, one per line (docs/format.md).")] = False,
) -> None:
    """Check records: every problem, with its round and move.

    Replays each record under its own rules. Exit 1 when any record has a problem, 2
    when one cannot be read.

    Example: scorepad audit club/*.toml --json
    """
    from scorepad.record import Problem, audit_text
    from scorepad.summary import audit_json

    worst = 0
    progress = None
    if len(records) > 1 and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True, console=console(stderr=True))
        task = progress.add_task("auditing", total=len(records))
        progress.start()
    try:
        for path in records:
            try:
                result = audit_text(record_text(path))
                game, problems = result.game, result.problems
            except (OSError, UnicodeDecodeError) as error:
                reason = error.strerror if isinstance(error, OSError) else "not a text file"
                game, problems = None, [Problem(None, None, f"cannot read the file: {reason}")]
            worst = max(worst, BAD_USAGE if game is None else RULE_PROBLEM if problems else 0)
            if as_json:
                echo(json.dumps(audit_json(str(path), game, problems), ensure_ascii=False))
            else:
                if not problems:
                    echo(f"{path}: ok")
                for p in problems:
                    where = "".join([f"round {p.round}" if p.round else "", f", move {p.move}" if p.move else ""])
                    echo(f"{path}: {where + ': ' if where else ''}{p.message}")
            if progress is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    raise typer.Exit(worst)


@app.command()
def hint(
    tiles: Annotated[list[str], typer.Argument(metavar="TILE...", help="Tiles in your hand.")],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Where each tile fits, what it scores, and the best reply it leaves.

    The best reply is the most the next player could score with a tile still unseen.

    Example: scorepad hint 64 55 31
    """
    from scorepad.advice import hint as advise
    from scorepad.tiles import Tile

    try:
        hand: list[Tile] = [parse_tile(t) for t in tiles]
    except InvalidMoveError as error:
        fail(str(error), BAD_USAGE)
    layout = read(file).current.layout
    for tile, options in advise(layout, hand).items():
        if layout.on_table(tile):
            echo(f"{tile}: already on the table")
            continue
        if not options:
            echo(f"{tile}: fits nowhere")
            continue
        for o in options:
            where = f"{o.end.value}" if o.end else "lead"
            # After a tile is down every reply names its end.
            reply = f"next player up to {o.reply.score}" + (f" ({o.reply.tile} {o.reply.end.value})" if o.reply.tile else "")
            echo(f"{tile} {where}: scores {o.score}; {reply}")


@app.command("rules")
def rules_(
    preset: Annotated[Optional[Preset], typer.Argument(metavar="PRESET", help=f"A preset ({' | '.join(PRESETS)}); default: the current game's rules.", show_default=False)] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """The options of a preset, or of the current game, in words.

    Example: scorepad rules two-ends
    """
    from scorepad.render import rules_table

    out = console()
    if preset is not None:
        out.print(f"Preset {preset}:", style="bold")
        out.print(rules_table(PRESETS[preset]))
        return
    if not file.exists():
        fail(f"no game in {file}: name a preset, e.g.  scorepad rules pagat", BAD_USAGE)
    game = read(file)
    out.print(f"This game ({game.rules.preset}, {len(game.players)} players):", style="bold")
    out.print(rules_table(game.rules, len(game.players)))


@app.command()
def stats(
    records: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Game records.")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON: one object per player.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV for spreadsheets.")] = False,
) -> None:
    """Per-player statistics over any number of records.

    Games, wins, rounds, points from plays, hands and muggins, the best play, the
    average per round.

    Example: scorepad stats club/*.toml --csv > season.csv
    """
    from scorepad.record import load, loads
    from scorepad.summary import PlayerStats, add_game

    table: dict[str, PlayerStats] = {}
    code = 0
    for path in records:
        try:
            add_game(table, loads(record_text(path)).game if from_stdin(path) else load(path).game)
        except (RecordError, OSError) as error:
            echo(f"scorepad: skipped {path}: {error}", err=True)
            code = BAD_USAGE
        except UnicodeDecodeError:
            echo("scorepad: " + _("skipped {path}: not a text file").format(path=path), err=True)
            code = BAD_USAGE
    rows = [s.as_dict(name) for name, s in sorted(table.items())]
    if as_json:
        echo(json.dumps(rows, ensure_ascii=False))
    elif as_csv:
        import csv

        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["player"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    else:
        from scorepad.render import stats_view

        out = console()
        out.print(stats_view(rows, out.width))
    raise typer.Exit(code)


@app.command()
def tally(file: FileOption = Path("scorepad.toml")) -> None:
    """The scores as the traditional paper tally.

    A stroke for every 5 points, the 50-point sign (a large X with a small x in each of
    its four fields), half points noted apart.

    Example: scorepad tally
    """
    from scorepad.render import tally as draw_tally

    out = console()
    out.print(draw_tally(read(file), out.width))


@app.command()
def live(file: FileOption = Path("scorepad.toml")) -> None:
    """One prompt for the whole game, with the shortest input.

    64 e, d 2, p, u, m Bob, hands Bob=8 Cy=43,50, ? for help, q to leave. Every move is
    saved at once.

    Example: scorepad live -f tonight.toml
    """
    from scorepad.live import run

    refuse_stdin(file)  # the prompt reads standard input itself
    run(file)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        echo("scorepad: interrupted; the record was not changed", err=True)
        sys.exit(RULE_PROBLEM)
