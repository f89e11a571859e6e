"""German screens say what the English words on them mean: the command word `hands` in the
next step, `round5` in the award of the hands just entered, and `draw` and `pass` wherever
a move is shown (the log, the page, undo and the repairs' echoes); what is typed and
recorded stays the notation."""

from tests.helpers import ok, refused

from scorepad.record.files import load
from scorepad.views.log import log_lines


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


def _passed(here):
    """Ann led 6-6 with the boneyard dealt out; Tom passed: a pass in the record."""
    ok("new", "--players", "Ann,Tom", "--opener", "Ann", "--deal", "14,9,7")
    ok("play", "66")
    ok("pass")
    return here


def test_the_log_says_what_draw_and_pass_are(here):
    ok("new", "--players", "Ann,Tom", "--opener", "Ann", "--deal", "3,2,2")
    ok("play", "64")
    ok("draw", "2")
    out = ok("log", lang="de")
    assert "2  Tom: draw 2 (ziehen)\n" in out
    assert "(ziehen)" not in ok("log")
    assert str(load(here).game.current.moves[1]) == "Tom: draw 2"


def test_the_log_says_what_pass_is(here):
    _passed(here)
    assert "2  Tom: pass (passen)\n" in ok("log", lang="de")
    assert "2  Tom: pass\n" in ok("log")
    assert [str(m) for m in load(here).game.current.moves] == ["Ann: 6-6", "Tom: pass"]


def test_the_long_log_says_it_too(here):
    from scorepad import i18n

    _passed(here)
    game = load(here).game
    i18n.use("de")
    assert "2  Tom: pass (passen)" in [line.rstrip() for line in log_lines(game, 40)]


def test_undo_and_a_repair_say_it_in_the_moves_they_echo(here):
    _passed(here)
    assert ok("undo", lang="de").startswith("Zurückgenommen: Tom: pass (passen)\n")
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5", "--force")
    for move in ("66 --by Ann", "61 e"):
        ok("play", *move.split())
    ok("draw", "2")
    for move in ("12 e", "25 e", "53 e"):
        ok("play", *move.split())
    out = refused(("hands", "Bob=5-5,0-0,3-4"), here, 1, lang="de")
    assert '"Bob: draw 2"' in out and "(ziehen)" not in out  # the command is typed as recorded
    assert "Ersetzt 1.2: Bob: draw 2 (ziehen)\n" in ok("fix", "1", lang="de")
