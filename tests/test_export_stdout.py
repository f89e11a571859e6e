"""`export -` writes the page to standard output, as `-` is standard input for `-f`: no
file named `-` is made."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import ok, run


def files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_export_dash_writes_the_page_to_standard_output(folder):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "64")
    before = files(folder)
    result = run("export", "-")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("<!DOCTYPE html>")
    assert "Wrote" not in result.output
    assert files(folder) == before


def test_export_svg_dash_writes_the_picture(folder):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    before = files(folder)
    result = run("export", "--svg", "-")
    assert result.exit_code == 0, result.output
    assert "<svg" in result.output and result.output.rstrip().endswith("</svg>")
    assert files(folder) == before


def test_export_dash_of_a_record_on_standard_input(folder):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "-f", "game.toml")
    text = (folder / "game.toml").read_text()
    before = files(folder)
    result = run("export", "-", "-f", "-", input=text)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("<!DOCTYPE html>")
    assert files(folder) == before
