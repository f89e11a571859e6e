"""The table's own lot: where the rules draw the opener by lot and scorepad drew it (the
table named nobody), a lead named for another player is the table's lot and stands; a lead
typed without a name is scorepad's opener's, and if the table's lot chose someone else the
repair re-seats the round. At the live prompt a run of lines refused alike is said once."""

import pytest
from tests.helpers import flat, live, ok, refused

from scorepad.record import library
from scorepad.record.files import load


@pytest.fixture
def bob_drawn(monkeypatch):
    """scorepad's lot draws Bob."""
    monkeypatch.setattr(library, "draw_lot", lambda players: "Bob")


def test_a_lead_named_for_another_is_the_tables_lot(here, bob_drawn):
    assert ok("new", "--players", "Ann,Bob,Cy").startswith("The lot: Bob opens.\n")
    assert "drawn = true" in here.read_text()
    out = ok("play", "64", "--by", "Ann")
    assert out.startswith("Ann leads by the table's own lot\n(scorepad's lot had drawn Bob).\nAnn 6-4 (lead) +10")
    game = load(here).game
    assert game.players[game.current.opener] == "Ann" and game.turn == "Bob"
    assert 'opener = "Ann"\ndrawn = true' in here.read_text()  # who led; the lot scorepad drew
    ok("play", "43", "e")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 6-4", "Bob: 4-3 E"]


def test_the_same_in_german(here, bob_drawn):
    ok("new", "--players", "Ann,Bob,Cy")
    out = ok("play", "64", "--by", "Ann", lang="de")
    assert flat(out).startswith("Ann eröffnet nach dem eigenen Los des Tisches (scorepads Los hatte Bob gezogen).")


def test_an_opener_the_table_named_still_leads(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Cy")
    assert "drawn" not in here.read_text()
    refused(("play", "64", "--by", "Ann"), here, 1, "it is Cy's turn, not Ann's")


def test_undo_of_the_tables_lead_keeps_the_tables_lot(here, bob_drawn):
    ok("new", "--players", "Ann,Bob,Cy")
    ok("play", "64", "--by", "Ann")
    ok("undo")
    assert load(here).game.turn == "Ann"
    assert "Cy leads by the table's own lot" in flat(ok("play", "64", "--by", "Cy"))


def test_drawn_in_a_record_is_checked(here):
    here.write_text(
        'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n[rules]\npreset = "two-ends"\n'
        '[[rounds]]\nopener = "Ann"\ndrawn = true\nmoves = []\n',
        encoding="utf-8",
    )
    refused(("show",), here, 2, "'drawn' is true or left out, and only where the rules draw the opener by lot")


def test_a_lead_typed_without_a_name_is_repaired_as_the_tables_lot(here, bob_drawn):
    """Ann won the table's lot and led 6-6, but typed without a name it went to Bob, and
    every later move one seat off; the hands reveal it."""
    ok("new", "--players", "Ann,Bob", "--deal", "3,7,5")
    ok("play", "66")
    for move in ("63 e", "61 w", "34 e", "12 w"):
        ok("play", *move.split())
    out = refused(("hands", "Bob=4"), here, 1)
    assert out == (
        "scorepad: Ann still holds 1 tile: give\n"
        "  Ann's hand\n"
        "Perhaps a slip earlier in the round:\n"
        '1. scorepad replace 1.1 "Ann: 6-6" \\\n     --reseat\n'
        "   if the table's lot chose Ann, not\n"
        "   scorepad's (Bob), and every later\n"
        "   move followed the turn\n"
        "scorepad fix N makes repair N, then\n"
        "enters the hands.\n"
    )
    de = refused(("hands", "Bob=4"), here, 1, lang="de")
    assert (
        "   wenn das Los des Tisches Ann zog,\n   nicht scorepads (Bob), und jeder\n   spätere Zug der Reihenfolge folgte\n" in de
    )
    out = ok("fix", "1")
    assert out.startswith(
        "Repair 1: if the table's lot chose Ann,\nnot scorepad's (Bob), and every later\nmove followed the turn\n"
    )
    game = load(here).game
    assert [str(m) for m in game.rounds[0].moves] == ["Ann: 6-6", "Bob: 6-3 E", "Ann: 6-1 W", "Bob: 3-4 E", "Ann: 1-2 W"]
    assert game.players[game.rounds[0].opener] == "Ann"


def test_a_run_of_lines_refused_alike_is_said_once_live(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    out = live("53 e\n42 e\n11 w\n64\nq\n").output
    assert out.count("is the lead: it takes no") == 1
    assert (
        "Ann> scorepad: refused again, for the same\n"
        "  reason: nothing was recorded. The\n"
        "  round has no lead yet: type the lead\n"
        "  first, with who led it (64 @Ann), then\n"
        "  the moves after it.\n"
        "Ann> scorepad: refused again, for the same\n"
        "  reason: nothing was recorded\n"
        "Ann> Ann 6-4 (lead)"
    ) in out


def test_the_same_live_in_german(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    out = flat(live("53 o\n42 o\nq\n", 40, "de").output)
    assert "wieder abgelehnt, aus demselben Grund: nichts eingetragen. Die Runde hat noch keine Eröffnung" in out
