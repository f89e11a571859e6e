"""Scoring: the hand points at the end of a round (docs/rules.md "Round end", "Hand points", the options
`domino_award`, `blocked_award`, `blocked_tie`). What the ends count is in layout.py, what
their sum scores in counting.py.

Points are exact: a three-player split can give half points, so they are Fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.rules import Rules

if TYPE_CHECKING:
    from fractions import Fraction


def round5(n: int) -> int:
    """The nearest multiple of five: remainder 1 or 2 rounds down, 3 or 4 rounds up."""
    return n - n % 5 + (5 if n % 5 >= 3 else 0)


class Held(NamedTuple):
    """Pips that go into an award: one player's hand (`side` False) or a side's hands
    together (`side` True), `who` its index; `sign` -1 when they are taken away."""

    who: int
    side: bool
    pips: int
    sign: int = 1


class Rounded(NamedTuple):
    """round5 of the pips `held` together, added to the award (`sign` 1) or taken from
    it (-1)."""

    held: tuple[Held, ...]
    sign: int = 1

    def value(self) -> int:
        return self.sign * round5(sum(h.sign * h.pips for h in self.held))


class Reason(NamedTuple):
    """How an award was reached, for a view to name and translate. `case`: "domino" (the
    winner's opponents' hands), "fewest" (blocked; side `side` held the fewest pips),
    "split" (blocked, two of three tied: the third hand, side `side`'s, split between
    them) or "tied" (blocked, tied otherwise: nobody scores). `terms` add up to the
    points (to twice each side's share for "split")."""

    case: str
    side: int | None
    terms: tuple[Rounded, ...]


def formula(reason: Reason, name: Callable[[Held], str]) -> str:
    """The sum of an award's reason, each pips named by `name`: `round5(8 + 9)`, or with
    names `round5(Bob 8 + Cy 9)`, `round5(Ann 20) - round5(Bob 6)`."""
    out = ""
    for k, term in enumerate(reason.terms):
        inner = ""
        for i, held in enumerate(term.held):
            inner += ("" if held.sign > 0 else "-") if i == 0 else (" + " if held.sign > 0 else " - ")
            inner += name(held)
        out += ("" if term.sign > 0 else "-") if k == 0 else (" + " if term.sign > 0 else " - ")
        out += f"round5({inner})"
    return out


class HandAward(NamedTuple):
    """What the remaining hands give: points per side (in side order), the side that won
    the round (None when nobody did: a blocked round with the lowest pips tied), and how
    (`reason`)."""

    points: tuple[int | Fraction, ...]  # a Fraction only for half points
    winner: int | None
    reason: Reason

    @property
    def why(self) -> str:
        """The reason's sum with the pips alone: `round5(13 + 22 - 6)`."""
        return formula(self.reason, lambda held: str(held.pips))


def domino_terms(rules: Rules, sides: Sequence[Sequence[int]], pips: Sequence[int], winner: int) -> tuple[Rounded, ...]:
    """What the winning side gets from its opponents' hands, as rounded sums. `pips` is
    per player; a partner's hand never counts."""
    opponents = [Held(p, False, pips[p]) for s, side in enumerate(sides) if s != winner for p in side]
    if rules.domino_award == "round-total":
        return (Rounded(tuple(opponents)),)  # all opponents' pips together, rounded once
    return tuple(Rounded((held,)) for held in opponents)  # round-each: each hand on its own


def hand_award(
    rules: Rules,
    sides: Sequence[Sequence[int]],
    pips: Sequence[int],
    domino_side: int | None,
) -> HandAward:
    """Hand points for a round that ended by domino (`domino_side` made it) or blocked
    (`domino_side` is None). `sides` lists player indices; `pips` is per player."""
    zero = tuple(0 for _ in sides)

    def only(side: int, case: str, terms: tuple[Rounded, ...]) -> HandAward:
        points = sum(term.value() for term in terms)
        return HandAward(tuple(points if s == side else 0 for s in range(len(sides))), side, Reason(case, side, terms))

    if domino_side is not None:
        return only(domino_side, "domino", domino_terms(rules, sides, pips, domino_side))

    # Blocked: a partnership counts both hands together; the fewest pips wins.
    side_pips = [sum(pips[p] for p in side) for side in sides]
    lowest = min(side_pips)
    tied = [s for s, n in enumerate(side_pips) if n == lowest]
    if len(tied) == 1:
        own = tied[0]
        others = [Held(s, True, n) for s, n in enumerate(side_pips) if s != own]
        terms: tuple[Rounded, ...]
        if rules.blocked_award == "as-domino":
            terms = domino_terms(rules, sides, pips, own)
        elif rules.blocked_award == "rounded-sides-minus-own":
            terms = (*(Rounded((held,)) for held in others), Rounded((Held(own, True, lowest),), -1))
        else:  # difference: the other sides' pips together, less its own, rounded once
            terms = (Rounded((*others, Held(own, True, lowest, -1))),)
        return only(own, "fewest", terms)

    if rules.blocked_tie == "split-third" and len(sides) == 3 and len(tied) == 2:
        # Three players, exactly two tied lowest: the third hand, rounded, split exactly.
        third = next(s for s in range(3) if s not in tied)
        from fractions import Fraction  # here, not above: only a split imports it (and decimal)

        half: int | Fraction = Fraction(round5(side_pips[third]), 2)
        half = int(half) if half.denominator == 1 else half
        return HandAward(
            tuple(half if s in tied else 0 for s in range(3)),
            None,
            Reason("split", third, (Rounded((Held(third, True, side_pips[third]),)),)),
        )
    return HandAward(zero, None, Reason("tied", None, ()))
