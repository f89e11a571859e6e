"""A large record read a round at a time (docs/format.md "Large records").

tomllib parses a whole record into Python tables about ten times its size, and a record at
the size limit holds tens of thousands of rounds. So a large record is split at its lines
`[[rounds]]` and each part is parsed when the replay comes to it. A part in the plain form
scorepad writes is read by `plain.read_round`, a strict reader of that form alone, several
times faster than tomllib; anything else in a part (a comment, an escape, a key it does not
know) goes to tomllib, which stays the authority on what the TOML says. Nothing here is
compiled at import: a small record never needs it.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from scorepad import fences

CHUNKED_FROM = 64 * 1024  # a record at least this large is parsed a round at a time
# Records read so far in this process, in characters. Compiling the plain reader's patterns
# costs more than it saves on one small record, but a process that reads many (`audit` or
# `stats` of a club's folder) pays it once: from CHUNKED_FROM read on, every record is read
# a round at a time.
_read_so_far = 0
# The most text tomllib is ever handed at once, whole record or part of one: it builds
# tables 10 to 30 times the size of the text (about 14 for rounds written as one inline
# array). A larger record that cannot be read a round at a time is refused on reading.
MAX_WHOLE = 1024 * 1024

# A `[[rounds]]` header, as scorepad writes it, up to the line's end; only one that starts
# a line counts. Without a `^` first the pattern starts with its literal, which the search
# looks for as a whole rather than trying the pattern at every character.
_ROUND_HEADER = r"\[\[rounds\]\][ \t]*\r?$"


class Whole(Exception):
    """A record split at its `[[rounds]]` lines is not one round of its own per part: it
    must be parsed whole (and is then most likely refused). `line`: where the part that
    is not starts."""

    def __init__(self, line: int = 1) -> None:
        super().__init__(line)
        self.line = line


class Chunks:
    """A large record's rounds, each parsed when the replay comes to it, so that the parsed
    tables of the whole record are never held at once.

    Split at every line that is only `[[rounds]]`. That is the same TOML as the whole text
    when each part holds exactly one round and nothing else: a part that says more (a
    table of the top level after the rounds, a second header written differently) or is
    not TOML raises `Whole`. A text with a multi-line string is never split: a line
    `[[rounds]]` could be inside one."""

    def __init__(self, text: str, starts: list[int], head: dict[str, Any]) -> None:
        self.text = text
        self.starts = starts
        self.head = head
        self.parsed = 0  # parts parsed so far, in order

    @classmethod
    def split(cls, text: str) -> Chunks | None:
        global _read_so_far
        _read_so_far += len(text)
        if not fences.FAST and len(text) <= MAX_WHOLE:
            return None  # tomllib reads it whole
        if _read_so_far < CHUNKED_FROM:
            return None
        from scorepad.record import tomltext

        if tomltext.holds_multi_line_string(text):
            return None
        starts = [at for m in re.finditer(_ROUND_HEADER, text, re.MULTILINE) if (at := m.start()) == 0 or text[at - 1] == "\n"]
        if not starts:
            return None
        from scorepad.record import plain

        head = plain.read_head(text[: starts[0]]) if fences.FAST else None
        if head is None:
            head = parse_part(text[: starts[0]])
        if "rounds" in head:
            raise Whole
        return cls(text, starts, head)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: int) -> dict[str, Any]:
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        from scorepad.record import plain

        part = self.text[self.starts[index] : end]
        table = plain.read_round(part) if fences.FAST else None
        if table is None:
            try:
                data = parse_part(part)
            except Whole:
                raise Whole(self.text.count("\n", 0, self.starts[index]) + 1) from None
            rounds = data.get("rounds")
            if len(data) != 1 or not isinstance(rounds, list) or len(rounds) != 1 or not isinstance(rounds[0], dict):
                raise Whole(self.text.count("\n", 0, self.starts[index]) + 1)
            table = rounds[0]
        self.parsed = max(self.parsed, index + 1)
        return table

    def __setitem__(self, index: int, value: None) -> None:
        """Nothing to let go: a part is parsed when it is looked at."""

    def check_rest(self) -> None:
        """Parse the parts the replay did not come to: raises `Whole` if one is not a round."""
        for index in range(self.parsed, len(self.starts)):
            self[index]


def parse_part(text: str) -> dict[str, Any]:
    """A part of a record parsed alone by tomllib; `Whole` where it cannot be."""
    if len(text) > MAX_WHOLE:
        # A long comment, or many blank lines: what tomllib would read of them is nothing.
        from scorepad.record import tomltext

        shorter = tomltext.without_comments(text)
        if shorter is None or len(shorter) > MAX_WHOLE:
            raise Whole
        text = shorter
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        raise Whole from None
