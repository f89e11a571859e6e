"""The repair search (engine/repair.py): how long it takes, and how often it finds the slip.

    python benchmarks/bench_repair.py [--rounds N] [--per-kind N] [--seed S]

Time: rounds of at least 40 moves from random two-player `two-ends` games (many draws),
cut after their 40th move; the refused input is a draw of one tile more than the boneyard
holds. No change of the kinds searched explains it, so the search tries every single
change and then pairs up to its budget of replayed moves: the slowest a search on such a
round can be (a search that finds a single change never tries pairs). Each round is timed
five times; the best, the median and the worst of those bests are printed in milliseconds.

Slips: recorder's slips injected into random real games (tests/slips.py, the same seed and
sample as tests/test_repair.py): per kind, how many were revealed, how often the true repair
is among the suggestions and first, how often exactly the slip undone, and the search time.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from scorepad.engine.game import Game
from scorepad.engine.notation import Draw
from scorepad.engine.repair import _state_key, search
from scorepad.engine.rules import PRESETS
from scorepad.engine.simulate import play_round

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import slips  # the tests' slip injector, not an installed module

MOVES = 40


def long_rounds(count: int, seed: int) -> list[Game]:
    """Games whose current round holds exactly MOVES moves and is still being played."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Game(["Ann", "Bob"], PRESETS["two-ends"])
        while game.winner is None and len(found) < count:
            play_round(game, rng)
            r = game.rounds[-2] if game.winner is None else game.current
            if len(r.moves) > MOVES:
                cut = Game(["Ann", "Bob"], PRESETS["two-ends"])
                for before in game.rounds[: r.number - 1]:
                    for move in before.moves:
                        cut.push(move)
                    assert before.hands is not None
                    cut.end_round({game.players[p]: h for p, h in before.hands.items()})
                for move in r.moves[:MOVES]:
                    cut.push(move)
                if cut.turn is not None and cut.winner is None:
                    found.append(cut)
    return found


def timed(game: Game, refused, repeat: int = 5) -> tuple[float, int]:
    best, found = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        found = len(search(game, refused))
        best = min(best, time.perf_counter() - start)
    return best, found


def bench_time(rounds: int, seed: int) -> None:
    games = long_rounds(rounds, seed)
    times, offered = [], 0
    for game in games:
        turn = game.turn
        assert turn is not None
        seconds, found = timed(game, Draw(turn, game.current.boneyard + 1))
        times.append(seconds * 1000)
        offered += bool(found)
    times.sort()
    print(
        f"{MOVES}-move rounds, a draw of one tile too many (no change explains it): best {times[0]:.1f} ms, "
        f"median {statistics.median(times):.1f} ms, worst {times[-1]:.1f} ms ({len(times)} rounds; repairs offered in {offered})"
    )


def bench_slips(per_kind: int, seed: int) -> None:
    rows: dict[str, list] = defaultdict(list)
    for case in slips.cases(seed, per_kind):
        start = time.perf_counter()
        repairs = search(case.record, case.refused)
        spent = time.perf_counter() - start
        true_game = case.record.fork(with_undo=True)
        for _move in case.slipped:
            true_game.pop()
        for move in case.truth:
            true_game.push(move)
        if not isinstance(case.refused, dict):
            true_game.push(case.refused)
        truth = _state_key(true_game)
        rank, exact = None, False
        for k, repair in enumerate(repairs):
            moves = list(case.record.current.moves)
            for command in repair.commands:
                for at, move in command.at:
                    if command.action == "insert":
                        moves.insert(at - 1, move)
                    else:
                        moves[at - 1] = move
            game = case.record.fork(with_undo=True)
            for _move in case.slipped:
                game.pop()
            for move in moves:
                game.push(move)
            if not isinstance(case.refused, dict):
                game.push(case.refused)
            if _state_key(game) == truth:
                rank, exact = k, [str(m) for m in moves] == [str(m) for m in case.truth]
                break
        rows[case.kind].append((rank, exact, len(repairs), spent))
    print(f"slips (seed {seed}, {per_kind} revealed per kind):")
    print("kind    cases  offered  first  exact  at most  mean ms  worst ms")
    everything = []
    for kind in slips.KINDS:
        everything += rows[kind]
        _line(kind, rows[kind])
    _line("all", everything)


def _line(kind: str, rows: list) -> None:
    n = len(rows)
    offered = sum(rank is not None for rank, *_rest in rows)
    first = sum(rank == 0 for rank, *_rest in rows)
    exact = sum(bool(e) for _rank, e, *_rest in rows)
    most = max(offered_ for _r, _e, offered_, _s in rows)
    spent = [s * 1000 for *_rest, s in rows]
    print(
        f"{kind:<7} {n:>5}  {100 * offered / n:>6.0f}%  {100 * first / n:>4.0f}%  {100 * exact / n:>4.0f}%"
        f"  {most:>7}  {statistics.mean(spent):>7.1f}  {max(spent):>8.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-kind", type=int, default=40)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    bench_time(args.rounds, args.seed)
    bench_slips(args.per_kind, args.seed)


if __name__ == "__main__":
    main()
