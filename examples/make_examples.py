"""Writes the example records: whole games played by the simulator from fixed seeds, chosen
so that each shows what its name says. Run from the repository root:

    python examples/make_examples.py
"""

from __future__ import annotations

import random
from pathlib import Path

from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import dumps

HERE = Path(__file__).parent


def first(players, rules, wanted, careless=0.0):
    """The first seed whose game has what `wanted` looks for."""
    for seed in range(10_000):
        game = play_game(players, rules, random.Random(seed), careless=careless)
        if wanted(game):
            return game
    raise SystemExit(f"no seed found for {rules}")


def split_at_the_end(game):
    last = game.current
    return last.award is not None and last.award.winner is None and any(p % 1 for p in last.award.points)


def missed_called_and_uncalled(game):
    called = any(c.source == "muggins" for r in game.rounds for c in r.credits)
    uncalled = any(r.uncalled for r in game.rounds)
    return called and uncalled


EXAMPLES = {
    "demo.toml": (["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=100), lambda g: len(g.rounds) >= 3, 0.0),
    "pagat-partners.toml": (["Ann", "Bob", "Cy", "Dee"], Rules.from_options("pagat"), lambda g: True, 0.0),
    "pagat-split.toml": (["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=100), split_at_the_end, 0.0),
    "two-ends.toml": (["Ann", "Bob"], Rules.from_options("two-ends"), lambda g: True, 0.0),
    "fuenfer.toml": (["Ann", "Bob", "Cy", "Dee"], Rules.from_options("fuenfer"), lambda g: True, 0.0),
    "muggins.toml": (["Ann", "Bob"], Rules.from_options("pagat", muggins=True, target=150), missed_called_and_uncalled, 0.3),
}

if __name__ == "__main__":
    for name, (players, rules, wanted, careless) in EXAMPLES.items():
        (HERE / name).write_text(dumps(first(players, rules, wanted, careless)), encoding="utf-8")
        print("wrote", name)
