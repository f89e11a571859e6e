"""The review (engine/review.py) against a brute force written from the rules text alone
(tests/review_reference.py) over many random games, the hands entered as tiles, as pips,
mixed, or not at all (a game that ended mid-round)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import random_table, record_text, written_rounds

from review_reference import review_game
from scorepad.engine.review import review_round
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import loads

corners = Counter()


def engine_review(text: str) -> list[list[dict]]:
    game = loads(text).game
    out = []
    for r in game.rounds:
        if not r.moves:
            continue
        plays = []
        for play in review_round(r, game.players).plays:
            plays.append(
                {
                    "move": play.move,
                    "player": game.players[play.player],
                    "scored": play.scored,
                    "known": sorted((min(t.a, t.b), max(t.a, t.b)) for t in play.known),
                    "complete": play.complete,
                    "options": sorted(
                        ((min(tile.a, tile.b), max(tile.a, tile.b)), end.value if end else "", score)
                        for tile, end, score in play.options
                    ),
                    "best": play.best.score,
                    "missed": play.missed,
                    "left": play.left,
                    "best_left": play.best_left,
                    "marks": list(play.marks),
                }
            )
            corners["marked missed"] += "missed" in play.marks
            corners["marked left"] += "left" in play.marks
            corners["a reply known"] += play.left is not None
            corners["a hand known whole"] += play.complete
            corners["a hand known in part"] += not play.complete and len(play.known) > 1
            corners["an arm among the options"] += any(
                end is not None and end.value in "NS" for _tile, end, _score in play.options
            )
        out.append(plays)
    return out


def check_game(seed: int) -> None:
    rng = random.Random(seed)
    options, players = random_table(rng)
    rules = Rules.from_options(options["preset"], **{k: v for k, v in options.items() if k != "preset"})
    game = play_game(players, rules, rng)
    rounds = written_rounds(game, rng)
    text = record_text(options, players, rounds)
    assert engine_review(text) == review_game(options, players, rounds), seed


@pytest.mark.slow
def test_the_review_agrees_with_the_brute_force_over_many_seeded_games():
    corners.clear()
    for seed in range(300):
        check_game(seed)
    for corner in (
        "marked missed",
        "marked left",
        "a reply known",
        "a hand known whole",
        "a hand known in part",
        "an arm among the options",
    ):
        assert corners[corner] > 0, (corner, corners)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(1000, 2**32 - 1))
def test_the_review_agrees_with_the_brute_force(seed):
    check_game(seed)


def test_a_few_games_agree():
    for seed in range(5):
        check_game(seed)
