"""Where the points went: each play of a round against the tiles its player certainly held
(docs/review.md).

The known hand of a play is what the record proves its player held just before it: the tile
played; every tile the same player played later in the round with no draw of theirs in
between; and, when the player drew nothing after the play and the round's hands give theirs
as tiles (or they hold nothing at its end), that final hand (`held.held_hands`, which the
rules' check of passes and draws shares). A tile played after a later draw may have been
drawn, a pip total names no tile, and a partner's tiles are never the player's.

Legality and the ends' score are the layout's own: the best a hand could score is
`Layout.best_of`, each placement `Layout.scores_of` (what `placements` finds for each tile),
and the best reply a play leaves is `best_of` the next player's hand once it is down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.held import Held, Unknown, held_hands
from scorepad.engine.layout import Layout
from scorepad.engine.notation import Move, Muggins, Play
from scorepad.engine.scoring import play_score
from scorepad.engine.tiles import End, Tile, mask_of

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Round

# Every score is a multiple of five, so any play that scored less than the best of its known
# tiles missed at least 5: every such play is marked, as there is no smaller miss to forgive.
MISSED_MARK = 5
# A reply differs by 5 between two placements very often (one end's number moves by one
# step of the count); 10, two steps, is what a player at the table notices and could have
# seen coming.
LEFT_MARK = 10


Placing = tuple[Tile, End | None, int]  # a known tile, where it goes (None: the lead), its score


class Option(NamedTuple):
    """One legal placement of a known tile on the layout as it stood (a `Placing` named)."""

    tile: Tile
    end: End | None  # None for the lead
    score: int


class Laid(NamedTuple):
    """A round as its plays are reviewed, shared by the reviews of its plays: enough to lay
    the layout as it stood at any of them again (`PlayReview.options`)."""

    moves: tuple[Move, ...]
    with_spinner: bool
    highest_double: bool  # the highest double had to lead


class PlayReview(NamedTuple):
    """One play of a round, reviewed from its player's known hand."""

    round: int
    move: int  # 1-based, counting every move of the round (as in #rRmM)
    player: int
    tile: Tile
    end: End | None
    scored: int  # what the open ends gave it, before claims and muggins
    known: tuple[Tile, ...]  # the certainly-held tiles, the played one first
    unknown: Unknown | None  # None: `known` is the whole hand
    best: Option  # what the play is set against: a best-scoring placement (see _set_against)
    missed: int  # best - scored
    replier: int | None  # the next player, when what the play left them is known
    left: int | None  # the best reply the play left them
    best_left: int | None  # the best reply `best` would have left them
    marks: tuple[str, ...]  # "missed", "left"
    laid: Laid

    @property
    def complete(self) -> bool:
        return self.unknown is None

    @property
    def options(self) -> list[Placing]:
        """Every legal placement of every known tile on the layout as it stood, with its
        score: tile by tile in the order of `known`, each tile's ends in the order W, E, N,
        S (`Layout.scores_of`); where the highest double had to lead, the double led alone.
        Laid again when asked for: the review itself needs only the best of them
        (`Layout.best_of`), so a whole game's review does not list them all."""
        layout = Layout(self.laid.with_spinner)
        for move in self.laid.moves[: self.move - 1]:
            if isinstance(move, Play):
                layout.place(move.tile, move.end)
        if not layout.placed and self.laid.highest_double:
            # The double led is the only legal lead (and a lead that was no double, flagged
            # by the replay, is taken as it was led).
            return [(self.tile, None, self.scored)]
        return layout.scores_of(self.known)


class RoundReview(NamedTuple):
    number: int
    plays: tuple[PlayReview, ...]


def known_hands(r: Round, players: Sequence[str]) -> list[Held | None]:
    """Per move of round `r`: for a play, its known hand (the played tile first) and why it
    is not the whole hand (None when it is); None for every other move."""
    return [h if isinstance(m, Play) else None for m, h in zip(r.moves, held_hands(r, players))]


_new = tuple.__new__  # a named tuple made without its Python-level __new__: one per play
_MARKS: dict[tuple[bool, bool], tuple[str, ...]] = {
    (False, False): (),
    (True, False): ("missed",),
    (False, True): ("left",),
    (True, True): ("missed", "left"),
}


def review_round(r: Round, players: Sequence[str]) -> RoundReview:
    """Every play of round `r` against its player's known hand, on the layout as it stood.
    What a play left is known when the next move, muggins calls aside, is the next
    player's play and the record proves their whole hand at it: the best of that hand once
    the play is down, which is also the best that next play could have made."""
    hands = held_hands(r, players)
    seat = {name: p for p, name in enumerate(players)}
    seats = len(players)
    moves = r.moves
    last = len(moves)
    highest_double = r.opener_rule == "highest-double"
    layout = Layout(r.layout.with_spinner)
    laid = Laid(tuple(moves), r.layout.with_spinner, highest_double)
    sums = iter(r.sums)  # the end sum each play made, as the replay laid it
    number = r.number
    reviews = []
    ahead = -1  # the best of this play, worked out as the reply to the play before (-1: not)
    for index, move in enumerate(moves):
        if not isinstance(move, Play):
            continue
        known = hands[index]
        assert known is not None  # held_hands gives every play its hand
        tiles, unknown = known
        tile, end = move.tile, move.end
        player = seat[move.player]
        scored = play_score(next(sums))
        forced = highest_double and not layout.placed
        if forced:
            top = scored  # the highest double had to lead: the double led was the only lead
        elif ahead >= 0:
            top = ahead
        else:
            top = layout.best_of(mask_of(tiles))
        ahead = -1  # set again below only when the next play handled is the reply
        made = _new(Option, (tile, end, scored)) if scored == top else None
        following = index + 1  # the next move that is no muggins call
        while following < last and isinstance(moves[following], Muggins):
            following += 1
        replier, mask = None, 0  # the next player and their whole hand, as a bit mask
        if following < last:
            then = moves[following]
            if isinstance(then, Play) and seat[then.player] == (player + 1) % seats:
                reply = hands[following]
                if reply is not None and reply[1] is None:
                    replier, mask = seat[then.player], mask_of(reply[0])
        if replier is None:
            chosen = made or _new(Option, layout.reaching(tiles, top)[0])
            left = best_left = None
            marks = _MARKS[top - scored >= MISSED_MARK, False]
        else:
            left = ahead = layout.best_after(tile, end, mask)
            if forced:
                chosen, best_left = _new(Option, (tile, end, scored)), left  # the lead had no alternative
            elif made is not None and left < LEFT_MARK:
                chosen, best_left = made, left  # no other play could leave noticeably less
            else:
                chosen, best_left = _set_against(layout, made, tiles, top, mask, left)
            marks = _MARKS[top - scored >= MISSED_MARK, left - best_left >= LEFT_MARK]
        layout.place(tile, end)
        reviews.append(
            _new(
                PlayReview,
                (
                    number,
                    index + 1,
                    player,
                    tile,
                    end,
                    scored,
                    tiles,
                    unknown,
                    chosen,
                    top - scored,
                    replier,
                    left,
                    best_left,
                    marks,
                    laid,
                ),
            )
        )
    return RoundReview(number, tuple(reviews))


def _set_against(
    before: Layout, made: Option | None, tiles: tuple[Tile, ...], top: int, reply: int, left: int
) -> tuple[Option, int]:
    """The placement a play is set against, and the best reply (from the tiles of `reply`, a
    bit mask) it would have left: of the placements of `tiles` that score `top` (the
    best), when the play is one of them (`made`), the play itself, unless another would
    have left the next player noticeably less (LEFT_MARK): then the first such; when it is
    not, the one that leaves the least (the first of them on a tie). A play that was the
    best and left less than LEFT_MARK is its own (`review_round` does not ask): no other
    could leave noticeably less."""
    if made is not None:
        enough = left - LEFT_MARK  # what an alternative must leave at most to count
        tile_id, end = made.tile.id, made.end
        for o in before.reaching(tiles, top):
            if o[0].id == tile_id and o[1] is end:
                continue
            left_then = before.best_after(o[0], o[1], reply)
            if left_then <= enough:
                return _new(Option, o), left_then
        return made, left
    candidates = before.reaching(tiles, top)
    best, low = candidates[0], None
    for o in candidates:
        left_then = before.best_after(o[0], o[1], reply)
        if low is None or left_then < low:
            best, low = o, left_then
            if low == 0:
                break
    assert low is not None  # there is always a candidate
    return _new(Option, best), low


class PlayerTotal(NamedTuple):
    missed: int
    marks: int


def totals(rounds: Sequence[RoundReview], players: int) -> list[PlayerTotal]:
    """Per player: the points missed over their own plays, and how many were marked."""
    missed = [0] * players
    marks = [0] * players
    for review in rounds:
        for play in review.plays:
            missed[play.player] += play.missed
            marks[play.player] += bool(play.marks)
    return [PlayerTotal(m, k) for m, k in zip(missed, marks)]


def review_game(game: Game, number: int | None = None) -> list[RoundReview]:
    """Every round of `game` that was started (round `number` alone if given)."""
    return [review_round(r, game.players) for r in game.rounds if (number is None or r.number == number) and r.moves]
