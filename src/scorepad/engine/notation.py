"""Moves as they are written in a record (docs/format.md "moves" grammar)::

    Ann: 6-4 E =10      a play on E, claiming 10
    Ann: draw 2         drew two tiles
    Ann: pass
    Ann: muggins        Ann calls muggins
    Ann: exposes 6-6    Ann showed 6-6 by accident
    Bob: 6-4 E !stands  a move the rules forbid that the table let stand

`str(move)` writes this notation and `parse_move(str(move)) == move`.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any, NamedTuple

from scorepad.engine.tiles import SET_SIZE, End, Tile, parse_end, parse_tile
from scorepad.errors import InvalidMoveError
from scorepad.i18n import _, pgettext

MAX_NAME_LENGTH = 40
# Vietnamese stacks two accents on a letter, Thai a vowel and a tone mark; more is a
# name drawn over its neighbours, not spelled.
MAX_MARKS_PER_LETTER = 3
# Characters a name may not hold: ':' ends the name in a move, '=' splits NAME=PIPS,
# '@' marks a name at the live prompt.
NAME_SEPARATORS = frozenset(":=@")
# Letters and marks that show as nothing, so two names could look alike or a name empty.
_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
    "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f"
)


# Names found good, so that a second look costs a lookup: an audit of a club's folder
# meets the same few names in record after record.
MAX_GOOD_NAMES = 4096
_GOOD_NAMES: dict[str, None] = {}


def check_player_name(name: object) -> str:
    """The one rule for player names (docs/safety.md): printable text of 1 to 40
    characters, in Unicode NFC form, without ':', '=' or '@', without control, format,
    invisible or bidirectional characters, and without leading or trailing spaces.
    Returns the name; raises InvalidMoveError saying what is wrong."""

    if type(name) is str and name in _GOOD_NAMES:  # every record of a club names the same few
        return name

    def refuse(why: str) -> InvalidMoveError:
        return InvalidMoveError(_("'{name}' is not a player name: {why}").format(name=name, why=why))

    if not isinstance(name, str):
        raise InvalidMoveError(_("a player name must be text, not {value}").format(value=type(name).__name__))
    if not name:
        raise refuse(_("it is empty"))
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidMoveError(
            _("a player name has at most {limit} characters, not {length}").format(limit=MAX_NAME_LENGTH, length=len(name))
        )
    if name != name.strip():
        raise refuse(_("it must not start or end with a space"))
    if not name.isprintable() or any(ch in _INVISIBLE for ch in name):
        raise refuse(_("it holds a control, format, invisible or right-to-left character"))
    if NAME_SEPARATORS & set(name):
        raise refuse(_("it must not hold ':', '=' or '@'"))
    if unicodedata.combining(name[0]):
        raise refuse(_("it must not start with an accent or other combining mark"))
    if unicodedata.normalize("NFC", name) != name:
        raise refuse(_("it is not in Unicode NFC form (the same letters written another way)"))
    if _most_marks(name) > MAX_MARKS_PER_LETTER:
        raise refuse(
            _("it stacks more than {limit} accents or other combining marks on one letter").format(limit=MAX_MARKS_PER_LETTER)
        )
    if len(_GOOD_NAMES) < MAX_GOOD_NAMES:
        _GOOD_NAMES[name] = None
    return name


def _most_marks(name: str) -> int:
    """The most combining marks on one letter, counted with precomposed letters taken apart."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        most = max(most, run)
    return most


def same_name_key(name: str) -> str:
    """What two names that would look the same on a score sheet share: NFC, then casefold."""
    return unicodedata.normalize("NFC", name).casefold()


def loose_name_key(name: str) -> str:
    """A name as typed in a hurry: without accents or other marks (NFD, combining marks
    dropped) and without case (casefold), so `ozlem` finds Özlem and `jurgen` Jürgen."""
    decomposed = unicodedata.normalize("NFD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def collation_key(name: str) -> tuple[str, str, str]:
    """The order of names in a list, as German (DIN 5007, variant 1) and English
    dictionaries sort them: letters with marks among their base letters (Özlem before
    Tom), case ignored; then marks and case decide, so the order never depends on input."""
    return (loose_name_key(name), same_name_key(name), name)


# Cyrillic and Greek letters that look like Latin ones, after case folding (so the lower
# case of a look-alike capital is here too: Cyrillic EN folds to en, which stands for h).
# The common cases of Unicode's confusables (UTS #39), not all of them.
_LOOK_ALIKES = str.maketrans(
    {
        **dict(zip("авсеһіјӏнкмоԛрѕтԝхуүԁ", "abcehijlhkmoqpstwxyyd", strict=True)),  # Cyrillic
        **dict(zip("αβεζηικμνορτυχϲ", "abezhikmnoptyxc", strict=True)),  # Greek
        "ı": "i",  # dotless i
    }
)


@lru_cache(maxsize=4096)
def look_alike_key(name: str) -> str:
    """What two names that would be mistaken for each other share: `same_name_key`, taken
    apart into letters and marks (NFD), with Cyrillic and Greek look-alikes of Latin
    letters read as the Latin ones (Cyrillic "\u0410nn" and Latin "Ann" share "ann")."""
    return unicodedata.normalize("NFD", same_name_key(name)).translate(_LOOK_ALIKES)


STANDS = " !stands"  # the mark of a move the rules forbid that the table let stand (docs/rules.md "Irregularities")


class Play(NamedTuple):
    player: str
    tile: Tile
    end: End | None = None  # None only for the lead, or before the end is resolved
    claim: int | None = None
    # The table let it stand though the rules forbid it (out of turn, a misplay, a lead by
    # the wrong player). In a misplay the tile's first half is the one laid against the end.
    stands: bool = False

    def __str__(self) -> str:
        return self.written(self.end.value if self.end is not None else None)

    def written(self, end: str | None) -> str:
        """The play in the record's notation, its end named `end`."""
        text = f"{self.player}: {self.tile}"
        if end is not None:
            text += f" {end}"
        if self.claim is not None:
            text += f" ={self.claim}"
        if self.stands:
            text += STANDS
        return text


class Draw(NamedTuple):
    player: str
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count, unused
    stands: bool = False  # drawn while holding a playable tile, and let stand

    def __str__(self) -> str:
        return f"{self.player}: draw" + (f" {self.count}" if self.count != 1 else "") + (STANDS if self.stands else "")


class Pass(NamedTuple):
    player: str
    stands: bool = False  # passed while holding a playable tile, and let stand

    def __str__(self) -> str:
        return f"{self.player}: pass" + (STANDS if self.stands else "")


class Muggins(NamedTuple):
    """`player` calls muggins on the play just made."""

    player: str

    def __str__(self) -> str:
        return f"{self.player}: muggins"


def compared_by_kind(*kinds: type) -> None:
    """Moves (and the typed inputs of the command line) are NamedTuples, not dataclasses:
    a dataclass takes about five times as long as a NamedTuple to define, and every
    command imports them. As plain tuples, though, `Pass("Ann")` would equal
    `Muggins("Ann")`: each of these equals only its own kind."""

    def equal(self: tuple[Any, ...], other: Any) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def unequal(self: tuple[Any, ...], other: Any) -> bool:
        return not equal(self, other)

    for kind in kinds:
        setattr(kind, "__eq__", equal)  # noqa: B010 - on a class made already, as NamedTuple makes it
        setattr(kind, "__ne__", unequal)  # noqa: B010


class Exposes(NamedTuple):
    """`player` showed `tile` by accident: known to everyone from then on; it changes no
    score and takes no turn (docs/rules.md "Irregularities")."""

    player: str
    tile: Tile

    def __str__(self) -> str:
        return f"{self.player}: exposes {self.tile}"


compared_by_kind(Play, Draw, Pass, Muggins, Exposes)

Move = Play | Draw | Pass | Muggins | Exposes
Standing = Play | Draw | Pass  # the moves a table may let stand against the rules


def stands(move: Move) -> bool:
    """Whether `move` is marked as standing against the rules."""
    return getattr(move, "stands", False) is True


def shown_move(move: Move) -> str:
    """A move as the screen shows it: the record's notation with the end named in the
    current language (E is O in German), and in German a draw or pass glossed
    (`Tom: draw 2 (ziehen)`); the record itself keeps `str(move)`."""
    if isinstance(move, Play) and move.end is not None:
        return move.written(move.end.label)
    # The words stay as typed and recorded; another language adds what they mean, as it
    # does for `hands` and `round5`.
    if isinstance(move, Draw):
        return pgettext("a draw on screen", "{move}").format(move=move)
    if isinstance(move, Pass):
        return pgettext("a pass on screen", "{move}").format(move=move)
    return str(move)


def typed_move(move: Move) -> str:
    """A move of an amendment as the player types it (`replace 1.3 "Cy: 6-2 O"`): the
    record's notation with the end named in the current language, which every command
    reads; a draw or pass as written, unglossed."""
    return move.written(move.end.label) if isinstance(move, Play) and move.end is not None else str(move)


MAX_CLAIM = 1000  # no play scores more than 60; a claim is checked, so keep it small
MAX_DRAW = SET_SIZE  # the whole set


def _number(text: str, whole: str, *, claim: bool) -> int:
    """`text` as a whole number: a claim, else a draw count; absurd sizes refused before `int()`."""
    limit = MAX_CLAIM if claim else MAX_DRAW
    if not text.isascii() or not text.isdigit():
        if claim:
            refusal = _("'{move}': the claim must be a whole number, not '{text}'")
        else:
            refusal = _("'{move}': the draw count must be a whole number, not '{text}'")
        raise InvalidMoveError(refusal.format(move=whole, text=text))
    if len(text) > len(str(limit)) + 2 or int(text) > limit:
        if claim:
            refusal = _("'{move}': the claim can be at most {limit}")
        else:
            refusal = _("'{move}': the draw count can be at most {limit}")
        raise InvalidMoveError(refusal.format(move=whole, limit=limit))
    return int(text)


def parse_action(player: str, action: str, *, strict: bool = True, whole: str | None = None) -> Move:
    """The part after `player: `. `strict` is the record's grammar; the command line is
    looser about tile and end forms and spacing."""
    whole = whole if whole is not None else action
    words = action.split(" ") if strict else action.split()
    if not words or "" in words:
        raise InvalidMoveError(_("'{move}' is not a move: expected a tile, draw, pass or muggins").format(move=whole))
    standing = len(words) > 1 and words[-1] == STANDS.strip()
    if standing:
        words.pop()
    head, rest = words[0], words[1:]
    if head == "draw":
        if len(rest) > 1:
            raise InvalidMoveError(_("'{move}' is not a move: draw takes one count").format(move=whole))
        count = _number(rest[0], whole, claim=False) if rest else 1
        if count < 1:
            raise InvalidMoveError(_("'{move}': the draw count must be at least 1").format(move=whole))
        return Draw(player, count, standing)
    if head in ("pass", "muggins"):
        if rest:
            raise InvalidMoveError(_("'{move}' is not a move: {word} takes nothing after it").format(move=whole, word=head))
        if head == "muggins" and standing:
            raise InvalidMoveError(_("'{move}': a muggins call cannot be marked !stands").format(move=whole))
        return Pass(player, standing) if head == "pass" else Muggins(player)
    if head == "exposes":
        if standing:
            raise InvalidMoveError(_("'{move}': an exposed tile cannot be marked !stands").format(move=whole))
        if len(rest) != 1:
            raise InvalidMoveError(_("'{move}' is not a move: exposes takes one tile, like 6-6").format(move=whole))
        try:
            return Exposes(player, parse_tile(rest[0], strict=strict))
        except InvalidMoveError:
            raise InvalidMoveError(
                _("'{move}' is not a move: '{word}' is not a tile (like 6-6)").format(move=whole, word=rest[0])
            ) from None
    try:
        tile = parse_tile(head, strict=strict)
    except InvalidMoveError:
        raise InvalidMoveError(
            _("'{move}' is not a move: '{word}' is not a tile (like 6-4), draw, pass or muggins").format(move=whole, word=head)
        ) from None
    end = claim = None
    if rest and not rest[0].startswith("="):
        end = parse_end(rest.pop(0), strict=strict)
    if rest and rest[0].startswith("="):
        claim = _number(rest.pop(0)[1:], whole, claim=True)
    if rest:
        raise InvalidMoveError(_("'{move}' is not a move: unexpected '{text}'").format(move=whole, text=" ".join(rest)))
    return Play(player, tile, end, claim, standing)


@lru_cache(maxsize=8192)
def parse_move(text: str) -> Move:
    """Parse one move of a record, e.g. ``parse_move("Ann: 6-4 E =10")``.

    The same few hundred texts make up most records, so parses are cached: a move is
    never changed after it is made, so one object can stand for every copy of its text."""
    player, sep, action = text.partition(": ")
    if not sep or ":" in player:
        raise InvalidMoveError(_("'{move}' is not a move: write 'Name: action', e.g. 'Ann: 6-4 E'").format(move=text))
    try:
        check_player_name(player)
        return parse_action(player, action, strict=True, whole=text)
    except InvalidMoveError as error:
        if f"'{text}'" in str(error):
            raise
        raise InvalidMoveError(_("'{move}': {error}").format(move=text, error=error)) from None
