"""The live prompt's CPU time a line, old code against new, side by side in one run.

    python benchmarks/bench_live.py [--old REV] [--runs N] [--rounds 25,100]

For each size a game is simulated (three players, pagat, an unreachable target): its first
ROUNDS rounds are the record, and the moves of the round after them are the lines typed
at `scorepad live` (the lead with @NAME, then each play, draw and pass as a player types
it). Each run starts a process of its own on a fresh copy of the record, with the code
of one side (`--old`: a git revision, exported to a temporary folder; new: this checkout's
src), and its `input` replaced by one that notes the process's CPU time
(time.process_time: user and system, the fsync of each save included) as each prompt asks
for a line: the time between two asks is what one line cost, from reading it to drawing
the next prompt. Standard output (the status after each line) goes to /dev/null. The
sides and sizes alternate run by run, so that the load of the shared machine hits all
alike; the figures are the median and the mean over every line of every run.

The goal (issue 39): at most 10 ms a line on a 25-round game, and a 100-round game's at
most 1.2 times that.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from scorepad.engine.notation import Draw, Muggins, Pass, Play
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "at most 10 ms of CPU time a line at `scorepad live` after 25 rounds, and after 100 rounds at most 1.2x that"

HERE = Path(__file__).parent
REPO = HERE.parent
OLD = "fa8bae8"  # main before the live prompt kept its game in memory

# Run in the child: the live prompt's loop, each ask for a line timed.
DRIVER = """
import builtins, json, sys, time
from pathlib import Path
from scorepad.cli.live import run

file, lines, out = Path(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
marks = []
given = iter(lines)

def typed(prompt=""):
    marks.append(time.process_time())
    try:
        return next(given)
    except StopIteration:
        raise EOFError from None

builtins.input = typed
status = run(file)
Path(out).write_text(json.dumps({"marks": marks, "status": status}))
"""


def typed_line(move: object, lead: bool) -> str:
    """A move as a player types it at the prompt."""
    if isinstance(move, Play):
        text = f"{move.tile.a}{move.tile.b}" + (f" {move.end.value.lower()}" if move.end is not None else "")
        if move.claim is not None:
            text += f" ={move.claim}"
        return text + (f" @{move.player}" if lead else "")
    if isinstance(move, Draw):
        return "d" if move.count == 1 else f"d {move.count}"
    if isinstance(move, Pass):
        return "p"
    if isinstance(move, Muggins):
        return f"m {move.player}"
    raise TypeError(move)


def game_and_lines(rounds: int, seed: int) -> tuple[str, list[str]]:
    """A record of `rounds` rounds and the lines of the round after them."""
    rules = Rules.from_options("pagat", target=100_000)
    players = ["Ann", "Bob", "Cy"]
    record = play_game(players, rules, random.Random(seed), max_rounds=rounds)
    longer = play_game(players, rules, random.Random(seed), max_rounds=rounds + 1)
    assert [r.moves for r in longer.rounds[:rounds]] == [r.moves for r in record.rounds[:rounds]]
    moves = longer.rounds[rounds].moves
    return dumps(record), [typed_line(m, i == 0) for i, m in enumerate(moves)]


def export(rev: str, into: Path) -> Path:
    """The `src` folder of revision `rev`, written under `into`."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "src"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def one_run(src: Path, text: str, lines: list[str], folder: Path) -> list[float]:
    """CPU seconds of each line typed, in a process of its own on a fresh record."""
    record = folder / "game.toml"
    record.write_text(text, encoding="utf-8")
    out = folder / "marks.json"
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "80"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with open(os.devnull, "w") as devnull:
        subprocess.run(
            [sys.executable, "-c", DRIVER, str(record), json.dumps(lines), str(out)],
            env=env,
            stdout=devnull,
            check=True,
        )
    result = json.loads(out.read_text())
    assert result["status"] == 0, f"a line was refused: {lines}"
    marks = result["marks"]
    return [b - a for a, b in itertools.pairwise(marks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=OLD, help="the git revision to set against this checkout")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--rounds", default="25,100")
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    sizes = [int(n) for n in args.rounds.split(",")]
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        sides = {"old": export(args.old, folder / "old"), "new": REPO / "src"}
        games = {n: game_and_lines(n, args.seed) for n in sizes}
        times: dict[tuple[str, int], list[float]] = {(side, n): [] for side in sides for n in sizes}
        for src in sides.values():  # each side once first: its bytecode written
            one_run(src, *games[sizes[0]], folder)
        for _ in range(args.runs):
            for n in sizes:
                for side, src in sides.items():
                    times[side, n] += one_run(src, *games[n], folder)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU time a line at the live prompt (the save's fsync included); {args.runs} runs, load average {load:.1f}")
    print(f"{'':8} {'rounds':>6} {'record':>9} {'lines':>6} {'median':>9} {'mean':>9}")
    medians = {}
    for n in sizes:
        for side in sides:
            each = times[side, n]
            medians[side, n] = statistics.median(each)
            print(
                f"{side:8} {n:6} {len(games[n][0]):8,}B {len(each):6} {medians[side, n] * 1000:6.2f} ms"
                f" {statistics.fmean(each) * 1000:6.2f} ms"
            )
    small, large = sizes[0], sizes[-1]
    for side in sides:
        flat = medians[side, large] / medians[side, small]
        met = medians[side, small] <= 0.010 and flat <= 1.2
        print(
            f"{side}: {medians[side, small] * 1000:.2f} ms at {small} rounds (goal <= 10 ms), "
            f"{flat:.2f}x at {large} rounds (goal <= 1.2x): {'met' if met else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
