"""A pass or draw the record proves against the rules (docs/rules.md "Turn"): the tiles a
player certainly held then (their later plays with no draw between, their final hand in
tiles when they drew nothing more) fit an open end. `hands` that would prove it is refused;
a record that holds it fails its audit, at the move."""

from __future__ import annotations

import sys

from helpers import flat, ok, refused, run

# Refused with repairs offered: the ruling that lets the pass stand is always among them.
REFUSED = "Ann passed at 1.4 holding 5-0, which fits E: let it stand, or fix the move that made this impossible"
RULING = "1.4 'Ann: pass !stands'"


def _moves(*moves: str) -> None:
    for move in moves:
        words = move.split()
        if words[0] == "pass":
            ok("pass")
        elif words[0] == "draw":
            ok("draw", *words[1:])
        else:
            ok("play", *words)


def _blocked_at_five(here) -> None:
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw 24", "65 e", "pass", "pass")


def test_a_pass_holding_a_tile_that_fits_is_refused(here):
    _blocked_at_five(here)
    refused(
        ("hands", "Ann=5-0", "Bob=140"),
        here,
        1,
        REFUSED,
        RULING,
        "or a ruling: the table lets Ann's pass stand against the rules",
    )
    ok("fix", "1")
    assert '"Ann: pass !stands"' in here.read_text(encoding="utf-8")
    assert flat(ok("audit", here)).startswith(f"{here}: ok {here}: note: round 1, move 4: 'Ann: pass !stands': stands")


def test_german_says_it_too(here):
    _blocked_at_five(here)
    refused(
        ("hands", "Ann=5-0", "Bob=140"),
        here,
        1,
        "Ann hat bei 1.4 gepasst und hielt 5-0, der an O passt: lass es stehen oder berichtige den Zug, "
        "der das unmöglich gemacht hat",
        lang="de",
    )


def test_pips_prove_nothing(here):
    _blocked_at_five(here)
    assert "Ann +135" in flat(ok("hands", "Ann=5", "Bob=140"))
    assert flat(ok("audit", here)) == f"{here}: ok"


def test_a_written_record_is_an_audit_problem_at_the_pass(here):
    _blocked_at_five(here)
    here.write_text(here.read_text(encoding="utf-8") + 'hands = { Ann = "5-0", Bob = 140 }\n', encoding="utf-8")
    result = run("audit", here)
    assert result.exit_code == 1
    assert flat(result.output) == f"{here}: round 1, move 4: hands: Ann passed at 1.4 holding 5-0, which fits E"


def test_an_edit_that_makes_it_is_refused(here, tmp_path):
    # Every amendment is held to the faults the record had (record/amend.py): an edit too.
    _blocked_at_five(here)
    ok("hands", "Ann=5", "Bob=140")
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import sys, pathlib\np = pathlib.Path(sys.argv[1])\np.write_text(p.read_text().replace('Ann = 5', 'Ann = \"5-0\"'))\n",
        encoding="utf-8",
    )
    before = here.read_bytes()
    result = run("edit", input="d\n", env={"VISUAL": f"{sys.executable} {editor}"})
    assert "round 1, move 4: Ann passed at 1.4 holding 5-0, which fits E" in flat(result.output), result.output
    assert "Discarded" in result.output
    assert here.read_bytes() == before


def test_pagat_spinner_side_open(here):
    # The spinner 1-1 with its W side empty: W shows 1, where Cy's 0-1 and 1-2 fit.
    ok("new", "--players", "Ann,Bob,Cy", "--rules", "pagat", "--deal", "9,2,5", "--opener", "Ann")
    _moves("11", "draw 22", "16 e", "pass", "pass", "pass")
    refused(
        ("hands", "Ann=6", "Bob=149", "Cy=0-1,1-2"),
        here,
        1,
        "Cy passed at 1.4 holding 0-1, which fits W: let it stand, or fix the move that made this impossible",
    )


def test_a_draw_while_holding_a_tile_that_fits_is_refused_at_the_play_that_proves_it(here):
    # After Bob's draw at 1.2 he played 6-5 and 6-4 with no draw between: both fitted [6|6].
    # The play of 6-4 proves it, and is refused there (docs/rules.md "Irregularities"). Had
    # Ann played 6-4 and Bob 5-3, the draw would be right: that is offered, and so is the
    # ruling that lets the draw stand.
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw", "65 e", "draw 22", "53 e")
    refused(
        ("play", "64", "w"),
        here,
        1,
        "Bob drew at 1.2 and then held 6-5 and 6-4, which fit W and E: only the last tile drawn may fit: "
        "let it stand, or fix the move that made this impossible",
        "if 6-4 (this move) came before 5-3 (1.5)",
        "1.2 'Bob: draw !stands'",
        "or a ruling: the table lets Bob's draw stand against the rules",
    )


def test_a_draw_after_it_leaves_nothing_proven(here):
    # Bob drew again at 1.6 before playing 6-4: it may be that draw's tile.
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "2,5,5", "--opener", "Ann")
    _moves("66", "draw", "65 e", "draw 21", "53 e", "draw", "64 w", "draw", "pass", "pass")
    assert "Bob +" in flat(ok("hands", "Ann=125", "Bob=0-0,1-1"))
    assert flat(ok("audit", here)) == f"{here}: ok"


def test_a_partners_tiles_never_count(here):
    # Cy's 1-5 and 5-0 fitted when Ann passed; Cy is Ann's partner, not Ann.
    ok("new", "--players", "Ann,Bob,Cy,Dan", "--rules", "pagat", "--deal", "9,7,3", "--opener", "Ann")
    _moves("66", "draw 16", "65 e", "61 w", "pass", "pass", "52 e", "15 w", "pass", "pass", "23 e", "50 w")
    ok("hands", "Ann=3-3,4-4", "Bob=98", "Dan=3")
    assert flat(ok("audit", here)) == f"{here}: ok"
