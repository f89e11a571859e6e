"""Slips met as the command line meets them (record/library.py `play_move`): a play
refused because it proves an earlier pass or draw wrong, where the true repair is a
pass left out further back, the later moves (typed without names) one seat on. Cases
from benchmarks/bench_slips.py, whose dealer and player share nothing with the engine."""

from tests.helpers import flat, live, ok, refused, run, write_round

from scorepad.record.files import load

# Four players, two-ends: Ann passed at 1.30 and the keeper left it out. Typed without
# names, Bob's pass went to Ann, Cy's 4-3 to Bob, Dee's 4-4 to Cy, Ann's pass to Dee;
# Bob's 3-3 E, typed for Ann, proves her draw at 1.19 wrong (3-6 fitted before the last).
TRUE = (
    "Ann: 6-6", "Bob: 6-2 W", "Cy: 6-1 E", "Dee: 2-4 W", "Ann: 4-1 W", "Bob: 1-5 E", "Cy: 1-0 W",
    "Dee: 5-6 E", "Ann: 6-0 E", "Bob: 0-2 E", "Cy: 0-3 W", "Dee: 3-1 W", "Ann: 2-2 E", "Bob: 1-1 W",
    "Cy: draw", "Cy: 2-3 E", "Dee: draw 3", "Dee: 1-2 W", "Ann: draw", "Ann: 3-6 E", "Bob: draw 2",
    "Bob: 2-5 W", "Cy: draw", "Cy: pass", "Dee: 5-0 W", "Ann: pass", "Bob: pass", "Cy: 0-4 W",
    "Dee: 6-4 E", "Ann: pass", "Bob: pass", "Cy: 4-3 E", "Dee: 4-4 W", "Ann: pass", "Bob: 3-3 E",
)  # fmt: skip
TYPED = (*TRUE[:29], "Ann: pass", "Bob: 4-3 E", "Cy: 4-4 W", "Dee: pass")


def test_a_pass_left_out_before_a_play_that_proves_a_pass_wrong_is_offered(here):
    write_round(here, ["Ann", "Bob", "Cy", "Dee"], TYPED, preset="two-ends")
    before = here.read_bytes()
    out = refused(("play", "33", "e"), here, 1)
    # Typed without names, the pass fits before 1.31, 1.32 and this move, each with another
    # passer: one repair, first, whose place is asked (not three lines filling every slot).
    assert flat(out.split("\n1. ")[1].split("\n2. ")[0]) == flat(
        'scorepad insert 1.34 "Ann: pass"\n'
        "if a pass was left out (Bob before 1.31, Cy before 1.32 or Ann before 1.34), and every"
        " later move followed the turn from there: which, the table saw"
    ), out
    assert flat(out).endswith("Repair 1 needs the place: scorepad fix 1 --at AT (1.31, 1.32 or 1.34)."), out
    result = run("fix", "1")
    assert result.exit_code == 2
    assert flat(result.output) == flat(
        "scorepad: fix 1: who passed, and where? The record cannot tell (Bob before 1.31, Cy before"
        " 1.32 or Ann before 1.34). Type: scorepad fix 1 --at AT"
    )
    assert result.output.splitlines()[-1].strip() == "scorepad fix 1 --at AT"  # whole, on its own line
    for garbage in ("garbage", ""):
        result = run("fix", "1", "--at", garbage)
        assert result.exit_code == 2
        assert f"'{garbage}' is not a position: write ROUND.MOVE" in flat(result.output), result.output
    result = run("fix", "1", "--tile", "33")
    assert result.exit_code == 2
    assert "fix 1 --tile 33: repair 1 has no tile to choose" in flat(result.output)
    result = run("fix", "1", "--at", "1.30")
    assert result.exit_code == 2
    assert "the pass left out was Bob before 1.31, Cy before 1.32 or Ann before 1.34, not before 1.30" in flat(result.output)
    assert here.read_bytes() == before
    ok("fix", "1", "--at", "1.31")
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(TRUE)


def test_the_pass_left_out_is_asked_at_the_live_prompt(here):
    write_round(here, ["Ann", "Bob", "Cy", "Dee"], TYPED, preset="two-ends")
    out = flat(live("33 e\n1\n1.31\nq\n").output)
    assert "Repair 1 asks who passed, and where (Bob before 1.31, Cy before 1.32 or Ann before 1.34)." in out
    assert "who passed, and where: Bob before 1.31, Cy before 1.32 or Ann before 1.34?" in out
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(TRUE)


def test_a_wrong_answer_to_where_the_pass_was_is_refused_in_full_each_time(here):
    """An answer that is no place, or a place not offered, is refused saying so, every
    time: never read as a count, never cut short as a move refused again; q lets it be."""
    write_round(here, ["Ann", "Bob", "Cy", "Dee"], TYPED, preset="two-ends")
    before = here.read_bytes()
    out = flat(live("33 e\n1\nxyz\n1\n2\n1\n1.30\n1\n1.33\n1\nq\nq\n").output)
    assert out.count("'xyz' is not a place like 4.20: nothing was recorded") == 1, out
    assert "'2' is not a place like 4.20: nothing was recorded" in out, out
    assert "has no draw to count" not in out and "--count" not in out, out
    for at in ("1.30", "1.33"):
        assert f"the pass left out was Bob before 1.31, Cy before 1.32 or Ann before 1.34, not before {at}" in out, out
    assert "refused again" not in out, out
    assert here.read_bytes() == before


def test_the_pass_left_out_is_asked_in_german(here):
    write_round(here, ["Ann", "Bob", "Cy", "Dee"], TYPED, preset="two-ends")
    out = flat(run("play", "33", "e", lang="de").output)
    assert "wenn ein Passen fehlt (Bob vor 1.31, Cy vor 1.32 oder Ann vor 1.34)" in out, out
    out = flat(run("fix", "1", lang="de").output)
    assert "wer passte wo? Das Protokoll sagt es nicht (Bob vor 1.31, Cy vor 1.32 oder Ann vor 1.34)" in out, out
    out = flat(live("33 e\n1\n1.31\nq\n", lang="de").output)
    assert "wer passte wo: Bob vor 1.31, Cy vor 1.32 oder Ann vor 1.34?" in out, out
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(TRUE)
