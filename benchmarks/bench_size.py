"""Records at 1, 5 and 10 MB: time and peak memory of `show`, `log`, `sheet`, `audit` and
`export`, side by side with plain tomllib parsing of the same file.

    python benchmarks/bench_size.py [--sizes 1,5,10] [--timeout 300] [--commands show,log,...]
                                    [--no-played] [--repeat 2]

The records are valid games: `blocked` is one game of many blocked rounds (the lead, two
passes, the hands tied, so nobody scores and the game never ends: about 140 bytes a
round), `played` one game played out with random legal moves to a target of 100,000
(the largest a whole game gets: about 1 MB). Each command runs as a process of its own,
output to /dev/null; its wall time and its peak resident memory (`ru_maxrss` of the
child) are measured, memory less a bare `python -c "import tomllib"` (the interpreter's
own), and less the same command's on a one-round record (what the record adds). Each is
run twice (--repeat) and the faster run counts. The goals: time growing
linearly with the size, at most 3x the parse's time, memory at most 5x the file's size.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_round
from scorepad.record.format import dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "every command at most 3x the time of a tomllib parse of the record, and at most 5x "
    "the record's size in memory at the size limit; time and memory growing linearly"
)

HEAD = 'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\npreset = "pagat"\ndeal = [14, 7, 5]\ntarget = 100000\n'
MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "try:\n"
    "    code = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,"
    " timeout=float(sys.argv[1])).returncode\n"
    "except subprocess.TimeoutExpired:\n"
    "    code = 'timeout'\n"
    "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)
PARSE = "import sys, tomllib\ntomllib.loads(open(sys.argv[1], encoding='utf-8').read())\n"


def blocked(size: int) -> str:
    """A game of blocked rounds, about `size` bytes."""
    rounds = []
    total = len(HEAD)
    i = 0
    while total < size:
        opener, other = ("Ann", "Bob") if i % 2 == 0 else ("Bob", "Ann")
        text = (
            f'\n[[rounds]]\nopener = "{opener}"\nmoves = [\n  "{opener}: 0-0",\n  "{other}: pass",\n  "{opener}: pass",\n]\n'
            "hands = { Ann = 84, Bob = 84 }\npoints = { Ann = 0, Bob = 0 }\n"
        )
        rounds.append(text)
        total += len(text)
        i += 1
    return HEAD + "".join(rounds)


def played() -> str:
    """A whole game of random legal play to 100,000 points (two players)."""
    from scorepad.engine.game import Game

    rng = random.Random(16)
    game = Game(["Ann", "Bob"], Rules.from_options("pagat", target=100_000), opener="Ann")
    while game.winner is None:
        play_round(game, rng)
    return dumps(game)


def measure(command: list[str], timeout: float, repeat: int = 1) -> tuple[float, int, object]:
    """Wall seconds, peak resident KB and exit status of `command` in a child process, run
    `repeat` times: the least time (the machine is shared: a slower run is the machine's
    doing, not the command's) and the most memory."""
    runs = []
    for _run in range(repeat):
        done = subprocess.run(
            [sys.executable, "-c", MEASURE, str(timeout), *command], capture_output=True, text=True, check=True
        ).stdout.split()
        runs.append((float(done[0]), int(done[1]), done[2]))
        if done[2] == "timeout":
            break
    return min(r[0] for r in runs), max(r[1] for r in runs), runs[-1][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,5,10", help="record sizes in MB, comma-separated")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a command counts as too slow")
    parser.add_argument(
        "--commands", default="show,log,sheet,audit,export", help="which commands, comma-separated (also: show-json)"
    )
    parser.add_argument("--no-played", action="store_true", help="leave out the played game")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each command and parse: the fastest counts")
    args = parser.parse_args()
    scorepad = str(Path(sys.executable).parent / "scorepad")
    base_time, base_kb, _code = measure([sys.executable, "-c", "import tomllib"], args.timeout)
    print(f"interpreter (python -c 'import tomllib'): {base_time * 1000:.0f} ms, {base_kb / 1024:.1f} MB")
    commands = {
        "show": ["show", "-f"],
        "show-json": ["show", "--json", "-f"],  # the record read whole, as every command does
        "log": ["log", "-f"],
        "sheet": ["sheet", "-f"],
        "audit": ["audit"],
        "export": ["export", "OUT", "-f"],
    }
    commands = {name: words for name, words in commands.items() if name in args.commands.split(",")}
    with tempfile.TemporaryDirectory() as folder:
        records = [(f"blocked {mb} MB", blocked(int(mb * 1_000_000))) for mb in map(float, args.sizes.split(","))]
        if not args.no_played:
            records.append(("played to 100,000", played()))
        # What each command costs on a game of one round: the modules it imports, its own
        # start. Below a few MB this, not the record, is most of the memory.
        tiny = Path(folder) / "tiny.toml"
        tiny.write_text(blocked(len(HEAD) + 1), encoding="utf-8")  # one round
        fixed = []
        fixed_kb = {}
        for name, words in commands.items():
            out = Path(folder) / "tiny.html"
            argv = [scorepad, *(str(out) if w == "OUT" else w for w in words), str(tiny)]
            seconds, fixed_kb[name], _code = measure(argv, args.timeout, args.repeat)
            fixed.append(f"{name} {seconds:.2f} s, {(fixed_kb[name] - base_kb) / 1024:.1f} MB")
        print("each command on a one-round record (above the interpreter): " + "; ".join(fixed))
        print("| record | MB | rounds | tomllib | " + " | ".join(commands) + " |")
        print("|---|---|---|---|" + "---|" * len(commands))
        for name, text in records:
            path = Path(folder) / "game.toml"
            path.write_text(text, encoding="utf-8")
            megabytes = path.stat().st_size / 1e6
            parse, parse_kb, _code = measure([sys.executable, "-c", PARSE, str(path)], args.timeout, args.repeat)
            cells = [f"{parse:.2f} s, {(parse_kb - base_kb) / 1024:.0f} MB"]
            for command, words in commands.items():
                out = Path(folder) / "page.html"
                argv = [scorepad, *(str(out) if w == "OUT" else w for w in words), str(path)]
                seconds, kb, code = measure(argv, args.timeout, args.repeat)
                above = (kb - base_kb) / 1024
                if code == "timeout":
                    cells.append(f"> {args.timeout:.0f} s")
                    continue
                failed = "" if code in ("0", "1") else f" (exit {code})"
                share = (kb - fixed_kb[command]) / 1024  # what the record adds to the command's own cost
                cells.append(
                    f"{seconds:.2f} s = {seconds / parse:.1f}x, {above:.0f} MB = {above / megabytes:.1f}x"
                    f" ({share / megabytes:.1f}x){failed}"
                )
            rounds = text.count("[[rounds]]")
            print(f"| {name} | {megabytes:.1f} | {rounds:,} | " + " | ".join(cells) + " |", flush=True)
    print(
        "x: time against tomllib's; memory above the interpreter's, against the file's size"
        " (in brackets: above the same command on a one-round record, against the file's size)"
    )


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"({time.perf_counter() - start:.0f} s in all)")
