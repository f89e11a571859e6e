"""`--install-completion` never destroys a file: no writing through a link, no rewriting a
start-up file (so a file-size limit cannot cut it), no waiting on a pipe, a clear message
for a start-up file that is not UTF-8, and a line bash can read for any HOME. Each attack
is made in the test's own folder, with links only to files the test made."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers import flat, run

SCRIPT = {
    "bash": ".bash_completions/scorepad.sh",
    "zsh": ".zfunc/_scorepad",
    "fish": ".config/fish/completions/scorepad.fish",
}
START_UP = {"bash": ".bashrc", "zsh": ".zshrc"}


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def install(home: Path, shell: str):
    return run("--install-completion", shell, env={"HOME": str(home)})


def refused(result, *texts: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for text in texts:
        assert text in flat(result.output), result.output
    return result.output


def installed_in_a_process(home: Path, shell: str, limit: int | None = None) -> subprocess.CompletedProcess:
    """`scorepad --install-completion SHELL` as its own process (under a file-size limit)."""

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "SCOREPAD_LANG": "en", "COLUMNS": "200", "NO_COLOR": "1"}
    if "PYTHONPATH" in os.environ:  # the scorepad under test, when it is not the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return subprocess.run(
        [sys.executable, "-m", "scorepad", "--install-completion", shell],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limited,
    )


# --- the script: never written through a link ----------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "fish", "zsh"])
def test_a_link_at_the_script_s_place_is_not_written_through(home, tmp_path, shell):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = home / SCRIPT[shell]
    link.parent.mkdir(parents=True)
    link.symlink_to(victim)
    refused(install(home, shell), f"cannot install completion for {shell}", str(link), "is a symbolic link")
    assert victim.read_text() == "precious\n"
    assert link.is_symlink() and os.readlink(link) == str(victim)


@pytest.mark.parametrize("shell", ["bash", "fish"])
def test_a_file_that_is_not_scorepad_s_script_is_left_alone(home, shell):
    mine = home / SCRIPT[shell]
    mine.parent.mkdir(parents=True)
    mine.write_text("my own completion\n")
    refused(install(home, shell), "is not a completion script scorepad wrote")
    assert mine.read_text() == "my own completion\n"


def test_scorepad_s_old_script_is_replaced(home):
    old = home / SCRIPT["fish"]
    old.parent.mkdir(parents=True)
    old.write_text('complete --command scorepad --no-files --arguments "(env _SCOREPAD_COMPLETE=complete_fish ...)"\n')
    result = install(home, "fish")
    assert result.exit_code == 0, result.output
    assert "_scorepad_completion" in old.read_text()
    assert sorted(p.name for p in old.parent.iterdir()) == ["scorepad.fish"]  # nothing left beside it


# --- the start-up file: appended to, never rewritten ---------------------------------------


def test_the_line_is_appended_once_and_the_rest_is_kept(home):
    rc = home / ".bashrc"
    rc.write_text("alias ll='ls -l'")  # no newline at the end
    assert install(home, "bash").exit_code == 0
    assert install(home, "bash").exit_code == 0
    text = rc.read_text()
    assert text.startswith("alias ll='ls -l'\nsource ")
    assert text.count("source ") == 1


def test_the_line_typer_s_installer_wrote_counts(home):
    rc = home / ".bashrc"
    typer_line = f"source '{home / SCRIPT['bash']}'\n"
    rc.write_text(typer_line)
    assert install(home, "bash").exit_code == 0
    assert rc.read_text() == typer_line


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_a_linked_start_up_file_is_not_written_through(home, tmp_path, shell):
    victim = tmp_path / "dotfiles-rc"
    victim.write_text("# mine\n")
    rc = home / START_UP[shell]
    rc.symlink_to(victim)
    output = refused(install(home, shell), "is a symbolic link", "add this yourself to")
    assert victim.read_text() == "# mine\n" and rc.is_symlink()
    assert not (home / SCRIPT[shell]).exists()  # a refusal leaves nothing behind
    assert "Traceback" not in output


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_a_fifo_as_start_up_file_is_refused_at_once(home, shell):
    os.mkfifo(home / START_UP[shell])
    result = installed_in_a_process(home, shell)  # would wait for a writer for ever if opened
    assert result.returncode == 2, result.stderr
    assert "is a named pipe" in flat(result.stderr)
    assert "Traceback" not in result.stderr
    assert not (home / SCRIPT[shell]).exists()


def test_a_start_up_file_that_is_not_utf8_gets_a_message(home):
    rc = home / ".bashrc"
    latin = "# Grüße\nexport A=1\n".encode("latin-1")
    rc.write_bytes(latin)
    refused(install(home, "bash"), ".bashrc is not UTF-8 text", "add this yourself to")
    assert rc.read_bytes() == latin
    assert not (home / SCRIPT["bash"]).exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file of another user needs root")
def test_a_start_up_file_of_another_user_is_left_alone(home):
    rc = home / ".bashrc"
    rc.write_text("# theirs\n")
    os.chown(rc, 4321, 4321)
    refused(install(home, "bash"), "belongs to another user")
    assert rc.read_text() == "# theirs\n"


@pytest.mark.parametrize("size", [200_012, 51_190])
def test_a_file_size_limit_never_cuts_the_start_up_file(home, size):
    """Far over the limit (nothing can be appended) and just under it (part of the line
    could be): the start-up file keeps every byte, and says nothing half."""
    rc = home / ".bashrc"
    body = ("# a long bashrc line, kept as it is\n" * (size // 36 + 1))[:size]
    rc.write_text(body)
    result = installed_in_a_process(home, "bash", limit=51_200)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "cannot install completion for bash" in flat(result.stderr)
    assert "Traceback" not in result.stderr
    assert rc.read_text() == body
    assert not (home / SCRIPT["bash"]).exists()
    assert sorted(p.name for p in home.iterdir()) == [".bash_completions", ".bashrc"]
    assert list((home / ".bash_completions").iterdir()) == []


# --- a HOME the shell must read quoted -----------------------------------------------------


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed here")
@pytest.mark.parametrize("name", ["o'brien", "a b", "x$(touch pwned)", 'd"q'])
def test_a_home_with_a_quote_gets_a_line_bash_reads(tmp_path, name):
    home = tmp_path / name
    home.mkdir()
    result = install(home, "bash")
    assert result.exit_code == 0, result.output
    check = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", 'source "$HOME/.bashrc" && complete -p scorepad'],
        env={"HOME": str(home), "PATH": os.environ.get("PATH", "")},
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert check.returncode == 0, check.stderr
    assert "_scorepad_completion" in check.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # nothing ran


# --- PowerShell: the profile it names gets the script appended ------------------------------


@pytest.fixture
def fake_pwsh(tmp_path):
    """A `pwsh` that names a profile in the test's folder, as PowerShell answers
    `Write-Output $PROFILE` (PowerShell itself cannot be installed here)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    profile = tmp_path / "home" / ".config" / "powershell" / "Microsoft.PowerShell_profile.ps1"
    (folder / "pwsh").write_text(f"#!/bin/sh\necho '{profile}'\n")
    (folder / "pwsh").chmod(0o755)
    return folder, profile


def test_powershell_s_profile_gets_the_script_once(home, fake_pwsh):
    folder, profile = fake_pwsh
    env = {"HOME": str(home), "PATH": f"{folder}:{os.environ.get('PATH', '')}"}
    for _ in range(2):
        result = run("--install-completion", "pwsh", env=env)
        assert result.exit_code == 0, result.output
    text = profile.read_text()
    assert text.count("Register-ArgumentCompleter -Native -CommandName scorepad") == 1
    assert "Set-ExecutionPolicy" not in text


def test_a_linked_powershell_profile_is_not_written_through(home, tmp_path, fake_pwsh):
    folder, profile = fake_pwsh
    victim = tmp_path / "victim.ps1"
    victim.write_text("# mine\n")
    profile.parent.mkdir(parents=True)
    profile.symlink_to(victim)
    env = {"HOME": str(home), "PATH": f"{folder}:{os.environ.get('PATH', '')}"}
    refused(run("--install-completion", "pwsh", env=env), "is a symbolic link")
    assert victim.read_text() == "# mine\n"
