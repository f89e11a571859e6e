"""Records from strangers and shared folders, and arguments typed to break things:
every command answers with a message and an exit code, never a traceback; a refusal
leaves the record byte for byte as it was; nothing raw reaches the terminal; saving keeps
what the record was (mode, group, owner, links, comments); time and memory stay bounded."""

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers import RAW, answered, run

from scorepad import Game
from scorepad.cli.commands.showing import spreadsheet_cell
from scorepad.engine.notation import check_player_name
from scorepad.errors import InvalidMoveError, RulesError
from scorepad.record.files import has_comments, load, locked
from scorepad.record.format import MAX_RECORD_BYTES, RecordError, loads
from scorepad.views.console import clean, json_text, width

SRC = Path(__file__).resolve().parents[1] / "src"

HOSTILE = "\x1b]0;owned\x07\x1b[2J\r\x1b[8m\u202e\x85\x00"


def record(*lines: str) -> str:
    return "\n".join(lines) + "\n"


GOOD = record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[[rounds]]", 'opener = "Ann"', 'moves = ["Ann: 6-4"]')


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# Every command that reads the record given by -f, with arguments that would be fine
# for a good record. Live reads its lines from a pipe.
READERS = [
    ["show"],
    ["show", "--json"],
    ["log"],
    ["log", "--json"],
    ["hint", "64", "55"],
    ["rules"],
    ["tally"],
]
WRITERS = [["play", "5-5", "E"], ["draw"], ["pass"], ["muggins", "Bob"], ["undo"], ["hands", "Ann=5", "Bob=3"]]


def every_command(path: Path):
    """(arguments, stdin) for every command on the record at `path`."""
    for args in READERS + WRITERS:
        yield [*args, "-f", path], None
    yield ["live", "-f", path], "s\n64 e\nd 2\nu\nq\n"
    yield ["replay", path], None
    yield ["audit", path], None
    yield ["audit", "--json", path], None
    yield ["stats", path], None
    yield ["stats", "--csv", path], None


def refused_everywhere(path: Path, *, audit_codes=(1, 2)):
    """Every command refuses the record, with exit 2 (an audit: 1 or 2), never changing it."""
    before = path.read_bytes() if path.is_file() else None
    for args, stdin in every_command(path):
        result = run(*args, input=stdin)
        if args[0] == "audit":
            answered(result, *audit_codes)
        elif args[0] == "live":
            answered(result, 0, 2)  # the prompt says what is wrong after each line
        else:
            answered(result, 2)
        if before is not None:
            assert path.read_bytes() == before, args


# --- hostile records through every command --------------------------------------------------

HOSTILE_RECORDS = {
    "control characters in a name": record('format = "scorepad/1"', 'players = ["Ann\\u001b]0;owned\\u0007\\r\\u0085", "Bob"]'),
    "escape in a name": record('format = "scorepad/1"', 'players = ["A\\u001b[2Jnn", "Bob"]'),
    "right-to-left override in a name": record('format = "scorepad/1"', 'players = ["\\u202eAnn", "Bob"]'),
    "names the same but for case": record('format = "scorepad/1"', 'players = ["Ann", "ANN"]'),
    "a name not in NFC": record('format = "scorepad/1"', 'players = ["Rene\\u0301", "Bob"]'),
    "a name with =": record('format = "scorepad/1"', 'players = ["A=n", "Bob"]'),
    "a name with @": record('format = "scorepad/1"', 'players = ["@Ann", "Bob"]'),
    "a name of 41 characters": record('format = "scorepad/1"', f'players = ["{"A" * 41}", "Bob"]'),
    "a zero-width name": record('format = "scorepad/1"', 'players = ["\\u200b", "Bob"]'),
    "a Hangul filler name": record('format = "scorepad/1"', 'players = ["\\u3164", "Bob"]'),
    "a key with a carriage return and conceal": record(
        'format = "scorepad/1"', 'players = ["Ann", "Bob"]', '"ok\\r\\u001b[8m" = 1'
    ),
    "a list as the preset": record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "preset = [1]"),
    "a table as an option": record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "spinner = {a = 1}"),
    "a list as muggins": record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "muggins = [[1]]"),
    "a huge target": record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "target = " + "9" * 4000),
    "an integer past the digit limit": record(
        'format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "target = " + "9" * 5000
    ),
    "a huge deal": record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[rules]", "deal = [" + "9" * 4000 + ", 1, 1]"),
    "a huge draw count": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[[rounds]]",
        'opener = "Ann"',
        f'moves = ["Ann: 6-4", "Bob: draw {"9" * 5000}"]',
    ),
    "a huge claim": record(
        'format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[[rounds]]", 'opener = "Ann"', f'moves = ["Ann: 6-4 ={"9" * 5000}"]'
    ),
    "a superscript draw count": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[[rounds]]",
        'opener = "Ann"',
        'moves = ["Ann: 6-4", "Bob: draw \u00b2"]',
    ),
    "a huge hand": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[rules]",
        "deal = [1, 1, 1]",
        "[[rounds]]",
        'opener = "Ann"',
        'moves = ["Ann: 6-4"]',
        "hands = { Bob = " + "9" * 400 + " }",
    ),
    "nested 3,000 deep": record('format = "scorepad/1"', "players = " + "[" * 3000 + "]" * 3000),
    "nested inline tables": record('format = "scorepad/1"', "players = " + "{a=" * 2000 + "1" + "}" * 2000),
    "a moves list of lists": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[[rounds]]",
        'opener = "Ann"',
        "moves = [" + "[" * 500 + "]" * 500 + "]",
    ),
    "markup in a move": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[[rounds]]",
        'opener = "Ann"',
        'moves = ["[/]: 6-4", "Ann: [link=x]6-4[/link]"]',
    ),
    "not UTF-8": None,  # written as bytes below
    "not TOML": "players = [\x1b[31m\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RECORDS))
def test_every_command_refuses_a_hostile_record(folder, name):
    path = folder / "game.toml"
    text = HOSTILE_RECORDS[name]
    if text is None:
        path.write_bytes(b'format = "scorepad/1"\nplayers = ["Ann\xff", "Bob"]\n')
    else:
        write(path, text)
    refused_everywhere(path)


def test_a_concealed_key_cannot_make_a_problem_look_ok(folder):
    """As reported: a key with CR and a conceal sequence printed `cheat.toml: ok`
    over a real problem."""
    write(folder / "cheat.toml", record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', '"\\rcheat.toml: ok\\u001b[8m" = 1'))
    result = run("audit", "cheat.toml")
    answered(result, 1)
    line = result.output.strip()
    assert line == (
        "cheat.toml: unknown key '\\x0dcheat.toml: ok\\x1b[8m' in the top level (line 3): "
        "known keys are format, players, rules, rounds"
    )


def test_audit_json_escapes_what_it_cannot_show(folder):
    path = write(
        folder / "g.toml",
        record(
            'format = "scorepad/1"',
            'players = ["Ann", "Bob"]',
            "[[rounds]]",
            'opener = "Ann"',
            'moves = ["Ann: 6-4 \\u001b[2J\\u202e\\u0085"]',
        ),
    )
    result = run("audit", "--json", path)
    answered(result, 1)
    data = json.loads(result.output)
    assert "\x1b[2J\u202e\x85" in data["problems"][0]["message"]  # the same data for a program


TOLERATED_RECORDS = {
    # A stored points table is a cache: commands recount it, an audit reports it.
    "huge and odd points": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[rules]",
        "deal = [1, 1, 1]",
        "[[rounds]]",
        'opener = "Ann"',
        'moves = ["Ann: 6-4"]',
        "hands = { Bob = 5 }",
        "points = { Ann = 1e400, Bob = nan, Cy = " + "9" * 4000 + " }",
    ),
    "names that look like markup": record(
        'format = "scorepad/1"', 'players = ["[/]", "[i]Bob[/i]"]', "[[rounds]]", 'opener = "[/]"', 'moves = ["[/]: 6-4"]'
    ),
    "a pip total of the whole set": record(
        'format = "scorepad/1"',
        'players = ["Ann", "Bob"]',
        "[rules]",
        "deal = [1, 1, 1]",
        "[[rounds]]",
        'opener = "Ann"',
        'moves = ["Ann: 6-4"]',
        "hands = { Bob = 168 }",
    ),
}


@pytest.mark.parametrize("name", sorted(TOLERATED_RECORDS))
def test_every_command_answers_an_odd_record(folder, name):
    path = write(folder / "game.toml", TOLERATED_RECORDS[name])
    for args, stdin in every_command(path):
        before = path.read_bytes()
        result = run(*args, input=stdin)
        answered(result, 0, 1, 2)
        if result.exit_code and args[0] != "live":
            assert path.read_bytes() == before, args


def test_a_good_record_still_works_everywhere(folder):
    path = write(folder / "game.toml", GOOD)
    for args in READERS:
        answered(run(*args, "-f", path), 0)
    answered(run("audit", path), 0)
    answered(run("play", "4-4", "E", "-f", path), 0)


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "",
        " Ann",
        "Ann ",
        "A:n",
        "A=n",
        "@Ann",
        "A\x1bn",
        "A\u202en",
        "A\u200bn",
        "A\u00a0n",
        "\u3164",
        "\u0301Ann",
        "Rene\u0301",
        "A" * 41,
        "A\nB",
        "A\tB",
    ],
)
def test_names_outside_the_rule_are_refused(name):
    with pytest.raises(InvalidMoveError):
        check_player_name(name)
    with pytest.raises(RulesError):
        Game([name, "Zed"])


@pytest.mark.parametrize("name", ["Ann", "Łukasz", "René", "Mary Ann", "[i]Bob[/i]", "[/]", "O'Neil", "李", "A" * 40])
def test_names_inside_the_rule(name):
    assert check_player_name(name) == name


@pytest.mark.parametrize("players", ["Ann,ann", "Ann,ANN", "Straße,STRASSE", "Ren\u00e9,RENE\u0301"])
def test_names_that_differ_only_in_case_or_form_are_one_player(folder, players):
    result = run("new", "--players", players, "--opener", "Ann")
    answered(result, 2)
    assert not (folder / "scorepad.toml").exists()


def test_new_normalises_names_to_nfc(folder):
    answered(run("new", "--players", "Rene\u0301,Bob", "--opener", "Bob"), 0)
    assert json.loads(run("show", "--json").output)["players"] == ["Ren\u00e9", "Bob"]


@pytest.mark.parametrize("players", [f"Ann,B{HOSTILE}ob", "Ann,\u202eBob", "Ann,B=b", "Ann,@Bob", "Ann,B:b"])
def test_new_refuses_hostile_names(folder, players):
    result = run("new", "--players", players, "--opener", "Ann")
    assert "not a player name" in answered(result, 2)
    assert not (folder / "scorepad.toml").exists()


def test_names_are_text_never_markup(folder):
    answered(run("new", "--players", "[i]Bob[/i],[/],[b]Cy[/b]", "--opener", "[/]"), 0)
    answered(run("play", "6-4"), 0)
    for args in (["show"], ["log"], ["tally"], ["stats", "scorepad.toml"], ["replay", "scorepad.toml"]):
        result = run(*args)
        answered(result, 0)
        assert "[/]" in result.output, args
        if args != ["log"]:  # the log shows moves, and only [/] has moved
            assert "[i]Bob[/i]" in result.output and "[b]Cy[/b]" in result.output, args


def test_csv_cells_are_never_formulas(folder):
    answered(run("new", "--players", "+1+1,-Ann,Bob", "--opener", "-Ann"), 0)
    answered(run("play", "6-4"), 0)
    result = run("stats", "--csv", "scorepad.toml")
    answered(result, 0)
    cells = [line.split(",")[0] for line in result.output.splitlines()[1:]]
    assert cells == ["'+1+1", "'-Ann", "Bob"]
    assert spreadsheet_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert [spreadsheet_cell(v) for v in ("@SUM(1)", "\tx", "\rx", 7, "7")] == ["'@SUM(1)", "'\tx", "'\rx", 7, "7"]


# --- the boundary itself --------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.text())
def test_cleaned_text_is_never_raw_and_cleaning_twice_changes_nothing(text):
    shown = clean(text)
    assert not RAW.search(shown)
    assert clean(shown) == shown
    assert json.loads(json_text(text)) == text and not RAW.search(json_text(text))


@pytest.mark.parametrize("columns, expected", [("2\u00b2", 80), ("100000000", 400), ("-5", 80), ("5", 20), ("1e9", 80), ("", 80)])
def test_the_width_is_clamped(monkeypatch, columns, expected):
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((80, 24)))
    assert width() == expected


@pytest.mark.parametrize("columns", ["\u00b2", "100000000", "0", "-1", "\u0661\u0662"])
def test_absurd_columns_do_not_break_drawing(folder, columns):
    write(folder / "scorepad.toml", GOOD)
    for args in (["show"], ["replay", "scorepad.toml"], ["tally"], ["log"]):
        result = run(*args, env={"COLUMNS": columns})
        answered(result, 0)
        assert max(len(line) for line in result.output.splitlines()) <= 400


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_survives_a_stream_that_cannot_encode_everything(folder, encoding):
    answered(run("new", "--players", "Łukasz,Zoë,Cy", "--opener", "Łukasz"), 0)
    for move in (["6-6"], ["6-1", "E"], ["6-4", "W"]):
        answered(run("play", *move), 0)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "60", "PYTHONPATH": str(SRC)}
    env.pop("SCOREPAD_FILE", None)
    for args in (["show"], ["log"], ["show", "--json"], ["stats", "--csv", "scorepad.toml"]):
        done = subprocess.run(
            [sys.executable, "-c", "from scorepad.start import main; main()", *args], env=env, capture_output=True, timeout=60
        )
        assert done.returncode == 0, (args, done.stderr)
        text = done.stdout.decode(encoding)  # it is what it claims to be
        assert "Traceback" not in done.stderr.decode(encoding, "replace")
        if args == ["show"]:
            assert "Lukasz" in text and "Zo" in text and "<" in text  # ◀ marks whose turn it is
        if args == ["show", "--json"]:
            assert json.loads(text)["players"] == ["Łukasz", "Zoë", "Cy"]  # the data itself, escaped


@pytest.mark.parametrize(
    "encoding, expected",
    [
        ("ascii", "Lukasz Zoe Rene 7 1/2 < - ... \\u674e"),
        ("latin-1", "Lukasz Zoë René 7½ < · ... \\u674e"),
        ("utf-8", "Łukasz Zoë René 7½ ◀ · … 李"),
    ],
)
def test_stand_ins_for_what_a_stream_cannot_encode(encoding, expected):
    import io

    from scorepad.views.console import shown

    stream = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    assert shown("Łukasz Zoë René 7½ ◀ · … 李", stream) == expected


# --- arguments ------------------------------------------------------------------------------


@pytest.fixture
def game(folder):
    answered(run("new", "--players", "Ann,Bob", "--opener", "Ann"), 0)
    answered(run("play", "6-4"), 0)
    return folder / "scorepad.toml"


@pytest.mark.parametrize(
    "args",
    [
        ["hands", "Ann=\u00b2"],
        ["hands", "Ann=" + "9" * 5000],
        ["hands", f"A{HOSTILE}=3"],
        ["draw", "9" * 5000],
        ["draw", "\u00b2"],
        ["draw", "100"],
        ["play", "6-4", "--claim", "9" * 100],
        ["play", "\u00b2-4"],
        ["play", HOSTILE],
        ["play", "4-4", HOSTILE],
        ["muggins", HOSTILE],
        ["play", "4-4", "E", "--by", HOSTILE],
        ["hint", HOSTILE],
        ["rules", HOSTILE],
        ["replay", "scorepad.toml", "--round", "9" * 4000],
        ["new", "--players", "Ann,Bob", "--deal", "9" * 5000],
        ["new", "--players", "Ann,Bob", "--target", "9" * 100, "-f", "other.toml"],
        ["new", "--players", "Ann,Bob", "--spinner", HOSTILE, "-f", "other.toml"],
        ["demo", "--delay", "inf"],
        ["demo", "--delay", "nan"],
        ["demo", "--delay", "-1"],
        ["demo", "--delay", "1e308"],
    ],
)
def test_hostile_arguments_are_refused(game, args):
    before = game.read_bytes()
    result = run(*args)
    answered(result, 1, 2)
    assert game.read_bytes() == before
    assert not Path("other.toml").exists()


def test_live_reads_hostile_lines_and_goes_on(game):
    before = game.read_bytes()
    lines = [
        "d \u00b2",
        "hands Ann=\u00b2",
        "44 e =\u00b2",
        "44 e =" + "9" * 5000,
        "d " + "9" * 5000,
        f"m {HOSTILE}",
        f"44 {HOSTILE}",
        HOSTILE,
        "66 @" + HOSTILE,
        "[/]",
        "\u202e",
        "q",
    ]
    result = run("live", input="\n".join(lines) + "\n")
    answered(result, 1)  # from a pipe, a refused line makes the exit status 1
    assert game.read_bytes() == before
    assert result.output.count("Bob> ") >= len(lines) - 1  # every line answered, the session went on


def test_live_reads_bytes_that_are_not_text(game, folder):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "COLUMNS": "60", "PYTHONPATH": str(SRC)}
    env.pop("SCOREPAD_FILE", None)
    done = subprocess.run(
        [sys.executable, "-c", "from scorepad.start import main; main()", "live"],
        cwd=folder,
        env=env,
        input=b"\xff\xfe\x1b[2J\nq\n",
        capture_output=True,
        timeout=60,
    )
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1 and "Traceback" not in out and not RAW.search(out), out
    assert "\\udcff\\udcfe\\x1b[2J" in out


@pytest.mark.parametrize("extra", ["\u061c", "\u202eevil", "\x1b[2J", "a\u2066b"])
@pytest.mark.parametrize("command", [("muggins", "Bob"), ("rules", "pagat"), ("undo", "1")])
def test_an_extra_argument_is_quoted_never_obeyed(game, command, extra):
    """click joins the arguments a command does not take into its message unquoted: the
    refusal shows a bidi or control character as an escape (found by the generated test
    below: `muggins '' '\u061c'`)."""
    result = run(*command, extra)
    answered(result, 2)
    assert "takes no more arguments" in result.output, result.output


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    words=st.lists(st.text(max_size=12), min_size=1, max_size=3),
    command=st.sampled_from(["play", "draw", "hands", "muggins", "hint", "rules", "undo"]),
)
def test_generated_arguments(game, words, command):
    before = game.read_bytes()
    if command == "undo":
        words = []
    result = run(command, *[w for w in words if not w.startswith("-")])
    answered(result, 0, 1, 2)
    if result.exit_code:
        assert game.read_bytes() == before


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.text(min_size=1, max_size=6), min_size=2, max_size=4))
def test_generated_names_for_a_new_game(folder, names):
    result = run("new", "--players", ",".join(names), "--opener", names[0], "--force")
    answered(result, 0, 1, 2)
    if result.exit_code == 0:
        players = json.loads(run("show", "--json").output)["players"]
        for name in players:
            assert check_player_name(name) == name
        assert len({name.casefold() for name in players}) == len(players)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=8), key=st.text(min_size=1, max_size=8), move=st.text(max_size=12))
def test_generated_records(folder, name, key, move):
    text = record(
        'format = "scorepad/1"',
        f'players = [{json.dumps(name)}, "Bob"]',
        f"{json.dumps(key)} = 1",
        "[[rounds]]",
        f"opener = {json.dumps(name)}",
        f"moves = [{json.dumps(move)}]",
    )
    path = write(folder / "gen.toml", text)
    before = path.read_bytes()
    for args in (
        ["show", "-f", path],
        ["log", "--json", "-f", path],
        ["audit", path],
        ["audit", "--json", path],
        ["stats", "--csv", path],
        ["draw", "-f", path],
    ):
        answered(run(*args), 0, 1, 2)
        assert path.read_bytes() == before


# --- files that are not records ---------------------------------------------------------------


def cli(*args, cwd: Path, timeout: float = 60, limit_memory: int | None = None, input: bytes | None = None):
    """The real program in a process of its own, with a timeout (and a memory limit)."""
    env = {**os.environ, "COLUMNS": "60", "NO_COLOR": "1", "PYTHONPATH": str(SRC)}
    env.pop("SCOREPAD_FILE", None)

    def limit():
        if limit_memory:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (limit_memory, limit_memory))

    done = subprocess.run(
        [sys.executable, "-c", "from scorepad.start import main; main()", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=timeout,
        preexec_fn=limit,
        input=input,
    )
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out and not RAW.search(out), out
    return done.returncode, out


def test_usage_errors_go_through_the_boundary_too(folder):
    """Typer would print an unknown option or command as typed."""
    for args in (["show", "--x\u202ey\x1b[2J"], ["x\u202e\x1b]0;t\x07"], ["draw", "\u202e"]):
        code, out = cli(*args, cwd=folder)
        assert code == 2 and ("\\u202e" in out or args[0] == "draw"), out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_waiting_for_a_writer(folder):
    os.mkfifo(folder / "pipe.toml")
    write(folder / "good.toml", GOOD)
    for args in (["show", "-f", "pipe.toml"], ["play", "4-4", "E", "-f", "pipe.toml"], ["stats", "pipe.toml"]):
        code, out = cli(*args, cwd=folder)
        assert code == 2 and "not a regular file" in " ".join(out.split()), out
    code, out = cli("audit", "good.toml", "pipe.toml", cwd=folder)  # one pipe does not stall the rest
    assert code == 2 and "good.toml: ok" in out and "pipe.toml: cannot read" in out


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "."])
def test_devices_and_folders_are_refused(folder, special):
    if not os.path.exists(special):
        pytest.skip("no such device here")
    code, out = cli("show", "-f", special, cwd=folder)
    assert code == 2, out
    code, out = cli("audit", special, cwd=folder)
    assert code == 2, out


def test_a_record_too_big_is_refused_unread(folder):
    path = folder / "huge.toml"
    with open(path, "wb") as handle:  # sparse: 3 GB that take no room
        handle.truncate(3 * 1024**3)
    code, out = cli("show", "-f", path, cwd=folder, limit_memory=1024**3)
    assert code == 2 and "larger than 10 MB" in out
    write(path, GOOD + "#" * MAX_RECORD_BYTES)
    with pytest.raises(RecordError, match="larger than 10 MB"):
        load(path)


@pytest.mark.slow
def test_big_and_deep_records_stay_in_bounds(folder):
    """A record of 1.2 MB and one nested 100,000 deep, audited and shown under 1.5 GB of
    address space and a timeout: refused or reported, never a hang or a crash."""
    moves = ", ".join(['"Ann: draw"'] * 100_000)
    write(
        folder / "big.toml",
        record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', "[[rounds]]", 'opener = "Ann"', f"moves = [{moves}]"),
    )
    write(folder / "deep.toml", 'format = "scorepad/1"\nplayers = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    keys = "\n".join(f'"k{i}\\u001b" = 1' for i in range(20_000))
    write(folder / "keys.toml", record('format = "scorepad/1"', 'players = ["Ann", "Bob"]', keys))
    for name in ("big.toml", "deep.toml", "keys.toml"):
        code, out = cli("audit", name, cwd=folder, limit_memory=1536 * 1024**2, timeout=120)
        assert code in (1, 2), out
        code, out = cli("show", "-f", name, cwd=folder, limit_memory=1536 * 1024**2, timeout=120)
        assert code == 2, out
    code, out = cli("audit", "keys.toml", cwd=folder, timeout=120)
    assert out.count("\n") == 1001 and out.endswith("and 19000 more problems, not listed: an audit lists at most 1000\n")
    assert "unknown key 'k0\\x1b' in the top level (line 3)" in out


def test_many_unknown_keys_are_located_in_one_pass():
    from scorepad.record.format import _KeyLines

    text = "\n".join(f"k{i} = 1" for i in range(5000)) + '\n[rules]\n"odd key" = 2\n[[rounds]]\n'
    lines = _KeyLines(text)
    assert lines.find("k4999") == 5000 and lines.find("odd key") == 5002 and lines.find("rounds") == 5003


# --- saving ---------------------------------------------------------------------------------


@pytest.fixture
def saved(folder):
    answered(run("new", "--players", "Ann,Bob", "--opener", "Ann"), 0)
    return folder / "scorepad.toml"


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_saving_keeps_mode_group_and_owner(saved):
    os.chmod(saved, 0o664)
    if os.geteuid() == 0:
        os.chown(saved, 1234, 2345)
    answered(run("play", "6-4"), 0)
    status = saved.stat()
    assert stat.S_IMODE(status.st_mode) == 0o664
    if os.geteuid() == 0:
        assert (status.st_uid, status.st_gid) == (1234, 2345)
    assert len(load(saved).game.current.moves) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_a_new_record_follows_the_umask(folder):
    old = os.umask(0o002)
    try:
        answered(run("new", "--players", "Ann,Bob", "--opener", "Ann"), 0)
    finally:
        os.umask(old)
    assert stat.S_IMODE((folder / "scorepad.toml").stat().st_mode) == 0o664


def test_a_read_only_record_is_refused(saved):
    os.chmod(saved, 0o444)
    before = saved.read_bytes()
    result = run("play", "6-4")
    answered(result, 2)
    assert "read-only" in result.output and saved.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_symlinked_record_is_written_through(saved, folder):
    (folder / "club").mkdir()
    link = folder / "club" / "link.toml"
    link.symlink_to(saved)
    answered(run("play", "6-4", "-f", link), 0)
    answered(run("draw", "--by", "Bob", "-f", saved), 0)
    assert link.is_symlink()
    assert [str(m) for m in load(saved).game.current.moves] == ["Ann: 6-4", "Bob: draw"]
    assert not (folder / "club" / ".link.toml.lock").exists()  # one lock, beside the real file


def test_a_hard_linked_record_is_refused_not_forked(saved, folder):
    other = folder / "other.toml"
    os.link(saved, other)
    before = saved.read_bytes()
    result = run("play", "6-4", "-f", other)
    answered(result, 2)
    assert "hard links" in result.output
    assert saved.read_bytes() == other.read_bytes() == before
    assert os.path.samefile(saved, other)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_the_lock_never_follows_a_symlink(saved, folder):
    target = folder / "victim"
    lock = folder / ".scorepad.toml.lock"
    lock.unlink(missing_ok=True)  # left by `new`: a lock file stays, so waiters share it
    lock.symlink_to(target)
    before = saved.read_bytes()
    result = run("play", "6-4")
    answered(result, 2)
    assert not target.exists() and saved.read_bytes() == before


def test_a_missing_folder_is_not_created(folder):
    result = run("new", "--players", "Ann,Bob", "-f", folder / "club" / "game.toml")
    answered(result, 2)
    assert "No such file or directory" in result.output and not (folder / "club").exists()


def test_symlinked_paths_share_one_lock(saved, folder, monkeypatch):
    monkeypatch.setenv("SCOREPAD_LOCK_TIMEOUT", "0.2")  # not 5 s of waiting for the refusal
    link = folder / "link.toml"
    link.symlink_to(saved)
    with locked(link):
        code, out = cli("play", "6-4", "-f", saved, cwd=folder, timeout=60)
    assert code == 1 and "being written by another scorepad" in out


def test_recording_works_without_fcntl(folder):
    """Where there is no flock (Windows), the lock is filelock's."""
    script = textwrap.dedent("""
        import sys
        sys.modules["fcntl"] = None  # as on Windows
        from scorepad.start import main
        main()
    """)
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "60"}
    env.pop("SCOREPAD_FILE", None)
    for args in (["new", "--players", "Ann,Bob", "--opener", "Ann"], ["play", "6-4"], ["draw", "--by", "Bob"]):
        done = subprocess.run([sys.executable, "-c", script, *args], cwd=folder, env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
    assert len(load(folder / "scorepad.toml").game.current.moves) == 2


# --- comments -------------------------------------------------------------------------------

HAND_EDITED = record(
    "# Thursday club, table 2",
    'format = "scorepad/1"',
    'players = ["Ann", "Bob"]  # Ann deals',
    "[[rounds]]",
    'opener = "Ann"',
    'moves = ["Ann: 6-4"]',
)


def test_the_first_save_of_a_hand_edited_record_keeps_the_original(folder):
    path = write(folder / "game.toml", HAND_EDITED)
    result = run("draw", "--by", "Bob", "-f", path)
    answered(result, 0)
    backup = folder / "game.toml.orig"
    assert backup.read_text(encoding="utf-8") == HAND_EDITED
    assert "game.toml.orig" in result.output
    assert "#" not in path.read_text(encoding="utf-8")
    answered(run("undo", "-f", path), 0)  # no comments left: no second copy
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["game.toml", "game.toml.orig"]


def test_a_second_hand_edit_gets_its_own_backup(folder):
    path = write(folder / "game.toml", HAND_EDITED)
    write(folder / "game.toml.orig", "older\n")
    answered(run("draw", "--by", "Bob", "-f", path), 0)
    assert (folder / "game.toml.orig").read_text() == "older\n"
    assert (folder / "game.toml.orig.2").read_text(encoding="utf-8") == HAND_EDITED


@pytest.mark.parametrize(
    "text, expected",
    [
        ('a = "#not"\n', False),
        ("a = '#not'\n", False),
        ('a = """\n#not\n"""\n', False),
        ('a = "\\"#" # yes\n', True),
        ("# yes\n", True),
        ("a = 1 # yes\n", True),
        ("a = '''\n#\n''' #x\n", True),
    ],
)
def test_comments_are_found_outside_strings(text, expected):
    assert has_comments(text) is expected


def test_a_refused_command_writes_no_backup(folder):
    path = write(folder / "game.toml", HAND_EDITED)
    answered(run("play", "0-0", "-f", path), 1)
    assert not (folder / "game.toml.orig").exists() and path.read_text(encoding="utf-8") == HAND_EDITED


# --- interrupts -----------------------------------------------------------------------------


def test_ctrl_c_while_starting_up_is_a_message(monkeypatch, capsys):
    import builtins

    from scorepad import start

    real_import = builtins.__import__

    def interrupted_import(name, *args, **kwargs):
        if name == "scorepad.cli.app":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "scorepad.cli.app", raising=False)
    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    with pytest.raises(SystemExit) as stop:
        start.main()
    assert stop.value.code == 130
    assert capsys.readouterr().err == "scorepad: interrupted\n"


def test_loads_of_a_hostile_text_raises_only_record_errors():
    for text in HOSTILE_RECORDS.values():
        if text is None:
            continue
        with pytest.raises(RecordError):
            loads(text)


# --- any shape where a value is expected ------------------------------------------------------

TOML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["Ann", "Bob", "6-4", "Ann: 6-4", "pagat", "lot", "none", 168, 10**300]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["players", "rules", "rounds", "preset", "target", "deal", "spinner", "muggins", "opener", "moves", "hands", "points"]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=TOML_VALUES)
def test_any_value_in_any_field_is_a_record_error_never_a_crash(field, value):
    """Each field of a good record replaced by any TOML value: loading refuses it with a
    RecordError or reads it; auditing always answers."""
    import tomli_w

    data = {
        "format": "scorepad/1",
        "players": ["Ann", "Bob"],
        "rules": {"preset": "pagat", "deal": [1, 1, 1]},
        "rounds": [{"opener": "Ann", "moves": ["Ann: 6-4"], "hands": {"Bob": 5}, "points": {"Ann": 5, "Bob": 0}}],
    }
    if value is None:
        holder = (
            data
            if field in ("players", "rules", "rounds")
            else (data["rules"] if field in ("preset", "target", "deal", "spinner", "muggins") else data["rounds"][0])
        )
        holder.pop(field, None)
    elif field in ("players", "rules", "rounds"):
        data[field] = value
    elif field in ("preset", "target", "deal", "spinner", "muggins"):
        data["rules"][field] = value
    else:
        data["rounds"][0][field] = value
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):
        return  # not TOML (a float NaN key and the like): nothing to read
    try:
        loads(text)
    except RecordError:
        pass
    from scorepad.record.format import audit_text
    from scorepad.views.summary import audit_json

    result = audit_text(text)
    json.dumps(audit_json("x.toml", result.game, result.problems), allow_nan=False)
    for problem in result.problems:
        assert not RAW.search(clean(problem.message))


@given(st.lists(st.text(max_size=30), max_size=8))
def test_plain_lines_are_cleaned_as_one_line_at_a_time_would_be(batch):
    """`lines` looks at a whole batch at once and cleans it a line at a time only where it
    is not printable through: what it writes is always the lines cleaned one by one."""
    import io
    from contextlib import redirect_stdout

    from scorepad.views.console import lines

    with redirect_stdout(io.StringIO()) as out:
        lines(batch)
    written = out.getvalue()
    assert written == ("\n".join(map(clean, batch)) + "\n" if batch else "")
    assert not RAW.search(written)
