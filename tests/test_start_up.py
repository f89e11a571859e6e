"""What `scorepad -h`, the first thing a newcomer types, imports: its panels are laid out
without rich (cli/helppanels.py; tests/test_styled.py compares them with rich's); a
command's help in Typer's panels needs rich, but neither markdown_it (scorepad's help is
rich markup, never Markdown) nor pygments (rich's tracebacks); the screen is the same as
with them."""

import io
import os
import subprocess
import sys

import pytest

from scorepad import fences

PROBE = """
import sys
from scorepad.start import main
try:
    main()
finally:
    sys.stderr.write(repr(sorted(name for name in sys.modules if name.split(".")[0] in ("markdown_it", "pygments", "rich"))))
"""


def imported_for(*args: str, lang: str, code: int = 0) -> tuple[str, list[str]]:
    """What `scorepad ARGS` writes, and the modules of rich, markdown_it and pygments it imported."""
    env = {**os.environ, "COLUMNS": "100", "SCOREPAD_LANG": lang, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == code, done.stderr
    assert "╭─" in done.stdout  # drawn in panels
    return done.stdout, eval(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_programs_help_in_panels_imports_no_rich(lang):
    import typer

    from scorepad import fences
    from scorepad.cli import helppanels

    if not typer.__version__.startswith(helppanels.TYPERS):
        pytest.skip(f"Typer {typer.__version__} draws the panels itself")
    if not fences.FAST:
        pytest.skip("SCOREPAD_NO_FAST_PATHS=1: rich draws the help, as it is asked to")
    for asked, code in ((["-h"], 0), (["--help"], 0), ([], 0)):  # without a command: the help too
        _shown, imported = imported_for(*asked, lang=lang, code=code)
        assert imported == [], (asked, imported)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_commands_help_in_panels_imports_neither_markdown_nor_pygments(lang):
    _shown, imported = imported_for("show", "-h", lang=lang)
    assert "rich.panel" in imported
    assert not [name for name in imported if name.startswith(("markdown_it", "pygments"))], imported


def test_markdown_and_tracebacks_are_there_when_used():
    from rich.console import Console

    from scorepad.cli import helpscreen

    helpscreen._translate_rich_words()
    import rich.markdown
    import rich.traceback

    made = rich.markdown.Markdown("# a heading")
    assert isinstance(made, rich.markdown.Markdown)
    console = Console(width=40, record=True, color_system=None, file=io.StringIO())
    console.print(made)
    assert "a heading" in console.export_text()
    try:
        raise ValueError("shown")
    except ValueError as error:
        assert "shown" in str(rich.traceback.Traceback.from_exception(type(error), error, error.__traceback__).trace)


SEARCH = ("scorepad.cli.fixing", "scorepad.engine.repair", "scorepad.record.repairs", "scorepad.views.repairs")
# What the library's functions return (dataclasses, costly to define): a move typed on the
# command line returns none of them (record/results.py).
RESULTS = ("scorepad.record.results",)
# What a record's refusals alone need (shlex quotes a path in one, bisect finds a line in
# another): imported where that refusal is made. With the fast paths off, the libraries
# that do their work import the standard library's own (random imports bisect).
if fences.FAST:
    RESULTS += ("shlex", "bisect")
PLAYED = f"""
import sys
from scorepad.start import main
try:
    main()
except SystemExit:
    pass
finally:
    sys.stderr.write(repr(sorted(name for name in sys.modules if name in {SEARCH!r})))
    library = vars(sys.modules.get("scorepad.record.library", sys))
    sys.stderr.write("\\n" + repr(sorted(name for name in sys.modules if name in {RESULTS!r})
        + sorted(name for name in ("Played", "Audit", "Review") if name in library)))
"""


def test_a_play_accepted_imports_no_repair_search(tmp_path):
    """Every play asks whether it leaves something to repair; the search, a fifth of the
    package, is imported only when the answer is yes (or a move is refused)."""
    record = tmp_path / "scorepad.toml"
    env = {**os.environ, "SCOREPAD_LANG": "en", "NO_COLOR": "1"}

    def play(*args: str) -> list[str]:
        return imported(*args)[0]

    def imported(*args: str) -> tuple[list[str], list[str]]:
        """The repair search's modules imported, and the library's results (module and names)
        and what only a refusal needs."""
        done = subprocess.run(
            [sys.executable, "-c", PLAYED, *args, "-f", str(record)], capture_output=True, text=True, env=env, timeout=120
        )
        search, results = done.stderr.strip().splitlines()[-2:]
        return eval(search), eval(results)

    assert play("new", "--players", "Ann,Bob", "--opener", "Ann", "--muggins") == []
    assert imported("play", "64") == ([], [])  # 10, not claimed: a muggins chance, but no play before it
    assert play("play", "43", "e") != []  # the lead's chance, then a play: their order is asked about
    assert imported("play", "d", "--by", "Ann")[1] == []  # a draw, as accepted
