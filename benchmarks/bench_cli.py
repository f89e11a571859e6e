"""Command-line speed against a minimal Typer app, side by side on the same machine.

    python benchmarks/bench_cli.py [--runs N]

Builds a 25-round record (a simulated game with an unreachable target), then times, in
alternation so that machine noise hits all alike:
  - python -c pass             (the interpreter starting and stopping: the floor),
  - benchmarks/minimal_app.py  (a Typer app that prints one line),
  - scorepad --version         (start-up alone: the command line imported, one line printed),
  - scorepad -h                (the help at 80 columns, in Typer's rich panels: the first
                                thing a newcomer types),
  - scorepad show --json       (reads and replays the record, prints JSON),
  - scorepad play ...          (reads, replays, records the lead of round 26, saves,
                                writes the status); the record is restored before each run,
  - the same to a terminal     (standard output a pseudo-terminal, TERM=xterm-256color: the
                                status in colour, as a player sees it).
Each command runs in a fresh Python process; the figures are the median wall time and
the median CPU time (user and system, of the child: steadier than wall time on a loaded
machine), each against the minimal Typer app's, what the wall time costs above bare
Python, and the goal, met or not by both: `--version` at most 1.15x the Typer app,
`-h` 1.5x, `show --json` 1.3x, `play` 1.5x.
"""

from __future__ import annotations

import argparse
import os
import pty
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "against the minimal Typer app, wall and CPU time: `scorepad --version` at most "
    "1.15x, `scorepad -h` at most 1.5x, `show --json` on a 25-round record at most 1.3x, "
    "`play` on it (to a pipe and to a terminal) at most 1.5x"
)

HERE = Path(__file__).parent


def record_with_rounds(rounds: int) -> str:
    rules = Rules.from_options("pagat", target=100_000)
    game = play_game(["Ann", "Bob", "Cy"], rules, random.Random(25), max_rounds=rounds)
    assert len(game.rounds) == rounds + 1 or len(game.rounds) == rounds, len(game.rounds)
    return dumps(game)


def cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str], env: dict[str, str], before=None, terminal: bool = False) -> tuple[float, float]:
    """The wall time and the CPU time of one run."""
    cpu = cpu_of_children()
    wall = _timed(command, env, before, terminal)
    return wall, cpu_of_children() - cpu


def _timed(command: list[str], env: dict[str, str], before=None, terminal: bool = False) -> float:
    if before:
        before()
    if not terminal:
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start
    screen, end = pty.openpty()  # the status is a few hundred bytes: the terminal's buffer holds it
    try:
        start = time.perf_counter()
        subprocess.run(command, env={**env, "TERM": "xterm-256color"}, stdout=end, stderr=subprocess.DEVNULL, check=True)
        taken = time.perf_counter() - start
        assert b"\x1b[" in os.read(screen, 65536), "no colour on the terminal"
    finally:
        os.close(end)
        os.close(screen)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    scorepad = shutil.which("scorepad") or str(Path(sys.executable).parent / "scorepad")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        text = record_with_rounds(25)
        path.write_text(text, encoding="utf-8")
        from scorepad.record.format import loads

        game = loads(text).game
        rounds = sum(1 for r in game.rounds if r.hands is not None)
        opener = game.players[game.current.opener]
        env = {**os.environ, "SCOREPAD_FILE": str(path), "COLUMNS": "80"}
        # As on a player's machine: Python caches compiled modules (this sandbox turns that
        # off by default, which would charge every run for compiling scorepad).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {
            "python -c pass": ([sys.executable, "-c", "pass"], None),
            "minimal Typer app": ([sys.executable, str(HERE / "minimal_app.py")], None),
            "scorepad --version": ([scorepad, "--version"], None),
            "scorepad -h": ([scorepad, "-h"], None),
            "scorepad show --json": ([scorepad, "show", "--json"], None),
            "scorepad play": (
                [scorepad, "play", "6-6", "--by", opener],
                lambda: path.write_text(text, encoding="utf-8"),
            ),
        }
        commands["  to a terminal"] = commands["scorepad play"]
        goals = {"scorepad --version": 1.15, "scorepad -h": 1.5, "scorepad show --json": 1.3, "scorepad play": 1.5}
        goals["  to a terminal"] = 1.5
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for name, (command, before) in commands.items():  # warm the file cache
            timed(command, env, before, terminal=name == "  to a terminal")
        for _ in range(args.runs):
            for name, (command, before) in commands.items():
                times[name].append(timed(command, env, before, terminal=name == "  to a terminal"))

    def medians(name: str) -> tuple[float, float]:
        return statistics.median(w for w, _ in times[name]), statistics.median(c for _, c in times[name])

    base_wall, base_cpu = medians("minimal Typer app")
    bare = medians("python -c pass")[0]
    print(f"record: {rounds} finished rounds, {len(text):,} bytes; {args.runs} runs each, median")
    print(f"{'':22} {'wall':>10}  {'/ app':>6}  {'CPU':>9}  {'/ app':>6}  {'wall above python':>17}  goal")
    for name in times:
        wall, cpu = medians(name)
        goal = goals.get(name)
        met = goal is not None and wall / base_wall <= goal and cpu / base_cpu <= goal
        verdict = "" if goal is None else f"  <= {goal:.2f}x " + ("met" if met else "NOT met")
        print(
            f"{name:22} {wall * 1000:7.1f} ms  {wall / base_wall:5.2f}x  {cpu * 1000:6.1f} ms  {cpu / base_cpu:5.2f}x"
            f"  {(wall - bare) * 1000:14.1f} ms{verdict}"
        )


if __name__ == "__main__":
    main()
