"""The body of `scorepad review` (declared in cli/commands/checking.py): each round reviewed as the
record is read, so a long game's folded rounds are not laid out a second time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from scorepad.cli.commands.common import BAD_USAGE
from scorepad.engine.review import review_round
from scorepad.i18n import ngettext

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Round
    from scorepad.engine.review import RoundReview
    from scorepad.record.format import EachRound


class Reviewed:
    """The `each_round` of a read (record.format.loads): the review of every round that was
    started, or of round `only`."""

    def __init__(self, only: int | None) -> None:
        self.only = only
        self.rounds: dict[int, RoundReview] = {}

    def __call__(self, game: Game, r: Round) -> None:
        if r.moves and (self.only is None or r.number == self.only):
            # By number: a record read again from its start gives its rounds again.
            self.rounds[r.number] = review_round(r, game.players)

    def of(self) -> list[RoundReview]:
        return [self.rounds[n] for n in sorted(self.rounds)]


def review(file: Path, only: int | None, as_json: bool, read: Callable[[Path, EachRound], Game]) -> None:
    """`scorepad review`; `read` is the command line's (its refusals and exit codes)."""
    from scorepad.engine.review import totals
    from scorepad.views.console import error, json_line, lines, width
    from scorepad.views.review import review_json, review_lines

    reviewed = Reviewed(only)
    game = read(file, reviewed)
    if only is not None and only > len(game.rounds):
        error(
            ngettext(
                "there is no round {number}: the game has round {last} only",
                "there is no round {number}: the game has rounds 1 to {last}",
                len(game.rounds),
            ).format(number=only, last=len(game.rounds))
        )
        raise typer.Exit(BAD_USAGE)
    rounds = reviewed.of()
    sums = totals(rounds, len(game.players))
    if as_json:
        json_line(review_json(rounds, game.players, sums))
        return
    lines(review_lines(rounds, game.players, sums, width()))
