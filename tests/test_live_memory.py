"""The live prompt keeps the game in memory (issue 39, item 5): a line reads the record
again only when the file's stamp (identity, size, times) changed, a move saves and reads
back only its own round, and a change another terminal made is always seen."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tests.helpers import ok, wait_for_input

from scorepad.cli.actions import changing
from scorepad.engine.notation import parse_move
from scorepad.errors import RecordChangedError, ScorepadError
from scorepad.record import change as record_change
from scorepad.record import format as record_format
from scorepad.record.change import LiveRecord
from scorepad.record.format import RecordError, loads


def moves_of(file) -> list[str]:
    return [str(m) for m in loads(file.read_text(encoding="utf-8")).game.current.moves]


@pytest.fixture
def reads(monkeypatch) -> list[int]:
    """Counts the records read whole (and replayed) by the live prompt's memory."""
    counted: list[int] = []
    real = record_change.read_both
    monkeypatch.setattr(record_change, "read_both", lambda file: counted.append(1) or real(file))
    return counted


def test_a_line_reads_the_record_only_when_it_changed(here, reads):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    held = LiveRecord(here)
    held.read()
    held.read()
    assert len(reads) == 1
    with changing(here, None, held) as (game, _said, _text):
        game.push(parse_move("Ann: 6-6"))
    held.read()
    assert len(reads) == 1  # its own save is not read again
    assert moves_of(here) == ["Ann: 6-6"]
    ok("play", "65", "e")  # another terminal
    reads.clear()
    _text, game = held.read()
    assert len(reads) == 1
    assert [str(m) for m in game.current.moves] == ["Ann: 6-6", "Bob: 6-5 E"]


def test_a_file_put_in_place_with_the_same_size_and_time_is_read_again(here, reads):
    """Another file renamed over the record (as every save does), of the same size and
    modification time: its identity differs; written in place with the old time put back:
    its change time differs."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "66")
    held = LiveRecord(here)
    reads.clear()
    held.read()
    status = here.stat()
    other = here.read_text(encoding="utf-8").replace("6-6", "5-5")
    here.with_name("other").write_text(other, encoding="utf-8")
    os.utime(here.with_name("other"), ns=(status.st_atime_ns, status.st_mtime_ns))
    os.replace(here.with_name("other"), here)
    assert (here.stat().st_size, here.stat().st_mtime_ns) == (status.st_size, status.st_mtime_ns)
    assert str(held.read()[1].current.moves[0]) == "Ann: 5-5"
    with open(here, "r+", encoding="utf-8") as handle:  # in place, the time put back
        handle.write(here.read_text(encoding="utf-8").replace("5-5", "4-4"))
    os.utime(here, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert str(held.read()[1].current.moves[0]) == "Ann: 4-4"
    assert len(reads) == 3


def test_a_move_reads_back_its_own_round_only(here, monkeypatch):
    file = here
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "--deal", "1,1,1")
    held = LiveRecord(file)
    for _round in range(5):
        with changing(file, None, held) as (game, _said, _text):
            game.push(parse_move("Ann: 5-5"))
        with changing(file, None, held) as (game, _said, _text):
            game.end_round({"Bob": 0})
    checked: list[int] = []
    real = record_format._check_round
    monkeypatch.setattr(record_format, "_check_round", lambda game, n, *rest: checked.append(n) or real(game, n, *rest))
    with changing(file, None, held) as (game, _said, _text):
        game.push(parse_move("Ann: 4-4"))
    assert checked == [6]
    assert [str(m) for m in loads(file.read_text(encoding="utf-8")).game.current.moves][-1].endswith("4-4")


def test_every_save_from_memory_is_read_back_whole(here, monkeypatch):
    """What the reader decides on the whole text still refuses a save from memory (here
    its dotted-key guard, made to refuse every record): nothing written, the game in
    memory let go."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    held = LiveRecord(here)
    with changing(here, None, held) as (game, _said, _text):
        game.push(parse_move("Ann: 6-6"))
    before = here.read_bytes()
    monkeypatch.setattr(record_format, "_deep_key_line", lambda text: 1)
    with pytest.raises(RecordError, match="cannot read it back"), changing(here, None, held) as (game, _said, _text):
        game.push(parse_move("Bob: 6-5 E"))
    assert here.read_bytes() == before
    assert held.game is None


def test_a_refused_change_lets_the_game_in_memory_go(here, reads):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "66")
    held = LiveRecord(here)
    with pytest.raises(ScorepadError, match="refused after"), changing(here, None, held) as (game, _said, _text):
        game.push(parse_move("Bob: 6-5 E"))
        raise ScorepadError("refused after the move was made")
    assert held.game is None
    assert moves_of(here) == ["Ann: 6-6"]
    assert [str(m) for m in held.read()[1].current.moves] == ["Ann: 6-6"]


def test_a_line_typed_for_the_record_as_it_was_is_refused(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    held = LiveRecord(here)
    seen = held.read()[0].encode("utf-8")
    ok("play", "66")
    refusal = pytest.raises(RecordChangedError, match="Ann: 6-6 was recorded elsewhere")
    with refusal, changing(here, seen, held) as (game, _said, _text):
        game.push(parse_move("Ann: 5-5"))
    assert moves_of(here) == ["Ann: 6-6"]


def test_a_second_terminal_is_seen_by_the_live_prompt(here, tmp_path):
    """Two processes: the live prompt, and a command run between its lines. The prompt's
    game in memory never overwrites what the other saved."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    env = {**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": "80", "NO_COLOR": "1"}
    out = tmp_path / "out.txt"
    with open(out, "w") as screen:
        live = subprocess.Popen(
            [sys.executable, "-m", "scorepad", "live", "-f", str(here)],
            stdin=subprocess.PIPE,
            stdout=screen,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        try:
            assert live.stdin is not None
            wait_for_input(live.pid)
            live.stdin.write("66\n")
            live.stdin.flush()
            wait_for_input(live.pid)
            assert moves_of(here) == ["Ann: 6-6"]
            ok("play", "65", "e", "-f", here)  # in this process: another than the prompt's
            live.stdin.write("64 w\n")  # typed at the prompt drawn before Bob's move
            live.stdin.flush()
            wait_for_input(live.pid)
            assert moves_of(here) == ["Ann: 6-6", "Bob: 6-5 E"]
            live.stdin.write("64 w\nq\n")
            live.stdin.close()
            live.wait(timeout=60)
        finally:
            if live.poll() is None:
                live.kill()
                live.wait()
    assert moves_of(here) == ["Ann: 6-6", "Bob: 6-5 E", "Cy: 6-4 W"]
    assert "Bob: 6-5 E was recorded elsewhere" in " ".join(out.read_text().split())
