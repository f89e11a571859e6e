"""A table drawn as plain lines, one at a time, as rich lays out a table that fits:
the log and the sheet of a long game, too long to lay out with rich."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from scorepad import fences

# Past this many rows, `log` and `sheet` write their tables line by line as plain text
# (`plain_table`): rich lays out a table at about 2 ms a row, and a record at the size
# limit has 400,000 moves. Below it, rich draws them (with styles, wrapped to the width).
STREAM_ROWS = 2000


def streamed(rows: int) -> bool:
    """Whether a table of `rows` rows is written as plain lines (`plain_table`) rather than
    by rich: past STREAM_ROWS, unless the fast paths are off (scorepad.fences)."""
    return rows > STREAM_ROWS and fences.FAST


def column_widths(columns: list[tuple[str, str, str]], rows: Iterable[Sequence[str]]) -> list[int]:
    """Each column's width as rich gives it when the table fits: its widest cell or header line."""
    from rich.cells import cell_len

    widths = [max(cell_len(line) for line in column[0].split("\n")) for column in columns]
    for row in rows:
        for k, cell in enumerate(row):
            n = len(cell) if cell.isascii() else cell_len(cell)
            widths[k] = max(widths[k], n)
    return widths


def _one_cell_each(cells: Iterable[str]) -> bool:
    """Whether every character of `cells` takes one cell on the screen (so that padding
    by characters, as `%5s` does, pads by cells)."""
    from rich.cells import cell_len

    return all(cell.isascii() or cell_len(cell) == len(cell) for cell in cells)


@lru_cache(64)
def _heads(columns: tuple[tuple[str, str, str], ...]) -> tuple[tuple[int, ...], tuple[tuple[str, ...], ...], bool]:
    """A table's header: each column's width, its lines (drawn at the bottom), and
    whether each of their characters takes one cell. The same for every round of a log."""
    from rich.cells import cell_len

    heads = [column[0].split("\n") for column in columns]
    height = max(len(head) for head in heads)
    lines = tuple(tuple(head[h - height + len(head)] if h >= height - len(head) else "" for head in heads) for h in range(height))
    widths = tuple(max(cell_len(line) for line in head) for head in heads)
    return widths, lines, all(_one_cell_each(line) for line in lines)


def plain_table(
    columns: list[tuple[str, str, str]],
    rows: Iterable[Sequence[str]],
    *,
    title: str | None = None,
    left: int,
    right: int,
    widths: list[int] | None = None,
) -> Iterator[str]:
    """A table as rich draws one with `box=None, pad_edge=False` when it fits its width:
    each column as wide as its widest cell (`column_widths`, or `widths` when the caller
    found them: then `rows` is read once, as the lines are made), headers of several lines
    drawn at the bottom, `left`/`right` spaces of padding between columns, every line
    filled out to the table's width, the title left-justified above."""
    from rich.cells import cell_len

    head_widths, head_lines, heads_one_cell = _heads(tuple(columns))
    one_cell = False  # every cell's characters take one cell each (known for listed rows)
    if widths is None:
        rows = list(rows)
        widths = list(head_widths)
        one_cell = True
        for k, cells in enumerate(zip(*rows)):
            if "".join(cells).isascii():
                widths[k] = max(widths[k], *map(len, cells))
            else:
                one_cell = one_cell and _one_cell_each(cells)
                widths[k] = max(widths[k], *(len(cell) if cell.isascii() else cell_len(cell) for cell in cells))
    right_justified = [column[1] == "right" for column in columns]
    between = " " * (right + left)  # one column's right padding and the next one's left
    # A row whose characters each take one cell is laid out by one format string, in C.
    template = between.join(
        f"%{'' if justified else '-'}{width}s" for justified, width in zip(right_justified, widths, strict=True)
    )

    def line(cells: Sequence[str]) -> str:
        # str.rjust and ljust pad by characters; a wide character takes two cells.
        return between.join(
            [
                (cell.rjust if right_justified[k] else cell.ljust)(
                    width if cell.isascii() else width - cell_len(cell) + len(cell)
                )
                for k, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ]
        )

    if title is not None:
        yield title + " " * (table_width(widths, left=left, right=right) - (len(title) if title.isascii() else cell_len(title)))
    for cells in head_lines:
        yield template % cells if heads_one_cell else line(cells)
    if one_cell:
        yield from map(template.__mod__, map(tuple, rows))
        return
    for row in rows:
        yield template % tuple(row) if _one_cell_each(row) else line(row)


def table_width(widths: list[int], *, left: int, right: int) -> int:
    """How wide `plain_table` (and rich, for a table that fits) draws columns of `widths`."""
    return sum(widths) + (left + right) * (len(widths) - 1)
