"""The refused input itself as the slip: a move typed with a name on another's turn, where
the player whose turn it was could have made it, is offered as that player's; a play typed
on an end it does not fit, as the play on the end it fits, before any pair of changes."""

from tests.helpers import ok, refused, run

from scorepad.record.files import load


def test_a_play_typed_for_the_wrong_player_is_offered_as_the_turns(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "54")
    ok("play", "40", "e")
    out = refused(("play", "51", "w", "--by", "Ann"), here, 1, "it is Cy's turn, not Ann's")
    assert "1. scorepad play 5-1 W --by Cy\n   if Cy played 5-1, not Ann\n" in out
    assert "scorepad fix N makes repair N.\n" in out
    out = ok("fix", "1")
    assert out.startswith("Repair 1: if Cy played 5-1, not Ann\nCy 5-1 W +0")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 5-4", "Bob: 4-0 E", "Cy: 5-1 W"]
    # One undo takes the fix back, and the repairs are on offer again.
    assert ok("undo").startswith("Undone: the fix (Cy: 5-1 W and its\nrepair)")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 5-4", "Bob: 4-0 E"]
    assert ok("fix", "1").startswith("Repair 1: if Cy played 5-1")


def test_a_tile_the_turns_player_could_not_have_played_there_is_not_offered(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "54")
    ok("play", "40", "e")
    out = refused(("play", "62", "w", "--by", "Ann"), here, 1)
    assert "--by Cy" not in out and "Cy played" not in out


def test_the_same_at_the_live_prompt_in_german(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "54")
    ok("play", "40", "e")
    out = run("live", input="51 w @Ann\n1\nq\n", lang="de").output
    assert "1. 5-1 W @Cy\n   wenn Cy 5-1 anlegte, nicht Ann\n" in out
    assert str(load(here).game.current.moves[-1]) == "Cy: 5-1 W"


def _double_five_on_e(here) -> None:
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--spinner", "none")
    ok("play", "05")
    ok("play", "55", "e")


def test_a_play_on_an_end_it_does_not_fit_is_offered_on_the_end_it_fits_first(here):
    # Two recorded moves rewritten (the lead turned round, 5-5 on W) would let 0-0 E
    # through too; the end typed wrong is the one change, and typing 1 makes it.
    _double_five_on_e(here)
    out = refused(("play", "00", "e"), here, 1, "0-0 does not fit E: W shows 0, E shows 5 (it fits W)")
    assert out.endswith(
        "Perhaps a slip in this move or earlier\n"
        "in the round:\n"
        "1. scorepad play 0-0 W\n"
        "   if 0-0 went on W, not E\n"
        "2. scorepad play 0-0 E --stands --by Cy\n"
        "   or a ruling: the table lets Cy's 0-0\n"
        "   on E stand against the rules\n"
        "scorepad fix N makes repair N.\n"
    )
    assert ok("fix", "1").startswith("Repair 1: if 0-0 went on W, not E\nCy 0-0 W +10")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 0-5", "Bob: 5-5 E", "Cy: 0-0 W"]


def test_the_end_typed_comes_after_a_single_change_of_the_record(here):
    # Bob's 5-1 went on W, typed on E: Cy's 5-2 on E is refused, and fits W as recorded.
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--spinner", "none")
    ok("play", "55")
    ok("play", "51", "e")
    out = refused(("play", "52", "e"), here, 1)
    first, second = out.index('1. scorepad replace 1.2 "Bob: 5-1 W"'), out.index("2. scorepad play 5-2 W")
    assert first < second


def test_the_live_prompt_makes_the_end_typed_with_the_number_alone_in_german(here):
    _double_five_on_e(here)
    out = run("live", input="00 o\n1\nq\n", lang="de").output
    assert "1. 0-0 W\n   wenn 0-0 an W lag, nicht an O\n" in out
    assert str(load(here).game.current.moves[-1]) == "Cy: 0-0 W"
