"""A real interactive bash, zsh or fish under a pseudo-terminal, with scorepad's completion
loaded, for the completion tests: keys are typed into it as a player types them.

Each session lives in a folder of its own: a HOME with the shell's rc file (which loads
the script `scorepad --show-completion SHELL` prints), a `bin` with a `scorepad` that
answers completion as scorepad does and otherwise writes the words it was given to a file
(so a test sees exactly what the shell ran), and the record folder the shell starts in."""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

WAIT = 60.0  # seconds for scorepad to answer or run, on a loaded machine
# By machine: the calls a shell sleeps in while it waits for a key: read(2) (zsh), poll(2)
# (fish), select(2) and pselect6(2) (bash's readline), ppoll(2).
INPUT_WAITS = {"x86_64": {"0", "7", "23", "270", "271"}, "aarch64": {"63", "72", "73"}}

WRAPPER = """#!{python}
import json, os, sys
if "_SCOREPAD_COMPLETE" in os.environ or sys.argv[1:2] == ["--show-completion"]:
    try:
        from scorepad.start import main
        main()
    finally:
        with open({answered!r}, "a") as done:
            done.write("x")
else:
    with open({ran!r}, "w") as out:
        json.dump(sys.argv[1:], out)
"""

RC = {
    "bash": ("bashrc", "PS1='$ '\nsource {script}\n"),
    "zsh": (".zshrc", "PS1='$ '\nautoload -Uz compinit\ncompinit -u -d {home}/.zcompdump\nsource {script}\n"),
    "fish": (".config/fish/config.fish", "set -g fish_greeting\nfunction fish_prompt; echo -n '$ '; end\nsource {script}\n"),
}


def command(shell: str, home: Path) -> list[str]:
    found = shutil.which(shell)
    if found is None:
        pytest.skip(f"{shell} is not installed here (apt-get install -y {shell}): its completion was not tried")
    if shell == "bash":
        return [found, "--noprofile", "--rcfile", str(home / "bashrc"), "-i"]
    return [found, "-i"]


class Session:
    """An interactive shell in `root`/folder, with its own HOME and rc file."""

    def __init__(self, shell: str, root: Path) -> None:
        self.shell = shell
        self.home, self.folder, self.bin = root / "home", root / "folder", root / "bin"
        for made in (self.home, self.folder, self.bin):
            made.mkdir(parents=True, exist_ok=True)
        self.ran, self.answered = root / "ran.json", root / "answered"
        wrapper = self.bin / "scorepad"
        wrapper.write_text(WRAPPER.format(python=sys.executable, ran=str(self.ran), answered=str(self.answered)))
        wrapper.chmod(0o755)
        script = root / f"completion.{shell}"
        shown = subprocess.run(
            [str(wrapper), "--show-completion", shell], env=self.environment(), capture_output=True, text=True, timeout=WAIT
        )
        assert shown.returncode == 0, shown.stderr
        script.write_text(shown.stdout)
        self.answered.unlink(missing_ok=True)
        name, text = RC[shell]
        rc = self.home / name
        rc.parent.mkdir(parents=True, exist_ok=True)
        rc.write_text(text.format(script=script, home=self.home))
        self.pid, self.fd = self._spawn(command(shell, self.home))
        self.screen = b""
        self.settle()

    def environment(self) -> dict[str, str]:
        return {
            "PATH": f"{self.bin}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_DATA_HOME": str(self.home / ".local/share"),
            "ZDOTDIR": str(self.home),
            "TERM": "xterm",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "SCOREPAD_LANG": "en",
            "HISTFILE": str(self.home / "history"),
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}),
        }

    def _spawn(self, argv: list[str]) -> tuple[int, int]:
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the shell
            try:
                os.chdir(self.folder)
                os.execve(argv[0], argv, self.environment())
            finally:
                os._exit(127)
        return pid, fd

    def read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.screen += data

    def settle(self, quiet: float = 0.5) -> None:
        """Read until the shell waits for a key again: asleep in a read, select or poll,
        with no process of its own left running (the completion's scorepad), and nothing
        left to read of what it wrote before. A shell writes before it sleeps, so this is
        all it will say until the next key, however loaded the machine. Where /proc cannot
        tell, read until the shell has said nothing for `quiet` seconds."""
        import platform

        from tests.helpers import children_of

        waits = INPUT_WAITS.get(platform.machine())
        syscall, stat = Path(f"/proc/{self.pid}/syscall"), Path(f"/proc/{self.pid}/stat")
        try:
            readable = waits is not None and bool(syscall.read_text())
        except OSError:
            readable = False
        if not readable:
            before = -1
            while len(self.screen) != before:
                before = len(self.screen)
                self.read(quiet)
            return
        assert waits is not None
        deadline = time.monotonic() + WAIT
        while True:
            fields = syscall.read_text().split()
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
            if state == "S" and fields[:1] and fields[0] in waits and not self._scorepad_running(children_of(self.pid)):
                before = len(self.screen)
                self.read(0.01)  # what it wrote before it slept
                if len(self.screen) == before:
                    return
            assert time.monotonic() < deadline, (
                f"{self.shell} never waited for a key: {fields[:3]} {state} {self.screen[-300:]!r}"
            )
            self.read(0.005)

    @staticmethod
    def _scorepad_running(children: list[int]) -> bool:
        """Whether one of the shell's processes is scorepad (the `bin/scorepad` of the
        session, answering completion or run). fish keeps a process of its own for its man
        page completions, which says nothing on the terminal."""
        for child in children:
            try:
                if b"scorepad" in Path(f"/proc/{child}/cmdline").read_bytes():
                    return True
            except OSError:
                pass  # gone meanwhile
        return False

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())
        self.settle(0.3)

    def tab(self) -> None:
        """TAB, and wait until scorepad has answered and the shell has drawn the line."""
        answers = self.answers()
        os.write(self.fd, b"\t")
        end = time.monotonic() + WAIT
        while self.answers() == answers and time.monotonic() < end:
            self.read(0.1)
        assert self.answers() > answers, f"{self.shell} never asked scorepad: {self.screen[-400:]!r}"
        self.settle(0.5)

    def answers(self) -> int:
        return len(self.answered.read_text()) if self.answered.exists() else 0

    def enter(self) -> list[str] | None:
        """Enter; the words scorepad was run with, or None if it was not run."""
        os.write(self.fd, b"\r")
        end = time.monotonic() + WAIT
        while not self.ran.exists() and time.monotonic() < end:
            self.read(0.1)
        self.settle(0.3)
        return json.loads(self.ran.read_text()) if self.ran.exists() else None

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)
