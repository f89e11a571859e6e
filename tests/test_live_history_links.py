"""The live prompt's history ($XDG_STATE_HOME/scorepad/history) is the player's own file:
a link planted there, or a file of another user, is neither read nor appended to."""

from __future__ import annotations

import os

import pytest

readline = pytest.importorskip("readline")


@pytest.fixture
def state(tmp_path, monkeypatch):
    folder = tmp_path / "state"
    (folder / "scorepad").mkdir(parents=True)
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    readline.clear_history()
    yield folder / "scorepad" / "history"
    readline.clear_history()


def typed(line: str):
    from scorepad.cli.live import _History

    history = _History()
    readline.add_history(line)
    history.add()
    return history


def test_a_link_to_another_file_is_not_appended_to(state, tmp_path, capsys):
    victim = tmp_path / "someone-else-s-notes"
    victim.write_text("their line\n")
    state.symlink_to(victim)
    typed("64")
    assert victim.read_text() == "their line\n"
    assert state.is_symlink()
    assert "is a link or another user's file: the lines typed are not kept" in capsys.readouterr().out
    assert readline.get_history_item(1) == "64"  # their lines were not read in either


def test_a_dangling_link_is_not_followed_to_make_a_file(state, tmp_path):
    target = tmp_path / "made-through-the-link"
    state.symlink_to(target)
    typed("64")
    assert not target.exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="making a file of another user needs root")
def test_a_file_of_another_user_is_not_appended_to(state):
    state.write_text("their line\n")
    os.chown(state, 4321, 4321)
    typed("64")
    assert state.read_text() == "their line\n"


def test_the_player_s_own_history_is_kept(state):
    typed("64")
    assert state.read_text().splitlines()[-1] == "64"
