"""German screens say what the English words on them mean: the command word `hands` in the
next step, and `round5` in the award of the hands just entered."""

from helpers import ok


def test_the_next_step_says_what_hands_does(here):
    ok("new", "--players", "Ann,Bob", "--rules", "pagat", "--opener", "Ann", "--deal", "1,7,5")
    out = ok("play", "64", lang="de")
    assert out.endswith(
        "Runde zu Ende: Ann hat Domino gemacht.\nWeiter: scorepad hands Bob=AUGEN\n(hands: die Resthände eintragen)\n"
    )
    assert "(hands:" not in ok("show")  # English needs no gloss


def test_the_award_says_what_round5_is(here):
    ok("new", "--players", "Ann,Bob", "--rules", "pagat", "--opener", "Ann", "--deal", "1,7,5")
    ok("play", "64")
    out = ok("hands", "Bob=1-2", lang="de")
    assert out.startswith("Ann +5: round5(Bob 3) (round5: auf 5\ngerundet)\n")
    ok("undo")
    assert ok("hands", "Bob=1-2").startswith("Ann +5: round5(Bob 3)\n")
