"""README.md is a front page: at most 200 lines, the two set-up lines `.ci/run` runs, how to
reach scorepad from a new shell, one short live transcript (checked with the others by
tests/test_transcripts.py), every command in its table, and links into docs/."""

import re
from pathlib import Path

import typer.main

from scorepad.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_a_front_page_of_at_most_200_lines():
    assert len(README.splitlines()) <= 200


def test_the_readme_keeps_the_two_set_up_lines_ci_runs():
    """.ci/run takes the lines starting `python3 ` between the markers and runs them."""
    block = re.search(r"<!-- setup -->\n(.*?)<!-- /setup -->", README, re.DOTALL).group(1)
    lines = [line for line in block.splitlines() if line.startswith("python3 ")]
    assert lines == [
        "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/scorepad demo",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest",
    ]


def test_the_readme_says_how_a_new_shell_reaches_scorepad():
    for way in (".venv/bin/scorepad", "source .venv/bin/activate", 'export PATH="$PWD/.venv/bin:$PATH"'):
        assert way in README, way


def test_the_readme_has_one_short_live_transcript_at_40_columns():
    blocks = re.findall(r"<!-- transcript (.*?) -->\n```text\n(.*?)```", README, re.DOTALL)
    assert len(blocks) == 1
    args, text = blocks[0]
    assert "$ scorepad live" in text and "typed=" in args
    assert len(text.splitlines()) <= 40
    assert max(len(line) for line in text.splitlines() if not line.startswith("$ ")) <= 40


def test_the_readme_lists_every_command_once_in_its_table():
    rows = re.findall(r"^\| `([a-z]+)[ `]", README, re.MULTILINE)
    commands = set(typer.main.get_command(app).commands)
    missing = sorted(commands - set(rows))
    assert not missing, f"README.md's command table lacks: {missing}"
    assert len(rows) == len(set(rows)), "a command is listed twice"


def test_the_readme_links_the_guide_the_safety_notes_and_the_development_guide():
    for doc in ("docs/guide.md", "docs/safety.md", "docs/rules.md", "docs/format.md", "docs/development.md", "docs/de/"):
        assert f"]({doc}" in README, doc
    assert not re.search(r"\bissue \d", README, re.IGNORECASE)
