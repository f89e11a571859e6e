"""What most tests need to run scorepad as a player would: one environment for every run
(a terminal width, no colour, a language, no SCOREPAD_FILE from the machine), the output
as one line, and the live prompt. Fixtures that give a record folder are in conftest.py."""

from __future__ import annotations

import ast
import functools
import json
import os
import random
import re
import resource
import subprocess
import sys
import typing
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer import testing as typer_testing
from typer.testing import CliRunner, Result

from scorepad import fences
from scorepad.cli.app import app
from scorepad.engine.game import Game
from scorepad.engine.notation import parse_move
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record import chunks
from scorepad.record.files import load
from scorepad.record.format import dumps

runner = CliRunner()


def built_once(build: typing.Callable[[Any], Any]) -> typing.Callable[[Any], Any]:
    """typer's runner builds the program's group again at every invoke (the commands under
    it are built once and kept, cli/helpscreen.DeclaredCommands): a seventh of a short
    command's run here, thousands of times a suite. A scorepad process builds it once; so
    does the tests' runner now, keyed by the app."""
    built: dict[int, tuple[Any, Any]] = {}

    def command(app: Any) -> Any:
        if id(app) not in built:
            built[id(app)] = (app, build(app))
        return built[id(app)][1]

    return command


if hasattr(typer_testing, "_get_command"):  # where typer has no such name, built each time as before
    typer_testing._get_command = built_once(typer_testing._get_command)


def choices_of(param: Any) -> tuple[str, ...]:
    """The values a choice option or argument of the built command line takes: click's
    `Choice` up to typer 0.28, the `Literal` it was declared with from 0.29 on."""
    kind = getattr(param, "type", None)
    if kind is not None:
        return tuple(kind.choices)
    return typing.get_args(param.type_descriptor.annotation)


def kind_of(param: Any) -> type:
    """`int` or `str`: what a number or text option of the built command line reads."""
    from scorepad.cli.helpscreen import click

    kind = getattr(param, "type", None)
    if kind is None:
        return param.type_descriptor.annotation
    return (
        int
        if isinstance(kind, click.types.IntParamType)
        else str
        if isinstance(kind, click.types.StringParamType)
        else type(kind)
    )


def environment(width: int = 40, lang: str = "en", env: Mapping[str, str | None] | None = None) -> dict[str, str | None]:
    """The one environment of a test's run: `env` adds to it or (with None) takes away."""
    return {"COLUMNS": str(width), "NO_COLOR": "1", "SCOREPAD_LANG": lang, "SCOREPAD_FILE": None, **(env or {})}


def run(*args: object, width: int = 40, lang: str = "en", input: str | None = None, env=None) -> Result:
    """`scorepad ARGS…` in this process, as a terminal of `width` columns in `lang`, under the
    program's own name (the usage lines say `scorepad`, as a player sees them)."""
    return runner.invoke(app, [str(a) for a in args], input=input, env=environment(width, lang, env), prog_name="scorepad")


def ok(*args: object, **kwargs) -> str:
    """The output of a run that must succeed."""
    result = run(*args, **kwargs)
    assert result.exit_code == 0, (args, result.output)
    return result.output


def refused(args: tuple[object, ...] | list[object], record: Path, code: int, *messages: str, **kwargs) -> str:
    """A run that must fail with `code`, saying each of `messages`, leaving `record` as it was."""
    before = record.read_bytes() if record.exists() else None
    result = run(*args, **kwargs)
    assert result.exit_code == code, result.output
    for message in messages:
        assert flat(message) in flat(result.output), result.output
    assert "Traceback" not in result.output
    assert (record.read_bytes() if record.exists() else None) == before
    return result.output


def flat(text: str) -> str:
    """Output as one line: the terminal wraps long lines at its width."""
    return " ".join(text.split())


def live(typed: str, width: int = 40, lang: str = "en", *args: object) -> Result:
    """The live prompt fed `typed` as standard input."""
    return run("live", *args, width=width, lang=lang, input=typed)


def process(
    args: list[str],
    stdout: Any,
    *,
    fsize: int | None = None,
    closed: bool = False,
    width: int = 80,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """`scorepad ARGS…` as a process of its own writing into `stdout`: under a file-size limit
    of `fsize` bytes, or with its standard output closed (`closed`), in English."""

    def prepare() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if closed:
            os.close(1)

    environment = {**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": str(width), "NO_COLOR": "1"}
    environment.pop("PYTHONUNBUFFERED", None)
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        timeout=120,
        preexec_fn=prepare,
    )


HUNG = 180  # seconds without progress from a child process: it hangs (a bound, never a timing)

# By machine: read(2), and the select(2)s readline waits in at a terminal.
_WAITING = {"x86_64": (0, (23, 270)), "aarch64": (63, (72,))}


def wait_for_input(pid: int, *, hung: float = HUNG) -> None:
    """Return once process `pid` sleeps waiting for standard input (read(2) on it, or
    readline's select on it at a terminal), so that a signal sent now finds it there. A
    prompt on the screen is not enough: between writing it and entering that call Python
    runs no bytecode, so a SIGINT in the gap is acted on only once the call returns, after
    a next line. /proc/PID/syscall proves it (the kernel fills it in only for a task that
    is not running); where it cannot be read the test is skipped, not left to chance."""
    import platform
    import time

    import pytest

    calls = _WAITING.get(platform.machine())
    syscall = Path(f"/proc/{pid}/syscall")
    if calls is None or not syscall.exists():
        pytest.skip("needs /proc/PID/syscall to know the process waits for input")
    read, selects = calls
    deadline = time.monotonic() + hung
    while True:
        try:
            fields = syscall.read_text().split()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except PermissionError:
            pytest.skip("/proc/PID/syscall is not readable here")
        reading = fields[:2] == [str(read), "0x0"]
        selecting = fields[:1] in ([str(n)] for n in selects) and fields[1:2] == ["0x1"]  # nfds 1: stdin alone
        if (reading or selecting) and state == "S":
            return
        assert time.monotonic() < deadline, f"process {pid} never waited for input: {fields} {state}"
        time.sleep(0.001)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if parent == pid:
            found.append(int(stat.parent.name))
    return found


# The tests' own tmux server, apart from any other on the machine (a person's, another
# run's): a server started elsewhere would give its panes its own environment (COLUMNS,
# TERM), and the panes would not be as wide as the test says.
TMUX_SOCKET = f"scorepad-tests-{os.getpid()}"
TMUX_ENVIRONMENT = {name: value for name, value in os.environ.items() if name not in ("TMUX", "COLUMNS", "LINES")}


def tmux(*args: str) -> str:
    command = ["tmux", "-L", TMUX_SOCKET, *args]
    return subprocess.run(command, capture_output=True, text=True, check=True, env=TMUX_ENVIRONMENT).stdout


def pane_until(session: str, check: typing.Callable[[str], bool], *, hung: float = HUNG) -> str:
    """The tmux pane's text (its history included) once `check` holds for it; fails with
    the text rather than waiting forever."""
    import time

    deadline = time.monotonic() + hung
    while True:
        text = tmux("capture-pane", "-t", session, "-p", "-S", "-")
        if check(text):
            return text
        assert time.monotonic() < deadline, text
        time.sleep(0.02)


def pane_process(session: str, *, hung: float = HUNG) -> int:
    """The process the pane's shell runs now (the shell's one child)."""
    import time

    shell = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}"))
    deadline = time.monotonic() + hung
    while True:
        found = children_of(shell)
        if len(found) == 1:
            return found[0]
        assert time.monotonic() < deadline, found
        time.sleep(0.01)


def prompts(text: str) -> int:
    """How many live prompts (`Ann> `, `> `, answered or not) a screen shows."""
    import re

    return len(re.findall(r"(?m)^\w*>( |$)", text))


# --- scorepad's source, read by the checks of its layers and its texts ---------------------


@functools.cache
def parsed(source: str) -> ast.Module:
    """A module's tree, keyed by its text (a file that changed is parsed again): parsed once
    for all the checks of a test file. The `source_trees` fixture lets the trees go after
    that file's tests."""
    return ast.parse(source)


def source_tree(path: Path) -> ast.Module:
    return parsed(path.read_text(encoding="utf-8"))


# --- records and games shared by several test modules -------------------------------------


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


BROKEN = Path(__file__).parent / "broken.toml"


NAMES = ["Ann", "Bob", "Cy", "Dee"]


CHOICES = {
    "spinner": ["first-double", "none"],
    "first_opener": ["lot", "highest-double"],
    "next_opener": ["domino-maker", "round-winner"],
    "fallback_opener": ["lot", "highest-double"],
    "domino_award": ["round-total", "round-each"],
    "blocked_award": ["as-domino", "rounded-sides-minus-own", "difference"],
    "blocked_tie": ["nothing", "split-third"],
    "partners": [True, False],
    "muggins": [True, False],
    # Small targets make short games (more of them per second); big deals make more
    # blocked rounds and hands that hold most of the set.
    "target": [20, 40, 60, 100],
    "deal": [[9, 7, 5], [7, 5, 5], [5, 4, 3], [3, 3, 3], [12, 9, 7]],
}


FORMS = ("tiles", "pips", "mixed", "zeros")


seen = Counter()  # which forms and corners the games went through


def entered(hands: dict, players, form: str, rng: random.Random) -> dict:
    """The hands of a round as a table might type them."""
    out = {}
    for name in players:
        tiles = hands.get(name)
        if tiles is None:
            if form == "zeros":
                out[name] = 0  # a player with no tiles, given as 0 pips
            continue
        pips = sum(t.pips for t in tiles)
        as_tiles = " ".join(str(t) for t in tiles)
        if form == "tiles" or (form == "mixed" and rng.random() < 0.5):
            out[name] = as_tiles
        else:
            out[name] = pips
            seen["a hand of 0 pips given as 0"] += pips == 0
    return out


def random_table(rng: random.Random):
    options = {"preset": rng.choice(["pagat", "two-ends", "fuenfer"])}
    for name, values in CHOICES.items():
        if rng.random() < 0.6:
            options[name] = rng.choice(values)
    if rng.random() < 0.95:  # the preset's target (200 or so) makes a long game: a few only
        options["target"] = rng.choice(CHOICES["target"])
    players = NAMES[: rng.choice([2, 3, 4])]
    return options, players


def record_text(options: dict, players: list[str], rounds: list[dict]) -> str:
    return tomli_w.dumps(
        {
            "format": "scorepad/1",
            "players": players,
            "rules": options,
            "rounds": [{k: v for k, v in r.items() if v is not None} for r in rounds],
        }
    )


def written_rounds(game: Game, rng: random.Random) -> list[dict]:
    """The game's rounds as a record holds them, the hands typed in a random form."""
    rounds = []
    for r in game.rounds:
        if not r.moves:
            continue
        hands = None
        if r.hands is not None:
            form = rng.choice(FORMS)
            seen[form] += 1
            hands = entered({game.players[p]: h for p, h in r.hands.items()}, game.players, form, rng)
            if r.result == "domino" and len(game.sides[0]) == 2:
                partner = next(p for p in game.sides[game.side_of[r.domino_maker]] if p != r.domino_maker)
                seen["a partner's hand"] += game.players[partner] in hands
        rounds.append({"opener": game.players[r.opener], "moves": [str(m) for m in r.moves], "hands": hands})
    return rounds


def large_record(text_rounds: int = 600) -> str:
    text = blocked_rounds(text_rounds)
    assert len(text) >= chunks.CHUNKED_FROM
    return text


def long_game(seed: int, players=("Ann", "Bob", "Cy"), preset: str = "pagat", rounds: int = 40) -> Game:
    rules = Rules.from_options(preset, target=100_000)
    return play_game(list(players), rules, random.Random(seed), careless=0.3, max_rounds=rounds)


# What must never reach a terminal: C0 controls but newline and tab, DEL, C1 controls,
# and the characters that reorder text.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def answered(result, *codes):
    """The command ended on purpose, with one of `codes`, and printed nothing raw."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in codes, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert not RAW.search(result.output), repr(result.output)
    return " ".join(result.output.split())


# 4-6 on E, typed on N; three moves later 0-6 E is refused ("it fits N").
ON_N = ["Ann: 4-4", "Bob: 4-1 W", "Cy: 4-3 E", "Ann: 3-5 E", "Bob: 5-4 E", "Cy: 4-6 N", "Ann: 1-2 W", "Bob: 2-5 W"]


def write_round(path: Path, players, moves, **options) -> None:
    """A record of one round being played, written as scorepad writes it."""
    game = Game(players, Rules.from_options(options.pop("preset", "pagat"), **options), opener=players[0])
    for move in moves:
        game.push(parse_move(move))
    path.write_text(dumps(game), encoding="utf-8")


def score_of(game: Game, player: str):
    """The points of `player`'s side."""
    return game.scores[game.side_of[game.index(player)]]


def careless_muggins_game() -> Game:
    """The exported page's long game (docs/page.md, benchmarks/bench_page.py): 50 rounds
    played by careless players with muggins on (calls, misses, claims too high), round 51
    begun."""
    rules = Rules.from_options("pagat", target=100_000, muggins=True)
    return play_game(["Ann", "Bob", "Cy"], rules, random.Random(50), max_rounds=50, careless=0.1)


def hand_over(here):
    """Tom made domino; Ben and Priya hold one tile each; 6-6 is on the table."""
    ok("new", "--players", "Tom,Ben,Priya", "--opener", "Tom", "--deal", "2,2,2")
    for typed in ("36", "66 e", "62 e", "33 w"):
        ok("play", typed)


def moves_of(record: Path, round_number: int = -1) -> list[str]:
    return [str(m) for m in load(record).game.rounds[round_number].moves]


def record_of_names(players: list[str]) -> str:
    return (
        'format = "scorepad/1"\n'
        f"players = {json.dumps(players)}\n"
        'rounds = [{ opener = "Bob", moves = [] }]\n\n'
        '[rules]\npreset = "pagat"\n'
    )


def messages(items):
    return [(p.round, p.move, p.message) for p in items]


def record_of_rounds(*rounds: str, players=("Ann", "Bob"), rules='preset = "pagat"') -> str:
    """A record: `rules` as the [rules] table's lines, each round as its TOML lines."""
    names = ", ".join(f'"{p}"' for p in players)
    text = f'format = "scorepad/1"\nplayers = [{names}]\n\n[rules]\n{rules}\n'
    return text + "".join(f"\n[[rounds]]\n{r}\n" for r in rounds)


def rich_plain(renderable, width: int) -> list[str]:
    from rich.console import Console

    out = Console(width=width, color_system=None, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    out.print(renderable)
    return out.export_text(styles=False).split("\n")[:-1]


def blocked_rounds(count: int, points: int = 0) -> str:
    """A record of `count` blocked rounds: the lead, two passes (no boneyard: 14 tiles
    each), hands tied at 84 pips, so nobody scores. `points` is written for each side."""
    rounds = []
    for i in range(count):
        opener, other = ("Ann", "Bob") if i % 2 == 0 else ("Bob", "Ann")
        rounds.append(
            f'\n[[rounds]]\nopener = "{opener}"\nmoves = ["{opener}: 0-0", "{other}: pass", "{opener}: pass"]\n'
            f"hands = {{ Ann = 84, Bob = 84 }}\npoints = {{ Ann = {points}, Bob = {points} }}\n"
        )
    return HEAD + "".join(rounds)


HEAD = 'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\npreset = "pagat"\ndeal = [14, 7, 5]\ntarget = 100000\n'


HOSTILE = [
    "x$(touch pwned)",
    "a;touch pw3",
    "b`touch pw4`",
    "q'uo\"te",
    "Ann Lee",
    "*",
    "?",
    "[ab]",
    "~x",
    "~",
    "!x",
    "#x",
    "-x",
    "--by",
    "a=~b",
    "a\\b",
    "{a,b}",
    "$HOME",
    "${HOME}",
    "Jürgen",
    "'",
    '"',
    "a'b'c",
    "&&",
    "|",
    "<x>",
    "(x)",
    "a  b",
    "%1",
]


def bash_words(line: str) -> list[str]:
    """The words bash reads from `line` (non-interactive: no history, no aliases)."""
    result = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", "printf '%s\\0' " + line], capture_output=True, timeout=30, cwd="/"
    )
    assert result.returncode == 0, (line, result.stderr)
    return result.stdout.decode().split("\0")[:-1]


# Hands entered as tiles, with draws before and after plays: no spinner, three tiles each.
DRAWS = """format = "scorepad/1"
players = ["Ann", "Bob"]

[rules]
preset = "pagat"
spinner = "none"
deal = [3, 3, 3]

[[rounds]]
opener = "Ann"
moves = ["Ann: 6-1", "Bob: 1-4 E", "Ann: 6-4 W", "Bob: 4-3 W", "Ann: draw", "Ann: 3-2 W", "Bob: draw", "Bob: 2-0 W", "Ann: draw", "Ann: 4-5 E", "Bob: 0-5 W"]
hands = { Ann = "2-2" }
"""


# A partnership game: Ann & Cy against Bob & Dee. Bob's 2-1 would have taken a 4-1 led
# instead (for 0): what that lead would have left him is known.
PARTNERS = """format = "scorepad/1"
players = ["Ann", "Bob", "Cy", "Dee"]

[rules]
preset = "pagat"
spinner = "none"
deal = [3, 3, 2]

[[rounds]]
opener = "Ann"
moves = ["Ann: 5-0", "Bob: 5-5 W", "Cy: 0-6 E", "Dee: 6-1 E", "Ann: 4-1 E"]
hands = { Bob = "2-1", Cy = "3-3", Dee = "2-0" }
"""


def code_words(text: str) -> set[str]:
    """Everything written as `code` in a Markdown text."""
    return set(re.findall(r"`([^`\n]+)`", text))


PLAYERS_AND_ENDS = {"Ann", "Bob", "Cy", "Dee", "W", "E", "N", "S"}


def json_keys(data) -> set[str]:
    """Every key of every object in `data`, except the names of players and ends, which are
    the keys of maps like `scores` or `ends` rather than names a format defines."""
    found: set[str] = set()
    if isinstance(data, dict):
        found |= {k for k in data if k not in PLAYERS_AND_ENDS}
        for value in data.values():
            found |= json_keys(value)
    elif isinstance(data, list):
        for value in data:
            found |= json_keys(value)
    return found


# A test of a fast path itself (that it is taken, what it costs): nothing to look at when
# SCOREPAD_NO_FAST_PATHS turns the fast paths off (docs/development.md, "Fast paths and
# their fences"); what it gives is tested either way.
fast_paths_only = pytest.mark.skipif(not fences.FAST, reason="SCOREPAD_NO_FAST_PATHS: the fast paths are off")
