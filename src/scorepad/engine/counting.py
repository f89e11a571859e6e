"""What a sum of the open ends scores: docs/rules.md "Counting the ends", its last
paragraph. What each end counts (an outer double both halves, an interior spinner nothing)
is the layout's geometry (layout.py); this is the one rule of what their sum is worth.

Every preset counts fives (`FIVES`). The layout's and the review's fast tables are built
from a counting's own `score` when it is first used (`layout.tables_for`), never written
by hand: a way of counting written here is followed by every part of scorepad
(docs/development.md, "A counting option").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Counting(NamedTuple):
    """A way of counting: `score(end_sum)` is what a play that leaves the ends summing to
    `end_sum` scores (0: nothing)."""

    name: str
    score: Callable[[int], int]


def play_score(end_sum: int) -> int:
    """A play scores the end sum when it is a positive multiple of five, else nothing."""
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


FIVES = Counting("fives", play_score)
