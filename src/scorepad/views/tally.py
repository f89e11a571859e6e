"""The scores as the traditional paper tally: a 50-point sign for every 50, a stroke for
every 5, half points noted apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.engine.game import Game
from scorepad.i18n import _
from scorepad.views.status import points

if TYPE_CHECKING:
    from rich.console import RenderableType


FIFTY = ("\\ x /", "x X x", "/ x \\")  # a large X, a small x in each of its four fields


def tally(game: Game, width: int) -> RenderableType:
    """Each side's score as the traditional paper tally: a 50-point sign for every 50, a
    stroke for every 5 left, and half points noted apart."""
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = []
    per_line = max(1, (width - 2) // 6)
    for s in range(len(game.sides)):
        score = game.scores[s]
        fives, rest = divmod(score, 5)  # rest: what a half point leaves over
        fifties, strokes = divmod(int(fives), 10)
        parts.append(Text(f"{' & '.join(game.side_names(s))}: {points(score)}", style="bold"))
        signs = list(range(fifties))
        for start in range(0, max(len(signs), 1), per_line):
            chunk = signs[start : start + per_line]
            rows = ["  " + " ".join(FIFTY[i] for _ in chunk) for i in range(3)]
            if start + per_line >= len(signs):
                rows[1] += ("  " if chunk else "") + "|" * strokes
            if any(r.strip() for r in rows):
                parts.append(Text("\n".join(r.rstrip() for r in rows) if chunk else rows[1].rstrip()))
        if rest:
            parts.append(Text("  " + _("apart: {points}").format(points=points(rest)), style="dim"))
    parts.append(Text(tally_legend(), style="dim"))
    return Group(*parts)


def tally_legend() -> str:
    """What the tally's marks mean, under it: the paper tally is not every table's habit."""
    return _("key: | = 5 points; the large X with a small x in each field = 50 points; half points are noted apart")
