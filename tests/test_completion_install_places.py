"""Where `--install-completion` puts things is where the shell looks for them: zsh reads
its start-up files from ZDOTDIR when it is set, fish its completions from
XDG_CONFIG_HOME; zsh completes at the very first TAB from the script in ~/.zfunc; and a
HOME that is not UTF-8 is written as its bytes, not a traceback. Each case in the test's
own folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers import record_of_names as record
from tests.shells import Session


def installed(shell: str, home: Path, **variables: str) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "SCOREPAD_LANG": "en", "COLUMNS": "200", "NO_COLOR": "1"}
    env.update(variables)
    if "PYTHONPATH" in os.environ:  # the scorepad under test, when it is not the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return subprocess.run(
        [sys.executable, "-m", "scorepad", "--install-completion", shell], env=env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_zsh_s_line_goes_where_zdotdir_says(home):
    zdotdir = home / "zsh"
    zdotdir.mkdir()
    result = installed("zsh", home, ZDOTDIR=str(zdotdir))
    assert result.returncode == 0, result.stderr
    assert "compinit" in (zdotdir / ".zshrc").read_text()
    assert not (home / ".zshrc").exists()  # zsh does not read it while ZDOTDIR is set


def test_a_relative_zdotdir_is_not_a_place(home):
    result = installed("zsh", home, ZDOTDIR="zsh")
    assert result.returncode == 0, result.stderr
    assert "compinit" in (home / ".zshrc").read_text()


def test_fish_s_script_goes_where_xdg_config_home_says(home, tmp_path):
    config = tmp_path / "config"
    result = installed("fish", home, XDG_CONFIG_HOME=str(config))
    assert result.returncode == 0, result.stderr
    assert "_SCOREPAD_COMPLETE" in (config / "fish" / "completions" / "scorepad.fish").read_text()
    assert not (home / ".config").exists()


def test_a_home_that_is_not_utf_8(tmp_path):
    home = tmp_path / "h\udcff"  # the byte 0xff
    home.mkdir()
    (home / ".bashrc").write_text("# mine\n")
    for _ in range(2):
        result = installed("bash", home)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
    text = (home / ".bashrc").read_bytes()
    assert text.startswith(b"# mine\n") and text.count(b"source ") == 1
    if shutil.which("bash"):
        loaded = subprocess.run(
            ["bash", "--norc", "-c", 'source "$HOME/.bashrc" && complete -p scorepad'],
            env={"HOME": str(home), "PATH": os.environ.get("PATH", "")},
            capture_output=True,
            timeout=60,
        )
        assert loaded.returncode == 0, loaded.stderr
        assert b"_scorepad_completion" in loaded.stdout


class ZshWithZdotdir(Session):
    """A zsh that reads its start-up files from ZDOTDIR, not HOME."""

    def environment(self) -> dict[str, str]:
        return {**super().environment(), "ZDOTDIR": str(self.home / "zsh")}


@pytest.mark.slow
def test_zsh_completes_at_the_first_tab_as_installed(tmp_path):
    if shutil.which("zsh") is None:
        pytest.skip("zsh is not installed here (apt-get install -y zsh): its completion was not tried")
    home = tmp_path / "home"
    zdotdir = home / "zsh"
    zdotdir.mkdir(parents=True)
    (zdotdir / ".zshenv").write_text("# keeps zsh-newuser-install away\n")
    result = installed("zsh", home, ZDOTDIR=str(zdotdir))
    assert result.returncode == 0, result.stderr
    one = ZshWithZdotdir("zsh", tmp_path)
    try:
        (one.folder / "scorepad.toml").write_text(record(["Ann", "Bob"]))
        one.type("scorepad mugg")
        one.tab()
        assert one.enter() == ["muggins"], one.screen[-300:]
    finally:
        one.close()
