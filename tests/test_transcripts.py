"""Every transcript of README.md and docs/**/*.md is what scorepad prints today: each marked
block is run again by scripts/transcripts.py and must come out the same, in English and in
German; a block that differs, or a marker that would leave its block unrun, fails."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "transcripts.py"
MARKER = "<!-- transcript id="


def check(*files: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), "--check", *map(str, files)], capture_output=True, text=True, timeout=900)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.slow
def test_every_transcript_of_the_readme_and_the_docs_is_what_runs_today():
    done = check()
    assert done.returncode == 0, done.stdout + done.stderr + "\nrun: python scripts/transcripts.py"


def _script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("scorepad_transcripts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_check_reads_the_readme_and_every_doc_in_both_languages():
    assert _script().documents() == documents()
    marked = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8").count(MARKER) for path in documents()}
    assert marked["README.md"] == 1
    assert marked["docs/guide.md"] >= 8
    german = [
        path for path in documents() if re.search(r"^<!-- transcript .*lang=de", path.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert [p.relative_to(ROOT).as_posix() for p in german] == ["docs/de/anleitung.md"]
    assert marked["docs/de/anleitung.md"] >= 2


def test_a_transcript_that_differs_from_what_scorepad_prints_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n<!-- transcript id=v -->\n```text\n$ scorepad --version\nscorepad 0.0.1\n```\n", encoding="utf-8")
    done = check(page)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "-scorepad 0.0.1" in done.stdout and str(page) in done.stdout
    assert "0.0.1" in page.read_text(encoding="utf-8"), "--check must not rewrite the file"


def test_a_german_transcript_is_run_in_german(tmp_path):
    page = tmp_path / "seite.md"
    page.write_text("<!-- transcript id=d lang=de -->\n```text\n$ scorepad rules two-ends\n```\n", encoding="utf-8")
    assert check(page).returncode == 1  # the block's output is missing
    subprocess.run([sys.executable, str(SCRIPT), str(page)], check=True, capture_output=True, timeout=300)
    assert "Voreinstellung two-ends:" in page.read_text(encoding="utf-8")
    assert check(page).returncode == 0


@pytest.mark.parametrize(
    "text",
    [
        "<!-- transcript id=a -->\nno block follows\n",
        "<!--transcript id=a -->\n```text\n$ scorepad --version\n```\n",
        "<!-- transcript -->\n```text\n$ scorepad --version\n```\n",
        "<!-- transcript id=a continue=b -->\n```text\n$ scorepad --version\n```\n",
    ],
    ids=["no-block", "misspelt", "no-id", "continues-nothing"],
)
def test_a_marker_whose_block_would_go_unchecked_is_an_error(tmp_path, text):
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    done = check(page)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
