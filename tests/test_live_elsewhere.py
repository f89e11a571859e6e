"""The live prompt at a real terminal (tmux, 40 columns) shows a change made by another
process while it waits for a line: a line above the prompt says what changed, and the
prompt is drawn again with the line typed so far kept. From a pipe nothing of this runs.
`qr` at the prompt of `live --serve` shows a link's QR code."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tests.conftest import play_all
from tests.helpers import HUNG, flat, live, load, ok, pane_until, tmux, wait_for_input
from tests.serving import Push, Served

from scorepad.record.format import dumps
from scorepad.serve.links import qr_code
from scorepad.views.latest import changed_elsewhere

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
SCOREPAD = shlex.quote(str(Path(sys.executable).parent / "scorepad"))


def last_line(text: str) -> str:
    return text.rstrip().splitlines()[-1] if text.strip() else ""


def joined(session: str) -> str:
    """The pane's text with the lines the terminal wrapped joined again."""
    return tmux("capture-pane", "-t", session, "-p", "-J", "-S", "-")


def joined_until(session: str, last: str) -> str:
    """The pane's text, its wrapped lines joined, once its last line is `last`."""
    import time

    deadline = time.monotonic() + HUNG
    while True:
        text = joined(session)
        if last_line(text) == last:
            return text
        assert time.monotonic() < deadline, text
        time.sleep(0.02)


@contextmanager
def prompt(folder: Path, *args: str, lang: str = "en") -> Iterator[str]:
    """`scorepad live` in a tmux pane 40 columns wide; its session's name."""
    session = f"scorepad-elsewhere-{uuid.uuid4().hex[:8]}"
    start = (
        # COLUMNS unset: the width is the terminal's, as at a player's shell
        f"unset COLUMNS LINES; cd {shlex.quote(str(folder))} && SCOREPAD_LANG={lang} NO_COLOR=1 "
        f"XDG_STATE_HOME={shlex.quote(str(folder / 'state'))} {SCOREPAD} live {' '.join(args)}"
    )
    tmux("new-session", "-d", "-s", session, "-x", "40", "-y", "60", f"{start}; sleep {HUNG}")
    try:
        yield session
    finally:
        tmux("kill-session", "-t", session)


def typed(session: str, keys: str, shown: str) -> str:
    tmux("send-keys", "-t", session, "-l", keys)
    return pane_until(session, lambda text: last_line(text) == shown)


def done(folder: Path, *args: str) -> None:
    """A one-shot command, as a second terminal types it: run in this process, which is
    another process than the prompt's (a scorepad process of its own would only add its
    start-up)."""
    ok(*args, "-f", folder / "scorepad.toml")


@pytest.fixture
def game(folder: Path) -> Path:
    done(folder, "new", "--players", "Ann,Bob", "--opener", "Ann")
    return folder / "scorepad.toml"


@needs_tmux
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Recorded elsewhere: Ann 6-4 (lead) +10: 6 + 4 = 10"),
        ("de", "Anderswo eingetragen: Ann 6-4 (Eröffnung) +10: 6 + 4 = 10"),
    ],
)
def test_a_move_made_in_another_terminal_shows_above_the_half_typed_line(game, lang, said):
    with prompt(game.parent, lang=lang) as session:
        pane_until(session, lambda text: last_line(text) == "Ann>")
        typed(session, "44 e", "Ann> 44 e")  # Bob's answer, typed before Ann's lead is in
        done(game.parent, "play", "64", "--by", "Ann")
        screen = pane_until(session, lambda text: last_line(text) == "Bob> 44 e")
        assert said in flat(screen)
        assert "Ann> 44 e" not in screen  # the old prompt and its line were taken off
        tmux("send-keys", "-t", session, "Enter")
        pane_until(session, lambda text: last_line(text) == "Ann>")
    assert [str(m) for m in load(game).game.current.moves] == ["Ann: 6-4", "Bob: 4-4 E"]


@needs_tmux
def test_a_line_longer_than_the_terminal_is_kept_whole_and_shown_once(game):
    long = "insert 1.1 Ann: draw 4 and then some words"  # two rows of 40 with its prompt
    with prompt(game.parent) as session:
        pane_until(session, lambda text: last_line(text) == "Ann>")
        tmux("send-keys", "-t", session, "-l", long)
        joined_until(session, "Ann> " + long)
        done(game.parent, "play", "64", "--by", "Ann")
        screen = joined_until(session, "Bob> " + long)
        assert screen.count("> " + long) == 1, screen  # both rows of the old prompt taken off
        assert "Recorded elsewhere: Ann 6-4 (lead) +10: 6 + 4 = 10" in flat(screen)


@needs_tmux
def test_muggins_called_in_another_terminal_is_shown_at_once(folder):
    done(folder, "new", "--players", "Ann,Bob", "--opener", "Ann", "--muggins")
    with prompt(folder) as session:
        pane_until(session, lambda text: last_line(text) == "Ann>")
        typed(session, "s", "Ann> s")
        done(folder, "play", "55", "--by", "Ann")  # 10 not claimed: Bob may call muggins
        screen = pane_until(session, lambda text: last_line(text) == "Bob> s")
        assert "Bob may call muggins for the missed 10: m Bob" in flat(screen)
        done(folder, "muggins", "Bob")
        # The line above is written before the prompt is drawn again: wait for both.
        screen = pane_until(
            session, lambda text: "Recorded elsewhere: Muggins! Bob takes +10" in flat(text) and last_line(text) == "Bob> s"
        )


@needs_tmux
def test_an_unreadable_record_is_said_and_the_prompt_waits_for_it_mended(game):
    with prompt(game.parent) as session:
        pane_until(session, lambda text: last_line(text) == "Ann>")
        good = game.read_text()
        game.write_text(good + "\nthis is no TOML [[\n")
        screen = pane_until(session, lambda text: "The record cannot be read now" in text and last_line(text) == "Ann>")
        game.write_text(good)
        pane_until(session, lambda text: "the game is as it was" in flat(text) and last_line(text) == "Ann>")
        typed(session, "64", "Ann> 64")
        tmux("send-keys", "-t", session, "Enter")
        pane_until(session, lambda text: last_line(text) == "Bob>")
    assert "Traceback" not in screen
    assert [str(m) for m in load(game).game.current.moves] == ["Ann: 6-4"]


def test_from_a_pipe_a_change_elsewhere_adds_nothing(game):
    """Piped input reads as it always did: nothing is said of a change until a line comes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "live"],
        cwd=game.parent,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": "40", "NO_COLOR": "1"},
    )
    assert process.stdin is not None and process.stdout is not None
    for line in process.stdout:
        if line.startswith("? for help"):
            break
    wait_for_input(process.pid)  # the prompt is drawn: what follows is the change's alone
    done(game.parent, "play", "64", "--by", "Ann")
    process.stdin.write("q\n")
    process.stdin.close()
    output = process.stdout.read()  # after what the loop above read ahead, not beside it
    assert process.wait(HUNG) == 0
    assert output == "Ann> "


@needs_tmux
def test_qr_at_the_live_serve_prompt_shows_a_links_qr_code_and_a_phones_call_shows_at_once(folder):
    done(folder, "new", "--players", "Ann,Bob", "--opener", "Ann", "--muggins")
    done(folder, "play", "55", "--by", "Ann")
    with prompt(folder, "--serve", "--host", "127.0.0.1", "--port", "0") as session:
        pane_until(session, lambda text: last_line(text) == "Bob>")
        links = {
            line.split(": ", 1)[0]: line.split(": ", 1)[1].strip() for line in joined(session).splitlines() if ": http" in line
        }
        typed(session, "qr bo", "Bob> qr bo")
        tmux("send-keys", "-t", session, "Enter")
        screen = pane_until(session, lambda text: last_line(text) == "Bob>")
        after = joined(session)
        after = after[after.rindex("Bob> qr bo") :]
        assert after.splitlines()[1] == "Bob: " + links["Bob"]  # its link, then its QR code
        assert qr_code(links["Bob"]) in after
        typed(session, "qr", "Bob> qr")
        tmux("send-keys", "-t", session, "Enter")
        screen = pane_until(session, lambda text: last_line(text) == "Bob>" and text.count("Watch the game: ") == 2)
        # A phone's call while the keeper has typed half a line: said above it at once.
        typed(session, "44 e", "Bob> 44 e")
        server = Served(None, links["Watch the game"], links, [])  # type: ignore[arg-type]
        push = Push(server, links["Bob"])
        seen = push.next()["seen"]
        push.close()
        status, answer = server.call(links["Bob"], "muggins", seen, server.nonce("Bob"))
        assert status == 200, answer
        screen = pane_until(
            session, lambda text: "Bob's phone: Muggins! Bob takes +10" in flat(text) and last_line(text) == "Bob> 44 e"
        )
        assert "Recorded elsewhere" not in screen  # the phone said it: once
    assert '"Bob: muggins"' in (folder / "scorepad.toml").read_text()


def test_a_phones_call_is_said_once_not_also_as_a_change_made_elsewhere(tmp_path):
    """The record changes before the call's line is told: while the server holds the
    prompt hushed, the watch does not wake it for the change, so the prompt never says it
    as one made elsewhere before the phone's own line (it did, one time in a few, under
    load). Once the call is said, its note wakes the prompt."""
    from scorepad.cli.watching import Notes, Watch
    from scorepad.record.files import stamp

    record = tmp_path / "scorepad.toml"
    record.write_text("before\n")
    notes = Notes()
    watch = Watch(record, None)
    notes.watch = watch
    try:
        watch.expect(stamp(record))
        assert not watch.due()
        with notes.hushed():
            record.write_text("after, a longer text\n")  # the call saved
            assert not watch.due()  # its note is yet to come
            notes("Bob's phone: Muggins! Bob takes +10")
            assert watch.due()
        assert watch.taken() == ["Bob's phone: Muggins! Bob takes +10"]
        record.write_text("changed again, from another terminal\n")
        assert watch.due()  # a change from elsewhere still wakes it
    finally:
        notes.watch = None
        watch.stop()


def test_qr_without_a_server_is_refused_saying_how(game):
    result = live("qr\nq\n")
    assert result.exit_code == 1
    assert "start the prompt with scorepad live --serve" in flat(result.output)


def test_what_a_change_made_elsewhere_did_in_one_line(three):
    """The line above the prompt for each kind of change: one entry, several, a take-back,
    the record saved as it was."""

    def state():
        return dumps(three), three.fork(with_undo=True)

    play_all(three, "Ann: 6-4")
    lead = state()
    play_all(three, "Bob: 4-4 E")
    answered = state()
    play_all(three, "Cy: draw 2", "Cy: 6-3 W")
    later = state()
    assert changed_elsewhere(lead, answered) == "Recorded elsewhere: Bob 4-4 E +0: 6 + 4|4 = 14"
    assert changed_elsewhere(answered, later) == "Recorded elsewhere: 2 entries; the last: Cy 6-3 W +0: 3 + 4|4 = 11"
    assert changed_elsewhere(later, lead) == "Changed elsewhere (an undo, an edit or a new game): s shows the game"
    assert changed_elsewhere(later, later) == "The record was saved elsewhere: the game is as it was"


def test_a_signal_after_enter_leaves_the_line_entered(game, monkeypatch):
    """The watch's signal ends the wait for keys, never a line already ended: readline
    gives the terminal back (canonical again) before input() returns."""
    import termios

    from scorepad.cli import watching

    canonical = {"on": False}

    def attributes(fd):
        return [0, 0, 0, termios.ICANON if canonical["on"] else 0, 0, 0, []]

    monkeypatch.setattr(termios, "tcgetattr", attributes)
    with open(os.devnull) as terminal:  # a descriptor to ask about
        monkeypatch.setattr(sys, "stdin", terminal)
        watch = watching.Watch(game, readline=None)
        try:
            watch.waiting = True
            with pytest.raises(watching.Changed):  # waiting for keys: the wait ends
                watch._signalled(signal.SIGUSR1, None)
            canonical["on"] = True  # Enter pressed: the line goes on
            watch._signalled(signal.SIGUSR1, None)
        finally:
            watch.waiting = False
            watch.stop()
