"""No offer that the later record refuses (issue 37; benchmarks/bench_slips.py, seed 4041):
a round whose record already holds a draw its later plays prove wrong, left there by a slip
in another move, is offered the repair of that move, and not the ruling that lets the
refused play stand and leaves the draw as it was (`audit` would still report it)."""

from tests.helpers import flat, ok, refused, write_round

from scorepad.record.files import load

# The true round (2 players, fuenfer): Ann laid 4-6 on W at 1.6; the keeper typed S, where
# it fits too. Bob then drew one tile and played it at once (3-3), and played 4-4 later
# without drawing: with 4-6 on S, W still showed 4 when he drew, so the record proves that
# draw wrong. The record came so far by hand (`edit`); Bob's 6-0 on W is then refused.
TRUE = [
    "Bob: 6-6", "Ann: 6-1 W", "Bob: 6-2 E", "Ann: 6-3 N", "Bob: 1-4 W", "Ann: 4-6 W", "Bob: draw",
    "Bob: 3-3 N", "Ann: 3-4 N", "Bob: 4-4 N", "Ann: 4-0 N", "Bob: 0-1 N", "Ann: 1-3 N", "Bob: draw",
    "Bob: 6-0 W",
]  # fmt: skip
TYPED = [move.replace("Ann: 4-6 W", "Ann: 4-6 S") for move in TRUE[:-1]]


def test_the_ruling_that_leaves_a_proven_draw_is_not_offered(here):
    write_round(here, ["Bob", "Ann"], TYPED, preset="fuenfer")
    out = refused(("play", "60", "w"), here, 1)
    assert flat(out) == flat(
        "scorepad: 6-0 does not fit W: W shows 4, E shows 2, N shows 3, S shows 4\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.6 "Ann: 4-6 W"\n'
        "   if 4-6 went on W, not S\n"
        "scorepad fix N makes repair N, then records Bob: 6-0 W."
    )


def test_the_repair_offered_gives_the_true_round(here):
    write_round(here, ["Bob", "Ann"], TYPED, preset="fuenfer")
    refused(("play", "60", "w"), here, 1)
    ok("fix", "1")
    assert [str(move) for move in load(here).game.rounds[0].moves] == TRUE
    assert flat(ok("audit", here)) == f"{here}: ok"


# bench_slips seed 4041 (2 players, pagat): Ann drew one tile at 1.19 and played it at once
# (4-1); the keeper left the draw out. Her 6-2 then looked like a domino, and the record
# proves her draw at 1.13 wrong (4-1 held since, and it fitted then). Bob's draw is refused.
# The latest place for a draw of Ann's (before 6-2) is refused by that proof; 1.19 holds.
DRAWN = [
    "Ann: 1-1", "Bob: 1-3 E", "Ann: 3-2 E", "Bob: 1-0 W", "Ann: 0-0 W", "Bob: 1-5 N", "Ann: 2-4 E",
    "Bob: 0-3 W", "Ann: 5-6 N", "Bob: 4-4 E", "Ann: 6-1 N", "Bob: 3-4 W", "Ann: draw", "Ann: 1-2 N",
    "Bob: draw 3", "Bob: 2-5 N", "Ann: 5-5 N", "Bob: 5-0 N", "Ann: draw", "Ann: 4-1 W", "Bob: 0-6 N",
    "Ann: 6-2 N", "Bob: draw",
]  # fmt: skip


def test_a_draw_left_out_is_placed_where_the_proof_allows(here):
    write_round(here, ["Ann", "Bob"], [move for k, move in enumerate(DRAWN[:-1]) if k != 18], preset="pagat")
    out = refused(("draw",), here, 1)
    assert flat(out) == flat(
        "scorepad: round 1 is over (domino by Ann): enter the remaining hands\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad insert 1.19 "Ann: draw N"\n'
        "   if Ann drew tiles before 1.19: how many, the record cannot tell (N: 1 to 5)\n"
        "scorepad fix N makes repair N, then records draw.\n"
        "Repair 1 needs the count: scorepad fix 1 --count N (1 to 5)."
    )
    ok("fix", "1", "--count", "1")
    assert [str(move) for move in load(here).game.rounds[0].moves] == DRAWN
    assert flat(ok("audit", here)) == f"{here}: ok"


# bench_slips seed 4043 (2 players, two-ends): Bob laid 3-6 on E and Ann 6-0 on W at 1.13
# and 1.14; the keeper typed them the other way round, each for the turn, so Bob is
# credited with 6-0 and Ann with 3-6. Bob's 0-1 ends the round; Ann's hand is refused.
# The swap one move later (0-1 before 3-6) leaves the same layout and scores; the keeper
# saw who played which tile, so both are offered.
SWAPPED = [
    "Ann: 2-2", "Bob: 2-3 E", "Ann: 2-4 W", "Bob: 4-0 W", "Ann: 0-5 W", "Bob: 3-4 E", "Ann: 4-6 E",
    "Bob: 6-1 E", "Ann: 1-1 E", "Bob: 1-3 E", "Ann: draw 2", "Ann: 5-6 W", "Bob: 3-6 E", "Ann: 6-0 W",
    "Bob: 0-1 W",
]  # fmt: skip


def test_two_swaps_that_leave_the_same_layout_are_both_offered(here):
    typed = [*SWAPPED[:12], "Bob: 6-0 W", "Ann: 3-6 E", "Bob: 0-1 W"]
    write_round(here, ["Ann", "Bob"], typed, preset="two-ends")
    out = refused(("hands", "Ann=02,12"), here, 1)
    assert out.endswith(
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.14 "Ann: 0-1 W" \\\n'
        '     1.15 "Bob: 3-6 E"\n'
        "   if 0-1 (1.15) came before 3-6 (1.14)\n"
        '2. scorepad replace 1.13 "Bob: 3-6 E" \\\n'
        '     1.14 "Ann: 6-0 W"\n'
        "   if 3-6 (1.14) came before 6-0 (1.13)\n"
        "3. scorepad replace \\\n"
        "     1.11 'Ann: draw 2 !stands'\n"
        "   or a ruling: the table lets Ann's\n"
        "   draw stand against the rules\n"
        "scorepad fix N makes repair N, then\n"
        "enters the hands.\n"
    )
    ok("fix", "2")
    assert [str(move) for move in load(here).game.rounds[0].moves] == SWAPPED


# bench_slips seed 7001 (3 players, two-ends): Ann drew 4 and passed, Bob passed, Cy played
# 2-3 and Ann 3-5 for domino. The keeper left Bob's pass out and typed the rest for the turn:
# Bob is credited with 2-3 and a domino, and 3-5 is refused. The pass left out, the later
# moves one seat on, comes before the swap that gives Ann's pass to Bob.
PASSED = [
    "Bob: 6-6", "Cy: 6-1 W", "Ann: draw 2", "Ann: 1-5 W", "Bob: 5-4 W", "Cy: draw 2", "Cy: 6-3 E",
    "Ann: 3-4 E", "Bob: 4-4 E", "Cy: draw 5", "Cy: 4-6 W", "Ann: 4-2 E", "Bob: 6-5 W", "Cy: 5-2 W",
    "Ann: draw 4", "Ann: pass", "Bob: pass", "Cy: 2-3 W", "Ann: 3-5 W",
]  # fmt: skip
TYPED_PASSED = (
    "66", "61 w", "draw 2", "15 w", "54 w", "draw 2", "63 e", "34 e", "44 e", "draw 5", "46 w",
    "42 e", "65 w", "52 w", "draw 4", "pass", "23 w",
)  # fmt: skip


def test_a_pass_left_out_comes_before_a_swap_that_moves_a_pass(here):
    ok("new", "--players", "Ann,Bob,Cy", "--rules", "two-ends", "--opener", "Bob")
    for typed in TYPED_PASSED:
        words = typed.split()
        ok(*(words if words[0] in ("draw", "pass") else ["play", *words]))
    typed = here.read_bytes()
    out = refused(("play", "35", "w"), here, 1)
    assert flat(out.replace("\\\n", " ")) == flat(
        "scorepad: round 1 is over (domino by Bob): enter the remaining hands\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad insert 1.17 "Bob: pass" --reseat\n'
        "   if Bob passed before 1.17, and every later move followed the turn from there\n"
        '2. scorepad replace 1.16 "Ann: 2-3 W" 1.17 "Bob: pass"\n'
        "   if 2-3 (1.17) came before Ann: pass (1.16)\n"
        "scorepad fix N makes repair N, then records 3-5 W."
    )
    ok("fix", "1")
    assert [str(move) for move in load(here).game.rounds[0].moves] == PASSED
    ok("undo")  # the re-seating insert and the play it let through, taken back together
    assert here.read_bytes() == typed
