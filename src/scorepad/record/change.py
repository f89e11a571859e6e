"""A change to a record, the one way every front end makes it (the command line, the live
prompt, a player's phone): lock the record, replay it, let the caller change the game, and
save only if the change succeeded."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scorepad.engine.game import Game
from scorepad.record.files import locked, read_both, save


@dataclass
class Change:
    """The game as read under the lock, the record's text it was read from (the save
    replays again only the rounds whose text it changes, `format.proven_parts`), and,
    after the save, the copy of a hand-edited record it kept (None: none)."""

    game: Game
    text: str
    kept: list[Path] = field(default_factory=list)


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
