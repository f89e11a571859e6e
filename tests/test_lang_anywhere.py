"""`--lang` is the program's option, but is accepted after the command as well as before
it, for every command."""

from __future__ import annotations

import re

import pytest
from tests.helpers import EXAMPLES, ok, run

from scorepad.cli.app import COMMANDS
from scorepad.cli.early import language_first


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_lang_after_it(command):
    before = run("--lang", "de", command, "--help", width=100)
    after = run(command, "--help", "--lang", "de", width=100)
    joined = run(command, "--lang=de", "--help", width=100)
    assert before.exit_code == after.exit_code == joined.exit_code == 0, after.output
    assert after.output == before.output == joined.output
    assert "Aufruf" in after.output or "Optionen" in after.output  # German, not refused


def test_a_command_runs_in_the_language_given_after_it(folder):
    said = ok("export", "page.html", "--lang", "de", "-f", EXAMPLES / "demo.toml", width=200)
    assert said.startswith("page.html geschrieben")
    assert '<html lang="de">' in (folder / "page.html").read_text(encoding="utf-8")
    assert "Runde" in ok("log", "-f", EXAMPLES / "demo.toml", "--lang", "de", width=100)
    refused = run("log", "-f", EXAMPLES / "demo.toml", "--lang", "xx")
    assert refused.exit_code == 2 and "'xx'" in refused.output


def test_only_the_option_moves():
    assert language_first(["log", "--lang", "de", "-f", "a.toml"]) == ["--lang", "de", "log", "-f", "a.toml"]
    assert language_first(["--lang=en", "show"]) == ["--lang=en", "show"]
    # After --, everything is an argument; a --lang with no value is left for click to refuse.
    assert language_first(["play", "--", "--lang", "de"]) == ["play", "--", "--lang", "de"]
    assert language_first(["show", "--lang"]) == ["show", "--lang"]


def test_the_svg_picture_gives_each_side_its_total(folder):
    ok("export", "p.svg", "-f", EXAMPLES / "pagat-partners.toml")
    svg = (folder / "p.svg").read_text(encoding="utf-8")
    (line,) = re.findall(r'<text class="line totals"[^>]*>(.*?)</text>', svg)
    assert re.sub(r"<[^>]+>", "", line) == "Ann &amp; Cy: 210 · Bob &amp; Dee: 140"
