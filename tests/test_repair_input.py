"""The refused input itself as the slip: a move typed with a name on another's turn, where
the player whose turn it was could have made it, is offered as that player's."""

from helpers import ok, refused, run
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
