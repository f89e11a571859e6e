"""A shifted seat: the highest-double lead typed for the wrong player, and every later move
typed without a name, so each went to the player one seat off. The repair re-seats the
round from the lead (`replace --reseat`), offered after any refusal it explains: a play, a
muggins call, the hands; `replace` of the lead's player alone says what it would change."""

import pytest
from tests.helpers import flat, live, ok, refused

from scorepad.record.files import load


@pytest.fixture
def shifted(here):
    """Ann led 6-6 and made domino with 6-1 and 1-2; Bob played 6-3 and 3-4 and holds 2-2.
    The lead was typed as Bob's, so every later move went to the other player."""
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5")
    ok("play", "66", "--by", "Bob")
    for move in ("63 e", "61 w", "34 e", "12 w"):
        ok("play", *move.split())
    return here


def test_the_hands_reveal_it_and_the_repair_re_seats_the_round(shifted):
    out = refused(("hands", "Bob=4"), shifted, 1)
    assert out == (
        "scorepad: Ann still holds 1 tile: give\n"
        "  Ann's hand\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.1 "Ann: 6-6" \\\n     --reseat\n'
        "   if Ann led 6-6 at 1.1, not Bob, and\n"
        "   every later move followed the turn\n"
        "   from there\n"
        "scorepad fix N makes repair N, then\n"
        "enters the hands.\n"
    )
    out = ok("fix", "1")
    assert out.startswith(
        "Repair 1: if Ann led 6-6 at 1.1, not\nBob, and every later move followed the\nturn from there\n"
        "Replaced 1.1: Ann: 6-6\nAnn +5: round5(Bob 4)\n"
    )
    game = load(shifted).game
    assert [str(m) for m in game.rounds[0].moves] == ["Ann: 6-6", "Bob: 6-3 E", "Ann: 6-1 W", "Bob: 3-4 E", "Ann: 1-2 W"]
    assert game.scores == [5, 20]


def test_the_same_in_german(shifted):
    out = refused(("hands", "Bob=4"), shifted, 1, lang="de")
    assert out == (
        "scorepad: Ann hält noch 1 Stein: gib die\n"
        "  Hand von Ann an\n"
        "Vielleicht ein früheres Versehen:\n"
        '1. scorepad replace 1.1 "Ann: 6-6" \\\n     --reseat\n'
        "   wenn Ann bei 1.1 mit 6-6 eröffnete,\n"
        "   nicht Bob, und jeder spätere Zug der\n"
        "   Reihenfolge von dort folgte\n"
        "scorepad fix N führt Reparatur N aus und\n"
        "trägt dann die Resthände ein.\n"
    )


def test_replace_of_the_leads_player_says_what_re_seating_changes(shifted):
    out = refused(
        ("replace", "1.1", "Ann: 6-6"),
        shifted,
        1,
        "nothing changed: with that change, round 1, move 2: 'Ann: 6-3 E': it is Bob's turn, not Ann's. "
        "With the turn order from 1.1, 4 later moves of round 1 change player: Ann's become Bob's, Bob's become Ann's "
        "(muggins calls keep their caller). To make that change:",
        width=100,
    )
    # The command on a line of its own, to copy whole.
    assert out.endswith('To make that change:\nscorepad replace 1.1 "Ann: 6-6" --reseat\n')
    out = refused(
        ("replace", "1.1", "Ann: 6-6"),
        shifted,
        1,
        "Folgt die Reihenfolge ab 1.1, bekommen 4 spätere Züge von Runde 1 einen anderen Spieler: "
        "die von Ann werden die von Bob, die von Bob werden die von Ann (Muggins-Rufe behalten ihren Rufer). "
        "Diese Änderung macht:",
        lang="de",
    )
    assert out.endswith('Diese Änderung macht:\nscorepad replace 1.1 "Ann: 6-6" --reseat\n')  # 40 columns: it fits
    # Narrower it breaks between its parts, never inside the quoted move, and each line but
    # the last ends in a backslash: the lines pasted into a shell are one command.
    out = refused(("replace", "1.1", "Ann: 6-6"), shifted, 1, width=34)
    assert out.endswith('To make that change:\nscorepad replace 1.1 "Ann: 6-6" \\\n     --reseat\n')
    out = ok("replace", "1.1", "Ann: 6-6", "--reseat")
    assert flat(out).startswith(
        "Replaced 1.1: Ann: 6-6 Re-seated: 4 later moves of round 1, Ann's become Bob's, Bob's become Ann's "
        "(muggins calls kept). Scores: Ann 20 → 0, Bob 0 → 20"
    )
    assert [str(m) for m in load(shifted).game.current.moves][1:3] == ["Bob: 6-3 E", "Ann: 6-1 W"]


def test_a_refused_muggins_call_is_repaired_live(here):
    """Bob's 6-3 made 15 and went unclaimed; it was credited to Cy, so Cy's call was refused."""
    ok("new", "--players", "Ann,Bob,Cy", "--rules", "two-ends", "--muggins")
    result = live("66 @bob\n63 e\nmuggins cy\n1\nq\n")
    out = result.output
    # Another opponent's call is offered too: so every repair lists the move it records.
    assert (
        "Ann> scorepad: Cy cannot call muggins on\n"
        "  their own side's play\n"
        "Perhaps a slip in this move or earlier\n"
        "in the round:\n"
        "1. replace 1.1 Ann: 6-6 --reseat\n"
        "   m Cy\n"
        "   if Ann led 6-6 at 1.1, not Bob, and\n"
        "   every later move followed the turn\n"
        "   from there\n"
        "2. replace 1.1 Cy: 6-6 --reseat\n"
        "   m Cy\n"
    ) in out
    assert "3. m Ann\n   if Ann called muggins, not Cy\nType a repair's number to make it.\n" in out
    assert "Replaced 1.1: Ann: 6-6\nMuggins! Cy takes +15\n" in out
    game = load(here).game
    assert [str(m) for m in game.current.moves] == ["Ann: 6-6", "Bob: 6-3 E", "Cy: muggins"]
    assert game.scores == [0, 0, 15]


def test_a_refused_muggins_call_in_german(here):
    ok("new", "--players", "Ann,Bob,Cy", "--rules", "two-ends", "--muggins")
    ok("play", "66", "--by", "Bob")
    ok("play", "63", "e")
    out = refused(("muggins", "Cy"), here, 1, lang="de")
    assert '1. scorepad replace 1.1 "Ann: 6-6" \\\n     --reseat\n' in out
    assert "scorepad muggins Cy" in out and "scorepad fix N führt Reparatur N aus." in flat(out)
    ok("fix", "1")
    assert str(load(here).game.current.moves[-1]) == "Cy: muggins"


def test_insert_of_a_play_left_out_says_what_re_seating_changes(here):
    """Bob's 4-2 W at 1.4 was never typed, so 6-3 E and 3-1 E went one seat off: inserting
    it alone puts the later moves out of turn, and the refusal names --reseat."""
    ok("new", "--players", "Ann,Bob", "--rules", "fuenfer")
    ok("play", "66", "--by", "Ann")
    for move in ("64 w", "44 w", "63 e", "31 e"):
        ok("play", *move.split())
    before = here.read_bytes()
    refused(
        ("insert", "1.4", "Bob: 4-2 W"),
        here,
        1,
        "nothing changed: with that change, round 1, move 5: 'Bob: 6-3 E': it is Ann's turn, not Bob's. "
        "With the turn order from 1.4, 2 later moves of round 1 change player: Ann's become Bob's, Bob's become Ann's "
        '(muggins calls keep their caller). To make that change: scorepad insert 1.4 "Bob: 4-2 W" \\ --reseat',
    )
    out = live("insert 1.4 Bob: 4-2 W\nq\n")
    assert "change:\ninsert 1.4 Bob: 4-2 W --reseat\nBob> " in out.output
    assert here.read_bytes() == before
    # A draw keeps the turn: re-seating does not mend what it breaks, so it is not offered.
    out = refused(("insert", "1.4", "Ann: draw"), here, 1)
    assert "--reseat" not in out
    assert here.read_bytes() == before
    out = ok("insert", "1.4", "Bob: 4-2 W", "--reseat")
    assert flat(out).startswith(
        "Inserted at 1.4: Bob: 4-2 W Re-seated: 2 later moves of round 1, Ann's become Bob's, Bob's become Ann's"
    )
    assert [str(m) for m in load(here).game.current.moves][3:] == ["Bob: 4-2 W", "Ann: 6-3 E", "Bob: 3-1 E"]
