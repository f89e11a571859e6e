"""Where a TOML text's strings and comments lie, found as TOML reads them, so that a guard
looking at the raw text (a key of many dotted parts, a multi-line string, a long comment)
never takes what is inside a string or a comment for what is outside.

In valid TOML a `"`, a `'` or a `#` outside every string and comment always starts one,
so reading from the start, one string or comment after another, finds them exactly as
tomllib does. Text that is not valid TOML is read the same way up to the first string
that does not end; tomllib refuses the text at or before that point, and `spans` stops
there (`Spans.ended` False), so a guard never decides on what follows it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Compiled when first needed (re keeps them): a record without such a guard needs none.
_OPENING = r"[\"'#]"
_SPAN = {
    # A multi-line string ends at the first three quotes not escaped; one or two more
    # quotes right after them belong to it.
    '"""': r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+"""(?:""?)?',
    "'''": r"'''[\s\S]*?'''(?:''?)?",
    '"': r'"(?:[^"\\\n]++|\\.)*+"',
    "'": r"'[^'\n]*+'",
    # A comment holds no control character but a tab: one that does is not TOML, and the
    # comment is taken to end there, so what tomllib refuses stays in the text.
    "#": r"#[^\x00-\x08\x0a-\x1f\x7f]*+",
}


class Span(NamedTuple):
    start: int
    end: int
    kind: str  # '"""', "'''", '"', "'" or "#"


class Spans(NamedTuple):
    found: list[Span]
    ended: bool  # False: a string did not end; nothing after its start was read
    read_to: int  # the text's length, or where the string that does not end starts


def spans(text: str) -> Spans:
    """Every string and comment of `text`, in order."""
    opening = re.compile(_OPENING)
    found: list[Span] = []
    at = 0
    while (start := opening.search(text, at)) is not None:
        begin = start.start()
        kind = text[begin : begin + 3] if text.startswith(('"""', "'''"), begin) else text[begin]
        span = re.compile(_SPAN[kind]).match(text, begin)
        if span is None:
            return Spans(found, False, begin)
        found.append(Span(begin, span.end(), kind))
        at = span.end()
    return Spans(found, True, len(text))


def holds_multi_line_string(text: str) -> bool:
    """Whether `text` holds a multi-line string (or a string that does not end, which might
    be one): three quotes inside a one-line string or a comment are not one."""
    if '"""' not in text and "'''" not in text:
        return False
    found, ended, _read_to = spans(text)
    return not ended or any(span.kind in ('"""', "'''") for span in found)


def masked(text: str) -> str:
    """`text` with every string written as `x`s and every comment as blanks, each as long as
    it was and its line breaks kept, so that a pattern matches only outside them and at
    the same places. Where a string does not end, only the text before it (tomllib never
    reads further)."""
    found, _ended, read_to = spans(text)
    pieces: list[str] = []
    at = 0
    for start, end, kind in found:
        pieces.append(text[at:start])
        inside = text[start:end]
        if kind == "#":
            pieces.append(" " * len(inside))
        else:
            pieces.append(re.sub(r"[^\n]", "x", inside) if "\n" in inside else "x" * len(inside))
        at = end
    pieces.append(text[at:read_to])
    return "".join(pieces)


def without_comments(text: str) -> str | None:
    """`text` as tomllib reads it but shorter: comments, lines of nothing but blanks and
    runs of blanks outside strings left out (TOML gives none of them a meaning, and no
    line break of a multi-line array is needed). None when the text holds a multi-line
    string (whose lines are its value) or a string that does not end."""
    text = text.replace("\r\n", "\n")  # as tomllib reads it
    found, ended, _read_to = spans(text)
    if not ended or any(span.kind in ('"""', "'''") for span in found):
        return None
    blanks = re.compile(r"[ \t]+")
    empty_lines = re.compile(r"\n[ \t]*(?=\n)")
    pieces: list[str] = []
    at = 0
    for start, end, kind in found:
        pieces.append(blanks.sub(" ", text[at:start]))
        if kind != "#":
            pieces.append(text[start:end])
        at = end
    pieces.append(blanks.sub(" ", text[at:]))
    return empty_lines.sub("", "".join(pieces))
