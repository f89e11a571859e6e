#!/usr/bin/env python3
"""Run the benchmarks and write their latest figures into one generated page,
docs/benchmarks.md: a table of every benchmark with its goal and how its latest run went,
and under it each benchmark's own output as it printed it.

    python scripts/benchmarks.py                          # every benchmark, one after another
    python scripts/benchmarks.py bench_engine bench_cli   # only these: their rows anew
    python scripts/benchmarks.py bench_size -- --sizes 1  # arguments after -- go to the benchmark
    python scripts/benchmarks.py --table                  # the page again from the saved runs
    python scripts/benchmarks.py --check                  # exit 1 if the page is not that

A benchmark is a script `benchmarks/bench_*.py` whose docstring's first line says what it
measures and whose `GOAL` says the goal it is kept for. Each run is saved, with how it was
run (its arguments, the commit, the Python, the load average before and after, how long it
took, its exit status) and everything it printed, in `benchmarks/results/NAME.json`; the
page is made from those files alone, so one benchmark can be run again without the others.
The figures are the benchmarks' own output: the prose of the docs gives the goals and links
here (docs/development.md, "Benchmarks").
"""

from __future__ import annotations

import ast
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
RESULTS = BENCHMARKS / "results"
PAGE = ROOT / "docs" / "benchmarks.md"


def declared(path: Path) -> tuple[str, str]:
    """What a benchmark measures (its docstring's first line) and its `GOAL`, read from its
    text without running it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    doc = (ast.get_docstring(tree) or "").strip()
    what = " ".join(doc.split("\n\n")[0].split())
    goal = ""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "GOAL" for t in node.targets):
            goal = ast.literal_eval(node.value)
    return what, goal


def benchmarks() -> list[Path]:
    return sorted(BENCHMARKS.glob("bench_*.py"))


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    changed = git("status", "--porcelain", "--", "src", "benchmarks", ":!benchmarks/results")
    return git("rev-parse", "--short", "HEAD") + (" with changes" if changed else "")


def run(path: Path, arguments: list[str]) -> dict[str, object]:
    """Run one benchmark with this checkout's Python and keep what it printed."""
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(path), *arguments], cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    return {
        "benchmark": path.name,
        "arguments": arguments,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "seconds": round(time.monotonic() - started),
        "status": done.returncode,
        "output": (done.stdout + ("\n" + done.stderr if done.returncode and done.stderr else "")).rstrip(),
    }


def saved(name: str) -> dict[str, object] | None:
    path = RESULTS / (Path(name).stem + ".json")
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def page() -> str:
    """docs/benchmarks.md as the saved runs make it."""
    rows, sections = [], []
    for path in benchmarks():
        what, goal = declared(path)
        result = saved(path.name)
        anchor = path.name.replace(".", "")
        if result is None:
            latest = "not run yet"
        else:
            load = result["load"]
            latest = (
                f"{result['date']}, {result['commit']}, Python {result['python']}, "
                f"load average {load[0]} to {load[1]}, {result['seconds']} s"
            )
            if result["status"]:
                latest += f"; **exit status {result['status']}**"
        rows.append(f"| [`{path.name}`](#{anchor}) | {cell(what)} | {cell(goal) or '-'} | {latest} |")
        section = [f"## {path.name}", "", what, ""]
        if goal:
            section += [f"Goal: {goal}", ""]
        if result is not None:
            command = " ".join(["python", f"benchmarks/{path.name}", *result["arguments"]])  # type: ignore[list-item]
            section += [f"`{command}` on {result['machine']}:", "", "```text", str(result["output"]), "```", ""]
        sections.append("\n".join(section))
    return (
        "\n".join(
            [
                "# Benchmarks: the latest figures",
                "",
                "<!-- Written by scripts/benchmarks.py from benchmarks/results/*.json: run it, never edit this. -->",
                "",
                "Each benchmark's latest run, as it printed it. The development machine has 2 cores shared",
                "with other work and its speed drifts from one minute to the next: each benchmark sets its",
                "code beside a reference in the same run, so read the ratios, and the load average beside",
                "each run. How to run one and what the goals are for: [development.md](development.md#benchmarks).",
                "",
                "| benchmark | what it measures | goal | latest run |",
                "|---|---|---|---|",
                *rows,
                "",
                *sections,
            ]
        ).rstrip()
        + "\n"
    )


def main(argv: list[str]) -> int:
    arguments: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, arguments = argv[:at], argv[at + 1 :]
    if argv == ["--check"]:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != page():
            print("docs/benchmarks.md is not what scripts/benchmarks.py --table writes", file=sys.stderr)
            return 1
        return 0
    if argv != ["--table"]:
        known = {path.stem: path for path in benchmarks()}
        unknown = [name for name in argv if Path(name).stem not in known]
        if unknown or (arguments and len(argv) != 1):
            print(f"usage: scripts/benchmarks.py [--table | --check | NAME... | NAME -- ARGS]; unknown: {unknown}")
            return 2
        RESULTS.mkdir(exist_ok=True)
        for name in [Path(n).stem for n in argv] or list(known):
            print(f"{name} ...", flush=True)
            result = run(known[name], arguments)
            (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            PAGE.write_text(page(), encoding="utf-8")  # after each, so a long run shows what it has
    PAGE.write_text(page(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
