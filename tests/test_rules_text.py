"""docs/rules.md's worked examples, each literally, through the whole game (plays pushed,
hands entered); and the corners the rules text settles: hands in mixed forms, the opener
after a domino, the `difference` award."""

from fractions import Fraction

import pytest

from conftest import play_all
from scorepad import Game, Rules
from scorepad.engine.scoring import hand_award, round5
from scorepad.engine.tiles import parse_tiles
from scorepad.errors import InvalidHandsError
from scorepad.record.format import audit_text, loads


def sums_and_scores(game: Game, *moves: str) -> list[tuple[int, int]]:
    return [(out.end_sum, out.score) for out in play_all(game, *moves)]


# --- the play examples -------------------------------------------------------------------------


def test_pagats_nine_move_example():
    g = Game(["Ann", "Bob"], Rules.from_options("pagat"), opener="Ann")
    got = sums_and_scores(
        g,
        "Ann: 1-4",
        "Bob: 1-1 W",
        "Ann: 4-4 E",
        "Bob: 4-3 E",
        "Ann: 2-1 W",
        "Bob: 1-5 N",
        "Ann: 5-5 N",
        "Bob: 5-0 N",
        "Ann: 1-3 S",
    )
    assert got == [(5, 5), (6, 0), (10, 10), (5, 5), (5, 5), (10, 10), (15, 15), (5, 5), (8, 0)]
    assert g.scores == [5 + 10 + 5 + 15 + 0, 0 + 5 + 10 + 5]


def test_seed_000_spinner_played_on_an_end():
    g = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")
    assert sums_and_scores(g, "Ann: 3-6", "Bob: 6-6 E", "Cy: 6-2 E") == [(9, 0), (15, 15), (5, 5)]


@pytest.mark.parametrize("lead", ["5-5", "6-4"])
def test_seed_003_leads_that_score_ten(lead):
    g = Game(["Ann", "Bob"], Rules.from_options("two-ends"), opener="Ann")
    assert sums_and_scores(g, f"Ann: {lead}") == [(10, 10)]


def test_seed_003_double_six_at_one_end_and_three_at_the_other():
    g = Game(["Ann", "Bob"], Rules.from_options("two-ends"), opener="Ann")
    assert sums_and_scores(g, "Ann: 3-6", "Bob: 6-6 E") == [(9, 0), (15, 15)]


def test_seed_003_hand_rounding():
    assert (round5(12), round5(13)) == (10, 15)


def test_fosters_hoyle_example():
    g = Game(["Ann", "Bob"], Rules.from_options("two-ends"), opener="Ann")
    got = sums_and_scores(g, "Ann: 5-5", "Bob: 5-0 E", "Ann: 0-0 E", "Bob: 5-6 W", "Ann: 0-4 E")
    assert got == [(10, 10), (10, 10), (10, 10), (6, 0), (10, 10)]


# --- the hand examples -------------------------------------------------------------------------

THREE = ((0,), (1,), (2,))


def test_domino_by_ann_bob_8_cy_9():
    assert hand_award(Rules.from_options("pagat"), THREE, [0, 8, 9], 0).points == (15, 0, 0)
    assert hand_award(Rules.from_options("two-ends"), THREE, [0, 8, 9], 0).points == (20, 0, 0)


def test_blocked_pagat_ann_4_bob_4_cy_13():
    award = hand_award(Rules.from_options("pagat"), THREE, [4, 4, 13], None)
    assert award.points == (Fraction(15, 2), Fraction(15, 2), 0) and award.winner is None


def test_blocked_fuenfer_three_players_ann_6_bob_13_cy_22():
    award = hand_award(Rules.from_options("fuenfer"), THREE, [6, 13, 22], None)
    assert award.points == (30, 0, 0) and award.winner == 0  # round5(13 + 22 - 6)
    assert award.why == "round5(13 + 22 - 6)"


def test_blocked_two_ends_three_players_ann_6_bob_13_cy_22():
    award = hand_award(Rules.from_options("two-ends"), THREE, [6, 13, 22], None)
    assert award.points == (30, 0, 0)  # 15 + 20 - 5


def test_blocked_fuenfer_four_single_players():
    award = hand_award(Rules.from_options("fuenfer"), ((0,), (1,), (2,), (3,)), [6, 13, 22, 9], None)
    assert award.points == (40, 0, 0, 0)  # round5(44 - 6)


def test_the_same_blocked_hands_entered_in_a_fuenfer_game():
    g = Game(["Ann", "Bob", "Cy"], Rules.from_options("fuenfer", deal=[7, 7, 7]), opener="Ann")
    play_all(g, "Ann: 6-6", "Bob: draw 7", "Bob: pass", "Cy: pass", "Ann: pass")
    # The boneyard is empty, so the hands hold every tile off the table: 156 pips.
    g.end_round({"Ann": 12, "Bob": 100, "Cy": 44})
    assert g.scores == [130, 0, 0]  # round5(100 + 44 - 12) = round5(132)


def test_domino_in_a_fuenfer_partnership_the_domino_maker_leads_next():
    """docs/rules.md: domino by Ann, Ann's partner Cy holds 0-0 (no pips, like Ann): Ann leads."""
    rules = Rules.from_options("fuenfer", partners=True, deal=[7, 5, 2])
    g = Game(["Ann", "Bob", "Cy", "Dee"], rules, opener="Ann")
    play_all(g, "Ann: 6-6", "Bob: 6-3 E", "Cy: 6-0 W", "Dee: 3-3 E", "Ann: 6-5 N")
    assert g.current.result == "domino"
    g.end_round({"Bob": parse_tiles("4-2"), "Cy": parse_tiles("0-0"), "Dee": parse_tiles("5-1")})
    assert g.scores == [10 + 0, 15]  # round5(6 + 6) for Ann and Cy; Bob's 6-3 scored 15
    assert g.current.opener == 0 and g.turn == "Ann"


@pytest.mark.parametrize("next_opener", ["domino-maker", "round-winner"])
def test_after_a_domino_the_domino_maker_leads_under_both_rules(next_opener):
    rules = Rules.from_options("pagat", partners=True, deal=[7, 5, 2], next_opener=next_opener)
    g = Game(["Ann", "Bob", "Cy", "Dee"], rules, opener="Ann")
    play_all(g, "Ann: 6-6", "Bob: 6-3 E", "Cy: 6-0 W", "Dee: 3-3 E", "Ann: 6-5 N")
    g.end_round({"Bob": 6, "Cy": 0, "Dee": 6})
    assert g.current.opener == 0


# --- hands in every form a table may enter them ---------------------------------------------------

# two-ends, two players, all 28 tiles dealt: every 0 is played and both ends show 0, so the
# round is blocked. The 18 tiles left (126 pips) are in the two hands.
BLOCKED_ZEROS = [
    "Ann: 0-0",
    "Bob: 0-1 E",
    "Ann: 1-2 E",
    "Bob: 2-0 E",
    "Ann: 0-3 E",
    "Bob: 3-4 E",
    "Ann: 4-0 E",
    "Bob: 0-5 E",
    "Ann: 5-6 E",
    "Bob: 6-0 E",
    "Ann: pass",
    "Bob: pass",
]
ANN = "1-1 1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5"  # 46 pips
BOB = "2-6 3-3 3-5 3-6 4-4 4-5 4-6 5-5 6-6"  # 80 pips


def blocked_zeros() -> Game:
    g = Game(["Ann", "Bob"], Rules.from_options("two-ends", deal=[14, 5, 5], first_opener="lot"), opener="Ann")
    play_all(g, *BLOCKED_ZEROS)
    assert g.current.result == "blocked" and g.scores == [0, 5]
    return g


@pytest.mark.parametrize(
    "hands",
    [
        {"Ann": ANN, "Bob": BOB},
        {"Ann": 46, "Bob": 80},
        {"Ann": ANN, "Bob": 80},  # mixed: refused before (the 46 pips counted twice)
        {"Ann": 46, "Bob": BOB},
    ],
)
def test_hands_in_any_mix_of_tiles_and_pips(hands):
    g = blocked_zeros()
    g.end_round({name: h if isinstance(h, int) else parse_tiles(h) for name, h in hands.items()})
    assert g.scores == [80 - 45, 5]  # rounded-sides-minus-own: round5(80) - round5(46)


def test_a_record_with_mixed_hands_reads_and_audits_clean():
    moves = ",\n".join(f'  "{m}"' for m in BLOCKED_ZEROS)
    text = (
        'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\npreset = "two-ends"\n'
        'deal = [14, 5, 5]\nfirst_opener = "lot"\n\n[[rounds]]\nopener = "Ann"\n'
        f'moves = [\n{moves},\n]\nhands = {{ Ann = "{ANN}", Bob = 80 }}\n'
        "points = { Ann = 35, Bob = 5 }\n"
    )
    assert loads(text).game.scores == [35, 5]
    assert audit_text(text).problems == []


def test_the_hands_command_takes_tiles_for_one_player_and_pips_for_the_other(tmp_path):
    from tests.helpers import run

    moves = ",\n".join(f'  "{m}"' for m in BLOCKED_ZEROS)
    path = tmp_path / "g.toml"
    path.write_text(
        'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n\n[rules]\npreset = "two-ends"\n'
        'deal = [14, 5, 5]\nfirst_opener = "lot"\n\n[[rounds]]\nopener = "Ann"\n'
        f"moves = [\n{moves},\n]\n"
    )
    result = run("hands", "-f", path, "Ann=" + ANN.replace(" ", ","), "Bob=80", width=80)
    assert result.exit_code == 0, result.output
    assert "Ann +35: blocked, Ann holds the fewest pips: round5(Bob 80) - round5(Ann 46)" in result.output
    assert f'[rounds.hands]\nAnn = "{ANN}"\nBob = 80\n' in path.read_text()


def test_pip_totals_together_must_fit_the_tiles_nobody_has_named():
    """Each total alone fits (9 tiles of the 18 left can hold 46 or 81 pips), but the two
    hands hold all 18 tiles, 126 pips, not 127 (decision: the totals are bounded together)."""
    g = blocked_zeros()
    with pytest.raises(
        InvalidHandsError, match="the pip totals add up to 127 pips in 18 tiles: the tiles nobody has named allow only 126"
    ):
        g.end_round({"Ann": 46, "Bob": 81})


def test_a_hand_worth_zero_pips_and_an_empty_hand_given_as_zero():
    rules = Rules.from_options("pagat", partners=True, deal=[7, 5, 2])
    g = Game(["Ann", "Bob", "Cy", "Dee"], rules, opener="Ann")
    play_all(g, "Ann: 6-6", "Bob: 6-3 E", "Cy: 6-0 W", "Dee: 3-3 E", "Ann: 6-5 N")
    g.end_round({"Ann": 0, "Bob": parse_tiles("4-2"), "Cy": 0, "Dee": 6})
    assert g.scores == [10, 15]
