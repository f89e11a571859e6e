"""Moves typed in the wrong order: a draw typed after the play it came before (so it went
to the next player), and two plays typed the other way round (each credited to the turn):
each offered as the swap it is, and made by `fix` in one step."""

import pytest
from tests.helpers import flat, live, moves_of, ok, refused

from scorepad.record.files import load


@pytest.fixture
def draw_after(here):
    """Bob drew 2 and then played 6-1; typed the other way round, the draw went to Ann.
    Ann then made domino with 5-3; the record still has her holding two tiles."""
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5")
    ok("play", "66", "--by", "Ann")
    ok("play", "61", "e")
    ok("draw", "2")
    for move in ("12 e", "25 e", "53 e"):  # no 6-4 W: with 6-1 it fitted [6|6] right after the draw
        ok("play", *move.split())
    return here


def test_a_draw_typed_after_the_play_is_offered_as_the_swap(draw_after):
    out = refused(("hands", "Bob=5-5,0-0,3-4"), draw_after, 1)
    assert out == (
        "scorepad: round 1 is still being played:\n"
        "  hands are entered once it ends\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.2 "Bob: draw 2" \\\n     1.3 "Bob: 6-1 E"\n'
        "   if Bob drew 2 tiles before playing\n"
        "   6-1 at 1.2, not Ann after it\n"
        "scorepad fix N makes repair N, then\n"
        "enters the hands.\n"
    )
    out = ok("fix", "1")
    assert out.startswith(
        "Repair 1: if Bob drew 2 tiles before\nplaying 6-1 at 1.2, not Ann after it\n"
        "Replaced 1.2: Bob: draw 2\nReplaced 1.3: Bob: 6-1 E\nAnn +15: round5(Bob 17)\n"
    )
    assert [str(m) for m in load(draw_after).game.rounds[0].moves][1:3] == ["Bob: draw 2", "Bob: 6-1 E"]


def test_the_draw_after_the_play_in_german(draw_after):
    out = refused(("hands", "Bob=5-5,0-0,3-4"), draw_after, 1, lang="de")
    assert (
        '1. scorepad replace 1.2 "Bob: draw 2" \\\n     1.3 "Bob: 6-1 O"\n'
        "   wenn Bob 2 Steine zog, bevor er bei\n"
        "   1.2 6-1 anlegte, nicht Ann danach\n"
    ) in out


@pytest.fixture
def swapped(here):
    """Ann led 2-1; Bob's 2-2 on W came before Ann's spinner 1-1 on E, typed the other way
    round (each went to the turn). Ann's 3-2 on N then cannot go on: no spinner yet."""
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    for move in ("21", "11 e", "22 w", "42 w"):
        ok("play", *move.split())
    return here


def test_two_plays_typed_the_other_way_round_are_the_first_repair(swapped):
    out = refused(("play", "32", "n"), swapped, 1)
    assert out == (
        "scorepad: 3-2 cannot go N: side arms\n"
        "  open only once both line sides of the\n"
        "  spinner 1-1 are occupied, and only a\n"
        "  tile with a 1 joins one\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.2 "Bob: 2-2 W" \\\n     1.3 "Ann: 1-1 E"\n'
        "   if 2-2 (1.3) came before 1-1 (1.2)\n"
        '2. scorepad replace 1.2 "Bob: 0-1 E"\n'
        "   if Bob played 0-1, 3-1, 4-1, 5-1 or\n"
        "   6-1 at 1.2, not 1-1: which, the table\n"
        "   shows\n"
        "scorepad fix N makes repair N, then\n"
        "records Ann: 3-2 N.\n"
        "Repair 2 needs the tile: scorepad fix 2\n"
        "--tile T (0-1, 3-1, 4-1, 5-1 or 6-1).\n"
    )
    ok("fix", "1")
    assert [str(m) for m in load(swapped).game.current.moves] == [
        "Ann: 2-1",
        "Bob: 2-2 W",
        "Ann: 1-1 E",
        "Bob: 4-2 W",
        "Ann: 3-2 N",
    ]


def test_the_swap_in_german(swapped):
    out = refused(("play", "32", "n"), swapped, 1, lang="de")
    assert '1. scorepad replace 1.2 "Bob: 2-2 W" \\\n     1.3 "Ann: 1-1 O"\n   wenn 2-2 (1.3) vor 1-1 (1.2) kam\n' in out


@pytest.fixture
def swapped_last(here):
    """Bob's 4-4 on E came before Cy's 4-2 on E; typed the other way round, 4-2 went to
    Bob, and Cy's 4-4 is refused at once: the refused play is the first of the two."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "64")
    ok("play", "42", "e")
    return here


@pytest.mark.parametrize("by", [[], ["--by", "Bob"]])
def test_the_refused_play_typed_after_the_one_it_came_before_is_the_swap(swapped_last, by):
    out = refused(("play", "44", "e", *by), swapped_last, 1)
    assert (
        '1. scorepad replace 1.2 "Bob: 4-4 E"\n   scorepad play 4-2 E --by Cy\n   if 4-4 (this move) came before 4-2\n   (1.2)\n'
    ) in out
    ok("fix", "1")
    assert [str(m) for m in load(swapped_last).game.current.moves] == ["Ann: 6-4", "Bob: 4-4 E", "Cy: 4-2 E"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_offer_reads_at_40_columns(draw_after, lang):
    out = refused(("hands", "Bob=5-5,0-0,3-4"), draw_after, 1, lang=lang)
    assert max(len(line) for line in out.splitlines()) <= 40, out
    east = "O" if lang == "de" else "E"
    assert f'1. scorepad replace 1.2 "Bob: draw 2" \\\n     1.3 "Bob: 6-1 {east}"\n' in out


# --- a muggins note that only the order of two plays made ---------------------------------------

# The true game: Ann led 5-5 and claimed 10, Bob then played 5-4 on W and Ann 5-0 on E,
# neither scoring. The keeper typed Ann's 5-0 E before Bob's 5-4 W, each going to the
# turn: 5-0 E then went to Bob and made 10 that nobody claimed, a phantom "missed 10".
TRUE_GAME = ["Ann: 5-5 =10", "Bob: 5-4 W", "Ann: 5-0 E"]


@pytest.fixture
def muggins_game(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "--muggins")
    return here


def test_a_phantom_missed_score_offers_the_swap_and_fix_makes_it(muggins_game):
    here = muggins_game
    ok("play", "55", "--claim", "10")
    assert "Ann may call muggins for the missed 10" in flat(ok("play", "50", "e"))
    out = ok("play", "54", "w")
    assert out.endswith(
        "Perhaps these two plays came the other\nway round:\n"
        '1. scorepad replace 1.2 "Bob: 5-4 W" \\\n     1.3 "Ann: 5-0 E"\n'
        "   if 5-4 (1.3) came before 5-0 (1.2)\n"
        "scorepad fix N makes repair N.\n"
    )
    for view in (("audit",), ("log",), ("export", "-")):
        assert "missed 10" in ok(*view)
    out = ok("fix", "1")
    assert out.startswith(
        "Repair 1: if 5-4 (1.3) came before 5-0\n(1.2)\n"
        "Replaced 1.2: Bob: 5-4 W\nReplaced 1.3: Ann: 5-0 E\nScores unchanged: Ann 10, Bob 0\n"
    )
    assert moves_of(here) == TRUE_GAME
    assert ok("audit") == "scorepad.toml: ok\n"
    for view in (("log",), ("export", "-")):
        assert "missed 10" not in ok(*view)
    # One undo takes the fix back whole, the note with it.
    assert ok("undo").startswith("Undone: the fix (the repair)\n")
    assert moves_of(here) == ["Ann: 5-5 =10", "Bob: 5-0 E", "Ann: 5-4 W"]


def test_the_swap_offered_live(muggins_game):
    out = live("55 =10\n50 e\n54 w\n1\nq\n").output
    assert (
        "Perhaps these two plays came the other\nway round:\n"
        "1. replace 1.2 Bob: 5-4 W 1.3 Ann: 5-0 E\n"
        "   if 5-4 (1.3) came before 5-0 (1.2)\n"
        "Type a repair's number to make it.\n"
        "Bob> Repair 1: if 5-4 (1.3) came before 5-0\n(1.2)\n"
    ) in out
    assert moves_of(muggins_game) == TRUE_GAME


def test_a_claim_too_high_and_a_miss_from_one_swap(muggins_game):
    """Bob's 5-2 W (nothing) came before Ann's 5-3 E, for which she claimed 5: typed the
    other way round, Bob's claim was too high and Ann missed 5."""
    ok("play", "55", "--claim", "10")
    ok("play", "53", "e", "--claim", "5")
    out = ok("play", "52", "w")
    assert '1. scorepad replace 1.2 "Bob: 5-2 W" \\\n     1.3 "Ann: 5-3 E =5"\n' in out
    assert ok("fix", "1").startswith("Repair 1: if 5-2 (1.3) came before 5-3\n(1.2)\n")
    assert moves_of(muggins_game) == ["Ann: 5-5 =10", "Bob: 5-2 W", "Ann: 5-3 E =5"]
    assert load(muggins_game).game.scores == [15, 0]


def test_a_missed_score_the_order_does_not_explain_offers_nothing(muggins_game):
    """Bob missed 10 with 5-0 E; Ann's 0-3 E could not have gone first: no swap."""
    ok("play", "55", "--claim", "10")
    ok("play", "50", "e")
    assert "other way round" not in flat(ok("play", "03", "e"))


def test_a_called_miss_offers_nothing(muggins_game):
    """A miss called is the table's own word that it was missed: no slip of the order."""
    ok("play", "55", "--claim", "10")
    ok("play", "50", "e")
    ok("muggins", "Ann")
    assert "other way round" not in flat(ok("play", "54", "w"))


def test_the_phantom_miss_swap_in_german(muggins_game):
    ok("play", "55", "--claim", "10")
    ok("play", "50", "e")
    out = ok("play", "54", "w", lang="de")
    assert '1. scorepad replace 1.2 "Bob: 5-4 W" \\\n     1.3 "Ann: 5-0 O"\n' in out
    assert "Vielleicht kamen diese beiden Züge\nandersherum:\n" in out
