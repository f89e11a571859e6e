"""Shell completion: the shell named after --show-completion and --install-completion
wins over the one scorepad runs in, an unusable HOME is refused with a message, and
player names complete from the record in every shell Typer has scripts for."""

import os
import shlex
import shutil
import stat

import pytest
import shellingham
from tests.helpers import run

from scorepad.cli.completion import SHELLS

# A line each script has and no other script has.
SCRIPT_MARK = {
    "bash": "complete -o default -F _scorepad_completion scorepad",
    "zsh": "#compdef scorepad",
    "fish": "complete --command scorepad --no-files",
    "powershell": "Register-ArgumentCompleter -Native -CommandName scorepad",
    "pwsh": "Register-ArgumentCompleter -Native -CommandName scorepad",
}


@pytest.fixture
def under_zsh(monkeypatch):
    """scorepad run from zsh, as shellingham would find it."""
    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: ("zsh", "/bin/zsh"))


# --- the script: --show-completion [SHELL] ----------------------------------------------------


@pytest.mark.parametrize("shell", SHELLS)
def test_the_shell_named_wins_over_the_current_one(under_zsh, shell):
    result = run("--show-completion", shell, width=200)
    assert result.exit_code == 0, result.output
    assert SCRIPT_MARK[shell] in result.output
    others = {mark for name, mark in SCRIPT_MARK.items() if mark != SCRIPT_MARK[shell]}
    assert not any(mark in result.output for mark in others)


def test_without_a_shell_named_the_current_one(under_zsh):
    result = run("--show-completion", width=200)
    assert result.exit_code == 0, result.output
    assert SCRIPT_MARK["zsh"] in result.output


def test_a_shell_without_completion_is_refused(under_zsh):
    result = run("--show-completion", "tcsh", width=200)
    assert result.exit_code == 2
    assert result.output == "scorepad: tcsh: completion is for bash, zsh, fish, powershell, pwsh\n"


def test_a_shell_that_cannot_be_found_must_be_named(monkeypatch):
    def undetectable(*args, **kwargs):
        raise shellingham.ShellDetectionFailure()

    monkeypatch.setattr(shellingham, "detect_shell", undetectable)
    result = run("--show-completion", width=200)
    assert result.exit_code == 2
    assert "cannot tell which shell this is: name it, e.g. --show-completion bash" in result.output
    assert run("--show-completion", "fish", width=200).exit_code == 0


# --- installing: --install-completion [SHELL] --------------------------------------------------


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


INSTALLED = {
    "bash": ".bash_completions/scorepad.sh",
    "zsh": ".zfunc/_scorepad",
    "fish": ".config/fish/completions/scorepad.fish",
}


@pytest.mark.parametrize("shell", sorted(INSTALLED))
def test_install_writes_the_named_shell_s_script_into_home(under_zsh, home, shell):
    result = run("--install-completion", shell, env={"HOME": str(home)}, width=200)
    assert result.exit_code == 0, result.output
    script = home / INSTALLED[shell]
    assert SCRIPT_MARK[shell] in script.read_text()
    assert result.output.startswith(f"{shell} completion installed in {script}")
    if shell != "zsh":
        assert not (home / ".zfunc").exists()  # the shell detected was not used


def test_install_without_a_shell_named_uses_the_current_one(under_zsh, home):
    result = run("--install-completion", env={"HOME": str(home)}, width=200)
    assert result.exit_code == 0, result.output
    assert (home / INSTALLED["zsh"]).is_file()


def unusable(result, *expected):
    assert result.exit_code == 2, result.output
    assert result.output.startswith("scorepad: ")
    for text in expected:
        assert text in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_install_refuses_a_missing_home_and_creates_nothing(home):
    missing = home / "gone"
    unusable(run("--install-completion", "bash", env={"HOME": str(missing)}, width=200), f"HOME {missing} is not a folder")
    assert not missing.exists()


def test_install_refuses_a_home_that_is_a_file(home):
    file = home / "notes.txt"
    file.write_text("mine\n")
    unusable(run("--install-completion", "fish", env={"HOME": str(file)}, width=200), f"HOME {file} is not a folder")
    assert file.read_text() == "mine\n"


@pytest.mark.parametrize("value", ["", "relative/home"])
def test_install_refuses_an_empty_or_relative_home(home, monkeypatch, value):
    monkeypatch.chdir(home)
    unusable(run("--install-completion", "bash", env={"HOME": value}, width=200), "HOME is not set to a folder")
    assert list(home.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder")
def test_install_refuses_a_home_it_cannot_write(home):
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        unusable(run("--install-completion", "bash", env={"HOME": str(home)}, width=200), f"HOME {home} cannot be written")
    finally:
        home.chmod(stat.S_IRWXU)


def test_install_says_what_is_in_the_way(home):
    (home / ".zfunc").write_text("not a folder\n")
    unusable(run("--install-completion", "zsh", env={"HOME": str(home)}, width=200), "cannot install completion for zsh")
    assert (home / ".zfunc").read_text() == "not a folder\n"


@pytest.mark.skipif(shutil.which("pwsh") is not None, reason="PowerShell is installed here")
def test_install_for_powershell_without_powershell_is_a_message(home):
    unusable(run("--install-completion", "pwsh", env={"HOME": str(home)}, width=200), "cannot install completion for pwsh")


# --- player names -------------------------------------------------------------------------------


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", width=200).exit_code == 0
    return tmp_path / "scorepad.toml"


def completions(shell: str, line: str, env=None) -> list[str]:
    """The candidates scorepad gives `shell`'s completion script for the command line
    `line` (the last word being typed; a line ending in a space completes a new word), as
    the words they put on the line."""
    variables = {"_SCOREPAD_COMPLETE_LINE": line}
    if shell == "powershell":
        variables["_SCOREPAD_COMPLETE_WORD"] = line.split(" ")[-1]
    result = run(env={"_SCOREPAD_COMPLETE": f"complete_{shell}", **variables, **(env or {})})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "scorepad:" not in result.output
    lines = result.output.splitlines()
    if shell == "bash":  # the words as bash inserts them, quoted
        return [shlex.split(word)[0] for word in lines]
    if shell == "powershell":  # quoted TAB plain TAB help
        return [entry.split("\t")[1] for entry in lines]
    return [entry.split("\t")[0] for entry in lines]  # plain TAB help


SHELLS_COMPLETING = ("bash", "zsh", "fish", "powershell")


@pytest.mark.parametrize("shell", SHELLS_COMPLETING)
def test_by_completes_the_players_of_the_record(game, shell):
    assert completions(shell, "scorepad play 54 --by ") == ["Ann", "Bob", "Cy"]
    assert completions(shell, "scorepad draw --by B") == ["Bob"]


@pytest.mark.parametrize("shell", SHELLS_COMPLETING)
def test_muggins_completes_the_players(game, shell):
    assert completions(shell, "scorepad muggins C") == ["Cy"]


@pytest.mark.parametrize("shell", SHELLS_COMPLETING)
def test_hands_completes_the_players_not_entered_yet(game, shell):
    assert completions(shell, "scorepad hands ") == ["Ann=", "Bob=", "Cy="]
    assert completions(shell, "scorepad hands Ann=5 ") == ["Bob=", "Cy="]
    assert completions(shell, "scorepad hands --by ") == ["Ann", "Bob", "Cy"]


def test_names_come_from_the_record_named_with_f(game, tmp_path):
    other = tmp_path / "other.toml"
    assert run("new", "--players", "Dora,Eve", "--opener", "Dora", "-f", str(other), width=200).exit_code == 0
    assert completions("bash", f"scorepad pass -f {other} --by ") == ["Dora", "Eve"]
    assert completions("bash", "scorepad pass --by ", env={"SCOREPAD_FILE": str(other)}) == ["Dora", "Eve"]


def test_opener_completes_the_players_given_or_the_record_s(game):
    assert completions("bash", "scorepad new --players Xa,Yb --opener ") == ["Xa", "Yb", "lot"]
    assert completions("bash", "scorepad new --force --opener ") == ["Ann", "Bob", "Cy", "lot"]


@pytest.mark.parametrize("shell", SHELLS_COMPLETING)
def test_a_missing_or_broken_record_completes_nothing(tmp_path, monkeypatch, shell):
    monkeypatch.chdir(tmp_path)
    assert completions(shell, "scorepad muggins ") == []
    (tmp_path / "scorepad.toml").write_text('format = "scorepad/1"\n[[rounds]\n')
    assert completions(shell, "scorepad play 54 --by ") == []
    (tmp_path / "folder.toml").mkdir()
    assert completions(shell, "scorepad muggins -f folder.toml ") == []
    assert completions(shell, "scorepad muggins -f - ") == []
