"""Where `live` keeps the lines typed: $XDG_STATE_HOME/scorepad/history, else
~/.local/state/scorepad/history. A relative XDG_STATE_HOME is no place (the XDG rule): it
would put the history in the folder `live` was started in, beside the records, where
whoever shares that folder reads it."""

from __future__ import annotations

from scorepad.cli.live import history_path


def test_an_absolute_xdg_state_home_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert history_path() == tmp_path / "state" / "scorepad" / "history"


def test_a_relative_or_empty_xdg_state_home_is_not(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for value in ("state", ".", ""):
        monkeypatch.setenv("XDG_STATE_HOME", value)
        assert history_path() == tmp_path / "home" / ".local" / "state" / "scorepad" / "history"
