"""The re-seat rule, once (engine/seats.py): every later move as many seats on as the moved
one, a muggins call keeping its caller, a draw left out keeping the turn."""

from scorepad.engine.notation import Draw, Muggins, Pass, parse_move
from scorepad.engine.seats import moves_reseated, reseated, seats_on

PLAYERS = ("Ann", "Bob", "Cy")
MOVES = [parse_move(m) for m in ("Bob: 6-6", "Cy: 6-3 E", "Ann: muggins", "Ann: 6-1 W", "Bob: draw 2")]


def test_a_lead_given_to_another_moves_every_later_move_as_many_seats():
    out = reseated(MOVES, 0, MOVES[0]._replace(player="Ann"), PLAYERS)
    assert [str(m) for m in out] == ["Ann: 6-6", "Bob: 6-3 E", "Ann: muggins", "Cy: 6-1 W", "Ann: draw 2"]
    assert seats_on(MOVES, 0, out[0], PLAYERS) == -1
    assert moves_reseated(MOVES, 0) == 3  # the call keeps its caller


def test_a_pass_left_out_moves_the_later_moves_one_seat_on_a_draw_none():
    out = reseated(MOVES, 1, Pass("Cy"), PLAYERS, inserted=True)
    assert [str(m) for m in out] == ["Bob: 6-6", "Cy: pass", "Ann: 6-3 E", "Ann: muggins", "Bob: 6-1 W", "Cy: draw 2"]
    assert moves_reseated(MOVES, 1, inserted=True) == 3
    assert reseated(MOVES, 1, Draw("Cy", 1), PLAYERS, inserted=True)[2:] == MOVES[1:]
    assert isinstance(out[3], Muggins)
