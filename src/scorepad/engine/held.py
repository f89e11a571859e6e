"""What a round's record proves a player held at each of their moves (docs/rules.md "Turn",
docs/review.md).

Proven held by a player from some point of the round on: every tile they play or show by
accident (`exposes`) later with no draw of theirs in between, a tile they showed until it
is played, and, when they draw nothing more, their final hand as the round's hands give it
in tiles (or nothing, when they hold none at its end). A tile played
after a later draw may have been drawn, a pip total names no tile, and a partner's tiles are
never the player's. The review sets each play against this hand; the round's hands are
refused, and an audit reports them, when it shows a pass or a draw the rules forbid
(`proven_faults`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from scorepad.engine.notation import Draw, Exposes, Move, Pass, Play
from scorepad.engine.tiles import End, Tile, mask_of
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.layout import Ends

Hand = int | tuple[Tile, ...]  # a remaining hand: its pip total, or the tiles themselves


class Round(Protocol):
    """What this module reads of a round (engine/game.py's `Round` is one): its moves, the
    layout as it stood at each pass and draw, its hands, the tiles shown by accident, and
    the rule that named its opener (a highest-double lead is proved too). A protocol, so that the game,
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
    @property
    def opener_rule(self) -> str: ...
    @property
    def exposed(self) -> list[tuple[int, Exposes]]: ...


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
    r: Round, players: Sequence[str], *, plays: bool = True, hands: Mapping[int, Hand] | None = None, at_once: bool = False
) -> list[Held | None]:
    """Per move of round `r`, the tiles its player is proven to hold: for a play, just
    before it (the played tile first); for a pass, at it; for a draw, just after it (the
    tiles drawn may be among them). None for a muggins call, and for a play when not
    `plays` (all that an audit asks of every round is its passes and draws). `hands`, by
    player index: the round's hands as they would be entered, in place of `r.hands`.
    `at_once`: a draw of one tile played at once by its drawer drew that tile, so every
    other tile was held before it too (the proof of a pass or draw asks this; the review
    keeps to what holds whatever was drawn)."""
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
    shown = shown_tiles(moves) if any(isinstance(move, Exposes) for move in moves) else None
    for index, move in zip(range(len(moves) - 1, -1, -1), reversed(moves)):
        if isinstance(move, Play):
            p = seat[move.player]
            tile = move.tile
            tiles = later[p] = (tile,) + later[p]
            if plays:
                mask = masks[p] = masks[p] | 1 << tile.id
                if shown is not None and shown[index]:
                    tiles, mask = _with_shown(tiles, mask, shown[index], move.player)
                result[index] = _held(Held, (tiles, why[p], mask, p))
        elif isinstance(move, Pass):
            p = seat[move.player]
            tiles, mask = later[p], masks[p]
            if shown is not None and shown[index]:
                tiles, mask = _with_shown(tiles, mask, shown[index], move.player)
            result[index] = _held(Held, (tiles, why[p], mask, p))
        elif isinstance(move, Exposes):
            # Shown, so held then, and since the player's last draw (as a tile played is).
            p = seat[move.player]
            if move.tile not in later[p]:
                later[p] = (move.tile,) + later[p]
                if plays:
                    masks[p] |= 1 << move.tile.id
        elif isinstance(move, Draw):
            p = seat[move.player]
            tiles, mask = later[p], masks[p]
            if shown is not None and shown[index]:
                tiles, mask = _with_shown(tiles, mask, shown[index], move.player)
            result[index] = _held(Held, (tiles, why[p], mask, p))
            if at_once and _drawn_and_played(moves, index, move):
                # The tile drawn was played at once: every other tile was held before it.
                tile = moves[index + 1].tile  # type: ignore[union-attr]
                later[p] = tuple(t for t in later[p] if t != tile)
                if plays:
                    masks[p] &= ~(1 << tile.id)
            else:
                later[p] = ()
                masks[p] = 0
                why[p] = Unknown("drew", at=index + 1)
    return result


def shown_tiles(moves: Sequence[Move]) -> list[tuple[Exposes, ...]]:
    """Per move of a round, the tiles shown by accident before it (`exposes`) and not yet
    played: each is held by the player who showed it, whatever they drew since."""
    out: list[tuple[Exposes, ...]] = []
    now: tuple[Exposes, ...] = ()
    for move in moves:
        if isinstance(move, Play) and any(shown.tile == move.tile for shown in now):
            now = tuple(shown for shown in now if shown.tile != move.tile)
        out.append(now)
        if isinstance(move, Exposes):
            now = (*now, move)
    return out


def _with_shown(tiles: tuple[Tile, ...], mask: int, shown: tuple[Exposes, ...], player: str) -> tuple[tuple[Tile, ...], int]:
    """`tiles` (and `mask`) with the tiles `player` has shown and not yet played."""
    for exposed in shown:
        if exposed.player == player and exposed.tile not in tiles:
            tiles = (*tiles, exposed.tile)
            mask |= 1 << exposed.tile.id
    return tiles, mask


def _drawn_and_played(moves: Sequence[object], index: int, draw: Draw) -> bool:
    """Whether the draw at `index` is of one tile, played at once by its drawer: that tile
    is then the one drawn (a draw the table let stand proves nothing of the kind)."""
    if draw.count != 1 or draw.stands or index + 1 >= len(moves):
        return False
    after = moves[index + 1]
    return isinstance(after, Play) and after.player == draw.player


def proven_faults(r: Round, players: Sequence[str], hands: Mapping[int, Hand] | None = None) -> list[tuple[int, str]]:
    """The passes and draws of round `r` that the tiles proven held show to break the rules
    (a player who can play must play), as (move index, 0-based; what was wrong). A pass is
    wrong when a tile held at it fits an open end; a draw when two tiles held right after it
    fit: at most the last tile drawn may fit (it is then played at once), so one of them was
    held before it, or drawn and not played. Fit is judged on the layout as it stood, by its
    own rules (a spinner's side arms only once both line sides are filled). `hands`: as
    `held_hands` takes them, to ask what hands not yet entered would prove. What a draw
    of one tile played at once proves counts too (`held_hands`'s `at_once`). Under
    highest-double, the lead too, when another player is proven to have held a higher
    double then (`higher_double`)."""
    faults: list[tuple[int, str]] = []
    if r.opener_rule == "highest-double":
        lead = higher_double(r, players, hands)
        if lead is not None:
            faults.append(lead)
    if not r.stood or not _may_prove(r, players, hands):
        return faults  # no pass, no draw; or none that the tiles held could show wrong
    held = held_hands(r, players, plays=False, hands=hands, at_once=True)
    shown = shown_tiles(r.moves) if any(isinstance(move, Exposes) for move in r.moves) else None
    stood = iter(r.stood)  # the layout as it stood at each pass and draw (Round.stood)
    for index, move in enumerate(r.moves):
        if not isinstance(move, (Pass, Draw)):
            continue
        ends_then = next(stood)
        known = held[index]
        if known is None or not known[0] or move.stands:
            continue
        at = f"{r.number}.{index + 1}"
        if isinstance(move, Draw) and shown is not None:
            # A tile shown before the draw was held before it: one that fits is enough.
            before = tuple(exposed.tile for exposed in shown[index] if exposed.player == move.player)
            fitting = ends_then.fitting(before) if before else []
            if fitting:
                tile, ends = fitting[0]
                faults.append(
                    (
                        index,
                        _("{player} drew at {at} holding {tile}, shown before, which fits {end}").format(
                            player=move.player, at=at, tile=tile, end=_ends(ends)
                        ),
                    )
                )
                continue
        fault = wrong_move(move, at, ends_then.fitting(known[0]))
        if fault is not None:
            faults.append((index, fault))
    return faults


def _may_prove(r: Round, players: Sequence[str], hands: Mapping[int, Hand] | None) -> bool:
    """Whether `proven_faults` can find a pass or draw wrong: `held_hands` walked as it walks
    (`at_once`), each hand a bit mask, and at each pass and draw the tiles held that fit the
    ends then counted (`Ends.joinable`, what `Ends.fitting` finds). Most rounds prove no
    fault, and an audit asks it of every round: the hands are then not worked out as tiles.
    True, to be safe, where a tile comes twice (a mask holds it once) or a tile was shown
    (what a shown tile proves, `held_hands` works out)."""
    if r.exposed:
        return True
    moves = r.moves
    stood = r.stood
    seat = {name: p for p, name in enumerate(players)}
    if hands is None:
        hands = r.hands
    masks = []
    for p in range(len(players)):
        hand = hands.get(p) if hands is not None else None
        if r.hand_sizes[p] == 0 or not isinstance(hand, tuple):
            masks.append(0)
        else:
            mask = mask_of(hand)
            if mask.bit_count() != len(hand):
                return True
            masks.append(mask)
    k = len(stood)  # one layout for each pass and draw (Round.stood), walked back from the last
    for index in range(len(moves) - 1, -1, -1):
        move = moves[index]
        if isinstance(move, Play):
            p = seat[move.player]
            bit = 1 << move.tile.id
            if masks[p] & bit:
                return True
            masks[p] |= bit
        elif isinstance(move, (Pass, Draw)):
            p = seat[move.player]
            k -= 1
            fit = stood[k].joinable(masks[p]) if masks[p] and not move.stands else 0
            if (isinstance(move, Pass) and fit) or fit & (fit - 1):  # a pass with one, a draw with two
                return True
            if not k:  # the first pass or draw: the moves before it prove nothing
                return False
            if isinstance(move, Pass):
                continue
            if _drawn_and_played(moves, index, move):
                masks[p] &= ~(1 << moves[index + 1].tile.id)  # type: ignore[union-attr]
            else:
                masks[p] = 0
    return k != 0


def higher_double(r: Round, players: Sequence[str], hands: Mapping[int, Hand] | None = None) -> tuple[int, str] | None:
    """A highest-double lead the record proves the wrong player's, as (its index; why):
    another player held a higher double at the lead, for they played it before any draw
    of theirs, or it is in their hand at the end, shown as tiles, and they never drew. A
    lead the table let stand, or one that is no double (wrong anyway), is not asked."""
    first = next((k for k, move in enumerate(r.moves) if isinstance(move, Play)), None)
    if first is None:
        return None
    lead = r.moves[first]
    assert isinstance(lead, Play)
    if lead.stands or not lead.tile.is_double:
        return None
    drew: set[str] = set()
    for k in range(first + 1, len(r.moves)):
        move = r.moves[k]
        if isinstance(move, Draw):
            drew.add(move.player)
        elif (
            isinstance(move, Play)
            and move.player not in drew
            and move.player != lead.player
            and move.tile.is_double
            and move.tile.a > lead.tile.a
        ):
            return first, _(
                "{player} led {lead}, but {holder} held the higher {tile} then (played at {at} with no draw before it)"
            ).format(player=lead.player, lead=lead.tile, holder=move.player, tile=move.tile, at=f"{r.number}.{k + 1}")
    if hands is None:
        hands = r.hands
    for p, hand in (hands or {}).items():
        holder = players[p]
        if holder == lead.player or holder in drew or not isinstance(hand, tuple):
            continue
        higher = [t for t in hand if t.is_double and t.a > lead.tile.a]
        if higher:
            return first, _(
                "{player} led {lead}, but {holder} held the higher {tile} then (still in the hand, never drew)"
            ).format(player=lead.player, lead=lead.tile, holder=holder, tile=higher[0])
    return None


def wrong_move(move: Pass | Draw, at: str, fitting: list[tuple[Tile, list[End]]]) -> str | None:
    """What is wrong with a pass or draw, given the tiles proven held at it (after it, for
    a draw) that fit the ends as they stood: a pass with one, a draw with two (at most the
    last tile drawn may fit: it is then played at once). None when nothing is proven."""
    if isinstance(move, Pass) and fitting:
        tile, ends = fitting[0]
        return _("{player} passed at {at} holding {tile}, which fits {end}").format(
            player=move.player, at=at, tile=tile, end=_ends(ends)
        )
    if isinstance(move, Draw) and len(fitting) > 1:
        tiles = [tile for tile, _ends in fitting]
        fit: list[End] = []
        for _tile, ends in fitting:
            fit += [end for end in ends if end not in fit]
        return _("{player} drew at {at} and then held {tiles}, which fit {end}: only the last tile drawn may fit").format(
            player=move.player, at=at, tiles=_joined([str(t) for t in tiles]), end=_ends(fit)
        )
    return None


def _ends(ends: Sequence[End]) -> str:
    ordered = sorted(ends, key=lambda end: end.slot)
    return _joined([end.label for end in ordered])


def _joined(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} and {item}").format(items=", ".join(words[:-1]), item=words[-1])
