"""A way of counting is one rule (engine/counting.py) that everything which scores follows:
the layout's scores, the review's tables and its best plays. Proved with a counting made
only here, multiples of three as well as five, plugged in where docs/development.md's
recipe ("A counting option") says: the rules' `counting_rule` in process, and declared in
`COUNTINGS` before the command line is imported, where `new`, its help, `rules` and the
plays follow it."""

import doctest
import random
import subprocess
import sys

import pytest
from tests.helpers import flat

from scorepad.engine import counting as counting_module
from scorepad.engine.counting import COUNTINGS, FIVES, Counting, play_score
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

    counting_rule = THREES_AND_FIVES  # type: ignore[assignment]


def rules_counting(counting_rules: type[Rules], preset: str = "pagat") -> Rules:
    return counting_rules.from_options(preset)


def test_every_preset_counts_fives():
    assert {rules.counting_rule for rules in PRESETS.values()} == {FIVES}
    assert FIVES.score is play_score and next(iter(COUNTINGS.values())) is FIVES


def test_every_way_of_counting_is_declared_with_its_worked_examples_and_words():
    """The recipe's worked example is the rule's own doctest; a counting without one, or
    without words for `scorepad rules`, fails here."""
    for name, counting in COUNTINGS.items():
        assert counting.name == name and counting.words, name
        assert ">>>" in (counting.score.__doc__ or ""), f"{name}: its score has no worked example"
    failed, tried = doctest.testmod(counting_module)
    assert not failed and tried >= len(COUNTINGS)


def test_the_plays_score_by_the_rules_counting():
    game = Game(["Ann", "Bob"], rules_counting(ThreesAndFivesRules), opener="Ann")
    assert game.push(Play("Ann", Tile(2, 1))).score == 3  # 2 + 1: a multiple of three
    assert game.push(Play("Bob", Tile(1, 1), game.current.layout.resolve_end(Tile(1, 1), None))).score == 0  # 2 + 2 = 4
    fives = Game(["Ann", "Bob"], PRESETS["pagat"], opener="Ann")
    assert fives.push(Play("Ann", Tile(2, 1))).score == 0


def test_a_move_taken_back_lays_the_round_again_by_the_rules_counting():
    """`pop` deals the round again and replays its moves: by the rules' counting, so the
    plays left score as they did."""
    game = Game(["Ann", "Bob"], rules_counting(ThreesAndFivesRules), opener="Ann")
    game.push(Play("Ann", Tile(2, 1)))  # 3: a multiple of three
    game.push(Play("Bob", Tile(1, 1), game.current.layout.resolve_end(Tile(1, 1), None)))
    game.pop()
    assert game.current.layout.counting is THREES_AND_FIVES and game.scores == [3, 0]
    assert game.push(Play("Bob", Tile(1, 1), game.current.layout.resolve_end(Tile(1, 1), None))).score == 0


def brute_best(layout: Layout, hand: list[Tile], score) -> int:
    return max((score(p.end_sum) for t in hand for p in layout.placements(t)), default=0)


@pytest.mark.parametrize("counting", [*COUNTINGS.values(), THREES_AND_FIVES], ids=lambda c: c.name)
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
    score = rules.counting_rule.score
    rng = random.Random(7)
    plays = differ = 0
    for _ in range(6):
        game = play_game(["Ann", "Bob", "Cy"], rules, rng, max_rounds=3)
        for r, reviewed in zip([r for r in game.rounds if r.moves], review_game(game), strict=True):
            assert r.layout.counting == rules.counting_rule
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


RECIPE = """
import sys
from scorepad.engine import counting
counting.COUNTINGS["threes-and-fives"] = counting.Counting(
    "threes-and-fives", lambda s: s if s > 0 and (s % 3 == 0 or s % 5 == 0) else 0, "multiples of three or five score"
)
from typer.testing import CliRunner
from scorepad.cli.app import app
runner = CliRunner()
for args in (["new", "--help"], ["new", "-p", "Ann,Bob", "--counting", "threes-and-fives", "--opener", "Ann", "-f", sys.argv[1]],
             ["rules", "-f", sys.argv[1]], ["play", "2-1", "-f", sys.argv[1]]):
    result = runner.invoke(app, args, env={"COLUMNS": "200", "SCOREPAD_LANG": "en"}, prog_name="scorepad")
    print(result.exit_code, result.output)
"""


def test_a_way_of_counting_declared_in_counting_py_alone_reaches_the_command_line(tmp_path):
    """The recipe's one place: a counting added to `COUNTINGS` before anything else is
    imported becomes the option `counting` of the rules, `new --counting` with its choices
    and help, a key of the record, a line of `scorepad rules` and the plays' scores."""
    record = tmp_path / "game.toml"
    shown = flat(subprocess.run([sys.executable, "-c", RECIPE, str(record)], capture_output=True, text=True, check=True).stdout)
    choices = " | ".join([*COUNTINGS, "threes-and-fives"])
    assert f"--counting <{choices}>" in shown and counting_module.HELP in shown
    assert 'counting = "threes-and-fives"' in record.read_text()
    assert "counting multiples of three or five score (changed)" in shown
    assert "Ann 2-1 (lead) +3: 2 + 1 = 3" in shown
