"""The repairs of a refused input, below the command line: the engine's search
(engine/repair.py), each repair then made as `fix` makes it (its amendments on the round,
then the refused input) and offered only if all of it goes through and breaks no rule the
record did not break. The command line's offers and `fix N` are these (cli/fixing.py words
them and keeps the input beside the record); a program calls `repairs` and `repaired`, or,
for the refusal the command line kept, `kept_refusal`, `offers`, `fix` and `undo_fix`.

    game = scorepad.load("tonight.toml")
    move = scorepad.parse_move("Ann: 3-4 E")      # refused: IllegalMoveError
    offers = scorepad.repairs(game, move)          # best first, then the ruling, if any
    fixed = scorepad.repaired(game, move, offers[0])  # a new game: the repair, then the move
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, cast

from scorepad.engine.game import Game, Outcome
from scorepad.engine.held import Hand, proven_faults
from scorepad.engine.notation import Move, Play, parse_move
from scorepad.engine.repair import MOST, Repair, applied, as_typed, hands_refused, order_repairs, rulings, search
from scorepad.errors import IllegalMoveError, InvalidMoveError, ScorepadError
from scorepad.i18n import _
from scorepad.record import sidecar
from scorepad.record.files import check_readable, locked, read_both, read_record, save, save_text
from scorepad.record.format import RecordError, dumps, loads
from scorepad.record.library import check_unchanged, take_back_in

if TYPE_CHECKING:
    from scorepad.record.library import Action, Path_, Seen
    from scorepad.record.results import Step, TakenBack
    from scorepad.record.sidecar import Fixed, Refusal

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


# --- the refusal kept beside the record (record/sidecar.py), fixed and unfixed --------------

# The kept hands as the engine takes them: they are kept as typed, and reading what a
# person typed is the command line's (cli/grammar.py `read_hands`).
ReadHands = Callable[[Game, "Sequence[str]"], "Mapping[str, Hand]"]
# Enters the kept hands on a repaired game; the player the lot drew when the fix was made
# (None: draw again), so that the proof of an undo replays the fix as it was made.
EnterKept = Callable[[Game, "Refusal", "str | None"], object]


class Offers(NamedTuple):
    """The repairs offered for a kept refusal on a record (`kept_offers`)."""

    game: Game  # the game they are offered on (without a play whose claim is kept)
    repairs: list[Repair]  # numbered from 1, as `fix` numbers them
    refused: Refused  # the kept input as the engine takes it
    movers: set[str]  # who the refused move is credited to after each repair


def kept_input(game: Game, kept: Refusal, read_hands: ReadHands | None = None) -> Refused:
    """The kept input as the engine takes it (InvalidMoveError if it is not one): its move,
    or its hands read by `read_hands` (without it, hands kept are refused: RecordError)."""
    if kept.move is not None:
        return parse_move(kept.move)
    assert kept.hands is not None  # a refusal holds a move or the hands
    if read_hands is None:
        raise RecordError(_("the hands kept beside the record are as typed: they need the command line to read them"))
    return read_hands(game, kept.hands)


def _entering(kept: Refusal, enter: EnterKept | None, lot: str | None) -> EnterHands | None:
    """How `made_on` enters the kept hands: by `enter`, with the lot drawn before."""
    if enter is None:
        return None
    return lambda after: enter(after, kept, lot)


def kept_offers(
    text: str,
    kept: Refusal,
    *,
    loaded: Game | None = None,
    read_hands: ReadHands | None = None,
    enter: EnterKept | None = None,
) -> Offers:
    """The repairs offered for the kept refusal on the record `text` (`offered`), as `fix`
    numbers them: none where the input kept as recorded is no longer the last play.
    `loaded`: the game `text` replays to, if it is at hand (not changed)."""
    game = loaded.fork(with_undo=True) if loaded is not None else loads(text).game
    refused = kept_input(game, kept, read_hands)
    if kept.recorded and not is_last(game, refused):
        return Offers(game, [], refused, set())
    if kept.claim:
        game.pop()
    found, movers = offered(
        game, refused, named=kept.as_named, claim=kept.claim, order=kept.order, enter=_entering(kept, enter, None)
    )
    return Offers(game, found, refused, movers)


def made_kept(
    text: str,
    steps: Sequence[tuple[str, tuple[int, int], Move | None]],
    kept: Refusal,
    refused: Refused,
    *,
    lot: str | None = None,
    instead: Move | None = None,
    enter: EnterKept | None = None,
) -> tuple[Game, Outcome | None, object] | None:
    """`made_on` for a kept refusal: `steps` made on `text`, then the kept input (`refused`,
    as `kept_input` gives it); `lot`: who the lot drew to open the next round when the fix
    was made; `instead`: the move recorded in place of the input, where the repair changes it."""
    entering = _entering(kept, enter, lot)
    return made_on(text, steps, refused, named=kept.as_named, recorded=kept.recorded, instead=instead, enter=entering)


def proven(
    before: str, text: str, kept: Refusal, fix: Fixed, *, read_hands: ReadHands | None = None, enter: EnterKept | None = None
) -> bool:
    """Whether the record `before`, with the kept repair made and then the kept input, is
    the record `text` byte for byte: only then is it the record before the fix `fix`."""

    steps = [(step.action, (step.round, step.position), step.move) for step in fix.steps]
    try:
        refused = kept_input(loads(before).game, kept, read_hands)
        made = made_kept(before, steps, kept, refused, lot=fix.lot, instead=fix.instead, enter=enter)
    except (ScorepadError, ValueError, TypeError):
        return False
    return made is not None and dumps(made[0]) == text


@dataclass
class Fix:
    """A repair of the refusal kept beside a record made, then the refused input, and
    saved (`library.fix`): the game before (the repair's) and after, the repair as made
    (its count, place and tile chosen), its changes as steps, the refusal it let through,
    what the refused move did
    (None: hands, or an input recorded already) and what entering the hands returned,
    whether the fix is kept for `undo_fix` (False: the file beside the record could not be
    written), and the copy of a hand-edited record the save kept."""

    before: Game
    game: Game
    repair: Repair
    steps: list[Step]
    refused: Refusal
    outcome: Outcome | None
    entered: object
    undoable: bool
    kept: Path | None = None


@dataclass
class FixUndone:
    """What `library.undo_fix` took back: where the last change was a fix, the game as it
    was before it, the refusal it had let through (kept again, for another `fix`) and the
    move the fix recorded (None: hands, or an input recorded already); else (`refused`
    None) the entries taken back as `undo` takes them, and whether a fix kept beside the
    record was ignored, not leading to the record as it is (`unproven`), or why the file
    beside it was (`ignored`). Last, the copy of a hand-edited record the save kept."""

    game: Game
    refused: Refusal | None
    made: str | None
    taken: list[TakenBack]
    unproven: bool = False
    ignored: str | None = None
    kept: Path | None = None


def kept_refusal(path: Path_) -> Refusal | None:
    """The refused input the command line kept beside the record at `path` with its
    repairs (record/sidecar.py); None when there is none, or the record has changed since."""
    file = Path(path)
    with locked(file):
        return sidecar.refusal(file, read_record(file))


def offers(path: Path_, *, read_hands: ReadHands | None = None, enter: EnterKept | None = None) -> list[Repair]:
    """The repairs of the refusal kept beside the record at `path`, numbered from 1 as
    `fix` numbers them (`kept_offers`); empty when none are kept for the
    record as it is. `read_hands`: how hands kept as typed are read (without it, a kept
    refusal of hands is a RecordError); `enter`: how they are entered on a repaired game."""
    file = Path(path)
    with locked(file):
        text = read_record(file)
        kept = sidecar.refusal(file, text)
        return [] if kept is None else kept_offers(text, kept, read_hands=read_hands, enter=enter).repairs


def fix(
    path: Path_,
    number: int,
    *,
    choose: Callable[[int, Repair], Repair] | None = None,
    expect: Seen = None,
    read_hands: ReadHands | None = None,
    enter: EnterKept | None = None,
) -> Fix:
    """Repair `number` of the refusal kept beside the record at `path` made, then the
    refused input, as one change saved under the record's lock, as `scorepad fix N` makes
    it; the fix kept beside the record for `undo_fix`. `choose(number, repair)` gives the
    repair with its count, place and tile chosen where it leaves them open (`counted`,
    `placed`, `with_tile`); left open, IllegalMoveError. Nothing kept for the record as it
    is, or a number not offered: IllegalMoveError, InvalidMoveError."""
    file = Path(path)
    with locked(file):
        check_unchanged(file, expect)
        text = read_record(file)
        kept = sidecar.refusal(file, text)
        if kept is None:
            raise IllegalMoveError(
                _("nothing to fix: no repairs were offered for the record as it is now (it has changed since, or none were)")
            )
        found = kept_offers(text, kept, read_hands=read_hands, enter=enter)
        if not found.repairs:
            raise IllegalMoveError(_("nothing to fix: no repairs were offered for the record as it is now"))
        if not 1 <= number <= len(found.repairs):
            raise InvalidMoveError(
                _("fix {choice}: the repairs offered are numbered 1 to {last}").format(choice=number, last=len(found.repairs))
            )
        repair = found.repairs[number - 1]
        repair = choose(number, repair) if choose is not None else repair
        if repair.counts or len(repair.places) > 1:
            raise IllegalMoveError(_("the repair leaves the count or the place of its draw open: choose one"))
        if repair.tiles:
            raise IllegalMoveError(_("the repair leaves the tile played open: choose one (Repair.with_tile)"))
        steps = steps_of(repair)
        made = made_kept(text, steps, kept, found.refused, instead=repair.instead, enter=enter)
        if made is None:  # the search offers only repairs that are made
            raise IllegalMoveError(_("the repair does not go through on this game"))
        after, out, entered = made
        new_text = dumps(after)
        check_readable(new_text, file)  # before anything is kept of a fix that cannot be saved
        # The kept file first: it holds both the refusal and the fix, so whichever of the two
        # records a crash leaves, it says the right thing of it.
        try:
            made_steps = [sidecar.Step(action, at[0], at[1], move) for action, at, move in steps]
            sidecar.keep_fixed(
                file, text, kept, new_text, sidecar.Fixed.made(found.game, made_steps, kept, after, repair.instead)
            )
            keeps = True
        except (OSError, RecordError):
            keeps = False  # the fix stands; only its one-step undo is lost
        saved = save_text(new_text, file, keeps_repair=keeps)
    return Fix(found.game, after, repair, list(steps), kept, out, entered, keeps, saved)


def undo_fix(
    path: Path_,
    count: int = 1,
    *,
    expect: Seen = None,
    read_hands: ReadHands | None = None,
    enter: EnterKept | None = None,
) -> FixUndone:
    """`undo` that takes back a fix whole: right after `fix`, the record put back as it was
    before it (the repair and the input it let through, together) and the refusal kept
    again, once making the kept repair and input on that record gives the record as it is,
    byte for byte (`proven`); otherwise, or with `count` above 1, the last `count`
    entries taken back as `undo` takes them."""
    file = Path(path)
    with locked(file):
        check_unchanged(file, expect)
        text = read_record(file)
        was_fixed = sidecar.fixed(file, text)
        unproven, ignored = False, None
        before = None
        if was_fixed is not None:
            before = was_fixed[1].before(text)
            if before is None or not proven(before, text, *was_fixed, read_hands=read_hands, enter=enter):
                unproven, was_fixed = True, None
        else:
            ignored = sidecar.ignored(file)
        if was_fixed is None or before is None or count > 1:
            # `undo N` counts the entries the keeper sees in the log, a fix's as many as it
            # added: the last N of them go, whatever made them.
            del text  # read again below: not held twice
            text, game = read_both(file)  # says which file cannot be read, as every action does
            taken = take_back_in(game, count)
            saved = save(game, file, text)
            return FixUndone(game, None, None, taken, unproven, ignored, saved)
        kept, fix_kept = was_fixed
        game = loads(before).game
        made = None
        if kept.move is not None and not kept.recorded:
            # The move as the fix recorded it: typed without a name, it is the turn's after
            # the repair, which may be another player than the one refused.
            fixed_round = loads(text).game.rounds[fix_kept.round - 1]
            made = str(fixed_round.moves[-1] if fixed_round.moves else fix_kept.instead or kept.move)
        try:
            # Kept first, as `fix` does: `fix` may choose again, and a crash before the
            # save below leaves the undo of the fix still to do.
            sidecar.keep_fixed(file, before, kept, text, fix_kept)
            keeps = True
        except (OSError, RecordError):
            keeps = False
        saved = save_text(before, file, keeps_repair=keeps)
    return FixUndone(game, kept, made, [], False, None, saved)
