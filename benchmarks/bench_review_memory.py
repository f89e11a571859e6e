"""`review` and `review --json` against `audit`: the peak memory each whole command adds
for a record, against the record's size (the goal: within 10 times; issue 39).

    python benchmarks/bench_review_memory.py [--sizes 1,5] [--repeat 2] [--src OLD_SRC …]

Each command runs as a process of its own, output to /dev/null (as bench_size.py runs
them), on the played game of bench_size.py (a whole game to 100,000 points, 1.8 MB) and on
records of blocked rounds of the given sizes. Memory is the child's peak resident size
(`ru_maxrss`) less the same command's on a one-round record: what the record adds to what
the command imports. `--src` runs the commands again with other source trees first on
PYTHONPATH (a checkout of an older scorepad), the trees taking turns command by command,
so the figures stand side by side on a machine whose load changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_size import HEAD, blocked, measure, played

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "the memory `review` and `review --json` add for a record within 10x the record's size"

COMMANDS = {
    "audit": ["audit"],
    "review": ["review", "-f"],
    "review --json": ["review", "--json", "-f"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1", help="sizes in MB of records of blocked rounds, comma-separated ('' for none)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each command: the most memory counts")
    parser.add_argument("--src", action="append", default=[], help="another source tree to set beside this one")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parents[1] / "src")
    trees = [("this tree", here)] + [(f"--src {tree}", tree) for tree in args.src]
    scorepad = [sys.executable, "-c", "from scorepad.start import main; main()"]
    with tempfile.TemporaryDirectory() as folder:
        records = [(f"blocked {mb} MB", blocked(int(float(mb) * 1_000_000))) for mb in args.sizes.split(",") if mb]
        records.append(("played to 100,000", played()))
        tiny = Path(folder) / "tiny.toml"
        tiny.write_text(blocked(len(HEAD) + 1), encoding="utf-8")  # one round

        def peak(tree: str, words: list[str], path: Path) -> int:
            os.environ["PYTHONPATH"] = tree
            return measure([*scorepad, *words, str(path)], args.timeout, args.repeat)[1]

        fixed = {(tree, name): peak(tree, words, tiny) for name, words in COMMANDS.items() for _label, tree in trees}
        print("| record | MB | tree | " + " | ".join(COMMANDS) + " |")
        print("|---|---|---|" + "---|" * len(COMMANDS))
        for name, text in records:
            path = Path(folder) / "game.toml"
            path.write_text(text, encoding="utf-8")
            megabytes = path.stat().st_size / 1e6
            cells: dict[str, list[str]] = {label: [] for label, _tree in trees}
            for command, words in COMMANDS.items():
                for label, tree in trees:  # side by side: the trees take turns
                    added = (peak(tree, words, path) - fixed[tree, command]) / 1024
                    cells[label].append(f"{added:.1f} MB = {added / megabytes:.1f}x")
            for label, _tree in trees:
                print(f"| {name} | {megabytes:.1f} | {label} | " + " | ".join(cells[label]) + " |", flush=True)


if __name__ == "__main__":
    main()
