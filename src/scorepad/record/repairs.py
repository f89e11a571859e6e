"""The repairs of a refused input, below the command line: the engine's search
(engine/repair.py), each repair then made as `fix` makes it (its amendments on the round,
then the refused input) and offered only if all of it goes through and breaks no rule the
record did not break. The command line's offers and `fix N` are these (cli/fixing.py words
them and keeps the input beside the record); a program calls `repairs` and `repaired`.

    game = scorepad.load("tonight.toml")
    move = scorepad.parse_move("Ann: 3-4 E")      # refused: IllegalMoveError
    offers = scorepad.repairs(game, move)          # best first, then the ruling, if any
    fixed = scorepad.repaired(game, move, offers[0])  # a new game: the repair, then the move
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from scorepad.engine.game import Game, Outcome
from scorepad.engine.held import Hand, proven_faults
from scorepad.engine.notation import Move, Play
from scorepad.engine.repair import MOST, Repair, applied, as_typed, hands_refused, order_repairs, rulings, search
from scorepad.errors import IllegalMoveError, ScorepadError
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.record.library import Action

Refused = Move | Mapping[str, Hand]  # a move, or the remaining hands as the engine takes them
# Enters refused hands on a repaired game (raising ScorepadError if they are refused again);
# what it returns is the command line's to word.
EnterHands = Callable[[Game], object]


class Replay:
    """The round being played, replayed from its deal on a copy of `game` as far as the
    repairs checked so far leave it unchanged: a repair that changes move K is checked
    from a copy at move K, not from the deal (a copy of one round costs a few pushes)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.moves = list(game.current.moves)
        self.recorded = [text for _index, text in game.current.faults]
        self.prefix: Game | None = None  # the round replayed to move `self.at`
        self.at = 0

    def at_move(self, k: int) -> Game:
        """A copy of the game with the round's first `k` moves replayed from its deal."""
        if self.prefix is None or k < self.at:
            self.prefix = self.game.fork(with_undo=True)
            self.prefix.restart_round()
            self.at = 0
        for move in self.moves[self.at : k]:
            self.prefix.push(move)
            self.at += 1
        return self.prefix.fork(with_undo=True)

    def made(
        self, repair: Repair, refused: Refused, *, named: bool = True, recorded: bool = False, enter: EnterHands | None = None
    ) -> tuple[Game, Outcome | None, object] | None:
        """`repair` made as `fix` makes it, on the game the record replays to: the round's
        moves with the amendments, then the refused input (`recorded`: it is in the record
        already); the game after it, what the input did and what entering hands returned.
        None if any of it is refused, or a rule is broken that the round did not break
        (what `audit` reports). The moves before the first the repair changes are the
        record's, so the replay starts there."""
        try:
            moves = applied(self.moves, repair.commands, self.game.players)
            # As written: a tile's equality ignores its order, and a lead turned round is a change.
            same = next((k for k, (old, new) in enumerate(zip(self.moves, moves, strict=False)) if str(old) != str(new)), None)
            if same is None:
                same = min(len(moves), len(self.moves))
            after = self.at_move(same)
            for move in moves[same:]:
                after.push(move)
            after.prove()  # what the round's plays prove of its passes and draws, as the record was proved
            if proven_faults(after.current, after.players):
                # A pass or draw the plays prove wrong is left as it was: `audit` reports the
                # record made so, as the search (engine/repair.py) refuses it for every repair.
                return None
            if [text for _index, text in after.current.faults] != self.recorded and after.current.faults:
                return None
            if isinstance(refused, Mapping):
                return after, None, (enter or _enter_hands(refused))(after)
            if recorded:
                return after, None, None
            out = after.push(repair.instead or as_typed(after, refused, named))
        except ScorepadError:
            return None
        if out.faults or after.prove():
            return None
        return after, out, None


def _enter_hands(hands: Mapping[str, Hand]) -> EnterHands:
    from scorepad.record.library import enter_hands_in

    return lambda game: enter_hands_in(game, hands)


def offered(
    game: Game,
    refused: Refused,
    *,
    named: bool = True,
    claim: bool = False,
    order: bool = False,
    enter: EnterHands | None = None,
) -> tuple[list[Repair], set[str]]:
    """The repairs offered for `refused` on `game` (not changed), numbered as `fix` numbers
    them: at most MOST of the engine's search that go through when made, then the ruling
    that lets the input stand, if one does; and who the refused move is credited to after
    each. `claim`: `refused` was recorded (it is `game`'s last move taken back) with a claim
    that differs from the true score; `order`: it is `game`'s last play, whose order with
    the play before left a muggins chance. `enter`: how refused hands are entered (default:
    as the engine takes them, record/library.py `enter_hands_in`)."""
    replay = Replay(game)
    recorded = claim or order

    def made(repair: Repair) -> tuple[Game, Outcome | None, object] | None:
        return replay.made(repair, refused, named=named, recorded=recorded, enter=enter)

    if order:
        return [repair for repair in order_repairs(game) if made(repair) is not None], set()
    out: list[Repair] = []
    movers: set[str] = set()

    def offer(repair: Repair, done: tuple[Game, Outcome | None, object]) -> None:
        out.append(repair)
        if done[1] is not None and done[1].move is not None:
            movers.add(done[1].move.player)

    # A few more than are shown: a candidate the replay turns down makes room.
    for found in search(game, refused, claim=claim, most=None, named=named, enough=MOST + 2):
        repair: Repair | None = found
        done = None
        if found.counts:
            # Each count as `fix` would make it: only those that hold are offered.
            holding = [(c, m) for c in found.counts if (m := made(found.counted(c))) is not None]
            if len(holding) == 1:
                repair, done = found.counted(holding[0][0]), holding[0][1]
            elif holding:
                repair, done = replace(found, counts=tuple(c for c, _m in holding)), holding[0][1]
        else:
            done = made(found)
        if repair is not None and done is not None and repair.places:
            # Each place as `fix` would make it (with the smallest count left open): only
            # those that hold are offered.
            one = repair.counted(repair.counts[0]) if repair.counts else repair
            held = [p for p in repair.places if made(one.placed(p)) is not None]
            repair = repair.placed(held[0]) if len(held) == 1 else replace(repair, places=tuple(held))
        if repair is not None and done is not None and repair.tiles:
            # Each tile as `fix` would make it: only those that hold are offered.
            held_tiles = [other for other in repair.alternatives if made(other) is not None]
            repair = held_tiles[0] if len(held_tiles) == 1 else replace(repair, alternatives=tuple(held_tiles))
        if done is not None and repair is not None:
            offer(repair, done)
            if len(out) == MOST:
                break
    # Beside the repairs of a slip, the ruling that records the input as the table played
    # it (docs/rules.md "Irregularities"), where one makes it fit.
    if not claim:
        for ruling in rulings(game, refused, named):
            done = made(ruling)
            if done is not None:
                offer(ruling, done)
    return out, movers


def repairs(game: Game, refused: Refused, *, named: bool = True) -> list[Repair]:
    """The repairs offered for an input refused on `game` (a move, or the remaining hands
    by player), best first, as `scorepad fix` numbers them; empty when the input follows
    the record as it is, or nothing explains it. `named`: the move's player was named; if
    not, it is the turn's, whoever that is after a repair. The game is not changed."""
    return offered(game, refused, named=named)[0]


def repaired(game: Game, refused: Refused, repair: Repair, *, named: bool = True) -> Game:
    """A new game: `game` with `repair` made (one of `repairs(game, refused)`, with its
    count, place and tile chosen where it leaves them open: `Repair.counted`, `Repair.placed`,
    `Repair.with_tile`),
    then the refused input. IllegalMoveError if it does not go through."""
    if repair.counts or len(repair.places) > 1:
        raise IllegalMoveError(_("the repair leaves the count or the place of its draw open: choose one"))
    if repair.tiles:
        raise IllegalMoveError(_("the repair leaves the tile played open: choose one (Repair.with_tile)"))
    done = Replay(game).made(repair, refused, named=named)
    if done is None:
        raise IllegalMoveError(_("the repair does not go through on this game"))
    return done[0]


def still_refused(game: Game, refused: Refused) -> bool:
    """Whether `refused` (a move, or the remaining hands by player) is refused on `game` as
    it is, as the library would refuse it (`library.play_move`: a play that proves an
    earlier move wrong too; `hands_refused`). The game is not changed."""
    from scorepad.record.library import play_move

    if isinstance(refused, Mapping):
        return hands_refused(game, refused)
    try:
        play_move(game.fork(), refused)
    except ScorepadError:
        return True
    return False


def steps_of(repair: Repair) -> list[tuple[Action, tuple[int, int], Move]]:
    """A repair's commands as the steps of one amendment (`library.amend`,
    `amend.amend_all`): each move of each command at its place, re-seating where the
    command re-seats."""
    steps: list[tuple[Action, tuple[int, int], Move]] = []
    for command in repair.commands:
        plain = cast("Action", command.action)  # "insert" or "replace"
        action: Action = ("reseat" if plain == "replace" else "insert-reseat") if command.reseat else plain
        steps += [(action, (command.round, position), move) for position, move in command.at]
    return steps


def made_on(
    text: str,
    steps: Sequence[tuple[str, tuple[int, int], Move | None]],
    refused: Refused,
    *,
    named: bool = True,
    recorded: bool = False,
    instead: Move | None = None,
    enter: EnterHands | None = None,
) -> tuple[Game, Outcome | None, object] | None:
    """A repair made on the record `text` as `fix` makes it: its `steps` (`steps_of`) as
    one amendment, then the refused input: hands entered by `enter` (default: as the
    engine takes them), a move made as typed (`named`: its player was named; `instead`:
    the move recorded in its place, where the repair changes it), or nothing where it is
    `recorded` already. The game after it, what the move did and what `enter` returned;
    None if any of it is refused, or the move breaks a rule (what `audit` reports)."""
    from scorepad.record.amend import amend_all

    try:
        after = amend_all(text, steps).after
        if isinstance(refused, Mapping):
            return after, None, (enter or _enter_hands(refused))(after)
        if recorded:
            return after, None, None
        out = after.push(instead or as_typed(after, refused, named))
    except ScorepadError:
        return None
    if out.faults or after.prove():
        return None
    return after, out, None


def is_last(game: Game, move: Refused) -> bool:
    """Whether `move` is the play last recorded in `game` (a claim or an order kept)."""
    last = game.current.moves[-1] if game.current.moves else None
    return isinstance(move, Play) and last is not None and str(last) == str(move)
