"""The manual page is plain ASCII: every other character is a named glyph with an ASCII
fallback, so plain `groff -man -Tascii -ww` reads it without a warning and a UTF-8
terminal still shows the letter."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "scorepad.1"


def manpage_tool():
    spec = importlib.util.spec_from_file_location("scorepad_manpage_glyphs", ROOT / "scripts" / "manpage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_has_no_raw_utf8():
    raw = PAGE.read_bytes()
    assert raw.isascii(), sorted({chr(b) for b in raw if b > 127})
    assert "F\\[u00FC]nfer" in raw.decode()


def test_roff_names_each_character_outside_ascii():
    tool = manpage_tool()
    assert tool.roff("Domino Fünfer, Straße ©") == "Domino F\\[u00FC]nfer, Stra\\[u00DF]e \\[u00A9]"
    assert tool.fallbacks(tool.roff("Fünfer Straße é")) == [".fchar \\[u00DF] ss", ".fchar \\[u00E9] e", ".fchar \\[u00FC] ue"]


needs_groff = pytest.mark.skipif(
    shutil.which("groff") is None, reason="groff is not installed here (apt-get install -y groff-base)"
)


@needs_groff
def test_groff_reads_the_page_without_a_warning():
    result = subprocess.run(["groff", "-man", "-Tascii", "-ww", str(PAGE)], capture_output=True, timeout=60)
    assert result.returncode == 0
    assert result.stderr.decode() == ""
    assert b"Fuenfer" in result.stdout


@needs_groff
def test_a_utf8_terminal_shows_the_letter():
    result = subprocess.run(["groff", "-man", "-Tutf8", "-ww", str(PAGE)], capture_output=True, timeout=60)
    assert result.stderr.decode() == ""
    assert "Fünfer" in result.stdout.decode()
