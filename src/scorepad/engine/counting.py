"""What a sum of the open ends scores: docs/rules.md "Counting the ends", its last
paragraph. What each end counts (an outer double both halves, an interior spinner nothing)
is the layout's geometry (layout.py); this is the one rule of what their sum is worth.

A way of counting is declared here once, in `COUNTINGS`: its name (the value of the rules'
`counting` option and of the record's key), its rule (`score`) with its worked examples
(the function's doctest, run by tests/test_counting.py) and its words for `scorepad rules`.
Every preset counts fives (`FIVES`). With more than one way declared, the rules grow the
option `counting` (engine/rules.py), and `new --counting`, its help, its choices, its
completion and `scorepad rules` follow from this table; the layout's and the review's fast
tables are built from a counting's own `score` when it is first used
(`layout.tables_for`), never written by hand (docs/development.md, "A counting option").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from scorepad.i18n import N_


class Counting(NamedTuple):
    """A way of counting: `score(end_sum)` is what a play that leaves the ends summing to
    `end_sum` scores (0: nothing); `words` says so for `scorepad rules` (looked up with
    `_()`, so its German is in the catalogue)."""

    name: str
    score: Callable[[int], int]
    words: str = ""


def play_score(end_sum: int) -> int:
    """A play scores the end sum when it is a positive multiple of five, else nothing.

    >>> play_score(15), play_score(12), play_score(0)
    (15, 0, 0)
    """
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


FIVES = Counting("fives", play_score, N_("a sum of the ends that is a multiple of five scores that sum"))

COUNTINGS: dict[str, Counting] = {counting.name: counting for counting in (FIVES,)}
"""Every way of counting scorepad knows, by name; the first is every preset's."""

HELP = N_("What a sum of the open ends scores.")  # new --counting's help, once there is a choice
