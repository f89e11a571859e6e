"""The last thing recorded, in words: for a phone's page, and for a live prompt that sees
a change made elsewhere (another terminal, a phone, an editor) while it waits for a line."""

from __future__ import annotations

from scorepad.engine.game import Game, Outcome
from scorepad.errors import IllegalMoveError
from scorepad.i18n import _, ngettext
from scorepad.views.award import hands_summary
from scorepad.views.status import explain


def last_move(game: Game) -> str | None:
    """The last move with its points and reason, or how the last round's hands ended it."""
    for r in reversed(game.rounds):
        if r.hands is not None and r.award is not None:
            return _("Round {number}: {how}").format(number=r.number, how=hands_summary(game, r))
        if r.moves:
            break
    else:
        return None
    move = game.current.moves[-1]
    told = game.fork(with_undo=True)  # the game shown is never changed to tell it
    try:  # the move's outcome, as it was told when it was made: taken back and made again
        told.pop()
        out: Outcome = told.push(move)
    except IllegalMoveError:
        return None
    return explain(told, out).plain


def _entries(game: Game) -> int:
    """How many entries the record holds: each move, and each round's end (its hands or
    its annulment), which every round after the first stands for."""
    return game.move_count() + len(game.rounds) - 1 + (game.current.hands is not None)


def _goes_on(before: Game, after: Game) -> bool:
    """Whether `after` is `before` with entries added: the same players, and the round
    `before` stood in begun alike."""
    if after.players != before.players or len(after.rounds) < len(before.rounds):
        return False
    moves = before.current.moves
    return after.rounds[len(before.rounds) - 1].moves[: len(moves)] == moves and _entries(after) > _entries(before)


def changed_elsewhere(before: tuple[str, Game], after: tuple[str, Game]) -> str:
    """What a change made elsewhere did to the record (its text and game before and
    after), in one line: the move recorded (`Recorded elsewhere: Muggins! Bob takes
    +10`), how many when several, that it was saved as it was (mended after an editor
    broke it), or that it was changed otherwise (an undo, an edit, a new game)."""
    if before[0] == after[0]:
        return _("The record was saved elsewhere: the game is as it was")
    last = last_move(after[1])
    if last is None or not _goes_on(before[1], after[1]):
        return _("Changed elsewhere (an undo, an edit or a new game): s shows the game")
    added = _entries(after[1]) - _entries(before[1])
    if added == 1:
        return _("Recorded elsewhere: {last}").format(last=last)
    return ngettext(
        "Recorded elsewhere: {count} entry; the last: {last}",
        "Recorded elsewhere: {count} entries; the last: {last}",
        added,
    ).format(count=added, last=last)
