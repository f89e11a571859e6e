"""The score sheet: a row per round with each side's points from plays, muggins and hands
and the running totals, what each side still needs; as a rich table, or as plain lines for a
long game, its rows taken while the record is read."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import TYPE_CHECKING

from scorepad.engine.game import Game, Round
from scorepad.i18n import _, pgettext
from scorepad.views.status import points, side_label
from scorepad.views.tables import column_widths, plain_table, table_width

Columns = list[tuple[str, str, str]]  # (header, justify, style) of each column
# What the sheet shows, in order (_sheet_parts): a line (text, style), or a table
# (columns, rows of cells, the `needs` row, the gap between columns, the columns' widths).
SheetPart = tuple[str, str] | tuple[Columns, Iterable[list[str]], list[str], int, list[int]]

ANNULLED_MARK = "×"  # beside the number of a round the table annulled

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import RenderableType
    from rich.table import Table


HALVES_BELOW = 1 << 31  # what the rows' array holds (a C int)


class SheetRows:
    """Per round played, its label and per side the points from plays, muggins and hands
    and the running total after it; the round being played is labelled `N*`. Made in one
    pass over the rounds (each folded round is laid again to be read) and kept as numbers,
    twice each value in an array (points are whole or halves): a record at the size limit
    has 70,000 rounds. Iterating gives `(label, [{"play", "muggins", "hands", "total"}
    per side])` again each time, the totals counted anew."""

    # "penalty": what a move that stands against the rules gave the sides against it
    # (the `penalty` option), shown only in games where one did.
    KINDS = ("play", "muggins", "hands", "penalty")

    def __init__(self, game: Game, *, read: bool = True) -> None:
        from array import array

        self.game = game
        self.sides = len(game.sides)
        self.numbers = array("i")
        # Per row and side: play, muggins, hands, penalty (x2), in 4 bytes each: a record at
        # the size limit has 70,000 rows, and export holds them with the rest of the page.
        self.halves: array[int] | list[int | Fraction] = array("i")
        self.playing = False  # the last row is the round being played
        self.any_muggins = False
        self.any_penalty = False
        self.annulled: dict[int, str] = {}  # round number -> the table's reason (rare: kept as they come)
        if read:
            for r in game.rounds:
                self.take(r)

    def take(self, r: Round) -> None:
        """Keep round `r`'s row, the rounds given in order (`read=False`: the caller reads)."""
        game = self.game
        playing = r is game.current and r.hands is None and game.winner is None
        if not r.moves and r.hands is None and not (playing and len(game.rounds) > 1):
            return
        kinds = len(self.KINDS)
        got: list[int | Fraction] = [0] * (kinds * self.sides)
        if r.annulled is not None:
            self.annulled[r.number] = r.annulled
        else:  # an annulled round counts nothing: a row of nothing
            for credit in r.credits:
                got[kinds * credit.side + self.KINDS.index(credit.source)] += credit.points
                if credit.source == "muggins":
                    self.any_muggins = True
                elif credit.source == "penalty":
                    self.any_penalty = True
        self.numbers.append(r.number)
        self._keep([2 * value for value in got])
        self.playing = playing

    def _keep(self, doubled: list[int | Fraction]) -> None:
        halves = self.halves
        if isinstance(halves, list):
            halves.extend(int(value) if int(value) == value else value for value in doubled)
        elif all(int(value) == value and -HALVES_BELOW <= value < HALVES_BELOW for value in doubled):
            halves.extend(int(value) for value in doubled)
        else:  # not whole or halves, or beyond the array's: kept as they are, exactly
            self.halves = [*halves, *doubled]

    def __len__(self) -> int:
        return len(self.numbers)

    def __iter__(self) -> Iterator[tuple[str, list[dict[str, int | Fraction]]]]:
        kinds = len(self.KINDS)
        width = kinds * self.sides
        totals: list[int | Fraction] = [0] * self.sides
        last = len(self.numbers) - 1
        for i, number in enumerate(self.numbers):
            doubled = self.halves[i * width : (i + 1) * width]
            per_side = []
            for s in range(self.sides):
                got = dict(zip(self.KINDS, map(_halved, doubled[kinds * s : kinds * (s + 1)]), strict=True))
                totals[s] += sum(got.values())
                per_side.append({**got, "total": totals[s]})
            yield self._label(number, self.playing and i == last), per_side

    def _label(self, number: int, playing: bool) -> str:
        """A round's label: `N*` for the round being played, `N` and ANNULLED_MARK for one annulled."""
        if playing:
            return f"{number}*"
        return f"{number}{ANNULLED_MARK}" if number in self.annulled else str(number)

    def side(self, s: int) -> Iterator[tuple[str, list[int | Fraction], int | Fraction]]:
        """Side `s`'s rows alone: (label, [play, muggins, hands, penalty], the total after it)."""
        kinds = len(self.KINDS)
        width = kinds * self.sides
        total: int | Fraction = 0
        last = len(self.numbers) - 1
        halves = self.halves
        for i, number in enumerate(self.numbers):
            start = i * width + kinds * s
            # Whole points are most: halved without a call.
            got = [v >> 1 if type(v) is int and not v & 1 else _halved(v) for v in halves[start : start + kinds]]
            total += got[0] + got[1] + got[2] + got[3]
            yield self._label(number, self.playing and i == last), got, total


def _halved(doubled: int | Fraction) -> int | Fraction:
    if isinstance(doubled, int) and doubled % 2:
        from fractions import Fraction

        return Fraction(doubled, 2)
    return doubled // 2 if isinstance(doubled, int) else doubled / 2


class SheetRowsRead:
    """`SheetRows` made while a record is read (the reader's `each_round`), each round
    taken when the reader has just laid it out: a long game's folded rounds are then not
    laid out a second time for the sheet. A new game (the text read again) starts anew."""

    def __init__(self) -> None:
        self.rows: SheetRows | None = None

    def __call__(self, game: Game, r: Round) -> None:
        if self.rows is None or self.rows.game is not game:
            self.rows = SheetRows(game, read=False)
        self.rows.take(r)

    def of(self, game: Game) -> SheetRows | None:
        """The rows of `game`, if that is the game read."""
        return self.rows if self.rows is not None and self.rows.game is game else None


def sheet_rows(game: Game) -> SheetRows:
    """Per round played, its label and per side the points from plays, muggins and hands
    and the running total after it (`SheetRows`). The round being played is labelled `N*`."""
    return SheetRows(game)


def still_needs(game: Game, s: int) -> str:
    """What side `s` still needs to win, or that it won."""
    if game.winner is not None and s in game.winner:
        return _("won")
    return points(max(0, game.target - game.scores[s]))


class _SheetBody:
    """The sheet's rows of cells, made again from `SheetRows` each time it is iterated (a
    pass for the columns' widths, one to draw): a long game's cells are never all held."""

    def __init__(self, rows: SheetRows, sides: list[int], kinds: list[str]) -> None:
        self.rows, self.sides, self.kinds = rows, sides, kinds

    def __iter__(self) -> Iterator[list[str]]:
        kinds = self.kinds
        for label, per_side in self.rows:
            cells: list[str] = [label]
            for s in self.sides:
                got = per_side[s]
                cells.extend(points(got[kind]) if kind == "total" or got[kind] else "·" for kind in kinds)
            yield cells


def _sheet_cells(
    game: Game, rows: SheetRows, names: list[str], sides: list[int], muggins: bool
) -> tuple[Columns, _SheetBody, list[str]]:
    """The sheet's columns (header, justify), its rows of cells (`_SheetBody`), and the `needs` row."""
    kinds = ["play", *(["muggins"] if muggins else []), "hands", *(["penalty"] if rows.any_penalty else []), "total"]
    heads = {
        "play": pgettext("sheet column", "play"),
        "muggins": pgettext("sheet column", "mugg"),
        "hands": pgettext("sheet column", "hand"),
        "penalty": pgettext("sheet column", "pen"),
        "total": pgettext("sheet column", "total"),
    }
    columns: Columns = [(pgettext("sheet column", "round"), "right", "")]
    for s in sides:
        for k, kind in enumerate(kinds):
            head = f"{names[s]}\n{heads[kind]}" if k == 0 and len(sides) > 1 else heads[kind]
            columns.append((head, "right", "bold" if kind == "total" else ""))
    needs = [pgettext("sheet column", "needs")]
    for s in sides:
        needs.extend([""] * (len(kinds) - 1) + [still_needs(game, s)])
    return columns, _SheetBody(rows, sides, kinds), needs


def _sheet_table(columns: Columns, body: Iterable[list[str]], needs: list[str], gap: int) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, padding=(0, 0, 0, gap), pad_edge=False, show_edge=False)
    for head, justify, style in columns:
        table.add_column(head, justify=justify, style=style)  # type: ignore[arg-type]
    for cells in body:
        table.add_row(*cells)
    table.add_row(Text(needs[0], style="dim"), *needs[1:], style="dim")
    return table


def _sheet_parts(game: Game, width: int, rows: SheetRows | None = None) -> list[SheetPart]:
    """What the sheet shows, in order: (text, style) lines and (columns, body, needs, gap,
    widths) tables; one table when it fits the width, else one per side (closer set if need
    be). The rounds are read once (or `rows` were made as the record was read); the
    tables' cells are made when drawn."""
    if rows is None:
        rows = sheet_rows(game)
    if not rows:
        return [(_("(no moves yet)"), "dim")]
    names = [side_label(game, s) for s in range(len(game.sides))]
    muggins = game.rules.muggins or rows.any_muggins
    parts: list[SheetPart] = [(_("to {target}").format(target=game.target), "bold")]
    wide = _sheet_cells(game, rows, names, list(range(len(names))), muggins)
    # The widest cell of each column of the wide table, found in one pass; a table of one
    # side has the same columns but for the headers.
    cells = column_widths([("", "", "")] * len(wide[0]), chain(wide[1], [wide[2]]))

    def widths(columns: Columns, picked: list[int]) -> list[int]:
        return [max(n, w) for n, w in zip(column_widths(columns, []), (cells[k] for k in picked), strict=True)]

    wide_widths = widths(wide[0], list(range(len(cells))))
    if table_width(wide_widths, left=2, right=0) <= width:
        parts.append((*wide, 2, wide_widths))
    else:
        per_side = (len(cells) - 1) // len(names)
        for s in range(len(names)):
            parts.append((names[s], "bold"))
            one = _sheet_cells(game, rows, names, [s], muggins)
            one_widths = widths(one[0], [0, *range(1 + s * per_side, 1 + (s + 1) * per_side)])
            parts.append((*one, 2 if table_width(one_widths, left=2, right=0) <= width else 1, one_widths))
    for number, reason in rows.annulled.items():
        parts.append(
            (
                _("{mark} round {number} annulled by the table ({reason}): it counts nothing").format(
                    mark=ANNULLED_MARK, number=number, reason=reason
                ),
                "dim",
            )
        )
    if rows.playing:
        parts.append((_("* being played"), "dim"))
    elif game.winner is not None:
        parts.append((_("{who} won.").format(who=" & ".join(game.winners() or [])), "bold green"))
    return parts


def sheet(game: Game, width: int, rows: SheetRows | None = None) -> RenderableType:
    """The score sheet as paper keeps it: a row per round with each side's points from
    plays, muggins (in muggins games) and hands, and the running totals; the round being
    played; what each side still needs to reach the target. One table when it fits the
    width, else one per side."""
    from rich.console import Group
    from rich.text import Text

    shown: list[RenderableType] = []
    for part in _sheet_parts(game, width, rows):
        shown.append(Text(part[0], style=part[1]) if len(part) == 2 else _sheet_table(*part[:4]))
    return Group(*shown) if len(shown) > 1 else shown[0]


def sheet_lines(game: Game, width: int, rows: SheetRows | None = None) -> Iterator[str]:
    """The sheet as `sheet` draws it, as plain lines made one at a time (see STREAM_ROWS)."""
    for part in _sheet_parts(game, width, rows):
        if len(part) == 2:
            yield part[0]
        else:
            columns, body, needs, gap, widths = part
            yield from plain_table(columns, chain(body, [needs]), left=gap, right=0, widths=widths)
