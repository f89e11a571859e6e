"""The re-seat rule: a move typed for the wrong player, or one left out, where every later
move of the round was typed without a name, so each went to the player scorepad's turn
named. Put right, every later move moves as many seats on as that one did; a muggins call
keeps its caller, since a call is made by name, never by the turn; a draw left out keeps
the turn, so nothing after it moves (`replace --reseat`, `insert --reseat`, the repair
search's re-seatings and `opener NAME` after the lead all make it here)."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine.notation import Draw, Move, Muggins


def seats_on(moves: Sequence[Move], index: int, move: Move, players: Sequence[str], *, inserted: bool = False) -> int:
    """How many seats on the moves after `move` go: inserted before move `index` (0-based),
    one for a move that passes the turn on, none for a draw (the drawer keeps the turn);
    in place of move `index`, as many as lie between its player and `move`'s."""
    if inserted:
        return 0 if isinstance(move, Draw) else 1
    return players.index(move.player) - players.index(moves[index].player)


def moved_on(moves: Sequence[Move], players: Sequence[str], seats: int) -> list[Move]:
    """`moves`, each `seats` seats on; a muggins call keeps its caller."""
    n = len(players)
    return [m if isinstance(m, Muggins) else m._replace(player=players[(players.index(m.player) + seats) % n]) for m in moves]


def reseated(moves: Sequence[Move], index: int, move: Move, players: Sequence[str], *, inserted: bool = False) -> list[Move]:
    """The moves of a round with `move` inserted before move `index` (0-based), or in its
    place, and every later move as many seats on as the rule says (`seats_on`)."""
    seats = seats_on(moves, index, move, players, inserted=inserted)
    later = moves[index:] if inserted else moves[index + 1 :]
    return [*moves[:index], move, *moved_on(later, players, seats)]


def moves_reseated(moves: Sequence[Move], index: int, *, inserted: bool = False) -> int:
    """How many moves a re-seating at `index` gives another player (muggins calls keep theirs)."""
    later = moves[index:] if inserted else moves[index + 1 :]
    return sum(1 for m in later if not isinstance(m, Muggins))
