"""Repair, don't retype: when an input cannot follow the record, the fewest changes to the
current round's recorded moves under which the record and the input agree (docs/repair.md).

A recorder's slip that still fits is accepted silently; a later input then fails somewhere
else. The search tries, on every recorded move of the round, each kind of slip a recorder
makes, replays the round's later moves and the refused input with the change through the
engine, and keeps the changes under which all of them are legal:

- ``end``: a play on another end (the lead: the tile turned round);
- ``digit``: a tile with one of its two numbers changed;
- ``draw``, ``pass``: a draw or a pass left out (inserted at any position);
- ``player``: a move credited to the wrong player;
- ``seat``: a lead credited to the wrong player, and so every later move of the round
  one seat off (typed without names, each went to the player scorepad's turn named);
- ``lot``: the same where scorepad drew the opener by lot: the table drew its own;
- ``pass-seat``: a pass left out, with every later move typed without a name, so each
  went one seat off (the table's next player was credited with the pass's turn);
- ``after``: a draw typed after the play it came before, so credited to the next player;
- ``swap``: two adjacent moves in the wrong order (as written, or their actions swapped
  while the players keep their seats);
- ``end-in``: the refused play itself on another end it fits (the refusal names it);
- ``mover``: the refused input itself credited to the wrong player: typed with a name on
  another's turn, it is the move of the player whose turn it is (a muggins call: of another
  opponent);
- ``swap-in``: the last recorded play and the refused one typed in the wrong order, the
  players keeping their seats: the refused play went before, the recorded one is the input;
- ``claim``: for a refused muggins call, the called play's claim as typed where the
  player claimed nothing (so the score was missed). A muggins call is searched for these,
  its caller and who made the plays (the kinds `of_call` in `SLIPS`) alone: a tile or end changed earlier
  in the round to make a call right is no explanation a table would give.

Each kind is one `Slip` in `SLIPS` (its search, its check against what the refusal
proves, what it explains, how it ranks and how a command makes it); its wording is
views/repairs.py's.

Single changes are tried first; pairs only when no single change works, within a fixed
budget of replayed moves. Changes that leave the game in the same state, each player having
played the same tiles (a forgotten draw put at another of the same player's turns), are one
repair, shown at its latest place. Typed without names, a pass left out that fits at
several places is one repair too, its place (and so its passer) asked of the keeper.
Ranking: fewest changes, then the latest, then the fewest claims that disagree with the
true score; a tile's number nearest the one written goes first among equals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scorepad.engine.game import Game
from scorepad.engine.held import Hand, proven_faults
from scorepad.engine.notation import Draw, Exposes, Move, Muggins, Pass, Play
from scorepad.engine.seats import reseated
from scorepad.engine.tiles import End, Tile
from scorepad.errors import AmbiguousMoveError, ScorepadError

MOST = 3  # suggestions shown
PAIR_BUDGET = 20_000  # moves replayed at most while looking for pairs of changes


class Kind(StrEnum):
    """A kind of slip the search tries (docs/repair.md, What it tries), and the ruling that
    lets a move stand. Each has its `Slip` in `SLIPS` and its wording in views/repairs.py."""

    END_IN = "end-in"
    MOVER = "mover"
    END = "end"
    DIGIT = "digit"
    CLAIM = "claim"
    DRAW = "draw"
    PASS = "pass"
    MOVE = "move"
    PASS_SEAT = "pass-seat"
    PLAYER = "player"
    SEAT = "seat"
    LOT = "lot"
    SWAP = "swap"
    SWAP_IN = "swap-in"
    AFTER = "after"
    STANDS = "stands"


def _no_size(_edit: Edit) -> int:
    return 0


def _digits_apart(edit: Edit) -> int:
    """How far the number written is from the one the repair takes: a neighbouring key, or
    one pip miscounted, is the likeliest slip."""
    old, new = edit.was[0], edit.moves[0]
    assert isinstance(old, Play) and isinstance(new, Play)
    return abs(old.tile.a - new.tile.a) + abs(old.tile.b - new.tile.b)


def _tiles_drawn(edit: Edit) -> int:
    """How many tiles a forgotten draw took: one is the commonest."""
    return next(m for m in edit.moves if isinstance(m, Draw)).count


@dataclass(frozen=True)
class Slip:
    """What the search knows of one kind of slip, in one place: the function that yields its
    changes (`found_by`), what it can change (`changes_plays`, `takes_tile`: its check), what
    it can explain and how it ranks among changes alike, and how an amendment makes it.
    Its wording is views/repairs.py's `WORDS[kind]`."""

    kind: Kind
    found_by: Callable[..., object]  # the function of this module that yields its changes
    of_call: bool = False  # explains a refused muggins call: who made the plays called on
    # May rewrite a move the keeper saw another player make: ranked after the changes that
    # only add a move left out, or correct a tile or an end.
    rewrites: bool = False
    # Typed without names, it only adds the move left out: the later moves went to the turn,
    # so the players it moves them to are none the keeper typed (a pass left out).
    adds_unnamed: bool = False
    another: bool = False  # always takes a move from its player or gives one to another
    reseat: bool = False  # made by `replace --reseat`, or `insert --reseat` (a move left out)
    size: Callable[[Edit], int] = _no_size  # how big among changes of its kind (smaller first)
    # Its check: what the refusal must leave possible for a change of this kind to be tried
    # at all (`_Proof.tries`). A play the layout refuses is refused again after every change
    # that leaves the plays as the layout takes them (their tiles, ends and order); a tile
    # already on the table, after every change that leaves that tile played.
    changes_plays: bool = False  # may change a play's tile or end, or the plays' order
    takes_tile: bool = False  # may take a tile off the table (a play's tile changed)


Refused = Move | Mapping[str, Hand]  # a move, or the remaining hands as the engine takes them


@dataclass(frozen=True)
class Edit:
    """One change to the round's moves: `moves` take the place of the moves from `start`
    to `stop` (0-based; an insertion has start == stop)."""

    kind: Kind
    start: int
    stop: int
    moves: tuple[Move, ...]
    was: tuple[Move, ...]

    @property
    def latest(self) -> int:
        """Where the change lies, for ranking: an insertion lies between two moves."""
        return 2 * self.start + (0 if self.start == self.stop else 1)


@dataclass(frozen=True)
class Command:
    """One amendment as a command would make it: `insert` one move, or `replace` one or
    more moves at once (a swap); positions are 1-based in the round, in the record as the
    commands before it have left it."""

    action: str  # "insert" | "replace"
    round: int
    at: tuple[tuple[int, Move], ...]
    reseat: bool = False  # `replace --reseat`: the later moves of the round follow the turn
    counts: tuple[int, ...] = ()  # a draw whose count the record cannot tell: the counts that fit


@dataclass(frozen=True)
class Repair:
    round: int  # 1-based
    edits: tuple[Edit, ...]
    commands: tuple[Command, ...]
    disagreeing: int  # claims in the round that differ from the true score, after the change
    length: int  # the round's moves as recorded
    # A draw left out whose count the record cannot tell: every count that fits (the edit
    # and command hold the smallest); empty for every other repair.
    counts: tuple[int, ...] = ()
    # The refused input was itself part of the slip: `input.moves[0]` is recorded in its
    # place (`input.was[0]`, as typed); None where the input is recorded as typed.
    input: Edit | None = None
    # A draw left out that fits at several of the drawer's turns, which the record cannot
    # tell apart: each place (0-based, before that move), latest first; the edit and
    # command hold the first. The table saw where: the keeper is asked. Empty otherwise.
    places: tuple[int, ...] = ()
    # A pass left out, every later move typed for the turn, that fits at several places,
    # which the record cannot tell apart: the repair at each place (the passer differs from
    # place to place), latest first as `places`. The table saw who passed: the keeper is
    # asked. Empty for a draw's places and every other repair.
    # or a tile typed with one number wrong at one play, where several tiles fit: the repair
    # with each tile (`tiles`), nearest first. The tile lies on the table: the keeper is asked.
    alternatives: tuple[Repair, ...] = ()

    @property
    def ruling(self) -> bool:
        """Whether this is the ruling that lets a move stand against the rules, not the
        repair of a slip (`rulings`)."""
        return (self.input is not None and self.input.kind is Kind.STANDS) or any(edit.kind is Kind.STANDS for edit in self.edits)

    @property
    def instead(self) -> Move | None:
        """The move recorded in place of the refused input, if the repair changes it."""
        return self.input.moves[0] if self.input is not None else None

    def at_text(self, start: int) -> str:
        """A place before move `start` (0-based) as typed: `4.20`."""
        return f"{self.round}.{start + 1}"

    def placed(self, start: int) -> Repair:
        """This repair of a draw, or of a pass, at one of several places, made at `start`."""
        if self.alternatives:
            return next(other for other in self.alternatives if other.edits[0].start == start)
        edit = self.edits[0]
        command = self.commands[0]
        moved = replace(edit, start=start, stop=start)
        return replace(
            self,
            edits=(moved,),
            commands=(Command("insert", command.round, ((start + 1, edit.moves[0]),)),),
            places=(),
        )

    @property
    def drawer(self) -> str:
        """Who drew, in a repair of a draw of unknown count."""
        return self.edits[0].moves[0].player

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles that fit, in a repair of a tile typed with one number wrong whose tile
        is asked; empty for every other repair."""
        if self.places or not self.alternatives:
            return ()
        return tuple(_played_tile(other) for other in self.alternatives)

    def with_tile(self, tile: Tile) -> Repair | None:
        """This repair of a tile typed wrong, with `tile` played (None: not one that fits)."""
        return next((other for other in self.alternatives if _played_tile(other).id == tile.id), None)

    def mover_at(self, start: int) -> str:
        """Who drew or passed, in this repair made at `start` (one of `places`)."""
        return self.placed(start).edits[0].moves[0].player

    def counted(self, count: int) -> Repair:
        """This repair of a draw of unknown count, with `count` tiles drawn."""
        edit = self.edits[0]
        draw = Draw(self.drawer, count)
        command = self.commands[0]
        position = command.at[0][0]
        return replace(
            self,
            edits=(replace(edit, moves=(draw,)),),
            commands=(Command(command.action, command.round, ((position, draw),)),),
            counts=(),
        )


def _played_tile(repair: Repair) -> Tile:
    play = repair.edits[0].moves[0]
    assert isinstance(play, Play)
    return play.tile


def search(
    game: Game,
    refused: Refused,
    *,
    claim: bool = False,
    most: int | None = MOST,
    named: bool = True,
    enough: int | None = None,
) -> list[Repair]:
    """The repairs of the current round under which `refused` (a move or remaining hands)
    follows the record, best first, at most `most` (None: all found). `claim`: the move
    was accepted but its claim differs from the true score (muggins off); the repairs are
    those under which the claim is right. `named`: the move's player was named; if not,
    the move is the turn's, whoever that is after a repair. `enough`: stop once that many
    single changes (not a draw, whose count may be open) are found later in the round
    than any change still to try: those rank before every earlier one (`most` if None).
    The game is left as it was."""
    r = game.current
    n = len(r.moves)
    if n == 0 or game.winner is not None or not game.undoable:
        return []
    accepts = _acceptance(refused, claim, named)
    moves = list(r.moves)
    states, wrong_before = _states(game)
    state = states[-1]
    if not claim and accepts(state.fork()) is not None:
        return []  # the input follows the record as it is: nothing to repair
    # None: no change of the recorded moves, alone or in pairs, can let the input through.
    proof = _proven(states, moves, refused, claim)

    found: dict[tuple[Any, ...], tuple[tuple[Any, ...], Repair]] = {}
    places: dict[tuple[Any, ...], set[int]] = {}  # where a draw left out fits, for each state it leads to
    drawn_to: dict[tuple[int, Move], tuple[Any, ...]] = {}  # the state each draw left out leads to
    work = _Work()
    recorded = [text for _index, text in state.current.faults]
    # A pass or draw the later plays prove wrong ("who can play must play", engine/held.py):
    # a repair that leaves one is one the record itself refuses, also where the round as
    # recorded has one (the slip made it, typically a move credited one seat off).

    def consider(edits: tuple[Edit, ...], final: Game, wrong: int, changed: Edit | None = None) -> None:
        # A rule broken that the round as recorded did not break (a lead that is not the
        # highest double): `audit` would report the repaired record, so it is no repair.
        if final.current.faults and [text for _index, text in final.current.faults] != recorded:
            return
        if proven_faults(final.current, final.players):
            return
        commands = _commands(r.number, edits, states, moves) if edits else ()
        if commands is None:
            return
        repair = Repair(r.number, edits, commands, wrong, n, input=changed)
        rank = _rank(repair, named)
        key = _state_key(final, r.number)
        if len(edits) == 1 and edits[0].kind is Kind.DRAW and changed is None:
            places.setdefault(key, set()).add(edits[0].start)
            drawn_to[(edits[0].start, edits[0].moves[0])] = key
        if key not in found or rank < found[key][0]:
            found[key] = (rank, repair)

    for edit, changed in () if claim else _input_changes(states, moves, refused, named):
        at = edit.start if edit is not None else n
        typed = changed.moves[0] if changed is not None else refused
        result = _replay(states[at], edit, moves, _acceptance(typed, False), work)
        if result is not None:
            final, wrong = result
            consider((edit,) if edit is not None else (), final, wrong_before[at] + wrong, changed)
    # A refused call is explained by who called it, the claim it was called on (above), or
    # who made the play called on; a tile, an end or a draw changed earlier in the round so
    # that some play scores, or scores for another side, is not a call's slip.
    call = isinstance(refused, Muggins)
    if enough is None:
        enough = most if most is not None else 1 << 30
    settled: list[int] = []  # where the single changes found that settle the slip lie
    drawn: list[Edit] = []  # draws left out that the replay takes at the latest place
    # The round as recorded holds a pass or draw its plays prove wrong: a draw left out may
    # be what made it look so, and then the proof, not the boneyard, decides where it fits
    # (an earlier place can hold where the latest is refused).
    proved = bool(proven_faults(state.current, state.players))
    grouped = False  # a pass left out, the later moves one seat on, has settled the slip
    for edit in _edits(states, moves, proof) if proof is not None else ():
        # Changes come latest first, and a later single change ranks before an earlier one.
        if sum(latest > edit.latest for latest in settled) >= enough:
            break
        if (call and not SLIP[edit.kind].of_call) or (proof is not None and proof.hopeless(edit)):
            continue
        result = _replay(states[edit.start], edit, moves, accepts, work)
        if result is not None:
            final, wrong = result
            before = len(found)
            consider((edit,), final, wrong_before[edit.start] + wrong)
            if edit.kind is Kind.DRAW:
                drawn.append(edit)
            elif len(found) > before and not (grouped and edit.kind is Kind.PASS_SEAT):
                settled.append(edit.latest)
                # Typed without names, a pass left out at each of several places is one
                # repair whose place is asked (`_passes_left_out`): it settles once.
                grouped = grouped or (not named and edit.kind is Kind.PASS_SEAT)
        elif edit.kind is Kind.DRAW and (proved or _hands_need(refused, state, edit)):
            drawn.append(edit)  # the hands or the plays may refuse it here for what they prove, not earlier
    # The same draw at the drawer's earlier turns: the same game as far as the tiles go, but
    # not for what the later plays and the hands prove of who could play.
    for edit in drawn:
        player = state.players.index(edit.moves[0].player)
        for start in range(edit.start - 1, 0, -1):
            here = states[start].current
            if here.turn != player or here.result is not None:
                continue
            earlier = replace(edit, start=start, stop=start)
            result = _replay(states[start], earlier, moves, accepts, work)
            if result is not None:
                consider((earlier,), result[0], wrong_before[start] + result[1])
    if not found and not call and proof is not None:
        _pairs(states, moves, accepts, wrong_before, consider, _Work())
    best = _unknown_counts(sorted(found.values(), key=lambda item: item[0]))
    if not named:
        best = _passes_left_out(best, n)
    best = _tiles_asked(best)
    out = []
    for _order, repair in best[:most]:
        edit = repair.edits[0] if len(repair.edits) == 1 else None
        if edit is not None and edit.kind is Kind.DRAW and repair.input is None:
            # Every place this draw fits (of its smallest count, where the count is open),
            # leading to the same game: the table saw which.
            where = sorted(places.get(drawn_to.get((edit.start, edit.moves[0]), ()), {edit.start}), reverse=True)
            if len(where) > 1:
                repair = replace(repair, places=tuple(where))
        out.append(repair)
    return out


def _hands_need(refused: Refused, state: Game, edit: Edit) -> bool:
    """Whether the hands refused give the drawer as many more tiles than the record as the
    draw `edit` holds (or a pip total, which says nothing of how many)."""
    if not isinstance(refused, Mapping):
        return False
    draw = edit.moves[0]
    assert isinstance(draw, Draw)
    hand = refused.get(draw.player)
    if isinstance(hand, int):
        return True
    size = state.current.hand_sizes[state.players.index(draw.player)]
    return hand is not None and len(hand) == size + draw.count


def _states(game: Game) -> tuple[list[Game], list[int]]:
    """The state before each move of the current round, from the round's start, and after
    the last (a change at move i is tried on a copy of states[i], so the moves before it
    are never replayed); and how many claims disagree with the true score among the moves
    before each."""
    start = game.fork(with_undo=True)
    start.restart_round()
    states: list[Game] = []
    wrong_before = [0]
    state = start.fork()
    for move in game.current.moves:
        states.append(state.fork())
        out = state.push(move)
        wrong_before.append(wrong_before[-1] + _disagrees(move, out.score))
    states.append(state)
    return states, wrong_before


def _unknown_counts(best: list[tuple[tuple[Any, ...], Repair]]) -> list[tuple[tuple[Any, ...], Repair]]:
    """A draw left out that fits with several counts at one place is one repair of a draw
    of unknown count (at the place of the best of them): offering each count as if it
    settled the slip would only move the refusal later, where the wrong count shows."""
    out: list[tuple[tuple[Any, ...], Repair]] = []
    groups: dict[tuple[int, str], tuple[int, list[int]]] = {}
    for rank, repair in best:
        if len(repair.edits) == 1 and repair.edits[0].kind is Kind.DRAW:
            edit = repair.edits[0]
            draw = edit.moves[0]
            assert isinstance(draw, Draw)
            key = (edit.start, draw.player)
            if key in groups:
                groups[key][1].append(draw.count)
                continue
            groups[key] = (len(out), [draw.count])
        out.append((rank, repair))
    for index, counts in groups.values():
        if len(counts) > 1:
            rank, repair = out[index]
            out[index] = (rank, replace(repair, counts=tuple(sorted(counts))))
    # A draw that fits with any of several counts explains less than a change that fits
    # only as it is: among repairs of as many changes, it comes after them.
    out.sort(key=lambda item: (item[0][0], item[0][1], item[0][2], bool(item[1].counts)))
    return out


def _passes_left_out(best: list[tuple[tuple[Any, ...], Repair]], n: int) -> list[tuple[tuple[Any, ...], Repair]]:
    """With the input typed without a name, a pass left out that fits at several places
    is one repair, ranked as the best of them, whose place the keeper is asked: every move
    after it went to the turn, so the record cannot tell where the table passed (each place
    gives the moves between to other players), but the table saw who passed. Offered as
    three near-identical lines it would fill every slot and crowd out the other slips."""
    members = [repair for _rank, repair in best if _pass_left_out(repair, n)]
    if len(members) < 2:
        return best
    members.sort(key=lambda repair: -repair.edits[0].start)
    group = replace(members[0], places=tuple(repair.edits[0].start for repair in members), alternatives=tuple(members))
    out: list[tuple[tuple[Any, ...], Repair]] = []
    for rank, repair in best:
        if not _pass_left_out(repair, n):
            out.append((rank, repair))
        elif not any(other is group for _rank, other in out):
            out.append((rank, group))
    return out


def _tiles_asked(best: list[tuple[tuple[Any, ...], Repair]]) -> list[tuple[tuple[Any, ...], Repair]]:
    """A tile typed with one number wrong that several tiles fit (6-2 typed, and 6-1, 6-3
    and 6-4 all go through) is one repair, ranked as the best of them, whose tile the
    keeper is asked: the tile lies on the table, where the record cannot tell it. Offered
    as separate repairs, the nearest number first, they would fill every slot."""
    groups: dict[int, list[Repair]] = {}
    for _rank, repair in best:
        if len(repair.edits) == 1 and repair.input is None and repair.edits[0].kind is Kind.DIGIT:
            groups.setdefault(repair.edits[0].start, []).append(repair)
    if all(len(members) < 2 for members in groups.values()):
        return best
    out: list[tuple[tuple[Any, ...], Repair]] = []
    for rank, repair in best:
        members = groups.get(repair.edits[0].start, []) if repair.edits and repair.input is None else []
        if len(members) < 2 or not any(repair is member for member in members):
            out.append((rank, repair))
        elif repair is members[0]:
            out.append((rank, replace(repair, alternatives=tuple(members))))
    return out


def _pass_left_out(repair: Repair, n: int) -> bool:
    """Whether `repair` is a pass left out alone, every later move one seat on: re-seated,
    or just before the refused input (typed for the turn, so also one seat on)."""
    if len(repair.edits) != 1 or repair.input is not None:
        return False
    edit = repair.edits[0]
    return edit.kind is Kind.PASS_SEAT or (edit.kind is Kind.PASS and edit.start == n)


# --- what counts as the refused input getting through ---------------------------------------------


class _Proof:
    """What the refused input proves of the single changes (`_proven`): `hopeless(edit)` is
    true where the change's replay would be refused for certain, so it need not be
    replayed. `plays`, `ends` and `tile` let `_edits` leave out, unmade, changes that
    `hopeless` refuses: only a kind that changes the plays can help (its `Slip`'s
    `changes_plays`); only a change of one of the plays on `ends` (None: the lead); only
    a kind that takes `tile` off the table (`takes_tile`), in the play that laid it."""

    def __init__(
        self,
        hopeless: Callable[[Edit], bool] | None = None,
        *,
        ends: tuple[End | None, ...] | None = None,
        tile: Tile | None = None,
    ) -> None:
        self.hopeless = hopeless or _never
        self.plays = hopeless is not None  # every refusal that proves anything is the layout's
        self.ends = ends
        self.tile = tile
        self._kinds = frozenset(slip.kind for slip in SLIPS if self._leaves(slip))
        self._searches = frozenset(slip.found_by for slip in SLIPS if slip.kind in self._kinds)

    def _leaves(self, slip: Slip) -> bool:
        return (slip.changes_plays or not self.plays) and (slip.takes_tile or self.tile is None)

    def tries(self, kind: Kind) -> bool:
        """Whether a change of `kind` can let the input through (its `Slip`'s check)."""
        return kind in self._kinds

    def searches(self, found_by: Callable[..., object]) -> bool:
        """Whether the function `found_by` yields a kind of change worth trying."""
        return found_by in self._searches


def _proven(states: Sequence[Game], moves: Sequence[Move], refused: Refused, claim: bool) -> _Proof | None:
    """What the refusal of `refused` after the round as recorded (`states[-1]`) proves of
    the single changes; None where no change at all, alone or in pairs, can help.

    A play the layout refuses (its tile on the table, or no end showing its number) or
    scores otherwise than claimed is refused after any change that leaves the plays as
    they were, since the layout is made by the plays alone (their tiles, in their order,
    on their ends): a draw, a pass or a player changed leaves it as it is. The W or E end
    is made by the lead and the plays on that end alone, so after a change behind the
    lead, what it shows is the number it showed before the change followed along the
    plays on it. No change takes tiles back into the boneyard (none deletes a draw or
    makes one smaller), so a draw of more than it holds is refused after every change."""
    final = states[-1]
    if isinstance(refused, Draw):
        return None if refused.count > final.current.boneyard else _Proof()
    if not isinstance(refused, Play):
        return _Proof()
    layout = final.current.layout
    tile = refused.tile
    try:
        end = layout.resolve_end(tile, refused.end)
    except ScorepadError:
        pass
    else:
        if not claim or layout.counting.score(layout.copy().place(tile, end)) == refused.claim:
            return _Proof()  # the layout takes it as it is: the refusal is the turn's or the round's
        return _Proof(_same_plays)
    if layout.on_table(tile):
        return _Proof(lambda edit: not (_holds(edit.was, tile) and not _holds(edit.moves, tile)), tile=tile)
    if refused.end is not End.W and refused.end is not End.E:
        return _Proof(_same_plays)
    at = refused.end
    ends = (None, at)
    # The tiles played on that end from each move on.
    later: list[tuple[Tile, ...]] = [()] * (len(moves) + 1)
    for k in range(len(moves) - 1, -1, -1):
        move = moves[k]
        later[k] = (move.tile, *later[k + 1]) if isinstance(move, Play) and move.end is at else later[k + 1]

    def hopeless(edit: Edit) -> bool:
        if edit.start == 0:
            return _plays(edit.was, ends) == _plays(edit.moves, ends)
        shows = states[edit.start].current.layout.open_number(at)
        made = [m.tile for m in edit.moves if isinstance(m, Play) and m.end is at]
        for played in (*made, *later[edit.stop]):
            if played.a == shows:
                shows = played.b
            elif played.b == shows:
                shows = played.a
            else:
                return True  # that play would be refused
        return shows != tile.a and shows != tile.b

    return _Proof(hopeless, ends=ends)


def _same_plays(edit: Edit) -> bool:
    return _plays(edit.was, None) == _plays(edit.moves, None)


def _never(_edit: Edit) -> bool:
    return False


def _plays(moves: Sequence[Move], ends: tuple[End | None, ...] | None) -> list[tuple[int, int, End | None]]:
    """The plays among `moves` as the layout takes them (on `ends` only, if given)."""
    return [(m.tile.a, m.tile.b, m.end) for m in moves if isinstance(m, Play) and (ends is None or m.end in ends)]


def _holds(moves: Sequence[Move], tile: Tile) -> bool:
    return any(isinstance(m, Play) and m.tile == tile for m in moves)


def _acceptance(refused: Refused, claim: bool, named: bool = True) -> Callable[[Game], int | None]:
    """A test of a replayed game: None when `refused` still cannot follow, else how many
    claims it disagrees with (0 or 1)."""
    if isinstance(refused, (Play, Draw, Pass, Muggins, Exposes)):
        typed = refused

        def accepts(game: Game) -> int | None:
            move = as_typed(game, typed, named)
            try:
                out = game.push(move)
            except AmbiguousMoveError:
                return None
            except ScorepadError:
                return None
            if out.faults or (claim and isinstance(move, Play) and move.claim != out.score):
                return None
            if game.prove():
                return None  # the round's plays prove a pass or draw wrong: `audit` would report it
            return _disagrees(move, out.score)

        return accepts
    hands = dict(refused)

    def hands_fit(game: Game) -> int | None:
        if game.current.result is None or hands_refused(game, hands):
            return None
        return 0

    return hands_fit


def hands_refused(game: Game, hands: Mapping[str, Hand]) -> bool:
    """Whether `hands` cannot be entered as the remaining hands of `game`: they contradict
    what it knows, or they prove a pass or a draw of the round against the rules, which
    `hands` refuses too (engine/held.py)."""
    try:
        given, _pips = game.check_hands(hands)
    except ScorepadError:
        return True
    return bool(proven_faults(game.current, game.players, given))


def order_repairs(game: Game) -> list[Repair]:
    """The round's last two plays swapped, where a muggins chance that one of them left
    (a phantom "missed 10") comes only from their order: swapped, both are legal, neither
    leaves a chance, and the round breaks no rule it did not break. Empty otherwise; the
    game is left as it was."""
    if not game.current.order_noted(game.rules.muggins):
        return []
    r = game.current
    n = len(r.moves)
    moves = list(r.moves)
    states, _wrong = _states(game)
    recorded = [text for _index, text in r.faults]
    out = []
    for edit in _swaps(n - 2, moves[-2], moves[-1]):
        if edit.kind is not Kind.SWAP:
            continue
        final = states[n - 2].fork()
        try:
            for move in edit.moves:
                final.push(move)
        except ScorepadError:
            continue
        here = final.current
        if here.chance_since(n - 2) or (here.faults and [text for _index, text in here.faults] != recorded):
            continue
        if final.prove() or proven_faults(here, final.players):
            continue
        commands = _commands(r.number, (edit,), states, moves)
        if commands is not None:
            out.append(Repair(r.number, (edit,), commands, 0, n))
    return out


def rulings(game: Game, refused: Refused, named: bool = True) -> list[Repair]:
    """The ruling that records a refused input as the table played it (docs/rules.md
    "Irregularities"): the refused play, draw or pass let stand; or, where the input (a
    play, or the hands) proves an earlier pass or draw of the round wrong, that move let
    stand (under highest-double, a lead the play proves another player's). Offered beside
    the repairs of a slip; empty when no ruling makes the input fit."""
    r = game.current
    length = len(r.moves)
    if isinstance(refused, (Play, Draw, Pass)) and not refused.stands:
        typed = as_typed(game, refused, named)
        assert isinstance(typed, (Play, Draw, Pass))  # the same kind, its player perhaps the turn's
        move = typed._replace(stands=True)
        trial = game.fork()
        try:
            out = trial.push(move)
        except ScorepadError:
            out = None
        if out is not None and not out.faults and not trial.prove():
            return [Repair(r.number, (), (), 0, length, input=Edit(Kind.STANDS, length, length, (move,), (refused,)))]
    found: list[tuple[int, str]] = []
    if isinstance(refused, (Play, Exposes)):  # a tile shown was held since its player's last draw
        trial = game.fork()
        known = len(trial.current.faults)
        try:
            trial.push(as_typed(game, refused, named))
        except ScorepadError:
            return []
        trial.prove()
        found = [(at, text) for at, text in trial.current.faults[known:] if at is not None and at < length]
    elif isinstance(refused, Mapping):
        try:
            given, _pips = game.check_hands(refused)
        except ScorepadError:
            return []
        found = proven_faults(r, game.players, given)
    offered = []
    for at, _text in found[:1]:
        was = r.moves[at]  # a pass or draw, or under highest-double the lead
        if not isinstance(was, (Pass, Draw, Play)):
            continue
        move = was._replace(stands=True)
        command = Command("replace", r.number, ((at + 1, move),))
        offered.append(Repair(r.number, (Edit(Kind.STANDS, at, at + 1, (move,), (was,)),), (command,), 0, length))
    return offered


def as_typed(game: Game, move: Move, named: bool) -> Move:
    """`move` as scorepad takes it in `game`: a move typed without a name is the turn's."""
    if named or isinstance(move, Muggins) or game.turn is None:
        return move
    return move._replace(player=game.turn)


def applied(moves: Sequence[Move], commands: Sequence[Command], players: Sequence[str]) -> list[Move]:
    """A round's moves with `commands` made on them, as the amendments make them."""
    out = list(moves)
    for command in commands:
        for position, move in command.at:
            i = position - 1
            if command.reseat:
                out = reseated(out, i, move, players, inserted=command.action == "insert")
            elif command.action == "insert":
                out.insert(i, move)
            else:
                out[i] = move
    return out


def _disagrees(move: Move, score: int) -> int:
    return int(isinstance(move, Play) and move.claim is not None and move.claim != score)


class _Work:
    """Moves replayed so far: bounds the pair search by work done, not by time, so the
    same record always gets the same suggestions."""

    def __init__(self) -> None:
        self.pushed = 0


def _replay(
    state: Game, edit: Edit | None, moves: Sequence[Move], accepts: Callable[[Game], int | None], work: _Work
) -> tuple[Game, int] | None:
    """`edit` made on a copy of `state`, the moves after it replayed, then the refused
    input: the game after it and the disagreeing claims, or None if anything is refused.
    No edit: `state` is the record's last, and only the input is tried on it."""
    game = state.fork()
    wrong = 0
    if edit is None:
        last = accepts(game)
        return None if last is None else (game, last)
    try:
        for move in edit.moves:
            out = game.push(move)
            wrong += _disagrees(move, out.score)
        layout = game.current.layout
        for move in moves[edit.stop :]:
            work.pushed += 1
            if isinstance(move, Play) and move.end is not None and layout.placed and not layout.accepts(move.tile, move.end):
                return None  # refused: said without wording the refusal, which no one reads
            out = game.push(move)
            wrong += _disagrees(move, out.score)
    except ScorepadError:
        return None
    last = accepts(game)
    if last is None:
        return None
    return game, wrong + last


def _state_key(game: Game, number: int | None = None) -> tuple[Any, ...]:
    """What the game's future depends on, and who played which tile in round `number` (the
    one repaired; None: the current one): two repairs that give the same are one. Two plays swapped, each player
    keeping their seat, can leave the same layout and scores as another swap, yet the
    keeper saw who played which tile."""
    r = game.current
    layout = r.layout
    repaired = game.rounds[number - 1] if number is not None else r
    played = frozenset((m.player, m.tile.id) for m in repaired.moves if isinstance(m, Play))
    return (
        played,
        frozenset((p.tile.id, p.end, p.inner) for p in layout.placed),
        layout.spinner.id if layout.spinner is not None else None,
        tuple(game.scores),
        tuple(r.hand_sizes),
        r.boneyard,
        r.turn,
        r.result,
        r.passes,
        len(game.rounds),
    )


def _rank(repair: Repair, named: bool = True) -> tuple[Any, ...]:
    edits = list(repair.edits)
    latest = sorted((edit.latest for edit in edits), reverse=True)
    if repair.input is not None and not edits:
        # The refused input's player or end: one change, after every single change of the
        # record. A name typed is what the recorder saw, and a move left out before it,
        # which put the turn elsewhere, is the likelier slip; a play typed on the end the
        # table shows is refused where one earlier play went on another end. Before every
        # pair: two recorded moves rewritten to take the end as typed are less likely than
        # the end typed wrong, and the player would make that repair by habit.
        edits, latest = [repair.input], [-1]
    nearness = sum(SLIP[edit.kind].size(edit) for edit in edits)
    kinds = [ORDER[edit.kind] for edit in edits]
    text = " ".join(str(m) for edit in edits for m in edit.moves)
    # A change that rewrites a move the keeper saw another player make comes after one that
    # only adds the move left out (or corrects a tile or an end), wherever each lies. A pass
    # left out with the input typed without a name adds the pass: the later moves went to
    # the turn, not to players the keeper named.
    rewrites = sum(
        SLIP[edit.kind].rewrites and (named or not SLIP[edit.kind].adds_unnamed) and _rewrites_another(edit) for edit in edits
    )
    # A pass or draw that a swap gives to another player: the keeper saw who passed, and a
    # pass left out (the later moves one seat off) is the likelier slip.
    moved = sum(edit.kind is Kind.SWAP and _moves_a_turn(edit) for edit in edits)
    # A draw moved to a later turn than the one it was typed at: the keeper would have typed
    # it before the table made it. After every change that only adds the move left out, a
    # draw of open count included (`_unknown_counts`).
    ahead = sum(_drawn_ahead(edit) for edit in edits)
    return (len(edits), rewrites, ahead, moved, [-p for p in latest], repair.disagreeing, nearness, kinds, text)


def _drawn_ahead(edit: Edit) -> bool:
    """Whether the change moves a recorded draw to a later turn (`_draw_moved`: the draw,
    first of the moves it replaces, goes last; two draws swapped are not told apart)."""
    if edit.kind is not Kind.MOVE or edit.moves[-1] is not edit.was[0]:
        return False
    return edit.moves[0] is not edit.was[-1] or not isinstance(edit.was[-1], Draw)


def _moves_a_turn(edit: Edit) -> bool:
    """Whether the change takes a recorded pass or draw from its player and gives it to another."""

    def turns(moves: Sequence[Move]) -> list[str]:
        return [m.player for m in moves if isinstance(m, (Pass, Draw))]

    return turns(edit.was) != turns(edit.moves)


def _rewrites_another(edit: Edit) -> bool:
    """Whether the change takes a recorded move from its player or gives one to another."""
    if SLIP[edit.kind].another or _moves_a_turn(edit):
        return True
    return any(old.player != new.player for old, new in zip(edit.was, edit.moves, strict=False))


# --- the changes tried --------------------------------------------------------------------------


def _edits(states: Sequence[Game], moves: Sequence[Move], proof: _Proof | None = None) -> Iterator[Edit]:
    """Every single change worth replaying, latest first (moves[i] is made in states[i]);
    with `proof`, without those it leaves out (every change it leaves out it proves
    hopeless): a function is called only where a kind it finds passes its `Slip`'s check."""
    n = len(moves)
    drawn: set[tuple[str, int]] = set()
    proof = proof or _ANYTHING
    searches = proof.searches
    for i in range(n, -1, -1):
        state = states[i]
        if searches(_inserts):
            yield from _inserts(state, i, drawn)
        if i == n:
            continue
        if searches(_passes_reseated):
            yield from _passes_reseated(state, i, moves)
        move = moves[i]
        if searches(_changes_of):
            yield from _changes_of(state, i, move, proof)
        if searches(_seats):
            yield from _seats(state, i, moves)
        if searches(_draw_moved):
            yield from _draw_moved(states, i, moves)
        if i + 1 < n and searches(_swaps) and _on_ends(proof, move, moves[i + 1]):
            yield from _swaps(i, move, moves[i + 1])


def _draw_moved(states: Sequence[Game], i: int, moves: Sequence[Move]) -> Iterator[Edit]:
    """A draw recorded at another of the drawer's turns than the one the table drew at
    (a forgotten draw put in at a later turn): moved to each other turn of theirs. It
    leaves the tiles and the turns as they were, and changes what the later plays and the
    hands prove of who could play."""
    draw = moves[i]
    if not isinstance(draw, Draw):
        return
    player = states[i].players.index(draw.player)
    for j in range(len(moves), 0, -1):
        if j in (i, i + 1):
            continue
        here = states[j].current
        if here.turn != player or here.result is not None or not here.layout:
            continue
        if j < i:
            yield Edit(Kind.MOVE, j, i + 1, (draw, *moves[j:i]), tuple(moves[j : i + 1]))
        else:
            yield Edit(Kind.MOVE, i, j, (*moves[i + 1 : j], draw), tuple(moves[i:j]))


def _on_ends(proof: _Proof, first: Move, second: Move) -> bool:
    """Whether two moves swapped can change the plays `proof` asks to change: any two where
    it asks nothing of the plays; else two plays (a swap of anything else leaves the plays
    as they were), both on its ends."""
    if not proof.plays:
        return True
    if not (isinstance(first, Play) and isinstance(second, Play)):
        return False
    return proof.ends is None or (first.end in proof.ends and second.end in proof.ends)


def _inserts(state: Game, i: int, drawn: set[tuple[str, int]] | None = None) -> Iterator[Edit]:
    """A pass or a draw left out before move i. A draw by one player of one count is tried
    at the latest place only (`drawn` holds those tried): an earlier place gives the same
    game, or fails where the later one does (the boneyard is smaller for longer)."""
    r = state.current
    if r.turn is None or r.result is not None or not r.layout:
        return
    player = state.players[r.turn]
    if r.boneyard == 0:
        yield Edit(Kind.PASS, i, i, (Pass(player),), ())
    for count in range(1, r.boneyard + 1):
        if drawn is not None:
            if (player, count) in drawn:
                continue
            drawn.add((player, count))
        yield Edit(Kind.DRAW, i, i, (Draw(player, count),), ())


def _passes_reseated(state: Game, i: int, moves: Sequence[Move]) -> Iterator[Edit]:
    """A pass left out before move i, with move i and every later one one seat on: typed
    without names, the move after a forgotten pass went to the player who passed."""
    r = state.current
    if r.turn is None or r.result is not None or not r.layout or r.boneyard or isinstance(moves[i], Muggins):
        return
    player = state.players[r.turn]
    if moves[i].player != player:
        return
    new = reseated(moves, i, Pass(player), state.players, inserted=True)
    yield Edit(Kind.PASS_SEAT, i, len(moves), tuple(new[i:]), tuple(moves[i:]))


def _seats(state: Game, i: int, moves: Sequence[Move]) -> Iterator[Edit]:
    """The lead credited to another player, and every later move of the round one seat
    off with it: where the table names the opener, a lead typed for the wrong player shifts
    every move typed after it without a name."""
    move = moves[i]
    if not (isinstance(move, Play) and state.current.table_names_opener) or i + 1 >= len(moves):
        return
    for player in state.players:
        if player != move.player:
            new = reseated(moves, i, move._replace(player=player), state.players)
            # Where scorepad drew the lot, the table may have drawn its own and led by it.
            kind = Kind.LOT if state.current.drawn else Kind.SEAT
            yield Edit(kind, i, len(moves), tuple(new[i:]), tuple(moves[i:]))


def _changes_of(state: Game, i: int, move: Move, proof: _Proof | None = None) -> Iterator[Edit]:
    """The changes of move i itself; with `proof`, without those it leaves out."""
    r = state.current
    layout = r.layout
    one = (move,)
    proof = proof or _ANYTHING
    ends = proof.ends if layout else None  # the lead changes every end
    if isinstance(move, Play):
        tile = move.tile
        if proof.tile is not None and tile != proof.tile:
            return  # only a change of the play that laid that tile takes it off the table
        if proof.tries(Kind.END) and not layout:  # the lead: its first number faces W
            if not tile.is_double:
                yield Edit(Kind.END, i, i + 1, (Play(move.player, Tile(tile.b, tile.a), None, move.claim),), one)
        elif proof.tries(Kind.END):
            for end in layout.ends_for(tile):
                if end is not move.end and (ends is None or end in ends or move.end in ends):
                    yield Edit(Kind.END, i, i + 1, (Play(move.player, tile, end, move.claim),), one)
        if proof.tries(Kind.DIGIT) and (ends is None or move.end in ends):
            seen = {tile.id}
            for new in _one_digit_off(tile):
                if new.id in seen or (layout and not layout.accepts(new, move.end or End.W)):
                    continue
                seen.add(new.id)
                yield Edit(Kind.DIGIT, i, i + 1, (Play(move.player, new, move.end, move.claim),), one)
    # Another player: only where the rules let someone else make this move at all (a lead
    # the table names under highest-double, a muggins call); elsewhere the turn, or the
    # opener the record names, decides who moves.
    if not proof.tries(Kind.PLAYER):
        return
    if isinstance(move, Muggins) or (isinstance(move, Play) and r.table_names_opener):
        for player in state.players:
            if player != move.player:
                yield Edit(Kind.PLAYER, i, i + 1, (move._replace(player=player),), one)


def _one_digit_off(tile: Tile) -> tuple[Tile, ...]:
    """Every tile with one number changed, the nearest numbers first."""
    key = tile.a * 7 + tile.b
    off = _DIGITS_OFF.get(key)
    if off is None:
        off = _DIGITS_OFF[key] = tuple(_digits_off(tile))
    return off


_DIGITS_OFF: dict[int, tuple[Tile, ...]] = {}  # by the tile's halves as written


def _digits_off(tile: Tile) -> Iterator[Tile]:
    for distance in range(1, 7):
        for value in (tile.a - distance, tile.a + distance):
            if 0 <= value <= 6:
                yield Tile(value, tile.b)
        for value in (tile.b - distance, tile.b + distance):
            if 0 <= value <= 6:
                yield Tile(tile.a, value)


def _swaps(i: int, first: Move, second: Move) -> Iterator[Edit]:
    was = (first, second)
    yield Edit(Kind.SWAP, i, i + 2, (second, first), was)
    if first.player != second.player:
        # Typed in the wrong order with the mover left to the turn: the players keep their seats.
        yield Edit(Kind.SWAP, i, i + 2, (second._replace(player=first.player), first._replace(player=second.player)), was)
        if isinstance(first, Play) and isinstance(second, Draw):
            # A draw typed after the play it came before: the drawer keeps the turn, so the
            # draw went to the next player; both are the player's who played.
            yield Edit(Kind.AFTER, i, i + 2, (second._replace(player=first.player), first), was)


def _input_changes(
    states: Sequence[Game], moves: Sequence[Move], refused: Refused, named: bool
) -> Iterator[tuple[Edit | None, Edit | None]]:
    """The changes that take the refused input for part of the slip, each as the change to
    the recorded moves (None: none) and the change to the input (None: as typed)."""
    if not isinstance(refused, (Play, Draw, Pass, Muggins)):
        return
    n = len(moves)
    now = states[n]
    last = moves[-1] if moves else None
    if isinstance(refused, Muggins):
        # Another opponent called it; or the play called on was claimed as typed, where the
        # player in fact claimed nothing and so missed its score.
        for player in now.players:
            if player != refused.player:
                yield None, Edit(Kind.MOVER, n, n, (Muggins(player),), (refused,))
        if isinstance(last, Play) and last.claim is not None:
            yield Edit(Kind.CLAIM, n - 1, n, (last._replace(claim=None),), (last,)), None
        return
    turn = now.turn
    layout = now.current.layout
    if isinstance(refused, Play) and refused.end is not None and layout.placed:
        # The end typed wrong in this very move: the refusal names where the tile fits.
        for end in layout.ends_for(refused.tile):
            if end is not refused.end:
                yield None, Edit(Kind.END_IN, n, n, (refused._replace(end=end),), (refused,))
    if named and turn is not None and refused.player != turn:
        # Typed with a name on another's turn: the player whose turn it was made it.
        yield None, Edit(Kind.MOVER, n, n, (refused._replace(player=turn),), (refused,))
    if not (isinstance(refused, Play) and isinstance(last, Play)) or last.end is None or turn is None:
        return
    if turn == last.player or (named and refused.player not in (last.player, turn)):
        return
    # The refused play went before the last one recorded, each typed for the turn: the
    # recorded player made the refused play, and the turn's player the recorded one.
    before = states[n - 1].current.layout
    ends = [refused.end] if refused.end is not None else list(before.ends_for(refused.tile))
    for end in ends:
        if refused.tile.id == last.tile.id or not before.accepts(refused.tile, end):
            continue
        first = Play(last.player, refused.tile, end, refused.claim)
        yield (
            Edit(Kind.SWAP_IN, n - 1, n, (first,), (last,)),
            Edit(Kind.SWAP_IN, n, n, (Play(turn, last.tile, last.end, last.claim),), (refused,)),
        )


def _pairs(
    states: Sequence[Game],
    moves: Sequence[Move],
    accepts: Callable[[Game], int | None],
    wrong_before: Sequence[int],
    consider: Callable[[tuple[Edit, ...], Game, int], None],
    work: _Work,
) -> None:
    """Two changes: the first anywhere, the second where the first one's replay is refused
    (a change of the move it broke, or a move left out before it), within the budget."""
    n = len(moves)
    for first in _edits(states, moves):
        if work.pushed > PAIR_BUDGET:
            return
        game = states[first.start].fork()
        try:
            for move in first.moves:
                game.push(move)
        except ScorepadError:
            continue
        stop = first.stop
        while stop < n:
            try:
                work.pushed += 1
                game.push(moves[stop])
            except ScorepadError:
                break
            stop += 1
        seconds = list(_inserts(game, stop))
        if stop < n:
            seconds += _changes_of(game, stop, moves[stop])
            if stop + 1 < n:
                seconds += _swaps(stop, moves[stop], moves[stop + 1])
        for second in seconds:
            if second.start == first.start == first.stop == second.stop:
                continue  # two insertions at one place: one of them is a single change
            result = _replay(game, second, moves, accepts, work)
            if result is not None:
                final, wrong = result
                consider((first, second), final, wrong_before[first.start] + wrong)


# --- as commands -----------------------------------------------------------------------------


def _commands(number: int, edits: tuple[Edit, ...], states: Sequence[Game], moves: Sequence[Move]) -> tuple[Command, ...] | None:
    """The amendments that make `edits`, in an order in which each command alone leaves a
    legal record (a command that is refused changes nothing); None if there is none."""
    if any(SLIP[e.kind].reseat for e in edits):
        # A re-seating is one `replace --reseat` of the lead; a draw or pass left out after
        # it is inserted once the moves are re-seated.
        ordered = sorted(edits, key=lambda e: not SLIP[e.kind].reseat)
        return tuple(_command(number, e, edits, ()) for e in ordered)
    if len(edits) == 1 or all(e.start != e.stop for e in edits):
        # Replacements only: one `replace` with every position makes them at once.
        at = tuple((e.start + k + 1, m) for e in edits for k, m in enumerate(e.moves))
        if len(edits) == 1 and edits[0].start == edits[0].stop:
            return (Command("insert", number, at),)
        return (Command("replace", number, at),)
    for order in (edits, edits[::-1]):
        first = order[0]
        if _legal_with(states, moves, first):
            return tuple(_command(number, e, edits, order[:k]) for k, e in enumerate(order))
    return None


def _command(number: int, edit: Edit, edits: Sequence[Edit], before: Sequence[Edit]) -> Command:
    if SLIP[edit.kind].reseat:
        # A lead re-seated replaces the lead; a pass left out is inserted before the move.
        action = "insert" if len(edit.moves) > len(edit.was) else "replace"
        return Command(action, number, ((edit.start + 1, edit.moves[0]),), reseat=True)
    shift = sum(len(e.moves) - (e.stop - e.start) for e in before if e.start <= edit.start and e is not edit)
    at = tuple((edit.start + shift + k + 1, m) for k, m in enumerate(edit.moves))
    return Command("insert" if edit.start == edit.stop else "replace", number, at)


def _legal_with(states: Sequence[Game], moves: Sequence[Move], edit: Edit) -> bool:
    game = states[edit.start].fork()
    try:
        for move in (*edit.moves, *moves[edit.stop :]):
            game.push(move)
    except ScorepadError:
        return False
    return True


# --- the kinds of slip, in the order that ranks changes alike ------------------------------------

SLIPS: tuple[Slip, ...] = (
    Slip(Kind.END_IN, _input_changes),
    Slip(Kind.MOVER, _input_changes, rewrites=True, another=True),
    Slip(Kind.END, _changes_of, changes_plays=True),
    Slip(Kind.DIGIT, _changes_of, size=_digits_apart, changes_plays=True, takes_tile=True),
    Slip(Kind.CLAIM, _input_changes),
    Slip(Kind.DRAW, _inserts, size=_tiles_drawn),
    Slip(Kind.PASS, _inserts),
    Slip(Kind.MOVE, _draw_moved, size=_tiles_drawn),
    Slip(Kind.PASS_SEAT, _passes_reseated, of_call=True, rewrites=True, adds_unnamed=True, another=True, reseat=True),
    Slip(Kind.PLAYER, _changes_of, of_call=True, rewrites=True, another=True),
    Slip(Kind.SEAT, _seats, of_call=True, rewrites=True, another=True, reseat=True),
    Slip(Kind.LOT, _seats, of_call=True, rewrites=True, another=True, reseat=True),
    Slip(Kind.SWAP, _swaps, rewrites=True, changes_plays=True),
    Slip(Kind.SWAP_IN, _input_changes, rewrites=True),
    Slip(Kind.AFTER, _swaps, rewrites=True, another=True),
    Slip(Kind.STANDS, rulings),
)
SLIP = {slip.kind: slip for slip in SLIPS}
ORDER = {slip.kind: k for k, slip in enumerate(SLIPS)}  # among changes alike
_ANYTHING = _Proof()  # a refusal that proves nothing of the changes: every kind is tried
