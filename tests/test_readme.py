"""The README's transcripts are what scorepad prints today: every marked block is run again
(scripts/transcripts.py) and must come out the same, in English and in German."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_readme_transcript_is_what_runs_today():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "transcripts.py"), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr + "\nrun: python scripts/transcripts.py"


def test_the_readme_has_transcripts_in_both_languages():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count("<!-- transcript id=") >= 6
    assert "<!-- transcript id=deutsch lang=de -->" in text
