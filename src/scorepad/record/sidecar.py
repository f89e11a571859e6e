"""What `fix` and the `undo` after it need between two commands, kept beside the record in
`.NAME.repair` (like the lock `.NAME.lock`), never in it: the record format stays as
docs/format.md says, and nothing here can change a record by itself.

- After a refusal with repairs: the refused input, and a digest of the record it was
  refused against. `fix N` searches again from that input and the record as it is; if the
  record has changed since (another move, an edit), the digest differs and nothing is done.
- After a fix: the record as it was before, and a digest of the record the fix wrote. One
  `undo` puts the old record back when the record is still the one the fix wrote.

The file is written atomically (a temporary file renamed over it, never through a link)
and read with limits; one that is missing, a link, too large or not what scorepad writes is
as good as none. It only ever names an input to try again or a record that is checked by
replaying it, so a stale or hostile file cannot change a game behind the player's back."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from scorepad.record.files import real_path, write_beside
from scorepad.record.format import MAX_RECORD_BYTES

VERSION = 1
MAX_BYTES = 2 * MAX_RECORD_BYTES + 4096  # the record before a fix, JSON-escaped at worst


def path_for(record: Path) -> Path:
    real = real_path(record)
    return real.with_name(f".{real.name}.repair")


def digest(text: str) -> str:
    import hashlib  # only refusals and fixes need it (see files._replace on start-up)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _write(record: Path, data: dict[str, Any]) -> None:
    write_beside(path_for(record), json.dumps({"version": VERSION, **data}, ensure_ascii=True), record)


def _read(record: Path) -> dict[str, Any] | None:
    path = path_for(record)
    try:
        status = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    return data


def forget(record: Path) -> None:
    try:
        os.unlink(path_for(record))
    except OSError:
        pass


def forget_refusal(record: Path) -> None:
    """A later refusal that offers no repairs: `fix N` must not reach back past it to the
    repairs of an earlier one. A kept fix stays, so its one-step `undo` still works."""
    if not real_path(record).name:
        return  # '/' and the like: refused before anything, with nothing kept beside them
    data = _read(record)
    if data is not None and "refused" in data and "fixed" not in data:
        forget(record)


def keep_refusal(record: Path, text: str, refused: dict[str, Any]) -> None:
    """Remember the input refused against the record `text` (OSError or RecordError if
    it cannot be written)."""
    _write(record, {"record": digest(text), "refused": refused})


def refusal(record: Path, text: str) -> dict[str, Any] | None:
    """The input last refused against exactly this record text, or None."""
    data = _read(record)
    if data is None or data.get("record") != digest(text) or not isinstance(data.get("refused"), dict):
        return None
    return data["refused"]


def keep_fixed(record: Path, before: str, after: str, refused: dict[str, Any]) -> None:
    """Remember the record `before` a fix that wrote `after`, and the input the fix let
    through (an `undo` of the fix offers the repairs again)."""
    _write(record, {"fixed": digest(after), "before": before, "refused": refused})


def fixed(record: Path, text: str) -> tuple[str, dict[str, Any]] | None:
    """The record before the fix that wrote exactly `text`, and the input it let through;
    or None."""
    data = _read(record)
    if data is None or data.get("fixed") != digest(text):
        return None
    before, refused = data.get("before"), data.get("refused")
    if not isinstance(before, str) or not isinstance(refused, dict):
        return None
    return before, refused
