"""A command line click refuses (cli/usage.py): said in scorepad's words and the run's
language, exit status 2, the record untouched; a refusal scorepad does not recognise stays
as click words it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers import ok, refused

from scorepad.cli import usage
from scorepad.cli.helpscreen import click

# (the command line, what it says in English, what it says in German)
REFUSALS = [
    (["draw", "-1"], "draw -1: the number must be at least 1", "draw -1: die Zahl muss mindestens 1 sein"),
    (["undo", "-2"], "undo -2: the number must be at least 1", "undo -2: die Zahl muss mindestens 1 sein"),
    (["fix", "-1"], "fix -1: the number must be at least 1", "fix -1: die Zahl muss mindestens 1 sein"),
    (["draw", "x"], "draw 'x' is not a whole number", "draw 'x' ist keine ganze Zahl"),
    (["review", "--round", "x"], "--round 'x' is not a whole number", "--round 'x' ist keine ganze Zahl"),
    (["log", "-r", "0"], "--round 0: the number must be at least 1", "--round 0: die Zahl muss mindestens 1 sein"),
    (
        ["review", "--rond", "2"],
        "there is no option --rond: did you mean --json or --round?",
        "es gibt keine Option --rond: --json oder --round gemeint?",
    ),
    (["draw", "--bogus"], "there is no option --bogus", "es gibt keine Option --bogus"),
    (["-1"], "there is no option -1", "es gibt keine Option -1"),
    (
        ["revew"],
        "there is no command 'revew': did you mean 'review', 'serve'?",
        "es gibt keinen Befehl 'revew': 'review', 'serve' gemeint?",
    ),
    (["bogus"], "there is no command 'bogus'", "es gibt keinen Befehl 'bogus'"),
    (["play"], "play: TILE [END] is missing", "play: TILE [END] fehlt"),
    (["review", "extra"], "review takes no more arguments: extra", "review nimmt keine weiteren Argumente: extra"),
    (
        ["new", "Ann", "Bob"],
        "new takes no more arguments: Ann Bob; name the players with --players Ann,Bob",
        "new nimmt keine weiteren Argumente: Ann Bob; die Spieler mit --players Ann,Bob angeben",
    ),
    (["new", "--players", "Ann,Bob", "Cy"], "new takes no more arguments: Cy", "new nimmt keine weiteren Argumente: Cy"),
    (["review", "--round"], "--round needs a value", "--round braucht einen Wert"),
    (["review", "--json=3"], "--json takes no value", "--json nimmt keinen Wert"),
    (
        ["new", "--rules", "pagot"],
        "--rules 'pagot' is not one of 'pagat', 'two-ends', 'fuenfer'",
        "--rules 'pagot' ist keiner der Werte 'pagat', 'two-ends', 'fuenfer'",
    ),
]


@pytest.mark.parametrize("args, english, german", REFUSALS, ids=[" ".join(r[0]) for r in REFUSALS])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_command_line_in_the_run_s_language(here, args, english, german, lang):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "6-4")
    said = refused(args, here, 2, english if lang == "en" else german, lang=lang, width=200)
    assert "Invalid value" not in said and "No such" not in said and "Got unexpected" not in said


@pytest.mark.parametrize(
    "lang, line",
    [("en", "scorepad: draw -1: the number must be at least 1"), ("de", "scorepad: draw -1: die Zahl muss mindestens 1 sein")],
)
def test_the_program_says_it_under_its_usage_line(here, lang, line):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    before = here.read_bytes()
    done = subprocess.run(
        [str(Path(sys.executable).parent / "scorepad"), "--lang", lang, "draw", "-1"],
        capture_output=True,
        text=True,
        cwd=here.parent,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "80", "NO_COLOR": "1"},
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == "", done
    lines = done.stderr.splitlines()
    assert lines[0].split()[1:3] == ["scorepad", "draw"] and len(lines) == 3 and lines[-1] == line, done.stderr
    assert here.read_bytes() == before


def _error(kind: str, message: str, **attributes):
    error = getattr(click.exceptions, kind).__new__(getattr(click.exceptions, kind))
    error.message, error.ctx, error.exit_code = message, None, 2
    for name, value in attributes.items():
        setattr(error, name, value)
    return error


class _Param:
    param_type_name = "argument"
    name = "count"
    metavar = None
    opts: tuple[str, ...] = ()
    type = None


@pytest.mark.parametrize(
    "kind, message, said",
    [
        # click 8.1 and 8.2 word some of these otherwise than the click Typer 0.28 carries.
        ("BadParameter", "'x' is not a valid integer.", "scorepad 'x' is not a whole number"),
        ("BadParameter", "'x' is not a valid integer range.", "scorepad 'x' is not a whole number"),
        ("BadParameter", "'x' is not 'a'.", "scorepad 'x' is not one of 'a'"),
        ("BadParameter", "'x' is not one of 'a', 'b'.", "scorepad 'x' is not one of 'a', 'b'"),
        ("UsageError", "Got unexpected extra arguments (a b)", "scorepad takes no more arguments: a b"),
        ("UsageError", "Got unexpected extra argument (a)", "scorepad takes no more arguments: a"),
        ("UsageError", "No such command 'x'.", "there is no command 'x'"),
    ],
)
def test_every_wording_of_click_s_releases_is_read(kind, message, said):
    error = _error(kind, message, param=_Param())
    assert usage.worded(error).format_message() == said


@pytest.mark.parametrize(
    "kind, message",
    [
        ("UsageError", "Something click says one day."),
        ("BadParameter", "'x' is not a valid UUID."),
        ("BadOptionUsage", "Option '--x' is used wrongly."),
    ],
)
def test_a_refusal_it_does_not_know_stays_as_click_words_it(kind, message):
    error = _error(kind, message, param=_Param(), option_name="--x")
    assert usage.worded(error) is error
