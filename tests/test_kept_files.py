"""What scorepad keeps beside a record, `.NAME.repair` and `.NAME.lock`: a kept file never
rewrites a game (`undo` after a fix puts back only a record it has proven to be the one
before the fix), it goes with the record it belongs to, a lock file is there only while a
command holds it, and a crash in the middle of a fix leaves the fix whole or not made."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tests.helpers import ON_N, flat, ok, run
from tests.helpers import write_round as record

from scorepad.engine.game import Game
from scorepad.engine.notation import parse_move
from scorepad.engine.rules import Rules
from scorepad.record import sidecar
from scorepad.record.files import load, locked
from scorepad.record.format import MAX_RECORD_BYTES, dumps

PLAYERS = ["Ann", "Bob", "Cy"]


def fixed_game(here: Path) -> tuple[bytes, bytes]:
    """A record with a slip, the refused move, and fix 1: the record before and after."""
    record(here, PLAYERS, ON_N)
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1
    ok("fix", "1")
    return before, here.read_bytes()


def moves(here: Path) -> list[str]:
    return [str(m) for m in load(here).game.current.moves]


def other_game() -> str:
    game = Game(["Eve", "Mal"], opener="Eve")
    return dumps(game)


def plant(here: Path, before_text: str, moves_list: list[str], opener: str) -> None:
    """Rewrite the kept file of a fix as a planter would, keeping its digest of the record:
    its copy of the record before (where it keeps one) or the round it keeps."""
    path = sidecar.path_for(here)
    data = json.loads(path.read_text())
    if "before" in data:
        data["before"] = before_text
    else:
        data["fixed"]["moves"] = moves_list
        data["fixed"]["opener"] = opener
    path.write_text(json.dumps(data))


# --- undo after a fix trusts nothing it has not proven ------------------------------------------


def test_undo_after_a_fix_never_puts_back_a_planted_game(here):
    _before, after = fixed_game(here)
    plant(here, other_game(), ["Ann: 6-6"], "Ann")
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert list(load(here).game.players) == PLAYERS  # not the planted game
    assert moves(here) == moves_of(after)[:-1]  # one move taken back, as with no kept fix
    assert "does not lead to the record as it is" in flat(result.output)


def moves_of(text: bytes) -> list[str]:
    from scorepad.record.format import loads

    return [str(m) for m in loads(text.decode()).game.current.moves]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file to another user needs root")
def test_undo_ignores_a_kept_file_of_another_user(here):
    _before, after = fixed_game(here)
    os.chown(sidecar.path_for(here), 4242, 4242)  # neither the record's owner nor the one running
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert moves(here) == moves_of(after)[:-1]  # the fix not taken back whole: the file was not trusted
    assert "belongs to another user" in flat(result.output)


@pytest.mark.slow
def test_a_kept_record_over_the_limit_is_never_written_back(here):
    _before, after = fixed_game(here)
    filler = ["Ann: 6-6"] * (MAX_RECORD_BYTES // 10)
    big = dumps(Game(PLAYERS, opener="Ann")) + "#" * (MAX_RECORD_BYTES + 1024)
    plant(here, big, filler, "Ann")
    assert sidecar.path_for(here).stat().st_size > MAX_RECORD_BYTES
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert here.stat().st_size < MAX_RECORD_BYTES
    assert moves(here) == moves_of(after)[:-1]
    ok("show")  # the game is still read


def test_after_the_undo_of_a_fix_its_repairs_are_offered_again(here):
    before, _after = fixed_game(here)
    ok("undo")
    assert here.read_bytes() == before
    ok("fix", "2", "--tile", "5-0")  # chosen again, from what the undo kept
    ok("undo")
    assert here.read_bytes() == before


def test_undo_after_a_fix_in_a_round_whose_opener_the_lot_drew(here):
    game = Game(PLAYERS, Rules.from_options("pagat"))
    game.set_opener("Ann", drawn=True)  # as `new` leaves it when scorepad draws the lot
    for move in ON_N:
        game.push(parse_move(move))
    here.write_text(dumps(game), encoding="utf-8")
    assert "drawn = true" in here.read_text()
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1
    ok("fix", "1")
    result = run("undo")
    assert result.exit_code == 0 and "does not lead" not in flat(result.output), result.output
    assert here.read_bytes() == before


# --- a kept file goes with its record, a lock file with its command ------------------------------


def test_a_kept_file_goes_when_its_record_is_replaced_or_gone(here):
    record(here, PLAYERS, ON_N)
    kept = sidecar.path_for(here)
    assert run("play", "06", "e").exit_code == 1
    assert kept.exists()
    ok("play", "06", "n")  # the table went on: the refusal belongs to a record that is no more
    assert not kept.exists()
    record(here, PLAYERS, ON_N)
    assert run("play", "06", "e").exit_code == 1 and kept.exists()
    here.unlink()  # the game thrown away: its kept round must not stay behind
    assert run("show").exit_code == 2
    assert sorted(os.listdir(here.parent)) == []
    record(here, PLAYERS, ON_N)
    assert run("play", "06", "e").exit_code == 1 and kept.exists()
    ok("new", "--force", "--players", "Ann,Bob")  # the game replaced
    assert not kept.exists()


def test_no_lock_file_outlives_a_command(here):
    record(here, PLAYERS, ON_N)
    for args in (["play", "06", "e"], ["fix", "1"], ["undo"], ["play", "06", "n"], ["undo"], ["hint", "66"]):
        run(*args)
        assert not (here.parent / ".scorepad.toml.lock").exists(), args


def test_a_removed_lock_file_still_lets_one_holder_at_a_time(tmp_path):
    """Each holder removes the lock file as it lets go; a waiter that then holds the
    removed one takes the new one instead, so the record still has one writer at a time."""
    path = tmp_path / "g.toml"
    path.write_text(dumps(Game(["Ann", "Bob"], opener="Ann")), encoding="utf-8")
    inside, most, lock = [0], [0], threading.Lock()

    def write() -> None:
        for _ in range(30):
            with locked(path, timeout=30):
                with lock:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(0.001)  # another holder would come in here
                with lock:
                    inside[0] -= 1

    threads = [threading.Thread(target=write) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1
    assert not (tmp_path / ".g.toml.lock").exists()


# --- a crash in the middle of a fix ----------------------------------------------------------------

CRASH = """
import os, sys
from scorepad.record import repairs
real, when = repairs.save_text, sys.argv[1]
def crash(*args, **kwargs):
    if when == "after":
        real(*args, **kwargs)
    os._exit(9)  # as kill -9 would end it: nothing more is written
repairs.save_text = crash
sys.argv = ["scorepad", "fix", "1"]
from scorepad.start import main
main()
"""


def crashed_fix(here: Path, when: str) -> None:
    env = {**os.environ, "SCOREPAD_LANG": "en"}
    env.pop("SCOREPAD_FILE", None)
    done = subprocess.run([sys.executable, "-c", CRASH, when], cwd=here.parent, env=env, capture_output=True, text=True)
    assert done.returncode == 9, done.stderr


def test_a_crash_right_after_the_fixs_save_still_undoes_the_whole_fix(here):
    record(here, PLAYERS, ON_N)
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1
    crashed_fix(here, "after")
    assert moves(here)[-1] == "Cy: 0-6 E"  # the fix was saved
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert here.read_bytes() == before  # the repair and the move, both taken back


def test_a_crash_before_the_fixs_save_leaves_the_fix_to_make_again(here):
    record(here, PLAYERS, ON_N)
    before = here.read_bytes()
    assert run("play", "06", "e").exit_code == 1
    crashed_fix(here, "before")
    assert here.read_bytes() == before  # nothing was fixed
    ok("fix", "1")
    ok("undo")
    assert here.read_bytes() == before


def _a_link(kept: Path) -> None:
    target = kept.with_name("elsewhere.json")
    target.write_bytes(kept.read_bytes())  # the very fix, but reached through a link
    kept.unlink()
    kept.symlink_to(target)


def _a_fifo(kept: Path) -> None:
    kept.unlink()
    os.mkfifo(kept)


def _too_large(kept: Path) -> None:
    kept.write_bytes(kept.read_bytes() + b" " * (sidecar.MAX_BYTES + 1))


def _garbage(kept: Path) -> None:
    kept.write_bytes(b"\x00not json at all")


def _an_old_version(kept: Path) -> None:
    kept.write_text(json.dumps({**json.loads(kept.read_text()), "version": 1}))


@pytest.mark.parametrize(
    "spoil, why, german",
    [
        (_a_link, "is a symbolic link", "ist ein symbolischer Link"),
        (_a_fifo, "is not a regular file", "ist keine gewöhnliche Datei"),
        (_too_large, "is larger than 1 MB", "ist größer als 1 MB"),
        (_garbage, "is not what scorepad writes there", "ist nicht, was scorepad dort schreibt"),
        (_an_old_version, "is not what scorepad writes there", "ist nicht, was scorepad dort schreibt"),
    ],
    ids=["link", "fifo", "over 1 MB", "garbage", "old version"],
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_undo_says_why_it_ignores_a_kept_file(here, spoil, why, german, lang):
    if spoil is _a_fifo and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs")
    _before, after = fixed_game(here)
    kept = sidecar.path_for(here)
    spoil(kept)
    result = run("undo", lang=lang, width=200)
    assert result.exit_code == 0, result.output
    assert moves(here) == moves_of(after)[:-1]  # one move back, as with no kept fix
    said = f"Note: {kept} {why}: ignored" if lang == "en" else f"Hinweis: {kept} {german}: nicht beachtet"
    assert said in flat(result.output)
    assert sum(line.count(str(kept)) for line in result.output.splitlines()) == 1  # one line


def test_undo_with_no_kept_file_says_nothing_of_one(here):
    record(here, PLAYERS, ON_N)
    result = run("undo")
    assert result.exit_code == 0 and "Note:" not in result.output, result.output


def test_a_refusal_is_read_back_as_it_was_written():
    """The kept input's one reading and writing (record/sidecar.py `Refusal`): each form
    as the file holds it, and anything else read as no refusal at all."""
    from scorepad.record.sidecar import Refusal

    forms = [
        ({"move": "Cy: 0-6 E", "claim": False, "named": False}, Refusal(move="Cy: 0-6 E", named=False)),
        ({"move": "Cy: muggins", "claim": False}, Refusal(move="Cy: muggins")),
        ({"move": "Ann: 5-0 E =10", "claim": True}, Refusal(move="Ann: 5-0 E =10", claim=True)),
        ({"move": "Ann: 5-4 W", "order": True}, Refusal(move="Ann: 5-4 W", order=True)),
        ({"hands": ["Bob=5-5,0-0"], "by": None}, Refusal(hands=("Bob=5-5,0-0",))),
    ]
    for data, refusal in forms:
        assert Refusal.read(data) == refusal and refusal.data() == data
    assert Refusal.read({"move": "Ann: 5-4 W", "order": True}).recorded  # fix makes only the repair
    for hostile in ({"move": 7}, {"hands": "5-5"}, {"hands": [1]}, {"move": "x", "named": "yes"}, [], None):
        assert Refusal.read(hostile) is None


def test_a_fix_is_read_back_as_it_was_written(here):
    """What `undo` keeps of a fix (record/sidecar.py `Fixed`): read back as written, and
    anything else read as no fix at all."""
    from scorepad.record.sidecar import Fixed

    fixed_game(here)
    data = json.loads(sidecar.path_for(here).read_text())["fixed"]
    del data["after"]  # the digest of the record the fix wrote: the kept file's, not the fix's
    fix = Fixed.read(data)
    assert fix is not None and fix.data() == data
    assert fix.steps[0].move is not None and str(fix.steps[0].move) == data["steps"][0][3]
    for key, hostile in HOSTILE_FIXES:
        assert Fixed.read({**data, key: hostile}) is None, (key, hostile)
    assert Fixed.read({**data, "steps": [], "instead": None}) is None  # nothing to make again
    assert Fixed.read([]) is None and Fixed.read(None) is None


HOSTILE_FIXES = [
    ("round", "1"), ("round", 0), ("round", True), ("round", None), ("round", 1.0),
    ("opener", 7), ("drawn", "yes"), ("drawn", None), ("moves", "Ann: 6-6"), ("moves", [1]),
    ("moves", None), ("lot", ["Ann"]), ("instead", 5), ("instead", "no move"),
    ("steps", None), ("steps", {"insert": 1}), ("steps", ["insert"]), ("steps", [["insert", 1, 2]]),
    ("steps", [["burn", 1, 2, "Ann: 6-6"]]), ("steps", [["insert", "1", 2, "Ann: 6-6"]]),
    ("steps", [["insert", 1, -2, "Ann: 6-6"]]), ("steps", [["insert", 1, 2, 66]]),
    ("steps", [["insert", 1, 2, "Ann 6-6"]]), ("steps", [["insert", 1, 2, "Ann: 9-9"]]),
    ("steps", [[[[[]]]]]), ("steps", [["insert", 1, 2, "x" * 100_000]]),
]  # fmt: skip
WRONG_FIXES = [  # of the shape scorepad writes, but not what this fix made
    ("round", 99), ("opener", "Zed"), ("drawn", True), ("moves", ["Zed: 6-6"]), ("moves", []),
    ("instead", "Zed: 6-6"), ("steps", [["delete", 1, 1, None]]),
    ("steps", [["insert", 9, 99, "Ann: 6-6"]]), ("steps", [["reseat", 1, 1, "Zed: 6-6"]]),
    ("steps", [["insert-reseat", 1, 1, "Bob: pass"]]), ("steps", [["lead-reseat", 1, 1, "Ann: 6-6"]]),
]  # fmt: skip


@pytest.mark.parametrize("key, hostile", HOSTILE_FIXES + WRONG_FIXES)
def test_undo_after_a_garbled_fix_takes_back_one_move_and_says_why(here, key, hostile):
    """A kept fix with the digest of the record as it is but anything else planted or
    garbled: `undo` says it ignores the file and takes back one move, never a traceback."""
    _before, after = fixed_game(here)
    path = sidecar.path_for(here)
    data = json.loads(path.read_text())
    data["fixed"][key] = hostile
    path.write_text(json.dumps(data))
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert moves(here) == moves_of(after)[:-1]  # one move back, as with no kept fix
    why = "does not lead to the record as it is" if (key, hostile) in WRONG_FIXES else "is not what scorepad writes there"
    assert why in flat(result.output), result.output
