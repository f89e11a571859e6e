"""Changing the past of a game: insert, replace or delete one move of any round, then
replay the whole game with the change. The record is only data (moves in notation, hands,
openers), so a change is made on that data and proved by replaying it strictly through
`record.loads`: if anything after the change is no longer legal, the change is refused
with the first problem and its position, and nothing is written."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.engine.game import Game
from scorepad.engine.notation import Move
from scorepad.errors import IllegalMoveError, InvalidMoveError
from scorepad.i18n import _
from scorepad.record.format import RecordError, dumps, loads


class AmendError(IllegalMoveError):
    """A change to the past that makes the game illegal from some point on."""

    def __init__(self, message: str, *, round: int | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.round = round
        self.move = move


@dataclass
class Amended:
    before: Game
    after: Game
    text: str  # the new record


def amend(text: str, action: str, at: tuple[int, int], move: Move | None = None) -> Amended:
    """`action` ("insert", "replace", "delete") at (round, move), 1-based as `log` numbers
    the moves. `insert` makes `move` the move at `at`; one past a round's last move
    appends to that round."""
    return amend_all(text, [(action, at, move)])


def amend_all(text: str, changes: Sequence[tuple[str, tuple[int, int], Move | None]]) -> Amended:
    """Several changes made at once, each as `amend` makes one, in order (a position names
    the record as the changes before it have left it); the game is replayed once, after
    the last: a repair may need two changes that are legal only together."""
    before = loads(text).game
    data = tomllib.loads(text)
    rounds = data.get("rounds", [])
    for action, at, move in changes:
        _change(rounds, action, at, move)
        number = at[0]
        if at[1] == 1 and number <= len(before.rounds) and before.rounds[number - 1].opener_rule == "highest-double":
            # Under highest-double the lead names the opener, and the record says who it was.
            table = rounds[number - 1]
            if table.get("moves"):
                table["opener"] = table["moves"][0].partition(": ")[0]
    for table in rounds:
        table.pop("points", None)  # a cache: the replay recounts it
    import tomli_w

    try:
        after = loads(tomli_w.dumps(data, indent=2)).game
    except RecordError as error:
        raise AmendError(
            _("nothing changed: with that change, {problem}").format(problem=str(error)),
            round=error.round,
            move=error.move,
        ) from None
    return Amended(before, after, dumps(after))


def _change(rounds: list, action: str, at: tuple[int, int], move: Move | None) -> None:
    number, index = at
    if not 1 <= number <= len(rounds):
        raise InvalidMoveError(
            _("there is no round {number}: the record has rounds 1 to {last}").format(number=number, last=len(rounds))
            if rounds
            else _("there is no round {number}: nothing has been played yet").format(number=number)
        )
    moves = rounds[number - 1].setdefault("moves", [])
    last = len(moves) + (1 if action == "insert" else 0)
    if not 1 <= index <= last:
        if last == 0:
            raise InvalidMoveError(_("round {number} has no moves").format(number=number))
        raise InvalidMoveError(
            _("{number}.{index}: round {number} has positions {number}.1 to {number}.{last} for {action}").format(
                number=number, index=index, last=last, action=action
            )
        )
    if action == "insert":
        moves.insert(index - 1, str(move))
    elif action == "replace":
        moves[index - 1] = str(move)
    else:
        del moves[index - 1]
