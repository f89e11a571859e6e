"""A large record read a round at a time (docs/format.md "Large records").

tomllib parses a whole record into Python tables about ten times its size, and a record at
the size limit holds tens of thousands of rounds. So a large record is split at its lines
`[[rounds]]` and each part is parsed when the replay comes to it. A part in the plain form
scorepad writes is read by `read_round`, a strict reader of that form alone, several times
faster than tomllib; anything else in a part (a comment, an escape, a key it does not know)
goes to tomllib, which stays the authority on what the TOML says.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

CHUNKED_FROM = 64 * 1024  # a record at least this large is parsed a round at a time

# A line that is only a `[[rounds]]` header, as scorepad writes it.
_ROUND_HEADER = re.compile(r"^\[\[rounds\]\][ \t]*\r?$", re.MULTILINE)


class Whole(Exception):
    """A record split at its `[[rounds]]` lines is not one round of its own per part: it
    must be parsed whole (and is then most likely refused)."""


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
        if len(text) < CHUNKED_FROM or '"""' in text or "'''" in text:
            return None
        starts = [m.start() for m in _ROUND_HEADER.finditer(text)]
        if not starts:
            return None
        head = _toml(text[: starts[0]])
        if "rounds" in head:
            raise Whole
        return cls(text, starts, head)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: int) -> dict[str, Any]:
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        part = self.text[self.starts[index] : end]
        table = read_round(part)
        if table is None:
            data = _toml(part)
            rounds = data.get("rounds")
            if len(data) != 1 or not isinstance(rounds, list) or len(rounds) != 1 or not isinstance(rounds[0], dict):
                raise Whole
            table = rounds[0]
        self.parsed = max(self.parsed, index + 1)
        return table

    def __setitem__(self, index: int, value: None) -> None:
        """Nothing to let go: a part is parsed when it is looked at."""

    def check_rest(self) -> None:
        """Parse the parts the replay did not come to: raises `Whole` if one is not a round."""
        for index in range(self.parsed, len(self.starts)):
            self[index]


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        raise Whole from None


# --- the plain form of a round, as scorepad writes it -----------------------------------------
#
# Only what tomli-w writes for a round, and the inline tables and one-line arrays a person
# might write instead: basic strings without escapes or control characters, keys bare or in
# such strings, whole numbers and decimals without signs other than a minus, underscores or
# exponents. Blank lines between statements; no comments (no pattern takes a # outside a
# string, nor a carriage return). Any other line: None, and tomllib reads the part.

_STRING = r'"[^"\\\x00-\x1f\x7f]*"'
_KEY = r'(?:[A-Za-z0-9_-]+|"[^"\\\x00-\x1f\x7f]*")'
# At most 18 digits each side: a longer number goes to tomllib (Python refuses to convert
# very long ones, and tomllib says so as an error).
_NUMBER = r"-?(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?"
_VALUE = f"(?:{_STRING}|{_NUMBER})"
# No two runs of blanks stand side by side in a pattern: a long run of blanks then fails
# in one pass, never trying every way to share it out.
_PAIR = re.compile(rf"({_KEY})[ \t]*=[ \t]*({_VALUE})")
_LINE_PAIR = re.compile(rf"{_PAIR.pattern}[ \t]*")
_INLINE = re.compile(rf"(hands|points)[ \t]*=[ \t]*\{{[ \t]*({_PAIR.pattern}(?:[ \t]*,[ \t]*{_PAIR.pattern})*)?[ \t]*\}}[ \t]*")
_OPENER = re.compile(rf"opener[ \t]*=[ \t]*({_STRING})[ \t]*")
_MOVES_OPEN = re.compile(r"moves[ \t]*=[ \t]*\[[ \t]*")
_MOVES_LINE = re.compile(rf"moves[ \t]*=[ \t]*\[[ \t]*((?:{_STRING}(?:[ \t]*,[ \t]*{_STRING})*(?:[ \t]*,)?)?)[ \t]*\][ \t]*")
_ITEM = re.compile(rf"[ \t]*({_STRING})(?:[ \t]*(,))?[ \t]*")
_ARRAY_END = re.compile(r"[ \t]*\][ \t]*")
_SUBTABLE = re.compile(r"\[[ \t]*rounds[ \t]*\.[ \t]*(hands|points)[ \t]*\][ \t]*")
_STRINGS = re.compile(_STRING)


def _value(text: str) -> str | int | float:
    if text[0] == '"':
        return text[1:-1]
    return float(text) if "." in text else int(text)


def _key(text: str) -> str:
    return text[1:-1] if text[0] == '"' else text


def _pairs(text: str) -> dict[str, Any] | None:
    """`k = v, k = v` of an inline table; None for a key given twice."""
    table: dict[str, Any] = {}
    for m in _PAIR.finditer(text):
        key = _key(m[1])
        if key in table:
            return None
        table[key] = _value(m[2])
    return table


def read_round(part: str) -> dict[str, Any] | None:
    """The round table of `part` (a `[[rounds]]` line and what follows it) when it is in
    the plain form; None otherwise (tomllib decides then)."""
    lines = part.split("\n")
    if lines[0].rstrip(" \t") != "[[rounds]]":
        return None
    table: dict[str, Any] = {}
    into: dict[str, Any] = table  # the table that `key = value` lines fill
    i, n = 1, len(lines)
    value: Any
    while i < n:
        line = lines[i]
        i += 1
        if not line.strip(" \t"):
            continue
        if into is table:
            if m := _OPENER.fullmatch(line):
                key, value = "opener", _value(m[1])
            elif m := _MOVES_LINE.fullmatch(line):
                key, value = "moves", [s[1:-1] for s in _STRINGS.findall(m[1])]
            elif _MOVES_OPEN.fullmatch(line):
                key, value = "moves", []
                while True:
                    if i >= n:
                        return None
                    line = lines[i]
                    i += 1
                    if _ARRAY_END.fullmatch(line):
                        break
                    item = _ITEM.fullmatch(line)
                    if item is None:
                        return None
                    value.append(item[1][1:-1])
                    # No comma: the array must end on the next line.
                    if item[2] is None and (i >= n or not _ARRAY_END.fullmatch(lines[i])):
                        return None
            elif m := _INLINE.fullmatch(line):
                key, value = m[1], _pairs(m[2] or "")
                if value is None:
                    return None
            elif m := _SUBTABLE.fullmatch(line):
                if m[1] in table:
                    return None
                into = table[m[1]] = {}
                continue
            else:
                return None
            if key in table:
                return None
            table[key] = value
            continue
        # Inside [rounds.hands] or [rounds.points]: pairs, or the other subtable.
        if m := _SUBTABLE.fullmatch(line):
            if m[1] in table:
                return None
            into = table[m[1]] = {}
            continue
        pair = _LINE_PAIR.fullmatch(line)
        if pair is None:
            return None
        key = _key(pair[1])
        if key in into:
            return None
        into[key] = _value(pair[2])
    return table
