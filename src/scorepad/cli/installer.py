"""`--install-completion`: scorepad's own installer, not Typer's.

Two kinds of file are written, by the same rules as records:

- the completion script (`~/.bash_completions/scorepad.sh`, `~/.zfunc/_scorepad`,
  `~/.config/fish/completions/scorepad.fish`) is scorepad's: it is written beside and
  renamed over the old one, and only over a regular file that is a completion script
  scorepad (or Typer, for scorepad) wrote. A link there is never written through nor
  replaced.
- the shell's start-up file (`~/.bashrc`, `~/.zshrc`, PowerShell's profile) is the
  player's: it is never rewritten. The line that loads the script is appended, once; a
  file that already has it is left alone. A link, a pipe or another special file, a file
  of another user, or one that is not UTF-8 is not touched: the message gives the line to
  add by hand. An append cut short (a full disk, a file-size limit) is taken back, so the
  file is as it was.

Every path is looked at with lstat before it is opened, and opened without following a
link and without waiting (O_NOFOLLOW, O_NONBLOCK): a FIFO planted there never hangs it."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from scorepad.cli.shellscripts import script
from scorepad.cli.shellwords import bash_quote
from scorepad.errors import CompletionInstallError
from scorepad.i18n import _

MARK = "_SCOREPAD_COMPLETE"  # every completion script for scorepad has it, Typer's too
LARGEST_START_UP_FILE = 10_000_000  # bytes read to look for the line; larger is refused
ASKING_POWERSHELL = 30  # seconds for PowerShell to name its profile

# A path that is not UTF-8 (HOME as bytes from the system) is written back as those bytes.
_BYTES = "surrogateescape"

_OPEN = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)


@dataclass(frozen=True)
class Plan:
    """Where one shell's completion goes: the script, and the start-up file that loads it."""

    script: Path
    start_up: Path | None  # None: the shell loads the script from its folder by itself
    line: str  # what the start-up file must hold
    also: tuple[str, ...] = ()  # other lines that do the same (what Typer's installer wrote)


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    return _("a special file")


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _folder(path: Path) -> None:
    """Make the script's folder (a link to a folder is followed: that is where it lives)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CompletionInstallError(_("{path} is not a folder").format(path=path)) from None
    if not path.is_dir():
        raise CompletionInstallError(_("{path} is not a folder").format(path=path))


def _read(path: Path, found: os.stat_result) -> bytes:
    """The text of a regular file, opened without following a link or waiting on a pipe,
    and checked to be the file lstat saw."""
    descriptor = os.open(path, os.O_RDONLY | _OPEN)
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (found.st_dev, found.st_ino):
            raise CompletionInstallError(_("{path} changed while it was read").format(path=path))
        chunks, size = [], 0
        while chunk := os.read(descriptor, 1 << 16):
            chunks.append(chunk)
            size += len(chunk)
            if size > LARGEST_START_UP_FILE:
                raise CompletionInstallError(_("{path} is larger than 10 MB").format(path=path))
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def write_script(path: Path, text: str) -> None:
    """Put scorepad's script at `path`: written beside it, then renamed over it."""
    _folder(path.parent)
    found = _lstat(path)
    if found is not None:
        if not stat.S_ISREG(found.st_mode):
            raise CompletionInstallError(
                _("{path} is {kind}: scorepad writes its script only in place of one it wrote").format(
                    path=path, kind=_kind(found.st_mode)
                )
            )
        try:
            old = _read(path, found).decode("utf-8")
        except UnicodeDecodeError:
            old = ""
        if MARK not in old:
            raise CompletionInstallError(
                _("{path} is not a completion script scorepad wrote: move it away first").format(path=path)
            )
    descriptor, temporary = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _has_line(text: str, line: str) -> bool:
    wanted = line.strip().splitlines()
    if len(wanted) == 1:
        return any(existing.strip() == wanted[0] for existing in text.splitlines())
    return line.strip() in text


def _has_any(text: str, lines: tuple[str, ...]) -> bool:
    return any(_has_line(text, line) for line in lines)


def _new_file(path: Path, data: bytes) -> None:
    """A start-up file that did not exist: written beside, then linked in only if the
    name is still free (nothing is replaced)."""
    descriptor, temporary = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)
        os.link(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def add_line(path: Path, line: str, *, also: tuple[str, ...] = (), only_check: bool = False) -> bool:
    """Append `line` to the start-up file at `path` unless it is there; True if added (or,
    with `only_check`, if it would be: nothing is written then, but every refusal is
    made)."""
    by_hand = _("add this yourself to {path}: {line}").format(path=path, line=line.strip())
    if not only_check:
        _folder(path.parent)
    found = _lstat(path)
    if found is None:
        if not only_check:
            _new_file(path, (line.strip() + "\n").encode("utf-8", _BYTES))
        return True
    if not stat.S_ISREG(found.st_mode):
        raise CompletionInstallError(
            _("{path} is {kind}; scorepad does not write through it or replace it. {by_hand}").format(
                path=path, kind=_kind(found.st_mode), by_hand=by_hand
            )
        )
    if hasattr(os, "geteuid") and found.st_uid != os.geteuid():
        raise CompletionInstallError(
            _("{path} belongs to another user; scorepad leaves it alone. {by_hand}").format(path=path, by_hand=by_hand)
        )
    data = _read(path, found)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        # the line scorepad appended for a HOME that is not UTF-8 makes the file so
        if _has_any(data.decode("utf-8", _BYTES), (line, *also)):
            return False
        raise CompletionInstallError(
            _("{path} is not UTF-8 text; scorepad leaves it alone. {by_hand}").format(path=path, by_hand=by_hand)
        ) from None
    if _has_any(text, (line, *also)):
        return False
    if only_check:
        return True
    data = (("\n" if text and not text.endswith("\n") else "") + line.strip() + "\n").encode("utf-8", _BYTES)
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | _OPEN)
    try:
        opened = os.fstat(descriptor)
        if (opened.st_dev, opened.st_ino) != (found.st_dev, found.st_ino) or opened.st_size != found.st_size:
            raise CompletionInstallError(_("{path} changed while it was read").format(path=path))
        try:
            written = os.write(descriptor, data)
            if written != len(data):
                raise OSError(errno.EFBIG, os.strerror(errno.EFBIG), str(path))
        except OSError:
            try:  # take back a part-written line, nothing else
                if os.fstat(descriptor).st_size > found.st_size:
                    os.ftruncate(descriptor, found.st_size)
            except OSError:
                pass
            raise
    finally:
        os.close(descriptor)
    return True


def _powershell_profile(shell: str) -> Path:
    """The profile PowerShell loads, as it names it itself."""
    try:
        result = subprocess.run(
            [shell, "-NoProfile", "-Command", "Write-Output $PROFILE"],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=ASKING_POWERSHELL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise CompletionInstallError(_("{shell} did not name its profile").format(shell=shell)) from None
    named = result.stdout.decode("utf-8", "replace").strip()
    if result.returncode != 0 or not named or "\n" in named:
        raise CompletionInstallError(_("{shell} did not name its profile").format(shell=shell))
    return Path(named)


def _named_folder(environ: Mapping[str, str], variable: str, otherwise: Path) -> Path:
    """The folder an environment variable names in place of one in HOME, as the shell
    reads it: zsh its start-up files from ZDOTDIR, fish its own from XDG_CONFIG_HOME. A
    relative path is no such folder (the XDG rule), and HOME's is used."""
    named = environ.get(variable, "")
    return Path(named) if named and Path(named).is_absolute() else otherwise


def plan(shell: str, home: Path, program: str, environ: Mapping[str, str] | None = None) -> Plan:
    """Where `shell`'s completion goes in `home` (and the folders `environ` names)."""
    environ = os.environ if environ is None else environ
    if shell == "bash":
        path = home / ".bash_completions" / f"{program}.sh"
        return Plan(path, home / ".bashrc", "source " + bash_quote(str(path)), (f"source '{path}'",))
    if shell == "zsh":
        start_up = _named_folder(environ, "ZDOTDIR", home) / ".zshrc"
        return Plan(home / ".zfunc" / f"_{program}", start_up, "fpath+=~/.zfunc; autoload -Uz compinit; compinit")
    if shell == "fish":
        config = _named_folder(environ, "XDG_CONFIG_HOME", home / ".config")
        return Plan(config / "fish" / "completions" / f"{program}.fish", None, "")
    profile = _powershell_profile(shell)
    return Plan(profile, None, "")


def install(shell: str, home: Path, program: str, variable: str) -> Path:
    """Install `shell`'s completion; the path of the script (or profile) written."""
    text = script(shell, program, variable)
    where = plan(shell, home, program)
    if shell in ("powershell", "pwsh"):  # the script goes into the profile itself
        add_line(where.script, text)
        return where.script
    if where.start_up is not None:  # refused before anything is written
        add_line(where.start_up, where.line, also=where.also, only_check=True)
    new = _lstat(where.script) is None
    write_script(where.script, text)
    if where.start_up is not None:
        try:
            add_line(where.start_up, where.line, also=where.also)
        except BaseException:
            if new:  # a refusal leaves nothing behind
                where.script.unlink(missing_ok=True)
            raise
    return where.script
