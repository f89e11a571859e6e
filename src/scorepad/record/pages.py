"""A record carried in a page `scorepad export` wrote (the link that offers it as
NAME.toml holds its bytes, base64): made in pieces for the page, and found, checked, and
written back as a record file of its own (`scorepad import`)."""

from __future__ import annotations

import base64
import binascii
import contextlib
import html
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.record.format import MAX_RECORD_BYTES, RecordError, loads

# The page's header holds the link, before the rest of the page (which can be large): a
# page is read no further than a header and the largest record could take.
HEAD_ROOM = 64 * 1024 + 4 * (MAX_RECORD_BYTES // 3 + 1)
# A link's tag is found by its `<a` and the first `>` after it, then looked at alone: one
# pattern over the page tried every `<a` against the rest of the page (quadratic: 42 KB
# of `<a ` took 8 s).
_TAG_START = r"<a\b"
_RECORD_ID = r'\bid="record"'
_DATA = r'\bhref="data:application/toml;base64,([A-Za-z0-9+/=]*)"'
_NAME = r'\bdownload="([^"]*)"'


# Bytes of the record encoded at a time: base64 turns every 3 bytes into 4 characters, so
# pieces of a multiple of 3 bytes, written one after another, are the base64 of the whole.
PIECE = 3 * 16 * 1024


def carried_pieces(text: str) -> Iterator[str]:
    """The record's bytes as a page's link carries them (base64), in pieces: the base64 of
    a large record, a third larger than its text, is never held whole."""
    rest = b""
    for at in range(0, len(text), PIECE):
        data = rest + text[at : at + PIECE].encode("utf-8")
        cut = len(data) - len(data) % 3
        yield base64.b64encode(data[:cut]).decode("ascii")
        rest = data[cut:]
    if rest:
        yield base64.b64encode(rest).decode("ascii")


# A record up to this size is carried in memory (a third more than its text): only a
# large one is worth a file, and a small one then never meets a full disk or a file
# size limit that only its temporary file would have met.
IN_MEMORY = 256 * 1024


class Carried:
    """A record as its page carries it (`carried_pieces`): a large one kept in an unnamed
    temporary file, gone with the process. Export lets the record's text go before it
    makes the page, whose link holds it last. Raises OSError when the file cannot be
    written."""

    def __init__(self, text: str) -> None:
        self.kept: list[str] | None = None
        self.file: IO[str] | None = None
        if len(text) <= IN_MEMORY:
            self.kept = list(carried_pieces(text))
            return
        self.file = tempfile.TemporaryFile("w+", encoding="ascii", newline="")  # noqa: SIM115 (read back later)
        try:
            for piece in carried_pieces(text):
                self.file.write(piece)
            # Written out here, where a full disk or a file size limit is said: left in the
            # buffer, it would fail again when the file is let go at exit, in words of
            # Python's own ("Exception ignored in ...").
            self.file.flush()
        except BaseException:
            with contextlib.suppress(OSError):
                self.file.close()
            raise

    def pieces(self) -> Iterator[str]:
        """The base64 again, in pieces of at most PIECE characters."""
        if self.kept is not None:
            yield from self.kept
            return
        assert self.file is not None  # kept in memory or in the file
        self.file.seek(0)
        while piece := self.file.read(PIECE):
            yield piece


class NoRecordError(ScorepadError):
    """A page that carries no record (or not one scorepad can read back)."""


def _head(path: Path) -> str:
    """The first HEAD_ROOM bytes of a regular file, as text. A pipe or device is never
    opened: opening a pipe would wait for a writer."""
    status = os.stat(path)
    if stat.S_ISDIR(status.st_mode):
        raise NoRecordError(_("{path} is a folder, not a page").format(path=path))
    if not stat.S_ISREG(status.st_mode):
        raise NoRecordError(_("{path} is not a regular file (a pipe or a device?): not read").format(path=path))
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        chunks, size = [], 0
        while size < HEAD_ROOM and (chunk := os.read(fd, HEAD_ROOM - size)):
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def carried_record(path: Path) -> tuple[bytes, str | None]:
    """The record a page carries, byte for byte, and the name it offers it under. Refused
    (NoRecordError) when the page carries none, or one that is not a valid record; a file
    that cannot be read raises OSError."""
    link = _record_link(_head(path))
    data = re.search(_DATA, link) if link else None
    if data is None:
        raise NoRecordError(_("{path} holds no scorepad record (a page from scorepad export carries one)").format(path=path))
    try:
        record = base64.b64decode(data.group(1), validate=True)
    except (binascii.Error, ValueError):
        raise NoRecordError(_("{path}: the record in the page is damaged").format(path=path)) from None
    if len(record) > MAX_RECORD_BYTES:  # written, no command could read it again
        raise NoRecordError(
            _("{path}: the record in the page is larger than {limit} MB: not imported").format(
                path=path, limit=MAX_RECORD_BYTES // (1024 * 1024)
            )
        )
    try:
        loads(record.decode("utf-8"))
    except UnicodeDecodeError:
        raise NoRecordError(_("{path}: the record in the page is not text").format(path=path)) from None
    except RecordError as problem:
        raise NoRecordError(
            _("{path}: the record in the page is not a valid record: {problem}").format(path=path, problem=problem)
        ) from None
    name = re.search(_NAME, link) if link else None
    return record, html.unescape(name.group(1)) if name else None


def _record_link(page: str) -> str | None:
    """The first tag `<a … id="record" …>` of `page`, in one pass over it."""
    starts = re.compile(_TAG_START)
    record_id = re.compile(_RECORD_ID)
    at = 0
    while (start := starts.search(page, at)) is not None:
        end = page.find(">", start.end())
        if end < 0:
            return None  # no tag after this one ends either
        tag = page[start.start() : end + 1]
        if record_id.search(tag):
            return tag
        # A later `<a` before this `>` ends in the same `>`: its tag is a tail of this one.
        at = end + 1
    return None


def offered_name(page: Path, offered: str | None) -> Path:
    """Where the record goes without -f: the name the page offers it under, in the current
    folder, if it is a plain file name ending in .toml; else the page's own name as .toml.
    A plain name is printable (no control character, C1 ones included, no format or
    right-to-left character such as U+202E, no line or paragraph separator), starts with
    neither a dot nor a dash, and names no folder."""
    name = offered or ""
    plain = name.isprintable() and not name.startswith((".", "-")) and not any(c in "\\/:" for c in name)
    if plain and name.endswith(".toml"):
        return Path(name)
    return Path(page.stem + ".toml")


def write_new(path: Path, data: bytes) -> None:
    """Write `data` as a new file at `path`: never over an existing one (FileExistsError),
    and atomically: written beside it, then linked into place, so a failed write leaves
    nothing behind and a file that appeared meanwhile stays."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=folder)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.link(temporary, path)  # fails, atomically, where a file of that name exists
    finally:
        os.unlink(temporary)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
