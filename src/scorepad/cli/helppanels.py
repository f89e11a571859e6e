"""The program's own help (`scorepad -h`) in Typer's rich panels, laid out here as rich
lays them out, without importing rich: importing rich's console, table and panel and
drawing with them took most of what the help cost above Typer itself.

It draws the group's help only, and only where its layout is plain to follow: the usage
on one line, one paragraph of help, options without defaults, required marks, panels of
their own or negative forms, and texts with no markup, emoji names, tabs or characters of
uncertain width, none of them with a word wider than its column. Anything else, and every
command's own help, is left to Typer and rich (`draw` returns False). What is drawn is a
list of lines, each a list of pieces (text and the rich styles over it), cut where rich
cuts its segments, and `views/console.print_pieces` writes them as rich would write them;
`tests/test_styled.py` compares what it writes with what Typer and rich write."""

from __future__ import annotations

import inspect
import itertools
import os
import re
from typing import Any

from scorepad import fences
from scorepad.views.console import Line, Pieces, narrow, print_pieces

# typer.rich_utils's styles and highlighters, by the names its theme gives them.
_THEME = {
    "option": "bold cyan",
    "switch": "bold green",
    "types": "bold yellow",
    "types_sep": "dim",
    "usage": "yellow",
}
_OPTION_HIGHLIGHTS = tuple(
    re.compile(pattern)
    for pattern in (
        r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
        r"(?P<types>\<[^\>]+\>)",
        r"(?P<usage>Usage: )",
    )
)
_TYPES_HIGHLIGHTS = tuple(
    re.compile(pattern)
    for pattern in (
        r"^(?P<types_sep>(\[|<))",
        r"(?P<types_sep>\|)",
        r"(?P<types_sep>(\]|>))(\.\.\.)?$",
    )
)
_USAGE_STYLE, _BORDER, _COMMAND_STYLE, _TYPES_STYLE = "bold", "dim", "bold cyan", "bold yellow"
_WORD = re.compile(r"\s*\S+\s*")
# What rich would read as markup or an emoji's name, or lay out otherwise than here.
_AWKWARD = re.compile(r"[\[\t\b\f\x1b]|:\S*:")

Span = tuple[int, int, str]


class _Unsure(Exception):
    """Only rich knows how this looks."""


def _highlighted(text: str, patterns: tuple[re.Pattern[str], ...]) -> list[Span]:
    """The spans rich's RegexHighlighter adds, in its order."""
    spans: list[Span] = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            for name in match.groupdict():
                start, end = match.span(name)
                if start != -1 and end > start:
                    spans.append((start, end, _THEME[name]))
    return spans


def _checked(text: str, markup: bool = True) -> str:
    """`text` if rich would show it as it is (read as markup, where `markup`)."""
    if (markup and _AWKWARD.search(text)) or not narrow(text.replace("\n", "")):
        raise _Unsure
    return text


def _pieces(plain: str, spans: list[Span], outer: tuple[str, ...] = ()) -> Pieces:
    """A line of text cut where rich cuts it: at every start and end of a span."""
    cuts = sorted({0, len(plain), *(s for s, _e, _st in spans), *(e for _s, e, _st in spans)})
    pieces = []
    for left, right in itertools.pairwise(cuts):
        if right > left:
            styles = (*outer, *(style for s, e, style in spans if s <= left and right <= e))
            pieces.append((plain[left:right], styles))
    return pieces


def _wrapped(text: str, spans: list[Span], width: int, base: str = "", pad: bool = False) -> list[Pieces]:
    """`text` wrapped at `width` as rich's Text.wrap does it (lines split at their
    newlines, then between words), each line in pieces; `pad`: filled out to the width
    with blanks of the text's own style, as a left-justified table cell is."""
    if "\n\n" in text:
        raise _Unsure  # rich's Text.split drops the empty line between
    lines: list[Pieces] = []
    start = 0
    for part in text.split("\n"):
        breaks = []
        offset = 0
        for match in _WORD.finditer(part):
            word = match.group(0)
            length = len(word.rstrip())
            if length > width:
                raise _Unsure  # rich folds it
            if width - offset >= length:
                offset += len(word)
            elif offset and match.start():
                breaks.append(match.start())
                offset = len(word)
        for left, right in zip([0, *breaks], [*breaks, len(part)]):
            line = part[left:right]
            if len(line) > width:  # rich's rstrip_end: the blanks beyond the width go
                line = line[: max(width, len(line.rstrip()))]
            at = start + left
            own = [
                (max(s, at) - at, min(e, at + len(line)) - at, st) for s, e, st in spans if min(e, at + len(line)) > max(s, at)
            ]
            if pad and len(line) < width:
                line += " " * (width - len(line))
            if base:
                own.insert(0, (0, len(line), base))
            lines.append(_pieces(line, own))
        start += len(part) + 1
    return lines


def _styled(pieces: Pieces, style: str) -> Pieces:
    return [(text, (style, *styles)) for text, styles in pieces] if style else pieces


def _padded(lines: list[Pieces], width: int, style: str = "") -> list[Pieces]:
    """Each line filled out to `width` by a blank piece of its own, as rich's Padding does."""
    out = []
    for line in lines:
        length = sum(len(text) for text, _styles in line)
        out.append([*line, (" " * (width - length), (style,) if style else ())] if length < width else line)
    return out


def _measure(plain: str, room: int) -> tuple[int, int]:
    """rich's Measurement.get of a Text: its widest word and its widest line, at most `room`."""
    lines = plain.splitlines()
    widest = max((len(line) for line in lines), default=0)
    words = plain.split()
    least = max((len(word) for word in words), default=widest)
    least, widest = min(least, room), min(widest, room)
    if widest < 1:
        return 0, 0
    return min(least, widest), widest


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, most, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            taken = min(most, round(ratio * remaining / total_ratio))
            result.append(value - taken)
            remaining -= taken
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _ratio_distribute(total: int, ratios: list[int]) -> list[int]:
    import math

    total_ratio = sum(ratios)
    if total_ratio <= 0:
        raise _Unsure
    remaining = total
    result = []
    for ratio in ratios:
        given = math.ceil(ratio * remaining / total_ratio) if total_ratio > 0 else remaining
        result.append(given)
        total_ratio -= ratio
        remaining -= given
    return result


def _options_widths(columns: list[list[tuple[str, bool]]], room: int) -> list[int]:
    """The widths (padding included) rich gives the options table's columns: `columns`
    holds each column's cells, each a text and whether it is a Columns (measured as
    anything from nothing to the whole width); rich's Table._calculate_column_widths for
    an expanding table of columns without widths or ratios, padded (0, 1) but at its edges."""
    last = len(columns) - 1

    def measured(index: int, width: int) -> tuple[int, int]:
        pads = (index > 0) + (index < last)
        lows, highs = [], []
        for text, whole in columns[index]:
            if width - pads < 1:
                low = high = width
            else:
                low, high = (0, width - pads) if whole else _measure(text, width - pads)
                low, high = min(low + pads, width), min(high + pads, width)
                if high < 1:
                    low = high = 0
                low = min(max(0, low), high)
            lows.append(low)
            highs.append(high)
        return min(max(lows, default=1), width), min(max(highs, default=width), width)

    widths = [measured(index, room)[1] or 1 for index in range(len(columns))]
    table = sum(widths)
    if table > room:
        excess = table - room
        while table and excess > 0:
            widest = max(widths)
            second = max((width if width != widest else 0) for width in widths)
            ratios = [1 if width == widest else 0 for width in widths]
            if not widest - second:
                break
            widths = _ratio_reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
            table = sum(widths)
            excess = table - room
        if table > room:
            widths = _ratio_reduce(table - room, [1] * len(widths), widths, widths)
            table = sum(widths)
        widths = [measured(index, width)[1] or 0 for index, width in enumerate(widths)]
    if table < room:
        widths = [width + pad for width, pad in zip(widths, _ratio_distribute(room - table, widths))]
    return widths


def _panel(title: str, rows: list[Line], width: int) -> list[Line]:
    """A rich Panel with a rounded box, its border dim, the title at the left."""
    title = f" {_checked(title)} "
    rest = width - 4 - len(title)
    if rest <= 0 or "\n" in title:
        raise _Unsure
    side = ("│", (_BORDER,))
    top: Line = [("╭─", (_BORDER,)), (title, (_BORDER,)), ("─" * rest, (_BORDER,)), ("─╮", (_BORDER,))]
    body = [[side, (" ", ()), *row, (" ", ()), side] for row in rows]
    return [top, *body, [("╰" + "─" * (width - 2) + "╯", (_BORDER,))]]


def _table_rows(cells: list[list[list[Pieces]]], widths: list[int], styles: list[str]) -> list[Line]:
    """Rows of cells (each a list of lines already laid out at its column's width, padding
    included) as rich's Table puts them side by side: a shorter cell filled with blank
    lines of its column's width, in its column's style."""
    out: list[Line] = []
    for row in cells:
        height = max(len(cell) for cell in row)
        for index in range(height):
            line: Line = []
            for cell, width, style in zip(row, widths, styles):
                line.extend(cell[index] if index < len(cell) else [(" " * width, (style,) if style else ())])
            out.append(line)
    return out


def _cell(lines: list[Pieces], left: int, right: int, width: int, style: str) -> list[Pieces]:
    """A table cell: rich's Padding of (0, right, 0, left) around its lines, in the cell's style."""
    inner = width - left - right
    out = []
    for line in _padded(lines, inner):
        row = ([(" " * left, ())] if left else []) + line + ([(" " * right, ())] if right else [])
        out.append(_styled(row, style))
    return out


def _option_rows(group: Any, ctx: Any) -> list[tuple[str, str, str, str]]:
    """Each option's long names, short names, metavar and help, as Typer's options panel
    shows them; unsure of an option whose row shows more (a default, an environment
    variable, a range, a required mark, a negative form) or that goes elsewhere."""
    from typer.core import TyperArgument, TyperOption

    rows = []
    for param in group.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if not isinstance(param, TyperOption) or isinstance(param, TyperArgument):
            raise _Unsure
        if getattr(param, "rich_help_panel", None) or param.required or param.secondary_opts:
            raise _Unsure
        if getattr(param, "envvar", None) is not None or getattr(ctx, "auto_envvar_prefix", None) is not None:
            raise _Unsure
        if "Range" in type(param.type).__name__:  # click's IntRange and FloatRange
            raise _Unsure
        default = param._extract_default_help_str(ctx=ctx)
        as_text = isinstance(param.show_default, str)
        shows_default = as_text or (default is not None and (param.show_default or ctx.show_default))
        if shows_default and param._get_default_string(ctx=ctx, show_default_is_str=as_text, default_value=default):
            raise _Unsure
        metavar = param.make_metavar(ctx=ctx)
        longs = ",".join(opt for opt in param.opts if "--" in opt)
        shorts = ",".join(opt for opt in param.opts if "--" not in opt)
        kind = metavar if metavar and "bool" not in metavar.lower() else ""
        help_text = "\n".join(part.replace("\n", " ").strip() for part in (param.help or "").split("\n\n")).strip()
        rows.append((longs, shorts, _checked(kind, markup=False), _checked(help_text)))
    return rows


def _usage(group: Any, ctx: Any, width: int) -> list[Line]:
    """The usage, in rich's Padding of 1 all round, all of it bold."""
    usage = _checked(group.get_usage(ctx), markup=False)
    if "\n" in usage or len(usage) > width - 2:
        raise _Unsure
    blank: Line = [(" " * width, (_USAGE_STYLE,))]
    text = _styled(_pieces(usage, _highlighted(usage, _OPTION_HIGHLIGHTS)), _USAGE_STYLE)
    line = _padded([[(" ", (_USAGE_STYLE,)), *text]], width - 1, _USAGE_STYLE)[0]
    return [blank, [*line, (" ", (_USAGE_STYLE,))], blank]


def _help(group: Any, width: int) -> list[Line]:
    """The group's help of one paragraph, in rich's Padding of (0, 1, 1, 1)."""
    if group.deprecated or group.epilog:
        raise _Unsure
    if not group.help:
        return []
    text = inspect.cleandoc(group.help)
    if "\n\n" in text:
        raise _Unsure
    text = _checked(text.replace("\n", " ").strip())
    room = width - 2
    wrapped = _wrapped(text, _highlighted(text, _OPTION_HIGHLIGHTS), min(room, len(text)) or 1)
    return [*([(" ", ()), *line, (" ", ())] for line in _padded(wrapped, room)), [(" " * width, ())]]


def _options_panel(title: str, rows: list[tuple[str, str, str, str]], width: int) -> list[Line]:
    """Typer's options panel: a table of the long names, the short names, two empty columns
    (the negative forms) and the metavar, each cut at the options' highlights, and the help."""
    if not rows:
        return []
    texts = [[row[0], row[1], "", "", row[2]] for row in rows]
    columns: list[list[tuple[str, bool]]] = [[(text[k], False) for text in texts] for k in range(5)]
    columns.append([(row[3], True) for row in rows])
    widths = _options_widths(columns, width - 4)
    last = len(widths) - 1
    table = []
    for row, cells in zip(rows, texts):
        laid_out = []
        for index, text in enumerate(cells):
            left, right = int(index > 0), 1
            inner = widths[index] - left - right
            lines: list[Pieces]
            if index == 4:  # the metavar, in its own style and highlights, blanks and all
                spans = _highlighted(text, _TYPES_HIGHLIGHTS)
                lines = _wrapped(text, spans, inner, _TYPES_STYLE, pad=True) if text else [[(" " * inner, (_TYPES_STYLE,))]]
            else:
                lines = _wrapped(text, _highlighted(text, _OPTION_HIGHLIGHTS), inner, pad=True) if text else [[(" " * inner, ())]]
            laid_out.append(_cell(lines, left, right, widths[index], ""))
        # The help is a rich Columns of one text: a grid as wide as its widest line.
        inner = widths[last] - 1
        help_text = row[3]
        grid = min(inner, _measure(help_text, inner)[1]) or 1
        lines = _wrapped(help_text, _highlighted(help_text, _OPTION_HIGHLIGHTS), grid, pad=True) if help_text else []
        laid_out.append(_cell(lines, 1, 0, widths[last], ""))
        table.append(laid_out)
    return _panel(title, _table_rows(table, widths, [""] * len(widths)), width)


def _commands_panel(title: str, group: Any, ctx: Any, width: int) -> list[Line]:
    """Typer's commands panel: the names in bold cyan, a column as wide as the longest, and
    the first paragraph of each one's help beside it (its line breaks kept)."""
    listed = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        if getattr(command, "rich_help_panel", None) or command.deprecated:
            raise _Unsure
        listed.append(command)
    if not listed:
        return []
    room = width - 4
    first = max(len(command.name or "") for command in listed) + 1
    if first + 2 > room:
        raise _Unsure
    widths = [first, room - first]
    table = []
    for command in listed:
        paragraph = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
        if paragraph.startswith("\b"):
            paragraph = paragraph.replace("\b\n", "")
        paragraph = _checked(paragraph.strip())
        name = _checked(command.name or "", markup=False)
        names = _cell([[(name.ljust(first - 1), ())]], 0, 1, first, _COMMAND_STYLE)
        lines = _wrapped(paragraph, _highlighted(paragraph, _OPTION_HIGHLIGHTS), widths[1] - 1, pad=True)
        table.append([names, _cell(lines, 1, 0, widths[1], "")])
    return _panel(title, _table_rows(table, widths, [_COMMAND_STYLE, ""]), width)


def _group_help_lines(group: Any, ctx: Any, width: int) -> list[Line]:
    from scorepad.i18n import _

    # The titles as helpscreen gives them to Typer's panels.
    options, commands = _("Options"), _("Commands")
    lines = [*_usage(group, ctx, width), *_help(group, width)]
    lines += _options_panel(options, _option_rows(group, ctx), width)
    lines += _commands_panel(commands, group, ctx, width)
    return lines


def _typer_settings() -> tuple[str | None, bool | None]:
    """typer.rich_utils's TERMINAL_WIDTH and FORCE_TERMINAL: read from the environment when
    it is imported, as it reads them, else what it read then."""
    import sys

    imported = sys.modules.get("typer.rich_utils")
    if imported is not None:
        fixed = getattr(imported, "MAX_WIDTH", None)
        return (None if fixed is None else str(fixed)), getattr(imported, "FORCE_TERMINAL", None)
    environ = os.environ
    forced = True if environ.get("GITHUB_ACTIONS") or environ.get("FORCE_COLOR") or environ.get("PY_COLORS") else None
    if environ.get("_TYPER_FORCE_DISABLE_TERMINAL"):
        forced = False
    return environ.get("TERMINAL_WIDTH") or None, forced


def _rich_width() -> int:
    """The width of Typer's rich console when no width is fixed: COLUMNS, else the first of
    standard input, output and error that is a terminal, else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns) or 80
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


# The Typer releases whose panels this module lays out (their rich_utils draws a group's
# help alike; 0.26 and before show a choice's metavar and leave out a flag's otherwise);
# under any other, Typer draws them.
TYPERS = ("0.27.", "0.28.")


def draw(group: Any, ctx: Any) -> bool:
    """Write the group's help as Typer's rich panels would be written, if it can be laid
    out here (see the module's docstring); False, having written nothing, if not."""
    import typer

    fixed, forced = _typer_settings()
    if not fences.FAST or fixed is not None or not typer.__version__.startswith(TYPERS):
        return False
    try:
        lines = _group_help_lines(group, ctx, _rich_width())
    except _Unsure:
        return False
    return print_pieces(lines, forced)
