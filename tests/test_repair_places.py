"""A forgotten draw is placed where the record allows it: the later plays and the hands
prove where the drawer could not have drawn. Games dealt and played by the rules (as
benchmarks/bench_slips.py deals them), typed with the draw left out or typed at a later
turn; the keeper types the hands, then the repair's number, and the round is then the one
the table played."""

import pytest
from tests.helpers import flat, live, ok, refused

from scorepad.record.files import load

# Bob drew 1 tile before his 0-2 at 1.16; his later turn (1.18) is where a draw left out
# was put before, and there his hand (1-1, 1-4, 1-5, 5-5 at the end) held two tiles that fit.
DREW_ONE = (
    "Bob: 3-5", "Ann: 5-0 E", "Bob: 3-6 W", "Ann: 6-6 W", "Bob: 6-1 W", "Ann: 1-3 W", "Bob: 0-6 E",
    "Ann: 6-2 E", "Bob: 3-0 W", "Ann: 2-5 E", "Bob: 5-4 E", "Ann: 4-3 E", "Bob: draw 2", "Bob: 3-3 E",
    "Ann: 3-2 E", "Bob: draw", "Bob: 0-2 W", "Ann: 2-2 W", "Bob: draw", "Bob: 2-4 E", "Ann: 4-4 E",
)  # fmt: skip
HANDS_ONE = "Bob=11,14,15,55"
# Bob drew 4 tiles before his 2-4 at 1.18.
DREW_FOUR = (
    "Bob: 5-3", "Ann: 3-6 E", "Bob: 6-6 E", "Ann: 5-1 W", "Bob: 6-5 E", "Ann: 1-6 W", "Bob: 6-0 W",
    "Ann: 0-1 W", "Bob: 1-2 W", "Ann: 2-3 W", "Bob: 3-4 W", "Ann: 4-0 W", "Bob: 0-3 W", "Ann: 5-2 E",
    "Bob: draw", "Bob: 3-3 W", "Ann: 3-1 W", "Bob: draw 4", "Bob: 2-4 E", "Ann: 1-1 W",
)  # fmt: skip
HANDS_FOUR = "Bob=45,00,05,44,55"


def _keys(moves) -> list[str]:
    """The moves as a keeper types them at the live prompt, each for the turn."""
    keys = []
    for move in moves:
        action = move.partition(": ")[2].split()
        if action[0] == "draw":
            keys.append("d" if len(action) == 1 else f"d {action[1]}")
        else:
            keys.append(" ".join([action[0].replace("-", ""), *(end.lower() for end in action[1:])]))
    return keys


def _typed(here, moves) -> None:
    ok("new", "--players", "Ann,Bob", "--opener", "Bob")
    out = live("\n".join([*_keys(moves), "q"]) + "\n").output
    assert "scorepad:" not in out, out


def _written(here, moves) -> None:
    """The moves in the record as written (a record kept before the plays proved a draw
    at the play that shows it, or edited by hand): typed, the play that proves the draw
    left out would be refused there (tests/test_irregularities.py)."""
    ok("new", "--players", "Ann,Bob", "--opener", "Bob")
    listed = "".join(f'  "{move}",\n' for move in moves)
    text = here.read_text(encoding="utf-8").replace("moves = []", f"moves = [\n{listed}]")
    here.write_text(text, encoding="utf-8")
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(moves)


def _true(here, moves) -> None:
    assert [str(m) for m in load(here).game.rounds[0].moves] == list(moves)


@pytest.mark.parametrize(("moves", "hands", "draw"), [(DREW_ONE, HANDS_ONE, 15), (DREW_FOUR, HANDS_FOUR, 17)])
def test_a_forgotten_draw_goes_where_the_hands_allow_it(here, moves, hands, draw):
    _written(here, moves[:draw] + moves[draw + 1 :])
    out = refused(("hands", hands), here, 1)
    first = out.split("\n1. ")[1].split("\n2. ")[0]
    assert flat(first).startswith(f'scorepad insert 1.{draw + 1} "{moves[draw]}"'), out
    ok("fix", "1")
    _true(here, moves)


def test_the_same_at_the_live_prompt(here):
    _written(here, DREW_ONE[:15] + DREW_ONE[16:])
    out = live(f"hands {HANDS_ONE}\n1\nq\n").output
    assert "1. insert 1.16 Bob: draw\n" in out
    _true(here, DREW_ONE)


def test_a_draw_typed_at_a_later_turn_is_moved_by_the_hands(here):
    # Bob's draw before 0-2 (1.16) typed at his next turn instead, before his other draw.
    _written(here, [*DREW_ONE[:15], *DREW_ONE[16:18], "Bob: draw", *DREW_ONE[18:]])
    out = refused(("hands", HANDS_ONE), here, 1)
    offered = flat(out.replace(" \\\n", " ")).split(" 1. ", 1)[1]
    assert offered.startswith('scorepad replace 1.16 "Bob: draw" 1.17 "Bob: 0-2 W" 1.18 "Ann: 2-2 W"'), out
    assert "if Bob drew 1 tile before 1.16, not at 1.18" in offered
    ok("fix", "1")
    _true(here, DREW_ONE)


def test_undo_after_a_fix_counts_the_entries_the_keeper_sees(here):
    _written(here, DREW_ONE[:15] + DREW_ONE[16:])
    run_hands = refused(("hands", HANDS_ONE), here, 1)
    assert "1. scorepad insert 1.16" in run_hands
    ok("fix", "1")
    # The log shows the draw put in at 1.16 and the hands; `undo 3` takes the last three
    # entries it shows, the fix's draw staying where it is.
    out = ok("undo", "3")
    assert out.startswith("Undone: the hands of round 1\nUndone: Ann: 4-4 E\nUndone: Bob: 2-4 E\n"), out
    _true_until(here, DREW_ONE[:19])


def test_the_live_prompt_says_what_undo_takes_back_before_more_than_one(here):
    _written(here, DREW_ONE[:15] + DREW_ONE[16:])
    out = live(f"hands {HANDS_ONE}\n1\nu 3\nn\nu 3\ny\nq\n", 80).output
    assert (
        "undo 3 takes back: the hands of round 1; Ann: 4-4 E; Bob: 2-4 E\nTake back these 3? (y/n) Nothing was taken back." in out
    )
    assert "Take back these 3? (y/n) Undone: the hands of round 1\nUndone: Ann: 4-4 E\nUndone: Bob: 2-4 E\n" in out
    _true_until(here, DREW_ONE[:19])


def _true_until(here, moves) -> None:
    game = load(here).game
    assert [str(m) for m in game.rounds[0].moves] == list(moves)
    assert game.rounds[0].hands is None
