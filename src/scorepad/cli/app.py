"""The `scorepad` command: a thin layer over the engine and the record. Each command
loads the record, asks the engine, saves, and prints; domain errors become a message and
an exit code (0 success, 1 a rule problem, 2 bad usage or an unreadable file)."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

import io
import math
import os
import sys
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, TypeAlias

import typer

from scorepad import __version__, i18n
from scorepad.cli import completion
from scorepad.cli.helpscreen import ScreenTyper
from scorepad.engine.rules import CHOICES, PRESETS
from scorepad.errors import IllegalMoveError, InvalidHandsError, InvalidMoveError, RulesError, ScorepadError, brief
from scorepad.i18n import N_, _, ngettext
from scorepad.views.console import console, echo, error, json_line, lines, print_styled, width

# The engine, the record and the views are imported by the commands that use them: every
# run starts by importing this module, and `--version` or `--help` need none of them.
if TYPE_CHECKING:
    from collections.abc import Iterable

    from scorepad.engine.game import Game, Outcome
    from scorepad.record.format import EachRound

app = ScreenTyper(
    help=N_(
        "Scorekeeper and rules arbiter for All Fives (Muggins, Fives, Domino Fünfer). The rules: docs/rules.md; records and JSON: docs/format.md (in the source and installed with scorepad)."
    ),
    no_args_is_help=True,
    add_completion=False,  # declared below with the other options: the shell named wins (cli/completion.py)
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)

completion.enable()

RULE_PROBLEM, BAD_USAGE = 1, 2
MAX_DELAY = 60.0  # seconds between moves of the demo

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="SCOREPAD_FILE", help=N_("The game record."), show_default=True),
]
ByOption = Annotated[
    str | None,
    typer.Option("--by", help=N_("Who moved (default: whose turn it is)."), autocompletion=completion.player_names),
]


STDIN = "-"  # as FILE: the record comes on standard input (show, log, audit, stats, replay, tally)


def _show_version(asked: bool) -> None:
    if asked:
        echo(f"scorepad {__version__}")
        raise typer.Exit()


Language = Literal["de", "en"]  # i18n.LANGUAGES, typed out so the shell completes them


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
        typer.Option("--version", callback=_show_version, is_eager=True, help=N_("Show the version and exit.")),
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


# --- plumbing ---------------------------------------------------------------------------


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


def read(file: Path, each_round: "EachRound | None" = None) -> "Game":
    """The game of a record; `each_round` is given each round as the record is read (see
    `format.loads`)."""
    # From record, not actions: showing a game need not load the typing grammar.
    from scorepad.record.files import read_game
    from scorepad.record.format import RecordError

    if from_stdin(file):
        from scorepad.record.format import loads

        try:
            return loads(record_text(file), each_round).game
        except RecordError as error:
            fail(_("cannot read the record: {error}").format(error=error), BAD_USAGE)
    try:
        return read_game(file, each_round)
    except RecordError as error:
        fail(str(error), BAD_USAGE)
    except OSError as error:
        fail(_("cannot read {file}: {reason}").format(file=file, reason=error.strerror), BAD_USAGE)


def show_status(game: "Game", out: "Outcome | None" = None, note: str | list[str] | None = None) -> None:
    from scorepad.views.status import status
    from scorepad.views.styled import Styled

    for line in [note] if isinstance(note, str) else note or ():
        print_styled(Styled(line), style="bold")
    print_styled(status(game, width(), out))


def act(file: Path, typed) -> None:
    """Do a change through the shared actions; a refusal becomes a message and an exit code,
    followed by the repairs of an earlier slip that would let it through."""
    from scorepad.cli.actions import perform

    refuse_stdin(file)
    try:
        done = perform(file, typed)
    except ScorepadError as problem:
        error(str(problem))
        offer_repairs(file, typed, problem)
        raise typer.Exit(exit_code(problem)) from None
    except OSError as problem:
        from scorepad.cli.actions import cannot_write

        fail(cannot_write(problem, file), BAD_USAGE)
    show_status(done.game, done.out, done.notes)
    if done.out is not None and done.out.wrong_claim is not None:
        offer_repairs(file, typed, None)


DEFAULT_FILE = Path("scorepad.toml")


def offer_repairs(file: Path, typed, problem: ScorepadError | None) -> None:
    """After a refusal (`problem`), or a claim that differs from the true score (None):
    the repairs of an earlier slip in the round, numbered, each as the command that makes it."""
    from scorepad.cli.fixing import suggest

    suggest(file, typed, problem, live=False, named=None if file == DEFAULT_FILE else file)


def attempt(action, file: Path | None = None):
    try:
        return action()
    except ScorepadError as error:
        fail(str(error), exit_code(error))
    except OSError as error:
        from scorepad.cli.actions import cannot_write

        fail(cannot_write(error, file), BAD_USAGE)


def place(round_: int | None, move: int | None) -> str:
    """Where an audit finding is: 'round 2, move 5', 'round 2', or ''."""
    if round_ and move:
        return _("round {round}, move {move}").format(round=round_, move=move)
    if round_:
        return _("round {round}").format(round=round_)
    return _("move {move}").format(move=move) if move else ""


# --- commands -----------------------------------------------------------------------------

CHOICE_HELP = {
    "spinner": N_("Whether the first double is a spinner."),
    "first_opener": N_("Who leads round 1."),
    "next_opener": N_("Who leads the later rounds."),
    "fallback_opener": N_("Who leads when the next opener names nobody."),
    "domino_award": N_("What a domino scores."),
    "blocked_award": N_("What a blocked round scores."),
    "blocked_tie": N_("What a blocked round with the lowest pips tied scores."),
}


def _choice(name: str):
    # Typed as the option's values, so Typer checks them and the shell completes them.
    return Annotated[
        Literal[CHOICES[name]] | None,
        typer.Option(f"--{name.replace('_', '-')}", help=CHOICE_HELP[name], show_default=False),
    ]


if TYPE_CHECKING:  # a type checker needs the values written out; Typer takes them from PRESETS
    Preset = str
else:
    Preset = Literal[tuple(PRESETS)]

if TYPE_CHECKING:  # the options of `new` that take one of a rule's choices (see _choice)
    Spinner: TypeAlias = str | None
    FirstOpener: TypeAlias = str | None
    NextOpener: TypeAlias = str | None
    FallbackOpener: TypeAlias = str | None
    DominoAward: TypeAlias = str | None
    BlockedAward: TypeAlias = str | None
    BlockedTie: TypeAlias = str | None
else:
    Spinner = _choice("spinner")
    FirstOpener = _choice("first_opener")
    NextOpener = _choice("next_opener")
    FallbackOpener = _choice("fallback_opener")
    DominoAward = _choice("domino_award")
    BlockedAward = _choice("blocked_award")
    BlockedTie = _choice("blocked_tie")


@app.command(
    help=N_(
        "Start a game; a finished game in the file is kept under a new name.\n"
        "\n"
        "Without --players and --rules, the game in the file gives them.\n"
        "\n"
        "Example: scorepad new --players Ann,Bob,Cy --rules pagat --muggins"
    )
)
def new(
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help=N_("Names in seating order, comma-separated (default: the players of the game in the file)."),
            show_default=False,
        ),
    ] = None,
    rules: Annotated[
        Preset | None,
        typer.Option(
            "--rules",
            help=N_("The preset the options below change (default: the game before's rules, else pagat)."),
            show_default=False,
        ),
    ] = None,
    partners: Annotated[
        bool | None, typer.Option("--partners/--no-partners", help=N_("Four players as two partnerships."), show_default=False)
    ] = None,
    target: Annotated[int | None, typer.Option("--target", help=N_("Points to win."), show_default=False)] = None,
    muggins: Annotated[
        bool | None, typer.Option("--muggins/--no-muggins", help=N_("Players must claim their scores."), show_default=False)
    ] = None,
    opener: Annotated[
        str | None,
        typer.Option(
            "--opener", help=N_("Who leads round 1, or 'lot' to draw it."), show_default=False, autocompletion=completion.openers
        ),
    ] = None,
    deal: Annotated[
        str | None, typer.Option("--deal", help=N_("Tiles each for 2,3,4 players, e.g. 9,7,5."), show_default=False)
    ] = None,
    spinner: Spinner = None,
    first_opener: FirstOpener = None,
    next_opener: NextOpener = None,
    fallback_opener: FallbackOpener = None,
    domino_award: DominoAward = None,
    blocked_award: BlockedAward = None,
    blocked_tie: BlockedTie = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Start over although the game is not over (it is kept as a backup)."))
    ] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.actions import cannot_write, new_game

    refuse_stdin(file)
    names = [unicodedata.normalize("NFC", n.strip()) for n in players.split(",")] if players is not None else None
    options: dict[str, Any] = {
        "partners": partners,
        "target": target,
        "muggins": muggins,
        "spinner": spinner,
        "first_opener": first_opener,
        "next_opener": next_opener,
        "fallback_opener": fallback_opener,
        "domino_award": domino_award,
        "blocked_award": blocked_award,
        "blocked_tie": blocked_tie,
    }
    options = {k: v for k, v in options.items() if v is not None}
    if deal is not None:
        try:
            options["deal"] = [int(n) for n in deal.split(",")]
        except ValueError:
            fail(_("--deal '{deal}': give three whole numbers, e.g. 9,7,5").format(deal=deal), BAD_USAGE)
    try:
        done = new_game(file, names, rules, options, opener, force)
    except (RulesError, InvalidMoveError) as error:
        fail(str(error), BAD_USAGE)
    except ScorepadError as error:
        # An unfinished game in the file: bad usage, as any refused option.
        fail(str(error), BAD_USAGE if isinstance(error, IllegalMoveError) else exit_code(error))
    except OSError as error:
        fail(cannot_write(error, file), BAD_USAGE)
    show_status(done.game, note=done.notes)


@app.command(help=N_("Record a tile played (the lead takes no end).\n\nExample: scorepad play 6-4 E --claim 10"))
def play(
    move: Annotated[
        list[str],
        typer.Argument(
            metavar="TILE [END]",
            help=N_(
                "The tile (64, 6-4, 6 4, 6/4, 6,4, 6:4, '6|4' quoted) and its end (w e n s, west ..., left right up down, l r u d), glued or apart: 64w."
            ),
        ),
    ],
    by: ByOption = None,
    claim: Annotated[int | None, typer.Option("--claim", help=N_("The score the player announced."), show_default=False)] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import play_input
    from scorepad.engine.notation import MAX_CLAIM

    if claim is not None and claim < 0:
        fail(_("--claim {claim}: a claim is a score, 0 or more").format(claim=claim), BAD_USAGE)
    if claim is not None and claim > MAX_CLAIM:
        fail(_("--claim {claim}: a claim is at most {limit}").format(claim=brief(claim), limit=MAX_CLAIM), BAD_USAGE)
    typed = attempt(lambda: play_input(move, by, claim))
    act(file, typed)


@app.command(help=N_("Record tiles drawn from the boneyard.\n\nExample: scorepad draw 2"))
def draw(
    count: Annotated[int, typer.Argument(help=N_("How many tiles were drawn."))] = 1,
    by: ByOption = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import DrawIn
    from scorepad.engine.notation import MAX_DRAW

    if count < 1:
        fail(_("draw {count}: the count must be at least 1").format(count=count), BAD_USAGE)
    if count > MAX_DRAW:
        fail(_("draw {count}: the whole set is {limit} tiles").format(count=brief(count), limit=MAX_DRAW), BAD_USAGE)
    act(file, DrawIn(count, by))


@app.command("pass", help=N_("Record a pass (only with an empty boneyard).\n\nExample: scorepad pass"))
def pass_(by: ByOption = None, file: FileOption = Path("scorepad.toml")) -> None:
    from scorepad.cli.grammar import PassIn

    act(file, PassIn(by))


@app.command(
    help=N_(
        "Call muggins on the play just made.\n"
        "\n"
        "The caller takes the missed score (or a claim that was too high).\n"
        "\n"
        "Example: scorepad muggins Bob"
    )
)
def muggins(
    caller: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help=N_("The player who calls muggins (any case, or a prefix)."),
            autocompletion=completion.player_names,
        ),
    ],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import MugginsIn

    act(file, MugginsIn(caller))


@app.command(help=N_("Take back the last moves, or the last hands entered, listing each.\n\nExample: scorepad undo 3"))
def undo(
    count: Annotated[int, typer.Argument(help=N_("How many moves (or hands entries) to take back."))] = 1,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import UndoIn

    if count < 1:
        fail(_("undo {count}: the count must be at least 1").format(count=count), BAD_USAGE)
    act(file, UndoIn(count))


@app.command(
    help=N_(
        "Enter the remaining hands once a round is over.\n"
        "\n"
        "Awards the hand points and starts the next round. A value of digits only that could\n"
        "be the player's tiles as well as a pip total is refused with both readings.\n"
        "\n"
        "Example: scorepad hands Bob=8 Cy=4-3,5-0"
    )
)
def hands(
    remaining: Annotated[
        list[str],
        typer.Argument(
            metavar="NAME=PIPS|TILES...",
            help=N_("Each remaining hand: Bob=8, Bob=8p (pips), Cy=4-3,5-0 (tiles)."),
            autocompletion=completion.hand_entries,
        ),
    ],
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help=N_("Who opens the next round, when the table finds the opener (else under lot rules scorepad draws the lot)."),
            show_default=False,
            autocompletion=completion.player_names,
        ),
    ] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import HandsIn

    act(file, HandsIn(tuple(remaining), by))


@app.command(
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
    choice: Annotated[int, typer.Argument(metavar="N", help=N_("The number of the repair."))],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.grammar import FixIn

    if choice < 1:
        fail(_("fix {choice}: the repairs are numbered from 1").format(choice=choice), BAD_USAGE)
    act(file, FixIn(choice))


AtArgument = Annotated[str, typer.Argument(metavar="AT", help=N_("ROUND.MOVE as the log numbers the moves, e.g. 1.12."))]
MoveArgument = Annotated[list[str], typer.Argument(metavar="MOVE", help=N_("The move as in the record, e.g. 'Tom: draw 4'."))]


def amend_command(file: Path, action: str, at: str, move: list[str] | None) -> None:
    from scorepad.cli.grammar import AmendIn, parse_at, replacements

    if move is None:
        act(file, AmendIn(action, attempt(lambda: parse_at(at))))
        return
    act(file, attempt(lambda: replacements(action, [at, *move])))


@app.command(
    help=N_(
        "Insert a forgotten move; the whole game is replayed with it.\n"
        "\n"
        "The moves from AT on shift down one; AT one past a round's last move appends to it.\n"
        "If anything later becomes illegal, nothing is written.\n"
        "\n"
        'Example: scorepad insert 1.12 "Tom: draw 4"'
    )
)
def insert(at: AtArgument, move: MoveArgument, file: FileOption = Path("scorepad.toml")) -> None:
    amend_command(file, "insert", at, move)


@app.command(
    help=N_(
        "Replace the move at AT; the whole game is replayed with it.\n"
        "\n"
        "More AT MOVE pairs replace several moves at once (two moves in the wrong order).\n"
        "\n"
        'Example: scorepad replace 1.3 "Cy: 6-2 E"'
    )
)
def replace(at: AtArgument, move: MoveArgument, file: FileOption = Path("scorepad.toml")) -> None:
    amend_command(file, "replace", at, move)


@app.command(help=N_("Delete the move at AT; the whole game is replayed without it.\n\nExample: scorepad delete 1.7"))
def delete(at: AtArgument, file: FileOption = Path("scorepad.toml")) -> None:
    amend_command(file, "delete", at, None)


@app.command(
    help=N_(
        "Edit the record in $VISUAL or $EDITOR; kept only if it is still a valid record.\n"
        "\n"
        "Like crontab -e: an edit that is not a valid record is shown with its problem, and\n"
        "you may edit again or discard it.\n"
        "\n"
        "Example: EDITOR=nano scorepad edit"
    )
)
def edit(file: FileOption = Path("scorepad.toml")) -> None:
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


@app.command(help=N_("Show the game: layout, ends, scores, whose turn.\n\nExample: scorepad show --json"))
def show(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (docs/format.md)."))] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    game = read(file)
    if as_json:
        from scorepad.views.summary import game_json

        json_line(game_json(game))
        return
    show_status(game)


@app.command(help=N_("Every move with its points, round by round.\n\nExample: scorepad log --round 2"))
def log(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output."))] = False,
    round_: Annotated[
        int | None,
        typer.Option("--round", "-r", min=1, help=N_("Only this round (its moves numbered for insert)."), show_default=False),
    ] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.views.console import Spool
    from scorepad.views.render import STREAM_ROWS, LoggedRounds, log_lines, log_table

    # The whole log is made as the record is read, each round while it is laid out; it
    # is shown once the record has been read whole, if long enough to be drawn plain.
    spool = Spool() if round_ is None and not as_json else None
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
    if game.move_count(only) > STREAM_ROWS:
        if spool is None or not spool.show():
            lines(log_lines(game, width(), only))
    else:
        if spool is not None:
            spool.close()
        console().print(log_table(game, only))


def example_path(name: str = "demo.toml") -> Path:
    """A bundled example record: inside the installed package, or in the source tree."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "examples" / name
    if packaged.exists():
        return packaged
    return package.parents[1] / "examples" / name


@app.command(help=N_("Replay a bundled example game move by move.\n\nExample: scorepad demo"))
def demo(
    delay: Annotated[float, typer.Option("--delay", help=N_("Seconds between moves in a terminal (0: press Enter)."))] = 0.0,
) -> None:
    from scorepad.record.format import RecordError, loads

    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        fail(_("--delay {delay}: give seconds from 0 to {limit}").format(delay=delay, limit=MAX_DELAY), BAD_USAGE)
    path = example_path()
    try:
        recorded = loads(path.read_text(encoding="utf-8")).game
    except (OSError, RecordError) as error:
        fail(_("cannot read the bundled example {path}: {error}").format(path=path, error=error), BAD_USAGE)
    echo(
        _("A {preset} game: {players}, to {target}.").format(
            preset=recorded.rules.preset, players=", ".join(recorded.players), target=recorded.target
        )
    )
    from scorepad.views.steps import step_through

    step_through(recorded, delay=delay)


@app.command(
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
    round_: Annotated[int, typer.Option("--round", help=N_("Start at this round."))] = 1,
    move: Annotated[int, typer.Option("--move", help=N_("Start at this move of that round."))] = 1,
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


@app.command(
    help=N_(
        "Check records: every problem, with its round and move.\n"
        "\n"
        "Replays each record under its own rules. Exit 1 when any record has a problem, 2\n"
        "when one cannot be read.\n"
        "\n"
        "Example: scorepad audit club/*.toml --json"
    )
)
def audit(
    records: Annotated[list[Path], typer.Argument(metavar="FILE...", help=N_("Game records."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("One JSON object per file, one per line (docs/format.md)."))] = False,
) -> None:
    from scorepad.record.format import Problem, RecordError, audit_text
    from scorepad.views.summary import audit_json

    worst = 0
    progress = None
    if len(records) > 1 and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True, console=console(stderr=True))
        task = progress.add_task(_("auditing"), total=len(records))
        progress.start()
    try:
        for path in records:
            try:
                result = audit_text(record_text(path))
                game, problems, notes = result.game, result.problems, result.notes
            except (OSError, RecordError) as error:
                reason = error.strerror if isinstance(error, OSError) else str(error)
                game, problems, notes = None, [Problem(None, None, _("cannot read the file: {reason}").format(reason=reason))], []
            worst = max(worst, BAD_USAGE if game is None else RULE_PROBLEM if problems else 0)
            if as_json:
                json_line(audit_json(str(path), game, problems, notes))
            else:
                if not problems:
                    echo(_("{path}: ok").format(path=path))
                for p in problems:
                    where = place(p.round, p.move)
                    # One line per finding, never wrapped: `grep` and editors read them.
                    echo(
                        _("{path}: {where}{message}").format(path=path, where=where + ": " if where else "", message=p.message),
                        wrap=False,
                    )
                for n in notes:  # play, not a broken record: marked apart
                    where = place(n.round, n.move)
                    echo(
                        _("{path}: note: {where}{message}").format(
                            path=path, where=where + ": " if where else "", message=n.message
                        ),
                        wrap=False,
                    )
            if progress is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    raise typer.Exit(worst)


@app.command(
    help=N_(
        "Where the points went: every play against the tiles its player certainly held.\n"
        "\n"
        "Marks each play that scored less than a tile the player held could have, or left\n"
        "the next player 10 or more above the best play; says what the record cannot tell.\n"
        "\n"
        "Example: scorepad review --round 2"
    )
)
def review(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (docs/format.md)."))] = False,
    round_: Annotated[int | None, typer.Option("--round", "-r", min=1, help=N_("Only this round."), show_default=False)] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.review import review as review_game

    review_game(file, round_, as_json, read)


@app.command(
    help=N_(
        "Where each tile fits, what it scores, and the best reply it leaves.\n"
        "\n"
        "The best reply is the most the next player could score with a tile still unseen.\n"
        "\n"
        "Example: scorepad hint 64 55 31"
    )
)
def hint(
    tiles: Annotated[list[str], typer.Argument(metavar="TILE...", help=N_("Tiles in your hand."))],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.cli.actions import hint_lines
    from scorepad.cli.grammar import parse_tile

    hand = attempt(lambda: [parse_tile(t) for t in tiles])
    for line in hint_lines(read(file), hand):
        echo(line)


@app.command("rules", help=N_("The options of a preset, or of the current game, in words.\n\nExample: scorepad rules two-ends"))
def rules_(
    preset: Annotated[
        Preset | None,
        typer.Argument(
            metavar="PRESET",
            help=N_("A preset (pagat | two-ends | fuenfer); default: the current game's rules."),
            show_default=False,
        ),
    ] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.views.render import rules_table

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


@app.command(
    help=N_(
        "Per-player statistics over any number of records.\n"
        "\n"
        "Games, wins, rounds, points from plays, hands and muggins, the best play, the\n"
        "average per round.\n"
        "\n"
        "Example: scorepad stats club/*.toml --csv > season.csv"
    )
)
def stats(
    records: Annotated[list[Path], typer.Argument(metavar="FILE...", help=N_("Game records."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("JSON: one object per player."))] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=N_("CSV for spreadsheets."))] = False,
) -> None:
    from scorepad.record.files import load
    from scorepad.record.format import RecordError, loads
    from scorepad.views.stats import PlayerStats, add_game

    table: dict[str, PlayerStats] = {}
    code = 0
    for path in records:
        try:
            add_game(table, loads(record_text(path)).game if from_stdin(path) else load(path).game)
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
        from scorepad.views.render import stats_view

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


@app.command(
    help=N_(
        "The score sheet: a row per round, running totals, what each side still needs.\n"
        "\n"
        "Each side's points from plays, muggins and hands per round; the round being played\n"
        "is marked *.\n"
        "\n"
        "Example: scorepad sheet"
    )
)
def sheet(file: FileOption = Path("scorepad.toml")) -> None:
    from scorepad.views.render import STREAM_ROWS, SheetRowsRead, sheet_lines
    from scorepad.views.render import sheet as draw_sheet

    read_rows = SheetRowsRead()  # the sheet's rows taken as the record is read
    game = read(file, read_rows)
    if len(game.rounds) > STREAM_ROWS:
        lines(sheet_lines(game, width(), read_rows.of(game)))
    else:
        console().print(draw_sheet(game, width(), read_rows.of(game)))


@app.command(
    help=N_("The score race: each side's score after every move, rounds marked.\n\nExample: scorepad chart club/2026-11-28.toml")
)
def chart(
    records: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[FILE...]", help=N_("Game records (default: the --file game)."), show_default=False),
    ] = None,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from scorepad.views.render import chart as draw_chart

    out = console()
    paths = records or [file]
    for path in paths:
        game = read(path)
        if len(paths) > 1:
            echo(str(path))
        out.print(draw_chart(game, out.width))


@app.command(
    help=N_(
        "Write the game as a page: sheet, score race, every round's layout drawn as tiles, and a\n"
        "replay to step through move by move (OUT.html); or, with --svg, one picture of the\n"
        "standing and the last round's layout.\n"
        "\n"
        "The page holds everything it shows: it opens without a network. Export never writes\n"
        "over a record, nor over a file it did not write itself unless --force.\n"
        "\n"
        "Example: scorepad export tonight.html -f tonight.toml"
    )
)
def export(
    out_file: Annotated[Path, typer.Argument(metavar="OUT", help=N_("The page to write: OUT.html or OUT.svg."))],
    html: Annotated[bool, typer.Option("--html", help=N_("Write HTML (the default for any suffix but .svg)."))] = False,
    svg: Annotated[
        bool, typer.Option("--svg", help=N_("Write SVG: one picture, the standing and the last round's layout."))
    ] = False,
    force: Annotated[bool, typer.Option("--force", help=N_("Write over an existing file that is not a record."))] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    from datetime import date

    from scorepad.record.files import RefusedError, check_export, save_export

    if html and svg:
        fail(_("--html and --svg: choose one"), BAD_USAGE)
    if out_file.suffix.lower() == ".toml":
        fail(
            _("{out} ends in .toml: export writes a page (.html or .svg); the record is given with -f").format(out=out_file),
            BAD_USAGE,
        )
    kind = "svg" if svg or (not html and out_file.suffix.lower() == ".svg") else "html"
    record = None if from_stdin(file) else file
    game = read(file)
    from scorepad.views.page import MARK, page_parts, svg_picture

    try:
        check_export(out_file, MARK, record=record, force=force)  # before the work of drawing
        title = file.stem if record is not None else "scorepad"
        if kind == "svg":
            text: Iterable[str] = svg_picture(game, title)
        else:
            saved = date.fromtimestamp(os.stat(file).st_mtime) if record is not None else None
            text = page_parts(game, title, saved)  # made as it is written: a long game's page is large
        size = save_export(text, out_file, MARK, record=record, force=force)
    except RefusedError as refusal:
        fail(str(refusal), BAD_USAGE)
    except OSError as problem:
        fail(_("cannot write {file}: {reason}").format(file=out_file, reason=problem.strerror), BAD_USAGE)
    played = game.played_count()
    rounds = ngettext("{n} round", "{n} rounds", played).format(n=played)
    echo(
        _("Wrote {path} ({kind}, {size} KB): {rounds}, {players}").format(
            path=out_file,
            kind=kind.upper(),
            size=math.ceil(size / 1024),
            rounds=rounds,
            players=", ".join(game.players),
        )
    )


@app.command(
    help=N_(
        "The scores as the traditional paper tally.\n"
        "\n"
        "A stroke for every 5 points, the 50-point sign (a large X with a small x in each of\n"
        "its four fields), half points noted apart.\n"
        "\n"
        "Example: scorepad tally"
    )
)
def tally(file: FileOption = Path("scorepad.toml")) -> None:
    from scorepad.views.render import tally as draw_tally

    out = console()
    out.print(draw_tally(read(file), out.width))


@app.command(
    help=N_(
        "One prompt for the whole game, with the shortest input.\n"
        "\n"
        "64 e, d 2, p, u 3, m Bob, hands Bob=8 Cy=43,50, insert 1.12 Tom: draw 4, new,\n"
        "? for help, q to leave. Every move is saved at once. From a pipe, the exit status is\n"
        "1 if any line was refused.\n"
        "\n"
        "Example: scorepad live -f tonight.toml"
    )
)
def live(file: FileOption = Path("scorepad.toml")) -> None:
    from scorepad.cli.live import run

    refuse_stdin(file)  # the prompt reads standard input itself
    raise typer.Exit(run(file))


def main() -> None:
    from scorepad.start import INTERRUPTED, interrupted
    from scorepad.views.console import guard_pipes, sane_environment, tolerant_streams

    try:  # typer 0.2x carries its own click; older ones use click itself
        from typer._click.exceptions import ClickException
    except ImportError:
        # Only one of the two exists in a given install: the ignore codes cover both cases.
        from click.exceptions import ClickException  # type: ignore[no-redef, import-not-found, unused-ignore]

    sane_environment()
    tolerant_streams()
    guard_pipes()  # after: it wraps the streams tolerant_streams reconfigures
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        error(_("aborted"))
        code = RULE_PROBLEM
    except ClickException as usage:
        # Click would print the bad argument as typed: say it through the boundary instead.
        context = getattr(usage, "ctx", None)
        if context is not None:
            echo(context.get_usage(), err=True)
            echo(_("Try '{command} --help' for help.").format(command=context.command_path), err=True)
        error(usage.format_message())
        code = usage.exit_code
    except KeyboardInterrupt:
        # Saving is atomic: the record is the one before the command or the one after.
        interrupted()
    if code == INTERRUPTED:  # typer turns Ctrl-C inside a command into this status, silently
        error(_("interrupted"))
    sys.exit(code if isinstance(code, int) else 0)
