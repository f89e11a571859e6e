"""Replaying a recorded game move by move on a fresh board (`scorepad replay`, `demo`)."""

from __future__ import annotations

import sys

from scorepad.engine.game import Game
from scorepad.i18n import _
from scorepad.views.award import hands_note
from scorepad.views.console import console
from scorepad.views.status import status


def step_through(recorded: Game, start: tuple[int, int] = (1, 1), delay: float = 0.0) -> None:
    """Play a recorded game again on a fresh board, showing every move from `start`
    (round, move) on. In a terminal: Enter for the next move (q quits), or `delay`
    seconds between moves; elsewhere the whole game at once."""
    screen = console()
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    game = Game(recorded.players, recorded.rules)
    for r in recorded.rounds:
        if game.current.opener is None and r.opener is not None:
            game.set_opener(recorded.players[r.opener])
        for index, m in enumerate(r.moves, start=1):
            out = game.push(m)
            if (r.number, index) < start:
                continue
            screen.rule(_("round {round}, move {move}").format(round=r.number, move=index), style="dim")
            screen.print(status(game, screen.width, out))
            if interactive and delay > 0:
                import time

                time.sleep(delay)
            elif interactive and input(_("Enter: next move, q: quit") + " ").strip().lower() == "q":
                return
        if r.hands is not None:
            out = game.end_round({game.players[p]: h for p, h in r.hands.items()})
            if r.number >= start[0]:
                screen.rule(_("round {round}, hands").format(round=r.number), style="dim")
                screen.print(hands_note(game, out), style="bold")
    screen.print(status(game, screen.width))
