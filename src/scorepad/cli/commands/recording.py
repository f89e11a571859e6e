"""The commands that record what happens at the table, as it happens: a game started,
a tile played, drawn, a pass, muggins called, moves taken back, the hands counted, the
live prompt, and the bundled demo."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

import inspect
import math
import unicodedata
from pathlib import Path
from typing import Annotated, Literal

import typer

from scorepad.cli import completion
from scorepad.cli.commands.common import (
    BAD_USAGE,
    DEFAULT_FILE,
    ByOption,
    DigitsFloat,
    FileOption,
    HostOption,
    PortOption,
    Preset,
    StandsOption,
    act,
    ascii_digits,
    attempt,
    choices_metavar,
    exit_code,
    fail,
    refuse_stdin,
    show_status,
    whole_number,
)
from scorepad.cli.helpscreen import Room
from scorepad.engine.counting import HELP as COUNTING_HELP
from scorepad.engine.rules import CHOICES, DEFAULT_PRESET, FLAGS, NUMBERS, OPTION_ORDER, PRESETS
from scorepad.errors import IllegalMoveError, InvalidMoveError, RulesError, ScorepadError, brief
from scorepad.i18n import N_, _
from scorepad.views.console import echo

room = Room()

MAX_DELAY = 60.0  # seconds between moves of the demo

# What each option of the rules (engine/rules.py OPTION_ORDER) says in `new`'s help; its
# name, its kind and its choices are the rules' own (FLAGS, CHOICES, NUMBERS).
RULE_HELP = {
    "deal": N_("Tiles each for 2,3,4 players, e.g. 9,7,5."),
    "partners": N_("Four players as two partnerships."),
    "spinner": N_("Whether the first double is a spinner."),
    "target": N_("Points to win."),
    "first_opener": N_("Who leads round 1."),
    "next_opener": N_("Who leads the later rounds."),
    "fallback_opener": N_("Who leads when the next opener names nobody."),
    "domino_award": N_("What a domino scores."),
    "blocked_award": N_("What a blocked round scores."),
    "blocked_tie": N_("What a blocked round with the lowest pips tied scores."),
    "muggins": N_("Players must claim their scores."),
    "penalty": N_("Points each opposing side scores for a move that stands against the rules."),
    **{name: COUNTING_HELP for name in OPTION_ORDER if name == "counting"},
}


def rule_option(name: str) -> object:
    """The option of `new` that changes rules option `name`, typed by its kind: a flag is
    --name/--no-name, a choice takes one of its values (Typer checks them and the shell
    completes them), a number a whole number, several numbers a comma-separated list."""
    flag = "--" + name.replace("_", "-")
    if name in FLAGS:
        return Annotated[bool | None, typer.Option(f"{flag}/--no-{flag[2:]}", help=RULE_HELP[name], show_default=False)]
    if name in CHOICES:
        values = choices_metavar(CHOICES[name])
        return Annotated[
            Literal[CHOICES[name]] | None, typer.Option(flag, help=RULE_HELP[name], show_default=False, metavar=values)
        ]
    if NUMBERS[name] == 1:
        return Annotated[int | None, typer.Option(flag, help=RULE_HELP[name], show_default=False, click_type=whole_number())]
    # Several numbers: "9,7,5", read by rule_value.
    return Annotated[str | None, typer.Option(flag, help=RULE_HELP[name], show_default=False)]


def rule_value(name: str, given: bool | int | str) -> bool | int | str | list[int]:
    """The value of rules option `name` as `new` was given it."""
    if name not in NUMBERS or NUMBERS[name] == 1 or not isinstance(given, str):
        return given  # a flag, a choice or one number, as Typer read it
    numbers = given.split(",")
    if all(ascii_digits(n) for n in numbers):
        try:
            return [int(n) for n in numbers]
        except ValueError:  # more digits than Python converts
            pass
    fail(
        _("--{name} '{value}': give {count} whole numbers, e.g. {example}").format(
            name=name.replace("_", "-"),
            value=given,
            count=NUMBERS[name],
            example=",".join(str(n) for n in getattr(PRESETS[DEFAULT_PRESET], name)),
        ),
        BAD_USAGE,
    )


def new(
    *, players: str | None, rules: str | None, opener: str | None, force: bool, file: Path, **given: bool | int | str | None
) -> None:
    # `given`: an option for each option of the rules (_new_parameters), None when not given.
    from scorepad.cli.actions import new_game
    from scorepad.record.files import cannot_write

    refuse_stdin(file)
    names = [unicodedata.normalize("NFC", n.strip()) for n in players.split(",")] if players is not None else None
    options = {name: rule_value(name, value) for name, value in given.items() if value is not None}
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


def _new_parameters() -> list[inspect.Parameter]:
    # `new` takes an option for every option of the rules, made from the rules' tables:
    # Typer reads the parameters from the signature, so they are written into it.
    def option(name: str, annotation: object, default: object = None) -> inspect.Parameter:
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)

    return [
        option(
            "players",
            Annotated[
                str | None,
                typer.Option(
                    "--players",
                    "-p",
                    help=N_("Names in seating order, comma-separated (default: the players of the game in the file)."),
                    show_default=False,
                ),
            ],
        ),
        option(
            "rules",
            Annotated[
                Preset | None,
                typer.Option(
                    "--rules",
                    metavar=choices_metavar(list(PRESETS)),
                    help=N_("The preset the options below change (default: the game before's rules, else {default_preset})."),
                    show_default=False,
                ),
            ],
        ),
        option(
            "opener",
            Annotated[
                str | None,
                typer.Option(
                    "--opener",
                    help=N_("Who leads round 1, or 'lot' to draw it."),
                    show_default=False,
                    autocompletion=completion.openers,
                ),
            ],
        ),
        *(option(name, rule_option(name)) for name in OPTION_ORDER),
        option(
            "force",
            Annotated[
                bool, typer.Option("--force", help=N_("Start over although the game is not over (it is kept as a backup)."))
            ],
            False,
        ),
        option("file", FileOption, DEFAULT_FILE),
    ]


new.__signature__ = inspect.Signature(_new_parameters(), return_annotation=None)  # type: ignore[attr-defined]
new.__annotations__ = {p.name: p.annotation for p in inspect.signature(new).parameters.values()} | {"return": None}
room.command(
    help=N_(
        "Start a game; a finished game in the file is kept under a new name.\n"
        "\n"
        "Without --players and --rules, the game in the file gives them.\n"
        "\n"
        "Example: scorepad new --players Ann,Bob,Cy --rules pagat --muggins"
    )
)(new)


@room.command(help=N_("Record a tile played (the lead takes no end).\n\nExample: scorepad play 6-4 E --claim 10"))
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
    claim: Annotated[
        int | None,
        typer.Option("--claim", help=N_("The score the player announced."), show_default=False, click_type=whole_number()),
    ] = None,
    stands: StandsOption = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import play_input
    from scorepad.engine.notation import MAX_CLAIM

    if claim is not None and claim < 0:
        fail(_("--claim {claim}: a claim is a score, 0 or more").format(claim=claim), BAD_USAGE)
    if claim is not None and claim > MAX_CLAIM:
        fail(_("--claim {claim}: a claim is at most {limit}").format(claim=brief(claim), limit=MAX_CLAIM), BAD_USAGE)
    typed = attempt(lambda: play_input(move, by, claim, stands))
    act(file, typed)


@room.command(help=N_("Record tiles drawn from the boneyard.\n\nExample: scorepad draw 2"))
def draw(
    count: Annotated[int, typer.Argument(help=N_("How many tiles were drawn."), click_type=whole_number())] = 1,
    by: ByOption = None,
    stands: StandsOption = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import DrawIn
    from scorepad.engine.notation import MAX_DRAW

    if count < 1:
        fail(_("draw {count}: the count must be at least 1").format(count=count), BAD_USAGE)
    if count > MAX_DRAW:
        fail(_("draw {count}: the whole set is {limit} tiles").format(count=brief(count), limit=MAX_DRAW), BAD_USAGE)
    act(file, DrawIn(count, by, stands))


@room.command("pass", help=N_("Record a pass (only with an empty boneyard).\n\nExample: scorepad pass"))
def pass_(by: ByOption = None, stands: StandsOption = False, file: FileOption = DEFAULT_FILE) -> None:
    from scorepad.cli.grammar import PassIn

    act(file, PassIn(by, stands))


@room.command(
    help=N_("Record a tile shown by accident: known to everyone, it changes no score.\n\nExample: scorepad exposes 6-6 --by Ann")
)
def exposes(
    tile: Annotated[str, typer.Argument(metavar="TILE", help=N_("The tile shown (64, 6-4, ...)."))],
    by: ByOption = None,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import ExposesIn, parse_tile

    typed = attempt(lambda: ExposesIn(parse_tile(tile), by))
    act(file, typed)


@room.command(
    help=N_(
        "Annul the round being played (a misdeal): its moves stay, it counts nothing, and the same\n"
        "opener leads the next round.\n"
        "\n"
        "Example: scorepad annul misdeal"
    )
)
def annul(
    reason: Annotated[list[str], typer.Argument(metavar="REASON", help=N_("Why the table annuls the round."))],
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import AnnulIn

    act(file, AnnulIn(" ".join(reason)))


@room.command(
    help=N_(
        "Say who leads the round being played: before the lead, the opener; after it, the lead\n"
        "was that player's (the round is re-seated from it, and the lead stands where the rules\n"
        "named another opener).\n"
        "\n"
        "Example: scorepad opener Bob"
    )
)
def opener(
    name: Annotated[
        str,
        typer.Argument(metavar="NAME", help=N_("Who leads (any case, or a prefix)."), autocompletion=completion.player_names),
    ],
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import OpenerIn

    act(file, OpenerIn(name))


@room.command(
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
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import MugginsIn

    act(file, MugginsIn(caller))


@room.command(help=N_("Take back the last moves, or the last hands entered, listing each.\n\nExample: scorepad undo 3"))
def undo(
    count: Annotated[
        int, typer.Argument(help=N_("How many moves (or hands entries) to take back."), click_type=whole_number())
    ] = 1,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import UndoIn

    if count < 1:
        fail(_("undo {count}: the count must be at least 1").format(count=count), BAD_USAGE)
    act(file, UndoIn(count))


@room.command(
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
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.grammar import HandsIn

    act(file, HandsIn(tuple(remaining), by))


def example_path(name: str = "demo.toml") -> Path:
    """A bundled example record: inside the installed package, or in the source tree."""
    package = Path(__file__).resolve().parents[2]
    packaged = package / "examples" / name
    if packaged.exists():
        return packaged
    return package.parents[1] / "examples" / name


@room.command(help=N_("Replay a bundled example game move by move.\n\nExample: scorepad demo"))
def demo(
    delay: Annotated[
        float, typer.Option("--delay", help=N_("Seconds between moves in a terminal (0: press Enter)."), click_type=DigitsFloat())
    ] = 0.0,
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


@room.command(
    help=N_(
        "One prompt for the whole game, with the shortest input.\n"
        "\n"
        "64 e, d 2, p, u 3, m Bob, hands Bob=8 Cy=43,50, insert 1.12 Tom: draw 4, new,\n"
        "? for help, q to leave. Every move is saved at once. From a pipe, the exit status is\n"
        "1 if any line was refused. --serve: the game on the table's phones as well (scorepad serve);\n"
        "then qr shows the QR code of the link to watch, qr Bob that of Bob's link.\n"
        "\n"
        "Example: scorepad live -f tonight.toml"
    )
)
def live(
    file: FileOption = DEFAULT_FILE,
    serve: Annotated[bool, typer.Option("--serve", help=N_("Serve the game to the table's phones beside the prompt."))] = False,
    host: HostOption = "0.0.0.0",
    port: PortOption = None,
) -> None:
    from scorepad.cli.live import run

    refuse_stdin(file)  # the prompt reads standard input itself
    if not serve:
        raise typer.Exit(run(file))
    from scorepad.cli.commands.serving import start
    from scorepad.cli.watching import Notes

    notes = Notes()  # a phone's call, shown above the prompt
    served = start(file, host, port, [], said=notes, hush=notes.hushed)
    stop = served.beside()
    try:
        code = run(file, notes, served)
    finally:
        stop()
    raise typer.Exit(code)
