"""Numbers on the command line are ASCII digits, as at the live prompt and as
docs/safety.md promises: Python's int() and float(), which click uses, also take other
scripts' digits, full-width digits, `1_0`, `+4` and blanks around them."""

from __future__ import annotations

import pytest
import typer
from tests.helpers import ok, refused

from scorepad.cli.app import app
from scorepad.cli.commands.common import DigitsFloat, DigitsInt, DigitsIntRange
from scorepad.cli.helpscreen import click

ARABIC_THREE, ARABIC_ONE, ARABIC_ZERO, WIDE_FOUR = "\u0663", "\u0661", "\u0660", "\uff14"

# (the command line, the option or command named, the value as said)
LOOK_ALIKES = [
    (["fix", "1", "--count", ARABIC_THREE], "--count", ARABIC_THREE),
    (["fix", "1", "--count", WIDE_FOUR], "--count", WIDE_FOUR),
    (["fix", "1", "--count", "1_0"], "--count", "1_0"),
    (["fix", "1", "--count", "+4"], "--count", "+4"),
    (["fix", ARABIC_ONE], "fix", ARABIC_ONE),
    (["undo", ARABIC_ONE], "undo", ARABIC_ONE),
    (["undo", " 1"], "undo", " 1"),
    (["draw", WIDE_FOUR], "draw", WIDE_FOUR),
    (["play", "64", "--claim", "+4"], "--claim", "+4"),
    (["log", "--round", ARABIC_ONE], "--round", ARABIC_ONE),
    (["review", "--round", ARABIC_ONE], "--round", ARABIC_ONE),
    (["replay", "--round", "1_0"], "--round", "1_0"),
    (["replay", "--move", "+1"], "--move", "+1"),
    (["demo", "--delay", ARABIC_ZERO + ".5"], "--delay", ARABIC_ZERO + ".5"),
    (["new", "--players", "Ann,Bob", "--target", ARABIC_ONE + "00", "--force"], "--target", ARABIC_ONE + "00"),
    (["serve", "--port", WIDE_FOUR + "000"], "--port", WIDE_FOUR + "000"),
]


@pytest.mark.parametrize("args, name, value", LOOK_ALIKES, ids=[" ".join(a[0]) for a in LOOK_ALIKES])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_number_in_other_digits_is_refused(here, args, name, value, lang):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "6-4")
    said = {
        "en": f"{name} {value!r}: a number is typed with the digits 0 to 9",
        "de": f"{name} {value!r}: eine Zahl wird mit den Ziffern 0 bis 9 geschrieben",
    }[lang]
    refused(args, here, 2, said, lang=lang, width=200)


def test_several_numbers_of_a_rule_are_ascii_digits_too(here):
    refused(
        ["new", "--players", "Ann,Bob", "--deal", "7,7," + WIDE_FOUR],
        here,
        2,
        "--deal '7,7," + WIDE_FOUR + "': give 3 whole numbers",
        width=200,
    )


def test_plain_numbers_are_still_taken(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--target", "150", "--deal", "7,7,5")
    ok("play", "6-4")
    ok("draw", "2")
    ok("undo", "1")
    ok("log", "--round", "1")


def test_every_number_of_the_command_line_is_read_as_ascii_digits():
    """Every whole number or number option and argument of every command has one of the
    types that refuse other digits: a new option cannot forget it."""
    numbers = []
    group = typer.main.get_command(app)
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        for param in command.params:
            if isinstance(param.type, click.types.IntParamType | click.types.FloatParamType):
                numbers.append((name, param.name))
                assert isinstance(param.type, DigitsInt | DigitsIntRange | DigitsFloat), (name, param.name)
    assert {("fix", "count"), ("undo", "count"), ("draw", "count"), ("review", "round_"), ("demo", "delay")} <= set(numbers)
