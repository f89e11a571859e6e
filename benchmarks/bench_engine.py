"""Engine speed: random hands simulated per second, and written moves replayed per second.

    python benchmarks/bench_engine.py [--seconds S]

Simulation: whole random games (every preset, 2, 3 and 4 players) played by
scorepad.engine.simulate, counting rounds (hands dealt and played out, hands entered).
Replay: the moves of those games written out as text, then parsed and pushed into a
fresh Game with the remaining hands entered, as reading a record does.
Each figure is given as the best and the median of five runs, on one core (the engine is
single-threaded). The shared development machine's speed drifts by up to half between
minutes, so the best run is what the code does when the core is not disturbed.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from scorepad.engine.game import Game
from scorepad.engine.notation import parse_move
from scorepad.engine.rules import PRESETS
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import ALL_TILES

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "at least 5,000 random hands (rounds) simulated a second on one core, and at least "
    "100,000 written moves replayed (parsed and pushed) a second"
)

NAMES = ["Ann", "Bob", "Cy", "Dee"]
TABLES = [(preset, n) for preset in PRESETS for n in (2, 3, 4)]


def simulate(seconds: float, seed: int) -> tuple[float, list]:
    """Rounds per second, and the games as records (kept as text, as a record holds them:
    keeping whole Game objects alive would make the garbage collector the benchmark)."""
    rng = random.Random(seed)
    records, rounds, spent = [], 0, 0.0
    while spent < seconds:
        for preset, n in TABLES:
            start = time.perf_counter()
            game = play_game(NAMES[:n], PRESETS[preset], rng)
            spent += time.perf_counter() - start
            rounds += sum(1 for r in game.rounds if r.hands is not None or r.moves)
            records.append(written(game))
    return rounds / spent, records


def written(game: Game) -> list:
    """A game as a record holds it: rules, players, and per round the opener, the moves
    as text and the remaining hands."""
    rounds = []
    for r in game.rounds:
        hands = None
        if r.hands is not None:
            hands = {game.players[p]: h for p, h in r.hands.items()}
        rounds.append((game.players[r.opener] if r.opener is not None else None, [str(m) for m in r.moves], hands))
    return [game.players, game.rules, rounds]


def replay(records: list) -> tuple[float, int]:
    moves = 0
    start = time.perf_counter()
    for players, rules, rounds in records:
        game = Game(players, rules)
        for _opener, texts, hands in rounds:
            for text in texts:
                game.push(parse_move(text))
            moves += len(texts)
            if hands is not None:
                game.end_round(hands)
    return moves / (time.perf_counter() - start), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run")
    args = parser.parse_args()
    assert len(ALL_TILES) == 28
    sims, replays, records = [], [], []
    for run in range(5):
        rate, records = simulate(args.seconds, seed=run)
        sims.append(rate)
    for _ in range(5):
        rate, moves = replay(records)
        replays.append(rate)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {args.seconds:g} s per run")
    print(f"simulated: best {max(sims):,.0f}, median {statistics.median(sims):,.0f} random hands (rounds) per second")
    print(
        f"replayed:  best {max(replays):,.0f}, median {statistics.median(replays):,.0f} written moves per second"
        f" ({moves:,} moves, {len(records)} games)"
    )


if __name__ == "__main__":
    main()
