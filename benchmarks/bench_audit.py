"""Auditing against parsing: 1,000 full-game records audited, against the same files
only parsed with tomllib.

    python benchmarks/bench_audit.py [--games N]

The records are whole random games (every preset, 2 to 4 players, some with muggins),
written by scorepad. Both sides read each file from disk; the audit then replays it
through the engine and checks everything (record.audit_text), as `scorepad audit` does.
The command itself is timed too, as a whole process over all files, against a Python
process that reads and tomllib-parses the same files, in alternating pairs: wall time and
CPU time (user and system of the child, steadier on a loaded machine). Medians of five
runs. The goals: in process at most 1.5x the parse, the command at most 2x, in both; the
audit in process with the fast paths off (fences.FAST) is measured beside them. In process
the verdict is on the processor time (`time.process_time`): on a shared machine the wall
time counts the others' work too; the wall time is printed beside it.

Each command runs once untimed first, in an environment without PYTHONDONTWRITEBYTECODE,
so that scorepad's modules are read from their bytecode as an installed scorepad's are
(pip compiles it on install, as the standard library's tomllib is): compiling them again
in every run (an editable install with that variable set) costs each run about 70 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from scorepad import fences
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import audit_text, dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "`scorepad audit` at most 2x a tomllib parse of the same files as commands, and at most 1.5x in process"

NAMES = ["Ann", "Bob", "Cy", "Dee"]
PARSE_ONLY = "import sys, tomllib\nfor p in sys.argv[1:]:\n    tomllib.loads(open(p, encoding='utf-8').read())\n"


def write_records(folder: Path, count: int) -> list[Path]:
    rng = random.Random(1000)
    paths = []
    for i in range(count):
        preset = ("pagat", "two-ends", "fuenfer")[i % 3]
        players = NAMES[: 2 + i % 3]
        rules = Rules.from_options(preset, muggins=i % 4 == 0)
        game = play_game(players, rules, rng, careless=0.1 if rules.muggins else 0.0)
        path = folder / f"game{i:04}.toml"
        path.write_text(dumps(game), encoding="utf-8")
        paths.append(path)
    return paths


def run(work, paths) -> tuple[float, float]:
    """The wall time and the processor time of `work` on every file."""
    start, cpu = time.perf_counter(), time.process_time()
    for path in paths:
        work(path.read_text(encoding="utf-8"))
    return time.perf_counter() - start, time.process_time() - cpu


def command(args: list[str], **kwargs: object) -> tuple[float, float]:
    """The wall time and the CPU time of one process."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, **kwargs)  # type: ignore[call-overload]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    scorepad = str(Path(sys.executable).parent / "scorepad")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        paths = write_records(Path(folder), args.games)
        parse_args = [sys.executable, "-c", PARSE_ONLY, *map(str, paths)]
        audit_args = [scorepad, "audit", "--json", *map(str, paths)]
        for args_ in (parse_args, audit_args):  # bytecode written, files in the page cache
            subprocess.run(args_, stdout=subprocess.DEVNULL, env=env)
        size = sum(p.stat().st_size for p in paths)
        moves = sum(text.count('",') for text in (p.read_text() for p in paths))
        parse: list[tuple[float, float]] = []
        audit: list[tuple[float, float]] = []
        parse_cmd: list[tuple[float, float]] = []
        audit_cmd: list[tuple[float, float]] = []
        no_fast: list[tuple[float, float]] = []
        for _ in range(5):
            parse.append(run(tomllib.loads, paths))
            audit.append(run(audit_text, paths))
            fences.FAST = False  # every round read by tomllib (docs/development.md, fences)
            no_fast.append(run(audit_text, paths))
            fences.FAST = True
            parse_cmd.append(command(parse_args, check=True, env=env))
            audit_cmd.append(command(audit_args, stdout=subprocess.DEVNULL, env=env))
    print(f"{args.games} records, {size / 1e6:.1f} MB, about {moves:,} moves")
    for kind, index in (("wall", 0), ("CPU", 1)):
        p, a, n = (statistics.median(run[index] for run in runs) for runs in (parse, audit, no_fast))
        verdict = "" if kind == "wall" else f" (goal <= 1.5x: {'met' if a / p <= 1.5 else 'NOT met'})"
        print(f"in process, {kind:4}: tomllib {p:.2f} s, audit {a:.2f} s: {a / p:.2f}x{verdict}")
        print(f"in process, {kind:4}, SCOREPAD_NO_FAST_PATHS=1: audit {n:.2f} s: {n / p:.2f}x")
    for kind, index in (("wall", 0), ("CPU", 1)):
        pc, ac = (statistics.median(run[index] for run in runs) for runs in (parse_cmd, audit_cmd))
        verdict = "met" if ac / pc <= 2 else "NOT met"
        print(f"commands, {kind:4}: tomllib {pc:.2f} s, scorepad audit --json {ac:.2f} s: {ac / pc:.2f}x (goal <= 2x: {verdict})")


if __name__ == "__main__":
    main()
