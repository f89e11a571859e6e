"""Repairs offered when an input cannot follow the record (engine/repair.py searches them),
`fix N` to make one and then the refused input, and the `undo` that takes a fix back whole.
The command line and the live prompt share all of it; between two commands the refused
input is kept beside the record (record/sidecar.py), never in it.

`fix N` does not trust what was kept: it searches again from the kept input and the record
as it is now, and makes repair N of that search, which is the one printed, since the
search gives the same answer for the same record and input. If the record has changed
since the refusal, there is nothing to fix."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from scorepad.cli.actions import (
    Done,
    backup_note,
    changes,
    engine_move,
    enter_hands,
    mover,
    said,
    undone_notes,
)
from scorepad.cli.grammar import (
    STANDS_WORD,
    DrawIn,
    ExposesIn,
    FixIn,
    HandsIn,
    MugginsIn,
    PassIn,
    PlayIn,
    Typed,
    UndoIn,
    parse_at,
    parse_tile,
    quoted,
    read_hands,
    resolve_player,
)
from scorepad.engine.game import Game
from scorepad.engine.held import Hand
from scorepad.engine.notation import Draw, Exposes, Move, Muggins, Pass, Play, parse_move, shown_move, typed_move
from scorepad.engine.repair import (
    Command,
    Kind,
    Repair,
)
from scorepad.errors import (
    AmbiguousMoveError,
    CountNeededError,
    IllegalMoveError,
    InvalidHandsError,
    InvalidMoveError,
    PlaceNeededError,
    ProvenFaultError,
    RecordChangedError,
    ScorepadError,
    TileNeededError,
)
from scorepad.i18n import _
from scorepad.record import sidecar
from scorepad.record.files import check_may_write, locked, read_record
from scorepad.record.format import RecordError, loads
from scorepad.record.repairs import EnterKept, kept_input, kept_offers, still_refused, undo_fix
from scorepad.record.repairs import fix as fix_kept
from scorepad.record.sidecar import Refusal
from scorepad.views.repairs import assumes, counts_text, passers_text, places_text, tiles_text

REPAIRABLE = (PlayIn, DrawIn, PassIn, MugginsIn, HandsIn, ExposesIn)  # a tile shown may prove a pass wrong


@dataclass
class Offer:
    """The repairs offered for one refused input."""

    repairs: list[Repair]
    movers: set[str]  # who the refused move is credited to after each repair
    refused: Refusal  # as kept beside the record
    kept: bool  # kept beside the record, so `fix N` can make one


def repairable(typed: Typed, problem: ScorepadError) -> bool:
    """Whether a refusal is one a slip earlier in the round can explain: a move that cannot
    follow (not a typo in the move itself, not a choice left open), or hands whose tile
    counts contradict the record."""
    if isinstance(problem, (AmbiguousMoveError, RecordChangedError)):
        return False
    if isinstance(typed, HandsIn):
        return isinstance(problem, InvalidHandsError)
    return isinstance(typed, REPAIRABLE) and isinstance(problem, IllegalMoveError)


def _input(game: Game, typed: Typed, live: bool) -> Refusal:
    """The typed input as it is kept: a move in record notation, or the hands as typed."""
    if isinstance(typed, HandsIn):
        return Refusal(hands=tuple(typed.values), by=typed.by)
    if isinstance(typed, MugginsIn):
        return Refusal(move=str(Muggins(resolve_player(typed.caller, game.players))))
    if isinstance(typed, ExposesIn):
        shown = Exposes(mover(game, typed.by, live), typed.tile)
        return Refusal(move=str(shown), named=typed.by is not None)
    assert isinstance(typed, (PlayIn, DrawIn, PassIn))
    # A move typed without a name is the turn's: after a repair, whoever's turn it is then.
    return Refusal(move=str(engine_move(game, typed, live)), named=typed.by is not None)


def read_kept_hands(game: Game, hands: Sequence[str]) -> dict[str, Hand]:
    """Hands kept as typed, as the engine takes them (library `read_hands`)."""
    r = game.current
    given = read_hands(hands, game.players, r.hand_sizes, r.layout.tiles_on_table())
    return {name: tuple(hand) if isinstance(hand, list) else hand for name, hand in given.items()}


def entering(live: bool) -> EnterKept:
    """How a fix enters the kept hands (library `enter`): as typed, the opener the table
    named, and the lot drawn before when an undo replays the fix."""

    def enter(after: Game, kept: Refusal, lot: str | None) -> Done:
        assert kept.hands is not None
        return enter_hands(after, HandsIn(kept.hands, kept.by), live, lot)

    return enter


def _with_place(repair: Repair, choice: int, at: str | None, live: bool, count: int | None = None) -> Repair:
    """The repair chosen, at the place of its draw where several fit: the table saw which."""
    if not repair.places:
        if at is not None:
            raise InvalidMoveError(_("fix {choice} --at {at}: repair {choice} has no draw to place").format(choice=choice, at=at))
        return repair
    places = places_text(repair)
    if repair.alternatives:
        return _pass_placed(repair, choice, at, live)
    if at is None:
        counted = f" {repair.edits[0].moves[0].count}" if live and count is not None else ""
        command = f"fix {choice}{counted} {repair.at_text(repair.places[-1])}" if live else f"scorepad fix {choice} --at AT"
        raise PlaceNeededError(
            _("fix {choice}: where did {player} draw? The record cannot tell ({places}). Type:\n  {command}").format(
                choice=choice, player=repair.drawer, places=places, command=command
            ),
            question=_("where did {player} draw: before {places}? ").format(player=repair.drawer, places=places),
            choice=choice,
            count=count,
        )
    placed = _placed_at(repair, at)
    if placed is not None:
        return placed
    raise InvalidMoveError(
        _("fix {choice}: {player} drew before {places}, not before {at}").format(
            choice=choice, player=repair.drawer, places=places, at=at
        )
    )


def _placed_at(repair: Repair, at: str) -> Repair | None:
    """`repair` made at the place `at` typed (`1.31`), if it is one of its places; a text
    that is no place is refused as one."""
    parse_at(at)
    for start in repair.places:
        if repair.at_text(start) == at.strip():
            return repair.placed(start)
    return None


def _pass_placed(repair: Repair, choice: int, at: str | None, live: bool) -> Repair:
    """The repair of a pass left out, at the place the table saw: the passer follows."""
    passers = passers_text(repair)
    if at is None:
        command = f"fix {choice} {repair.at_text(repair.places[-1])}" if live else f"scorepad fix {choice} --at AT"
        raise PlaceNeededError(
            _("fix {choice}: who passed, and where? The record cannot tell ({passers}). Type:\n  {command}").format(
                choice=choice, passers=passers, command=command
            ),
            question=_("who passed, and where: {passers}? ").format(passers=passers),
            choice=choice,
        )
    placed = _placed_at(repair, at)
    if placed is not None:
        return placed
    raise InvalidMoveError(
        _("fix {choice}: the pass left out was {passers}, not before {at}").format(choice=choice, passers=passers, at=at)
    )


def _with_tile(repair: Repair, choice: int, tile: str | None, live: bool) -> Repair:
    """The repair chosen, with the tile that lies on the table where several fit."""
    if not repair.tiles:
        if tile is not None:
            raise InvalidMoveError(
                _("fix {choice} --tile {tile}: repair {choice} has no tile to choose").format(choice=choice, tile=tile)
            )
        return repair
    edit = repair.edits[0]
    player, at, tiles = edit.moves[0].player, repair.at_text(edit.start), tiles_text(repair)
    if tile is None:
        command = f"fix {choice} {repair.tiles[0]}" if live else f"scorepad fix {choice} --tile T"
        raise TileNeededError(
            _("fix {choice}: which tile did {player} play at {at}? The record cannot tell ({tiles}). Type:\n  {command}").format(
                choice=choice, player=player, at=at, tiles=tiles, command=command
            ),
            question=_("which tile lies at {at}: {tiles}? ").format(at=at, tiles=tiles),
            choice=choice,
        )
    typed = parse_tile(tile)
    chosen = repair.with_tile(typed)
    if chosen is None:
        raise InvalidMoveError(
            _("fix {choice}: {player} played {tiles} at {at}, not {tile}").format(
                choice=choice, player=player, tiles=tiles, at=at, tile=typed
            )
        )
    return chosen


def _with_count(repair: Repair, choice: int, count: int | None, live: bool) -> Repair:
    """The repair chosen, with the count of its draw where the record cannot tell it."""
    if not repair.counts:
        if count is not None:
            raise InvalidMoveError(
                _("fix {choice} {count}: repair {choice} has no draw to count").format(choice=choice, count=count)
                if live
                else _("fix {choice} --count {count}: repair {choice} has no draw to count").format(choice=choice, count=count)
            )
        return repair
    bounds = counts_text(repair.counts)
    if count is None:
        command = f"fix {choice} N" if live else f"scorepad fix {choice} --count N"
        raise CountNeededError(
            _("fix {choice}: how many did {player} draw? The record cannot tell ({bounds}). Type:\n  {command}").format(
                choice=choice, player=repair.drawer, bounds=bounds, command=command
            ),
            question=_("how many did {player} draw? ({bounds}) ").format(player=repair.drawer, bounds=bounds),
            choice=choice,
            counts=repair.counts,
        )
    if count not in repair.counts:
        raise InvalidMoveError(
            _("fix {choice}: {player} drew {bounds} tiles here, not {count}").format(
                choice=choice, player=repair.drawer, bounds=bounds, count=count
            )
        )
    return repair.counted(count)


def offer(
    file: Path, typed: Typed, *, live: bool = False, claim: bool = False, against: tuple[str, object] | None = None
) -> Offer | None:
    """The repairs for `typed`, just refused (or, with `claim`, just recorded with a claim
    that differs from the true score); kept beside the record for `fix N`. None when there
    is none, or the input is no longer refused. `against`: the record text the refusal was
    made against and the game it replays to, used while the record is still that text."""
    try:
        with locked(file):
            text = read_record(file)
            if against is not None and against[0] == text and isinstance(against[1], Game):
                game = against[1]
            else:
                game = loads(text).game
            kept = _input(game, typed, live)
            if claim:
                # Muggins off: the claim differs from the true score. Muggins on: a chance
                # left, which the order of the last two plays may have made.
                last = str(game.current.moves[-1])
                kept = Refusal(move=last, order=True) if game.rules.muggins else Refusal(move=last, claim=True)
            elif not still_refused(game, kept_input(game, kept, read_kept_hands)):
                return None
            found = kept_offers(text, kept, loaded=game, read_hands=read_kept_hands, enter=entering(live))
            if not found.repairs:
                return None
            try:
                check_may_write(file)  # nothing is left beside a record `fix` could not save
                sidecar.keep_refusal(file, text, kept)
                written = True
            except (OSError, RecordError):
                written = False  # the commands printed still work one by one
            return Offer(found.repairs, found.movers, kept, written)
    except (ScorepadError, OSError):
        return None  # no repairs to offer; the refusal itself has been said


# --- showing them ---------------------------------------------------------------------------


def _shown(move: object) -> object:
    """A kept move as the screen shows it (E is O in German); the commands keep the record's notation."""
    try:
        return shown_move(parse_move(move)) if isinstance(move, str) else move
    except ValueError:
        return move


def command_parts(command: Command, *, live: bool, file: Path | None, counts: bool = False) -> list[str]:
    """One amendment as the player would type it, in the parts a line may break between:
    `scorepad replace`, `4.5 "Ann: 4-6 E"`, `-f FILE` when a file was named; at the live
    prompt `replace`, `4.5 Ann: 4-6 E`."""
    parts = [command.action if live else f"scorepad {command.action}"]
    for position, move in command.at:
        text = f"{move.player}: draw N" if counts else typed_move(move)
        parts.append(f"{command.round}.{position} {text if live else quoted(text)}")
    if command.reseat:
        parts.append("--reseat")
    if file is not None and not live:
        parts.append(f"-f {shlex.quote(str(file))}")
    return parts


def input_parts(move: Move, *, named: bool, live: bool, file: Path | None) -> list[str]:
    """A move as the player types it to record it, in parts as `command_parts` gives them:
    `scorepad play 5-1 W`, `--by Cy`; at the live prompt `5-1 W @Cy` (a name only where
    `named`)."""
    player = move.player if live else shlex.quote(move.player)
    if isinstance(move, Play):
        words = [str(move.tile), *([move.end.label] if move.end is not None else [])]
        if move.claim is not None:
            words.append(f"={move.claim}" if live else f"--claim {move.claim}")
        parts = [" ".join(words if live else ["scorepad play", *words])]
    elif isinstance(move, Draw):
        parts = [f"d {move.count}" if live else f"scorepad draw {move.count}"]
    elif isinstance(move, Pass):
        parts = ["p" if live else "scorepad pass"]
    else:
        parts = [f"m {player}" if live else f"scorepad muggins {player}"]  # a call always names its caller
    if isinstance(move, (Play, Draw, Pass)) and move.stands:
        parts.append(STANDS_WORD if live else "--stands")
    if named and not isinstance(move, Muggins):
        parts.append(f"@{player}" if live else f"--by {player}")
    if file is not None and not live:
        parts.append(f"-f {shlex.quote(str(file))}")
    return parts


class Line(NamedTuple):
    """One line of an offer: `how` is 'say', 'why' (wrapped as words), or 'command' (broken
    only between its `parts`, so what is copied still runs)."""

    text: str
    how: str
    parts: tuple[str, ...] = ()


def _command_line(lead: str, parts: Sequence[str]) -> Line:
    return Line(lead + " ".join(parts), "command", (lead + parts[0], *parts[1:]))


def offer_lines(made: Offer, *, live: bool, file: Path | None) -> list[Line]:
    """The lines that follow a refusal: a heading, per repair its commands and what it
    assumes, and how to make one. Where a repair records another move in place of the
    refused input, every repair lists the move it records too, and `fix N` makes all of
    one repair's lines."""
    kept = made.refused
    claim = kept.claim
    # The ruling (the input, or an earlier move, let stand) comes last and is worded by
    # itself: the heading and the lines of the repairs of a slip are as without it.
    slips = [repair for repair in made.repairs if not repair.ruling]
    order = kept.order
    if claim:
        head = _("Repairs under which the claim is right:")
    elif order:
        head = _("Perhaps these two plays came the other way round:")
    elif any(repair.instead is not None for repair in slips):
        head = _("Perhaps a slip in this move or earlier in the round:")
    elif slips:
        head = _("Perhaps a slip earlier in the round:")
    else:
        head = _("The table may let it stand:")
    lines = [Line(head, "say")]
    whole = any(repair.instead is not None for repair in slips)
    typed = parse_move(kept.move) if whole and kept.move is not None else None
    for number, repair in enumerate(made.repairs, 1):
        commands = [command_parts(command, live=live, file=file, counts=bool(repair.counts)) for command in repair.commands]
        if repair.ruling and repair.instead is not None:
            commands.append(input_parts(repair.instead, named=True, live=live, file=file))
        elif repair.instead is not None:
            # A name where the repair changes who moved, or where the player typed one.
            named = (repair.input is not None and repair.input.kind is not Kind.END_IN) or kept.as_named
            commands.append(input_parts(repair.instead, named=named, live=live, file=file))
        elif typed is not None:
            commands.append(input_parts(typed, named=kept.as_named, live=live, file=file))
        for k, parts in enumerate(commands):
            lines.append(_command_line(f"{number}. " if k == 0 else "   ", parts))
        lines.append(Line("   " + assumes(repair), "why"))
    if not made.kept:
        return lines
    fix = "scorepad fix N" + (f" -f {shlex.quote(str(file))}" if file is not None else "")
    if live and (claim or order or whole):
        foot = _("Type a repair's number to make it.")
    elif live and kept.hands is not None:
        foot = _("Type a repair's number to make it, then enter the hands.")
    elif live:
        foot = _("Type a repair's number to make it, then record {move}.")
    elif claim or order or whole:
        foot = _("{fix} makes repair N.")
    elif kept.hands is not None:
        foot = _("{fix} makes repair N, then enters the hands.")
    else:
        foot = _("{fix} makes repair N, then records {move}.")
    move = _shown(kept.move)
    if isinstance(move, str) and made.movers - {move.partition(": ")[0]}:
        # Typed without a name, and a repair gives the turn to another player: the move
        # is recorded as that player's, so it is shown without one.
        move = move.partition(": ")[2]
    lines.append(Line(foot.format(fix=fix, move=move), "say"))
    for number, repair in enumerate(made.repairs, 1):
        if repair.places and repair.counts:
            if live:
                ask = _("Repair {number} asks how many {player} drew ({bounds}), and where ({places}).")
            else:
                ask = _("Repair {number} needs the count and the place: {fix} --count N --at AT (N: {bounds}; AT: {places}).")
            fixed = fix.replace(" N", f" {number}", 1)
            bounds, places = counts_text(repair.counts), places_text(repair)
            lines.append(Line(ask.format(number=number, player=repair.drawer, bounds=bounds, places=places, fix=fixed), "say"))
            continue
        if repair.tiles:
            if live:
                ask = _("Repair {number} asks which tile lies at {at} ({tiles}).")
            else:
                ask = _("Repair {number} needs the tile: {fix} --tile T ({tiles}).")
            fixed = fix.replace(" N", f" {number}", 1)
            at = repair.at_text(repair.edits[0].start)
            lines.append(Line(ask.format(number=number, at=at, tiles=tiles_text(repair), fix=fixed), "say"))
            continue
        if repair.alternatives:
            if live:
                ask = _("Repair {number} asks who passed, and where ({places}).")
            else:
                ask = _("Repair {number} needs the place: {fix} --at AT ({places}).")
            fixed = fix.replace(" N", f" {number}", 1)
            places = passers_text(repair) if live else places_text(repair)
            lines.append(Line(ask.format(number=number, places=places, fix=fixed), "say"))
            continue
        if repair.places:
            if live:
                ask = _("Repair {number} asks where {player} drew ({places}).")
            else:
                ask = _("Repair {number} needs the place: {fix} --at AT ({places}).")
            fixed = fix.replace(" N", f" {number}", 1)
            places = places_text(repair)
            lines.append(Line(ask.format(number=number, player=repair.drawer, places=places, fix=fixed), "say"))
        if repair.counts:
            bounds = counts_text(repair.counts)
            if live:
                ask = _("Repair {number} asks how many {player} drew ({bounds}).")
            else:
                ask = _("Repair {number} needs the count: {fix} --count N ({bounds}).")
            fixed = fix.replace(" N", f" {number}", 1)
            lines.append(Line(ask.format(number=number, player=repair.drawer, bounds=bounds, fix=fixed), "say"))
    return lines


def suggest(file: Path, typed: Typed, problem: ScorepadError | None, *, live: bool, named: Path | None) -> None:
    """Say the refusal `problem` on standard error, then the repairs under it; or, after a
    play recorded with a note to repair (None: `noted`), the repairs alone; no repairs
    when there are none."""
    from scorepad.views.console import command_lines, echo, error, width

    made = None
    if isinstance(typed, FixIn) and problem is not None:
        error(problem)
        return  # a fix refused (a count to give, a number not offered): the repairs still stand
    if problem is None and not isinstance(typed, PlayIn):
        return  # a wrong claim in a move `fix` made: that fix's play, which has had its repairs
    if problem is None or repairable(typed, problem):
        made = offer(file, typed, live=live, claim=problem is None, against=None if problem is None else problem.against)
    if problem is not None:
        error(problem.explained if made is not None and isinstance(problem, ProvenFaultError) else problem)
        for text in command_lines(problem.command, width(), shell=not live) if problem.command else ():
            echo(text, err=True, wrap=False)
    if made is None:
        if problem is not None:
            sidecar.forget_refusal(file)
        return
    for line in offer_lines(made, live=live, file=named):
        if line.how == "command":
            for text in command_lines(line.parts, width(), shell=not live):
                echo(text, err=problem is not None, wrap=False)
        else:
            echo(line.text, err=problem is not None)


# --- making one -----------------------------------------------------------------------------


def fix(
    file: Path,
    choice: int,
    *,
    expect: bytes | None = None,
    live: bool = False,
    count: int | None = None,
    at: str | None = None,
    tile: str | None = None,
) -> Done:
    """Make repair `choice` of the last refusal, then the refused input, as one change
    (library `fix`); `count`: how many tiles were drawn, for a repair of a draw the record
    cannot count; `at`: where (`4.20`), for a repair of a draw or a pass that fits at
    several places; `tile`: the tile played (`6-3`), for a repair of a tile typed wrong
    that several fit."""

    def choose(number: int, repair: Repair) -> Repair:
        typed_count, typed_tile = count, tile
        if live and typed_count is not None and typed_tile is None and repair.tiles and typed_count < 100:
            # `fix 2 56` at the prompt: digits alone are the tile asked for, not a count.
            typed_count, typed_tile = None, f"{typed_count:02d}"
        chosen = _with_tile(_with_count(repair, number, typed_count, live), number, typed_tile, live)
        return _with_place(chosen, number, at, live, typed_count)

    made = fix_kept(file, choice, choose=choose, expect=expect, read_hands=read_kept_hands, enter=entering(live))
    notes = [_("Repair {choice}: {assumes}").format(choice=choice, assumes=assumes(made.repair))]
    notes += [said(action, at, move) for action, at, move in made.steps]
    notes += made.entered.notes if isinstance(made.entered, Done) else []
    notes += changes(made.before, made.game) if made.refused.recorded else []
    if not made.undoable:
        notes.append(_("Note: this fix cannot be taken back in one step: undo takes back one move"))
    notes += backup_note(made.kept)
    return Done(made.game, made.outcome, notes)


def undo(file: Path, typed: UndoIn, *, expect: bytes | None = None) -> Done:
    """`undo N`; right after a fix, its first step puts back the record as it was before
    the fix (the repair and the input it let through, together: library `undo_fix`)."""
    done = undo_fix(file, typed.count, expect=expect, read_hands=read_kept_hands, enter=entering(False))
    notes = []
    if done.unproven:
        path = sidecar.path_for(file)
        notes.append(_("Note: the fix kept in {path} does not lead to the record as it is: ignored").format(path=path))
    elif done.ignored is not None:
        notes.append(_("Note: {why}: ignored").format(why=done.ignored))
    if done.refused is None:
        notes += undone_notes(done.taken)
    elif done.made is not None:
        notes.append(_("Undone: the fix ({move} and its repair)").format(move=_shown(done.made)))
    elif done.refused.move is not None:
        notes.append(_("Undone: the fix (the repair)"))
    else:
        notes.append(_("Undone: the fix (the hands and their repair)"))
    notes += backup_note(done.kept)
    return Done(done.game, None, notes)
