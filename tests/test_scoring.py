"""Hand points: a table of cases for every value of every award and tie option."""

from fractions import Fraction

import pytest

from scorepad import Rules
from scorepad.engine.counting import play_score
from scorepad.engine.scoring import hand_award, round5

TWO = ((0,), (1,))
THREE = ((0,), (1,), (2,))
FOUR = ((0,), (1,), (2,), (3,))
PARTNERS = ((0, 2), (1, 3))


@pytest.mark.parametrize(
    "n, rounded", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (12, 10), (13, 15), (17, 15), (18, 20), (99, 100)]
)
def test_round5(n, rounded):
    assert round5(n) == rounded


@pytest.mark.parametrize("total, score", [(0, 0), (5, 5), (6, 0), (14, 0), (15, 15), (35, 35), (36, 0)])
def test_play_score(total, score):
    assert play_score(total) == score


def rules(**options):
    return Rules.from_options("pagat", **options)


DOMINO = [
    # award, sides, pips per player, domino side, points of that side
    ("round-total", THREE, [0, 8, 9], 0, 15),  # docs/rules.md: round5(17)
    ("round-each", THREE, [0, 8, 9], 0, 20),  # docs/rules.md: 10 + 10
    ("round-total", TWO, [13, 0], 1, 15),
    ("round-each", TWO, [13, 0], 1, 15),
    ("round-total", FOUR, [0, 7, 6, 1], 0, 15),  # round5(14)
    ("round-each", FOUR, [0, 7, 6, 1], 0, 10),  # 5 + 5 + 0
    ("round-total", PARTNERS, [0, 7, 20, 6], 0, 15),  # partner's 20 never counts
    ("round-each", PARTNERS, [0, 7, 20, 6], 0, 10),
    ("round-total", PARTNERS, [3, 0, 4, 9], 1, 5),  # round5(3 + 4); Dee's 9 is the partner's
    ("round-each", PARTNERS, [3, 0, 4, 9], 1, 10),  # round5(3) + round5(4)
]


@pytest.mark.parametrize("award, sides, pips, side, points", DOMINO)
def test_domino_award(award, sides, pips, side, points):
    result = hand_award(rules(domino_award=award), sides, pips, side)
    assert result.winner == side
    assert result.points == tuple(points if s == side else 0 for s in range(len(sides)))


BLOCKED = [
    # blocked_award, domino_award, sides, pips, winner, points
    ("as-domino", "round-total", THREE, [4, 8, 8], 0, 15),  # round5(16)
    ("as-domino", "round-each", THREE, [4, 8, 8], 0, 20),  # 10 + 10
    ("rounded-sides-minus-own", "round-total", THREE, [4, 8, 8], 0, 15),  # 10 + 10 - 5
    ("difference", "round-total", THREE, [4, 8, 8], 0, 10),  # round5(8 + 8 - 4)
    ("as-domino", "round-total", TWO, [3, 11], 0, 10),
    ("rounded-sides-minus-own", "round-total", TWO, [3, 11], 0, 5),  # 10 - 5
    ("difference", "round-total", TWO, [3, 11], 0, 10),  # round5(8)
    ("difference", "round-total", TWO, [12, 1], 1, 10),  # round5(11)
    ("as-domino", "round-total", FOUR, [9, 2, 7, 6], 1, 20),  # round5(22)
    ("as-domino", "round-each", FOUR, [9, 2, 7, 6], 1, 20),  # 10 + 5 + 5
    ("rounded-sides-minus-own", "round-total", FOUR, [9, 2, 7, 6], 1, 20),  # 10 + 5 + 5 - 0
    ("difference", "round-total", FOUR, [9, 2, 7, 6], 1, 20),  # round5(9 + 7 + 6 - 2)
    # Partnerships: both hands of a side together.
    ("as-domino", "round-total", PARTNERS, [3, 6, 4, 9], 0, 15),  # round5(15)
    ("as-domino", "round-each", PARTNERS, [3, 6, 4, 9], 0, 15),  # 5 + 10
    ("rounded-sides-minus-own", "round-total", PARTNERS, [3, 6, 4, 9], 0, 10),  # 15 - 5
    ("difference", "round-total", PARTNERS, [3, 6, 4, 9], 0, 10),  # round5(15 - 7)
]


@pytest.mark.parametrize("blocked, domino, sides, pips, winner, points", BLOCKED)
def test_blocked_award(blocked, domino, sides, pips, winner, points):
    result = hand_award(rules(blocked_award=blocked, domino_award=domino), sides, pips, None)
    assert result.winner == winner
    assert result.points == tuple(points if s == winner else 0 for s in range(len(sides)))


TIES = [
    # blocked_tie, sides, pips, points per side
    ("split-third", THREE, [4, 4, 13], (Fraction(15, 2), Fraction(15, 2), 0)),  # docs/rules.md: 7½ each
    ("split-third", THREE, [4, 13, 4], (Fraction(15, 2), 0, Fraction(15, 2))),
    ("split-third", THREE, [6, 6, 12], (5, 5, 0)),  # round5(12) = 10, split
    ("split-third", THREE, [3, 3, 6], (Fraction(5, 2), Fraction(5, 2), 0)),  # round5(6) = 5 -> 2½ each
    ("split-third", THREE, [5, 5, 5], (0, 0, 0)),  # three tied: nothing
    ("split-third", TWO, [5, 5], (0, 0)),
    ("split-third", FOUR, [3, 3, 9, 9], (0, 0, 0, 0)),  # not three players
    ("split-third", PARTNERS, [3, 5, 5, 3], (0, 0)),
    ("nothing", THREE, [4, 4, 13], (0, 0, 0)),
    ("nothing", TWO, [5, 5], (0, 0)),
    ("nothing", PARTNERS, [3, 5, 5, 3], (0, 0)),
]


@pytest.mark.parametrize("tie, sides, pips, points", TIES)
def test_blocked_ties(tie, sides, pips, points):
    for blocked in ("as-domino", "rounded-sides-minus-own", "difference"):
        result = hand_award(rules(blocked_tie=tie, blocked_award=blocked), sides, pips, None)
        assert result.winner is None
        assert result.points == points
        assert all(isinstance(p, (int, Fraction)) and not isinstance(p, float) for p in result.points)
