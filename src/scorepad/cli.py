"""The `scorepad` command: a thin layer over the engine and the record. Each command
loads the record, asks the engine, saves, and prints; domain errors become a message and
an exit code (0 success, 1 a rule problem, 2 bad usage or an unreadable file)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer

from scorepad.errors import IllegalMoveError, InvalidHandsError, InvalidMoveError, RulesError, ScorepadError
from scorepad.game import Game, Outcome
from scorepad.notation import Draw, Muggins, Pass, Play
from scorepad.record import LockedError, RecordError, load, locked, save
from scorepad.rules import CHOICES, PRESETS, Rules
from scorepad.tiles import parse_end, parse_tile, parse_tiles

app = typer.Typer(
    help="Scorekeeper and rules arbiter for All Fives (Muggins, Fives, Domino Fünfer).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

RULE_PROBLEM, BAD_USAGE = 1, 2

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="SCOREPAD_FILE", help="The game record.", show_default=True),
]
ByOption = Annotated[Optional[str], typer.Option("--by", help="Who moved (default: whose turn it is).")]


# --- plumbing ---------------------------------------------------------------------------

def fail(message: str, code: int) -> NoReturn:
    typer.echo(f"scorepad: {message}", err=True)
    raise typer.Exit(code)


def exit_code(error: ScorepadError) -> int:
    if isinstance(error, (IllegalMoveError, InvalidHandsError, LockedError)):
        return RULE_PROBLEM
    return BAD_USAGE  # InvalidMoveError, RulesError, RecordError: the input itself is wrong


def read(file: Path) -> Game:
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
    try:
        with locked(file):
            game = read(file)
            yield game
            save(game, file)
    except ScorepadError as error:
        fail(str(error), exit_code(error))
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror}", BAD_USAGE)


def width() -> int:
    try:
        return int(os.environ.get("COLUMNS", "")) or os.get_terminal_size().columns
    except (ValueError, OSError):
        return 80


def show_status(game: Game, out: Outcome | None = None, note: str | None = None) -> None:
    from rich.console import Console

    from scorepad.render import status

    console = Console(width=width(), highlight=False)
    if note:
        console.print(note, style="bold")
    console.print(status(game, console.width, out))


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


def number(value: int | Fraction) -> int | float:
    return int(value) if value == int(value) else float(value)


# --- commands -----------------------------------------------------------------------------

def _choice(name: str):
    return Annotated[
        Optional[str],
        typer.Option(f"--{name.replace('_', '-')}", help=f"{' | '.join(CHOICES[name])}", show_default=False),
    ]


@app.command()
def new(
    players: Annotated[str, typer.Option("--players", "-p", help="Names in seating order, comma-separated.")],
    rules: Annotated[str, typer.Option("--rules", help=f"Preset: {' | '.join(PRESETS)}.")] = "pagat",
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
    """Call muggins on the play just made: the caller takes the missed score.

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


def parse_hand(text: str) -> tuple[str, int | list]:
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise InvalidMoveError(f"'{text}' is not a hand: write NAME=PIPS or NAME=TILES, e.g. Bob=8 or Cy=4-3,5-0")
    value = value.strip()
    if value.isdigit():
        return name, int(value)
    return name, parse_tiles(value)


@app.command()
def hands(
    remaining: Annotated[list[str], typer.Argument(metavar="NAME=PIPS|TILES...", help="Each remaining hand.")],
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Enter the remaining hands once a round is over; award the hand points and start
    the next round.

    Example: scorepad hands Bob=8 Cy=4-3,5-0
    """
    try:
        given = dict(parse_hand(h) for h in remaining)
    except InvalidMoveError as error:
        fail(str(error), BAD_USAGE)
    with editing(file) as game:
        out = game.end_round(given)
    from scorepad.render import points

    award = out.award
    won = [f"{' & '.join(game.side_names(s))} +{points(p)}" for s, p in enumerate(award.points) if p]
    note = f"Hands: {', '.join(won) or 'nobody scores'}  ({award.why})"
    show_status(game, note=note)


@app.command()
def show(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output (FORMAT.md).")] = False,
    file: FileOption = Path("scorepad.toml"),
) -> None:
    """Show the game: layout, ends, scores, whose turn.

    Example: scorepad show --json
    """
    game = read(file)
    if as_json:
        typer.echo(json.dumps(game_json(game), ensure_ascii=False))
        return
    show_status(game)


def game_json(game: Game) -> dict[str, Any]:
    r = game.current
    return {
        "players": list(game.players),
        "sides": [game.side_names(s) for s in range(len(game.sides))],
        "scores": {p: number(game.scores[game.side_of[i]]) for i, p in enumerate(game.players)},
        "round": r.number,
        "state": game.state,
        "turn": game.turn,
        "ends": {end.value: n for end, n in r.layout.end_counts().items()} if r.layout.placed else {},
        "end_sum": r.layout.end_sum if r.layout.placed else 0,
        "boneyard": r.boneyard,
        "hand_sizes": {p: r.hand_sizes[i] for i, p in enumerate(game.players)},
        "winner": game.winners(),
    }


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
        typer.echo(json.dumps(log_json(game), ensure_ascii=False))
        return
    from rich.console import Console

    from scorepad.render import log_table

    Console(width=width(), highlight=False).print(log_table(game))


def log_json(game: Game) -> list[dict[str, Any]]:
    rounds = []
    for r in game.rounds:
        if not r.moves and r.hands is None:
            continue
        moves = []
        for i, move in enumerate(r.moves):
            credits = [c for c in r.credits if c.move == i]
            moves.append({
                "move": str(move),
                "points": {game.players[c.player]: number(c.points) for c in credits},
            })
        rounds.append({
            "round": r.number,
            "opener": game.players[r.opener] if r.opener is not None else None,
            "moves": moves,
            "result": r.result or "unfinished",
            "hands": None if r.hands is None else {
                game.players[p]: h if isinstance(h, int) else " ".join(map(str, h)) for p, h in r.hands.items()
            },
            "points": {p: number(r.side_points(len(game.sides))[game.side_of[i]]) for i, p in enumerate(game.players)},
        })
    return rounds


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
    from rich.console import Console

    from scorepad.record import loads
    from scorepad.render import status

    path = example_path()
    try:
        recorded = loads(path.read_text(encoding="utf-8")).game
    except (OSError, RecordError) as error:
        fail(f"cannot read the bundled example {path}: {error}", BAD_USAGE)
    console = Console(width=width(), highlight=False)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    game = Game(recorded.players, recorded.rules, opener=_first_opener(recorded))
    console.print(f"A {recorded.rules.preset} game: {', '.join(recorded.players)}, to {game.target}.", style="bold")
    for r in recorded.rounds:
        for move in r.moves:
            out = game.push(move)
            console.rule(style="dim")
            console.print(status(game, console.width, out))
            if interactive:
                if delay > 0:
                    import time

                    time.sleep(delay)
                elif input("Enter: next move, q: quit ").strip().lower() == "q":
                    return
        if r.hands is not None:
            out = game.end_round({game.players[p]: h for p, h in r.hands.items()})
            console.rule(style="dim")
            from scorepad.render import points

            won = [f"{' & '.join(game.side_names(s))} +{points(p)}" for s, p in enumerate(out.award.points) if p]
            console.print(f"Hands: {', '.join(won) or 'nobody scores'} ({out.award.why})", style="bold")
    console.print(status(game, console.width))


def _first_opener(game: Game) -> str | None:
    first = game.rounds[0].opener
    return game.players[first] if first is not None else None


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("scorepad: interrupted; the record was not changed", err=True)
        sys.exit(RULE_PROBLEM)
