"""The live table mode: one prompt for the whole game (`scorepad live`). Each line is read
by the same grammar as the command line (grammar.py) and done by the same actions
(actions.py); this module is only the loop around them."""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.errors import CountNeededError, PlaceNeededError, RecordChangedError, ScorepadError, TileNeededError
from scorepad.i18n import _
from scorepad.record.files import cannot_write
from scorepad.views.console import console, echo, error, shown
from scorepad.views.status import lead_example

if TYPE_CHECKING:
    from scorepad.cli.grammar import HintIn, Typed, ViewIn
    from scorepad.cli.watching import Notes, Watch
    from scorepad.engine.game import Game, Outcome
    from scorepad.record.change import LiveRecord
    from scorepad.serve.links import Served


def live_help() -> str:
    """The live prompt's help, in the current language: at most 40 columns a line."""
    return _("""\
64 e      play 6-4 on E (lead: 64); also
          6-4e, 6 4 east, 6/4 right
64 e =10  ... and claim 10
66 @Bob   Bob plays (or leads) 6-6
d, d 2    draw one, draw two
p         pass
m Bob     Bob calls muggins (m b)
66 e @Cy !stands, d !stands, p !stands
          the table lets it stand
exposes 66 @Ann  a tile shown by chance
annul misdeal  the round counts nothing
opener Bob  Bob leads this round
u, u 3    undo the last move, 3 moves
hands Bob=8 Cy=43,50
          the remaining hands (8p: pips)
hands Bob=8 @Cy
          ... Cy opens the next round
insert 1.12 Tom: draw 4
replace 1.3 Cy: 6-2 E
delete 1.3  change the past (l numbers)
1, 2, 3   make a repair offered after
          a refused line (also fix 1)
edit      the record in $EDITOR
new       the next game (new Ann,Bob)
s, l, t   show, log (l 2, l all), sheet
tally     the paper tally
hint 64 55, rules
qr, qr Bob  the QR code of the link to
          watch, of Bob's (live --serve)
q         leave (all is saved)""")


def history_path() -> Path:
    """The per-user history of lines typed: $XDG_STATE_HOME/scorepad/history. A relative
    XDG_STATE_HOME is ignored, as the XDG rule says: it would put the history in whatever
    folder `live` is started in, beside the records."""
    state = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):
        state = os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(state) / "scorepad" / "history"


def _regular_or_missing(path: Path) -> bool:
    """True for a regular file or none: readline would wait forever on a pipe."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _own_or_missing(path: Path) -> bool:
    """True for none, or a file that is no link and is the player's own: a link planted
    there (to another user's file, or any file) would have the lines typed appended to
    it, and its lines read back as the player's."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if stat.S_ISLNK(found.st_mode):
        return False
    return not hasattr(os, "geteuid") or found.st_uid == os.geteuid()


class _History:
    """readline's history kept between starts; a file that cannot be read or written is
    no reason to stop recording a game, and one that is not a regular file (a pipe, a
    device, a folder) is left alone with a note."""

    def __init__(self) -> None:
        self.readline = None
        try:
            import readline
        except ImportError:  # pragma: no cover - not on every platform
            return
        self.path = history_path()
        if not _own_or_missing(self.path):
            echo(_("Note: {path} is a link or another user's file: the lines typed are not kept").format(path=self.path))
            return
        if not _regular_or_missing(self.path):
            echo(_("Note: {path} is not a regular file: the lines typed are not kept").format(path=self.path))
            return
        self.readline = readline
        readline.set_history_length(1000)
        try:
            readline.read_history_file(self.path)
        except OSError:
            pass

    def add(self) -> None:
        if self.readline is None or not _own_or_missing(self.path) or not _regular_or_missing(self.path):
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():
                self.path.touch()
            self.readline.append_history_file(1, self.path)
        except OSError:
            pass


def typed_so_far(history: _History | None) -> str:
    """What was on the prompt's line when Ctrl-C came: readline's buffer; nothing known
    (input from a pipe, no readline) counts as an empty line."""
    if history is None or history.readline is None:
        return ""
    return str(history.readline.get_line_buffer())


def _show(file: Path, game: Game | None = None, out: Outcome | None = None, notes: Iterable[str] = ()) -> None:
    from scorepad.record.files import read_game
    from scorepad.views.status import status

    screen = console()
    for note in notes:
        screen.print(note, style="bold")
    screen.print(status(game if game is not None else read_game(file), screen.width, out, live=True))


def live_command(
    line: str, file: Path, seen: bytes | None = None, held: LiveRecord | None = None, served: Served | None = None
) -> bool | None:
    """Do one line typed at the live prompt. `seen`: the record as it was when the prompt
    was drawn; `held`: the record kept in memory between lines (record/change.py);
    `served`: the server beside the prompt (`live --serve`), whose links `qr` shows.
    Returns False when the player leaves, None when the line was refused."""
    from scorepad.cli import actions, grammar
    from scorepad.cli.perform import perform

    typed = None
    try:
        typed = grammar.parse_line(line)
        if typed is None:
            return True
        if isinstance(typed, grammar.ViewIn):
            return _view(typed, file, held, served)
        if isinstance(typed, grammar.HintIn):
            _hint(typed, file, held)
        elif isinstance(typed, grammar.NewIn):
            players = list(typed.players) if typed.players else None
            done = actions.new_game(file, players, None, {}, None, typed.force, live=True)
            _show(file, done.game, None, done.notes)
        elif isinstance(typed, grammar.UndoIn) and typed.count > 1 and not _agreed(file, typed.count, held):
            echo(_("Nothing was taken back."))
            return True
        else:
            done = perform(file, typed, expect=seen, live=True, held=held)
            _show(file, done.game, done.out, done.notes)
            from scorepad.cli.actions import noted

            if noted(done.game, done.out):
                _offer(file, typed, None)
    except RecordChangedError as problem:
        error(problem)
        try:
            _show(file)
        except ScorepadError:
            pass  # the record is gone or no longer one: the prompt says so next
        return None
    except CountNeededError as problem:
        return _ask_count(file, problem, seen, held)
    except PlaceNeededError as problem:
        return _ask_place(file, problem, seen, held)
    except TileNeededError as problem:
        return _ask_tile(file, problem, seen, held)
    except ScorepadError as problem:
        # A fix refused (a place or tile not offered) is said in full each time: its
        # refusal names the choices, and the advice for a move typed on would not fit.
        if not isinstance(typed, grammar.FixIn) and _REPEATS.again(problem):
            error(_REPEATS.advice(file))  # said once for a run of lines refused alike
            return None
        if typed is None:
            error(problem)
        else:
            _offer(file, typed, problem)  # the refusal, then the repairs
        return None
    except OSError as problem:
        error(cannot_write(problem, file))
        return None
    _REPEATS.last = None
    return True


class _Repeats:
    """Lines refused one after another for the same reason (a table typing on after a
    lead scorepad refused): the reason is said once in full, then once what to type,
    then each line only as refused again."""

    def __init__(self) -> None:
        self.last: tuple[type, str] | None = None
        self.count = 0

    def again(self, problem: ScorepadError) -> bool:
        import re

        # The same words with other tiles, ends or numbers: the same reason.
        key = (type(problem), re.sub(r"\d+(-\d+)?|\b[WENSO]\b", "#", str(problem)))
        if key == self.last:
            self.count += 1
            return True
        self.last, self.count = key, 0
        return False

    def advice(self, file: Path) -> str:
        if self.count > 1:
            return _("refused again, for the same reason: nothing was recorded")
        from scorepad.record.files import read_game

        try:
            game = read_game(file)
        except (ScorepadError, OSError):
            return _("refused again, for the same reason: nothing was recorded")
        r = game.current
        if game.state == "playing" and not r.layout.placed:
            return _(
                "refused again, for the same reason: nothing was recorded. The round has no lead yet: "
                "type the lead first, with who led it ({tile} @{name}), then the moves after it."
            ).format(tile=lead_example(r.opener_rule), name=game.players[0])
        return _(
            "refused again, for the same reason: nothing was recorded. Type the move as the table made it "
            "(l shows the round), or repair the record first: u takes back the last move."
        )


_REPEATS = _Repeats()


def _agreed(file: Path, count: int, held: LiveRecord | None) -> bool:
    """Before taking back more than one entry at the prompt: say which, the last first, and
    ask. Where there are not that many, `undo` itself refuses, saying so."""
    from scorepad.engine.game import Annulment
    from scorepad.engine.notation import shown_move

    game = _game(file, held).fork(with_undo=True)  # a copy for the question: nothing of it is saved
    entries = []
    try:
        for _entry in range(count):
            item = game.pop()
            if isinstance(item, dict):
                entries.append(_("the hands of round {number}").format(number=game.current.number))
            elif isinstance(item, Annulment):
                entries.append(_("round {number} annulled ({reason})").format(number=item.number, reason=item.reason))
            else:
                entries.append(shown_move(item))
    except ScorepadError:
        return True
    echo(_("undo {n} takes back: {entries}").format(n=count, entries="; ".join(entries)))
    try:
        answer = input(shown(_("Take back these {n}? (y/n) ").format(n=count))).strip().lower()
    except (EOFError, KeyboardInterrupt):
        echo()
        return False
    return answer in ("y", "yes", "j", "ja")


def _answer(question: str) -> str | None:
    """The keeper's answer to a repair's question, asked on lines the terminal's width
    leaves whole (a tile is never cut); None where the keeper let it be (Ctrl-C, Ctrl-D,
    an empty line or q): nothing is recorded."""
    from scorepad.views.console import width, wrapped

    try:
        answer = input(shown(wrapped(question.rstrip(), width()) + " ")).strip()
    except (EOFError, KeyboardInterrupt):
        echo()
        return None
    return None if answer.lower() in ("", "q") else answer


def _ask_count(file: Path, problem: CountNeededError, seen: bytes | None, held: LiveRecord | None) -> bool | None:
    """A repair of a draw the record cannot count, chosen at the prompt: ask how many."""
    answer = _answer(problem.question)
    if answer is None:
        return None
    if not answer.isdigit():
        error(_("'{answer}' is not a count: nothing was recorded").format(answer=answer))
        return None
    return live_command(f"fix {problem.choice} {int(answer)}", file, seen, held)


def _ask_place(file: Path, problem: PlaceNeededError, seen: bytes | None, held: LiveRecord | None) -> bool | None:
    """A repair of a draw that fits at several of the drawer's turns, chosen at the prompt:
    ask where (the table saw it)."""
    from scorepad.cli.grammar import parse_at

    answer = _answer(problem.question)
    if answer is None:
        return None
    try:
        parse_at(answer)
    except ScorepadError:
        error(_("'{answer}' is not a place like 4.20: nothing was recorded").format(answer=answer))
        return None
    count = f" {problem.count}" if problem.count is not None else ""
    return live_command(f"fix {problem.choice}{count} {answer}", file, seen, held)


def _ask_tile(file: Path, problem: TileNeededError, seen: bytes | None, held: LiveRecord | None) -> bool | None:
    """A repair of a tile typed with one number wrong that several tiles fit, chosen at the
    prompt: ask which (it lies on the table)."""
    from scorepad.cli.grammar import parse_tile

    answer = _answer(problem.question)
    if answer is None:
        return None
    try:
        tile = parse_tile(answer)
    except ScorepadError:
        error(_("'{answer}' is not a tile like 6-3: nothing was recorded").format(answer=answer))
        return None
    return live_command(f"fix {problem.choice} {tile}", file, seen, held)


def _offer(file: Path, typed: Typed, problem: ScorepadError | None) -> None:
    """The refusal `problem`, if any, then the repairs of an earlier slip, in live syntax:
    the number alone makes one."""
    from scorepad.cli.fixing import suggest

    suggest(file, typed, problem, live=True, named=None)


def _game(file: Path, held: LiveRecord | None) -> Game:
    """The game as it is now: from memory where the prompt keeps it."""
    if held is not None:
        return held.read()[1]
    from scorepad.record.files import read_game

    return read_game(file)


def _view(typed: ViewIn, file: Path, held: LiveRecord | None = None, served: Served | None = None) -> bool | None:
    from scorepad.cli.actions import edit

    if typed.what == "quit":
        return False
    if typed.what == "qr":
        return _qr(typed.name, served)
    if typed.what == "help":
        echo(live_help())
        return True
    if typed.what == "edit":
        done = edit(file, lambda question: input(question), echo)
        if done is not None:
            _show(file, done.game, None, done.notes)
        return True
    game = _game(file, held)
    screen = console()
    if typed.what == "show":
        _show(file, game)
    elif typed.what == "log":
        from scorepad.cli.actions import logged_round
        from scorepad.views.log import log_table

        screen.print(log_table(game, None if typed.all else logged_round(game, typed.round)))
    elif typed.what == "sheet":
        from scorepad.views.sheet import sheet

        screen.print(sheet(game, screen.width))
    elif typed.what == "tally":
        from scorepad.views.tally import tally

        screen.print(tally(game, screen.width))
    elif typed.what == "rules":
        from scorepad.views.rules import rules_table

        screen.print(rules_table(game.rules, len(game.players)))
    return True


def _qr(name: str | None, served: Served | None) -> bool | None:
    """`qr`: the link to watch and its QR code, for a phone to scan; `qr Bob`: Bob's."""
    from scorepad.cli.grammar import resolve_player

    if served is None:
        error(_("qr shows the links of a game served to the phones: start the prompt with scorepad live --serve"))
        return None
    player = None
    if name is not None:
        try:
            player = resolve_player(name, list(served.links.players.values()))
        except ScorepadError as problem:
            error(problem)
            return None
    served.show(player)
    return True


def _hint(typed: HintIn, file: Path, held: LiveRecord | None = None) -> None:
    from scorepad.cli.actions import hint_lines

    for line in hint_lines(_game(file, held), typed.tiles):
        echo(line)


def run(file: Path, notes: Notes | None = None, served: Served | None = None) -> int:
    """The prompt loop: show the game, then read lines until q or end of input. Returns
    the exit status: 1 when input came from a pipe and any line was refused. With the
    server beside the prompt (`live --serve`): `notes`, what it says, shown above the
    prompt, and `served`, its links."""
    from scorepad.cli.watching import watching

    history = _History() if sys.stdin.isatty() else None
    try:  # bytes that are not text in the terminal's encoding: kept, shown escaped, refused
        sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    except (AttributeError, ValueError, io.UnsupportedOperation):
        pass
    try:
        _show(file)
    except ScorepadError as problem:
        error(problem)
        return 2
    echo(_("? for help, q to leave"))
    _REPEATS.last = None  # a run of refusals belongs to one session
    with watching(file, history.readline if history is not None else None, notes) as watch:
        return _prompt(file, history, watch, served)


def _prompt(file: Path, history: _History | None, watch: Watch | None, served: Served | None) -> int:
    from scorepad.cli.watching import Changed
    from scorepad.record.change import LiveRecord

    refused = False
    kept = ""  # the line typed so far when a change made elsewhere was shown
    unreadable: tuple[str, Game] | None = None  # the game last shown, while a change elsewhere left the record unreadable
    # The game stays in memory between lines: each reads the record again only when the
    # file's stamp (identity, size, times) says it changed, and a move saves only its round.
    held = LiveRecord(file)
    while True:
        try:
            text, game = held.read()
        except ScorepadError as problem:
            if unreadable is None:
                error(problem)
                return 2
            text, game = unreadable  # the prompt waits, and says when it can be read again
        else:
            unreadable = None
            if watch is not None:
                watch.expect(held.stamp)
        seen = text.encode("utf-8")
        prompt = shown(f"{game.turn}> " if game.turn else "> ")
        try:
            line = input(prompt) if watch is None else watch.read_line(prompt, kept)
        except Changed:
            assert watch is not None  # only a watch raises it
            kept = typed_so_far(history)
            watch.clear(prompt, kept)
            unreadable = None if _tell(watch, held, (text, game)) else (text, game)
            continue
        except EOFError:
            echo()
            break
        except KeyboardInterrupt:
            echo()  # Ctrl-C drops the line being typed; only q or Ctrl-D leave
            if not typed_so_far(history):
                # Ctrl-C at an empty prompt is someone trying to leave: say how.
                echo(_("(Ctrl-C drops the line being typed; q or Ctrl-D leaves, everything is saved)"))
            kept = ""
            continue
        kept = ""
        if history is not None and line.strip():
            history.add()
        result = live_command(line, file, seen, held, served)
        if result is False:
            break
        if result is None:
            refused = True
    return 1 if refused and not sys.stdin.isatty() else 0


def _tell(watch: Watch, held: LiveRecord, before: tuple[str, Game]) -> bool:
    """Above the prompt: what a phone's call did, or else what the change made elsewhere
    did, and a muggins chance it opened. False when the record cannot be read now (an
    editor saving it halfway): said so, and the prompt waits for the next change."""
    from scorepad.record.files import real_path, stamp
    from scorepad.views.console import print_styled
    from scorepad.views.latest import changed_elsewhere
    from scorepad.views.status import muggins_chance

    notes = watch.taken()
    for note in notes:
        echo(note)
    now = stamp(real_path(held.file))
    try:
        after = held.read()
    except ScorepadError as problem:
        echo(_("The record cannot be read now: {problem}").format(problem=problem))
        watch.expect(now)
        return False
    if held.stamp != watch.expected:
        if not notes:
            echo(changed_elsewhere(before, after))
        chance = muggins_chance(after[1], live=True)
        if chance is not None:
            print_styled(chance)
    return True
