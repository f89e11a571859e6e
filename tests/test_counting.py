"""A way of counting is one rule (engine/counting.py) that everything which scores follows:
the layout's scores, the review's tables and its best plays. Proved with a counting made
only here, multiples of three as well as five, plugged in where docs/development.md's
recipe ("A counting option") says: the rules' `counting`."""

import random

import pytest

from scorepad.engine.counting import FIVES, Counting, play_score
from scorepad.engine.game import Game
from scorepad.engine.layout import MAX_END_SUM, NO_END, Layout, Tables, tables_for
from scorepad.engine.notation import Play
from scorepad.engine.review import review_game
from scorepad.engine.rules import PRESETS, Rules
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import ALL_TILES, HIGHEST_PIP, Tile, mask_of


def threes_and_fives(end_sum: int) -> int:
    return end_sum if end_sum > 0 and (end_sum % 5 == 0 or end_sum % 3 == 0) else 0


THREES_AND_FIVES = Counting("threes-and-fives", threes_and_fives)


class ThreesAndFivesRules(Rules):
    """The recipe's one change to the rules: which counting they name."""

    counting = THREES_AND_FIVES  # type: ignore[assignment]


def rules_counting(counting_rules: type[Rules], preset: str = "pagat") -> Rules:
    return counting_rules.from_options(preset)


def test_every_preset_counts_fives():
    assert {rules.counting for rules in PRESETS.values()} == {FIVES}
    assert FIVES.score is play_score


def test_the_plays_score_by_the_rules_counting():
    game = Game(["Ann", "Bob"], rules_counting(ThreesAndFivesRules), opener="Ann")
    assert game.push(Play("Ann", Tile(2, 1))).score == 3  # 2 + 1: a multiple of three
    assert game.push(Play("Bob", Tile(1, 1), game.current.layout.resolve_end(Tile(1, 1), None))).score == 0  # 2 + 2 = 4
    fives = Game(["Ann", "Bob"], PRESETS["pagat"], opener="Ann")
    assert fives.push(Play("Ann", Tile(2, 1))).score == 0


def brute_best(layout: Layout, hand: list[Tile], score) -> int:
    return max((score(p.end_sum) for t in hand for p in layout.placements(t)), default=0)


@pytest.mark.parametrize("counting", [FIVES, THREES_AND_FIVES], ids=lambda c: c.name)
def test_the_tables_are_the_countings_own(counting):
    """Every table is what the counting's `score` says, for every end number and base."""
    tables = tables_for(counting)
    assert tables.scored == [counting.score(s) for s in range(MAX_END_SUM + 1)]
    for n in range(HIGHEST_PIP + 1):
        for base in range(MAX_END_SUM + 1):
            joined = {t.id: (n * 2 if t.is_double else t.b if t.a == n else t.a) for t in ALL_TILES if n in (t.a, t.b)}
            scoring, highest = tables.best_at[n][base]
            assert scoring == sum(1 << t for t, c in joined.items() if counting.score(base + c) > 0)
            for held, most in highest.items():
                assert most == max(counting.score(base + c) for t, c in joined.items() if held >> t & 1)
            by_score = tables.reaching[n][base]
            assert by_score == {
                s: sum(1 << t for t, c in joined.items() if counting.score(base + c) == s)
                for s in {counting.score(base + c) for c in joined.values()}
            }
    assert tables.best_at[NO_END][0] == (0, {})


def test_a_changed_rule_changes_the_tables():
    assert tables_for(THREES_AND_FIVES).scored[9] == 9 and tables_for(FIVES).scored[9] == 0
    assert isinstance(tables_for(THREES_AND_FIVES), Tables) and tables_for(THREES_AND_FIVES) is tables_for(THREES_AND_FIVES)


@pytest.mark.parametrize("counting_rules", [Rules, ThreesAndFivesRules], ids=["fives", "threes-and-fives"])
def test_the_review_weighs_each_play_by_the_rules_counting(counting_rules):
    """Over simulated games, every play's best is the most any known tile would have scored
    under the round's counting, worked out placement by placement; and a game under the
    other counting is reviewed differently."""
    rules = rules_counting(counting_rules)
    score = rules.counting.score
    rng = random.Random(7)
    plays = differ = 0
    for _ in range(6):
        game = play_game(["Ann", "Bob", "Cy"], rules, rng, max_rounds=3)
        for r, reviewed in zip([r for r in game.rounds if r.moves], review_game(game), strict=True):
            assert r.layout.counting == rules.counting
            for play in reviewed.plays:
                options = play.options
                assert play.best.score == max(s for _t, _e, s in options)
                assert play.scored == score(r.sums[sum(isinstance(m, Play) for m in r.moves[: play.move - 1])])
                if play.scored != play_score(r.sums[sum(isinstance(m, Play) for m in r.moves[: play.move - 1])]):
                    differ += 1
                plays += 1
    assert plays > 100
    assert (differ > 0) == (counting_rules is ThreesAndFivesRules)


def test_best_of_is_the_best_placement_under_either_counting():
    rng = random.Random(3)
    for counting in (FIVES, THREES_AND_FIVES):
        for _ in range(200):
            layout = Layout(True, counting)
            tiles = list(ALL_TILES)
            rng.shuffle(tiles)
            for tile in tiles[: rng.randrange(1, 10)]:
                ends = [None] if not layout.placed else layout.ends_for(tile)
                if ends:
                    layout.place(tile, ends[0] if ends[0] is None else rng.choice(ends))
            hand = [t for t in tiles[10:17] if not layout.on_table(t)]
            assert layout.ends().best_of(mask_of(hand)) == brute_best(layout, hand, counting.score)
