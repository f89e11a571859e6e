"""Record files: read with the reader's limits, saved atomically under a lock, never
written over a file scorepad did not write."""

from __future__ import annotations

import errno
import itertools
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from scorepad.engine.game import Game
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.record.format import (
    MAX_RECORD_BYTES,
    EachRound,
    Load,
    Loaded,
    RecordError,
    dumps_parts,
    is_record,
    loads,
    proven_parts,
    read_back,
)


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a record's path stands for: symbolic links followed, once. Reading,
    locking and saving all use it, so a link to a record never forks the game."""
    return Path(os.path.realpath(path))


READ_AT_LEAST = 64 * 1024  # bytes asked for at a time beyond the file's size (it may grow)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A record file's bytes, refused (RecordError) when it is not a regular file (a folder,
    a pipe, a device), or larger than MAX_RECORD_BYTES. A pipe or device is never opened
    for reading: opening a pipe would wait for a writer, a device might never end."""
    shown = str(path)
    status = os.stat(path)  # FileNotFoundError and friends: the caller says so
    _check_regular(shown, status)
    if status.st_size > MAX_RECORD_BYTES:
        raise RecordError(_too_big(shown))
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        _check_regular(shown, os.fstat(fd))  # the same file as the one looked at
        chunks, size = [], 0
        while size <= MAX_RECORD_BYTES:
            # Asked for what the file holds (and a byte more, to see that it ends), not for
            # the limit: a read makes a buffer of the size asked for, and a large one let
            # go makes the C library keep every later block of up to its size, the
            # record's text among them, after they are freed.
            chunk = os.read(fd, min(MAX_RECORD_BYTES + 1 - size, max(status.st_size + 1 - size, READ_AT_LEAST)))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > MAX_RECORD_BYTES:
        raise RecordError(_too_big(shown))
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str]) -> str:
    """A record file's text, through read_bytes's limits, and refused when not UTF-8."""
    try:
        return read_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(_("{path}: not a text file (a record is UTF-8 text)").format(path=path)) from None


def _check_regular(shown: str, status: os.stat_result) -> None:
    if stat.S_ISDIR(status.st_mode):
        raise RecordError(_("{path} is a folder, not a record").format(path=shown))
    if not stat.S_ISREG(status.st_mode):
        raise RecordError(_("{path} is not a regular file (a pipe or a device?): not read").format(path=shown))


def _too_big(shown: str) -> str:
    return _("{path} is larger than {limit} MB: not a scorepad record").format(
        path=shown, limit=MAX_RECORD_BYTES // (1024 * 1024)
    )


def kept_path(record: str | os.PathLike[str]) -> Path:
    """`.NAME.repair` beside the real record: what `fix` and its `undo` keep (sidecar.py)."""
    real = real_path(record)
    return real.with_name(f".{real.name}.repair")


def forget_kept(record: str | os.PathLike[str]) -> None:
    """Remove the record's kept repair: it belongs to the record as it was, which a save
    has replaced or which is gone. Another user's file, where it cannot be removed, is
    left (and ignored when read)."""
    try:
        os.unlink(kept_path(record))
    except OSError:
        pass


def read_record(file: Path) -> str:
    """The record's text, through record.read_text's limits (size, regular file, UTF-8).
    A record that is gone takes its kept repair with it."""
    if not os.path.lexists(file):
        if real_path(file).name:
            forget_kept(file)
        raise RecordError(_("no game in {file}: start one with scorepad new --players Ann,Bob").format(file=file))
    try:
        return read_text(file)
    except RecordError as error:
        raise RecordError(_("cannot read the record: {problem}").format(problem=error)) from None
    except OSError as error:  # gone, unreadable, a link to nothing or a loop of links
        raise RecordError(cannot_read(error, file)) from None


def cannot_read(error: OSError, file: str | os.PathLike[str]) -> str:
    """The one message for a file that could not be read: the file as it was named, and
    why, in the reader's language."""
    return _("cannot read {file}: {reason}").format(file=file, reason=error.strerror)


def cannot_write(error: OSError, file: str | os.PathLike[str] | None) -> str:
    """The one message for a failed write: the file the error names (a copy, the record),
    else `file`."""
    named = error.filename if error.filename is not None else file
    return _("cannot write {file}: {reason}").format(file=named, reason=error.strerror)


def read_game(file: Path, each_round: EachRound | None = None) -> Game:
    return read_both(file, each_round)[1]


def read_both(file: Path, each_round: EachRound | None = None, *, load: Load = loads) -> tuple[str, Game]:
    """The record's text and the game it replays to (`each_round`: see `loads`; `load`:
    `loads`, or `loads_for_review` for a review)."""
    text = read_record(file)  # its errors are worded already, in any language
    try:
        return text, load(text, each_round).game
    except RecordError as error:
        raise RecordError(_("cannot read the record: {file}: {problem}").format(file=file, problem=error)) from None


def load(path: str | os.PathLike[str]) -> Loaded:
    """Read and replay a record file. Raises RecordError (or OSError)."""
    text = read_text(path)
    try:
        return loads(text)
    except RecordError as error:
        raise RecordError(_("{path}: {problem}").format(path=path, problem=error), round=error.round, move=error.move) from None


def has_comments(text: str) -> bool:
    """True when TOML text holds a comment (a '#' outside every string), found as TOML
    reads it (`tomltext`); after a string that does not end, any '#' counts."""
    if "#" not in text:
        return False
    from scorepad.record import tomltext

    found, ended, read_to = tomltext.spans(text)
    return any(span.kind == "#" for span in found) or (not ended and "#" in text[read_to:])


MAX_NAMES = 1000  # names tried for a copy beside the record before giving up


def write_copy(names: Iterable[Path], text: str, status: os.stat_result) -> Path:
    """Write `text` as a new file under the first free one of `names` (at most MAX_NAMES
    tried), with the mode and group `status` gives; synced before returning. A name is
    taken by any directory entry, a dangling symbolic link included."""
    for candidate in itertools.islice(names, MAX_NAMES):
        if os.path.lexists(candidate):
            continue
        try:
            _write_new(candidate, text, status)
        except FileExistsError:  # taken meanwhile
            continue
        return candidate
    raise RecordError(_("no free name for a copy beside {path}: tidy the folder").format(path=candidate))


def backup_names(path: Path) -> Iterator[Path]:
    """Names beside the record for the hand-edited original: NAME.orig, NAME.orig.2, …
    (not *.toml, so `audit club/*.toml` does not count the game twice)."""
    yield path.with_name(path.name + ".orig")
    for number in itertools.count(2):
        yield path.with_name(f"{path.name}.orig.{number}")


def save(game: Game, path: str | os.PathLike[str], read: str | None = None) -> Path | None:
    """Write `game` as the record at `path` (see `save_text`), a round at a time, once the
    text is read back as every later command reads it (`format.read_back`): anything that
    does not read as the game refuses the save (RecordError), leaving the record as it was.
    `read`: the text the game was read from (by `loads`), whose rounds the save leaves as
    they were are not replayed again."""
    parts = dumps_parts(game)
    return save_parts(parts, game, path, proven_parts(parts, read))


def save_parts(parts: list[str], game: Game, path: str | os.PathLike[str], same: int) -> Path | None:
    """`save` of the parts `dumps_parts(game)` makes (or the live prompt keeps), the first
    `same` of them proven (`format.proven_parts`)."""
    _read_back(parts, game, same, path)
    return save_text(parts, path, proven=True)


Stamp = tuple[int, int, int, int, int]


def stamp(path: str | os.PathLike[str]) -> Stamp | None:
    """What tells a file's versions apart without reading it: its identity (device and
    inode: every save renames a new file into place), size, and times of change (in
    nanoseconds); None when there is no file. Links followed."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _read_back(parts: list[str], game: Game | None, same: int, path: str | os.PathLike[str]) -> None:
    check_readable(parts, path)
    try:
        read_back(parts, game, same)
    except RecordError as error:
        raise RecordError(_("{path}: {problem}; the record is as it was").format(path=path, problem=error)) from None


def save_text(
    text: str | list[str],
    path: str | os.PathLike[str],
    *,
    keep_comments: bool = False,
    keeps_repair: bool = False,
    proven: bool = False,
) -> Path | None:
    """Write atomically: a temporary file beside the real record (symbolic links followed),
    flushed and fsynced, then renamed over it, so a crash leaves either the old or the new
    record whole. The record keeps its mode, group and, where permitted, its owner.

    Refused (RecordError, nothing written): a read-only record, a record with more than one
    hard link (replacing it would split the game in two), a group that cannot be kept.
    A hand-edited record whose comments the new text would drop is first copied beside it;
    returns that copy's path, else None. A write that fails (a full disk, a file-size
    limit) leaves no part of a file behind, and its OSError names the file. The kept
    repair beside the record belongs to the record replaced and is removed, unless
    `keeps_repair` (a fix and its undo write their own first). `text` may come in parts,
    written one after another. Unless `proven` (read back by `save`), the text is first
    read as every later command reads it, and refused (RecordError) where it cannot be."""
    parts = [text] if isinstance(text, str) else text
    if not proven:
        _read_back(parts, None, 0, path)
    real = real_path(path)
    try:
        status: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        status = None
    backup = None
    if status is not None:
        _check_writable(str(path), status, real)
        # The old text is read only when it may hold a comment: most records hold no '#'.
        if not keep_comments and _holds_a_hash(real):
            old = read_text(real)
            if has_comments(old) and old != "".join(parts):
                backup = write_copy(backup_names(real), old, status)
    _replace(real, parts[0] if len(parts) == 1 else parts, status, str(path))
    if not keeps_repair:
        forget_kept(real)
    return backup


def encoded_size(text: str) -> int:
    """The size of `text` in UTF-8, counted without making the whole encoded copy."""
    if text.isascii():
        return len(text)
    step = 1 << 20
    return sum(len(text[start : start + step].encode("utf-8", "surrogatepass")) for start in range(0, len(text), step))


def _holds_a_hash(path: Path) -> bool:
    """Whether the file holds a '#' (so perhaps a comment), read a MB at a time."""
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            if b"#" in chunk:
                return True
    return False


def check_readable(text: str | list[str], path: str | os.PathLike[str]) -> None:
    """Refuse (RecordError) a record text (or its parts) the reader would refuse from its
    size: a save must never leave a record that no command, `undo` included, can read again."""
    parts = [text] if isinstance(text, str) else text
    if sum(map(len, parts)) <= MAX_RECORD_BYTES // 4:  # four bytes at most to a character
        return
    size = sum(map(encoded_size, parts))
    if size <= MAX_RECORD_BYTES:
        return
    import shlex  # only for this refusal

    mb = 1024 * 1024
    raise RecordError(
        _(
            "{path}: not saved: the record would grow to {size} MB, and scorepad reads records of at most "
            "{limit} MB; it is as it was. Check it with  {audit}  and start the next game in a file of its "
            "own, e.g.  scorepad new -f next.toml"
        ).format(
            path=path, size=f"{size / mb:.1f}", limit=MAX_RECORD_BYTES // mb, audit=f"scorepad audit {shlex.quote(str(path))}"
        )
    )


def write_beside(path: Path, text: str, record: Path) -> None:
    """Write a file scorepad keeps beside `record` as the record itself is saved:
    atomically, never through a link at `path`, with the record's mode and group (it may
    hold a copy of the record). OSError or RecordError when it cannot be."""
    _replace(path, text, os.stat(real_path(record)), str(path))


def _check_writable(shown: str, status: os.stat_result, real: Path) -> None:
    _check_regular(shown, status)
    writable_bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    if not status.st_mode & writable_bits or not os.access(real, os.W_OK):
        raise RecordError(_("{path} is read-only: not changed").format(path=shown))
    if status.st_nlink > 1:
        raise RecordError(
            _(
                "{path} has {links} hard links: saving would split the game in two; "
                "use one name (a symbolic link is fine), or copy it"
            ).format(path=shown, links=status.st_nlink)
        )


def _keep_owner(fd: int, temp: Path, status: os.stat_result) -> None:
    """Give the new file the old one's owner and group; the owner only where permitted,
    the group always (else another player could lose access)."""
    if not hasattr(os, "fchown"):
        return  # Windows: no owners and groups to keep
    if (status.st_uid, status.st_gid) == (os.fstat(fd).st_uid, os.fstat(fd).st_gid):
        return
    try:
        os.fchown(fd, status.st_uid, status.st_gid)
        return
    except PermissionError:
        pass
    try:
        os.fchown(fd, -1, status.st_gid)
    except PermissionError:
        raise RecordError(
            _("{path}: cannot keep the record's group (id {group}): not changed").format(path=temp.parent, group=status.st_gid)
        ) from None


def _open_new(path: Path, status: os.stat_result | None) -> int:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o666)  # a new record: the umask decides, as for any new file
    try:
        if status is not None:
            _keep_owner(fd, path, status)
            mode = stat.S_IMODE(status.st_mode)
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            else:
                os.chmod(path, mode)
    except BaseException:
        os.close(fd)
        os.unlink(path)
        raise
    return fd


def keep_copy(path: str | os.PathLike[str], names: Iterable[Path]) -> Path:
    """Copy the record at `path` under the first free one of `names` (see write_copy),
    with the record's mode and group, and read it back; returns the copy's path. A copy
    that does not read back as the record's own text is removed (RecordError)."""
    real = real_path(path)
    text = read_text(real)
    copy = write_copy(names, text, os.stat(real))
    # Read back as every command reads a record: the copy's text is the record's own, so
    # it reads as the record reads (or is refused as the record was, when kept as it is).
    try:
        same = read_text(copy) == text
    except (OSError, RecordError):
        same = False
    if not same:
        try:
            os.unlink(copy)
        except OSError:
            pass
        raise RecordError(
            _("{path}: the kept copy {copy} does not read back as the record: not replaced").format(path=path, copy=copy)
        )
    return copy


def _write_new(path: Path, text: str | Iterable[str], status: os.stat_result | None, shown: str | None = None) -> int:
    """Write the new file `path` whole, or leave nothing of it: a write that fails (or a
    `text` given in parts that fails to be made) removes what was written, and the error
    names `shown` (else the file). Returns the file's size in bytes."""
    fd = _open_new(path, status)
    with _removed_on_failure(path, shown or str(path)), os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        if isinstance(text, str):
            handle.write(text)
        else:
            for part in text:
                handle.write(part)
        handle.flush()
        os.fsync(handle.fileno())
        return os.fstat(handle.fileno()).st_size


@contextmanager
def _removed_on_failure(path: Path, shown: str) -> Iterator[None]:
    """`path` removed when the block fails; an OSError then names `shown`, not `path` (a
    temporary file the player never named)."""
    try:
        yield
    except BaseException as problem:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        if isinstance(problem, OSError):
            raise OSError(problem.errno, problem.strerror, shown) from None
        raise


def _replace(
    real: Path, text: str | Iterable[str], status: os.stat_result | None, shown: str, before: Callable[[], None] | None = None
) -> int:
    """Write `real` through a temporary file beside it, renamed over it once whole (and
    once `before`, if given, has not refused). Returns the size written."""
    # os.urandom as secrets.token_hex does it, without importing secrets (hashlib, hmac,
    # random) for every save.
    temp = real.with_name(f".{real.name}.{os.urandom(4).hex()}.tmp")
    size = _write_new(temp, text, status, shown)
    with _removed_on_failure(temp, shown):
        if before is not None:
            before()
        os.replace(temp, real)
    try:  # make the rename itself durable
        dir_fd = os.open(real.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass
    return size


class RefusedError(ScorepadError):
    """A file scorepad will not write over: a record, or a file it did not write."""


# A record says what it is in its first lines, `format = "scorepad/1"`, also when the rest
# of it is damaged.
_RECORD_HEAD = r"""^[ \t]*["']?format["']?[ \t]*=[ \t]*["']scorepad/"""
HEAD_BYTES = 64 * 1024  # how much of an existing file is read to tell what it is


def save_export(text: str | Iterable[str], out: Path, mark: str, *, record: Path | None, force: bool) -> int:
    """Write an exported page or picture at `out`, atomically (a temporary file beside it,
    then a rename: a failed export leaves the old file whole and no temporary file). The
    text may come in parts, each written as it is made: a long game's page is many times
    its record. Refused (RefusedError, nothing written): `out` is the game's record or any
    other scorepad record (also with `force`), or an existing file whose head lacks `mark`
    (the line every export starts with) unless `force`, or not a regular file; checked
    before writing and again before the rename (the page takes a while to make). Returns
    the size written in bytes."""
    check_export(out, mark, record=record, force=force)
    real = real_path(out)
    try:
        status: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        status = None
    return _replace(real, text, status, str(out), lambda: check_export(out, mark, record=record, force=force))


def check_export(out: Path, mark: str, *, record: Path | None, force: bool) -> None:
    shown = str(out)
    if not os.path.lexists(out):
        return
    if not os.path.exists(out):
        raise RefusedError(_("{path} is a link to nothing: not written").format(path=shown))
    status = os.stat(out)
    if stat.S_ISDIR(status.st_mode):
        raise RefusedError(_("{path} is a folder: give the file to write, e.g. {path}/game.html").format(path=shown))
    if not stat.S_ISREG(status.st_mode):
        raise RefusedError(_("{path} is not a regular file (a pipe or a device?): not written").format(path=shown))
    if record is not None and os.path.exists(record) and os.path.samefile(out, record):
        raise RefusedError(
            _("{path} is the game record itself: export writes a page beside it, e.g. game.html").format(path=shown)
        )
    head = _head(out)
    # A file that starts with markup (a page export wrote: tens of MB for a long game) is
    # no TOML, so no record: not read whole to find out.
    markup = head.lstrip(" \t\r\n").startswith("<")
    if re.search(_RECORD_HEAD, head, re.MULTILINE) or (not markup and _whole_record(out)):
        raise RefusedError(_("{path} is a scorepad record: export never writes over a record").format(path=shown))
    if mark in head or force:
        return
    raise RefusedError(
        _("{path} exists and was not written by scorepad export: not replaced (--force replaces it)").format(path=shown)
    )


def _whole_record(path: Path) -> bool:
    try:
        return is_record(read_text(path))
    except RecordError:  # too large or not UTF-8: not a record
        return False


def _head(path: Path) -> str:
    """The first HEAD_BYTES of a regular file as text (undecodable bytes replaced)."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        return os.read(fd, HEAD_BYTES).decode("utf-8", "replace")
    finally:
        os.close(fd)


class LockedError(ScorepadError):
    """Another scorepad is writing the same record."""


_TABLE_HEADER = r"^[ \t]*\["


def names_a_format(text: str) -> bool:
    """Whether `text` has a top-level line `format = "scorepad/…"` (before the first table
    header): a file without one is no record. A cheap test, made before the lock is taken;
    the reader makes the full one."""
    header = re.search(_TABLE_HEADER, text, re.MULTILINE)
    return re.compile(_RECORD_HEAD, re.MULTILINE).search(text, 0, header.start() if header else len(text)) is not None


def check_may_write(path: str | os.PathLike[str]) -> None:
    """Refuse, before anything is created beside the record, a writer that could not save
    it: a path that is a folder (`/` included) or a link to nothing, a record that is not a
    writable regular file with one name, a folder the writer cannot write in, a file that
    does not even name a scorepad format (notes, a configuration), through a link too."""
    real = real_path(path)
    if not real.name or os.path.isdir(real):
        raise RecordError(_("{path} is a folder, not a record").format(path=path))
    if os.path.lexists(path) and not os.path.exists(path):
        raise RecordError(_("{path} is a symbolic link to nothing (or a loop of links): not followed").format(path=path))
    if not real.parent.is_dir():  # a typed folder name: not created behind the player's back
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(real.parent))
    try:
        status: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        status = None
    if status is not None:
        _check_writable(str(path), status, real)
    if not os.access(real.parent, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(real.parent))
    if status is not None and not names_a_format(read_text(real)):
        if real == Path(os.path.abspath(path)):
            raise RecordError(_("{path} is not a scorepad record: not changed").format(path=path))
        raise RecordError(_("{path} leads to {real}, which is not a scorepad record: not changed").format(path=path, real=real))


def lock_timeout() -> float:
    """Seconds a writer waits for another scorepad's lock: 5, or SCOREPAD_LOCK_TIMEOUT's
    value (a test suite sets a short one rather than sit out 5 s; nonsense is ignored)."""
    try:
        seconds = float(os.environ.get("SCOREPAD_LOCK_TIMEOUT", ""))
    except ValueError:
        return 5.0
    return seconds if 0 <= seconds <= 3600 else 5.0


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the record's lock while reading, changing and saving, so two terminals
    recording at once cannot interleave. The lock is `.NAME.lock` beside the real record
    (symbolic links to the record followed first, so every path to it shares one lock),
    taken only after check_may_write: a writer that could not save leaves no lock file.
    The lock file itself is never followed if it is a link, and it gets the record's
    permissions so every player who may write the record may lock it. It is removed when
    the lock is let go (where flock is used; filelock's own ways elsewhere)."""
    check_may_write(path)
    real = real_path(path)
    lock_path = real.with_name(f".{real.name}.lock")
    if os.path.islink(lock_path):
        raise RecordError(_("{lock} is a symbolic link: a lock file must not be one").format(lock=lock_path))
    try:
        mode: int | None = stat.S_IMODE(os.stat(real).st_mode) & 0o666 | 0o600  # the locker must open it
    except FileNotFoundError:
        mode = None
    refusal = _("{path} is being written by another scorepad; try again").format(path=path)
    if timeout is None:
        timeout = lock_timeout()
    fd = _flocked(lock_path, mode, timeout, refusal)
    if fd is not None:
        try:
            yield
        finally:
            _let_go(fd, lock_path)
        return
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path, timeout=timeout, mode=mode) if mode else FileLock(lock_path, timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise LockedError(refusal) from None
    try:
        yield
    finally:
        lock.release()


LOCK_POLL = 0.05  # seconds between tries while another scorepad holds the lock
_LOCK_TAKEN = frozenset((errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK))
_NO_FLOCK = frozenset((errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOLCK))


def _flocked(lock_path: Path, mode: int | None, timeout: float, refusal: str) -> int | None:
    """The lock file's descriptor, holding flock()'s exclusive lock; None where there is
    no flock (Windows; a network or FUSE mount without it): filelock is used there, with
    its own ways. Not filelock everywhere: importing it (logging, hashlib, decimal,
    threading) took a third of what recording a move took.
    LockedError after `timeout` seconds of another scorepad holding it."""
    try:
        import fcntl
    except ImportError:
        return None
    import time

    fd, created = _open_lock_file(lock_path, mode)
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as problem:
                if problem.errno in _NO_FLOCK:
                    os.close(fd)
                    if created:  # filelock's own lock there must find no file it did not make
                        os.unlink(lock_path)
                    return None
                if problem.errno not in _LOCK_TAKEN:
                    raise
            else:
                if _still_there(fd, lock_path):
                    return fd
                # Its holder removed it as it let go: this lock guards nothing now.
                old, fd = fd, -1
                os.close(old)
                fd, created = _open_lock_file(lock_path, mode)
                continue
            if time.monotonic() >= deadline:
                raise LockedError(refusal)
            time.sleep(LOCK_POLL)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        raise


def _still_there(fd: int, lock_path: Path) -> bool:
    """Whether the locked descriptor is still the file at `lock_path`."""
    try:
        at_path = os.lstat(lock_path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (at_path.st_dev, at_path.st_ino)


def _let_go(fd: int, lock_path: Path) -> None:
    """Remove the lock file, then let the lock go: the file is there only while a command
    holds it. Removed while still held, so that whoever waits on it sees it gone once
    they hold it (`_still_there`) and takes a new one; never two holders at once. One that
    cannot be removed (another player's, in a sticky folder) stays, as harmless as ever."""
    try:
        if _still_there(fd, lock_path):
            os.unlink(lock_path)
    except OSError:
        pass
    os.close(fd)  # closing the descriptor lets the lock go


def _open_lock_file(lock_path: Path, mode: int | None) -> tuple[int, bool]:
    """Open the lock file, creating it with `mode` (the record's bits, whatever the umask)
    if it is not there; the descriptor, and whether it was created. Never through a link
    (O_NOFOLLOW), never waiting on a pipe planted there (O_NONBLOCK). Its holder removes it
    when done (`_let_go`)."""
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        try:
            fd = os.open(lock_path, flags | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
        except FileExistsError:
            try:
                return os.open(lock_path, flags), False
            except PermissionError:  # another player's lock file, readable only: flock needs no more
                return os.open(lock_path, flags & ~os.O_RDWR | os.O_RDONLY), False
            except FileNotFoundError:  # removed meanwhile: create it again
                continue
        if mode is not None:
            try:
                os.fchmod(fd, mode)
            except PermissionError:
                pass
        return fd, True
