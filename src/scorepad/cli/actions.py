"""Doing something to the record, the same way for the command line and the live prompt:
each action locks the record, replays it, changes the game, saves it only if the change
succeeded, and returns what to show. Domain errors are raised for the caller to word
(the CLI as an exit code, live as a refused line)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scorepad.cli.grammar import (
    AmendIn,
    AnnulIn,
    DrawIn,
    ExposesIn,
    HandsIn,
    MugginsIn,
    OpenerIn,
    PassIn,
    PlayIn,
    Typed,
    parse_record_move,
    read_hands,
    resolve_player,
    split_hands,
)
from scorepad.engine.game import Annulment, Game, Outcome
from scorepad.engine.notation import Draw, Exposes, Move, Muggins, Pass, Play, shown_move, typed_move
from scorepad.engine.seats import moves_reseated, seats_on
from scorepad.engine.tiles import Tile
from scorepad.errors import IllegalMoveError, InvalidMoveError, OpenerNeededError, RecordChangedError
from scorepad.i18n import _, ngettext, pgettext
from scorepad.record.files import (
    read_text,
)
from scorepad.record.format import RecordError, loads
from scorepad.record.library import (
    Edit,
    begin_edit,
    check_unchanged,
    enter_hands_in,
    mover_of,
    name_opener_in,
    open_next_in,
    play_move,
    take_back_in,
)
from scorepad.views.status import how_to_lead, points

if TYPE_CHECKING:
    from fractions import Fraction

    from scorepad.record.change import LiveRecord
    from scorepad.record.library import ReseatNeededError
    from scorepad.record.results import Action, TakenBack


class Done:
    """What an action did: the game after it, the move's outcome, lines to say first. A
    plain class, as `record.change.Change` is (a dataclass costs more to define)."""

    __slots__ = ("game", "notes", "out")

    def __init__(self, game: Game, out: Outcome | None = None, notes: list[str] | None = None) -> None:
        self.game = game
        self.out = out
        self.notes = [] if notes is None else notes


def noted(game: Game, out: Outcome | None) -> bool:
    """Whether a move just recorded leaves something to repair though it was accepted: a
    claim that differs from the true score (muggins off), or a muggins chance that the
    order of the last two plays may have made. Only then is the repair search imported."""
    return out is not None and (out.wrong_claim is not None or game.current.order_noted(game.rules.muggins))


def backup_note(kept: Path | None) -> list[str]:
    """What to say when saving kept a hand-edited original (its comments cannot be kept)."""
    if kept is None:
        return []
    return [
        _("Note: the record was hand-edited and its comments cannot be kept; the file as it was is in {path}").format(path=kept)
    ]


@contextmanager
def changing(file: Path, expect: bytes | None = None, held: LiveRecord | None = None) -> Iterator[tuple[Game, list[str], str]]:
    """Lock the record, replay it, let the action change the game, and save it only if
    the action succeeded. `expect`: the record as the player last saw it; if it has
    changed since, nothing is done. `held`: the live prompt's record in memory, which
    reads and saves only what changed. Yields the game, a list that, after the save,
    holds what saving has to say, and the record's text as read."""
    from scorepad.record.change import changing as change

    said: list[str] = []
    if held is not None:
        with held.changing(lambda text: check_unchanged(file, expect, text)) as done:
            yield done.game, said, done.text
        said.extend(backup_note(done.kept[0] if done.kept else None))
        return
    with change(file, lambda: check_unchanged(file, expect)) as done:
        yield done.game, said, done.text
    said.extend(backup_note(done.kept[0] if done.kept else None))


def mover(game: Game, by: str | None, live: bool = False) -> str:
    """Who made a move: the player named, else whose turn it is (`library.mover_of`); before
    a lead nobody named, how to say who leads."""
    try:
        return mover_of(game, None if by is None else resolve_player(by, game.players))
    except OpenerNeededError as needed:
        raise InvalidMoveError(
            _("who leads round {number}? Say who {how}: {how_to}").format(
                number=needed.round, how=needed.how, how_to=how_to_lead(game, live)
            )
        ) from None


def logged_round(game: Game, number: int | None) -> int:
    """The round a log shows: the one asked for, else the round being played."""
    if number is None:
        return game.current.number
    if number > len(game.rounds):
        raise InvalidMoveError(
            ngettext(
                "there is no round {number}: the game has round {last} only",
                "there is no round {number}: the game has rounds 1 to {last}",
                len(game.rounds),
            ).format(number=number, last=len(game.rounds))
        )
    return number


def change_game(game: Game, typed: Typed, live: bool) -> Done:
    """A move or the hands typed, done to `game`."""
    if game.winner is not None:
        raise IllegalMoveError(
            _("the game is over: {names} won; for the next game type  {command}").format(
                names=" & ".join(game.winners() or []), command="new" if live else "scorepad new"
            )
        )
    if isinstance(typed, PlayIn):
        r = game.current
        drawn = game.players[r.opener] if r.drawn and r.opener is not None and not r.layout.placed else None
        # Typed without its end where several ends take it (each giving the same sum): the
        # play goes on one of them, and the keeper is told which.
        fits = r.layout.ends_for(typed.tile) if typed.end is None and r.layout.placed else []
        done = Done(game, play_move(game, engine_move(game, typed, live)))
        placed = game.current.moves[-1] if game.current.moves else None
        if len(fits) > 1 and isinstance(placed, Play) and placed.end is not None:
            done.notes.append(
                _("No end was typed: {tile} went on {end} ({ends} took it alike).").format(
                    tile=placed.tile, end=placed.end.label, ends=", ".join(end.label for end in fits)
                )
            )
        if drawn is not None and game.current.opener is not None and game.players[game.current.opener] != drawn:
            done.notes.append(
                _("{name} leads by the table's own lot (scorepad's lot had drawn {drawn}).").format(
                    name=game.players[game.current.opener], drawn=drawn
                )
            )
        return done
    if isinstance(typed, (DrawIn, PassIn)):
        return Done(game, play_move(game, engine_move(game, typed, live)))
    if isinstance(typed, MugginsIn):
        return Done(game, game.push(Muggins(resolve_player(typed.caller, game.players))))
    if isinstance(typed, ExposesIn):
        return Done(game, play_move(game, Exposes(mover(game, typed.by, live), typed.tile)))
    if isinstance(typed, AnnulIn):
        number = game.current.number
        game.annul(typed.reason)
        return Done(
            game, None, [_("Round {number} annulled ({reason}): it counts nothing.").format(number=number, reason=typed.reason)]
        )
    if isinstance(typed, OpenerIn):
        return name_opener(game, resolve_player(typed.name, game.players))
    if isinstance(typed, HandsIn):
        return enter_hands(game, typed, live)
    raise TypeError(typed)  # pragma: no cover - every kind is handled above


def engine_move(game: Game, typed: PlayIn | DrawIn | PassIn, live: bool) -> Move:
    """A move typed (a play, a draw, a pass) as the engine takes it."""
    player = mover(game, typed.by, live)
    if isinstance(typed, PlayIn):
        return Play(player, typed.tile, typed.end, typed.claim, typed.stands)
    if isinstance(typed, DrawIn):
        return Draw(player, typed.count, typed.stands)
    return Pass(player, typed.stands)


def name_opener(game: Game, name: str) -> Done:
    """The table says who leads the round being played. Before the lead: the opener, where
    the table finds it (a lot, the highest double); after it: the lead was `name`'s, and
    the round is re-seated from it (`replace 1 --reseat`), the lead let stand where the
    rules named another opener. Made here before the lead (`library.name_opener_in`); after
    it by `lead_by`."""
    name_opener_in(game, name)
    return Done(game, None, [_("{name} opens round {number}.").format(name=name, number=game.current.number)])


def enter_hands(game: Game, typed: HandsIn, live: bool, lot: str | None = None) -> Done:
    """The hands typed entered in `game`, and the next round's opener named or drawn by lot
    (`lot`: the one drawn before, when a fix is replayed to prove its undo)."""
    from scorepad.views.award import hands_note

    split_hands(typed.values)  # the typing first: it is wrong whatever the game
    r = game.current
    if game.winner is not None or r.result is None:
        game.end_round({})  # the engine says why no hands can be entered now
    given = read_hands(typed.values, game.players, r.hand_sizes, r.layout.tiles_on_table())
    out = enter_hands_in(game, given)
    notes = [hands_note(game, out)]
    by = typed.by
    opened = open_next_in(game, None if by is None else lambda players: resolve_player(by, players), lot=lot)
    if opened is not None:
        name, drawn = opened
        opens = _("The lot: {name} opens round {number}.") if drawn else _("{name} opens round {number}.")
        notes.append(opens.format(name=name, number=game.current.number))
    return Done(game, None, notes)


def take_back(game: Game, count: int) -> Done:
    """The last `count` moves or hands entries taken back from `game`, each listed."""
    return Done(game, None, undone_notes(take_back_in(game, count)))


def undone_notes(taken: Sequence[TakenBack]) -> list[str]:
    """Each entry taken back (`library.take_back_in`), for the player, the last first."""
    notes = []
    for number, item in taken:
        if isinstance(item, dict):
            notes.append(_("Undone: the hands of round {number}").format(number=number))
        elif isinstance(item, Annulment):
            notes.append(_("Undone: round {number} annulled ({reason})").format(number=item.number, reason=item.reason))
        else:
            notes.append(_("Undone: {move}").format(move=shown_move(item)))
    return notes


def amend(file: Path, typed: AmendIn, *, expect: bytes | None = None, live: bool = False) -> Done:
    """Insert, replace or delete a move in the past and replay the game (amend.py)."""
    from scorepad.record.library import ReseatNeededError
    from scorepad.record.library import amend as change

    action = cast("Action", ("reseat" if typed.action == "replace" else "insert-reseat") if typed.reseat else typed.action)
    typed_moves = ((typed.at, typed.move), *typed.more)
    try:
        done = change(
            file,
            [(action, at, typed_move) for at, typed_move in typed_moves],
            expect=expect,
            read_move=parse_record_move,
        )
    except ReseatNeededError as error:
        raise _with_reseat(error, live) from None
    steps = done.steps
    heads = [said(action, at, move) for action, at, move in steps]
    if typed.reseat and (typed.action == "replace" or (typed.action == "insert" and not isinstance(steps[0][2], Draw))):
        heads.append(_reseat_words(done.before, steps[0][1], steps[0][2], inserted=typed.action == "insert"))
    return Done(done.after, None, [*heads, *changes(done.before, done.after), *backup_note(done.kept)])


def lead_by(file: Path, name: str, *, expect: bytes | None = None) -> Done | None:
    """`opener NAME` after the lead of the round being played: the lead was NAME's, so it
    becomes NAME's and the round is re-seated from it (`library.reseat_lead`). None before
    the lead: the opener is named then (`name_opener`)."""
    from scorepad.record.library import reseat_lead

    done = reseat_lead(file, lambda players: resolve_player(name, players), expect=expect)
    if done is None:
        return None
    ((_action, at, move),) = done.steps
    heads = [said("replace", at, move), _reseat_words(done.before, at, move)]
    return Done(done.after, None, [*heads, *changes(done.before, done.after), *backup_note(done.kept)])


def _with_reseat(error: ReseatNeededError, live: bool) -> IllegalMoveError:
    """A change refused because the later moves are then out of turn, which re-seating them
    would make legal: the refusal, and what re-seating would change, with the command that
    does it (nothing is changed without it)."""
    from scorepad.cli.grammar import quoted
    from scorepad.record.amend import AmendError

    (kind, (number, index), move) = error.instead
    assert move is not None
    inserted = kind == "insert-reseat"
    action = "insert" if inserted else "replace"
    refusal = AmendError(
        _("{refusal}. {reseat} To make that change:").format(
            refusal=str(error), reseat=_reseat_words(error.before, (number, index), move, would=True, inserted=inserted)
        )
    )
    if live:
        refusal.command = (action, f"{number}.{index} {typed_move(move)}", "--reseat")
    else:
        refusal.command = (f"scorepad {action}", f"{number}.{index} {quoted(typed_move(move))}", "--reseat")
    return refusal


def _reseat_words(game: Game, at: tuple[int, int], move: Move | None, *, would: bool = False, inserted: bool = False) -> str:
    """What a re-seating changes: the later moves of the round, and whose they become.
    `inserted`: `move` was inserted before the move at `at`, which moves one seat on with
    every later one; else it replaced that move, and the later ones follow its player."""
    assert move is not None
    number, index = at
    r = game.rounds[number - 1]
    n = len(game.players)
    shift = seats_on(r.moves, index - 1, move, game.players, inserted=inserted)
    later = moves_reseated(r.moves, index - 1, inserted=inserted)
    pairs = ", ".join(
        _("{old}'s become {new}'s").format(old=name, new=game.players[(p + shift) % n]) for p, name in enumerate(game.players)
    )
    if would:
        text = ngettext(
            "With the turn order from {at}, {count} later move of round {number} changes player: {pairs} "
            "(muggins calls keep their caller).",
            "With the turn order from {at}, {count} later moves of round {number} change player: {pairs} "
            "(muggins calls keep their caller).",
            later,
        )
    else:
        text = ngettext(
            "Re-seated: {count} later move of round {number}, {pairs} (muggins calls kept).",
            "Re-seated: {count} later moves of round {number}, {pairs} (muggins calls kept).",
            later,
        )
    return text.format(at=f"{number}.{index}", count=later, number=number, pairs=pairs)


def said(action: str, position: tuple[int, int], move: Move | None) -> str:
    """What one change to the past did, for the player: 'Replaced 2.5: Ann: 4-6 E' (the
    end in the language on screen: O in German)."""
    at = f"{position[0]}.{position[1]}"
    if action == "reseat":
        action = "replace"
    elif action == "insert-reseat":
        action = "insert"
    if move is None:
        return _("Deleted {at}").format(at=at)
    if action == "insert":
        return _("Inserted at {at}: {move}").format(at=at, move=shown_move(move))
    return _("Replaced {at}: {move}").format(at=at, move=shown_move(move))


# --- a new game ------------------------------------------------------------------------


def new_game(
    file: Path,
    players: list[str] | None,
    preset: str | None,
    options: dict[str, Any],
    opener: str | None,
    force: bool,
    *,
    live: bool = False,
) -> Done:
    """Start a game in `file` (`library.new_game`): a finished game there is kept under a new
    name; an unfinished one only with `force`, and then kept as a backup."""
    from scorepad.errors import GameNotOverError, NotARecordError, PlayersNeededError
    from scorepad.record.library import new_game as start

    chosen = opener if opener in (None, "lot") else (lambda players: resolve_player(opener, players))
    try:
        started = start(file, players, preset, options, opener=chosen, replace=force)
    except PlayersNeededError:
        raise InvalidMoveError(_("who plays? give the players, e.g. --players Ann,Bob,Cy")) from None
    except NotARecordError as error:
        if error.reason is not None:  # the file could not be read: that says why
            raise RecordError(str(error)) from None
        raise RecordError(
            _("{file} is not a scorepad record: not replaced; start the game in another file with -f").format(file=file)
        ) from None
    except GameNotOverError as error:
        if live:
            again = _("finish it first, or start over with  new --force  (it is kept as a backup)")
        else:
            again = _("use --force to start over (the game is kept as a backup), or -f OTHER.toml")
        state = _("a game that is not over") if error.readable else _("a record that cannot be read")
        raise IllegalMoveError(_("{file} already holds {state}: {again}").format(file=file, state=state, again=again)) from None
    notes = []
    if started.before is not None:
        if started.before_over:
            notes.append(_("The finished game is kept in {kept}.").format(kept=started.before))
        else:
            notes.append(_("The game before is kept in {kept}.").format(kept=started.before))
    if started.drawn is not None:
        notes.append(_("The lot: {name} opens.").format(name=started.drawn))
    notes.extend(backup_note(started.kept))
    return Done(started.game, None, notes)


# --- editing the record in an editor ---------------------------------------------------------


def editor_command() -> list[str]:
    """$VISUAL, else $EDITOR, else nano if present, else vi (notepad on Windows); without
    a terminal only $VISUAL or $EDITOR (InvalidMoveError otherwise)."""
    import shlex

    for variable in ("VISUAL", "EDITOR"):
        value = os.environ.get(variable, "").strip()
        if value:
            try:
                return shlex.split(value, posix=os.name != "nt")
            except ValueError as problem:  # an unbalanced quote
                raise InvalidMoveError(
                    _("${variable} is not a command scorepad can run ({problem}): {value}").format(
                        variable=variable, problem=problem, value=value
                    )
                ) from None
    if not _on_a_terminal():
        # nano or vi started without a terminal waits for keys that never come.
        raise InvalidMoveError(
            _(
                "no editor to start: set EDITOR to your editor's command (without a terminal scorepad starts "
                "none of its own), e.g. EDITOR=nano scorepad edit"
            )
        )
    if os.name == "nt":
        return ["notepad"]
    return ["nano"] if shutil.which("nano") else ["vi"]


def _on_a_terminal() -> bool:
    """Whether standard input and output are a terminal, as a full-screen editor needs."""
    import sys

    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stream, or a closed one
        return False


@contextmanager
def _signals_end_the_edit() -> Iterator[None]:
    """SIGTERM and SIGHUP while the editor is open end scorepad as SystemExit (exit status
    128 + the signal), so that the copy of the record in the temporary folder is removed
    on the way out; by default they end the process at once, leaving it there."""
    import signal

    def stop(number: int, _frame: object) -> None:
        raise SystemExit(128 + number)

    before = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue  # Windows has no SIGHUP
        try:
            before[number] = signal.signal(number, stop)
        except ValueError:  # not the main thread: signals cannot be handled there
            continue
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def edit(file: Path, ask: Callable[[str], str], say: Callable[[str], None]) -> Done | None:
    """Open a copy of the record in the editor; keep it only if it is a valid record
    (like `crontab -e`; `library.Edit` checks and saves it), else show the problem and
    ask to edit again or discard. Returns None when the edit was discarded."""
    begun = begin_edit(file)
    command = editor_command()  # a command that cannot be run is said before anything is made
    with _signals_end_the_edit():
        return _edit(begun, command, ask, say)


def _edit(begun: Edit, command: list[str], ask: Callable[[str], str], say: Callable[[str], None]) -> Done | None:
    import subprocess
    import tempfile

    fd, temp = tempfile.mkstemp(prefix="scorepad-", suffix=".toml")
    path = Path(temp)
    kept: Path | None = None  # the edit, when it cannot be saved
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(begun.original)
        while True:
            try:
                subprocess.run([*command, str(path)], check=False)
            except OSError as error:
                raise RecordError(
                    _("cannot start the editor {editor}: {reason}").format(editor=" ".join(command), reason=error.strerror)
                ) from None
            try:  # the edit passes the reader's limits (size, UTF-8) as any record does
                text = read_text(path)
                if text == begun.original:
                    return Done(loads(text).game, None, [_("No change.")])
                game = begun.check(text)
            except (RecordError, OSError) as error:
                problem = error if isinstance(error, RecordError) else error.strerror
                say(_("The edited record is not valid: {problem}").format(problem=problem))
                answer = ask(_("(e)dit again or (d)iscard the edit? ")).strip().lower()
                if answer.startswith("e"):
                    continue
                say(_("Discarded: the record is as it was."))
                return None
            try:
                begun.save(text)
            except RecordChangedError:
                kept = path
                raise RecordChangedError(
                    _("the record changed while it was being edited: nothing was saved; your edit is kept in {path}").format(
                        path=path
                    )
                ) from None
            return Done(game, None, [_("Saved the edited record.")])
    finally:
        if kept is None:
            path.unlink(missing_ok=True)


def hint_lines(game: Game, tiles: Iterable[Tile]) -> list[str]:
    """For `hint`: each tile's ends, what it scores there, and the best reply it leaves."""
    from scorepad.engine.advice import hint as advise

    layout = game.current.layout
    lines = []
    for tile, options in advise(layout, list(tiles)).items():
        if layout.on_table(tile):
            lines.append(_("{tile}: already on the table").format(tile=tile))
            continue
        if not options:
            lines.append(_("{tile}: fits nowhere").format(tile=tile))
            continue
        for o in options:
            where = o.end.label if o.end else _("lead")
            # After a tile is down every reply names its end.
            if o.reply.tile:
                assert o.reply.end is not None
                reply = _("next player up to {score} ({tile} {end})").format(
                    score=o.reply.score, tile=o.reply.tile, end=o.reply.end.label
                )
            else:
                reply = _("next player up to {score}").format(score=o.reply.score)
            lines.append(_("{tile} {where}: scores {score}; {reply}").format(tile=tile, where=where, score=o.score, reply=reply))
    return lines


def changes(before: Game, after: Game) -> list[str]:
    """What a change did, for the player: the scores before and after, and each round
    whose points changed."""
    lines = []
    names = [" & ".join(after.side_names(s)) for s in range(len(after.sides))]

    def row(old: list[int | Fraction], new: list[int | Fraction]) -> str:
        return ", ".join(
            f"{name} {points(o)}" if o == n else f"{name} {points(o)} → {points(n)}" for name, o, n in zip(names, old, new)
        )

    if before.scores == after.scores:
        lines.append(_("Scores unchanged: {scores}").format(scores=row(before.scores, after.scores)))
    else:
        lines.append(_("Scores: {scores}").format(scores=row(before.scores, after.scores)))
    sides = len(after.sides)
    for number in range(1, max(len(before.rounds), len(after.rounds)) + 1):
        old: list[int | Fraction] = before.rounds[number - 1].side_points(sides) if number <= len(before.rounds) else [0] * sides
        new: list[int | Fraction] = after.rounds[number - 1].side_points(sides) if number <= len(after.rounds) else [0] * sides
        if old != new:
            lines.append(_("Round {number}: {points}").format(number=number, points=row(old, new)))
    if before.state != after.state or before.current.number != after.current.number:
        state = {
            "playing": pgettext("game state", "playing"),
            "hand-over": pgettext("game state", "hand-over"),
            "over": pgettext("game state", "over"),
        }
        lines.append(
            _("Now: round {number}, {state}").format(number=after.current.number, state=state.get(after.state, after.state))
        )
    return lines
