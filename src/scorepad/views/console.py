"""The one way out to the terminal. Everything scorepad prints passes through here, so
text that came from a record, the command line or a pipe (player names, keys, moves as
typed) is shown as text: control, format and bidirectional characters are escaped
visibly (`\\x1b`, `\\u202e`), and nothing is read as rich markup.

The boundary is this module, not the callers:

- `echo`/`error` clean every message before writing it;
- `console()` returns a rich console that never reads markup and cleans the text of every
  segment it renders (rich's own control segments, such as cursor moves, are left alone),
  so a renderable that carries raw user text still cannot reach the terminal raw;
  the views also build `rich.text.Text` (never markup strings), so widths are right;
- `json_line` writes JSON with the same characters escaped as JSON escapes;
- `shown` is for the few texts written by other means (the live prompt given to `input`).

Output also survives a stream that cannot encode everything (an ASCII or Latin-1
terminal or pipe): such characters get readable ASCII stand-ins (`◀` as `<`, `½` as
` 1/2`, `Ł` as `L`), else a backslash escape, never a crash.
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from scorepad import fences

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.segment import Segment

    from scorepad.views.styled import Styled, StyledLines

MIN_WIDTH, MAX_WIDTH = 20, 400  # a terminal that claims more is clamped
MAX_LINES = 1000

# Characters that move the cursor, change the terminal or reorder text on screen, and
# the invisible ones that make two names look alike.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def unsafe(ch: str) -> bool:
    """True for a character that must never reach a terminal as itself."""
    if ch == "\n" or ch == "\t":
        return False
    return ch in _BIDI or unicodedata.category(ch) in _UNSAFE_CATEGORIES


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def clean(text: object) -> str:
    """`text` safe to show: every control, format or bidi character written as an escape
    (`\\x1b`, `\\u202e`), so it is seen, never obeyed. Newlines and tabs stay.
    Cleaning clean text changes nothing."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(_escape(ch) if unsafe(ch) else ch for ch in s)


# --- streams that cannot encode everything ------------------------------------------------

# Stand-ins for the characters scorepad itself writes, and for letters that have no
# decomposition into an ASCII letter and a mark.
_STAND_INS = {
    "◀": "<",
    "▶": ">",
    "½": " 1/2",
    "·": "-",
    "…": "...",
    "—": "-",
    "–": "-",
    "×": "x",
    "─": "-",
    "━": "-",
    "│": "|",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "≥": ">=",
    "≤": "<=",
    "Ł": "L",
    "ł": "l",
    "ß": "ss",
    "Ø": "O",
    "ø": "o",
    "Æ": "AE",
    "æ": "ae",
    "Œ": "OE",
    "œ": "oe",
    "Đ": "D",
    "đ": "d",
    "Þ": "Th",
    "þ": "th",
    "ı": "i",
    "\u00a0": " ",
}


def _encodable(text: str, encoding: str) -> str:
    """`text` with what `encoding` cannot hold replaced by a stand-in, the letter without
    its accents, or a backslash escape."""
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
            continue
        except (UnicodeEncodeError, LookupError):
            pass
        stand_in = _STAND_INS.get(ch)
        if stand_in is None:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            try:
                stand_in = base.encode(encoding).decode(encoding) if base else None
            except (UnicodeEncodeError, LookupError):
                stand_in = None
        out.append(stand_in if stand_in else _escape(ch))
    return "".join(out)


def _is_unicode(encoding: str | None) -> bool:
    if not encoding:
        return False
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def shown(text: object, stream: Any = None) -> str:
    """`text` cleaned and made writable to `stream` (standard output by default)."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    s = clean(text)
    return s if _is_unicode(encoding) else _encodable(s, encoding)


# --- width --------------------------------------------------------------------------------


def _digits(value: str, limit: int) -> int:
    """A size from the environment: plain ASCII digits (not `²`, `-5`, `1e9`), at most
    `limit`; 0 when it is not one."""
    value = value.strip()
    if not (value.isascii() and value.isdigit()):
        return 0
    return limit if len(value) > len(str(limit)) else min(int(value), limit)


def width(default: int = 80) -> int:
    """The terminal's width, clamped: COLUMNS first (as rich does), then the terminal.
    COLUMNS that is not plain ASCII digits is ignored; an absurd one is clamped."""
    columns = _digits(os.environ.get("COLUMNS", ""), MAX_WIDTH)
    if not columns:
        try:
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError, AttributeError):
            columns = default
    return max(MIN_WIDTH, min(MAX_WIDTH, columns))


def sane_environment() -> None:
    """Make COLUMNS and LINES safe for every library that reads them (rich, typer's help):
    `²` passes `str.isdigit()` but not `int()`, and 100000000 columns is no terminal."""
    for name, limit in (("COLUMNS", MAX_WIDTH), ("LINES", MAX_LINES)):
        value = os.environ.get(name)
        if value is None:
            continue
        size = _digits(value, limit)
        if size:
            os.environ[name] = str(size)
        else:
            del os.environ[name]


STAND_IN_ERRORS = "scorepad-stand-in"


def _stand_in(problem: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what the stream cannot encode, as _encodable's ASCII stand-ins
    (the codec is not named to the handler: a KOI8-R stream's is "charmap")."""
    if not isinstance(problem, UnicodeEncodeError):
        raise problem
    return _encodable(problem.object[problem.start : problem.end], "ascii"), problem.end


def tolerant_streams() -> None:
    """Let standard output and error take any text on a stream that cannot encode every
    character (PYTHONIOENCODING=ascii, LC_ALL=C, a KOI8-R terminal): what the libraries
    print themselves (the help screens) gets the same stand-ins as scorepad's own output."""
    codecs.register_error(STAND_IN_ERRORS, _stand_in)
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if encoding and not _is_unicode(encoding):
            try:
                stream.reconfigure(errors=STAND_IN_ERRORS)  # type: ignore[union-attr]
            except (AttributeError, ValueError, io.UnsupportedOperation):
                pass


def _environment() -> dict[str, str]:
    """The environment as a console should see it: COLUMNS and LINES sane."""
    environ = dict(os.environ)
    environ["COLUMNS"] = str(width())
    lines = _digits(environ.pop("LINES", ""), MAX_LINES)
    if lines:
        environ["LINES"] = str(lines)
    return environ


# --- rich ---------------------------------------------------------------------------------


def _safe_console_class() -> type[Console]:
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        """A rich console whose every rendered text segment is cleaned and encodable."""

        def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterator[Segment]:
            encoding = self.encoding
            fallback = not _is_unicode(encoding)
            line: list[Segment] = []
            for segment in super().render(renderable, options):
                text = segment.text
                if text == "\n":
                    yield from _without_trailing_blanks(line)
                    line = []
                    yield segment
                    continue
                if "\n" in text and not segment.control and (segment.style is None or segment.style.bgcolor is None):
                    # rich's wrap of unstyled text: one segment with its line breaks inside
                    *ended, going_on = text.split("\n")  # the last part goes on in the next segment
                    text = "\n".join([*(part.rstrip(" ") for part in ended), going_on])
                    segment = Segment(text, segment.style, segment.control)
                if segment.control or (text.isprintable() and not fallback):
                    line.append(segment)
                    continue
                text = clean(text)
                if fallback:
                    text = _encodable(text, encoding)
                line.append(Segment(text, segment.style, segment.control))
            yield from _without_trailing_blanks(line)

    def _without_trailing_blanks(line: list[Any]) -> list[Any]:
        """A line without the blanks rich pads it with or leaves at a wrap: they show
        nothing on a screen, but a copied line or a captured log keeps them. Blanks with a
        background colour (a tile's face) are drawn, so they stay."""
        while line:
            last = line[-1]
            if last.control or (last.style is not None and last.style.bgcolor is not None):
                break
            kept = last.text.rstrip(" ")
            if kept:
                line[-1] = Segment(kept, last.style, last.control)
                break
            line.pop()
        return line

    return SafeConsole


_SafeConsole = None


def console(stderr: bool = False) -> Console:
    """A rich console that never interprets markup or highlights, cleans what it shows,
    and is as wide as the terminal, clamped."""
    global _SafeConsole
    if _SafeConsole is None:
        _SafeConsole = _safe_console_class()
    return _SafeConsole(highlight=False, markup=False, emoji=False, stderr=stderr, width=width(), _environ=_environment())


# --- styled text without rich --------------------------------------------------------------

# What rich writes for the styles the status uses (views/status.py): its SGR codes, in
# rich's order (the attributes, then the colour, then the background). A style with any
# other word is left to rich.
_ATTRIBUTE_CODES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4"}
_COLOUR_NUMBERS = {"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7}
# Characters one column wide for rich as for a terminal (a test checks them against rich):
# the printable Latin ones, and what the status draws besides.
_NARROW = frozenset(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x300)])) | frozenset("…◀▶–—‘’“”„")


class _Unsure(Exception):
    """Only rich knows how this looks."""


def _sgr(styles: list[str], colour: bool) -> str:
    """The SGR codes rich writes for these styles combined (a later colour wins)."""
    attributes: set[str] = set()
    colours: list[int | None] = [None, None]  # foreground, background
    for style in styles:
        words = style.split()
        while words:
            word = words.pop(0)
            background = word == "on"
            if background:
                if not words:
                    raise _Unsure
                word = words.pop(0)
            if word in _ATTRIBUTE_CODES and not background:
                attributes.add(word)
            elif word in _COLOUR_NUMBERS:
                colours[background] = _COLOUR_NUMBERS[word]
            else:
                raise _Unsure
    codes = [code for name, code in _ATTRIBUTE_CODES.items() if name in attributes]
    if colour:
        codes.extend(str(base + number) for base, number in zip((30, 40), colours) if number is not None)
    return ";".join(codes)


def _how_rich_would_style(stream: Any, forced: bool | None = None) -> str:
    """ "plain", "colour" or "no-colour": how a rich console (`console()`) would write to
    `stream`, following rich's own tests (FORCE_COLOR, TTY_COMPATIBLE, a terminal, TERM,
    NO_COLOR); `forced` is the console's `force_terminal`. Raises _Unsure where rich looks
    at more (Windows, Jupyter, IDLE)."""
    import builtins

    if os.name == "nt" or hasattr(builtins, "get_ipython") or getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        raise _Unsure
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE", "")
    force = environ.get("FORCE_COLOR")
    if forced is not None:
        terminal = forced
    elif compatible in ("0", "1"):
        terminal = compatible == "1"
    elif force is not None:
        terminal = force != ""
    else:
        try:
            terminal = bool(stream.isatty())
        except (AttributeError, ValueError):
            terminal = False
    if not terminal or environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return "plain"
    return "no-colour" if environ.get("NO_COLOR", "") != "" else "colour"


def _as_rich_writes(text: Styled, outer: str, mode: str, columns: int) -> str:
    """`text` as rich writes it when every line fits `columns` as it is (nothing to wrap,
    clean or pad); raises _Unsure otherwise. rich splits a text at its newlines and
    each line's stretches at every start and end of a style, and writes each piece with
    the styles over it combined: the outer style, the text's own, then its stretches in
    the order they were added."""
    plain = text.plain
    lines = plain.split("\n")
    for line in lines:
        if not line or line.endswith(" ") or len(line) > columns or not _NARROW.issuperset(line):
            raise _Unsure
    if mode == "plain":
        return plain + "\n"
    stretches = text.stretches
    if any(start >= end for start, end, _style in stretches):
        raise _Unsure  # an empty stretch splits a piece in rich on one line, not on several
    out = []
    start = 0
    for line in lines:
        end = start + len(line)
        inside = [(max(s, start), min(e, end), style) for s, e, style in stretches if min(e, end) > max(s, start)]
        cuts = sorted({start, end, *(s for s, _e, _style in inside), *(e for _s, e, _style in inside)})
        for left, right in itertools.pairwise(cuts):
            styles = [outer, text.style, *(style for s, e, style in inside if s <= left and right <= e)]
            codes = _sgr([style for style in styles if style], mode == "colour")
            piece = plain[left:right]
            out.append(f"\x1b[{codes}m{piece}\x1b[0m" if codes else piece)
        out.append("\n")
        start = end + 1
    return "".join(out)


def print_styled(shown: Styled | StyledLines, style: str = "") -> None:
    """Print styled text (views/styled.py) on standard output, each text in `style` too,
    exactly as `console().print(shown, style=style)` would: written here when rich would
    only write each line as it is, else by rich. The status after a move is shown so,
    without importing rich, the largest part of recording a move's time."""
    from scorepad.views.styled import Styled

    texts = [shown] if isinstance(shown, Styled) else list(shown)
    stream = sys.stdout
    try:
        if not fences.FAST or stream is None or not _is_unicode(getattr(stream, "encoding", None) or "utf-8"):
            raise _Unsure
        mode = _how_rich_would_style(stream)
        columns = width()
        written = "".join(_as_rich_writes(text, style, mode, columns) for text in texts)
    except _Unsure:
        console().print(shown, style=style or None)
        return
    _write(stream, written)


def narrow(text: str) -> bool:
    """Whether every character of `text` is one that rich and a terminal both give one column."""
    return _NARROW.issuperset(text)


# A line as rich's segments make it: pieces of text, each with the rich styles over it in
# the order rich combines them ("bold", "bold cyan").
Pieces = list[tuple[str, tuple[str, ...]]]
Line = Pieces


def print_pieces(lines: list[Line], forced: bool | None = None) -> bool:
    """Write `lines` on standard output as a rich console (with `force_terminal=forced`)
    writes segments: each piece with its styles' SGR codes of its own, in colour or not as
    rich decides, each line ended by a newline. False, with nothing written, where rich
    would write otherwise (not UTF-8, a dumb terminal, Windows) or a style is not one
    `_sgr` knows."""
    stream = sys.stdout
    try:
        if not fences.FAST or stream is None or not _is_unicode(getattr(stream, "encoding", None) or "utf-8"):
            raise _Unsure
        if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
            raise _Unsure  # rich takes such a terminal as 80 columns
        mode = _how_rich_would_style(stream, forced)
        out = []
        for line in lines:
            for text, styles in line:
                if not text:
                    continue  # rich writes no segment that is empty
                codes = "" if mode == "plain" or not styles else _sgr(list(styles), mode == "colour")
                out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes else text)
            out.append("\n")
    except _Unsure:
        return False
    _write(stream, "".join(out))
    return True


# --- plain lines --------------------------------------------------------------------------


def wrapped(text: str, columns: int, indent: str = "") -> str:
    """`text` broken into lines of at most `columns` on word boundaries (a word longer
    than a line, an option name or a path, stays whole); each line of `text` on its own,
    continuation lines after the first indented by `indent`."""
    import textwrap

    lines = []
    for line in text.split("\n"):
        if len(line) <= columns:
            lines.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]  # a line's own indent is kept
        lines.extend(
            textwrap.wrap(
                line,
                columns,
                initial_indent="",
                subsequent_indent=lead + indent,
                break_long_words=False,
                break_on_hyphens=False,
                drop_whitespace=True,
            )
            or [""]
        )
    return "\n".join(lines)


def command_lines(parts: Sequence[str], columns: int, *, shell: bool) -> list[str]:
    """A command to copy, in lines of at most `columns` where its parts allow: broken only
    between parts (a move in quotes stays whole; a part longer than a line, a path, has
    one of its own), the lines after the first indented past the repair's number;
    for a shell each but the last ends in ` \\`, so the lines pasted are one command."""
    first = parts[0]
    indent = " " * 5  # under the command, past its number
    out: list[str] = []
    line = first
    for k, part in enumerate(parts[1:], 2):
        room = columns - (2 if shell and k < len(parts) else 0)
        if len(line) + 1 + len(part) <= room:
            line += " " + part
        else:
            out.append(line + (" \\" if shell else ""))
            line = indent + part
    out.append(line)
    return out


def echo(message: object = "", *, err: bool = False, wrap: bool = True, indent: str = "") -> None:
    """Print a plain line, cleaned, wrapped at the terminal's width on word boundaries.
    Machine-readable output (JSON, CSV) passes `wrap=False`."""
    stream = sys.stderr if err else sys.stdout
    text = clean(message)
    if wrap:
        text = wrapped(text, width(), indent)
    _write(stream, text + "\n")


def lines(shown: Iterable[str]) -> None:
    """Plain lines on standard output, cleaned, never wrapped, written a few thousand at a
    time: for output too long to lay out with rich (tables.STREAM_ROWS)."""
    batch: list[str] = []
    for line in shown:
        batch.append(line)
        if len(batch) == 4096:
            _write(sys.stdout, _cleaned(batch))
            batch.clear()
    if batch:
        _write(sys.stdout, _cleaned(batch))


def _cleaned(batch: list[str]) -> str:
    """Lines as `lines` writes them: joined, each cleaned. Most batches are printable
    through and through, which one look at the whole tells; else a line at a time."""
    text = "\n".join(batch)
    if text.replace("\n", "").isprintable():
        return text + "\n"
    return "\n".join(map(clean, batch)) + "\n"


class Spool:
    """Plain lines as `lines` writes them, kept until they may be shown: a view made
    while a record is read is shown only once the record has been read whole (a record
    refused halfway shows nothing but why). Past a batch the lines go, cleaned, into an
    unnamed temporary file rather than memory (a record at the size limit logs about 15 MB
    of lines). `raw`: pieces of text written as they are (one long line of JSON), past
    RAW_BATCH characters into that file. If that file cannot be written (a full disk), `failed` says so and nothing
    is kept: the caller makes its lines again the slow way."""

    BATCH = 4096  # lines, as `lines` writes them
    RAW_BATCH = 256 * 1024  # characters of text written as it is (`raw`)

    def __init__(self, raw: bool = False) -> None:
        self.batch: list[str] = []
        self.file: Any = None
        self.failed = False
        self.raw = raw  # text already as it is to be written (JSON), not lines to clean
        self.size = 0  # characters in the batch, when raw

    def add(self, shown: Iterable[str]) -> None:
        if self.failed:
            return
        batch = self.batch
        if self.raw:
            for text in shown:
                batch.append(text)
                self.size += len(text)
            if self.size >= self.RAW_BATCH:
                self._flush()
            return
        batch.extend(shown)
        if len(batch) >= self.BATCH:
            self._flush()

    def _flush(self) -> None:
        try:
            if self.file is None:
                import tempfile

                # Only "\n" ends a line in the file: cleaned text holds no other break.
                self.file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115  # kept until shown
            self.file.write("".join(self.batch) if self.raw else _cleaned(self.batch))
        except OSError:
            self.close()
            self.failed = True
        self.batch.clear()
        self.size = 0

    def clear(self) -> None:
        """Start again, with nothing kept."""
        self.close()
        self.failed = False

    def close(self) -> None:
        self.batch.clear()
        self.size = 0
        if self.file is not None:
            self.file.close()
            self.file = None

    def show(self) -> bool:
        """Write the lines kept to standard output, as `lines` would have, and let them go.
        False, with nothing written, when they could not be kept (`failed`)."""
        if self.file is not None and self.batch:
            self._flush()
        if self.failed:
            return False
        if self.file is None:
            if self.raw:
                _write(sys.stdout, "".join(self.batch))
            else:
                lines(self.batch)
        elif self.raw:  # by size: raw text may be one long line
            self.file.seek(0)
            for chunk in iter(lambda: self.file.read(self.RAW_BATCH), ""):
                _write(sys.stdout, chunk)
        else:
            self.file.seek(0)
            for chunk in iter(lambda: list(itertools.islice(self.file, self.BATCH)), []):
                _write(sys.stdout, "".join(chunk))
        self.close()
        return True


def error(message: object) -> None:
    """`scorepad: message` on standard error, cleaned and wrapped; the lines after the
    first are indented so the message reads as one."""
    echo(f"scorepad: {message}", err=True, indent="  ")


def json_text(data: Any) -> str:
    """`data` as one line of JSON, with every character `clean` would escape written as a
    JSON escape: the same data for a program, nothing raw for a terminal. By json.dumps: a
    writer of its own for the small JSON of `show --json` saved no processor time a
    command start-up could measure (bench_cli.py; docs/development.md, "Fast paths and
    their fences")."""
    import json  # here: only the commands that write JSON need it

    return escaped_json(json.dumps(data, ensure_ascii=False))


def escaped_json(text: str) -> str:
    """JSON text with every character `clean` would escape written as a JSON escape."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if not unsafe(ch):
            out.append(ch)
            continue
        code = ord(ch)
        if code > 0xFFFF:  # a surrogate pair, as JSON writes characters beyond the BMP
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


def json_line(data: Any) -> None:
    """Print `data` as one line of JSON (never wrapped: programs read it). A stream that
    cannot encode every character gets pure-ASCII JSON: the same data, all escaped."""
    if _is_unicode(getattr(sys.stdout, "encoding", None) or "utf-8"):
        text = json_text(data)
    else:
        import json

        text = json.dumps(data, ensure_ascii=True)
    _write(sys.stdout, text + "\n")


def written_json_line(write: Callable[[bool], str]) -> None:
    """Print one line of JSON that a view writes itself, as `json_line` prints data:
    `write(ascii)` gives the text, every string in it that a record or a user supplied
    already escaped as `escaped_json` escapes it (`ascii`: every character beyond ASCII
    escaped too, for a stream that cannot encode them). A long view's text is not scanned
    again, character by character, for the few strings that could need it."""
    _write(sys.stdout, write(ascii_json()) + "\n")


def ascii_json() -> bool:
    """Whether JSON on standard output must be pure ASCII: a stream that cannot encode
    every character gets every one beyond ASCII escaped."""
    return not _is_unicode(getattr(sys.stdout, "encoding", None) or "utf-8")


# --- a reader that left --------------------------------------------------------------------

CLOSED_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader left


def closed_pipe(stream: Any) -> NoReturn:
    """The reader of `stream` left (`scorepad audit *.toml | head -1`): stop at once and
    say nothing more, with the status a shell gives any writer killed by SIGPIPE. The
    stream's file descriptor is pointed at /dev/null first, so that Python's own flush at
    exit finds no closed pipe to complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no descriptor: nothing is flushed there at exit
        pass
    raise SystemExit(CLOSED_PIPE)


UNWRITABLE = 2  # the status of a file scorepad cannot write


def unwritable(stream: Any, problem: OSError, *, output: bool = True) -> NoReturn:
    """`stream` cannot take what is written to it (a full disk, a file-size limit on the
    file standard output goes to): say so once on standard error, for standard output,
    and stop with the status of a file scorepad cannot write. The descriptor is pointed
    at /dev/null first, so that the flush at exit does not fail again after the message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    if output:
        from scorepad.i18n import _

        error(_("cannot write to standard output: {reason}").format(reason=problem.strerror or problem))
    raise SystemExit(UNWRITABLE)


class PipeGuard:
    """Standard output or error as everything in the process writes to it (scorepad, rich,
    Typer's help and completion scripts): a reader that left ends the run by
    `closed_pipe`. Without it click would catch the BrokenPipeError and exit 1, which
    the docs define as an audit problem."""

    def __init__(self, stream: Any, *, output: bool = True) -> None:
        self.stream, self.unbuffered = _whole_writes(stream)
        self.output = output  # standard output, not error: a failure there is reported

    def write(self, text: str) -> int:
        try:
            written: int = self.stream.write(text)
            if self.unbuffered:
                self.stream.flush()
            return written
        except BrokenPipeError:
            closed_pipe(self.stream)
        except OSError as problem:
            unwritable(self.stream, problem, output=self.output)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            closed_pipe(self.stream)
        except OSError as problem:
            unwritable(self.stream, problem, output=self.output)

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno, buffer, ...
        return getattr(self.stream, name)


def _whole_writes(stream: Any) -> tuple[Any, bool]:
    """`stream`, and whether it was unbuffered. Unbuffered (PYTHONUNBUFFERED, python -u),
    standard output is a text layer straight on the file: a write into a pipe that takes
    only part of it returns the part's count, the text layer drops the rest, and nothing
    fails, so a reader that left (`log --json | head -c 1`) goes unnoticed. A buffered
    layer between them writes the rest, or fails as the pipe is closed; the guard flushes
    it after every write, so the output is as unbuffered as it was."""
    raw = getattr(stream, "buffer", None)
    if not isinstance(raw, io.RawIOBase) or not isinstance(stream, io.TextIOWrapper):
        return stream, False
    encoding, errors, line_buffering = stream.encoding, stream.errors, stream.line_buffering
    stream.detach()  # the old layer let go, so that it never closes the file it was on
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding, errors=errors, line_buffering=line_buffering), True


def guard_pipes() -> None:
    """Called once by the entry point, before anything is written."""
    if sys.stdout is not None and not isinstance(sys.stdout, PipeGuard):
        sys.stdout = PipeGuard(sys.stdout)
    if sys.stderr is not None and not isinstance(sys.stderr, PipeGuard):
        sys.stderr = PipeGuard(sys.stderr, output=False)


def _write(stream: Any, text: str) -> None:
    if stream is None:  # started with standard output or error closed: nobody reads it
        return
    try:
        stream.write(text)
    except UnicodeEncodeError:
        # A terminal or pipe that cannot show every character: say it with what it can.
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(_encodable(text, encoding))
    stream.flush()
