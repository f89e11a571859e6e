"""The one way out to the terminal. Everything scorepad prints passes through here, so
text that came from a record, the command line or a pipe (player names, keys, moves as
typed) is shown as text: control and bidirectional-override characters are escaped
visibly, and nothing is read as rich markup.

Renderables built in `render.py` use `rich.text.Text` (never markup strings) for the same
reason; plain messages go through `echo`/`error`, which clean them first.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

MIN_WIDTH, MAX_WIDTH = 20, 400  # a terminal that claims more is clamped

# Characters that move the cursor, change the terminal or reorder text on screen.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _visible(ch: str) -> str:
    if ch == "\n" or ch == "\t":
        return ch
    if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return ch


def clean(text: object) -> str:
    """`text` safe to show: every control, format or bidi character written as an escape
    (`\\x1b`, `\\u202e`), so it is seen, never obeyed. Newlines and tabs stay."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(_visible(ch) for ch in s)


def width(default: int = 80) -> int:
    """The terminal's width, clamped: COLUMNS first (as rich does), then the terminal."""
    value = os.environ.get("COLUMNS", "")
    columns = int(value) if value.isascii() and value.isdigit() and len(value) < 7 else 0
    if not columns:
        try:
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError, AttributeError):
            columns = default
    return max(MIN_WIDTH, min(MAX_WIDTH, columns))


def console(stderr: bool = False) -> Console:
    """A rich console that never interprets markup or highlights, at a clamped width."""
    from rich.console import Console

    return Console(highlight=False, markup=False, emoji=False, stderr=stderr, width=width())


def echo(message: object = "", *, err: bool = False) -> None:
    """Print a plain line, cleaned."""
    stream = sys.stderr if err else sys.stdout
    _write(stream, clean(message) + "\n")


def error(message: object) -> None:
    """`scorepad: message` on standard error, cleaned."""
    echo(f"scorepad: {message}", err=True)


def _write(stream: Any, text: str) -> None:
    try:
        stream.write(text)
    except UnicodeEncodeError:
        # A terminal or pipe that cannot show every character: say it with what it can.
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, errors="backslashreplace").decode(encoding, errors="replace"))
    stream.flush()
