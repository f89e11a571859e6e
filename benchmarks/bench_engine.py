"""Engine speed: random hands simulated per second, and written moves replayed per second.

    python benchmarks/bench_engine.py [--seconds S]

Simulation: whole random games (every preset, 2, 3 and 4 players) played by
scorepad.simulate, counting rounds (hands dealt and played out, hands entered).
Replay: the moves of those games written out as text, then parsed and pushed into a
fresh Game with the remaining hands entered, as reading a record does.
Each figure is the best of three runs, on one core (the engine is single-threaded).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from scorepad.game import Game
from scorepad.notation import parse_move
from scorepad.rules import PRESETS
from scorepad.simulate import play_game
from scorepad.tiles import ALL_TILES

NAMES = ["Ann", "Bob", "Cy", "Dee"]
TABLES = [(preset, n) for preset in PRESETS for n in (2, 3, 4)]


def simulate(seconds: float, seed: int) -> tuple[float, list]:
    rng = random.Random(seed)
    games, rounds = [], 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for preset, n in TABLES:
            game = play_game(NAMES[:n], PRESETS[preset], rng)
            games.append(game)
            rounds += sum(1 for r in game.rounds if r.hands is not None or r.moves)
    return rounds / (time.perf_counter() - start), games


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
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each run")
    args = parser.parse_args()
    assert len(ALL_TILES) == 28
    best_sim, best_replay, games = 0.0, 0.0, []
    for run in range(3):
        rate, games = simulate(args.seconds, seed=run)
        best_sim = max(best_sim, rate)
    records = [written(g) for g in games]
    for _ in range(3):
        rate, moves = replay(records)
        best_replay = max(best_replay, rate)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"simulated: {best_sim:,.0f} random hands (rounds) per second")
    print(f"replayed:  {best_replay:,.0f} written moves per second ({moves:,} moves, {len(records)} games)")


if __name__ == "__main__":
    main()
