"""The live prompt sees a change made elsewhere while it waits for a line: another
terminal, a phone's call, an editor. A thread looks at the record's stamp twice a second
(one stat: no reading, nothing that costs a core); when it changed, or a phone's call has
something to say, it sends the main thread a signal. The signal ends the `input()` that is
waiting as Ctrl-C does, through readline's own clean-up; the prompt then says what
changed on a line above it and is drawn again with the line typed so far put back.
docs/development.md ("The live prompt sees changes made elsewhere") says why this way.

Only at a terminal with readline and on a system that can signal one thread: elsewhere
(a pipe, Windows) the prompt reads as it always did."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from scorepad.record.files import Stamp, real_path, stamp
from scorepad.views.console import echo

LOOK = 0.5  # seconds between looks at the record's stamp


class Changed(Exception):
    """The record changed, or a phone's call has something to say, while the prompt waited."""


def cells(text: str) -> int:
    """The columns `text` takes on a terminal: wide letters two, combining marks none."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def keys_awaited() -> bool:
    """Whether readline is still waiting for keys. It holds the terminal (not canonical)
    only while it waits; once Enter ends the line it gives the terminal back, before
    input() returns. A signal handled in between would drop the line just entered, so
    then the line goes on as typed, and the change is said at the next prompt (the watch
    signals again until the prompt takes it)."""
    try:
        import termios
    except ImportError:  # pragma: no cover - not on every platform
        return True
    try:
        return not termios.tcgetattr(sys.stdin.fileno())[3] & termios.ICANON
    except (termios.error, OSError, ValueError):
        return True


class Watch:
    """The thread that looks at the record for the prompt, and the signal it sends."""

    def __init__(self, file: Path, readline: Any) -> None:
        self.path = real_path(file)
        self.readline = readline
        self.expected: Stamp | None = None
        self.waiting = False  # True only while input() waits for the prompt's line
        self.putting_back = False  # True while readline puts the kept line back
        self.notes: list[str] = []
        self.hushed = 0  # calls from a phone being made: their change is theirs to say (`Notes.hushed`)
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.stopped = False
        self.main = threading.main_thread().ident
        self.before = signal.signal(signal.SIGUSR1, self._signalled)
        self.thread = threading.Thread(target=self._look, name="scorepad-watch", daemon=True)
        self.thread.start()

    @classmethod
    def started(cls, file: Path, readline: Any) -> Watch | None:
        """A watch for the prompt on `file`, or None where the prompt cannot be woken: no
        terminal, no readline to put the line back, no signal to one thread."""
        if readline is None or not sys.stdin.isatty() or not sys.stdout.isatty():
            return None
        if not hasattr(signal, "pthread_kill") or not hasattr(signal, "SIGUSR1"):
            return None  # pragma: no cover - Windows
        if threading.current_thread() is not threading.main_thread():
            return None
        return cls(file, readline)

    def _signalled(self, number: int, frame: FrameType | None) -> None:
        if self.waiting and not self.putting_back and keys_awaited():
            raise Changed

    def _look(self) -> None:
        while not self.stopped:
            self.wake.wait(LOOK)
            self.wake.clear()
            if not self.waiting or self.stopped:
                continue
            if self.due():
                # Sent again at each look until the prompt has taken it: a signal that
                # came while readline was putting a line back is not lost.
                with contextlib.suppress(ProcessLookupError, OSError):
                    signal.pthread_kill(self.main, signal.SIGUSR1)  # type: ignore[arg-type]

    def due(self) -> bool:
        """Whether the prompt has something to show: a note, or a change of the record
        (not while a phone's call is yet to be said: its note will say it)."""
        with self.lock:
            noted, hushed = bool(self.notes), self.hushed > 0
        return noted or (not hushed and stamp(self.path) != self.expected)

    def tell(self, text: str) -> None:
        """A note for the keeper (what a phone's call did), shown above the prompt at once."""
        with self.lock:
            self.notes.append(text)
        self.wake.set()

    def taken(self) -> list[str]:
        with self.lock:
            notes, self.notes = self.notes, []
        return notes

    def expect(self, seen: Stamp | None) -> None:
        """The record's stamp as the prompt about to be drawn knows it."""
        self.expected = seen

    def read_line(self, prompt: str, kept: str) -> str:
        """input(`prompt`) with `kept` typed already; raises Changed when the record
        changes or a note comes before the line is ended."""
        if kept:

            def put_back() -> None:
                try:
                    self.readline.insert_text(kept)
                    self.readline.redisplay()
                finally:
                    self.putting_back = False

            self.readline.set_pre_input_hook(put_back)
            # No Changed until the line is back: readline would swallow it in the hook
            # and the line with it. A signal meanwhile is sent again at the next look.
            self.putting_back = True
        try:
            self.waiting = True
            return input(prompt)
        finally:
            self.waiting = self.putting_back = False
            if kept:
                self.readline.set_pre_input_hook(None)

    def clear(self, prompt: str, typed: str) -> None:
        """Take the prompt and the line typed off the screen: readline, stopped, leaves
        the cursor on the last row they take, which the terminal's width tells."""
        try:
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError):
            columns = 80
        rows = (cells(prompt) + cells(typed)) // max(columns, 1)
        sys.stdout.write("\r" + "\x1b[A" * rows + "\x1b[J")
        sys.stdout.flush()

    def stop(self) -> None:
        self.stopped = True
        self.wake.set()
        self.thread.join(LOOK * 2)
        signal.signal(signal.SIGUSR1, self.before)


class Notes:
    """What the server beside the prompt says (`live --serve`: a phone's call): above the
    prompt through its watch; without one (input from a pipe), on a line of its own."""

    def __init__(self) -> None:
        self.watch: Watch | None = None

    def __call__(self, text: str) -> None:
        watch = self.watch
        if watch is not None:
            watch.tell(text)
        else:
            echo("\n" + text)

    @contextlib.contextmanager
    def hushed(self) -> Iterator[None]:
        """Held by the server while a phone's call is made and said: the record's change
        is not told as one made elsewhere before the call's own line (which would say it
        twice); once the call is said, its note wakes the prompt."""
        watch = self.watch
        if watch is None:
            yield
            return
        with watch.lock:
            watch.hushed += 1
        try:
            yield
        finally:
            with watch.lock:
                watch.hushed -= 1
            watch.wake.set()


@contextlib.contextmanager
def watching(file: Path, readline: Any, notes: Notes | None) -> Iterator[Watch | None]:
    """A watch for the prompt's whole run, or None where it cannot have one."""
    watch = Watch.started(file, readline)
    if notes is not None:
        notes.watch = watch
    try:
        yield watch
    finally:
        if notes is not None:
            notes.watch = None
        if watch is not None:
            watch.stop()
