"""What `scorepad -h`, the first thing a newcomer types, imports: Typer's panels need rich,
but neither markdown_it (scorepad's help is rich markup, never Markdown) nor pygments
(rich's tracebacks); the screen is the same as with them."""

import io
import os
import subprocess
import sys

import pytest

PROBE = """
import sys
from scorepad.start import main
try:
    main()
finally:
    sys.stderr.write(repr(sorted(name for name in sys.modules if name.split(".")[0] in ("markdown_it", "pygments", "rich"))))
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_help_in_panels_imports_neither_markdown_nor_pygments(lang):
    env = {**os.environ, "COLUMNS": "100", "SCOREPAD_LANG": lang, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE, "-h"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "╭─" in done.stdout  # drawn in panels, by rich
    imported = eval(done.stderr.strip().splitlines()[-1])
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
