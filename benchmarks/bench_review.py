"""Reviewing a whole 25-round game against auditing it, side by side in one run.

    python benchmarks/bench_review.py [--repeat N]

For each preset, one random game of 25 rounds (the simulator's, the hands entered as tiles,
so most plays have a known hand and a known reply to work out) is written by scorepad. In
process: `record.audit_text` (what `scorepad audit` does per file) against the review as
`scorepad review` makes it (the record read with each round reviewed as it is laid out, the
totals, and the text or the JSON). As commands: `scorepad audit --json FILE` against
`scorepad review -f FILE` and `--json`, whole processes. Runs alternate, and the fastest of
each counts (the machine is shared: a slower run measures the others' load); in process it
is processor time. The review must
stay within 2x the audit (docs/review.md).

    valgrind --tool=callgrind python benchmarks/bench_review.py --count review --preset pagat

runs one side (`none`, `audit`, `review`, `json`) five times on one game and times nothing:
callgrind's count of instructions, less that of `none`, is a measure the machine's load does
not move.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from functools import partial
from pathlib import Path

from scorepad.cli.commands.checking import Reviewed
from scorepad.engine.review import totals
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import audit_text, dumps, loads
from scorepad.views.console import escaped_json
from scorepad.views.review import review_json, review_lines

TABLES = {"pagat": ["Ann", "Bob", "Cy"], "two-ends": ["Ann", "Bob", "Cy", "Dee"], "fuenfer": ["Ann", "Bob"]}
ROUNDS = 25


def record(preset: str, players: list[str]) -> str:
    # A target no game reaches, so the game is 25 whole rounds.
    rules = Rules.from_options(preset, target=100_000)
    game = play_game(players, rules, random.Random(25), max_rounds=ROUNDS)
    assert game.played_count() == ROUNDS, game.played_count()
    return dumps(game)


def review_text(text: str) -> None:
    reviewed = Reviewed(None)
    game = loads(text, reviewed).game
    rounds = reviewed.of()
    for _line in review_lines(rounds, game.players, totals(rounds, len(game.players)), 80):
        pass


def review_data(text: str) -> None:
    reviewed = Reviewed(None)
    game = loads(text, reviewed).game
    rounds = reviewed.of()
    escaped_json(review_json(rounds, game.players, totals(rounds, len(game.players))))


def timed(work: Callable[[], object]) -> float:
    """The processor time of `work`: on a shared machine, wall time measures the others too."""
    gc.collect()
    start = time.process_time()
    work()
    return time.process_time() - start


def command(*args: str) -> float:
    scorepad = str(Path(sys.executable).parent / "scorepad")
    start = time.perf_counter()
    subprocess.run([scorepad, *args], stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--count", choices=["none", "audit", "review", "json"], help="run one side five times, untimed")
    parser.add_argument("--preset", choices=list(TABLES), default="pagat")
    args = parser.parse_args()
    if args.count:
        text = record(args.preset, TABLES[args.preset])
        work = {"none": lambda _text: None, "audit": audit_text, "review": review_text, "json": review_data}[args.count]
        with redirect_stdout(io.StringIO()):
            for _ in range(5):
                work(text)
        return
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for preset, players in TABLES.items():
            text = record(preset, players)
            path = Path(folder) / f"{preset}.toml"
            path.write_text(text, encoding="utf-8")
            moves = text.count('",')
            audit, text_review, json_review = [], [], []
            audit_cmd, review_cmd, json_cmd = [], [], []
            with redirect_stdout(io.StringIO()):
                for _ in range(args.repeat):
                    audit.append(timed(partial(audit_text, text)))
                    text_review.append(timed(partial(review_text, text)))
                    json_review.append(timed(partial(review_data, text)))
            for _ in range(max(3, args.repeat // 3)):
                audit_cmd.append(command("audit", "--json", str(path)))
                review_cmd.append(command("review", "-f", str(path)))
                json_cmd.append(command("review", "--json", "-f", str(path)))
            a, r, j = (min(x) * 1000 for x in (audit, text_review, json_review))
            ac, rc, jc = (min(x) * 1000 for x in (audit_cmd, review_cmd, json_cmd))
            worst = max(worst, r / a, j / a, rc / ac, jc / ac)
            print(f"{preset}, {len(players)} players, {ROUNDS} rounds, about {moves} moves, {len(text) / 1024:.0f} KB")
            print(f"  in process: audit {a:.1f} ms, review {r:.1f} ms ({r / a:.2f}x), review --json {j:.1f} ms ({j / a:.2f}x)")
            print(f"  commands:   audit {ac:.0f} ms, review {rc:.0f} ms ({rc / ac:.2f}x), ", end="")
            print(f"review --json {jc:.0f} ms ({jc / ac:.2f}x)")
    print(f"the review at most {worst:.2f}x the audit (allowed: 2x)")


if __name__ == "__main__":
    main()
