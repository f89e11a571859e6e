"""The log: every move with its end sum and points, round by round, and the lines under
a round (its hands, what they gave and why); as a rich table, or as plain lines for a
long game, made while the record is read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from scorepad.engine.game import Game, Round
from scorepad.engine.held import Hand
from scorepad.engine.notation import Move, Play, shown_move
from scorepad.i18n import _, ngettext, pgettext
from scorepad.views.award import award_reason
from scorepad.views.status import points, side_label
from scorepad.views.summary import MugginsMark, muggins_marks
from scorepad.views.tables import plain_table

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.text import Text

    from scorepad.views.console import Spool


UNDER_INDENT = "  "  # the continuation lines of a line under a round's table
SHOWN_MOVES = 4096  # moves' texts (and rounds' lines under the table) the log keeps, at most

# A round's part of the log: its title, its rows (#, move, sum, points) and the lines
# under it, each with its style.
LoggedRound = tuple[str, list[tuple[str, str, str, str]], list[tuple[str, str]]]


class _LogRows:
    """A round's part of the log: its title, its rows (#, move, sum, points), and the
    lines under it (the hands and what they gave), or none. The rows are made a column at
    a time (a record at the size limit has 400,000 of them), the numbers and the moves'
    texts kept from round to round."""

    def __init__(self) -> None:
        self.numbers: list[str] = []  # "1", "2", …: the first column of every round
        # A move's text by the move's id (the move kept beside it, so the id stays its
        # own): the record's reader and a folded round share the objects of equal moves.
        self.shown: dict[int, tuple[Move, str]] = {}
        self.unders: dict[tuple[Any, ...], list[tuple[str, str]]] = {}  # see __call__

    def __call__(self, game: Game, r: Round) -> LoggedRound:
        players, numbers, shown = game.players, self.numbers, self.shown
        moves = r.moves
        n = len(moves)
        while len(numbers) < n:
            numbers.append(str(len(numbers) + 1))
        texts = []
        for move in moves:
            known = shown.get(id(move))
            if known is None:
                known = (move, shown_move(move))
                if len(shown) < SHOWN_MOVES:
                    shown[id(move)] = known
            texts.append(known[1])
        sums = [""] * n
        plays = [i for i, move in enumerate(moves) if isinstance(move, Play)]
        for i, end_sum in zip(plays, r.sums, strict=True):
            sums[i] = str(end_sum)
        pts = [""] * n
        for c in r.credits:
            if c.move is not None:
                # A call names its caller, a penalty the side given it (the player's own side it never is).
                got = f"+{points(c.points)}" + (f" {players[c.player]}" if c.source in ("muggins", "penalty") else "")
                pts[c.move] = f"{pts[c.move]} {got}" if pts[c.move] else got
        for i, mark in muggins_marks(game, r).items():
            if 0 <= i < n:
                pts[i] = f"{pts[i]} {_muggins_mark(mark)}" if pts[i] else _muggins_mark(mark)
        under: list[tuple[str, str]] = []
        if r.award is not None and r.hands is not None:  # end_round sets both together
            # What the lines say depends on these alone: a long game meets the same often.
            key = (r.result, tuple(r.hands.items()), r.award)
            under = self.unders.get(key) or self._under(game, r)
            if len(self.unders) < SHOWN_MOVES:
                self.unders[key] = under
        if r.annulled is not None:
            under = [(_("annulled by the table ({reason}): the round counts nothing").format(reason=r.annulled), "dim")]
        if r.rulings:
            # What each move that stands broke, as the audit's note says it.
            under = [
                *(
                    (
                        _("move {number} stands by the table's ruling: {ruling}").format(
                            number=ruling.move + 1, ruling=ruling.broke
                        ),
                        "dim",
                    )
                    for ruling in r.rulings
                ),
                *under,
            ]
        return _("Round {number}").format(number=r.number), list(zip(numbers, texts, sums, pts)), under

    @staticmethod
    def _under(game: Game, r: Round) -> list[tuple[str, str]]:
        """The lines under a round's table: the hands, and what they gave and why."""
        assert r.award is not None and r.hands is not None
        # Under the table at the full width: in the move column they wrapped to slivers.
        hands = ", ".join(f"{game.players[p]} {_held(h)}" for p, h in r.hands.items())
        won = [f"{side_label(game, s)} +{points(x)}" for s, x in enumerate(r.award.points) if x]
        why = award_reason(game, r)
        return [
            (_("hands: {hands}").format(hands=hands), ""),
            (_("{who}: {why}").format(who=", ".join(won), why=why) if won else why, "dim"),
        ]


def _held(hand: Hand) -> str:
    """A hand left at the end: its tiles, or its total named as pips (the keeper types tiles
    as `16`, so a bare 16 would read as one)."""
    if isinstance(hand, int):
        return ngettext("{pips} pip", "{pips} pips", hand).format(pips=hand)
    return " ".join(map(str, hand))


def _logged(r: Round) -> bool:
    """Whether the log shows round `r`: not a round nobody has led yet."""
    return bool(r.moves) or r.hands is not None


def _log_rounds(game: Game, only_round: int | None = None) -> Iterator[LoggedRound]:
    """Per round shown in the log: its title, its rows and the lines under it (`_LogRows`)."""
    rows = _LogRows()
    for r in game.rounds:
        if _logged(r) and (only_round is None or r.number == only_round):
            yield rows(game, r)


def _round_lines(columns: list[tuple[str, str, str]], logged: LoggedRound, width: int) -> Iterator[str]:
    """A round's part of the log as plain lines (`log_lines`)."""
    from scorepad.views.console import wrapped

    title, rows, under = logged
    yield from plain_table(columns, rows, title=title, left=1, right=1)
    for line, _style in under:
        yield wrapped(line, width, UNDER_INDENT)


class _Under:
    """A line under a round's table as rich draws it: wrapped at the width it is drawn at,
    its continuation lines indented as the plain log's (`_round_lines`); rich's own wrap
    would start them at the left edge, where they read as lines of their own."""

    def __init__(self, line: str, style: str) -> None:
        self.line, self.style = line, style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        from rich.text import Text

        from scorepad.views.console import wrapped

        yield Text(wrapped(self.line, options.max_width, UNDER_INDENT), style=self.style)


class LoggedRounds:
    """`log_lines` of a whole game made round by round while its record is read (the
    reader's `each_round`), each round when the reader has just laid it out, into `spool`
    (`console.Spool`): a long game is then not laid out a second time to be logged. A new
    game (the reader reading the text again) starts the spool again."""

    def __init__(self, width: int, spool: Spool) -> None:
        self.width, self.spool = width, spool
        self.game: Game | None = None
        self.columns = _log_columns()
        self.rows = _LogRows()

    def __call__(self, game: Game, r: Round) -> None:
        if game is not self.game:
            self.game, self.rows = game, _LogRows()
            self.spool.clear()
        if _logged(r):
            self.spool.add(_round_lines(self.columns, self.rows(game, r), self.width))


def _log_columns() -> list[tuple[str, str, str]]:
    """(header, justify, style) of each column of a round in the log."""
    return [
        ("#", "right", "dim"),
        (pgettext("log column", "move"), "left", ""),
        (pgettext("log column", "sum"), "right", ""),
        (pgettext("log column", "pts"), "right", ""),
    ]


def log_table(game: Game, only_round: int | None = None) -> RenderableType:
    """Every move with its end sum and points, round by round; with `only_round`, that
    round alone (live mode's `l` shows the round being played)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = []
    for title, rows, under in _log_rounds(game, only_round):
        table = Table(title=title, title_justify="left", box=None, padding=(0, 1), pad_edge=False)
        for head, justify, style in _log_columns():
            table.add_column(head, justify=justify, style=style)  # type: ignore[arg-type]
        for row in rows:
            table.add_row(*row)
        parts.append(table)
        parts.extend(_Under(line, style) for line, style in under)
    return Group(*parts) if parts else Text(_("(no moves yet)"), style="dim")


def log_lines(game: Game, width: int, only_round: int | None = None) -> Iterator[str]:
    """The log as `log_table` draws it when nothing needs wrapping, as plain lines made
    one at a time: for games too long to lay out with rich (STREAM_ROWS)."""
    shown = False
    columns = _log_columns()
    for logged in _log_rounds(game, only_round):
        shown = True
        yield from _round_lines(columns, logged, width)
    if not shown:
        yield _("(no moves yet)")


def _muggins_mark(mark: MugginsMark) -> str:
    """A play's muggins chance, on the play's row of the log."""
    if mark.caller is None:
        return _("missed {amount}, uncalled").format(amount=mark.amount)
    if mark.penalty:
        return _("too high, {caller} called").format(caller=mark.caller)
    return _("missed {amount}, {caller} called").format(amount=mark.amount, caller=mark.caller)
