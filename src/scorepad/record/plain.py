"""The plain form of a round, as scorepad writes it, read without tomllib (docs/format.md
"Large records"): `read_round` gives the round's table, or None for anything else, which
tomllib then reads (record/chunks.py)."""

from __future__ import annotations

import re
from typing import Any

# Only what tomli-w writes for a round, and the inline tables and one-line arrays a person
# might write instead: basic strings without escapes or control characters, keys bare or in
# such strings, whole numbers and decimals without signs other than a minus, underscores or
# exponents. Blank lines between statements; no comments (no pattern takes a # outside a
# string, nor a carriage return). Any other line: None, and tomllib reads the part.

_STRING = r'"[^"\\\x00-\x1f\x7f]*"'
_KEY = r'(?:[A-Za-z0-9_-]++|"[^"\\\x00-\x1f\x7f]*")'
# At most 18 digits each side: a longer number goes to tomllib (Python refuses to convert
# very long ones, and tomllib says so as an error).
_NUMBER = r"-?(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?"
_VALUE = f"(?:{_STRING}|{_NUMBER})"
# Every run of blanks is taken whole (`*+`, never given back): a line that is not in the
# plain form then fails in one pass, never trying every way to share a run out (a run
# of blanks beside an optional part made it quadratic).
_PAIR = re.compile(rf"({_KEY})[ \t]*+=[ \t]*+({_VALUE})")
_LINE_PAIR = re.compile(rf"{_PAIR.pattern}[ \t]*+")
_INLINE = re.compile(
    rf"(hands|points)[ \t]*+=[ \t]*+\{{[ \t]*+({_PAIR.pattern}(?:[ \t]*+,[ \t]*+{_PAIR.pattern})*)?[ \t]*+\}}[ \t]*+"
)
_OPENER = re.compile(rf"opener[ \t]*+=[ \t]*+({_STRING})[ \t]*+")
_MOVES_OPEN = re.compile(r"moves[ \t]*+=[ \t]*+\[[ \t]*+")
_MOVES_LINE = re.compile(
    rf"moves[ \t]*+=[ \t]*+\[[ \t]*+((?:{_STRING}(?:[ \t]*+,[ \t]*+{_STRING})*(?:[ \t]*+,)?)?)[ \t]*+\][ \t]*+"
)
_ITEM = re.compile(rf"[ \t]*+({_STRING})(?:[ \t]*+(,))?[ \t]*+")
_ARRAY_END = re.compile(r"[ \t]*+\][ \t]*+")
_SUBTABLE = re.compile(r"\[[ \t]*+rounds[ \t]*+\.[ \t]*+(hands|points)[ \t]*+\][ \t]*+")
_STRINGS = re.compile(_STRING)
# A record's head exactly as scorepad writes it: its format, players and [rules] (strings,
# true and false, whole numbers; a list, such as a deal, is left to tomllib).
_HEAD = re.compile(
    rf"format = ({_STRING})\nplayers = \[\n((?:  {_STRING},\n)+)\]\n"
    rf"(?:\n\[rules\]\n((?:[a-z_]+ = (?:{_STRING}|true|false|-?(?:0|[1-9][0-9]{{0,17}}))\n)*))?\n*"
)
# A round exactly as scorepad writes it (tomli-w, indented by two), matched whole: an audit
# of a club's folder reads thousands, and matching them line by line was most of reading.
# Anything else is read line by line below.
_PAIR_LINE = f"{_KEY} = {_VALUE}\n"
_WRITTEN = re.compile(
    rf"\[\[rounds\]\]\nopener = ({_STRING})\nmoves = \[(?:\n((?:  {_STRING},\n)+))?\]\n"
    rf"(?:\n\[rounds\.hands\]\n((?:{_PAIR_LINE})+))?(?:\n\[rounds\.points\]\n((?:{_PAIR_LINE})+))?\n*"
)


def _value(text: str) -> str | int | float:
    if text[0] == '"':
        return text[1:-1]
    return float(text) if "." in text else int(text)


def _key(text: str) -> str:
    return text[1:-1] if text[0] == '"' else text


def _pairs(text: str) -> dict[str, Any] | None:
    """`k = v, k = v` of an inline table (or `k = v` lines matched already); None for a key
    given twice."""
    table: dict[str, Any] = {}
    for m in _PAIR.finditer(text):
        key = _key(m[1])
        if key in table:
            return None
        table[key] = _value(m[2])
    return table


def read_head(text: str) -> dict[str, Any] | None:
    """The table of a record's text before its first round when it is written as scorepad
    writes it; None otherwise (tomllib decides then)."""
    head = _HEAD.fullmatch(text)
    if head is None:
        return None
    table: dict[str, Any] = {"format": head[1][1:-1], "players": head[2][3:-3].split('",\n  "')}
    if head[3] is not None:
        rules: dict[str, Any] = {}
        for line in head[3].split("\n")[:-1]:  # str.splitlines would part at U+2028 and the like
            key, _, value = line.partition(" = ")
            if key in rules:
                return None
            rules[key] = value == "true" if value in ("true", "false") else value[1:-1] if value[0] == '"' else int(value)
        table["rules"] = rules
    return table


def read_round(part: str) -> dict[str, Any] | None:
    """The round table of `part` (a `[[rounds]]` line and what follows it) when it is in
    the plain form; None otherwise (tomllib decides then)."""
    written = _WRITTEN.fullmatch(part)
    if written is not None:
        # `  "move",` lines: no string holds a quote, so they part only where one ends.
        moves = written[2][3:-3].split('",\n  "') if written[2] is not None else []
        table: dict[str, Any] = {"opener": written[1][1:-1], "moves": moves}
        for key, lines in (("hands", written[3]), ("points", written[4])):
            if lines is not None:
                pairs = _pairs(lines)  # each line one pair, as in an inline table
                if pairs is None:
                    return None  # as _read_lines finds it
                table[key] = pairs
        return table
    return _read_lines(part)


def _read_lines(part: str) -> dict[str, Any] | None:
    """`read_round` for any plain form: line by line."""
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
