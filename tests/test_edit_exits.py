"""`edit` on every way out: a signal while the editor is open leaves no copy of the record in
the temporary folder, and without a terminal and without $VISUAL or $EDITOR it refuses at
once instead of starting an editor that waits for keys nobody types."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.helpers import flat, ok

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX signals and scripts")


def scorepad(args: list[str], folder: Path, env: dict[str, str]) -> subprocess.Popen:
    full = {**os.environ, "SCOREPAD_LANG": "en", "NO_COLOR": "1", "COLUMNS": "80", **env}
    full.pop("SCOREPAD_FILE", None)
    return subprocess.Popen(
        [sys.executable, "-m", "scorepad", *args],
        cwd=folder,
        env=full,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def new_game(folder: Path) -> None:
    ok("new", "--players", "Ann,Bob", "-f", folder / "scorepad.toml")  # the edit's process is what is tested


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_signal_while_the_editor_is_open_leaves_no_copy_of_the_record(tmp_path, name):
    folder, temp = tmp_path / "club", tmp_path / "temp"
    folder.mkdir()
    temp.mkdir()
    new_game(folder)
    started = tmp_path / "started"
    editor = tmp_path / "waiting-editor.py"
    # Says it has the copy open (its pid), then waits as a person at an editor does.
    editor.write_text(
        f"import os, sys, time\nopen({str(started)!r}, 'w').write(str(os.getpid()))\ntime.sleep(60)\n",
        encoding="utf-8",
    )
    process = scorepad(["edit"], folder, {"TMPDIR": str(temp), "VISUAL": f"{sys.executable} {editor}"})
    try:
        deadline = time.monotonic() + 60
        while not started.exists() or not started.read_text():
            assert time.monotonic() < deadline and process.poll() is None, "the editor never started"
            time.sleep(0.05)
        assert [p.name for p in temp.iterdir() if p.name.startswith("scorepad-")]  # the copy is there
        process.send_signal(getattr(signal, name))
        output, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        try:
            os.kill(int(started.read_text()), signal.SIGKILL)  # the editor, if scorepad left it
        except (OSError, ValueError):
            pass
    assert sorted(p.name for p in temp.iterdir()) == []  # no copy of the record left behind
    assert process.returncode == 128 + getattr(signal, name), output
    assert "Traceback" not in output
    assert (folder / "scorepad.toml").exists()


def test_without_a_terminal_and_without_an_editor_variable_edit_refuses_at_once(tmp_path):
    folder, bin_ = tmp_path / "club", tmp_path / "bin"
    folder.mkdir()
    bin_.mkdir()
    new_game(folder)
    started = tmp_path / "started"
    # A vi and a nano of the test's own: they only say they were started.
    for name in ("vi", "nano"):
        script = bin_ / name
        script.write_text(f"#!/bin/sh\necho {name} > {str(started)!r}\n", encoding="utf-8")
        script.chmod(0o755)
    path = f"{bin_}{os.pathsep}{os.environ.get('PATH', '')}"
    before = (folder / "scorepad.toml").read_bytes()
    for empty in ({"VISUAL": "", "EDITOR": ""}, {"VISUAL": " ", "EDITOR": ""}):
        process = scorepad(["edit"], folder, {"PATH": path, **empty})
        output, _ = process.communicate(timeout=60)
        assert process.returncode == 2, output
        assert "set EDITOR" in flat(output) and "Traceback" not in output
        assert not started.exists()  # no editor was started
    env = {**os.environ, "PATH": path, "SCOREPAD_LANG": "en"}
    for variable in ("VISUAL", "EDITOR"):
        env.pop(variable, None)
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "edit"], cwd=folder, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert done.returncode == 2 and "set EDITOR" in flat(done.stderr + done.stdout)
    assert not started.exists()
    assert (folder / "scorepad.toml").read_bytes() == before
