"""One change typed on the command line or at the live prompt, handed to the module that
makes its kind: a repair or an undo to fixing.py (a repair replays the refused input,
an undo may take a repair back with it), an amendment or a move to actions.py. Apart from
both, so that fixing.py can build on actions.py without actions.py importing it back."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.cli.actions import Done, amend, change_game, changing, lead_by
from scorepad.cli.grammar import AmendIn, FixIn, HandsIn, OpenerIn, Typed, UndoIn
from scorepad.errors import ScorepadError

if TYPE_CHECKING:
    from scorepad.record.change import LiveRecord


def perform(file: Path, typed: Typed, *, expect: bytes | None = None, live: bool = False, held: LiveRecord | None = None) -> Done:
    """Do one change to the record typed on the command line or at the live prompt
    (`held`: the prompt's record in memory, for a move or the hands)."""
    if isinstance(typed, AmendIn):
        return amend(file, typed, expect=expect, live=live)
    if isinstance(typed, OpenerIn):
        led = lead_by(file, typed.name, expect=expect)
        if led is not None:
            return led
    if isinstance(typed, (FixIn, UndoIn)):
        from scorepad.cli import fixing  # here: a move needs none of the repair search

        if isinstance(typed, FixIn):
            return fixing.fix(file, typed.choice, expect=expect, live=live, count=typed.drawn, at=typed.at, tile=typed.tile)
        return fixing.undo(file, typed, expect=expect)
    with changing(file, expect, held) as (game, said, text):
        try:
            done = change_game(game, typed, live)
        except ScorepadError as problem:
            # The engine checks a move before it makes any of it, so a refused move leaves
            # the game as read; hands may have been entered in part before their refusal.
            if not isinstance(typed, HandsIn):
                problem.against = (text, game)
            raise
    done.notes.extend(said)
    return done
