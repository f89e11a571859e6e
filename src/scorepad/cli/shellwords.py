"""Words of a shell's command line, read and written for completion.

A completion candidate comes from the record (a player's name), and a record may come
from anyone: a name such as `x$(touch pwned)`, `Ann Lee` or `*` must reach the command
line as one literal word, never as shell code, two words or a pattern. zsh and fish quote
what their completion adds themselves; bash puts each candidate on the line exactly as it
is given, and PowerShell does the same, so for them the candidate is quoted here, for the
quoting the line is in where the cursor is.

A text with a control character (a newline, an escape sequence, a tab) is never a
candidate: it would be a second line of the command, or move the cursor and recolour the
terminal when the shell lists the candidates."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Characters bash reads as themselves anywhere in a word (shlex's set, and letters and
# digits of every script). `~` and `=` are left out: bash expands a leading `~`, and
# `~` after `=` or `:` in a word that looks like an assignment.
_BASH_PLAIN = re.compile(r"[-\w@%+,./]+")
_POWERSHELL_PLAIN = re.compile(r"[\w./][-\w./]*")
# PowerShell ends a single-quoted string at any of these, not only at `'`.
_POWERSHELL_SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b"
# Bidirectional controls reorder what is shown: a name could look like another.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
BASH_BREAKS = " \t\n\"'><=;|&(:"  # bash's COMP_WORDBREAKS unless the user changed it


def completable(text: str) -> bool:
    """Whether `text` may be offered at all: no control characters, no line breaks."""
    return not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI for c in text)


@dataclass(frozen=True)
class Line:
    """A command line up to the cursor, read as a POSIX shell reads it."""

    words: list[str]  # the words before the one being typed, quotes removed
    value: str  # the word being typed, quotes removed
    raw: str  # the same word as it is written on the line
    quote: str  # `'`, `"` or `$'` (bash's ANSI-C quote) if the cursor is inside it, else ""
    opened: int  # where in `raw` that quote opens (-1 if none), at the `$` of `$'` or `$"`
    escaped: bool  # the line ends in a backslash that escapes what comes next
    # A backslash inside `$'...'`: readline, which knows only `'` and `"`, reads the quotes
    # of the line otherwise than bash, and would put a candidate where bash reads it in
    # another quote.
    misread: bool = False


def read_line(line: str) -> Line:
    """Split `line` into words without expanding anything; an open quote or a trailing
    backslash is kept as the state the last word is in.

    `$'...'` is bash's ANSI-C quote, where a backslash escapes `'` too: a name quoted as
    for `'...'` would end it early and run the rest. `$"..."` is read as `"...". After an
    even run of `$` (`$$` is the shell's process id) the quote is a plain one."""
    words: list[str] = []
    value: list[str] = []
    start, quote, opened, escaped, in_word, dollars, misread = 0, "", -1, False, False, 0, False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
            if quote == "$'":
                value.append(char if char in "\\'\"?" else "\\" + char)  # other escapes are not decoded
            elif quote == '"' and char not in '$`"\\\n':
                value.append("\\" + char)  # in double quotes a backslash stays before others
            elif char != "\n":  # a backslash and a newline are no character at all
                value.append(char)
            continue
        if quote == "'":
            if char == "'":
                quote = ""
            else:
                value.append(char)
        elif quote == "$'":
            if char == "'":
                quote = ""
            elif char == "\\":
                escaped = misread = True
            else:
                value.append(char)
        elif quote == '"':
            if char == '"':
                quote = ""
            elif char == "\\":
                escaped = True
            else:
                value.append(char)
        elif char in " \t\n":
            if in_word:
                words.append("".join(value))
                value, in_word = [], False
        else:
            if not in_word:
                start, in_word = index, True
            if char in "'\"" and dollars % 2:
                value.pop()  # the `$` belongs to the quote
                quote, opened = ("$'" if char == "'" else '"'), index - 1
            elif char in "'\"":
                quote, opened = char, index
            elif char == "\\":
                escaped = True
            else:
                value.append(char)
            dollars = dollars + 1 if char == "$" else 0
            continue
        dollars = 0
    raw = line[start:] if in_word else ""
    return Line(words, "".join(value), raw, quote, opened - start if quote else -1, escaped, misread)


def bash_quote(text: str) -> str:
    """`text` as one bash word: bare if nothing in it is special, else in single quotes."""
    if text and _BASH_PLAIN.fullmatch(text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def _inside_double_quotes(text: str) -> str:
    """`text` continued inside an open double quote, and the quote closed. A `!` leaves
    the quote for a moment: bash expands history at `!` even between double quotes, and a
    backslash before it would stay in the word."""
    out = []
    for char in text:
        if char == "!":
            out.append("\"'!'\"")
        elif char in '$`"\\':
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out) + '"'


def _replaced(raw: str, quote: str, breaks: str) -> int:
    """Where in the word `raw` the text begins that bash's readline replaces with a
    candidate: after the quote the cursor is in, else after the last word-break character
    outside quotes (`=` in `--by=A`), else the whole word."""
    if quote:
        return -1  # the caller knows where the quote opened
    cut, inside, escaped = 0, "", False
    for index, char in enumerate(raw):
        if escaped:
            escaped = False
        elif inside:
            if char == inside:
                inside = ""
            elif char == "\\" and inside == '"':
                escaped = True
        elif char == "\\":
            escaped = True
        elif char in "'\"":
            inside = char
        elif char in breaks:
            cut = index + 1
    return cut


def bash_candidate(word: str, line: Line, breaks: str = BASH_BREAKS) -> str | None:
    """What bash must put in place of what readline replaces for the whole word `word` to
    stand on the line, one literal word; None if that cannot be done safely here."""
    if line.escaped or line.misread or not completable(word):
        return None
    if line.quote:
        before = read_line(line.raw[: line.opened]).value if line.opened else ""
        if not word.startswith(before):
            return None
        rest = word[len(before) :]
        # readline closes the quote itself unless the text ends with it: it always does.
        if line.quote == "'":
            return rest.replace("'", "'\\''") + "'"
        if line.quote == "$'":
            return rest.replace("\\", "\\\\").replace("'", "\\'") + "'"
        return _inside_double_quotes(rest)
    cut = _replaced(line.raw, "", breaks)
    before = read_line(line.raw[:cut]).value if cut else ""
    if not word.startswith(before):
        return None
    rest = word[len(before) :]
    if cut and not rest:
        return "''"
    return bash_quote(rest)


def powershell_quote(text: str) -> str | None:
    """`text` as one PowerShell argument: bare if plain, else in single quotes (every kind
    of single quote doubled). None for a text with a double quote: Windows PowerShell
    passes it to a native program so that the program reads other words."""
    if not completable(text) or '"' in text:
        return None
    if _POWERSHELL_PLAIN.fullmatch(text):
        return text
    quoted = "".join(c + c if c in _POWERSHELL_SINGLE_QUOTES else c for c in text)
    return "'" + quoted + "'"


def powershell_unquoted(word: str) -> str:
    """The value of the word PowerShell is completing, as typed: `'Ann L` is `Ann L`."""
    if word[:1] in _POWERSHELL_SINGLE_QUOTES:
        body = word[1:]
        closing = len(body) - len(body.rstrip(_POWERSHELL_SINGLE_QUOTES))
        if closing % 2:  # an odd run at the end closes the string
            body = body[:-1]
        return re.sub("([" + _POWERSHELL_SINGLE_QUOTES + "])[" + _POWERSHELL_SINGLE_QUOTES + "]", r"\1", body)
    if word[:1] == '"':
        return word[1:].rstrip('"')
    return word
