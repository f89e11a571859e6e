"""Slips met as the command line meets them (record/library.py `play_move`): a play
refused because it proves an earlier pass or draw wrong, where the true repair is a
pass left out further back, the later moves (typed without names) one seat on. Cases
from benchmarks/bench_slips.py, whose dealer and player share nothing with the engine."""

from helpers import ok, refused, write_round
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
    out = refused(("play", "33", "e"), here, 1)
    assert '3. scorepad insert 1.31 "Bob: pass" \\\n     --reseat\n' in out
    ok("fix", "3")
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(TRUE)
