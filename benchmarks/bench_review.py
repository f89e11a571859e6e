"""Reviewing a whole 25-round game against auditing it, side by side in one run.

    python benchmarks/bench_review.py [--repeat N]

For each preset, one random game of 25 rounds (the simulator's, the hands entered as tiles,
so most plays have a known hand and a known reply to work out) is written by scorepad to a
file. Like is set against like, the review's output against the audit's:

    scorepad review -f FILE          against  scorepad audit FILE
    scorepad review --json -f FILE   against  scorepad audit --json FILE

In process: each command's own body (cli/commands/checking.py), as the app calls it once
Python has started and the command is parsed: the file read, the replay, the review or the
audit, and the output written (to memory). Processor time; the fastest of alternating runs
counts (the machine is shared: a slower run measures the others' load). As commands: the
same pairs as whole processes, start-up included (what a player waits for). The review must
stay within 2x its audit (docs/review.md, "Speed").

    valgrind --tool=callgrind python benchmarks/bench_review.py --count review-json --preset pagat

runs one side (`none`, `audit`, `audit-json`, `review`, `review-json`) five times on one game
and times nothing: callgrind's count of instructions, less that of `none`, is a measure the
machine's load does not move. Every side first runs all four once on a one-round game, so
that what Python imports and compiles on the first run is in `none` too.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

import typer

from scorepad.cli.commands import checking
from scorepad.engine.counting import play_score
from scorepad.engine.game import Game
from scorepad.engine.notation import Draw, Pass, Play
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import ALL_TILES
from scorepad.record.format import dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "the review within 2x its audit, like for like, in process and as whole commands"

TABLES = {"pagat": ["Ann", "Bob", "Cy"], "two-ends": ["Ann", "Bob", "Cy", "Dee"], "fuenfer": ["Ann", "Bob"]}
ROUNDS = 25
SIDES = ("audit", "review", "audit-json", "review-json")


def record(preset: str, players: list[str], seed: int = 25, play: str = "random") -> str:
    # A target no game reaches, so the game is 25 whole rounds.
    rules = Rules.from_options(preset, target=100_000)
    if play == "greedy":
        game = greedy_game(players, rules, random.Random(seed))
    else:
        game = play_game(players, rules, random.Random(seed), max_rounds=ROUNDS)
    assert game.played_count() == ROUNDS, game.played_count()
    return dumps(game)


def greedy_game(players: list[str], rules: Rules, rng: random.Random) -> Game:
    """25 rounds in which every player makes the best-scoring play they hold (the first of
    a tie), draws only when nothing fits, and leads their best tile: closer to a table than
    the simulator's random plays, and a second generator for the goal. Written here, apart
    from engine/simulate.py; the hands left are entered as tiles."""
    game = Game(players, rules)
    for _ in range(ROUNDS):
        r = game.current
        deck = list(ALL_TILES)
        rng.shuffle(deck)
        hands = [deck[p * game.deal : (p + 1) * game.deal] for p in range(len(players))]
        boneyard = deck[len(players) * game.deal :]
        if r.opener is None:
            if r.opener_rule == "highest-double":
                doubled = [p for p, hand in enumerate(hands) if any(t.is_double for t in hand)]
                opener = max(doubled, key=lambda p: max(t.a for t in hands[p] if t.is_double)) if doubled else 0
            else:
                opener = rng.randrange(len(players))
        else:
            opener = r.opener
        if r.opener_rule == "highest-double" and any(t.is_double for t in hands[opener]):
            lead = max((t for t in hands[opener] if t.is_double), key=lambda t: t.a)
        else:
            lead = max(hands[opener], key=lambda t: (play_score(t.pips), t.pips))
        hands[opener].remove(lead)
        game.push(Play(players[opener], lead))
        while r.result is None and game.winner is None:
            p = r.turn
            assert p is not None
            options = [(placing.score, tile, placing.end) for tile in hands[p] for placing in r.layout.placements(tile)]
            drawn = 0
            while not options and boneyard:
                tile = boneyard.pop()
                hands[p].append(tile)
                drawn += 1
                options = [(placing.score, tile, placing.end) for placing in r.layout.placements(tile)]
            if drawn:
                game.push(Draw(players[p], drawn))
            if not options:
                game.push(Pass(players[p]))
                continue
            _score, tile, end = max(options, key=lambda option: option[0])
            hands[p].remove(tile)
            game.push(Play(players[p], tile, end))
        game.end_round({players[p]: tuple(hand) for p, hand in enumerate(hands) if hand})
    return game


def body(side: str, path: Path) -> Callable[[], None]:
    """The command's own body, as the app calls it: its output goes to memory."""
    as_json = side.endswith("json")

    def run() -> None:
        with redirect_stdout(io.StringIO()):
            try:
                if side.startswith("audit"):
                    checking.audit(records=[path], as_json=as_json, file=path)
                else:
                    checking.review(as_json=as_json, round_=None, file=path)
            except typer.Exit as done:
                assert done.exit_code == 0, (side, done.exit_code)

    return run


def timed(work: Callable[[], object]) -> float:
    """The processor time of `work`: on a shared machine, wall time measures the others too."""
    gc.collect()
    start = time.process_time()
    work()
    return time.process_time() - start


def command(*args: str) -> float:
    scorepad = str(Path(sys.executable).parent / "scorepad")
    start = time.perf_counter()
    subprocess.run([scorepad, *args], stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def arguments(side: str, path: Path) -> list[str]:
    json = ["--json"] if side.endswith("json") else []
    return ["audit", *json, str(path)] if side.startswith("audit") else ["review", *json, "-f", str(path)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--seed", type=int, default=25, help="the seed of each game")
    parser.add_argument(
        "--play", choices=["random", "greedy"], default="random", help="random legal plays (the simulator), or each the best held"
    )
    parser.add_argument("--count", choices=["none", *SIDES], help="run one side five times, untimed")
    parser.add_argument("--preset", choices=list(TABLES), default="pagat")
    args = parser.parse_args()
    os.environ["COLUMNS"] = "80"  # the text review is wrapped to a terminal of 80 columns
    with tempfile.TemporaryDirectory() as folder:
        if args.count:
            warm = Path(folder) / "warm.toml"
            rules = Rules.from_options(args.preset, target=100_000)
            warm.write_text(
                dumps(play_game(TABLES[args.preset], rules, random.Random(args.seed), max_rounds=1)), encoding="utf-8"
            )
            for side in SIDES:
                body(side, warm)()
            path = Path(folder) / "game.toml"
            path.write_text(record(args.preset, TABLES[args.preset], args.seed, args.play), encoding="utf-8")
            if args.count != "none":
                work = body(args.count, path)
                for _ in range(5):
                    work()
            return
        worst = 0.0
        for preset, players in TABLES.items():
            text = record(preset, players, args.seed, args.play)
            path = Path(folder) / f"{preset}.toml"
            path.write_text(text, encoding="utf-8")
            works = {side: body(side, path) for side in SIDES}
            for work in works.values():
                work()  # imports and first-call costs, outside the timing
            spent: dict[str, list[float]] = {side: [] for side in SIDES}
            for _ in range(args.repeat):
                for side in SIDES:
                    spent[side].append(timed(works[side]))
            run: dict[str, list[float]] = {side: [] for side in SIDES}
            for _ in range(max(3, args.repeat // 3)):
                for side in SIDES:
                    run[side].append(command(*arguments(side, path)))
            fast = {side: min(spent[side]) * 1000 for side in SIDES}
            whole = {side: min(run[side]) * 1000 for side in SIDES}
            text_ratio, json_ratio = fast["review"] / fast["audit"], fast["review-json"] / fast["audit-json"]
            text_cmd, json_cmd = whole["review"] / whole["audit"], whole["review-json"] / whole["audit-json"]
            worst = max(worst, text_ratio, json_ratio, text_cmd, json_cmd)
            moves = text.count('",')
            print(f"{preset}, {len(players)} players, {ROUNDS} rounds, about {moves} moves, {len(text) / 1024:.0f} KB")
            print(
                f"  in process: review {fast['review']:.2f} ms / audit {fast['audit']:.2f} ms = {text_ratio:.2f}x; "
                f"--json {fast['review-json']:.2f} / {fast['audit-json']:.2f} ms = {json_ratio:.2f}x"
            )
            print(
                f"  commands:   review {whole['review']:.0f} ms / audit {whole['audit']:.0f} ms = {text_cmd:.2f}x; "
                f"--json {whole['review-json']:.0f} / {whole['audit-json']:.0f} ms = {json_cmd:.2f}x"
            )
        print(f"the review at most {worst:.2f}x its audit (allowed: 2x)")


if __name__ == "__main__":
    main()
