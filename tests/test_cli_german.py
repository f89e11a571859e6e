"""The command line in German: chosen by --lang, SCOREPAD_LANG or the locale, for the
command's own messages and for every help screen."""

import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import flat, run

from scorepad.record.files import load

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo.toml"


def rounds_of_demo() -> int:
    return len(load(DEMO).game.rounds)


def test_lang_option_gives_german_messages():
    result = run("--lang", "de", "replay", DEMO, "--round", "99")
    assert result.exit_code == 2, result.output
    assert f"--round 99: die Partie hat die Runden 1 bis {rounds_of_demo()}" in flat(result.output)


def test_scorepad_lang_gives_german_messages():
    result = run("replay", DEMO, "--round", "99", env={"SCOREPAD_LANG": "de"})
    assert result.exit_code == 2, result.output
    assert "die Partie hat die Runden 1 bis" in flat(result.output)


def test_lang_option_wins_over_the_environment():
    result = run("--lang", "en", "replay", DEMO, "--round", "99", env={"SCOREPAD_LANG": "de"})
    assert result.exit_code == 2, result.output
    assert "--round 99: the game has rounds 1 to" in flat(result.output)


def test_a_language_without_catalogue_is_refused_by_name():
    result = run("--lang", "fr", "show")
    assert result.exit_code == 2, result.output
    assert "--lang" in flat(result.output)


def test_help_in_german_then_english_in_the_same_process():
    german = run("--lang", "de", "play", "--help")
    assert german.exit_code == 0, german.output
    text = flat(german.output)
    assert "Aufruf: scorepad play" in text
    assert "Einen angelegten Stein eintragen" in text
    assert "Beispiel: scorepad play 6-4 O --claim 10" in text
    assert "Das Protokoll der Partie." in text and "Diese Hilfe zeigen und beenden." in text
    english = run("play", "--help")
    assert english.exit_code == 0, english.output
    assert "Record a tile played" in flat(english.output)
    assert "Example: scorepad play 6-4 E --claim 10" in flat(english.output)
    assert "Beispiel" not in english.output


def test_the_command_list_in_german_on_a_wide_screen():
    result = run("--help", width=100, env={"SCOREPAD_LANG": "de"})
    assert result.exit_code == 0, result.output
    assert "Befehle" in result.output and "Optionen" in result.output
    assert "Vom Talon gezogene Steine eintragen." in flat(result.output)


def test_german_example_lines_stay_commands_to_copy_on_a_narrow_screen():
    result = run("--lang", "de", "new", "--help", width=40)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index("  Beispiel:")
    assert lines[at + 1] == "    scorepad new --players Ann,Bob,Cy \\"
    assert lines[at + 2].startswith("      --rules pagat")


def test_audit_words_in_german(tmp_path):
    missing = tmp_path / "gone.toml"
    result = run("--lang", "de", "audit", missing)
    assert result.exit_code == 2, result.output
    assert f"{missing}: die Datei ist nicht lesbar" in flat(result.output)


def test_locale_plays_the_demo_in_german():
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREPAD_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update({"LANG": "de_DE.UTF-8", "COLUMNS": "40", "NO_COLOR": "1"})
    result = subprocess.run(
        [sys.executable, "-m", "scorepad", "demo"], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "Eine Partie (pagat): Ann, Bob, Cy; Ziel" in " ".join(result.stdout.split())
    assert "Runde 1, Zug 1" in result.stdout
    assert "Runde 1, Resthände" in result.stdout


def test_lang_choices_are_the_languages_with_a_catalogue():
    from typing import get_args

    from scorepad import i18n
    from scorepad.cli import app as cli

    assert set(get_args(cli.Language)) == set(i18n.LANGUAGES)


def test_the_rules_help_names_every_preset():
    from scorepad.engine.rules import PRESETS

    result = run("rules", "--help", width=100)
    assert result.exit_code == 0, result.output
    assert " | ".join(PRESETS) in flat(result.output)


def test_the_shell_completes_the_languages():
    words = "scorepad --lang "
    result = run(env={"_SCOREPAD_COMPLETE": "complete_bash", "_SCOREPAD_COMPLETE_LINE": words})
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["de", "en"]


def test_replay_of_a_round_without_moves_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann").exit_code == 0
    result = run("--lang", "de", "replay", "scorepad.toml", "--move", "2")
    assert result.exit_code == 2, result.output
    assert "--move 2: Runde 1 hat noch keine Züge" in flat(result.output)
    english = run("replay", "scorepad.toml", "--move", "2")
    assert "--move 2: round 1 has no moves yet" in flat(english.output)
