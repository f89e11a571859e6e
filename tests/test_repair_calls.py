"""A refused muggins call: only the repairs that make sense for a call (another caller, the
claim it was called on, who made the play) are offered; a call on a play that scored
nothing gets none, and the refusal says why."""

from tests.helpers import flat, ok, refused

from scorepad.record.files import load


def test_a_call_on_a_right_claim_offers_the_claim_left_out(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--muggins")
    ok("play", "55", "--claim", "10")
    ok("play", "50", "e", "--claim", "10")
    out = refused(("muggins", "Cy"), here, 1, "nothing to take: Bob claimed 10, which is right")
    assert flat(out).endswith(
        'Perhaps a slip earlier in the round: 1. scorepad replace 1.2 "Bob: 5-0 E" '
        "if Bob claimed nothing for 5-0 at 1.2, not 10 scorepad fix N makes repair N, then records Cy: muggins."
    )
    ok("fix", "1")
    game = load(here).game
    assert [str(m) for m in game.current.moves][1:] == ["Bob: 5-0 E", "Cy: muggins"]
    assert game.scores == [10, 0, 10]


def test_a_call_on_a_play_that_scored_nothing_offers_no_tile_changed_earlier(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--muggins")
    ok("play", "55", "--claim", "10")
    ok("play", "50", "e", "--claim", "10")
    ok("play", "51", "w")
    out = refused(("muggins", "Ann"), here, 1, "nothing to take: Cy's 5-1 scored nothing")
    assert "Perhaps" not in out and "replace" not in out
