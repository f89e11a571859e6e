"""Where the points went: each play of a round against the tiles its player certainly held
(docs/review.md).

The known hand of a play is what the record proves its player held just before it: the tile
played; every tile the same player played later in the round with no draw of theirs in
between; and, when the player drew nothing after the play and the round's hands give theirs
as tiles (or they hold nothing at its end), that final hand (`held.held_hands`, which the
rules' check of passes and draws shares). A tile played after a later draw may have been
drawn, a pip total names no tile, and a partner's tiles are never the player's.

Legality and the ends' score are the layout's own (`Layout.scores_of`, what `placements`
finds for each tile), and so is the best reply a play leaves (`Layout.best_score`, the most
`advice.best_reply` would find).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.held import Held, Unknown, held_hands
from scorepad.engine.layout import Layout
from scorepad.engine.notation import Move, Muggins, Play
from scorepad.engine.scoring import play_score
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
    options: Sequence[Placing]  # every legal placement of every known tile
    best: Option  # what the play is set against: a best-scoring placement (see _set_against)
    missed: int  # best - scored
    replier: int | None  # the next player, when what the play left them is known
    left: int | None  # the best reply the play left them
    best_left: int | None  # the best reply `best` would have left them
    marks: tuple[str, ...]  # "missed", "left"

    @property
    def complete(self) -> bool:
        return self.unknown is None


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
    """Every play of round `r` against its player's known hand, on the layout as it stood."""
    hands = known_hands(r, players)
    seat = {name: p for p, name in enumerate(players)}
    moves = r.moves
    repliers, following = _repliers(moves, seat, hands)
    ahead: tuple[int, list[Placing]] | None = None  # the next play's placements, when known
    highest_double = r.opener_rule == "highest-double"
    layout = Layout(r.layout.with_spinner)
    reviews = []
    for index, move in enumerate(moves):
        if not isinstance(move, Play):
            continue
        known = hands[index]
        assert known is not None  # known_hands gives every play its hand
        tiles, unknown = known
        p = seat[move.player]
        if not layout.placed and highest_double:
            # The highest double had to lead: the double led is the only legal lead (and a
            # lead that was no double, flagged by the replay, is taken as it was led).
            options: list[Placing] = [(move.tile, None, play_score(move.tile.pips))]
        elif ahead is not None and ahead[0] == index:
            options = ahead[1]  # worked out as the reply to the play before
        else:
            options = layout.scores_of(tiles)
        top = max([o[2] for o in options])
        candidates = [o for o in options if o[2] == top]
        made = None
        played, end = move.tile.id, move.end
        for o in candidates:
            if o[0].id == played and o[1] is end:
                made = o
                break
        replier, reply_tiles = repliers[index]
        # The layout as it stood, kept only when an alternative may have to be laid on it.
        alternatives = reply_tiles is not None and (made is None or len(candidates) > 1)
        before = layout.copy() if alternatives else layout
        scored = play_score(layout.place(move.tile, move.end))
        left = best_left = None
        chosen = made if made is not None else candidates[0]
        if reply_tiles is not None:
            # The next player's placements now are those of their play, which comes next.
            reply = layout.scores_of(reply_tiles)
            ahead = (following[index], reply)
            left = max([o[2] for o in reply], default=0)
            chosen, best_left = _set_against(before, made, candidates, reply_tiles, left)
        else:
            replier = None
        best = _new(Option, chosen)
        missed = best.score - scored
        marks = _MARKS[missed >= MISSED_MARK, left is not None and best_left is not None and left - best_left >= LEFT_MARK]
        reviews.append(
            _new(
                PlayReview,
                (
                    r.number,
                    index + 1,
                    p,
                    move.tile,
                    move.end,
                    scored,
                    tiles,
                    unknown,
                    options,
                    best,
                    missed,
                    replier,
                    left,
                    best_left,
                    marks,
                ),
            )
        )
    return RoundReview(r.number, tuple(reviews))


def _set_against(
    before: Layout, made: Placing | None, candidates: list[Placing], tiles: Sequence[Tile], left: int
) -> tuple[Placing, int]:
    """The placement a play is set against, and the best reply it would have left: of the
    best-scoring placements, when the play is one of them, the play itself, unless another
    would have left the next player noticeably less (LEFT_MARK): then the first such; when
    it is not, the one that leaves the least (the first of them on a tie)."""
    if made is not None:
        if left >= LEFT_MARK:
            enough = left - LEFT_MARK  # what an alternative must leave at most to count
            for o in candidates:
                if o is made:
                    continue
                after = before.copy()
                after.place(o[0], o[1])
                # Stopped once it leaves more than enough: that one is not noticeably better.
                reply = after.best_score(tiles, enough + 1)
                if reply <= enough:
                    return o, reply
        return made, left
    best, low = candidates[0], None
    for o in candidates:
        after = before.copy()
        after.place(o[0], o[1])
        reply = after.best_score(tiles, low)  # stopped once it leaves no less than the least yet
        if low is None or reply < low:
            best, low = o, reply
            if low == 0:
                break
    assert low is not None  # there is always a candidate
    return best, low


def _repliers(
    moves: Sequence[Move], seat: dict[str, int], hands: list[tuple[tuple[Tile, ...], Unknown | None] | None]
) -> tuple[list[tuple[int | None, tuple[Tile, ...] | None]], list[int]]:
    """Per move: for a play, the next player and their whole hand right after it, when the
    record proves it (their next move, muggins calls aside, is a play whose known hand is
    whole); otherwise (None, None), as for every other move: what it left them cannot be
    told. And per move the index of the next move that is no muggins call (-1: none). One
    pass back from the round's end."""
    nobody: tuple[int | None, tuple[Tile, ...] | None] = (None, None)
    result = [nobody] * len(moves)
    after = [-1] * len(moves)
    players = len(seat)
    following = -1  # the index of the next move that is no muggins call
    for index in range(len(moves) - 1, -1, -1):
        move = moves[index]
        after[index] = following
        if isinstance(move, Play) and following >= 0:
            then = moves[following]
            known = hands[following]
            if (
                isinstance(then, Play)
                and seat[then.player] == (seat[move.player] + 1) % players
                and known is not None
                and known[1] is None
            ):
                result[index] = (seat[then.player], known[0])
        if not isinstance(move, Muggins):
            following = index
    return result, after


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
