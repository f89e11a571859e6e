"""scorepad as a library: what a program needs to keep a game in a record file without the
command line. Load and save a game, play a move, enter the hands, amend the past (insert,
replace, delete, the re-seat), audit a record and review its plays.

Each change locks the record, replays it, makes the change through the engine and saves
only if the change succeeded (`record.change.changing`), as every front end does: the
command line, the live prompt and `scorepad serve` all build on these. Results are typed
values, never words for a terminal; a refusal is one of the errors of `scorepad.errors`
(all ValueErrors, their message in the reader's language), raised with the record as it
was. docs/library.md shows a whole game played through it.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.engine.game import Annulment, Game, Outcome, Round
from scorepad.engine.held import Hand, proven_faults
from scorepad.engine.notation import Draw, Move, Play, parse_move, shown_move
from scorepad.engine.rules import DEFAULT_PRESET, Rules
from scorepad.engine.tiles import Tile
from scorepad.errors import (
    GameNotOverError,
    IllegalMoveError,
    NotARecordError,
    OpenerNeededError,
    PlayersNeededError,
    ProvedByPlayError,
    ProvenFaultError,
    RecordChangedError,
)
from scorepad.i18n import _, ngettext
from scorepad.record.change import changing
from scorepad.record.files import (
    check_may_write,
    keep_copy,
    locked,
    read_both,
    read_bytes,
    read_game,
    read_record,
    read_text,
    real_path,
    save_text,
)
from scorepad.record.files import save as save_game
from scorepad.record.format import RecordError, audit_text, is_record, loads, loads_for_review

if TYPE_CHECKING:  # the review's own modules are imported by a review alone
    from scorepad.engine.review import RoundReview
    from scorepad.record.results import Action as Action
    from scorepad.record.results import Amendment as Amendment
    from scorepad.record.results import Audit as Audit
    from scorepad.record.results import Changed as Changed
    from scorepad.record.results import Played as Played
    from scorepad.record.results import Review as Review
    from scorepad.record.results import Started as Started
    from scorepad.record.results import Step as Step
    from scorepad.record.results import TakenBack as TakenBack
    from scorepad.record.results import Undone as Undone

# What the functions return, defined in results.py and imported when one is returned (a
# move typed on the command line needs none of them); each is still a name of this module.
RESULTS = frozenset(("Action", "Amendment", "Audit", "Changed", "Played", "Review", "Started", "Step", "TakenBack", "Undone"))


def __getattr__(name: str) -> Any:
    if name not in RESULTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from scorepad.record import results

    value = getattr(results, name)
    globals()[name] = value  # the next lookup is a plain one
    return value


Path_ = str | os.PathLike[str]
Seen = bytes | str | None  # the record as last seen: its bytes (`content`), or their `digest`


# --- the record as the player last saw it ----------------------------------------------------


def content(path: Path_) -> bytes | None:
    """The record's bytes as they are now, to notice later a change made elsewhere; None
    when it is gone or no longer a record (reading it then says which)."""
    try:
        return read_bytes(path)
    except (OSError, RecordError):
        return None


def digest(text: str | bytes) -> str:
    """A short digest of a record's whole text, for a front end that keeps this rather than
    the text (a phone's page): `expect` takes it as it takes the `content`."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()[:32]


def moves_of(game: Game) -> list[str]:
    """Every move and hands entry of a game in order, as the screen names them."""
    steps = []
    for r in game.rounds:
        steps += [shown_move(m) for m in r.moves]
        if r.hands is not None:
            steps.append(_("the hands of round {number}").format(number=r.number))
    return steps


def arrived(before: bytes, after: bytes | None) -> str | None:
    """What changed between two versions of a record, in a few words: the moves recorded
    elsewhere, those taken back, or the first one changed; None when it cannot be said
    (a record unreadable before or after, a new game, only the layout of the file)."""
    try:
        old, new = loads(before.decode("utf-8")).game, loads((after or b"").decode("utf-8")).game
    except (RecordError, UnicodeDecodeError):
        return None
    if old.players != new.players:
        return None
    was, now = moves_of(old), moves_of(new)
    same = 0
    while same < min(len(was), len(now)) and was[same] == now[same]:
        same += 1

    def latest(steps: list[str]) -> str:
        # The latest few say what happened; a whole game would not fit a line.
        return ("…, " if len(steps) > 3 else "") + ", ".join(steps[-3:])

    if same == len(was) and same < len(now):
        added = now[same:]
        return ngettext("{moves} was recorded elsewhere", "{moves} were recorded elsewhere", len(added)).format(
            moves=latest(added)
        )
    if same == len(now) and same < len(was):
        gone = was[same:]
        return ngettext("{moves} was taken back elsewhere", "{moves} were taken back elsewhere", len(gone)).format(
            moves=latest(gone)
        )
    if same < len(was) and same < len(now):
        return _("{old} was changed elsewhere to {new}").format(old=was[same], new=now[same])
    return None


def check_unchanged(path: Path_, expect: Seen, now: str | None = None) -> None:
    """Refuse a change meant for the record as it was (`expect`: its bytes, or their
    `digest`; None: whatever it is now) when it has changed since (`now`: its text as read
    under the lock, else read here): RecordChangedError, saying what arrived from
    elsewhere where the bytes say it."""
    if expect is None:
        return
    now_bytes = content(path) if now is None else now.encode("utf-8")
    if isinstance(expect, str):
        if now_bytes is not None and digest(now_bytes) == expect:
            return
        what = None
    else:
        if now_bytes == expect:
            return
        what = arrived(expect, now_bytes)
    if what is None:
        raise RecordChangedError(_("the record changed since this prompt was shown: nothing was recorded"))
    raise RecordChangedError(_("the record changed since this prompt was shown ({what}): nothing was recorded").format(what=what))


def unchanged(path: Path_, expect: Seen) -> Callable[[], None] | None:
    """The check a change runs under the lock before it reads the record (`check_unchanged`)."""
    return None if expect is None else lambda: check_unchanged(path, expect)


def load(path: Path_) -> Game:
    """The game a record file replays to. Raises RecordError (unreadable, not a record, a
    move against the rules)."""
    return read_game(Path(path))


def save(game: Game, path: Path_) -> Path | None:
    """Write `game` as the record at `path` under its lock, atomically; a new file or a
    record replaced, never a file that is not a scorepad record (RecordError). Returns the
    copy of a hand-edited record kept beside it, else None."""
    check_may_write(path)  # before a lock file is made beside what is no record
    with locked(path):
        check_may_write(path)
        return save_game(game, path)


def draw_lot(players: Sequence[str]) -> str:
    """Who the lot picks. random is imported here: recording a move needs none of it."""
    import random

    return random.SystemRandom().choice(players)


def game_in(path: Path_) -> tuple[Game | None, bool]:
    """What a new game in `path` would replace: (the game, True), (None, False) for a
    scorepad record that cannot be replayed, (None, True) when there is no file. Anything
    that is not a scorepad record is refused (NotARecordError): a new game replaces only
    scorepad's own files."""
    check_may_write(path)
    if not os.path.lexists(path):
        return None, True
    try:
        text = read_text(path)
    except (OSError, RecordError) as problem:
        reason = problem.strerror if isinstance(problem, OSError) else str(problem)
        raise NotARecordError(
            _("{file} is not a scorepad record: not replaced ({reason})").format(file=path, reason=reason), reason=reason
        ) from None
    if not is_record(text):
        raise NotARecordError(_("{file} is not a scorepad record: not replaced").format(file=path))
    try:
        return loads(text).game, True
    except RecordError:
        return None, False


def keep_names(path: Path_) -> Iterator[Path]:
    """Names beside the real record for the game it holds: scorepad-2026-11-30-1.toml, -2, …
    Beside the real record, not a link to it: the copy sits where the original sits, with
    its mode and group, so it is never more exposed than the original."""
    import itertools
    from datetime import date

    real = real_path(path)
    today = date.today().isoformat()
    for n in itertools.count(1):
        yield real.with_name(f"{real.stem}-{today}-{n}{real.suffix}")


def keep(path: Path_) -> Path:
    """Keep the game in `path` under a new name, never overwriting anything: a full copy
    (same mode and group), written and synced before the record is replaced, so the game
    exists under some name at every moment. Not a hard link: a record with two names
    would fork at its next save (record.save refuses one)."""
    copy = keep_copy(path, keep_names(path))
    beside = Path(path).with_name(copy.name)  # named as the record was named, where it is that
    return beside if os.path.lexists(beside) and os.path.samefile(beside, copy) else copy


def new_game(
    path: Path_,
    players: Sequence[str] | None = None,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    opener: str | Callable[[Sequence[str]], str] | None = None,
    replace: bool = False,
) -> Started:
    """A new game in the record at `path`. Without players, or without a preset, the game
    the file held gives them (its options, `options` added). `opener`: who opens the first
    round, or "lot" to draw it; the rules' own lot is drawn when they draw one. A game the
    file held is kept under a new name (`keep`): a game over always, one not over only
    with `replace` (GameNotOverError otherwise). PlayersNeededError: no players and no
    game before; NotARecordError: the file is not a scorepad record."""
    from scorepad.record.results import Started

    game_in(path)  # refused before a lock file is made beside what is not a record
    with locked(path):
        old, readable = game_in(path)
        if players is None:
            if old is None:
                raise PlayersNeededError(_("who plays? name the players"))
            players = list(old.players)
        given = dict(options or {})
        if preset is None and old is not None:
            rules = Rules.from_options(old.rules.preset, **{**old.rules.options(), **given})
        else:
            rules = Rules.from_options(preset or DEFAULT_PRESET, **given)
        game = Game(players, rules)
        started = Started(game)
        drawn = False
        if opener == "lot" or (opener is None and rules.first_opener == "lot"):
            opener = started.drawn = draw_lot(game.players)
            drawn = rules.first_opener == "lot"  # a table that draws its own lot may still lead by it
        if opener is not None:
            game.set_opener(opener if isinstance(opener, str) else opener(game.players), drawn=drawn)
        if os.path.lexists(path):
            started.before_over = old is not None and old.state == "over"
            if not started.before_over and not replace:
                state = _("a game that is not over") if readable else _("a record that cannot be read")
                raise GameNotOverError(
                    _("{file} already holds {state}: not replaced").format(file=path, state=state), readable=readable
                )
            started.before = keep(path)
        started.kept = save_game(game, path)
    return started


def move_of(move: Move | str) -> Move:
    """A move as the engine takes it: given, or written as in the record ("Ann: 6-4 E")."""
    return parse_move(move) if isinstance(move, str) else move


def play_move(game: Game, move: Move) -> Outcome:
    """`move` made in `game`, unless it proves an earlier pass or draw of its player against
    the rules (docs/rules.md "Irregularities"): then ProvedByPlayError, there, the game as
    it was, the ruling (the pass or draw let stand) offered beside the repairs. A pass or
    draw proved wrong by itself (a tile its player showed fits) is refused as any move the
    rules forbid (IllegalMoveError): its ruling is the move let stand."""
    r = game.current
    known = len(r.faults)
    out = game.push(move)
    index = len(r.moves) - 1
    proved = [(at, text) for at, text in r.faults[known:] if at is not None and at != index]
    proved += game.prove()
    if proved:
        game.pop()
        at, text = proved[0]
        if at == index:
            raise IllegalMoveError(text)
        raise ProvedByPlayError(
            _("{problem}: let it stand, or fix the move that made this impossible").format(problem=text), at=(r.number, at + 1)
        )
    return out


def mover_of(game: Game, name: str | None = None) -> str:
    """Who makes a move: `name`, where the move names its player, else whose turn it is.
    Before the lead of a round whose opener the table finds (a lot, the highest double) it
    is nobody's turn: OpenerNeededError, until the opener is named (`name_opener`). Where
    nobody may move (the round or the game over), the first player: the engine then says
    why the move is refused."""
    if name is not None:
        return name
    if game.turn is not None:
        return game.turn
    r = game.current
    if game.state == "playing" and not r.layout.placed:
        how = _("holds the highest double") if r.opener_rule == "highest-double" else _("won the lot")
        raise OpenerNeededError(
            _("who leads round {number}? Say who {how}").format(number=r.number, how=how), round=r.number, how=how
        )
    return game.players[0]


def play(path: Path_, move: Move | str, *, expect: Seen = None) -> Played:
    """One move (a play, draw, pass, muggins call, …) made in the record at `path`.
    `expect`: the record as the caller last saw it (`content`, or its `digest`); changed
    since, the move is refused (RecordChangedError), as is every change given one."""
    from scorepad.record.results import Played

    with changing(Path(path), unchanged(path, expect)) as change:
        out = play_move(change.game, move_of(move))
    return Played(change.game, out, change.kept[0] if change.kept else None)


def claimable(game: Game, player: str) -> int | None:
    """The points `player` may still claim for their own play just made, which nobody
    claimed and muggins left open to the other side (None: nothing to claim)."""
    r = game.current
    missed = r.pending
    if player not in game.players or missed is None or game.winner is not None or not game.rules.muggins:
        return None
    last = r.moves[-1] if r.moves else None
    if game.side_of[game.players.index(player)] != missed.side or missed.penalty:
        return None
    if isinstance(last, Play) and last.player == player and last.claim is None:
        return missed.amount
    return None


def claim_in(game: Game, player: str) -> Outcome:
    """`player` claims the points of their own play just made (`claimable`), as if they had
    said them with it: the play made again with its claim. IllegalMoveError when there is
    nothing of theirs to claim."""
    amount = claimable(game, player)
    if amount is None:
        raise IllegalMoveError(_("{name} has no play of their own to claim now").format(name=player))
    played = game.pop()
    assert isinstance(played, Play)  # claimable: a play just made
    return play_move(game, played._replace(claim=amount))


def claim(path: Path_, player: str, *, expect: Seen = None) -> Played:
    """`claim_in` on the record at `path`."""
    from scorepad.record.results import Played

    with changing(Path(path), unchanged(path, expect)) as change:
        out = claim_in(change.game, player)
    return Played(change.game, out, change.kept[0] if change.kept else None)


def enter_hands_in(game: Game, hands: Mapping[str, Hand | Sequence[Tile]]) -> Outcome:
    """The remaining hands of the round just ended entered in `game` (a pip total or the
    tiles, by player), unless with them the round proves a pass, a draw or the lead against
    the rules: then ProvenFaultError, nothing entered for good (the game is let go)."""
    r = game.current
    out = game.end_round(hands)
    # The plays may have proved it before the hands, in a record read.
    proved = proven_faults(r, game.players)
    if proved:
        index, text = proved[0]
        wrong = r.moves[index]
        fix = (
            _("fix the draw") if isinstance(wrong, Draw) else _("fix the lead") if isinstance(wrong, Play) else _("fix the pass")
        )
        raise ProvenFaultError(
            _("{problem}: let it stand, or {fix}").format(problem=text, fix=fix),
            explained=_("{problem}: let it stand, or fix the move that made this impossible").format(problem=text),
        )
    return out


def open_next_in(
    game: Game, name: str | Callable[[Sequence[str]], str] | None = None, *, lot: str | None = None
) -> tuple[str, bool] | None:
    """After the hands of a round: who opens the next. `name` (or what finds it among the
    game's players): the table names them, refused (IllegalMoveError) where the rules name
    the opener; without it, the lot is drawn where the rules draw one (`lot`: the player
    it drew before, when a change is made again). The opener and whether the lot drew
    them; None when nobody is named (the game is over, the rules name the opener, or
    whoever leads opens)."""
    if game.winner is not None:
        return None
    nxt = game.current
    if name is not None:
        if nxt.opener is not None:
            raise IllegalMoveError(
                _("the rules name who opens round {number}: {name} ({rule}), not the table").format(
                    number=nxt.number, name=game.players[nxt.opener], rule=nxt.opener_rule
                )
            )
        named = name if isinstance(name, str) else name(game.players)
        game.set_opener(named)
        return named, False
    if nxt.opener is None and nxt.opener_rule == "lot":
        drawn = lot if lot in game.players else draw_lot(game.players)
        game.set_opener(drawn, drawn=True)
        return drawn, True
    return None


def enter_hands(
    path: Path_, hands: Mapping[str, Hand | Sequence[Tile]], *, opener: str | None = None, expect: Seen = None
) -> Played:
    """`enter_hands_in` on the record at `path`; `opener`: who opens the next round, named
    by the table, or "lot" for the lot drawn where the rules draw one (`open_next_in`);
    without it whoever leads the next round opens it, where the rules let the table say."""
    from scorepad.record.results import Played

    with changing(Path(path), unchanged(path, expect)) as change:
        out = enter_hands_in(change.game, hands)
        if opener is not None:
            open_next_in(change.game, None if opener == "lot" else opener)
    return Played(change.game, out, change.kept[0] if change.kept else None)


def name_opener_in(game: Game, name: str) -> None:
    """The table names who opens the round being played, before its lead: where the table
    finds the opener (a lot, the highest double), or the opener the rules named is `name`
    anyway. IllegalMoveError after the lead (`reseat_lead` changes it then), or where the
    rules named another player (a lead by `name` may stand against them: ` !stands`)."""
    r = game.current
    if r.layout.placed or r.result is not None:
        raise IllegalMoveError(
            _("round {number} has been led: the opener is changed by replacing the lead").format(number=r.number)
        )
    if r.opener is not None and not r.drawn and r.opener_rule not in ("lot", "highest-double") and game.players[r.opener] != name:
        raise IllegalMoveError(
            _(
                "the rules name who opens round {number}: {opener} ({rule}); if {name} leads anyway, type the lead with !stands"
            ).format(number=r.number, opener=game.players[r.opener], rule=r.opener_rule, name=name)
        )
    game.set_opener(name)


def name_opener(path: Path_, name: str, *, expect: Seen = None) -> Changed:
    """`name_opener_in` on the record at `path`: `name` opens the round being played."""
    from scorepad.record.results import Changed

    with changing(Path(path), unchanged(path, expect)) as change:
        name_opener_in(change.game, name)
    return Changed(change.game, change.kept[0] if change.kept else None)


def annul(path: Path_, reason: str, *, expect: Seen = None) -> Changed:
    """The round being played annulled by the table (a misdeal, a round dealt again), and
    why: its moves stay, it counts nothing (docs/rules.md, "Irregularities")."""
    from scorepad.record.results import Changed

    with changing(Path(path), unchanged(path, expect)) as change:
        change.game.annul(reason)
    return Changed(change.game, change.kept[0] if change.kept else None)


def take_back_in(game: Game, count: int = 1) -> list[TakenBack]:
    """The last `count` moves, hands entries or annulments taken back from `game`, the
    last first. IllegalMoveError when there are fewer."""
    from scorepad.record.results import TakenBack

    taken = []
    for done in range(count):
        try:
            entry = game.pop()
        except IllegalMoveError:
            if done == 0:
                raise
            raise IllegalMoveError(
                _("cannot undo {count}: {only}").format(
                    count=count,
                    only=ngettext(
                        "only {n} move or hands entry to take back",
                        "only {n} moves or hands entries to take back",
                        done,
                    ).format(n=done),
                )
            ) from None
        taken.append(TakenBack(entry.number if isinstance(entry, Annulment) else game.current.number, entry))
    return taken


def undo(path: Path_, count: int = 1, *, expect: Seen = None) -> Undone:
    """The last `count` entries of the record at `path` taken back. A repair the command
    line kept for its own `undo` is forgotten, as by any change."""
    from scorepad.record.results import Undone

    with changing(Path(path), unchanged(path, expect)) as change:
        taken = take_back_in(change.game, count)
    return Undone(change.game, taken, change.kept[0] if change.kept else None)


# --- amending the past ----------------------------------------------------------------------


class ReseatNeededError(IllegalMoveError):
    """A `replace` of one move's player, or an `insert` of a move that passes the turn on
    (a pass or a play left out), refused because the later moves of its round are then
    out of turn, where re-seating them makes the record legal: the refusal, the re-seated
    change that would make it (`instead`, nothing changed without it) and the game as it
    was (`before`)."""

    def __init__(self, message: str, *, instead: Step, before: Game) -> None:
        super().__init__(message)
        self.instead = instead
        self.before = before


def amend(
    path: Path_,
    steps: Sequence[tuple[Action, tuple[int, int], Move | str | None]],
    *,
    expect: Seen = None,
    read_move: Callable[[str, Sequence[str]], Move] | None = None,
) -> Amendment:
    """Several changes to the past of the record at `path` made at once, each a step of
    `record.amend.amend_all` (a position names the record as the steps before it have left
    it), and the game replayed once, after the last. Refused with AmendError, the record
    untouched, when the game is no longer legal after them; with ReseatNeededError where
    the re-seated change would be legal (`reseat_instead`); with RecordChangedError when
    the record is no longer `expect` (`play`). A move given as text is read by `read_move` with the game's
    players (default: in the record's own notation, "Ann: 6-4 E")."""
    from scorepad.record.amend import AmendError, amend_all
    from scorepad.record.results import Amendment

    with locked(path):
        check_unchanged(path, expect)
        text, game = read_both(Path(path))
        made: list[Step] = [
            (action, at, move if not isinstance(move, str) else read_move(move, game.players) if read_move else parse_move(move))
            for action, at, move in steps
        ]
        try:
            result = amend_all(text, made)
        except AmendError as error:
            instead = reseat_instead(text, game, made)
            if instead is None:
                raise
            raise ReseatNeededError(str(error), instead=instead, before=game) from None
        kept = save_text(result.text, path)
    return Amendment(made, result.before, result.after, kept)


def reseat_instead(text: str, game: Game, steps: Sequence[Step]) -> Step | None:
    """For one `replace` of a move's player, or one `insert` of a move that passes the
    turn on, refused: the re-seated change, where the record with it is legal; else None."""
    from scorepad.record.amend import AmendError, amend_all

    if len(steps) != 1:
        return None
    (action, (number, index), move) = steps[0]
    if action not in ("replace", "insert") or move is None:
        return None
    inserted = action == "insert"
    if not 1 <= number <= len(game.rounds) or not 1 <= index <= len(game.rounds[number - 1].moves):
        return None  # an insert after a round's last move moves nothing later
    if inserted:
        if isinstance(move, Draw):
            return None  # a draw keeps the turn: nothing later is out of turn by it
    else:
        was = game.rounds[number - 1].moves[index - 1]
        if was.player == move.player or was._replace(player=move.player) != move:
            return None  # more changed than the player
    instead: Step = ("insert-reseat" if inserted else "reseat", (number, index), move)
    try:
        amend_all(text, [instead])
    except AmendError:
        return None
    return instead


def insert(path: Path_, at: tuple[int, int], move: Move | str, *, reseat: bool = False, expect: Seen = None) -> Amendment:
    """`move` inserted as the move at `at` (one past a round's last move: added to it).
    `reseat`: every later move of the round moves one seat on, muggins calls kept."""
    return amend(path, [("insert-reseat" if reseat else "insert", at, move)], expect=expect)


def replace(path: Path_, at: tuple[int, int], move: Move | str, *, reseat: bool = False, expect: Seen = None) -> Amendment:
    """The move at `at` replaced by `move`. `reseat`: `move` is another player's, and every
    later move of the round moves as many seats on, muggins calls kept."""
    return amend(path, [("reseat" if reseat else "replace", at, move)], expect=expect)


def delete(path: Path_, at: tuple[int, int], *, expect: Seen = None) -> Amendment:
    """The move at `at` deleted."""
    return amend(path, [("delete", at, None)], expect=expect)


def reseat_lead(path: Path_, player: str | Callable[[Sequence[str]], str], *, expect: Seen = None) -> Amendment | None:
    """The lead of the round being played made `player`'s, and the round re-seated from it,
    `player` its opener; where the rules named another opener the lead stands against them
    (` !stands`). None before the lead: name the opener then (`Game.set_opener`).
    `player`: a name, or what finds it among the game's players."""
    from scorepad.record.amend import AmendError, amend_all
    from scorepad.record.results import Amendment

    with locked(path):
        check_unchanged(path, expect)
        text, game = read_both(Path(path))
        r = game.current
        first = next((k for k, move in enumerate(r.moves) if isinstance(move, Play)), None)
        if first is None:
            return None
        lead = r.moves[first]
        assert isinstance(lead, Play)
        name = player if isinstance(player, str) else player(game.players)
        at = (r.number, first + 1)
        try:
            move = lead._replace(player=name, stands=False)
            result = amend_all(text, [("lead-reseat", at, move)])
        except AmendError as plain:
            try:
                move = lead._replace(player=name, stands=True)
                result = amend_all(text, [("lead-reseat", at, move)])
            except AmendError:
                raise plain from None
        kept = save_text(result.text, path)
    return Amendment([("lead-reseat", at, move)], result.before, result.after, kept)


# --- a record edited by hand -----------------------------------------------------------------


@dataclass
class Edit:
    """A record being edited by hand (what `scorepad edit` opens in an editor): its path,
    its text when the edit began, and the rules it broke then, by round
    (`amend.faults_of`): an edit, like any amendment, may break no rule the record kept."""

    path: Path
    original: str
    had: dict[int, list[tuple[int | None, str]]]

    def check(self, text: str) -> Game:
        """The game the edited `text` replays to. RecordError when it is not a record, or
        breaks a rule the record kept (the first such)."""
        from scorepad.record.amend import faults_of, new_fault

        game = loads(text).game
        fault = new_fault(faults_of(game), self.had)
        if fault is not None:
            raise RecordError(str(fault))
        return game

    def save(self, text: str) -> Path | None:
        """The edited `text` saved as the record, its comments kept, under the lock, unless
        the record changed since the edit began (RecordChangedError, nothing saved); check
        it first (`check`). The copy of a hand-edited record kept, else None."""
        with locked(self.path):
            if content(self.path) != self.original.encode("utf-8"):
                raise RecordChangedError(_("the record changed while it was being edited: nothing was saved"))
            return save_text(text, self.path, keep_comments=True)


def begin_edit(path: Path_) -> Edit:
    """An edit by hand of the record at `path` begun (`Edit`): RecordError when the record
    cannot be read or replayed."""
    from scorepad.record.amend import faults_of

    original = read_record(Path(path))
    return Edit(Path(path), original, faults_of(read_game(Path(path))))


# --- auditing and reviewing ------------------------------------------------------------------


@contextmanager
def replaying() -> Iterator[None]:
    """While one record is replayed (and reviewed, and the review shown): a replay makes no
    reference cycles, nor does a review or what shows it (tests/test_audit.py,
    tests/test_review.py check), so the cycle collector, which would go through the growing
    game again and again for nothing, is off, and as it was after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def audit_record(text: str) -> Audit:
    """`audit` of a record's text."""
    from scorepad.record.results import Audit

    with replaying():
        found = audit_text(text)
    return Audit(found.game, found.problems, found.notes)


def audit(path: Path_) -> Audit:
    """Every problem of the record at `path`, never stopping at the first. Raises RecordError
    or OSError only when the file cannot be read as text."""
    return audit_record(read_text(path))


class Reviews:
    """The `each_round` of a record's read (`format.loads_for_review`): the review of
    every round that was started, or of round `only`, each reviewed while the read still
    has it laid out, so a long game's folded rounds are not laid out a second time. They
    are reviewed a batch at a time, up to BATCH moves: the review runs faster in one
    stretch than alternating with the read round by round (docs/review.md, "Speed"), and
    the rounds of a few thousand moves kept laid out a little longer cost a few megabytes
    at most.

    With `batch`, each batch is handed to it as it is reviewed and none is kept, so a
    review's memory need not grow with the game; `started` is told of each game the read
    starts (a record read again from its start gives a new one). Without them the reviews
    are kept by round, for `rounds()`."""

    BATCH = 4096  # moves

    def __init__(
        self,
        only: int | None = None,
        batch: Callable[[list[RoundReview]], None] | None = None,
        started: Callable[[Game], None] | None = None,
    ) -> None:
        self.only = only
        self.batch, self.started = batch, started
        self.game: Game | None = None
        self.kept: dict[int, RoundReview] = {}
        self.waiting: list[tuple[Game, Round]] = []
        self.moves = 0  # in the rounds waiting

    def __call__(self, game: Game, r: Round) -> None:
        if game is not self.game:
            self.game = game
            self.kept, self.waiting, self.moves = {}, [], 0
            if self.started is not None:
                self.started(game)
        if r.moves and (self.only is None or r.number == self.only):
            self.waiting.append((game, r))
            self.moves += len(r.moves)
            if self.moves >= self.BATCH:
                self.flush()

    def flush(self) -> None:
        """The rounds waiting reviewed now (the read has ended, or a batch is full)."""
        from scorepad.engine.review import review_round

        reviews = [review_round(r, game.players) for game, r in self.waiting]
        self.waiting.clear()
        self.moves = 0
        if self.batch is not None:
            self.batch(reviews)
            return
        for review in reviews:
            # By number: a record read again from its start gives its rounds again.
            self.kept[review.number] = review

    def rounds(self) -> list[RoundReview]:
        """The reviews kept, in the game's order (without `batch`)."""
        self.flush()
        return [self.kept[n] for n in sorted(self.kept)]


def review(path: Path_, only: int | None = None) -> Review:
    """The review of the record at `path` (docs/review.md): every round started, or round
    `only`. Raises RecordError when the record cannot be read."""
    from scorepad.engine.review import totals
    from scorepad.record.results import Review

    reviews = Reviews(only)
    with replaying():
        game = read_both(Path(path), reviews, load=loads_for_review)[1]
        rounds = reviews.rounds()
    playing = game.current.number if game.state == "playing" else None
    return Review(game, rounds, totals(rounds, len(game.players)), playing)
