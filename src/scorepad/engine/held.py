"""What a round's record proves a player held at each of their moves (docs/rules.md "Turn",
docs/review.md).

Proven held by a player from some point of the round on: every tile they play later with
no draw of theirs in between, and, when they draw nothing more, their final hand as the
round's hands give it in tiles (or nothing, when they hold none at its end). A tile played
after a later draw may have been drawn, a pip total names no tile, and a partner's tiles are
never the player's. The review sets each play against this hand; the round's hands are
refused, and an audit reports them, when it shows a pass or a draw the rules forbid
(`proven_faults`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from scorepad.engine.notation import Draw, Move, Pass, Play
from scorepad.engine.tiles import End, Tile, mask_of
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.layout import Ends

Hand = int | tuple[Tile, ...]  # a remaining hand: its pip total, or the tiles themselves


class Round(Protocol):
    """What this module reads of a round (engine/game.py's `Round` is one): its moves, the
    layout as it stood at each pass and draw, and its hands. A protocol, so that the game,
    which asks what hands prove, is not imported back."""

    @property
    def number(self) -> int: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def stood(self) -> list[Ends]: ...
    @property
    def hands(self) -> dict[int, Hand] | None: ...
    @property
    def hand_sizes(self) -> list[int]: ...


class Unknown(NamedTuple):
    """Why a known hand is not the whole hand: `drew` (the player drew at move `at`, 1-based,
    after the move), `pips` (the round's hands give theirs as a pip total, `pips`), or
    `unentered` (the round has no hands yet: it is still being played, its hands are not
    written, or the game ended in it)."""

    why: str
    at: int | None = None
    pips: int | None = None


class Held(NamedTuple):
    """What the record proves a player held at one of their moves."""

    tiles: tuple[Tile, ...]  # the tiles proven held (at a play, the played tile first)
    unknown: Unknown | None  # why that may not be all; None: it is the whole hand
    mask: int  # the same tiles as a bit mask, a bit t.id set for each (`Ends.best_of` takes a hand so); 0 when not `plays`
    player: int  # whose move it is, by seat


_held = tuple.__new__  # a Held made without its Python-level __new__: one per move of a round


def held_hands(
    r: Round, players: Sequence[str], *, plays: bool = True, hands: Mapping[int, Hand] | None = None
) -> list[Held | None]:
    """Per move of round `r`, the tiles its player is proven to hold: for a play, just
    before it (the played tile first); for a pass, at it; for a draw, just after it (the
    tiles drawn may be among them). None for a muggins call, and for a play when not
    `plays` (all that an audit asks of every round is its passes and draws). `hands`, by
    player index: the round's hands as they would be entered, in place of `r.hands`."""
    moves = r.moves
    seat = {name: p for p, name in enumerate(players)}
    result: list[Held | None] = [None] * len(moves)
    if hands is None:
        hands = r.hands
    # Walking back from the round's end: what each player certainly holds from here on.
    later: list[tuple[Tile, ...]] = []
    why: list[Unknown | None] = []
    for p in range(len(players)):
        hand = hands.get(p) if hands is not None else None
        if r.hand_sizes[p] == 0:
            later.append(())
            why.append(None)
        elif isinstance(hand, tuple):
            later.append(hand)
            why.append(None)
        elif isinstance(hand, int):
            later.append(())
            why.append(Unknown("pips", pips=hand))
        else:
            later.append(())
            why.append(Unknown("unentered"))
    # Each hand as a bit mask too, kept up as the tiles are, where the plays are asked for
    # (a review asks it at every play); an audit, asking for the passes and draws alone,
    # reads no mask, and is given 0.
    masks = [mask_of(tiles) for tiles in later] if plays else [0] * len(later)
    for index, move in zip(range(len(moves) - 1, -1, -1), reversed(moves)):
        if isinstance(move, Play):
            p = seat[move.player]
            tile = move.tile
            tiles = later[p] = (tile,) + later[p]
            if plays:
                mask = masks[p] = masks[p] | 1 << tile.id
                result[index] = _held(Held, (tiles, why[p], mask, p))
        elif isinstance(move, Pass):
            p = seat[move.player]
            result[index] = _held(Held, (later[p], why[p], masks[p], p))
        elif isinstance(move, Draw):
            p = seat[move.player]
            result[index] = _held(Held, (later[p], why[p], masks[p], p))
            later[p] = ()
            masks[p] = 0
            why[p] = Unknown("drew", at=index + 1)
    return result


def proven_faults(
    r: Round, players: Sequence[str], hands: Mapping[int, Hand] | None = None, *, proven: Sequence[Held | None] | None = None
) -> list[tuple[int, str]]:
    """The passes and draws of round `r` that the tiles proven held show to break the rules
    (a player who can play must play), as (move index, 0-based; what was wrong). A pass is
    wrong when a tile held at it fits an open end; a draw when two tiles held right after it
    fit: at most the last tile drawn may fit (it is then played at once), so one of them was
    held before it, or drawn and not played. Fit is judged on the layout as it stood, by its
    own rules (a spinner's side arms only once both line sides are filled). `hands`: as
    `held_hands` takes them, to ask what hands not yet entered would prove; `proven`: what
    `held_hands` gave for the round's own hands, when it is at hand."""
    if not r.stood:
        return []  # no pass, no draw
    held = proven if proven is not None else held_hands(r, players, plays=False, hands=hands)
    stood = iter(r.stood)  # the layout as it stood at each pass and draw (Round.stood)
    faults: list[tuple[int, str]] = []
    for index, move in enumerate(r.moves):
        if not isinstance(move, (Pass, Draw)):
            continue
        ends_then = next(stood)
        known = held[index]
        if known is None or not known[0]:
            continue
        fitting = ends_then.fitting(known[0])
        at = f"{r.number}.{index + 1}"
        if isinstance(move, Pass) and fitting:
            tile, ends = fitting[0]
            faults.append(
                (
                    index,
                    _("{player} passed at {at} holding {tile}, which fits {end}").format(
                        player=move.player, at=at, tile=tile, end=_ends(ends)
                    ),
                )
            )
        elif isinstance(move, Draw) and len(fitting) > 1:
            tiles = [tile for tile, _ends in fitting]
            fit: list[End] = []
            for _tile, ends in fitting:
                fit += [end for end in ends if end not in fit]
            faults.append(
                (
                    index,
                    _("{player} drew at {at} and then held {tiles}, which fit {end}: only the last tile drawn may fit").format(
                        player=move.player, at=at, tiles=_joined([str(t) for t in tiles]), end=_ends(fit)
                    ),
                )
            )
    return faults


def _ends(ends: Sequence[End]) -> str:
    ordered = sorted(ends, key=lambda end: end.slot)
    return _joined([end.label for end in ordered])


def _joined(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} and {item}").format(items=", ".join(words[:-1]), item=words[-1])
