"""The commands that judge: a record audited against its own rules, its plays reviewed
against the tiles their players held, a hand weighed against the layout."""

# No `from __future__ import annotations` here: Typer builds only the command that runs
# (helpscreen.DeclaredCommands), but it would evaluate that command's annotation strings
# and its options' callbacks' one by one, which cost more than making them all at import.

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.commands.common import (
    BAD_USAGE,
    DEFAULT_FILE,
    RULE_PROBLEM,
    FileOption,
    attempt,
    read,
    record_text,
    whole_number,
)
from scorepad.cli.helpscreen import Room
from scorepad.i18n import N_, _, ngettext
from scorepad.views.console import console, echo, json_line, written_json_line

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from scorepad.engine.game import Game
    from scorepad.engine.review import RoundReview
    from scorepad.views.console import Spool
    from scorepad.views.review import JsonReview, TextReview

room = Room()


def place(round_: int | None, move: int | None) -> str:
    """Where an audit finding is: 'round 2, move 5', 'round 2', or ''."""
    if round_ and move:
        return _("round {round}, move {move}").format(round=round_, move=move)
    if round_:
        return _("round {round}").format(round=round_)
    return _("move {move}").format(move=move) if move else ""


@room.command(
    help=N_(
        "Check records: every problem, with its round and move.\n"
        "\n"
        "Replays each record under its own rules. Exit 1 when any record has a problem, 2\n"
        "when one cannot be read.\n"
        "\n"
        "Example: scorepad audit club/*.toml --json"
    )
)
def audit(
    records: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[FILE...]", help=N_("Game records (default: the --file game)."), show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("One JSON object per file, one per line (docs/format.md)."))] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.record.format import Problem, RecordError
    from scorepad.record.library import audit_record
    from scorepad.views.summary import audit_json

    records = records or [file]
    worst = 0
    progress = None
    if len(records) > 1 and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True, console=console(stderr=True))
        task = progress.add_task(_("auditing"), total=len(records))
        progress.start()
    try:
        for path in records:
            try:
                result = audit_record(record_text(path))
                game, problems, notes = result.game, result.problems, result.notes
            except (OSError, RecordError) as error:
                reason = error.strerror if isinstance(error, OSError) else str(error)
                game, problems, notes = None, [Problem(None, None, _("cannot read the file: {reason}").format(reason=reason))], []
            worst = max(worst, BAD_USAGE if game is None else RULE_PROBLEM if problems else 0)
            if as_json:
                json_line(audit_json(str(path), game, problems, notes))
            else:
                if not problems:
                    echo(_("{path}: ok").format(path=path))
                for p in problems:
                    where = place(p.round, p.move)
                    # One line per finding, never wrapped: `grep` and editors read them.
                    echo(
                        _("{path}: {where}{message}").format(path=path, where=where + ": " if where else "", message=p.message),
                        wrap=False,
                    )
                for n in notes:  # play, not a broken record: marked apart
                    where = place(n.round, n.move)
                    echo(
                        _("{path}: note: {where}{message}").format(
                            path=path, where=where + ": " if where else "", message=n.message
                        ),
                        wrap=False,
                    )
            if progress is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    raise typer.Exit(worst)


@room.command(
    help=N_(
        "Where the points went: every play against the tiles its player certainly held.\n"
        "\n"
        "Marks each play that scored less than a tile the player held could have, or left\n"
        "the next player a reply 10 or more better than the best play would have; says what\n"
        "the record cannot tell.\n"
        "\n"
        "Example: scorepad review --round 2"
    )
)
def review(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (docs/format.md)."))] = False,
    round_: Annotated[
        int | None, typer.Option("--round", "-r", help=N_("Only this round."), show_default=False, click_type=whole_number(1))
    ] = None,
    short: Annotated[
        bool, typer.Option("--short", "-s", help=N_("The marks alone, for a phone: not what the record cannot tell."))
    ] = False,
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.engine.review import review_game, totals
    from scorepad.record.format import loads_for_review
    from scorepad.record.library import replaying
    from scorepad.views.console import Spool, ascii_json, error, lines, width
    from scorepad.views.review import JsonReview, TextReview, review_json, review_lines

    # The review is written into a spool a few thousand moves at a time, as the record is
    # read: a long game's review is larger than the game, and is not kept whole.
    ascii = ascii_json()
    spool = Spool(raw=as_json)
    reviewed = Reviewed(
        round_,
        (lambda players: JsonReview(players, ascii)) if as_json else (lambda players: TextReview(players, width(), short)),
        spool,
    )
    with replaying():
        game = read(file, reviewed.reviews, load=loads_for_review)
        if round_ is not None and round_ > len(game.rounds):
            spool.close()
            error(
                ngettext(
                    "there is no round {number}: the game has round {last} only",
                    "there is no round {number}: the game has rounds 1 to {last}",
                    len(game.rounds),
                ).format(number=round_, last=len(game.rounds))
            )
            raise typer.Exit(BAD_USAGE)
        playing = game.current.number if game.state == "playing" else None
        if reviewed.finish(playing, round_) and spool.show():
            return
        # The spool could not be written (a full disk): the review made again, whole.
        rounds = review_game(game, round_)
        sums = totals(rounds, len(game.players))
        if as_json:
            written_json_line(lambda ascii: review_json(rounds, game.players, sums, ascii))
            return
        lines(review_lines(rounds, game.players, sums, width(), playing, round_, short))


class Reviewed:
    """`review`'s writing of a review as the record is read (`library.Reviews` hands it
    each batch of rounds reviewed): each batch written into the spool at once and only
    each player's totals kept, so a review's memory does not grow with its text; the last
    round is held back until the read has ended, as the text says whether it is still
    being played. A new game (the read starting the text again) starts everything again."""

    def __init__(self, only: int | None, make: "Callable[[Sequence[str]], JsonReview | TextReview]", spool: "Spool") -> None:
        from scorepad.record.library import Reviews

        self.make, self.spool = make, spool
        self.reviews = Reviews(only, self.batch, self.started)
        self.written: JsonReview | TextReview | None = None
        self.held: list[RoundReview] = []  # the last round reviewed, not yet written
        self.missed: list[int] = []
        self.marks: list[int] = []

    def started(self, game: "Game") -> None:
        self.spool.clear()
        self.written = self.make(game.players)
        self.held = []
        self.missed, self.marks = [0] * len(game.players), [0] * len(game.players)
        self.spool.add(self.written.head())

    def batch(self, reviews: "list[RoundReview]") -> None:
        from scorepad.engine.review import totals

        for p, total in enumerate(totals(reviews, len(self.missed))):
            self.missed[p] += total.missed
            self.marks[p] += total.marks
        if reviews:
            assert self.written is not None
            self.spool.add(self.written.rounds([*self.held, *reviews[:-1]]))
            self.held = reviews[-1:]

    def finish(self, playing: int | None, only: int | None) -> bool:
        """The rest of the review written into the spool, `playing` the round still being
        played if any; False when the spool could not be written."""
        from scorepad.engine.review import PlayerTotal

        self.reviews.flush()
        if self.written is None:  # no round at all was read
            return False
        self.spool.add(self.written.rounds(self.held, playing))
        self.held = []
        self.spool.add(self.written.tail([PlayerTotal(m, k) for m, k in zip(self.missed, self.marks)], only))
        if self.spool.raw:
            self.spool.add(["\n"])  # the end of the line of JSON
        return not self.spool.failed


@room.command(
    help=N_(
        "Where each tile fits, what it scores, and the best reply it leaves.\n"
        "\n"
        "The best reply is the most the next player could score with a tile still unseen.\n"
        "\n"
        "Example: scorepad hint 64 55 31"
    )
)
def hint(
    tiles: Annotated[list[str], typer.Argument(metavar="TILE...", help=N_("Tiles in your hand."))],
    file: FileOption = DEFAULT_FILE,
) -> None:
    from scorepad.cli.actions import hint_lines
    from scorepad.cli.grammar import parse_tile

    hand = attempt(lambda: [parse_tile(t) for t in tiles])
    for line in hint_lines(read(file), hand):
        echo(line)
