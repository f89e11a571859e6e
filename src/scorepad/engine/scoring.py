"""Scoring: what a play scores (docs/rules.md "Counting the ends", last paragraph) and the hand
points at the end of a round (docs/rules.md "Round end", "Hand points", the options
`domino_award`, `blocked_award`, `blocked_tie`). What the ends count is in layout.py.

Points are exact: a three-player split can give half points, so they are Fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.rules import Rules
from scorepad.i18n import _

if TYPE_CHECKING:
    from fractions import Fraction


def play_score(end_sum: int) -> int:
    """A play scores the end sum when it is a positive multiple of five, else nothing."""
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def round5(n: int) -> int:
    """The nearest multiple of five: remainder 1 or 2 rounds down, 3 or 4 rounds up."""
    return n - n % 5 + (5 if n % 5 >= 3 else 0)


class HandAward(NamedTuple):
    """What the remaining hands give: points per side (in side order) and the side that
    won the round (None when nobody did: a blocked round with the lowest pips tied)."""

    points: tuple[int | Fraction, ...]  # a Fraction only for half points
    winner: int | None
    why: str


def domino_points(rules: Rules, sides: Sequence[Sequence[int]], pips: Sequence[int], winner: int) -> tuple[int, str]:
    """What the winning side gets from its opponents' hands. `pips` is per player."""
    opponents = [p for s, side in enumerate(sides) if s != winner for p in side]
    if rules.domino_award == "round-total":
        # round5 of all opponents' pips together, rounded exactly once.
        total = sum(pips[p] for p in opponents)
        return round5(total), f"round5({total})"
    # round-each: each opponent's hand rounded on its own; a partner's hand never counts.
    parts = [round5(pips[p]) for p in opponents]
    return sum(parts), " + ".join(f"round5({pips[p]})" for p in opponents)


def hand_award(
    rules: Rules,
    sides: Sequence[Sequence[int]],
    pips: Sequence[int],
    domino_side: int | None,
) -> HandAward:
    """Hand points for a round that ended by domino (`domino_side` made it) or blocked
    (`domino_side` is None). `sides` lists player indices; `pips` is per player."""
    zero = tuple(0 for _ in sides)

    def only(side: int, points: int, why: str) -> HandAward:
        return HandAward(tuple(points if s == side else 0 for s in range(len(sides))), side, why)

    if domino_side is not None:
        points, why = domino_points(rules, sides, pips, domino_side)
        return only(domino_side, points, why)

    # Blocked: a partnership counts both hands together; the fewest pips wins.
    side_pips = [sum(pips[p] for p in side) for side in sides]
    lowest = min(side_pips)
    tied = [s for s, n in enumerate(side_pips) if n == lowest]
    if len(tied) == 1:
        own = tied[0]
        others = [n for s, n in enumerate(side_pips) if s != own]
        if rules.blocked_award == "as-domino":
            points, why = domino_points(rules, sides, pips, own)
        elif rules.blocked_award == "rounded-sides-minus-own":
            points = sum(round5(n) for n in others) - round5(lowest)
            why = " + ".join(f"round5({n})" for n in others) + f" - round5({lowest})"
        else:  # difference: the other sides' pips together, less its own, rounded once
            points = round5(sum(others) - lowest)
            why = f"round5({' + '.join(str(n) for n in others)} - {lowest})"
        return only(own, points, why)

    if rules.blocked_tie == "split-third" and len(sides) == 3 and len(tied) == 2:
        # Three players, exactly two tied lowest: the third hand, rounded, split exactly.
        third = next(n for s, n in enumerate(side_pips) if s not in tied)
        from fractions import Fraction  # here, not above: only a split imports it (and decimal)

        half: int | Fraction = Fraction(round5(third), 2)
        half = int(half) if half.denominator == 1 else half
        return HandAward(
            tuple(half if s in tied else 0 for s in range(3)),
            None,
            _("round5({pips}) / 2 each").format(pips=third),
        )
    return HandAward(zero, None, _("lowest hands tied: nobody scores"))
