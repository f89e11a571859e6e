"""What a user of well-kept Python command lines expects: --version, -h, python -m,
shell completion, choices checked by the parser, and `-` for standard input."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers import run

import scorepad
from scorepad.engine.rules import CHOICES, PRESETS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DEMO = (EXAMPLES / "demo.toml").read_text(encoding="utf-8")
ENV = {"COLUMNS": "200", "NO_COLOR": "1"}  # for scorepad in a process of its own: refusals stand on one line


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", width=200).exit_code == 0
    assert run("play", "5-4", width=200).exit_code == 0
    return tmp_path / "scorepad.toml"


# --- --version, -h, python -m -----------------------------------------------------------


@pytest.mark.parametrize("option", ["--version", "-V"])
def test_version(option):
    result = run(option, width=200)
    assert result.exit_code == 0, result.output
    assert result.output == f"scorepad {scorepad.__version__}\n"


def test_version_of_python_m_scorepad():
    result = subprocess.run([sys.executable, "-m", "scorepad", "--version"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"scorepad {scorepad.__version__}\n"


def test_python_m_scorepad_runs_commands(tmp_path):
    record = tmp_path / "g.toml"
    made = subprocess.run(
        [sys.executable, "-m", "scorepad", "new", "--players", "Ann,Bob", "-f", str(record)],
        capture_output=True,
        text=True,
        env={"PATH": "", **ENV, "SCOREPAD_LANG": "en"},
        check=False,
    )
    assert made.returncode == 0, made.stderr
    assert record.exists()


@pytest.mark.parametrize("command", [[], ["new"], ["play"], ["audit"], ["rules"], ["live"]])
def test_minus_h_is_help_everywhere(command):
    short, long = run(*command, "-h", width=200), run(*command, "--help", width=200)
    assert short.exit_code == 0, short.output
    assert short.output == long.output
    assert "Usage: scorepad" in short.output and "-h" in short.output


def test_play_tile_minus_h_is_still_help():
    """-h is an option, never a tile: it shows help and records nothing."""
    result = run("play", "54", "-h", width=200)
    assert result.exit_code == 0 and "Usage: scorepad play" in result.output


# --- choices: checked by Typer, completed by the shell ------------------------------------


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_rules_option_refuses_a_value_not_in_its_choices(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    option = "--" + name.replace("_", "-")
    result = run("new", "--players", "Ann,Bob", option, "sometimes", width=200)
    assert result.exit_code == 2, result.output
    assert "'sometimes' is not one of " + ", ".join(f"'{c}'" for c in CHOICES[name]) in result.output
    assert not (tmp_path / "scorepad.toml").exists()


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_every_rules_option_takes_each_of_its_choices(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    option = "--" + name.replace("_", "-")
    for value in CHOICES[name]:
        result = run("new", "--players", "Ann,Bob", "--opener", "Ann", option, value, "--force", width=200)
        assert result.exit_code == 0, result.output
        assert f'{name} = "{value}"' in (tmp_path / "scorepad.toml").read_text() or value == getattr(PRESETS["pagat"], name)


def test_an_unknown_preset_is_refused_by_the_parser(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("new", "--players", "Ann,Bob", "--rules", "chess", width=200)
    assert result.exit_code == 2
    assert "'chess' is not one of 'pagat', 'two-ends', 'fuenfer'" in result.output
    refused = run("rules", "chess", width=200)
    assert refused.exit_code == 2
    assert "'chess' is not one of 'pagat', 'two-ends', 'fuenfer'" in refused.output


def complete(words: str) -> list[str]:
    """What bash completion offers for the command line `words` (the last word being typed)."""
    result = run(env={"_SCOREPAD_COMPLETE": "complete_bash", "_SCOREPAD_COMPLETE_LINE": words}, width=200)
    assert result.exit_code == 0, result.output
    return result.output.split()


def test_completion_of_commands_options_and_choices():
    assert complete("scorepad st") == ["stats"]
    assert complete("scorepad new --bl") == ["--blocked-award", "--blocked-tie"]
    assert complete("scorepad new --spinner ") == ["first-double", "none"]
    assert complete("scorepad new --blocked-award r") == ["rounded-sides-minus-own"]
    assert complete("scorepad new --rules ") == ["pagat", "two-ends", "fuenfer"]
    assert complete("scorepad rules t") == ["two-ends"]


def test_show_completion_gives_a_script_for_bash():
    result = run("--show-completion", "bash", width=200)
    assert result.exit_code == 0, result.output
    assert "_SCOREPAD_COMPLETE=complete_bash" in result.output
    assert "complete -o default -F _scorepad_completion scorepad" in result.output


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_completion_in_bash_itself(tmp_path):
    """The script --show-completion prints, loaded into a real bash, completes a choice."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "scorepad").exists():
        pytest.skip("the scorepad command is not installed beside this Python")
    script = run("--show-completion", "bash", width=200).output
    (tmp_path / "completion.bash").write_text(script)
    shell = (
        f"source {tmp_path / 'completion.bash'}\n"
        'COMP_LINE="scorepad new --next-opener "; COMP_POINT=${#COMP_LINE}\n'
        "_scorepad_completion scorepad\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    result = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", shell],
        capture_output=True,
        text=True,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", **ENV},
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["domino-maker", "round-winner"]


# --- a reader that leaves: `scorepad audit *.toml | head -1` -----------------------------

CLOSED_PIPE = 141  # 128 + SIGPIPE, as a shell shows a writer whose reader left


def scorepad_into(stdout, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "scorepad", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env={**os.environ, **ENV, "SCOREPAD_LANG": "en"},
    )


def test_a_reader_that_stops_early_ends_the_audit_quietly():
    """As `head -1` does: read one line, close the pipe. The audit's 3,000 lines do not fit
    a pipe's buffer, so scorepad is still writing when the reader leaves."""
    demo = str(EXAMPLES / "demo.toml")
    process = scorepad_into(subprocess.PIPE, "audit", *[demo] * 3000)
    first = process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    assert process.wait(timeout=300) == CLOSED_PIPE
    assert first == f"{demo}: ok\n".encode()
    assert error == b""  # no traceback, no "Exception ignored", no message


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["--help"],
        ["play", "--help"],
        ["--show-completion", "bash"],
        ["show", "--json", "-f", str(EXAMPLES / "demo.toml")],
        ["show", "-f", str(EXAMPLES / "demo.toml")],
        ["log", "-f", str(EXAMPLES / "demo.toml")],
        ["audit", str(EXAMPLES / "demo.toml")],
        ["stats", "--csv", str(EXAMPLES / "demo.toml")],
        ["rules", "pagat"],
    ],
    ids=lambda args: " ".join(Path(a).name for a in args),
)
def test_every_kind_of_output_into_a_pipe_nobody_reads(args):
    """Standard output a pipe whose reader is gone before the first line: whatever writes
    it (scorepad, rich, Typer's help, click), the run ends with 141 and says nothing."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        process = scorepad_into(writer, *args)
    finally:
        os.close(writer)
    error = process.stderr.read()
    assert process.wait(timeout=120) == CLOSED_PIPE, error
    assert error == b""


# --- `-`: the record on standard input -----------------------------------------------------


def test_show_reads_the_record_from_standard_input():
    result = run("show", "--json", "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["scores"] == {"Ann": 50, "Bob": 125, "Cy": 85}
    assert data["winner"] == ["Bob"]


def test_show_from_standard_input_on_screen():
    result = run("show", "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    assert "\nGame over: Bob won.\n" in result.output


def test_log_reads_the_record_from_standard_input():
    result = run("log", "--json", "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads(run("log", "--json", "-f", str(EXAMPLES / "demo.toml"), width=200).output)


def test_tally_reads_the_record_from_standard_input():
    result = run("tally", "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    assert result.output == run("tally", "-f", str(EXAMPLES / "demo.toml"), width=200).output
    assert result.output.startswith("Ann: 50\n")


def test_the_environment_may_name_standard_input_too():
    result = run("show", "--json", input=DEMO, env={"SCOREPAD_FILE": "-"}, width=200)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["winner"] == ["Bob"]


def test_audit_reads_standard_input_beside_files():
    broken = Path(__file__).parent / "broken.toml"
    result = run("audit", "-", str(broken), input=DEMO, width=200)
    assert result.exit_code == 1, result.output  # broken.toml holds a move out of turn, and more
    lines = result.output.splitlines()
    assert lines[0] == "-: ok"
    assert f"{broken}: round 1, move 4: 'Bob: 2-1 E': it is Ann's turn, not Bob's" in lines
    assert all(line.startswith(f"{broken}: ") for line in lines[1:])


def test_audit_json_names_standard_input_as_minus():
    result = run("audit", "--json", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["file"] == "-" and data["ok"] is True


def test_stats_reads_standard_input():
    result = run("stats", "--json", "-", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    rows = {row["player"]: row for row in json.loads(result.output)}
    assert rows["Bob"]["games"] == 1 and rows["Bob"]["wins"] == 1
    assert rows["Ann"]["wins"] == 0


def test_replay_reads_standard_input():
    result = run("replay", "-", "--round", "5", input=DEMO, width=200)
    assert result.exit_code == 0, result.output
    assert "round 5, move 1" in result.output and "round 4, move 1" not in result.output
    assert "\nGame over: Bob won.\n" in result.output


def test_a_broken_record_on_standard_input_is_refused_plainly():
    for args in (["show", "-f", "-"], ["log", "-f", "-"], ["tally", "-f", "-"], ["replay", "-"]):
        result = run(*args, input="format = 'scorepad/1'\nplayers = [\n", width=200)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("scorepad: cannot read the record: "), (args, result.output)
        assert "Traceback" not in result.output


def test_bytes_that_are_not_text_on_standard_input():
    shown = run("show", "-f", "-", input=b"\xff\xfe\x00", width=200)
    assert shown.exit_code == 2
    assert shown.output == "scorepad: cannot read the record: standard input is not text (a record is UTF-8 text)\n"
    audited = run("audit", "-", input=b"\xff\xfe\x00", width=200)
    assert audited.exit_code == 2
    assert audited.output == "-: cannot read the file: standard input is not text (a record is UTF-8 text)\n"
    counted = run("stats", "-", input=b"\xff", width=200)
    assert counted.exit_code == 2
    assert "scorepad: skipped -: standard input is not text (a record is UTF-8 text)" in counted.output


def test_standard_input_is_read_up_to_the_record_limit(monkeypatch):
    """No more than a record's limit (and one byte to tell) is read, whatever comes."""
    from scorepad.record import format as record

    monkeypatch.setattr(record, "MAX_RECORD_BYTES", len(DEMO.encode()) - 1)
    result = run("show", "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 2
    assert result.output.startswith("scorepad: cannot read the record: standard input holds more than ")
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", len(DEMO.encode()))
    assert run("show", "-f", "-", input=DEMO, width=200).exit_code == 0


@pytest.mark.parametrize(
    "command",
    [
        ["play", "4-0", "e"],
        ["draw"],
        ["pass"],
        ["undo"],
        ["muggins", "Bob"],
        ["hands", "Ann=3"],
        ["new", "--players", "Ann,Bob"],
        ["live"],
        ["insert", "1.1", "Bob: draw"],
        ["replace", "1.1", "Ann: 6-6"],
        ["delete", "1.1"],
        ["edit"],
    ],
)
def test_commands_that_change_a_record_refuse_standard_input(game, command):
    before = game.read_bytes()
    result = run(*command, "-f", "-", input=DEMO, width=200)
    assert result.exit_code == 2, result.output
    assert "a record on standard input can be shown, not changed" in result.output
    assert game.read_bytes() == before
    assert not (game.parent / "-").exists()
