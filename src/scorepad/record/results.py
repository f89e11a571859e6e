"""What the library's functions return (record/library.py): typed values, each a dataclass
or a NamedTuple, and the steps of an amendment. A module of their own, imported when a
function returns one: every command that changes a record imports library.py for the
moves it makes in a game, and defining these took a third of that import (a dataclass
costs several times a NamedTuple to define; docs/development.md, "Start-up")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

from scorepad.engine.notation import Move

if TYPE_CHECKING:
    from pathlib import Path

    from scorepad.engine.game import Annulment, Game, Outcome
    from scorepad.engine.held import Hand
    from scorepad.engine.review import PlayerTotal, RoundReview
    from scorepad.record.format import Problem

Action = Literal["insert", "replace", "delete", "reseat", "insert-reseat", "lead-reseat"]


Step = tuple[Action, tuple[int, int], Move | None]


class TakenBack(NamedTuple):
    """One entry taken back: a move, the hands of a round (by player index) or a round's
    annulment, and the round it was taken from."""

    round: int
    entry: Move | dict[int, Hand] | Annulment


@dataclass
class Played:
    """A move made in a record: the game after it, what the move did, and the copy of a
    hand-edited record the save kept (its comments cannot be kept; None: none)."""

    game: Game
    outcome: Outcome
    kept: Path | None = None


@dataclass
class Started:
    """A new game in a record file: the game, whom the lot drew to open it (None: no lot),
    the game the file held before, kept under a new name (None: there was none), whether
    that game was over, and the copy of a hand-edited record the save kept (None: none)."""

    game: Game
    drawn: str | None = None
    before: Path | None = None
    before_over: bool = False
    kept: Path | None = None


@dataclass
class Changed:
    """A record changed otherwise than by a move: the game after, and the copy of a
    hand-edited record the save kept (None: none)."""

    game: Game
    kept: Path | None = None


@dataclass
class Undone:
    """Entries taken back from a record: the game after, what was taken back (the last
    first), and the copy of a hand-edited record the save kept (None: none)."""

    game: Game
    taken: list[TakenBack]
    kept: Path | None = None


@dataclass
class Amendment:
    """A change to the past made and saved: the changes as made (the action, the round and
    move, 1-based as `scorepad log` numbers them, and the move), the game before and after
    them, and the copy of a hand-edited record the save kept (None: none)."""

    steps: list[Step]
    before: Game
    after: Game
    kept: Path | None = None


@dataclass
class Audit:
    """A record replayed under its own rules to its end: the game as far as it could be
    replayed (None: not a record at all), every problem (a broken rule, a bad entry) and
    every note (play the rules allow but a table may want to know of), in the game's order."""

    game: Game | None
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)


@dataclass
class Review:
    """The plays of a game against the tiles their players certainly held: the game, each
    round reviewed (round `only` alone if asked), each player's totals (points missed,
    plays marked), and the round still being played, if any."""

    game: Game
    rounds: list[RoundReview]
    totals: list[PlayerTotal]
    playing: int | None
