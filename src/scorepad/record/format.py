"""The game record `scorepad/1` (docs/format.md): TOML read with tomllib, written with tomli-w.

`loads`/`dumps` turn text into a replayed `Game` and back; `load`/`save` do the same for
files, saving atomically under a lock. Scores are never read from a record: they come from
replaying its moves and hands through the engine.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scorepad import fences
from scorepad.engine.game import Folded, Game, Round
from scorepad.engine.notation import Draw, Exposes, Move, Muggins, Play, parse_move, stands
from scorepad.engine.rules import DEFAULT_PRESET, OPTION_ORDER, Rules
from scorepad.engine.tiles import SET_PIPS, parse_tiles
from scorepad.errors import IllegalMoveError, ScorepadError, brief
from scorepad.i18n import _, ngettext
from scorepad.record.chunks import CHUNKED_FROM, MAX_WHOLE, Chunks, Whole, parse_part

if TYPE_CHECKING:
    from fractions import Fraction

    from scorepad.engine.held import Hand

FORMAT = "scorepad/1"
TOP_KEYS = ("format", "players", "rules", "rounds")
ROUND_KEYS = ("opener", "drawn", "moves", "annulled", "hands", "points")
MAX_RECORD_BYTES = 10 * 1024 * 1024  # a season of games is a few hundred KB
MAX_PROBLEMS = 1000  # an audit reports at most this many problems of one record
MAX_SHARED_MOVES = 10_000  # distinct move texts kept parsed while reading (a few hundred in a game)
# Moves are immutable, and the same texts come again in record after record (an audit of a
# club's folder): parsed once per process.
_PARSED: dict[str, Move] = {}
_RULES: dict[tuple[Any, ...], Rules] = {}  # see _rules
MAX_HAND_PIPS = SET_PIPS  # every tile of the set together
# A record's deepest key is a round's hand (rounds, hands, name); tomllib's time grows with
# the square of a dotted key's parts (60,000 parts take minutes), so a longer chain is
# refused before parsing.
MAX_KEY_PARTS = 8
# More than MAX_KEY_PARTS key parts joined by dots, where a key starts (a line, a table
# header, an inline table), looked for outside strings and comments only (strings written
# as `x`s by `tomltext.masked`, so a quoted part is a bare one). Only for a text with a
# line of that many dots, which a quick search (a literal first character, one character
# class) finds in milliseconds in 10 MB.
_DEEP_KEY = r"(?:^|[\[{,])[ \t]*+(?:[A-Za-z0-9_-]++[ \t]*+\.[ \t]*+)" + f"{{{MAX_KEY_PARTS}}}"
_MANY_DOTS = r"\.(?:[^.\n]*+\.)" + f"{{{MAX_KEY_PARTS - 1}}}"


def _deep_key_line(text: str) -> int | None:
    """The first line (from 1) holding a key of more than MAX_KEY_PARTS parts, or None."""
    # Compiled when first needed, not at import (re keeps them).
    many_dots = re.compile(_MANY_DOTS)
    if many_dots.search(text) is None:
        return None
    from scorepad.record import tomltext

    code = tomltext.masked(text)
    deep_key = re.compile(_DEEP_KEY, re.MULTILINE)
    start = 0
    while (dots := many_dots.search(code, start)) is not None:
        begin = code.rfind("\n", 0, dots.start()) + 1
        end = code.find("\n", dots.end())
        end = len(code) if end < 0 else end
        if deep_key.search(code, begin, end):
            return code.count("\n", 0, begin) + 1
        start = end
    return None


def _rules(preset: Any, options: dict[str, Any]) -> Rules:
    """`Rules.from_options`, made once per process for each table of rules met: an audit of
    a club's folder meets the same few in record after record."""
    # Each value with its type: true is not 1, nor 250.0 250, to the checks of the rules.
    plain = (str, int, float, bool)
    key: tuple[Any, ...] = (type(preset), preset)
    for name, value in sorted(options.items()):
        if isinstance(value, list) and all(isinstance(item, plain) for item in value):
            key += (name, list, *((type(item), item) for item in value))
        elif isinstance(value, plain):
            key += (name, type(value), value)
        else:  # a value no table of rules holds: checked, and refused, each time
            return Rules.from_options(preset, **options)
    if not isinstance(preset, str):
        return Rules.from_options(preset, **options)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules.from_options(preset, **options)
        if len(_RULES) < MAX_SHARED_MOVES:
            _RULES[key] = rules
    return rules


def points_number(value: int | Fraction) -> int | float:
    """Whole points as integers, half points as x.5 (as a record and JSON write them)."""
    return int(value) if value == int(value) else float(value)


class RecordError(ScorepadError):
    """A record that cannot be read: not TOML, an unknown key or version, or a move or hand
    the rules refuse. The message names the round and move, or the key and its line."""

    def __init__(self, message: str, *, round: int | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.round = round
        self.move = move


class Problem(NamedTuple):
    """One thing wrong with a record: 1-based round and move, either may be None."""

    round: int | None
    move: int | None
    message: str


class Record:
    """A record read and replayed: the game, and (when auditing) every problem found and
    every note: what happened in play but breaks no rule (docs/format.md), such as a wrong
    claim or a missed score nobody called."""

    __slots__ = ("game", "notes", "problems")

    def __init__(self, game: Game | None, problems: list[Problem] | None = None, notes: list[Problem] | None = None) -> None:
        self.game = game
        self.problems = problems if problems is not None else []
        self.notes = notes if notes is not None else []


class Loaded(Record):
    """A record read strictly (`loads`): the first problem raises, so there is a game."""

    __slots__ = ()
    game: Game


class _Stop(Exception):
    """Auditing cannot go on: the rest of the record depends on what is wrong."""


EachRound = Callable[[Game, Round], None]  # see loads
Load = Callable[[str, "EachRound | None"], "Loaded"]  # loads, or loads_for_review


class _Reader:
    """Replays a record through the engine. Strict (loading for a command), the first
    problem raises RecordError. Auditing, every problem is noted and the replay carries
    on as far as the record allows."""

    def __init__(self, text: str, strict: bool, each_round: EachRound | None = None) -> None:
        self.text = text
        self.strict = strict
        self.each_round = each_round
        self.keep_layouts = False  # see loads_for_review
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        # Found past MAX_PROBLEMS: counted, not kept, so a broken record costs no more
        # memory than a sound one; the audit says how many were left out.
        self.more_problems = 0
        self.more_notes = 0
        self._lines: _KeyLines | None = None
        self.whole = False  # parse the text whole rather than round by round
        self.part_line: int | None = None  # where the part that made it so starts
        self.too_large = False  # refused: too large to parse whole

    @property
    def lines(self) -> _KeyLines:
        """Where each key is set, indexed once on first need."""
        if self._lines is None:
            self._lines = _KeyLines(self.text)
        return self._lines

    def note(self, message: str, round: int, move: int | None) -> None:
        if self.strict:
            return
        if len(self.notes) < MAX_PROBLEMS:  # bounded like problems
            self.notes.append(Problem(round, move, message))
        else:
            self.more_notes += 1

    def problem(self, message: str, round: int | None = None, move: int | None = None) -> None:
        if self.strict:
            if move:
                message = _("round {round}, move {move}: {problem}").format(round=round, move=move, problem=message)
            elif round:
                message = _("round {round}: {problem}").format(round=round, problem=message)
            raise RecordError(message, round=round, move=move)
        self._found(Problem(round, move, message))

    def _found(self, problem: Problem) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(problem)
        else:
            self.more_problems += 1

    def read(self) -> Record:
        try:
            game = self._read()
        except _Stop:
            game = None
        return Record(game, self.problems, self.notes)

    def _parse(self) -> tuple[dict[str, Any], Any]:
        """The record's TOML: its table and its rounds (a list of tables, or `Chunks`
        parsed one round at a time); a problem (and a stop) when it is not TOML."""
        if self.text.startswith("\ufeff"):  # tomllib says only "Invalid statement"
            self.problem(
                _(
                    "not a valid TOML file: it starts with a byte-order mark (U+FEFF), which TOML does not allow; "
                    "save it as UTF-8 without one"
                )
            )
            raise _Stop
        line = _deep_key_line(self.text)
        if line is not None:
            self.problem(
                _("not a record: a key of more than {limit} dotted parts (line {line})").format(limit=MAX_KEY_PARTS, line=line)
            )
            raise _Stop
        if not self.whole:
            chunks = Chunks.split(self.text)
            if chunks is not None:
                return chunks.head, chunks
        if len(self.text) > MAX_WHOLE:
            self.too_large = True
            self.problem(self._not_by_rounds())
            raise _Stop
        try:
            data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            self.problem(_("not a valid TOML file: {reason}").format(reason=error))
            raise _Stop from None
        except RecursionError:
            self.problem(_("not a record: arrays or tables nested too deeply"))
            raise _Stop from None
        except ValueError as error:  # a number with more digits than Python converts
            self.problem(_("not a valid TOML file: {reason}").format(reason=error))
            raise _Stop from None
        return data, data.get("rounds", [])

    def _not_by_rounds(self) -> str:
        """Why a record over MAX_WHOLE is not read: the form it is in cannot be read a round
        at a time, and parsing it whole would cost many times its size."""
        limit = MAX_WHOLE // (1024 * 1024)
        from scorepad.record import tomltext

        if tomltext.holds_multi_line_string(self.text):
            why = _(
                "not read: a record over {limit} MB is read a round at a time, and this one holds a multi-line "
                "string (three quotes); write it without one, as scorepad writes records (docs/format.md)"
            )
        elif self.part_line is None:
            why = _(
                "not read: a record over {limit} MB is read a round at a time, and this one does not write its "
                "rounds as [[rounds]] tables, one after another; write them so, as scorepad does (docs/format.md)"
            )
        else:
            why = _(
                "not read: a record over {limit} MB is read a round at a time, and the part from line {line} is not "
                "one round in the form of a record (check it with a TOML reader)"
            )
        return why.format(limit=limit, line=self.part_line)

    def _read(self) -> Game:
        try:
            return self._replay()
        except Whole as whole:
            self.part_line = whole.line
            # Not rounds of their own after all: read again, the whole text at once, so
            # that what is wrong is said as for any record (the same words, the same line).
            self.problems.clear()
            self.notes.clear()
            self.more_problems = self.more_notes = 0
            self.whole = True
            return self._replay()

    def _replay(self) -> Game:
        data, rounds = self._parse()
        if isinstance(rounds, Chunks):
            try:
                game = self._replay_rounds(data, rounds)
            except (_Stop, RecordError):
                rounds.check_rest()  # text that is not TOML is said first, as when read whole
                raise
            rounds.check_rest()
            return game
        return self._replay_rounds(data, rounds)

    def _replay_rounds(self, data: dict[str, Any], rounds: Any) -> Game:
        self._known(data, TOP_KEYS, "")
        if "format" not in data:
            self.problem(_("no 'format' key: a scorepad record starts with format = \"{format}\"").format(format=FORMAT))
        elif data["format"] != FORMAT:
            self.problem(
                _("unknown format {given} (line {line}): this scorepad reads {format}").format(
                    given=brief(data["format"]), line=self.lines.find("format"), format=FORMAT
                )
            )
            raise _Stop
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            self.problem(_('\'players\' must be a list of names, e.g. players = ["Ann", "Bob"]'))
            raise _Stop
        options = data.get("rules", {})
        if not isinstance(options, dict):
            self.problem(_("'rules' must be a table: [rules]"))
            options = {}
        self._known(options, ("preset", *OPTION_ORDER), "rules")
        options = {k: v for k, v in options.items() if k in OPTION_ORDER or k == "preset"}
        preset = options.pop("preset", DEFAULT_PRESET)
        try:
            rules = _rules(preset, options)
        except ScorepadError as error:
            self.problem(_("[rules]: {error}").format(error=error))
            raise _Stop from None
        if not isinstance(rounds, Chunks) and (not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds)):
            self.problem(_("'rounds' must be an array of tables: [[rounds]]"))
            raise _Stop
        first = rounds[0].get("opener") if rounds else None
        if rules.first_opener == "highest-double" and rounds and rounds[0].get("moves"):
            first = None  # the lead says who opened (see _round)
        try:
            opener = first if isinstance(first, str) and first in players else None
            game = Game(players, rules, opener=opener)
        except ScorepadError as error:
            self.problem(str(error))
            raise _Stop from None
        if self.keep_layouts:
            game.keep_layouts()
        given = 0  # rounds given to each_round
        for number in range(1, len(rounds) + 1):
            table = rounds[number - 1]
            # Each round's parsed table is let go once replayed, so the game grows as the
            # parsed record shrinks: a large record's peak is not the two side by side.
            rounds[number - 1] = None
            if not self._round(game, number, table, last=number == len(rounds)):
                break
            if self.each_round is not None:
                # Laid out whole (its hands entered, or the last): the next round folds it.
                self.each_round(game, game.rounds[number - 1])
                given = number
        if self.each_round is not None:
            for r in game.rounds[given:]:  # the round nobody has led yet
                self.each_round(game, r)
        return game

    def _round(self, game: Game, number: int, table: dict[str, Any], *, last: bool) -> bool:
        """Replay one round; False when the rounds after it cannot be replayed."""
        self._known(table, ROUND_KEYS, "rounds")
        if len(game.rounds) != number:
            self.problem(_("the game was already over"), number)
            return False
        r = game.current
        opener = table.get("opener")
        if not isinstance(opener, str) or opener not in game.players:
            self.problem(_("'opener' must name a player, not {value}").format(value=brief(opener)), number)
        elif r.opener is None:
            # Under highest-double the lead itself names the opener (checked below), so
            # that taking the lead back leaves the round's opener open again.
            if not (r.opener_rule == "highest-double" and table.get("moves")):
                game.set_opener(opener)
        elif game.players[r.opener] != opener and not self._led_against_rules(table.get("moves"), opener):
            self.problem(
                _("opener is {opener}, but the rules ({rule}) give {player}").format(
                    opener=opener, rule=r.opener_rule, player=game.players[r.opener]
                ),
                number,
            )
        drawn = table.get("drawn")
        if drawn is not None:
            if drawn is not True or r.opener_rule != "lot":
                self.problem(_("'drawn' is true or left out, and only where the rules draw the opener by lot"), number)
            elif isinstance(opener, str) and opener in game.players and not r.layout.placed:
                game.set_opener(opener, drawn=True)
        moves = table.get("moves", [])
        if not isinstance(moves, list):
            self.problem(_("'moves' must be a list of strings like \"Ann: 6-4 E\""), number)
            moves = []
        for index, text in enumerate(moves, start=1):
            self._move(game, r, number, index, text)
        if table.get("hands") is None and len(game.rounds) == number:
            # No hands to prove the round's passes and draws: its plays prove what they can
            # (a round still being played, annulled, or the one the game ended in).
            for at, fault in game.prove():
                if not self.strict:
                    self.problem(_("{move}: {problem}").format(move=repr(str(r.moves[at])), problem=fault), number, at + 1)
        annulled = table.get("annulled")
        if annulled is not None:
            return self._annulled(game, number, table, annulled)
        led = game.rounds[number - 1].opener
        # Only a lead on the table tells who led: a refused lead leaves the rules' opener.
        placed = bool(game.rounds[number - 1].layout.placed)
        if isinstance(opener, str) and opener in game.players and placed and led is not None and game.players[led] != opener:
            self.problem(_("opener is {opener}, but {player} led").format(opener=opener, player=game.players[led]), number)
        hands = table.get("hands")
        goes_on = self._hands(game, number, table, hands, last=last)
        if not self.strict:
            # After the hands: a score missed on the round's last tile is missed for good
            # only once the hands are written (a call may come until then).
            missed = list(r.uncalled)
            if hands is not None and r.result is not None and r.hands is None and r.pending is not None and not r.pending.penalty:
                missed.append(r.pending)  # the hands were refused, but the chance is over
            for chance in missed:
                play = r.moves[chance.move]
                assert isinstance(play, Play)  # only a play leaves a score to miss
                self._uncalled(game, number, play, chance.amount, chance.move + 1)
        return goes_on

    def _led_against_rules(self, moves: Any, opener: str) -> bool:
        """Whether the round's first move is a lead by `opener` marked as standing: a lead
        by the wrong player that the table let stand (the engine says whom it was against)."""
        if not isinstance(moves, list) or not moves or not isinstance(moves[0], str):
            return False
        try:
            lead = self._parse_move(moves[0])
        except ScorepadError:
            return False
        return isinstance(lead, Play) and lead.stands and lead.player == opener

    def _annulled(self, game: Game, number: int, table: dict[str, Any], reason: Any) -> bool:
        """A round the table annulled: its moves stay, it counts nothing, no hands."""
        if not isinstance(reason, str) or not reason.strip():
            why = _("'annulled' must say why, e.g. annulled = \"misdeal\", not {value}")
            self.problem(why.format(value=brief(reason)), number)
            return False
        if table.get("hands") is not None:
            self.problem(_("'hands' are given, but the round is annulled: it counts nothing"), number)
        try:
            game.annul(reason)
        except ScorepadError as error:
            self.problem(_("annulled: {problem}").format(problem=error), number)
            return False
        self.note(_("the table annulled the round ({reason}): it counts nothing").format(reason=reason), number, None)
        self._points(game, number, table.get("points"))
        return True

    def _hands(self, game: Game, number: int, table: dict[str, Any], hands: Any, *, last: bool) -> bool:
        """The round's remaining hands and written points; False when the rounds after it
        cannot be replayed."""
        r = game.current
        if game.winner is not None:
            # The game ended in this round: no hands count, but its points are checked.
            if hands is not None:
                ended = r.credits[-1].move if r.credits and r.credits[-1].move is not None else len(r.moves) - 1
                if r.result == "domino":
                    # It ended on a player's last tile: hands written then are natural
                    # at a table and harmless (docs/format.md).
                    self.note(
                        _(
                            "'hands' are given, but the game ended at move {move} on {player}'s last tile: they count for nothing"
                        ).format(move=ended + 1, player=game.players[r.domino_maker or 0]),
                        number,
                        None,
                    )
                else:
                    self.problem(
                        _("'hands' are given, but the game ended at move {move}: no hands are entered after that").format(
                            move=ended + 1
                        ),
                        number,
                    )
            self._points(game, number, table.get("points"))
            return True
        if hands is None:
            if not last:
                self.problem(_("no 'hands': only the last round may be unfinished (or one the table annulled)"), number)
                return False
            return True
        if not isinstance(hands, dict):
            self.problem(_("'hands' must be a table of player = pips or \"tiles\""), number)
            return False
        if r.result is None:
            self.problem(_("'hands' are given, but the round is not over (no domino, not blocked)"), number)
            return False
        parsed = {}
        for name, value in hands.items():
            try:
                parsed[name] = _hand(name, value)
            except ScorepadError as error:
                self.problem(_("hands: {problem}").format(problem=error), number)
        notes: list[str] | None = None if self.strict else []
        known = len(r.faults)
        try:
            game.end_round(parsed, problems=notes)
        except ScorepadError as error:
            self.problem(_("hands: {problem}").format(problem=error), number)
            return False
        for note in notes or ():
            self.problem(_("hands: {problem}").format(problem=note), number)
        if not self.strict:
            # A pass or draw the hands prove against the rules: a problem of that move. A
            # strict read takes it as a fault of the round, which no amendment may add.
            for index, text in r.faults[known:]:
                self.problem(_("hands: {problem}").format(problem=text), number, None if index is None else index + 1)
        self._points(game, number, table.get("points"))
        return True

    @staticmethod
    def _parse_move(text: str) -> Move:
        move = _PARSED.get(text)
        if move is None:
            move = parse_move(text)
            if len(_PARSED) < MAX_SHARED_MOVES:
                _PARSED[text] = move
        return move

    def _move(self, game: Game, r: Round, number: int, index: int, text: Any) -> None:
        """Replay the move `text` on the game's current round `r` (a move never starts a
        round: it is the same round after it)."""
        if not isinstance(text, str):
            self.problem(_("a move must be a string, not {value}").format(value=brief(text)), number, index)
            return
        # What this move proves of earlier ones, an audit reports at those (a strict read
        # leaves it to the round's faults).
        faults = r.faults
        known = len(faults)
        try:
            # The shared move looked up here, not in a call: every move of a replay comes here.
            move = _PARSED.get(text) or self._parse_move(text)
            out = game.push(move)
        except IllegalMoveError as error:
            self.problem(_("{move}: {problem}").format(move=repr(text), problem=error), number, index)
            if not self.strict:
                again = self._carry_on(game, move)
                if again is not None and again != str(error):
                    self.problem(_("{move}: {problem}").format(move=repr(text), problem=again), number, index)
            return
        except ScorepadError as error:
            self.problem(_("{move}: {problem}").format(move=repr(text), problem=error), number, index)
            return
        # Most moves prove, warn and note nothing: an audit looks further only where the
        # round's faults grew, the move warned or stands, or it shows a tile or claims.
        if not self.strict and (
            out.warnings
            or out.ruling is not None
            or len(faults) > known
            or isinstance(move, Exposes)
            or (isinstance(move, Play) and move.claim is not None)
        ):
            # A fault this move proves of an earlier one (a pass, a draw, a lead the wrong
            # player made) is that move's problem.
            earlier = []
            if len(faults) > known:
                moves = r.moves
                earlier = [(at, fault) for at, fault in faults[known:] if at is not None and at != index - 1]
                for at, fault in earlier:
                    self.problem(_("{move}: {problem}").format(move=repr(str(moves[at])), problem=fault), number, at + 1)
            for warning in out.warnings:
                if warning is not out.wrong_claim and not any(fault is warning for _at, fault in earlier):
                    self.problem(_("{move}: {problem}").format(move=repr(text), problem=warning), number, index)
            if out.ruling is not None:
                self.note(
                    _("{move}: stands by the table's ruling: {ruling}").format(move=repr(text), ruling=out.ruling), number, index
                )
            if isinstance(move, Exposes):
                self.note(
                    _("{move}: {player} showed {tile}: known to everyone from now on").format(
                        move=repr(text), player=move.player, tile=move.tile
                    ),
                    number,
                    index,
                )
            # A wrong claim is play, not a broken record: with muggins it costs the player
            # the score, without muggins scorepad counts the true score anyway.
            if isinstance(move, Play) and move.claim is not None and move.claim != out.score:
                self.note(
                    _("{move}: {player} claimed {claim}, but {tile} scores {score}").format(
                        move=repr(text), player=move.player, claim=move.claim, tile=move.tile, score=out.score
                    ),
                    number,
                    index,
                )

    def _uncalled(self, game: Game, number: int, play: Play, amount: int, index: int) -> None:
        """A note on a missed score nobody called: who missed what, and who could have called."""
        side = game.side_of[game.players.index(play.player)]
        callers = [name for p, name in enumerate(game.players) if game.side_of[p] != side]
        self.note(
            _("{move}: {player} missed {amount} and nobody called muggins ({callers} could have)").format(
                move=repr(str(play)), player=play.player, amount=amount, callers=_(" or ").join(callers)
            ),
            number,
            index,
        )

    def _carry_on(self, game: Game, move: Move) -> str | None:
        """After a refused move, replay it as far as it can be, so that one mistake in a
        record does not hide the ones after it. Returns what is still wrong with it."""
        try:
            return self._carry_on_as_far_as_it_goes(game, move)
        except ScorepadError as error:
            # The move cannot be replayed even in part (a draw before the lead, say): the
            # record goes on from where it stood before it.
            return str(error)

    def _carry_on_as_far_as_it_goes(self, game: Game, move: Move) -> str | None:
        r = game.current
        if game.winner is not None or r.result is not None or move.player not in game.players:
            return None
        if isinstance(move, (Muggins, Exposes)):
            return None
        if stands(move):
            # Marked, though it breaks no rule: the move itself is as the record says.
            try:
                game.push(move._replace(stands=False))
                return None
            except ScorepadError:
                pass
        if r.turn is not None and game.players[r.turn] != move.player:
            game.carry_on_as(move.player)  # the record says this player moved now
            try:
                game.push(move)
                return None
            except ScorepadError as error:
                if not isinstance(move, Play):
                    return str(error)
                again = str(error)
        else:
            again = None
        if isinstance(move, Draw) and 0 < r.boneyard < move.count:
            game.push(Draw(move.player, r.boneyard))
        elif not isinstance(move, Draw):
            # A play that cannot be laid, or a pass too early: the player's turn is over.
            following = (game.players.index(move.player) + 1) % len(game.players)
            game.carry_on_as(game.players[following])
        return again

    def _points(self, game: Game, number: int, points: Any) -> None:
        if points is None:
            return
        if not isinstance(points, dict):
            self.problem(_("'points' must be a table of player = points"), number)
            return
        counted = game.rounds[number - 1].side_points(len(game.sides))
        for name, written in points.items():
            if name not in game.players:
                self.problem(_("points: '{name}' is not playing").format(name=name), number)
                continue
            count = counted[game.side_of[game.players.index(name)]]
            wrong = isinstance(written, bool) or not isinstance(written, (int, float)) or written != count
            # A stored points table is only a cache: loading a record for a command
            # recounts and rewrites it, so only an audit reports the difference.
            if wrong and not self.strict:
                message = _("points: {name} is written as {written}, the count is {count}").format(
                    name=name, written=brief(written), count=points_number(count)
                )
                self._found(Problem(number, None, message))

    def _known(self, table: dict[str, Any], keys: tuple[str, ...], parent: str) -> None:
        for key in table:
            if key not in keys:
                line = self.lines.find(key)
                if parent and line:
                    refusal = _("unknown key '{key}' in [{parent}] (line {line}): known keys are {keys}")
                elif parent:
                    refusal = _("unknown key '{key}' in [{parent}]: known keys are {keys}")
                elif line:
                    refusal = _("unknown key '{key}' in the top level (line {line}): known keys are {keys}")
                else:
                    refusal = _("unknown key '{key}' in the top level: known keys are {keys}")
                self.problem(refusal.format(key=key, parent=parent, line=line, keys=", ".join(keys)))


def loads(text: str, each_round: EachRound | None = None) -> Loaded:
    """Read a record and replay it. Raises RecordError at the first problem. `each_round`
    is given each round of the game once it is laid out whole, in order (so a view made of
    every round need not lay the folded ones again); it is given a new game, from its first
    round, when the text is read again (`Whole`), and is of no use if this raises."""
    return _loaded(_Reader(text, strict=True, each_round=each_round))


def loads_for_review(text: str, each_round: EachRound | None = None) -> Loaded:
    """`loads`, each round keeping the layout before each play (`Game.keep_layouts`), which
    a review weighs every play on."""
    reader = _Reader(text, strict=True, each_round=each_round)
    reader.keep_layouts = True
    return _loaded(reader)


def _loaded(reader: _Reader) -> Loaded:
    # Strict: every stop is preceded by a problem, which raises, so _Stop never escapes.
    return Loaded(reader._read(), reader.problems, reader.notes)


def is_record(text: str) -> bool:
    """Whether `text` is a scorepad record at all, whatever its game holds: TOML whose
    `format` names a scorepad format. Only such a file may be replaced by a new game."""
    reader = _Reader(text, strict=True)
    try:
        try:
            data, rounds = reader._parse()
            if isinstance(rounds, Chunks):
                rounds.check_rest()
        except Whole as whole:
            reader.whole = True
            reader.part_line = whole.line
            data, rounds = reader._parse()
    except RecordError:
        if reader.too_large:  # not parsed: its first lines say what it is
            return _names_scorepad_format(text[: 64 * 1024])
        return False
    given = data.get("format")
    return isinstance(given, str) and given.startswith("scorepad/")


def _names_scorepad_format(head: str) -> bool:
    """Whether `head` sets `format` to a scorepad format on a line of its own: the key where
    a statement starts, never inside a multi-line string or a comment."""
    import bisect

    from scorepad.record import tomltext

    found = re.finditer(r"""^[ \t]*(["']?format["']?[ \t]*=[ \t]*["']scorepad/)""", head, re.MULTILINE)
    spans, _ended, read_to = tomltext.spans(head)
    starts = [span.start for span in spans]
    for match in found:
        at = match.start(1)
        if at >= read_to:  # after a string that does not end (or is cut off here)
            return False
        inside = bisect.bisect_right(starts, at) - 1  # the last string or comment starting at or before it
        if inside < 0 or spans[inside].end <= at or spans[inside].start == at:
            return True
    return False


def audit_text(text: str) -> Record:
    """Replay a record and report every problem in it, never stopping at the first."""
    reader = _Reader(text, strict=False)
    record = reader.read()

    # In the order of the game; a round's own problems (no move) after its moves.
    def order(p: Problem) -> tuple[int, int]:
        return (p.round or 0, p.move if p.move is not None else 1 << 30)

    record.problems.sort(key=order)
    record.notes.sort(key=order)
    # Last, where a reader of the list stops too.
    if reader.more_problems:
        more = ngettext(
            "and {n} more problem, not listed: an audit lists at most {limit}",
            "and {n} more problems, not listed: an audit lists at most {limit}",
            reader.more_problems,
        ).format(n=reader.more_problems, limit=MAX_PROBLEMS)
        record.problems.append(Problem(None, None, more))
    if reader.more_notes:
        more = ngettext(
            "and {n} more note, not listed: an audit lists at most {limit}",
            "and {n} more notes, not listed: an audit lists at most {limit}",
            reader.more_notes,
        ).format(n=reader.more_notes, limit=MAX_PROBLEMS)
        record.notes.append(Problem(None, None, more))
    return record


def _hand(name: str, value: Any) -> int | list[Any]:
    if isinstance(value, str):
        return parse_tiles(value, strict=True)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= MAX_HAND_PIPS:
            raise RecordError(
                _("{name}'s hand cannot hold {pips} pips: the whole set holds {limit}").format(
                    name=name, pips=brief(value), limit=MAX_HAND_PIPS
                )
            )
        return value
    raise RecordError(
        _('{name}\'s hand must be a pip total or tiles like "4-3 5-0", not {value}').format(name=name, value=brief(value))
    )


# Compiled when a problem needs a line number, not at import (re keeps them).
_KEY = r'^\s*(?:"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([A-Za-z0-9_-]+))\s*(?:=|\.)'
_HEADER = r"^\s*\[\[?([^\]]*)\]\]?\s*(?:#.*)?$"


class _KeyLines:
    """The first line where each key is set or opens a table, for messages about it.
    Built in one pass over the text, so finding every unknown key of a big record
    costs no more than reading it."""

    def __init__(self, text: str) -> None:
        self.first: dict[str, int] = {}
        # Lines as TOML counts them: only a line feed ends one (U+2028 and the like do not).
        for number, line in enumerate(text.split("\n"), start=1):
            header = re.match(_HEADER, line)
            if header:
                key = header.group(1).strip().rsplit(".", 1)[-1].strip().strip("\"'")
                self.first.setdefault(key, number)
                continue
            match = re.match(_KEY, line)
            if match:
                key = next(g for g in match.groups() if g is not None)
                if match.group(1) and "\\" in key:  # a basic string with escapes: as TOML reads it
                    try:
                        key = tomllib.loads(f'k = "{key}"')["k"]
                    except tomllib.TOMLDecodeError:
                        pass
                self.first.setdefault(key, number)

    def find(self, key: str) -> int | None:
        return self.first.get(key)


# --- writing --------------------------------------------------------------------------------


def to_dict(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "players": list(game.players)}
    data["rules"] = _rules_table(game)
    rounds = list(_round_tables(game))
    if rounds:
        data["rounds"] = rounds
    return data


def _head_table(game: Game) -> dict[str, Any]:
    return {"format": FORMAT, "players": list(game.players), "rules": _rules_table(game)}


def _rules_table(game: Game) -> dict[str, Any]:
    return {"preset": game.rules.preset, **game.rules.options()}


def _round_tables(game: Game, first: int = 0) -> Iterator[dict[str, Any]]:
    """Each round's table as the record holds it, from the round at index `first`, made
    when asked for. A folded round is written from what was played in it, never laid out
    again: a save writes every round, and laying them out cost more than writing them."""
    for r in game.written_rounds(first):
        if isinstance(r, Folded):  # finished: led, its hands entered, never annulled nor the current round
            given = [(p, h) for p, h in enumerate(r.hands) if h is not None]
            yield _round_table(game, r.opener, r.moves, False, None, given, r.settled.points)
            continue
        if r.opener is None and not r.moves:
            continue  # the table has not said who opens it yet
        points = None
        if r.hands is not None or (game.winner is not None and r is game.current):
            points = r.side_points(len(game.sides))
        drawn = r.drawn and r is game.current  # scorepad's lot, which the table has not overruled
        hands = sorted(r.hands.items()) if r.hands is not None else None
        yield _round_table(game, r.opener, r.moves, drawn, r.annulled, hands, points)


def _round_table(
    game: Game,
    opener: int | None,
    moves: Sequence[Move],
    drawn: bool,
    annulled: str | None,
    hands: list[tuple[int, Hand]] | None,
    points: Sequence[int | Fraction] | None,
) -> dict[str, Any]:
    """A round's table: `hands` by seat (None: not entered), `points` by side (None: not
    written)."""
    assert opener is not None  # the lead names the opener
    table: dict[str, Any] = {"opener": game.players[opener]}
    if drawn:
        table["drawn"] = True
    table["moves"] = [str(m) for m in moves]
    if annulled is not None:
        table["annulled"] = annulled
    if hands is not None:
        table["hands"] = {game.players[p]: h if isinstance(h, int) else " ".join(str(t) for t in h) for p, h in hands}
    if points is not None:
        table["points"] = {name: points_number(points[game.side_of[p]]) for p, name in enumerate(game.players)}
    return table


def dumps(game: Game) -> str:
    """The record's text, as tomli-w writes the whole record (indented by two), made a
    round at a time: the tables of every round are never held at once (they took about
    thirteen times the text). Rounds are always `[[rounds]]` tables, which the reader
    reads a round at a time; only a small record whose every round fits on a line is
    written, as tomli-w writes it then, as one inline array (chunks.CHUNKED_FROM)."""
    return "".join(dumps_parts(game))


class RoundText(NamedTuple):
    """One round as a record writes it: its part of the text (a line break, then its
    `[[rounds]]` table), and whether tomli-w would write its table on one line."""

    text: str
    one_line: bool


def dumps_parts(game: Game, kept: list[RoundText] | None = None, first: int = 0) -> list[str]:
    """`dumps(game)` in the parts it is made of, which a save writes one after another:
    the whole text is never made at once. `kept`: the rounds before the round at index
    `first` as an earlier `round_texts` of this game made them (the live prompt keeps
    them), not made again."""
    return join_parts(game, head_text(game), [*(kept or [])[:first], *round_texts(game, first if kept else 0)])


def head_text(game: Game) -> str:
    """The record's head, its names and rules, as tomli-w writes it."""
    import tomli_w  # only writing commands pay for it

    return tomli_w.dumps(_head_table(game), indent=2)


def round_texts(game: Game, first: int = 0) -> list[RoundText]:
    """The text of each round from the round at index `first` on, each as `dumps_parts`
    writes it."""
    return [_round_text(table) for table in _round_tables(game, first)]


def _round_text(table: dict[str, Any]) -> RoundText:
    text = plain_round_text(table) if fences.FAST else None
    if text is None:
        import tomli_w  # only writing commands pay for it

        text = tomli_w.dumps({"rounds": [table]}, indent=2)
    one_line = not text.startswith("[[rounds]]")
    if one_line:  # it fits on a line: written as an array of one
        text = round_table_text(table)
    return RoundText("\n" + text, one_line)


# The characters of a key tomli-w writes bare, without quotes.
_BARE_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def _plain(text: str) -> bool:
    """Whether tomli-w writes `text` as it is between quotes: no quote, no backslash, no
    control character (a character that is not printable steps aside too, though tomli-w
    may keep it)."""
    return text.isprintable() and '"' not in text and "\\" not in text


def plain_round_text(table: dict[str, Any]) -> str | None:
    """A fast path (docs/development.md, "Fast paths and their fences"): the text
    `tomli_w.dumps({"rounds": [table]}, indent=2)` writes for a round's table, where its
    moves are not empty and every string is `_plain`; else None, and tomli-w writes it.
    tomli-w looks at every character of every string in Python, and tries each round's
    table inline before writing it as a table: a save writes every round, and this was
    most of a save's time."""
    moves = table.get("moves")
    if not moves:
        return None  # a table without a line break in it tomli-w may write inline
    lines = ["[[rounds]]\n"]
    tables = []
    for key, value in table.items():
        if type(value) is dict:
            tables.append((key, value))
        elif type(value) is str and _plain(value):
            lines.append(f'{key} = "{value}"\n')
        elif type(value) is bool:
            lines.append(f"{key} = {'true' if value else 'false'}\n")
        elif type(value) is list and all(type(item) is str for item in value) and _plain("".join(value)):
            lines.append(f'{key} = [\n  "' + '",\n  "'.join(value) + '",\n]\n')
        else:
            return None
    for key, values in tables:
        lines.append(f"\n[rounds.{key}]\n")
        for name, value in values.items():
            if not name or not _BARE_KEY_CHARS.issuperset(name):
                if not _plain(name):
                    return None
                name = f'"{name}"'
            if type(value) is str and _plain(value):
                lines.append(f'{name} = "{value}"\n')
            elif type(value) is int or type(value) is float:
                lines.append(f"{name} = {value}\n")
            else:
                return None
    return "".join(lines)


def join_parts(game: Game, head: str, rounds: list[RoundText]) -> list[str]:
    """The record's parts: its head, then its rounds; a small record whose every round fits
    on a line as one part, the whole record as tomli-w writes it."""
    if rounds and all(r.one_line for r in rounds) and len(head) + sum(len(r.text) for r in rounds) < CHUNKED_FROM:
        import tomli_w

        return [tomli_w.dumps(to_dict(game), indent=2)]
    return [head, *(r.text for r in rounds)]


def round_table_text(table: dict[str, Any]) -> str:
    """A round as tomli-w writes one of an array of tables: `[[rounds]]`, its values, then
    each of its tables as `[rounds.NAME]`."""
    import tomli_w

    values = {key: value for key, value in table.items() if not isinstance(value, dict)}
    text = "[[rounds]]\n" + tomli_w.dumps(values, indent=2)
    for key, value in table.items():
        if isinstance(value, dict):
            text += f"\n[rounds.{key}]\n" + tomli_w.dumps(value, indent=2)
    return text


# --- reading back what a save writes ----------------------------------------------------------
#
# A save must never leave a record that a later command refuses or reads as another game, so
# what it writes is read back first with `loads`, the reader of every command. Reading the
# whole record again costs a replay of every round, so a save whose first parts are, character
# for character, the parts of a text `loads` has read (or a save before has proven) as this
# game reads again only the rest; this is the same as reading the whole text, because:
#
# 1. What `loads` decides from the whole text (a key with too many dotted parts, a multi-line
#    string, the size past which a record is read a round at a time, where the rounds part)
#    is decided on the whole new text, by the reader's own `_parse`.
# 2. Read a round at a time (record/chunks.py), each `[[rounds]]` part is parsed alone, by
#    what its own characters say: a part unchanged gives the table it gave before. Read
#    whole by tomllib, a text without a multi-line string is a head and one `[[rounds]]`
#    table a part, each made of its own lines (the same as read a round at a time, which
#    tests/test_folded_rounds.py checks); a text with one has every table compared.
# 3. The replay is in order and depends only on the tables before: the unchanged rounds
#    replay as they did to the rounds the game holds (a change of this save touches only
#    the rounds from the first changed part on), and every part from there must read as
#    exactly the table the game writes for its round, so the replay goes on with the
#    game's own rounds, the moves the engine took in this order.
#
# tests/test_untrusted_saves.py types random names and lines through every writing command
# and reads each record back with every reading command.


def proven_parts(parts: list[str], read: str | None) -> int:
    """How many of `parts` (the head first) are, character for character, the parts the
    text `read` starts with, each ending where `read` starts a `[[rounds]]` line or ends:
    0 when there is no such text."""
    if read is None:
        return 0
    at = same = 0
    for part in parts:
        if not read.startswith(part, at):
            break
        at += len(part)
        same += 1
    # The last part matched is a part of its own in `read` only where a round starts
    # after it (a line `[[rounds]]`), or the text ends; else it was part of a longer one.
    if same and at < len(read) and not (read.startswith("\n[[rounds]]\n", at) or read.startswith("\n[[rounds]]\r\n", at)):
        same -= 1
    return same


def read_back(parts: list[str], game: Game | None, same: int = 0) -> None:
    """Read the record `parts` make as every later command reads it, and raise RecordError
    (worded for a save's refusal) unless it reads as `game` (None: as any game). `same`: how many of the first
    parts are a text's own that `loads` read as this game (`proven_parts`; see above why
    they need not be replayed again). Reading back all of it (`same` 0), the text is
    replayed whole and must write itself again unchanged."""
    text = parts[0] if len(parts) == 1 else "".join(parts)
    if game is None or same == 0 or len(parts) == 1:
        _read_back_whole(text, game)
        return
    if fences.FAST and len(text) < CHUNKED_FROM and '"""' not in text and "'''" not in text:
        # Read whole by tomllib, as a small record is, a text without a multi-line string
        # gives what its parts give each parsed alone (2. above): only the parts not proven
        # are parsed, as a large record's are, and anything else reads the whole text.
        try:
            _read_back_parts(text, parts, game, same)
            return
        except Whole:
            pass
    reader = _Reader(text, strict=True)
    try:
        try:
            data, rounds = reader._parse()  # strict: what the whole text is refused for raises
        except RecordError as error:
            raise _not_read_back(str(error)) from None
        first = same - 1  # the first round not proven
        if isinstance(rounds, Chunks):
            at, starts = len(parts[0]), []
            for part in parts[1:]:
                starts.append(at + 1)  # past the line break each round's part starts with
                at += len(part)
            if rounds.starts != starts:
                raise Whole
            tables: Any = (rounds[index] for index in range(first, len(rounds)))
        else:
            if data.keys() - {"rounds"} != _head_table(game).keys() or any(v != data[k] for k, v in _head_table(game).items()):
                raise _unreadable(_("the record's head"), brief(data.get("players")), _("it reads as another game"))
            if '"""' in text or "'''" in text:
                first = 0  # a multi-line string may join lines of two parts: every round compared
            tables = rounds[first:] if isinstance(rounds, list) else rounds
        for number, (table, written) in enumerate(itertools.zip_longest(tables, _round_tables(game, first)), start=first + 1):
            _check_round(game, number, table, written)
    except Whole:
        _read_back_whole(text, game)


def _read_back_parts(text: str, parts: list[str], game: Game, same: int) -> None:
    """`read_back` of a small text, parsing only the parts after the first `same`: each must
    be one `[[rounds]]` table alone (else `Whole`), which must be the game's round."""
    if _deep_key_line(text) is not None:
        raise Whole  # refused as the whole text is
    written = _round_tables(game, same - 1)
    for number, (part, table) in enumerate(itertools.zip_longest(parts[same:], written), start=same):
        read = None
        if part is not None:
            data = parse_part(part)
            rounds = data.get("rounds")
            if len(data) != 1 or not isinstance(rounds, list) or len(rounds) != 1:
                raise Whole
            read = rounds[0]
        _check_round(game, number, read, table)


def _read_back_whole(text: str, game: Game | None) -> None:
    try:
        read = loads(text).game
    except RecordError as error:
        raise _not_read_back(str(error)) from None
    if game is not None and not _writes(read, text):
        raise _not_read_back(_("it reads as another game"))


def _writes(game: Game, text: str) -> bool:
    """Whether `game` writes `text` (`dumps(game) == text`), a large one compared a round at
    a time: a save's read-back already holds the text and the game read from it, and a
    second whole text would be one more. A text as long as twice CHUNKED_FROM can only be
    the head and then each round as parts (`join_parts`)."""
    if len(text) < 2 * CHUNKED_FROM:
        return dumps(game) == text
    head = head_text(game)
    if not text.startswith(head):
        return False
    at = len(head)
    for table in _round_tables(game):
        part = _round_text(table).text
        if not text.startswith(part, at):
            return False
        at += len(part)
    return at == len(text)


def _not_read_back(problem: str) -> RecordError:
    return RecordError(
        _("not saved: the record would be written so that scorepad cannot read it back ({problem})").format(problem=problem)
    )


def _check_round(game: Game, number: int, table: Any, written: dict[str, Any] | None) -> None:
    """One round's table as it reads back (`table`) against the table the game writes for
    it: its opener and lot, its moves and hands each read as the replay reads them
    (`parse_move`, `_hand`) and each the game's own, and nothing more or less."""
    where = _("round {number}").format(number=number)
    if not isinstance(table, dict) or written is None:
        raise _unreadable(where, brief(table), _("it reads as another game"))
    r = game.rounds[number - 1]
    opener = table.get("opener")
    if not isinstance(opener, str) or opener not in game.players or r.opener is None or game.players[r.opener] != opener:
        raise _unreadable(where, brief(opener), _("'opener' must name a player, not {value}").format(value=brief(opener)))
    if table.get("drawn", True) is not True:
        raise _unreadable(where, brief(table.get("drawn")), _("'drawn' is true or left out"))
    if table.get("annulled") != r.annulled:
        raise _unreadable(where, brief(table.get("annulled")), _("it reads as another annulment"))
    moves = table.get("moves", [])
    for index, text in enumerate(moves if isinstance(moves, list) else []):
        at = _("round {round}, move {move}").format(round=number, move=index + 1)
        try:
            move = parse_move(text) if isinstance(text, str) else None
        except ScorepadError as error:
            raise _unreadable(at, repr(text), str(error)) from None
        if move is None or index >= len(r.moves) or move != r.moves[index]:
            raise _unreadable(at, brief(text), _("it reads as another move"))
    hands = table.get("hands")
    for name, value in hands.items() if isinstance(hands, dict) else ():
        at = _("the hands of round {number}").format(number=number)
        try:
            hand = _hand(name, value)
        except ScorepadError as error:
            raise _unreadable(at, f"{name} = {brief(value)}", str(error)) from None
        held = r.hands.get(game.players.index(name)) if r.hands is not None and name in game.players else None
        if held is None or (tuple(hand) if isinstance(hand, list) else hand) != held:
            raise _unreadable(at, f"{name} = {brief(value)}", _("it reads as another hand"))
    if table != written:  # a key more or less, points, a lot: not what the game holds
        raise _unreadable(where, brief(table), _("it reads as another game"))


def _unreadable(what: str, written: str, problem: str) -> RecordError:
    return RecordError(
        _("not saved: {what} would be written as {written}, which scorepad cannot read back ({problem})").format(
            what=what, written=written, problem=problem
        )
    )
