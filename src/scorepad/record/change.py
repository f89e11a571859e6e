"""A change to a record, the one way every front end makes it (the command line, the live
prompt, a player's phone): lock the record, replay it, let the caller change the game, and
save only if the change succeeded."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from scorepad.engine.game import Game
from scorepad.record.files import Stamp, locked, read_both, real_path, save, save_parts, stamp
from scorepad.record.format import RoundText, head_text, join_parts, proven_parts, round_texts


class Change:
    """The game as read under the lock, the record's text it was read from (the save
    replays again only the rounds whose text it changes, `format.proven_parts`), and,
    after the save, the copy of a hand-edited record it kept (None: none). A plain class:
    every change makes one, and a dataclass costs every command that changes a record
    more to define than all its uses (docs/development.md, "Start-up")."""

    __slots__ = ("game", "kept", "text")

    def __init__(self, game: Game, text: str) -> None:
        self.game = game
        self.text = text
        self.kept: list[Path] = []


@contextmanager
def changing(file: Path, check: Callable[[], None] | None = None) -> Iterator[Change]:
    """Lock `file`, run `check` (it raises to refuse before anything is read), replay the
    record and yield it to be changed; saved when the block ends without an error."""
    with locked(file):
        if check is not None:
            check()
        text, game = read_both(file)
        change = Change(game, text)
        yield change
        kept = save(game, file, text)
        if kept is not None:
            change.kept.append(kept)


class LiveRecord:
    """A record kept in memory between the lines of the live prompt: the text last read or
    saved, the game it reads as, each round's text as saved, and the file's stamp then
    (`files.stamp`). A line reads the file again only when its stamp differs (another
    terminal saved, an editor wrote, a command of the prompt that writes on its own, such
    as undo or an amendment), and a change saves only the rounds it touched anew: its
    read-back replays them alone (`format.read_back`). A game a refused change may have
    half changed is let go, never used again."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.stamp: Stamp | None = None
        self.text: str | None = None
        self.game: Game | None = None
        self.head: str | None = None
        self.rounds: list[RoundText] | None = None  # None: not saved by this prompt yet

    def read(self) -> tuple[str, Game]:
        """The record as it is now: as held, unless the file's stamp has changed. The stamp
        is taken before the file is read, so a file replaced meanwhile is read again next
        time, never taken for the one held."""
        now = stamp(real_path(self.file))
        if now is None or now != self.stamp or self.text is None or self.game is None:
            self.forget()
            text, game = read_both(self.file)  # its refusals are every command's
            self.stamp, self.text, self.game = now, text, game
            return text, game
        return self.text, self.game

    def forget(self) -> None:
        self.stamp = self.text = self.game = self.head = self.rounds = None

    @contextmanager
    def changing(self, check: Callable[[str], None] | None = None) -> Iterator[Change]:
        """`changing` on the game held: lock, read what changed (`read`), `check` the text
        (it raises to refuse), yield, and save what the change touched: the round under
        way and the rounds after it."""
        with locked(self.file):
            text, game = self.read()
            if check is not None:
                check(text)
            first = max(len(game.rounds) - 1, 0)  # a move or the hands change this round on
            change = Change(game, text)
            try:
                yield change
                kept = self._save(game, first)
            except BaseException:
                self.forget()
                raise
        if kept is not None:
            change.kept.append(kept)

    def _save(self, game: Game, first: int) -> Path | None:
        head = head_text(game)
        if self.rounds is not None and self.head == head and first <= len(self.rounds):
            rounds = [*self.rounds[:first], *round_texts(game, first)]
        else:
            rounds = round_texts(game)
        parts = join_parts(game, head, rounds)
        kept = save_parts(parts, game, self.file, proven_parts(parts, self.text))
        # Under the lock still: no other scorepad has written since the rename.
        self.stamp = stamp(real_path(self.file))
        self.text = "".join(parts)
        self.head, self.rounds = head, rounds
        return kept
