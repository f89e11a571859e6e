"""What `fix` and the `undo` after it need between two commands, kept beside the record in
`.NAME.repair` (like the lock `.NAME.lock`), never in it: the record format stays as
docs/format.md says, and nothing here can change a record by itself.

- After a refusal with repairs: the refused input, and a digest of the record it was
  refused against. `fix N` searches again from that input and the record as it is; if the
  record has changed since (another move, an edit), the digest differs and nothing is done.
- A fix adds, before it saves: a digest of the record it is about to write, the repair's
  changes, and the round the repair changed as it was before (its opener and moves: not a
  copy of the game). The file is written before the record, and says the right thing of
  either: a fix cut short (a crash, kill -9) before its save leaves the refusal to fix
  again, one cut short after it leaves the undo of the fix. `undo` puts the old round back
  only when making the kept repair and the kept input on that record gives the current
  record byte for byte (cli/fixing.py), so a planted file can at most fail that proof.

The file is written atomically (a temporary file renamed over it, never through a link)
and read with limits; one that is missing, a link, too large, owned by another user than
the record's owner and the current one, or not what scorepad writes is as good as none.
Every save of the record other than a fix's and its undo's removes it (files.save_text),
as does a command that finds the record gone (files.read_record)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from scorepad.i18n import _
from scorepad.record.files import kept_path, real_path, write_beside

if TYPE_CHECKING:
    from scorepad.engine.game import Game
    from scorepad.engine.notation import Move

VERSION = 2
MAX_BYTES = 1024 * 1024  # a refused input and one round's moves: a few KB


@dataclass(frozen=True)
class Refusal:
    """The input refused (or the play recorded with a note to repair), as it is kept for
    `fix N`: a move in record notation, or the remaining hands as typed. `read` and `data`
    are its only reading and writing (the JSON of `.NAME.repair`)."""

    move: str | None = None
    hands: tuple[str, ...] | None = None  # as typed, one value a player
    by: str | None = None  # with the hands: who the table named to open the next round
    # A move typed without a name is the turn's: after a repair, whoever's turn it is then.
    # None: nothing said (a muggins call, which always names its caller).
    named: bool | None = None
    claim: bool = False  # the play is recorded; its claim differs from the true score (muggins off)
    order: bool = False  # the play is recorded; the last two plays' order left a muggins chance

    @property
    def recorded(self) -> bool:
        """Whether the input is in the record already, so `fix` makes only the repair."""
        return self.claim or self.order

    @property
    def as_named(self) -> bool:
        """Whether the move keeps the player typed (not the turn's after a repair)."""
        return self.named is not False

    def data(self) -> dict[str, Any]:
        """As written beside the record."""
        if self.hands is not None:
            return {"hands": list(self.hands), "by": self.by}
        if self.order:
            return {"move": self.move, "order": True}
        data: dict[str, Any] = {"move": self.move, "claim": self.claim}
        if self.named is not None:
            data["named"] = self.named
        return data

    @classmethod
    def read(cls, data: object) -> Refusal | None:
        """The refusal `data` (as `data()` writes it) holds; None if it is not of that shape."""
        if not isinstance(data, dict):
            return None
        if "move" in data:
            move, named = data["move"], data.get("named")
            if not isinstance(move, str) or not isinstance(named, (bool, type(None))):
                return None
            return cls(move=move, named=named, claim=data.get("claim") is True, order=data.get("order") is True)
        hands, by = data.get("hands"), data.get("by")
        if not isinstance(hands, list) or not all(isinstance(v, str) for v in hands) or not isinstance(by, (str, type(None))):
            return None
        return cls(hands=tuple(hands), by=by)


class Step(NamedTuple):
    """One change of a repair as `record/amend.py` `amend_all` makes it."""

    action: str  # one of results.Action
    round: int
    position: int
    move: Move | None


@dataclass(frozen=True)
class Fixed:
    """What `undo` needs to put the record back as it was before a fix (cli/fixing.py):
    the round the repair changed, as it was (its opener and moves), the repair's changes,
    the move recorded in place of the refused input if the repair changed it, and who the
    lot drew to open the next round if the fix's hands made it draw. `read` and `data` are
    its only reading and writing; `read` trusts nothing (a planted file can at most fail
    the proof `undo` makes)."""

    round: int
    opener: str | None
    drawn: bool  # the record says the lot drew the round's opener
    moves: tuple[str, ...]  # the round's moves before the fix, in record notation
    steps: tuple[Step, ...]
    lot: str | None = None
    instead: Move | None = None

    @classmethod
    def made(cls, game: Game, steps: Sequence[Step], refused: Refusal, after: Game, instead: Move | None) -> Fixed:
        """What a fix that makes `steps` on `game`, then `refused`, giving `after`, keeps."""
        number = steps[0].round if steps else game.current.number
        r = game.rounds[number - 1]
        moves = [str(m) for m in r.moves]
        if refused.claim:
            moves.append(str(refused.move))  # `game` is the record without the claimed play
        drawn = None
        if refused.hands is not None and refused.by is None and after.winner is None:
            nxt = after.current
            if nxt.opener_rule == "lot" and nxt.opener is not None:
                drawn = after.players[nxt.opener]
        return cls(
            round=number,
            opener=game.players[r.opener] if r.opener is not None else None,
            drawn=bool(r.drawn and r is game.current),  # the record says so of the round being played
            moves=tuple(moves),
            steps=tuple(steps),
            lot=drawn,
            instead=instead,
        )

    def data(self) -> dict[str, Any]:
        """As written beside the record."""
        return {
            "round": self.round,
            "opener": self.opener,
            "drawn": self.drawn,
            "moves": list(self.moves),
            "steps": [[s.action, s.round, s.position, None if s.move is None else str(s.move)] for s in self.steps],
            "lot": self.lot,
            "instead": None if self.instead is None else str(self.instead),
        }

    @classmethod
    def read(cls, data: object) -> Fixed | None:
        """The fix `data` (as `data()` writes it) holds; None if it is not of that shape."""
        from typing import get_args

        from scorepad.engine.notation import parse_move
        from scorepad.errors import ScorepadError
        from scorepad.record.results import Action

        if not isinstance(data, dict):
            return None
        number, opener, drawn, moves = data.get("round"), data.get("opener"), data.get("drawn"), data.get("moves")
        lot, instead, steps = data.get("lot"), data.get("instead"), data.get("steps")
        if not _counting(number) or not isinstance(drawn, bool) or not _texts(moves):
            return None
        if not all(isinstance(v, (str, type(None))) for v in (opener, lot, instead)):
            return None
        if not isinstance(steps, list) or (not steps and instead is None):
            return None
        made = []
        try:
            for step in steps:
                if not isinstance(step, list) or len(step) != 4:
                    return None
                action, at, position, move = step
                if action not in get_args(Action) or not _counting(at) or not _counting(position):
                    return None
                if not isinstance(move, (str, type(None))):
                    return None
                made.append(Step(action, at, position, None if move is None else parse_move(move)))
            changed = None if instead is None else parse_move(instead)
        except (ScorepadError, ValueError, RecursionError):
            return None
        return cls(number, opener, drawn, tuple(moves), tuple(made), lot, changed)

    def before(self, text: str) -> str | None:
        """The record as it was before the fix that wrote `text`: the rounds before the
        repaired one as they are, that round as it was. None if that gives no record."""
        import tomli_w

        from scorepad.errors import ScorepadError
        from scorepad.record.format import dumps, loads, to_dict

        try:
            data = to_dict(loads(text).game)
            rounds = data.pop("rounds", [])[: self.round - 1]
            if len(rounds) != self.round - 1:
                return None
            if self.opener is not None or self.moves:
                table: dict[str, Any] = {"opener": self.opener}
                if self.drawn:
                    table["drawn"] = True
                table["moves"] = list(self.moves)
                rounds.append(table)
            if rounds:
                data["rounds"] = rounds
            return dumps(loads(tomli_w.dumps(data, indent=2)).game)
        except (ScorepadError, ValueError, TypeError, RecursionError):
            return None


def _counting(value: object) -> TypeGuard[int]:
    """Whether `value` is a round's or a move's number (1 and up; JSON's true is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _texts(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def path_for(record: Path) -> Path:
    return kept_path(record)


def digest(text: str) -> str:
    import hashlib  # only refusals and fixes need it (see files._replace on start-up)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _write(record: Path, data: dict[str, Any]) -> None:
    write_beside(path_for(record), json.dumps({"version": VERSION, **data}, ensure_ascii=True), record)


def foreign(record: Path) -> bool:
    """Whether a kept file is there that belongs to neither the record's owner nor the
    current user (in a shared folder, another player could have planted it): ignored."""
    if not hasattr(os, "getuid"):
        return False  # Windows: no owners to compare
    try:
        owner = os.lstat(path_for(record)).st_uid
    except OSError:
        return False
    try:
        record_owner: int | None = os.stat(real_path(record)).st_uid
    except OSError:
        record_owner = None
    return owner not in (os.getuid(), record_owner)


def _read(record: Path) -> dict[str, Any] | None:
    return _looked_at(record)[0]


def ignored(record: Path) -> str | None:
    """Why a kept file beside the record is not read (a sentence ending in its path, for
    "Note: …: ignored"); None when there is none, or it is one scorepad can read."""
    return _looked_at(record)[1]


def _looked_at(record: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The kept file's contents, or None and why not (None too when there is no file)."""
    path = path_for(record)
    try:
        status = os.lstat(path)
    except OSError:
        return None, None
    if stat.S_ISLNK(status.st_mode):
        return None, _("{path} is a symbolic link").format(path=path)
    if not stat.S_ISREG(status.st_mode):
        return None, _("{path} is not a regular file").format(path=path)
    if status.st_size > MAX_BYTES:
        return None, _("{path} is larger than 1 MB").format(path=path)
    if foreign(record):
        return None, _("{path} belongs to another user").format(path=path)
    garbage = _("{path} is not what scorepad writes there").format(path=path)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            if os.fstat(handle.fileno()).st_ino != status.st_ino:
                return None, None  # replaced between the look and the open: looked at again next time
            raw = handle.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except OSError as problem:
        return None, _("{path} cannot be read: {reason}").format(path=path, reason=problem.strerror)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, garbage
    if len(raw) > MAX_BYTES:
        return None, _("{path} is larger than 1 MB").format(path=path)
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None, garbage
    if ("refused" in data and Refusal.read(data["refused"]) is None) or ("fixed" in data and Fixed.read(data["fixed"]) is None):
        return None, garbage  # a fix scorepad never wrote: `undo` says so rather than undo one move silently
    return data, None


def forget(record: Path) -> None:
    try:
        os.unlink(path_for(record))
    except OSError:
        pass


def forget_refusal(record: Path) -> None:
    """A later refusal that offers no repairs: `fix N` must not reach back past it to the
    repairs of an earlier one. A kept fix stays, so its one-step `undo` still works."""
    if not real_path(record).name:
        return  # '/' and the like: refused before anything, with nothing kept beside them
    data = _read(record)
    if data is not None and "refused" in data and "fixed" not in data:
        forget(record)


def keep_refusal(record: Path, text: str, refused: Refusal) -> None:
    """Remember the input refused against the record `text` (OSError or RecordError if
    it cannot be written)."""
    _write(record, {"record": digest(text), "refused": refused.data()})


def refusal(record: Path, text: str) -> Refusal | None:
    """The input last refused against exactly this record text; None if there is none (or
    what is kept is not a refusal scorepad writes)."""
    data = _read(record)
    if data is None or data.get("record") != digest(text):
        return None
    return Refusal.read(data.get("refused"))


def keep_fixed(record: Path, before: str, refused: Refusal, after: str, fix: Fixed) -> None:
    """Before a fix turns the record `before` into `after`: the refusal (still good while
    the record is `before`) and the fix (good once it is `after`)."""
    _write(record, {"record": digest(before), "refused": refused.data(), "fixed": {**fix.data(), "after": digest(after)}})


def fixed(record: Path, text: str) -> tuple[Refusal, Fixed] | None:
    """The input a fix let through and what it kept of the fix, when the fix wrote
    exactly `text`; or None. Not proven: `undo` proves it."""
    data = _read(record)
    if data is None:
        return None
    fix, refused = data.get("fixed"), Refusal.read(data.get("refused"))
    if not isinstance(fix, dict) or fix.get("after") != digest(text) or refused is None:
        return None
    kept = Fixed.read(fix)
    return None if kept is None else (refused, kept)
