"""The options of a preset or of a game, in words (`scorepad rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.engine.rules import Rules


def rules_table(rules: Rules, players: int | None = None) -> RenderableType:
    """The options of a preset or a game, in words."""
    from rich.table import Table

    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name, words in rules.describe():
        if name == "target" and players is not None:
            words = _("{n} points").format(n=rules.target_for(players))
        if name == "partners" and players is not None and players != 4:
            # Partnerships need four players: at this table everyone plays for themselves.
            words = ngettext("no: {n} player plays alone", "no: {n} players play each for themselves", players).format(n=players)
        if name in rules.overridden:
            words = _("{words} (changed)").format(words=words)
        table.add_row(name, words)
    return table
