"""Changing the past of a game: insert, replace or delete one move of any round, then
replay the whole game with the change. The record is only data (moves in notation, hands,
openers), so a change is made on that data and proved by replaying it strictly through
`record.loads`: if anything after the change is no longer legal, or breaks a rule that an
audit reports (a lead that is not the highest double) where the record did not already,
the change is refused with the first problem and its position, and nothing is written."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorepad.engine.game import Game, Round
from scorepad.engine.notation import Move, parse_move
from scorepad.engine.seats import reseated
from scorepad.errors import IllegalMoveError, InvalidMoveError
from scorepad.i18n import _
from scorepad.record.chunks import Chunks, Whole
from scorepad.record.format import RecordError, dumps, loads, round_table_text


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
    """`action` ("insert", "replace", "delete", "reseat") at (round, move), 1-based as `log`
    numbers the moves. `insert` makes `move` the move at `at`; one past a round's last move
    appends to that round. `reseat` replaces the move at `at` by `move`, by another player,
    and moves every later move of the round as many seats on (see `reseated`)."""
    return amend_all(text, [(action, at, move)])


def amend_all(text: str, changes: Sequence[tuple[str, tuple[int, int], Move | None]]) -> Amended:
    """Several changes made at once, each as `amend` makes one, in order (a position names
    the record as the changes before it have left it); the game is replayed once, after
    the last: a repair may need two changes that are legal only together."""
    had = _Faults()
    before = loads(text, had).game
    try:
        changed = _changed(Chunks.split(text), text, changes, before)
    except Whole:  # a part that is not one round of its own: the whole record, as it reads
        changed = _changed(None, text, changes, before)
    has = _Faults()
    try:
        after = loads(changed, has).game
    except RecordError as error:
        raise AmendError(
            _("nothing changed: with that change, {problem}").format(problem=str(error)),
            round=error.round,
            move=error.move,
        ) from None
    check_faults(has.found, had.found)
    return Amended(before, after, dumps(after))


def _changed(chunks: Chunks | None, text: str, changes: Sequence[tuple[str, tuple[int, int], Move | None]], before: Game) -> str:
    """The record `text` with `changes` made to its rounds' moves (the points dropped: a
    cache the replay recounts); read a round at a time when `chunks` are given."""
    rounds: Any
    if chunks is not None:
        rounds = _Spliced(chunks)  # only the rounds changed are parsed and written again
    else:
        data = tomllib.loads(text)
        rounds = data.get("rounds", [])
    for action, at, move in changes:
        _change(rounds, action, at, move, before.players)
        number = at[0]
        table = rounds[number - 1] if 1 <= number <= len(rounds) else {}
        drawn = table.get("drawn") is True
        names = number <= len(before.rounds) and (before.rounds[number - 1].opener_rule == "highest-double" or drawn)
        # Under highest-double the lead names the opener, and the record says who it was;
        # so does a lead by the table's own lot where scorepad had drawn another.
        if at[1] == 1 and names and table.get("moves"):
            table["opener"] = table["moves"][0].partition(": ")[0]
    if isinstance(rounds, _Spliced):
        return rounds.text()
    import tomli_w

    for table in rounds:
        table.pop("points", None)
    return tomli_w.dumps(data, indent=2)


class _Spliced:
    """A large record's rounds as `_change` changes them: a round is parsed when it is
    looked at, and the record's text is the old one with only those rounds written
    again, so that the tables of every round are never made at once (tomllib's tables of
    a whole record are about ten times its text)."""

    def __init__(self, chunks: Chunks) -> None:
        self.chunks = chunks
        self.changed: dict[int, dict[str, Any]] = {}

    def __len__(self) -> int:
        return len(self.chunks)

    def __getitem__(self, index: int) -> dict[str, Any]:
        if index < 0:
            index += len(self.chunks)
        if index not in self.changed:
            table = dict(self.chunks[index])
            table.pop("points", None)  # a cache: the replay recounts it
            self.changed[index] = table
        return self.changed[index]

    def text(self) -> str:
        """The record with the rounds looked at written again, the others as they were."""
        text, starts = self.chunks.text, self.chunks.starts
        pieces = [text[: starts[0]]]
        for index, start in enumerate(starts):
            if index in self.changed:
                pieces.append(round_table_text(self.changed[index]) + "\n")
            else:
                pieces.append(text[start : starts[index + 1] if index + 1 < len(starts) else len(text)])
        return "".join(pieces)


class _Faults:
    """The rule broken in each round of a record as it is read (Round.faults), by round."""

    def __init__(self) -> None:
        self.found: dict[int, list[tuple[int | None, str]]] = {}

    def __call__(self, game: Game, r: Round) -> None:
        if r.number == 1:
            self.found.clear()  # the record is read again from its start
        if r.faults:
            self.found[r.number] = list(r.faults)


def faults_of(game: Game) -> dict[int, list[tuple[int | None, str]]]:
    """The rules broken in `game`'s rounds, as `_Faults` gathers them while a record is read."""
    return {r.number: list(r.faults) for r in game.rounds if r.faults}


def new_fault(has: dict[int, list[tuple[int | None, str]]], had: dict[int, list[tuple[int | None, str]]]) -> AmendError | None:
    """The first rule broken in `has` that `had` did not already break in that round (an
    audit would report it), as the refusal of the change that made it; None if none."""
    for number in sorted(has):
        known = [text for _index, text in had.get(number, [])]
        for index, text in has[number]:
            if text in known:
                known.remove(text)
                continue
            if index is None:
                where = _("round {round}").format(round=number)
            else:
                where = _("round {round}, move {move}").format(round=number, move=index + 1)
            return AmendError(
                _("{where}: {problem}").format(where=where, problem=text),
                round=number,
                move=index + 1 if index is not None else None,
            )
    return None


def check_faults(has: dict[int, list[tuple[int | None, str]]], had: dict[int, list[tuple[int | None, str]]]) -> None:
    """Refuse a change that breaks a rule the record did not already break (new_fault)."""
    fault = new_fault(has, had)
    if fault is not None:
        raise AmendError(
            _("nothing changed: with that change, {problem}").format(problem=str(fault)), round=fault.round, move=fault.move
        )


def _change(rounds: list[Any], action: str, at: tuple[int, int], move: Move | None, players: Sequence[str]) -> None:
    number, index = at
    if not 1 <= number <= len(rounds):
        raise InvalidMoveError(
            _("there is no round {number}: the record has rounds 1 to {last}").format(number=number, last=len(rounds))
            if rounds
            else _("there is no round {number}: nothing has been played yet").format(number=number)
        )
    moves = rounds[number - 1].setdefault("moves", [])
    last = len(moves) + (1 if action == "insert" else 0)
    if action == "reseat":
        _reseat(moves, index, move, players)
        return
    if action == "lead-reseat":
        # `opener NAME` after the lead: the lead was NAME's, so the round is re-seated from
        # it and NAME is the round's opener.
        _reseat(moves, index, move, players)
        assert move is not None  # _reseat refuses a move left out
        rounds[number - 1]["opener"] = move.player
        return
    if action == "insert-reseat":
        # A move left out that passes the turn on (a pass, a play): every later move of the
        # round, typed without names, went one seat off; a draw keeps the turn.
        if not 1 <= index <= len(moves) + 1:
            raise InvalidMoveError(_("insert --reseat: there is no move {index} to insert before").format(index=index))
        if move is None or move.player not in players:
            raise AmendError(_("nothing changed: a move of that round names nobody playing"))
        later = [parse_move(text) if isinstance(text, str) else None for text in moves[index - 1 :]]
        if any(m is None or m.player not in players for m in later):
            raise AmendError(_("nothing changed: a move of that round names nobody playing"))
        written = reseated([m for m in later if m is not None], 0, move, players, inserted=True)
        moves[index - 1 :] = [str(m) for m in written]
        return
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


def _reseat(moves: list[Any], index: int, move: Move | None, players: Sequence[str]) -> None:
    if move is None or not 1 <= index <= len(moves):
        raise InvalidMoveError(_("replace --reseat: there is no move {index} to replace").format(index=index))
    try:
        parsed = [parse_move(text) if isinstance(text, str) else None for text in moves]
    except ValueError as error:
        raise AmendError(_("nothing changed: {problem}").format(problem=error)) from None
    if any(m is None or m.player not in players for m in parsed) or move.player not in players:
        raise AmendError(_("nothing changed: a move of that round names nobody playing"))
    written = reseated([m for m in parsed if m is not None], index - 1, move, players)
    moves[:] = [str(m) for m in written]
