"""An award's reason is the scoring's own result, not a second formula: for every option
and any hands, its rounded sums add up to the points given, and the view's words are
that sum with names put to the pips."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad import Game, Rules, parse_move
from scorepad.engine.rules import CHOICES
from scorepad.engine.scoring import hand_award
from scorepad.views.award import award_reason

TABLES = [((0,), (1,)), ((0,), (1,), (2,)), ((0,), (1,), (2,), (3,)), ((0, 2), (1, 3))]


@settings(max_examples=300, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    domino_award=st.sampled_from(CHOICES["domino_award"]),
    blocked_award=st.sampled_from(CHOICES["blocked_award"]),
    blocked_tie=st.sampled_from(CHOICES["blocked_tie"]),
    pips=st.lists(st.integers(0, 60), min_size=4, max_size=4),
    domino=st.booleans(),
)
def test_the_reasons_sums_are_the_points_given(table, domino_award, blocked_award, blocked_tie, pips, domino):
    rules = Rules.from_options(domino_award=domino_award, blocked_award=blocked_award, blocked_tie=blocked_tie)
    players = sum(len(side) for side in table)
    award = hand_award(rules, table, pips[:players], 0 if domino else None)
    total = sum(term.value() for term in award.reason.terms)
    if award.reason.case == "split":
        assert sum(award.points) == total
    elif award.reason.case == "tied":
        assert award.reason.terms == () and not any(award.points)
    else:
        assert award.points[award.winner] == total and award.reason.side == award.winner


def test_the_view_names_the_pips_of_the_scorings_sum():
    game = Game(["Ann", "Bob", "Cy", "Dee"], Rules.from_options("fuenfer", deal=[7, 7, 7]), opener="Ann")
    for move in ("Ann: 6-6", "Bob: pass", "Cy: pass", "Dee: pass", "Ann: pass"):
        game.push(parse_move(move))
    game.end_round({"Ann": 11, "Bob": 33, "Cy": 47, "Dee": 65})
    r = game.rounds[0]
    said = award_reason(game, r)
    assert r.award.why == "round5(33 + 47 + 65 - 11)"
    assert re.sub(r"[A-Z][a-z]+ ", "", said.split(": ", 1)[1]) == r.award.why


def test_hands_that_give_nothing_say_so():
    """A domino against a hand of 0-0 gives nothing: said, not a bare `round5(Bob 0)`."""
    game = Game(["Ann", "Bob"], Rules.from_options("two-ends", deal=[2, 2, 2]), opener="Ann")
    for move in ("Ann: 6-6", "Bob: 6-0 W", "Ann: 6-5 E"):
        game.push(parse_move(move))
    game.end_round({"Bob": 0})
    assert award_reason(game, game.rounds[0]) == "no points: round5(Bob 0)"
