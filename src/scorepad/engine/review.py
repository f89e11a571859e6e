"""Where the points went: each play of a round against the tiles its player certainly held
(docs/review.md).

The known hand of a play is what the record proves its player held just before it: the tile
played; every tile the same player played later in the round with no draw of theirs in
between; and, when the player drew nothing after the play and the round's hands give theirs
as tiles (or they hold nothing at its end), that final hand (`held.held_hands`, which the
rules' check of passes and draws shares). A tile played after a later draw may have been
drawn, a pip total names no tile, and a partner's tiles are never the player's.

Legality and the ends' score are the layout's own, asked of the layout as it stood before
the play (`layout.Ends`): the best a hand could score is `Ends.best_of`, each placement
`Ends.scores_of` (what `Layout.placements` finds for each tile), and what a placement leaves
the next player is `Ends.best_after`. The best reply the play itself left is the next play's
own best, so a round is reviewed from its last play back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.counting import Counting
from scorepad.engine.held import Unknown, held_hands
from scorepad.engine.layout import Ends, Layout
from scorepad.engine.notation import Draw, Move, Muggins, Play
from scorepad.engine.tiles import End, Tile

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
    counting: Counting


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
    # The best reply `best` would have left them; None when that is unknown: no tile of
    # theirs would have fitted, and they would have drawn from the boneyard.
    best_left: int | None
    marks: tuple[str, ...]  # "missed", "left"
    laid: Laid

    @property
    def complete(self) -> bool:
        return self.unknown is None

    @property
    def options(self) -> list[Placing]:
        """Every legal placement of every known tile on the layout as it stood, with its
        score: tile by tile in the order of `known`, each tile's ends in the order W, E, N,
        S (`Ends.scores_of`); where the highest double had to lead, the double led alone.
        Laid again when asked for: the review itself needs only the best of them
        (`Ends.best_of`), so a whole game's review does not list them all."""
        layout = Layout(self.laid.with_spinner, self.laid.counting)
        for move in self.laid.moves[: self.move - 1]:
            if isinstance(move, Play):
                layout.place(move.tile, move.end)
        if not layout.placed and self.laid.highest_double:
            # The double led is the only legal lead (and a lead that was no double, flagged
            # by the replay, is taken as it was led).
            return [(self.tile, None, self.scored)]
        return layout.ends().scores_of(self.known)


class RoundReview(NamedTuple):
    number: int
    plays: tuple[PlayReview, ...]


def stages(r: Round) -> list[Ends]:
    """The layout of round `r` as it stood before each of its plays: as the replay kept it
    (`Round.stages`, in a game that keeps them: `Game.keep_layouts`), else laid again."""
    if r.stages is not None:
        assert len(r.stages) == len(r.sums)  # every play the replay made kept its stage
        return r.stages
    layout = Layout(r.layout.with_spinner, r.layout.counting)
    kept = []
    for move in r.moves:
        if isinstance(move, Play):
            kept.append(layout.ends())
            layout.place(move.tile, move.end)
    return kept


_new = tuple.__new__  # a named tuple made without its Python-level __new__: one per play
_MARKS = ((), ("missed",), ("left",), ("missed", "left"))  # by missed + 2 * left


def review_round(r: Round, players: Sequence[str]) -> RoundReview:
    """Every play of round `r` against its player's known hand, on the layout as it stood.
    What a play left is known when the next move, muggins calls aside, is the next
    player's play and the record proves their whole hand at it: the best of that hand on
    the layout the play left, which is that next play's own best. So the plays are
    reviewed from the last back, each handing its best to the play before it."""
    held = held_hands(r, players)
    laid_out = stages(r)
    seats = len(players)
    moves = r.moves
    assert len(held) == len(moves)  # what the hands prove, move by move
    highest_double = r.opener_rule == "highest-double"
    laid = Laid(tuple(moves), r.layout.with_spinner, highest_double, r.layout.counting)
    number = r.number
    sums = r.sums  # the end sum each play made, as the replay laid it
    count = len(sums)  # counted down to the play being reviewed, from 0
    scored_by = r.layout.tables.scored  # what a play scores, by the end sum it made
    reviews = []
    # The next move's player, when it is a play (muggins calls aside) and their hand at it
    # is known whole (else -1); that hand as a bit mask, and its best on the layout the
    # play before it left.
    replier_seat, reply, reply_best = -1, 0, 0
    boneyard = r.boneyard  # as it stood after the move reviewed: the draws after it given back
    for index, move, known in zip(range(len(moves) - 1, -1, -1), reversed(moves), reversed(held)):
        if not isinstance(move, Play):
            if not isinstance(move, Muggins):
                replier_seat = -1  # a draw or a pass comes between: no reply
                if isinstance(move, Draw):
                    boneyard += move.count
            continue
        count -= 1
        assert known is not None  # held_hands gives every play its hand
        tiles, unknown, mask, player = known
        tile, end = move.tile, move.end
        before = laid_out[count]
        scored = scored_by[sums[count]]
        # Where the highest double had to lead, the double led was the only lead.
        top = before.best_of(mask) if count or not highest_double else scored
        if move.stands:
            # A move the table let stand against the rules is the table's ruling, never
            # counted as its player's mistake (docs/rules.md "Irregularities").
            top = scored
        made = _new(Option, (tile, end, scored)) if scored == top else None
        marks: tuple[str, ...]
        if move.stands:
            replier = left = best_left = None
            chosen, marks = made, _MARKS[0]
        elif replier_seat != (player + 1) % seats:
            replier = left = best_left = None
            chosen = made or _new(Option, before.reaching(tiles, top, mask)[0])
            marks = _MARKS[top - scored >= MISSED_MARK]
        else:
            replier, left = replier_seat, reply_best
            if made is not None and (left < LEFT_MARK or (highest_double and not count)):
                chosen, best_left = made, left  # no other play could leave noticeably less
            else:
                chosen, best_left = _set_against(before, made, tiles, mask, top, reply, left, boneyard > 0)
            marks = _MARKS[(top - scored >= MISSED_MARK) + 2 * (best_left is not None and left - best_left >= LEFT_MARK)]
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
        replier_seat = player if unknown is None else -1
        reply, reply_best = mask, top
    reviews.reverse()
    return RoundReview(number, tuple(reviews))


def _set_against(
    before: Ends, made: Option | None, tiles: tuple[Tile, ...], hand: int, top: int, reply: int, left: int, draws: bool
) -> tuple[Option, int | None]:
    """The placement a play is set against, and the best reply (from the tiles of `reply`, a
    bit mask) it would have left: of the placements of `tiles` (`hand`, as a bit mask) that
    score `top` (the best), when the play is one of them (`made`), the play itself, unless
    another would have left the next player noticeably less (LEFT_MARK): then the first
    such; when it is not, the one that leaves the least (the first of them on a tie). A play
    that was the best and left less than LEFT_MARK is its own (`review_round` does not
    ask): no other could leave noticeably less.

    A placement after which no tile of `reply` fits, while the boneyard holds tiles
    (`draws`), leaves a reply the record cannot tell: the next player would draw, and what
    they drew is unknown. It is never counted as leaving less; set against it for want of
    another, its reply is None."""
    if made is not None:
        enough = left - LEFT_MARK  # what an alternative must leave at most to count
        for option in before.reaching(tiles, top, hand):
            if option[0].id != made.tile.id or option[1] is not made.end:
                then = before.after(option[0], option[1])
                left_then = then.best_of(reply)
                if left_then <= enough and (left_then or not draws or then.fits(reply)):
                    return _new(Option, option), left_then
        return made, left
    best: tuple[Tile, End | None, int] | None = None
    low: int | None = None
    for option in before.reaching(tiles, top, hand):
        then = before.after(option[0], option[1])
        left_then = then.best_of(reply)
        if not left_then and draws and not then.fits(reply):
            best = best or option  # the reply unknown: only for want of a known one
            continue
        if low is None or left_then < low:
            best, low = option, left_then
            if not low:
                break
    assert best is not None  # the best score is always reached
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
            if play.marks:
                marks[play.player] += 1
    return [PlayerTotal(m, k) for m, k in zip(missed, marks)]


def review_game(game: Game, number: int | None = None) -> list[RoundReview]:
    """Every round of `game` that was started (round `number` alone if given)."""
    return [review_round(r, game.players) for r in game.rounds if (number is None or r.number == number) and r.moves]
