"""A lead turned round: the table laid 3-1 (its 3 facing W), the recorder typed `13`. The
record fits until a play on W meets the 1 the record shows; the repair turns the lead."""

from tests.helpers import flat, live, ok, refused

from scorepad.record.files import load

# The game as the table played it.
TRUE = ["Ann: 3-1", "Bob: 3-5 W", "Ann: 1-1 E"]


def test_the_turned_lead_is_offered_first_and_fix_makes_it(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "13")
    out = refused(("play", "35", "w"), here, 1)
    assert flat('1. scorepad replace 1.1 "Ann: 3-1" scorepad play 3-5 W if Ann led 3-1, not 1-3 (its 3 facing W)') in flat(out)
    ok("fix", "1")
    ok("play", "11", "e")
    assert [str(m) for m in load(here).game.current.moves] == TRUE


def test_the_turned_lead_at_the_live_prompt(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    out = live("13\n35 w\n1\n11 e\nq\n").output
    assert "1. replace 1.1 Ann: 3-1\n" in out
    assert "Traceback" not in out
    assert [str(m) for m in load(here).game.current.moves] == TRUE
