"""Files, links and streams from strangers and shared folders: `new --force` replaces
only a scorepad record; a refused writer leaves no lock; a failed save leaves nothing
behind; an edit is read back as strictly as any record; a bad $EDITOR, a record that goes
away during a live session, a help screen on an ASCII stream, `-f /`, a dangling link
where a copy would go and a pipe where a record or the history should be each get a
message, never a traceback or a hang. Every file is in the test's own folder."""

import json
import os
import re
import select
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tests.helpers import answered, run

from scorepad.record.files import load

SRC = Path(__file__).resolve().parents[1] / "src"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
needs_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
posix = pytest.mark.skipif(os.name != "posix", reason="POSIX only")


def environment(**extra):
    env = {**os.environ, "COLUMNS": "60", "NO_COLOR": "1", "PYTHONPATH": str(SRC), "SCOREPAD_LANG": "en", **extra}
    env.pop("SCOREPAD_FILE", None)
    return env


def cli(*args, cwd: Path, env=None, timeout: float = 60, preexec_fn=None, input: bytes | None = None):
    """The real program in a process of its own, with a timeout."""
    done = subprocess.run(
        [sys.executable, "-c", "from scorepad.start import main; main()", *map(str, args)],
        cwd=cwd,
        env=env or environment(),
        capture_output=True,
        timeout=timeout,
        preexec_fn=preexec_fn,
        input=input,
    )
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out and not RAW.search(out), out
    return done.returncode, " ".join(out.split())


def entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def new_record(path: Path) -> Path:
    answered(run("new", "--players", "Ann,Bob", "--opener", "Ann", "-f", path), 0)
    return path


def finished_record(path: Path) -> Path:
    answered(run("new", "--players", "Ann,Bob", "--opener", "Ann", "--target", "10", "--rules", "two-ends", "-f", path), 0)
    answered(run("play", "55", "-f", path), 0)
    assert load(path).game.state == "over"
    return path


# --- 2. `new --force` replaces only a scorepad record -------------------------------------------


@needs_links
def test_new_force_through_a_link_to_a_file_that_is_not_a_record_is_refused(folder):
    (folder / "home").mkdir()
    notes = folder / "home" / "notes.txt"
    notes.write_text("my private notes\n")
    notes.chmod(0o600)
    (folder / "club").mkdir()
    (folder / "club" / "club.toml").symlink_to(notes)
    out = answered(run("new", "--force", "--players", "Ann,Bob", "-f", folder / "club" / "club.toml"), 2)
    assert "not a scorepad record" in out
    assert notes.read_text() == "my private notes\n" and stat.S_IMODE(notes.stat().st_mode) == 0o600
    assert entries(folder / "home") == ["notes.txt"] and entries(folder / "club") == ["club.toml"]  # no copy, no lock


def test_new_force_over_a_file_that_is_not_a_record_is_refused(folder):
    for text in ("my private notes\n", 'title = "a TOML file of something else"\n', ""):
        (folder / "notes.toml").write_text(text)
        out = answered(run("new", "--force", "--players", "Ann,Bob", "-f", "notes.toml"), 2)
        assert "not a scorepad record" in out
        assert (folder / "notes.toml").read_text() == text and entries(folder) == ["notes.toml"]


@needs_links
@posix
def test_a_kept_copy_stays_beside_the_original_with_its_mode(folder):
    """A game reached through a link from a shared folder: the copy `new --force` keeps sits
    beside the original, in its private folder, with its mode; none lands in the shared one."""
    (folder / "private").mkdir()
    game = new_record(folder / "private" / "game.toml")
    answered(run("play", "6-4", "-f", game), 0)
    game.chmod(0o600)
    before = game.read_bytes()
    (folder / "club").mkdir()
    (folder / "club" / "game.toml").symlink_to(game)
    out = answered(run("new", "--force", "-f", folder / "club" / "game.toml"), 0)
    kept = [p for p in (folder / "private").iterdir() if p.name.startswith("game-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before and str(kept[0]) in out.replace(" ", "")
    assert stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    assert entries(folder / "club") == ["game.toml"]


# --- 3. a refused writer leaves no lock file ------------------------------------------------------


@needs_links
@posix
def test_a_refused_write_through_a_link_leaves_no_lock(folder):
    (folder / "other").mkdir()
    game = new_record(folder / "other" / "game.toml")
    game.chmod(0o444)
    (folder / "club").mkdir()
    (folder / "club" / "game.toml").symlink_to(game)
    out = answered(run("play", "6-4", "-f", folder / "club" / "game.toml"), 2)
    assert "read-only" in out
    assert entries(folder / "other") == ["game.toml"] and entries(folder / "club") == ["game.toml"]
    answered(run("play", "6-4", "-f", game), 2)  # the same without a link
    assert entries(folder / "other") == ["game.toml"]


@needs_links
def test_a_write_through_a_link_to_a_file_that_is_not_a_record_leaves_no_lock(folder):
    (folder / "other").mkdir()
    target = folder / "other" / "settings.conf"
    target.write_text("a = 1\n")
    (folder / "club").mkdir()
    (folder / "club" / "game.toml").symlink_to(target)
    for args in (["play", "6-4"], ["draw"], ["undo"], ["edit"]):
        answered(run(*args, "-f", folder / "club" / "game.toml", env={"VISUAL": "true"}), 2)
    assert entries(folder / "other") == ["settings.conf"] and target.read_text() == "a = 1\n"


@pytest.mark.parametrize("text", ["my notes\n", 'title = "some other TOML"\n', '[tool]\nformat = "scorepad/1"\n'])
def test_a_writer_on_a_file_that_is_not_a_record_leaves_no_lock(folder, text):
    (folder / "notes.toml").write_text(text)
    for args in (["play", "6-4"], ["draw"], ["undo"], ["hands", "Ann=5"], ["delete", "1.1"], ["edit"]):
        answered(run(*args, "-f", "notes.toml", env={"VISUAL": "true"}), 2)
    assert entries(folder) == ["notes.toml"] and (folder / "notes.toml").read_text() == text


def test_every_record_the_reader_takes_names_its_format_where_the_cheap_test_looks():
    """The test made before the lock never refuses a record the reader would take."""
    from scorepad.record.files import names_a_format
    from scorepad.record.format import loads

    examples = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.toml"))
    texts = [p.read_text(encoding="utf-8") for p in examples]
    texts.append('# club\n\n  "format" = \'scorepad/1\'  # the format\r\nplayers = ["Ann", "Bob"]\r\n[rules]\n')
    texts.append('players = [\n  "Ann",\n  "Bob",\n]\nformat = "scorepad/1"\n[[rounds]]\nopener = "Ann"\n')
    assert examples
    for text in texts:
        loads(text)
        assert names_a_format(text), text
    for text in ('[tool]\nformat = "scorepad/1"\n', 'formats = "scorepad/1"\n', 'format = "other/1"\n', ""):
        assert not names_a_format(text), text


# --- 4. a failed save leaves nothing behind and says which file --------------------------------

HAND_EDITED = textwrap.dedent("""\
    # Thursday club, table 2
    format = "scorepad/1"
    players = ["Ann", "Bob"]
    [[rounds]]
    opener = "Ann"
    moves = ["Ann: 6-4"]
    """)


def file_size_limit(limit: int):
    """A preexec_fn: no file of this process grows past `limit` bytes (a full disk, a quota)."""

    def apply():
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@posix
def test_a_failed_backup_of_a_hand_edited_record_leaves_nothing(folder):
    text = HAND_EDITED + "# " + "x" * 20_000 + "\n"
    (folder / "game.toml").write_text(text)
    (folder / "game.toml.orig").write_text("older\n")
    code, out = cli("draw", "--by", "Bob", "-f", "game.toml", cwd=folder, preexec_fn=file_size_limit(8192))
    assert code == 2 and "cannot write" in out and "None" not in out, out
    assert "game.toml.orig.2" in out and "File too large" in out
    assert (folder / "game.toml").read_text() == text
    assert [name for name in entries(folder) if not name.endswith(".lock")] == ["game.toml", "game.toml.orig"]


@posix
def test_a_failed_copy_of_the_finished_game_leaves_nothing(folder):
    finished_record(folder / "scorepad.toml")
    with open(folder / "scorepad.toml", "a") as handle:
        handle.write("# " + "x" * 20_000 + "\n")
    before = (folder / "scorepad.toml").read_bytes()
    code, out = cli("new", "--opener", "Bob", cwd=folder, preexec_fn=file_size_limit(8192))
    assert code == 2 and "cannot write" in out and "None" not in out and "File too large" in out, out
    assert "scorepad-" in out and ".toml" in out
    assert (folder / "scorepad.toml").read_bytes() == before
    assert [name for name in entries(folder) if not name.endswith(".lock")] == ["scorepad.toml"]


def test_a_full_disk_while_saving_leaves_no_temporary_file(folder, monkeypatch):
    import errno

    from scorepad.record import files

    new_record(folder / "scorepad.toml")
    before = (folder / "scorepad.toml").read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", full)
    out = answered(run("play", "6-4"), 2)
    assert f"cannot write scorepad.toml: {os.strerror(errno.ENOSPC)}" in out and "None" not in out
    assert (folder / "scorepad.toml").read_bytes() == before
    assert [name for name in entries(folder) if not name.endswith(".lock")] == ["scorepad.toml"]


# --- 5. an edit is read back through the strict reader ----------------------------------------------

WRITING_EDITOR = textwrap.dedent("""\
    import sys
    from pathlib import Path
    path = Path(sys.argv[-1])
    text = path.read_bytes()
    kind = sys.argv[1]
    if kind == "huge":
        text += b"# " + b"x" * (11 * 1024 * 1024) + b"\\n"
    else:
        text = text.replace(b'"Bob"', b'"B\\xf6b"').replace(b"Bob:", b"B\\xf6b:")
    path.write_bytes(text)
    """)


@pytest.mark.parametrize("kind, problem", [("huge", "larger than 10 MB"), ("latin-1", "not a text file")])
def test_an_edit_is_read_as_strictly_as_a_record(folder, kind, problem):
    game = new_record(folder / "scorepad.toml")
    answered(run("play", "6-4"), 0)
    before = game.read_bytes()
    script = folder / "editor.py"
    script.write_text(WRITING_EDITOR)
    out = answered(run("edit", input="d\n", env={"VISUAL": f"{sys.executable} {script} {kind}"}), 1)
    assert "The edited record is not valid" in out and problem in out and "Discarded" in out
    assert game.read_bytes() == before
    assert [name for name in entries(folder) if not name.endswith(".lock")] == ["editor.py", "scorepad.toml"]


# --- 6. an editor command that cannot be split -------------------------------------------------------


def test_an_editor_with_an_unbalanced_quote_is_a_message(folder):
    game = new_record(folder / "scorepad.toml")
    before = game.read_bytes()
    env = {"VISUAL": "", "EDITOR": 'vi "'}
    out = answered(run("edit", env=env), 2)
    assert "$EDITOR is not a command scorepad can run" in out
    out = answered(run("live", input="edit\n64\nq\n", env=env), 1)  # refused, and the session goes on
    assert "$EDITOR is not a command scorepad can run" in out and "Bob>" in out
    assert [str(m) for m in load(game).game.current.moves] == ["Ann: 6-4"]
    assert game.read_bytes() != before


# --- 8. live: the record goes away; a link to nothing ------------------------------------------------------


@needs_links
def test_live_on_a_dangling_link_or_a_loop_of_links_is_a_message(folder):
    (folder / "dangling.toml").symlink_to(folder / "nowhere.toml")
    (folder / "loop-a.toml").symlink_to(folder / "loop-b.toml")
    (folder / "loop-b.toml").symlink_to(folder / "loop-a.toml")
    for name in ("dangling.toml", "loop-a.toml"):
        out = answered(run("live", "-f", name, input="q\n"), 2)
        assert f"cannot read {name}" in out
        out = answered(run("show", "-f", name), 2)
    assert not (folder / "nowhere.toml").exists()


def read_until(stream, prompt: bytes, seen: bytes = b"") -> bytes:
    """What a process printed, up to `prompt`; fails rather than waits forever."""
    while prompt not in seen:
        ready, _, _ = select.select([stream], [], [], 30)
        assert ready, seen
        try:
            chunk = os.read(stream.fileno() if hasattr(stream, "fileno") else stream, 4096)
        except OSError:  # a terminal whose other side has closed
            chunk = b""
        assert chunk, seen
        seen += chunk
    return seen


def live_process(folder: Path, env=None):
    return subprocess.Popen(
        [sys.executable, "-c", "from scorepad.start import main; main()", "live"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env or environment(),
        cwd=folder,
    )


def swap_during_live(folder: Path, swap, typed: bytes) -> tuple[int, str]:
    """Start live, change the record under it at the prompt, type `typed`."""
    new_record(folder / "scorepad.toml")
    process = live_process(folder)
    try:
        read_until(process.stdout, b"Ann> ")
        swap(folder / "scorepad.toml")
        output, _ = process.communicate(typed, timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    text = output.decode("utf-8", "replace")
    assert "Traceback" not in text and not RAW.search(text), text
    return process.returncode, " ".join(text.split())


def into_a_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def unreadable(path: Path) -> None:
    path.chmod(0)


SWAPS = [
    pytest.param(Path.unlink, "no game in scorepad.toml", id="deleted"),
    pytest.param(into_a_folder, "scorepad.toml is a folder", id="a folder"),
    pytest.param(
        unreadable,
        "Permission denied",
        id="unreadable",
        marks=pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file"),
    ),
]


@pytest.mark.parametrize("swap, message", SWAPS)
@pytest.mark.parametrize("typed", [b"64\nq\n", b"s\nq\n"])
def test_live_says_so_when_the_record_goes_away(folder, swap, message, typed):
    code, out = swap_during_live(folder, swap, typed)
    assert code == 2 and message in out, out


# --- 9. help on a stream that cannot encode everything ---------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("columns", ["100", "50"])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "stream",
    [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "koi8-r"}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}],
    ids=["ascii", "koi8-r", "C locale"],
)
def test_help_on_a_stream_that_cannot_encode_everything(folder, stream, language, columns):
    env = environment(COLUMNS=columns, SCOREPAD_LANG=language, **stream)
    for key in ("PYTHONIOENCODING", "LC_ALL", "LANG", "PYTHONUTF8", "LC_CTYPE"):
        if key not in stream:
            env.pop(key, None)
    for args in (["--help"], ["new", "--help"], ["hands", "--help"]):
        done = subprocess.run(
            [sys.executable, "-c", "from scorepad.start import main; main()", *args],
            cwd=folder,
            env=env,
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == 0, (args, done.stderr.decode("utf-8", "replace"))
        encoding = stream.get("PYTHONIOENCODING", "ascii")
        # What it claims to be; but click writes its plain (narrow) help as UTF-8 to a
        # stream that claims ASCII, taking that for a misconfigured locale.
        text = done.stdout.decode("utf-8" if encoding == "ascii" and columns == "50" else encoding)
        assert "--help" in text and "Traceback" not in done.stderr.decode(encoding, "replace")
        if language == "de" and args == ["--help"]:
            assert "Fünfer" in text or "Funfer" in text


# --- 10. a path that is the root folder ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/.."])
@pytest.mark.parametrize("args", [["draw"], ["new", "--players", "Ann,Bob"], ["new", "--force", "--players", "Ann,Bob"]])
def test_a_record_path_that_is_the_root_folder_is_a_message(folder, args, path):
    out = answered(run(*args, "-f", path), 2)
    assert "is a folder, not a record" in out
    assert entries(folder) == []


# --- 12. a free name for the finished game ------------------------------------------------------------------


@needs_links
def test_new_over_a_finished_game_passes_a_dangling_link_where_the_copy_would_go(folder):
    from datetime import date

    finished_record(folder / "scorepad.toml")
    old = (folder / "scorepad.toml").read_bytes()
    stamp = date.today().isoformat()
    (folder / f"scorepad-{stamp}-1.toml").symlink_to(folder / "gone" / "nowhere.toml")
    code, out = cli("new", "--opener", "Bob", cwd=folder, timeout=60)
    assert code == 0 and f"The finished game is kept in scorepad-{stamp}-2.toml." in out, out
    assert (folder / f"scorepad-{stamp}-2.toml").read_bytes() == old
    assert os.path.islink(folder / f"scorepad-{stamp}-1.toml") and not (folder / "gone").exists()


def test_the_search_for_a_free_name_is_bounded(folder, monkeypatch):
    from scorepad.record import files
    from scorepad.record.format import RecordError

    monkeypatch.setattr(files, "MAX_NAMES", 3)
    for n in range(1, 4):
        (folder / f"copy-{n}").write_text("taken\n")
    status = (folder / "copy-1").stat()
    names = (folder / f"copy-{n}" for n in __import__("itertools").count(1))
    with pytest.raises(RecordError, match="no free name"):
        files.write_copy(names, "text\n", status)
    assert entries(folder) == ["copy-1", "copy-2", "copy-3"]


# --- 13. a pipe where a record or the history should be ---------------------------------------------------------


@needs_fifos
def test_live_refuses_a_record_swapped_for_a_pipe_without_waiting(folder):
    def into_a_pipe(path: Path) -> None:
        path.unlink()
        os.mkfifo(path)

    code, out = swap_during_live(folder, into_a_pipe, b"s\nq\n")
    assert code == 2 and "is not a regular file" in out, out


@needs_fifos
@pytest.mark.skipif(sys.platform == "win32", reason="no terminals to open")
def test_live_in_a_terminal_starts_when_the_history_is_a_pipe(folder):
    pytest.importorskip("readline")
    new_record(folder / "scorepad.toml")
    (folder / "state" / "scorepad").mkdir(parents=True)
    history = folder / "state" / "scorepad" / "history"
    os.mkfifo(history)
    leader, follower = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-c", "from scorepad.start import main; main()", "live"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=environment(XDG_STATE_HOME=str(folder / "state"), TERM="dumb"),
        cwd=folder,
        start_new_session=True,
    )
    os.close(follower)
    try:
        seen = read_until(leader, b"Ann> ")
        os.write(leader, b"64\n")
        seen = read_until(leader, b"Bob> ", seen)
        os.write(leader, b"q\n")
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(leader)
    text = " ".join(seen.decode("utf-8", "replace").split())
    assert "is not a regular file: the lines typed are not kept" in text, text
    assert stat.S_ISFIFO(os.lstat(history).st_mode)
    assert [str(m) for m in load(folder / "scorepad.toml").game.current.moves] == ["Ann: 6-4"]
    assert json.loads(run("show", "--json").output)["turn"] == "Bob"
