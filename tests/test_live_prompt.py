"""The live prompt: a round recorded from short input, and the prompt in a real terminal
(tmux, at 40 and at 100 columns)."""

import json
from pathlib import Path

import pytest
from tests.helpers import flat, pane_until, prompts, run, tmux

from scorepad.record.format import loads


def test_live_records_a_round_from_short_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--deal", "2,2,2").exit_code == 0
    typed = "36\n66 e\n62 E =5\nzz\n?\nu\n62 e\n33 w\nhands Bob=8 Cy=45p\nhands Bob=8 Cy=4-5\nq\n"
    result = run("live", input=typed)
    assert result.exit_code == 1, result.output  # from a pipe: some lines were refused
    assert "'zz' is not a tile" in result.output
    assert "Cy's 1 tile cannot hold 45 pips" in flat(result.output)
    assert "Undone: Cy: 6-2 E =5" in result.output
    assert "Ann +15: round5(Bob 8 + Cy 9)" in result.output
    data = json.loads(run("show", "--json").output)
    assert data["round"] == 2 and data["turn"] == "Ann" and data["scores"] == {"Ann": 15, "Bob": 15, "Cy": 5}


# --- in a real terminal: tmux, at 40 and at 100 columns ------------------------------------------


@pytest.mark.skipif(__import__("shutil").which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize("columns", [40, 100])
def test_live_in_a_real_terminal(tmp_path, columns):
    import shlex
    import sys

    scorepad = shlex.quote(str(Path(sys.executable).parent / "scorepad"))
    record = tmp_path / "scorepad.toml"
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "-f", record).exit_code == 0
    session = f"scorepad-test-{columns}-{id(tmp_path)}"
    tmux(
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        str(columns),
        "-y",
        "30",
        f"cd {shlex.quote(str(tmp_path))} && XDG_STATE_HOME=. NO_COLOR=1 {scorepad} live; sleep 5",
    )

    def screen_after(keys=None):
        """The screen once the line typed is answered: one more prompt, waiting empty.
        Only the part from the last answer on, as a terminal of 30 rows shows it."""
        before = 0  # at the start: the first prompt
        if keys is not None:
            before = prompts(pane_until(session, lambda text: True))
            tmux("send-keys", "-t", session, keys, "Enter")
        text = pane_until(session, lambda text: prompts(text) > before and text.rstrip().endswith(">"))
        return "\n".join(text.rstrip().splitlines()[-30:])

    try:
        screen_after()
        screen_after("36")
        screen = screen_after("66 e")
        assert "Bob 6-6 E +15: 3 + 6|6 = 15" in screen
        assert screen.rstrip().endswith("Cy>")
        screen = screen_after("53 n")
        assert "5-3 cannot go N" in screen
        tmux("send-keys", "-t", session, "Up")  # readline history: the last line comes back
        pane_until(session, lambda text: text.rstrip().endswith("Cy> 53 n"))
        tmux("send-keys", "-t", session, "C-u")
        pane_until(session, lambda text: text.rstrip().endswith("Cy>"))
        for move in ("62 e", "53 w", "21 e", "54 w", "14 e", "43 w"):
            screen_after(move)
        screen = screen_after("42 e")
        rows = screen.splitlines()
        at = max(i for i, row in enumerate(rows) if row.startswith("W3 "))
        line = rows[at]
        if columns == 40:
            # 43 columns of line: tiles beside the spinner give way; it and the ends stay.
            assert line == "W3 3-4 4-5 5-3 … {6|6} … 2-1 1-4 4-2 E2"
            assert rows[at - 1] == " " * 18 + "N·"  # the side arm, drawn above the spinner
        else:
            assert line == "W3 3-4 4-5 5-3 3-6 {6|6} 6-2 2-1 1-4 4-2 E2"
            assert rows[at - 1] == " " * 20 + "N·"
        screen = screen_after("?")
        assert "q         leave (all is saved)" in screen
        tmux("send-keys", "-t", session, "q", "Enter")
    finally:
        tmux("kill-session", "-t", session)
    moves = [str(m) for m in loads(record.read_text()).game.current.moves]
    assert moves[:2] == ["Ann: 3-6", "Bob: 6-6 E"] and moves[-1] == "Cy: 4-2 E" and len(moves) == 9
