"""What a player types, read the same way on the command line and at the live prompt:
tiles, ends, names and remaining hands in their forgiving forms. The record's own strict
grammar is `notation.py`; this module turns typing into the engine's moves and hands.

Both front ends build the same `Typed` values here: `scorepad play 14 west --by bob` and
the live line `14 west @bob` both become `PlayIn(tile 1-4, W, by 'bob')`; the actions in
`actions.py` then resolve names against the game and do the move.

The forms read:

- a tile: `64 6-4 6 4 6/4 6,4 6:4 6|4`, glued to its end or not (`64w`, `6-4 e`);
- an end: `w e n s`, `west east north south`, `left right up down`, `l r u d`, any case,
  and the German `o`, `ost nord süd sued`, `links rechts oben unten` in any language;
- a player: the name in any case, or a prefix of it that names one player only;
- a remaining hand: `Tom=37` (pips), `Tom=37p` (always pips), `Tom=6-4,3-1` or
  `Tom=64 31` (tiles). A value of digits only that could be both the player's tiles and
  a pip total is refused with both readings, unless both give the same points (see
  `read_hand`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from scorepad.engine.notation import (
    MAX_CLAIM,
    MAX_DRAW,
    Draw,
    Exposes,
    Move,
    Muggins,
    Pass,
    Play,
    compared_by_kind,
    loose_name_key,
    same_name_key,
)
from scorepad.engine.tiles import ALL_TILES, End, Tile
from scorepad.engine.tiles import END_WORDS as TYPED_END_WORDS
from scorepad.errors import IllegalMoveError, InvalidMoveError
from scorepad.i18n import _, either

# Every end word tiles.py reads (English and German, in any language), and the one-letter
# forms of left right up down, which only typing needs.
END_WORDS = {**TYPED_END_WORDS, "l": End.W, "r": End.E, "u": End.N, "d": End.S}


def tile_forms() -> str:
    """The typed forms of a tile, for messages; '6|4' quoted: a shell reads a bare | as a pipe."""
    return _("64, 6-4, 6 4, 6/4, 6,4, 6:4 or '6|4'")


def end_forms() -> str:
    """The typed forms of an end, for messages (in German, the German words)."""
    return _("w e n s, west east north south, left right up down or l r u d")


# A tile, then perhaps its end, glued or spaced: "64", "6 4 e", "6-4e", "1/4 west".
# Matched against stripped text, so no lazy group has to give way to trailing spaces
# (that backtracking made a long run of spaces cost its length squared).
_PLAY = re.compile(r"([0-9])\s*[-/,:|]?\s*([0-9])\s*([^\s\d].*)?")
_HAND_TILE = re.compile(r"^([0-9])[-/:|]?([0-9])$")
# NAME= in typed hands; a name starts after a space, a comma or '=' (or at the start),
# so a long word without '=' is scanned once, not once from each of its letters.
_HAND_NAME = re.compile(r"(?<![^\s=,])([^\s=,]+)\s*=\s*")

# The longest line the table types (a hands line of four players with every tile spelled
# out is under 200 characters); anything longer is refused before it is read.
MAX_TYPED = 1000


def check_length(text: str) -> str:
    """`text` when it is no longer than MAX_TYPED; else InvalidMoveError (the text itself
    is not repeated: it is too long to show)."""
    if len(text) > MAX_TYPED:
        raise InvalidMoveError(
            _("the typed input is {length} characters long: at most {limit} are read").format(length=len(text), limit=MAX_TYPED)
        )
    return text


class AmbiguousInputError(InvalidMoveError):
    """Typing that can be read two ways: it is never guessed."""


# --- what was typed ------------------------------------------------------------------------


class PlayIn(NamedTuple):
    tile: Tile
    end: End | None = None
    claim: int | None = None
    by: str | None = None  # as typed; resolved against the players by the action
    stands: bool = False  # typed with !stands: the table lets it stand against the rules


class DrawIn(NamedTuple):
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count, unused
    by: str | None = None
    stands: bool = False


class PassIn(NamedTuple):
    by: str | None = None
    stands: bool = False


class ExposesIn(NamedTuple):
    tile: Tile
    by: str | None = None  # who showed it; default: whose turn it is


class AnnulIn(NamedTuple):
    reason: str  # why the table annuls the round being played


class OpenerIn(NamedTuple):
    name: str  # who leads (or led) the round being played, as typed


class MugginsIn(NamedTuple):
    caller: str


class HandsIn(NamedTuple):
    values: tuple[str, ...]  # as typed: "Tom=37", "Priya=4-2,"
    by: str | None = None  # who opens the next round, when the table finds the opener


class UndoIn(NamedTuple):
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count, unused


class AmendIn(NamedTuple):
    action: str  # "insert" | "replace" | "delete"
    at: tuple[int, int]  # (round, move), 1-based as `log` numbers them
    move: str | None = None  # in record notation, perhaps typed loosely
    # `replace` only: more positions and moves replaced at once (a repair of two moves
    # that are legal only together, such as two moves in the wrong order)
    more: tuple[tuple[tuple[int, int], str], ...] = ()
    # `replace` of one move's player only: every later move of its round follows the
    # turn order from it (a lead credited one seat off shifted all of them)
    reseat: bool = False


class FixIn(NamedTuple):
    choice: int  # the number of a repair offered after a refusal
    drawn: int | None = None  # how many tiles were drawn, for a repair of a draw of unknown count
    at: str | None = None  # where the draw or pass was (`4.20`), for a repair that fits at several places
    tile: str | None = None  # the tile played (`6-3`), for a repair of a tile typed wrong that several fit


class NewIn(NamedTuple):
    players: tuple[str, ...] | None = None  # None: the same players as the game before
    force: bool = False  # start over although the game is not over (it is kept as a backup)


class HintIn(NamedTuple):
    tiles: tuple[Tile, ...]


class ViewIn(NamedTuple):
    what: str  # "show" | "log" | "tally" | "rules" | "help" | "quit" | "edit" | "qr"
    all: bool = False  # `l all`: the whole game's log
    round: int | None = None  # `l 2`: round 2's log
    name: str | None = None  # `qr Bob`: Bob's link (`qr`: the watchers')


# NamedTuples, as the engine's moves are (see there)
compared_by_kind(PlayIn, DrawIn, PassIn, MugginsIn, HandsIn, UndoIn, AmendIn, FixIn, NewIn, HintIn, ViewIn)

Typed = (
    PlayIn
    | DrawIn
    | PassIn
    | MugginsIn
    | HandsIn
    | UndoIn
    | AmendIn
    | FixIn
    | NewIn
    | HintIn
    | ViewIn
    | ExposesIn
    | AnnulIn
    | OpenerIn
)
# these write the record
CHANGES = (PlayIn, DrawIn, PassIn, MugginsIn, HandsIn, UndoIn, AmendIn, FixIn, ExposesIn, AnnulIn, OpenerIn)


# --- tiles and ends ------------------------------------------------------------------------


def _tile(a: str, b: str, text: str) -> Tile:
    if int(a) > 6 or int(b) > 6:
        raise InvalidMoveError(
            _("'{text}' is not a tile: numbers run from 0 to 6, written {forms}").format(text=text, forms=tile_forms())
        )
    return Tile(int(a), int(b))


def parse_end(text: str) -> End:
    end = END_WORDS.get(unicodedata.normalize("NFC", text.strip().lower()))
    if end is None:
        raise InvalidMoveError(_("'{text}' is not an end: write {forms}").format(text=text, forms=end_forms()))
    return end


def parse_tile(text: str) -> Tile:
    """One tile in any of its typed forms, without an end."""
    match = _PLAY.fullmatch(check_length(text).strip())
    if match is None or match.group(3):
        raise InvalidMoveError(_("'{text}' is not a tile: write {forms}").format(text=text, forms=tile_forms()))
    return _tile(match.group(1), match.group(2), text)


def parse_tile_and_end(text: str) -> tuple[Tile, End | None]:
    """`64`, `6 4 w`, `64w`, `6-4 east`, `1/4 left` ..."""
    match = _PLAY.fullmatch(check_length(text).strip())
    if match is None:
        raise InvalidMoveError(
            _("'{text}' is not a tile: write a tile ({tiles}) and its end ({ends}), e.g. 64 e").format(
                text=text.strip(), tiles=tile_forms(), ends=end_forms()
            )
        )
    tile = _tile(match.group(1), match.group(2), text.strip())
    end = parse_end(match.group(3)) if match.group(3) else None
    return tile, end


STANDS_WORD = "!stands"  # typed after a move the table lets stand against the rules


def play_input(words: Sequence[str], by: str | None = None, claim: int | None = None, stands: bool = False) -> PlayIn:
    """A play as typed, in words: the tile and end, and in live syntax `@Name`, `=10` and
    `!stands`. The command line's `--by`/`--claim`/`--stands` arrive as `by`/`claim`/`stands`."""
    check_length(" ".join(words))
    rest: list[str] = []
    for word in words:
        if word.lower() == STANDS_WORD:
            stands = True
        elif word.startswith("@") and len(word) > 1:
            if by is not None:
                raise InvalidMoveError(_("'{word}': say who played once").format(word=word))
            by = word[1:]
        elif word.startswith("="):
            if claim is not None or not word[1:].isascii() or not word[1:].isdigit() or len(word) > 5:
                raise InvalidMoveError(_("'{word}': a claim is one number, e.g. =10").format(word=word))
            claim = int(word[1:])
        else:
            rest.append(word)
    # Quotes are for a shell ('6|4'); typed at the live prompt they are not part of the tile.
    text = " ".join(rest).replace("'", "").replace('"', "")
    if "=" in text:  # a claim glued to the end: 64e=10
        text, _sep, number = text.partition("=")
        if claim is not None or not (number.strip().isascii() and number.strip().isdigit()) or len(number.strip()) > 4:
            raise InvalidMoveError(_("'{word}': a claim is one number, e.g. =10").format(word="=" + number))
        claim = int(number)
    if claim is not None and claim > MAX_CLAIM:
        # The record's grammar refuses it too: saved, it would make the record unreadable.
        raise InvalidMoveError(_("'={claim}': a claim is at most {limit}").format(claim=claim, limit=MAX_CLAIM))
    tile, end = parse_tile_and_end(text)
    return PlayIn(tile, end, claim, by, stands)


# --- names -------------------------------------------------------------------------------


def resolve_player(text: str, players: Sequence[str]) -> str:
    """The player `text` names: exactly, then ignoring case, then ignoring accents and case
    (`ozlem` is Özlem), each where only one name matches; then by a prefix only one name
    has, first in case only, then without accents (`m j` names Jürgen). A stricter match
    always wins over a looser one (`Zoe` and `Zoë` playing: `zoe` is Zoe)."""
    if check_length(text) in players:
        return text
    typed = text.strip()
    starting: list[str] = []
    for key in (same_name_key, loose_name_key):
        wanted = key(typed)
        same = [p for p in players if key(p) == wanted]
        if len(same) == 1:
            return same[0]
    for key in (same_name_key, loose_name_key):
        wanted = key(typed)
        starting = [p for p in players if key(p).startswith(wanted)] if wanted else []
        if len(starting) == 1:
            return starting[0]
        if starting:
            break
    if len(starting) > 1:
        raise AmbiguousInputError(_("'{text}' could be {names}: type more of the name").format(text=text, names=either(starting)))
    import difflib

    # A name mistyped (`Bbo`) is only named back, never taken: a guess would record a move
    # for someone who did not make it.
    keys = {loose_name_key(p): p for p in players}
    near = difflib.get_close_matches(loose_name_key(typed), list(keys), n=1, cutoff=0.6)
    if near:
        raise IllegalMoveError(
            _("'{text}' is not playing: did you mean {name}? Players are {names}").format(
                text=text, name=keys[near[0]], names=", ".join(players)
            )
        )
    raise IllegalMoveError(_("'{text}' is not playing: players are {names}").format(text=text, names=", ".join(players)))


# --- remaining hands -----------------------------------------------------------------------


def split_hands(values: Sequence[str]) -> list[tuple[str, str]]:
    """`Tom=37, Priya = 4-2,` -> [("Tom", "37"), ("Priya", "4-2")]: spaces around `=` and
    between tiles, and trailing commas, are tolerated."""
    text = check_length(" ".join(values))
    starts = list(_HAND_NAME.finditer(text))
    if not starts:
        raise InvalidMoveError(
            _("'{text}' is not a hand: write NAME=PIPS or NAME=TILES, e.g. Bob=8 or Cy=4-3,5-0").format(text=text.strip())
        )
    lead = text[: starts[0].start()].strip(" ,")
    if lead:
        raise InvalidMoveError(
            _("'{text}' is not a hand: write NAME=PIPS or NAME=TILES, e.g. Bob=8 or Cy=4-3,5-0").format(text=lead)
        )
    pairs = []
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        value = text[match.end() : end].strip().strip(",").strip()
        if not value:
            raise InvalidMoveError(
                _("'{text}' has no value: write {name}=PIPS or {name}=TILES, e.g. {name}=8 or {name}=4-3,5-0").format(
                    text=match.group(0).strip(), name=match.group(1)
                )
            )
        pairs.append((match.group(1), value))
    return pairs


def _tiles_of(value: str) -> list[Tile]:
    tiles = []
    for part in re.split(r"[\s,]+", value):
        match = _HAND_TILE.match(part)
        if match is None:
            raise InvalidMoveError(
                _(
                    "'{text}' is not a tile: in a hand write tiles as 64, 6-4, 6:4, 6|4 or 6/4, "
                    "separated by commas or spaces, or a pip total like 8 or 8p"
                ).format(text=part)
            )
        tiles.append(_tile(match.group(1), match.group(2), part))
    return tiles


def read_hand(name: str, value: str, size: int, on_table: frozenset[Tile] | set[Tile]) -> int | list[Tile]:
    """One remaining hand's value, for a player holding `size` tiles.

    `8p` is always 8 pips; tiles with separators are tiles. A value of digits only is read
    both ways: as the player's tiles (exactly two digits per tile held, each 0-6, distinct
    tiles none of which is on the table) and as a pip total (one the tiles not on the table
    can make with that many tiles). If both readings are possible it is refused with both
    shown, unless both give the same points (`05`): then it is the pip total. If only one
    is, that one is taken; if neither, it is a pip total and the engine says why it
    cannot be."""
    if value[-1:] in ("p", "P") and _is_number(value[:-1]):
        return int(value[:-1])
    if not _is_number(value):
        return _tiles_of(value)
    pips = int(value)
    as_tiles: list[Tile] | None = None
    if size and len(value) == 2 * size and all(d <= "6" for d in value):
        candidates = [Tile(int(value[i]), int(value[i + 1])) for i in range(0, len(value), 2)]
        if len(set(candidates)) == size and not any(t in on_table for t in candidates):
            as_tiles = candidates
    unseen = sorted(t.pips for t in ALL_TILES if t not in on_table)
    if size:
        as_pips = sum(unseen[:size]) <= pips <= sum(unseen[-size:])
    else:
        as_pips = pips == 0
    if as_tiles is not None and as_pips and sum(t.pips for t in as_tiles) == pips:
        # Both readings give the same points (`Bob=05`: the tile 0-5 or 5 pips): the pip
        # total is taken, the weaker statement, which cannot clash with another hand.
        return pips
    if as_tiles is not None and as_pips:
        written = ",".join(str(t) for t in as_tiles)
        raise AmbiguousInputError(
            _(
                "{name}={value} can be read two ways: the tiles {tiles} or {pips} pips; write {name}={tiles} or {name}={pips}p"
            ).format(name=name, value=value, tiles=written, pips=pips)
        )
    return as_tiles if as_tiles is not None else pips


def read_hands(
    values: Sequence[str], players: Sequence[str], hand_sizes: Sequence[int], on_table: frozenset[Tile] | set[Tile]
) -> dict[str, int | list[Tile]]:
    """Every remaining hand typed, by player name (resolved: any case, unique prefix).
    Tiles written out for one player are not another's: they count as seen when a
    digits-only value is read."""
    typed_hands: dict[str, str] = {}
    for typed, value in split_hands(values):
        name = resolve_player(typed, players)
        if name in typed_hands:
            raise InvalidMoveError(_("{name}'s hand is given twice").format(name=name))
        typed_hands[name] = value
    shown = {
        name: _tiles_of(value)
        for name, value in typed_hands.items()
        if not _is_number(value) and not (value[-1:] in ("p", "P") and _is_number(value[:-1]))
    }
    given: dict[str, int | list[Tile]] = {}
    for name, value in typed_hands.items():
        seen = set(on_table).union(*(tiles for other, tiles in shown.items() if other != name))
        given[name] = read_hand(name, value, hand_sizes[players.index(name)], seen)
    return given


# --- positions and moves in record notation ---------------------------------------------------


def log_round(text: str) -> int:
    """The round `log` is asked for: a number from 1."""
    if not _is_number(text.strip(), 4) or int(text) < 1:
        raise InvalidMoveError(_("'{text}' is not a round: rounds are numbered from 1, e.g. l 2").format(text=text))
    return int(text)


def parse_at(text: str) -> tuple[int, int]:
    """`ROUND.MOVE` as `log` numbers them, from 1: `1.12`."""
    match = re.fullmatch(r"\s*(\d+)\.(\d+)\s*", text)
    if match is None or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise InvalidMoveError(
            _("'{text}' is not a position: write ROUND.MOVE as the log numbers them, e.g. 1.12").format(text=text)
        )
    return int(match.group(1)), int(match.group(2))


_AT = re.compile(r"\d+\.\d+")


def replacements(action: str, words: Sequence[str], reseat: bool = False) -> AmendIn:
    """`ROUND.MOVE MOVE` as typed after insert or replace; `replace` takes more pairs,
    each starting at a word that is a position (`replace 2.5 Ann: 6-1 E 2.6 Bob: 4-6 W`),
    or `--reseat` (anywhere) for one move whose player changes with every later one's."""
    if action in ("replace", "insert") and "--reseat" in words:
        reseat, words = True, [w for w in words if w != "--reseat"]
    groups: list[tuple[str, list[str]]] = []
    for word in words:
        if not groups or (action == "replace" and _AT.fullmatch(word) and groups[-1][1]):
            groups.append((word, []))
        else:
            groups[-1][1].append(word)
    if not groups:
        raise InvalidMoveError(
            _("'{line}': write {word} ROUND.MOVE MOVE, e.g. {word} 1.12 Tom: draw 4").format(line=action, word=action)
        )
    pairs = [(parse_at(at), " ".join(move)) for at, move in groups]
    (at, move), more = pairs[0], tuple(pairs[1:])
    if reseat and more:
        raise InvalidMoveError(_("replace --reseat changes one move's player: give one ROUND.MOVE MOVE"))
    return AmendIn(action, at, move, more, reseat)


def parse_record_move(text: str, players: Sequence[str]) -> Move:
    """A move written as in the record (`Tom: draw 4`, `Ann: 6-4 E =10`), with the typed
    forms also accepted for the name, the tile and the end, and the colon left out
    (`tom draw 4`, `tom 64 e`) or the player named as at the live prompt (`64 e @tom`)."""
    name, sep, action = check_length(text).partition(":")
    if not sep:
        # Typed as loosely as a move: `tom draw 4`, `tom 64 e`, `64 e @tom`.
        words = text.split()
        named = [w for w in words if w.startswith("@") and len(w) > 1]
        if len(named) == 1:
            name, action = named[0][1:], " ".join(w for w in words if w is not named[0])
        elif not named and len(words) > 1:
            name, action = words[0], " ".join(words[1:])
        else:
            name = action = ""
    if not name.strip() or not action.strip():
        raise InvalidMoveError(
            _("'{text}' is not a move: write it as in the record, e.g. 'Tom: draw 4' or 'Ann: 6-4 E =10'").format(text=text)
        )
    player = resolve_player(name.strip(), players)
    words = action.split()
    stands = len(words) > 1 and words[-1].lower() == STANDS_WORD
    if stands:
        words.pop()
        move = parse_record_move(f"{player}: {' '.join(words)}", players)
        if not isinstance(move, (Play, Draw, Pass)):
            raise InvalidMoveError(_("'{text}': only a play, a draw or a pass can stand against the rules").format(text=text))
        return move._replace(stands=True)
    head = words[0].lower()
    if head == "exposes":
        if len(words) != 2:
            raise InvalidMoveError(_("'{text}': exposes takes one tile, e.g. 'Ann: exposes 6-6'").format(text=text))
        return Exposes(player, parse_tile(words[1]))
    if head in DRAW_WORDS:
        if len(words) > 2 or (len(words) == 2 and not _is_number(words[1], 2)) or (len(words) == 2 and int(words[1]) < 1):
            raise InvalidMoveError(_("'{text}': draw takes one count, 1 or more, e.g. 'Tom: draw 4'").format(text=text))
        if len(words) == 2 and int(words[1]) > MAX_DRAW:
            # Said here, as `draw` says it: the record's grammar would refuse it only on replay.
            raise InvalidMoveError(_("'{move}': the draw count can be at most {limit}").format(move=text, limit=MAX_DRAW))
        return Draw(player, int(words[1]) if len(words) == 2 else 1)
    if head in (*PASS_WORDS, *MUGGINS_WORDS):
        if len(words) > 1:
            raise InvalidMoveError(_("'{text}': {word} takes nothing after it").format(text=text, word=words[0]))
        return Pass(player) if head in PASS_WORDS else Muggins(player)
    if any(w.startswith("@") for w in words):
        raise InvalidMoveError(_("'{text}': the player is named before the colon").format(text=text))
    typed = play_input(words)
    return Play(player, typed.tile, typed.end, typed.claim)


# --- a live line ---------------------------------------------------------------------------------

_VIEWS = {
    "s": "show",
    "show": "show",
    "l": "log",
    "log": "log",
    "t": "sheet",
    "sheet": "sheet",
    "tally": "tally",
    "rules": "rules",
    "?": "help",
    "h": "help",
    "help": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "edit": "edit",
    # German words, accepted in any language: none of them means anything else in English.
    "zeigen": "show",
    "regeln": "rules",
    "hilfe": "help",
}
DRAW_WORDS = ("d", "draw", "z", "ziehen")
PASS_WORDS = ("p", "pass", "passen")
MUGGINS_WORDS = ("m", "muggins")


def _is_number(word: str, digits: int = 60) -> bool:
    """ASCII digits only (`str.isdigit` takes '²'), and not absurdly long: no hand, count
    or claim needs more than a few digits, and a huge one must not reach `int()`."""
    return word.isascii() and word.isdigit() and len(word) <= digits


def _count(word: str, line: str, example: str) -> int:
    if not _is_number(word, 2) or int(word) < 1:
        raise InvalidMoveError(_("'{line}': give a count of 1 or more, e.g. {example}").format(line=line, example=example))
    return int(word)


def parse_line(line: str) -> Typed | None:
    """One line typed at the live prompt; None for an empty line."""
    words = check_length(line).split()
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if head in _VIEWS:
        what = _VIEWS[head]
        if what == "log" and rest and [w.lower() for w in rest] == ["all"]:
            return ViewIn("log", all=True)
        if what == "log" and len(rest) == 1 and _is_number(rest[0], 4):
            return ViewIn("log", round=log_round(rest[0]))
        if rest:
            raise InvalidMoveError(_("'{line}': {word} takes nothing after it (? for help)").format(line=line, word=words[0]))
        return ViewIn(what)
    if head == "qr":
        if len(rest) > 1:
            raise InvalidMoveError(_("'{line}': write qr for the link to watch, qr Bob for Bob's").format(line=line))
        return ViewIn("qr", name=rest[0] if rest else None)
    by = None
    stands = head in (*DRAW_WORDS, *PASS_WORDS) and STANDS_WORD in [w.lower() for w in rest]
    if stands:
        rest = [w for w in rest if w.lower() != STANDS_WORD]
    ats = [w for w in rest if w.startswith("@") and len(w) > 1]
    if head in (*DRAW_WORDS, *PASS_WORDS, "hands", "exposes") and ats:
        if len(ats) > 1:
            raise InvalidMoveError(_("'{line}': say who once, e.g. @Bob").format(line=line))
        by = ats[0][1:]
        rest = [w for w in rest if w is not ats[0]]
    if head in DRAW_WORDS:
        if len(rest) > 1:
            raise InvalidMoveError(_("'{line}': draw takes a count, e.g. d 2").format(line=line))
        return DrawIn(_count(rest[0], line, f"{words[0]} 2") if rest else 1, by, stands)
    if head in PASS_WORDS:
        if rest:
            raise InvalidMoveError(_("'{line}': pass takes nothing after it (? for help)").format(line=line))
        return PassIn(by, stands)
    if head == "exposes":
        if len(rest) != 1:
            raise InvalidMoveError(_("'{line}': name the tile shown, e.g. exposes 66 @Ann").format(line=line))
        return ExposesIn(parse_tile(rest[0]), by)
    if head == "annul":
        if not rest:
            raise InvalidMoveError(_("'{line}': say why the round is annulled, e.g. annul misdeal").format(line=line))
        return AnnulIn(" ".join(rest))
    if head == "opener":
        if len(rest) != 1:
            raise InvalidMoveError(_("'{line}': name who leads this round, e.g. opener Bob").format(line=line))
        return OpenerIn(rest[0])
    if head in MUGGINS_WORDS:
        if len(rest) != 1:
            raise InvalidMoveError(_("'{line}': say who calls it, e.g. m Bob").format(line=line))
        return MugginsIn(rest[0])
    if head in ("u", "undo"):
        if len(rest) > 1:
            raise InvalidMoveError(_("'{line}': undo takes a count, e.g. u 3").format(line=line))
        return UndoIn(_count(rest[0], line, "u 3") if rest else 1)
    if head == "hands":
        if not rest:
            raise InvalidMoveError(_("'{line}': give each remaining hand, e.g. hands Bob=8 Cy=4-3,5-0").format(line=line))
        return HandsIn(tuple(rest), by)
    if head in ("insert", "replace"):
        if len(rest) < 2:
            raise InvalidMoveError(
                _("'{line}': write {word} ROUND.MOVE MOVE, e.g. {word} 1.12 Tom: draw 4").format(line=line, word=head)
            )
        return replacements(head, rest)
    if head == "delete":
        if len(rest) != 1:
            raise InvalidMoveError(_("'{line}': write delete ROUND.MOVE, e.g. delete 1.12").format(line=line))
        return AmendIn("delete", parse_at(rest[0]))
    if head == "new":
        force = "--force" in rest
        rest = [w for w in rest if w != "--force"]
        if len(rest) > 1:
            raise InvalidMoveError(_("'{line}': write new, or new Ann,Bob,Cy for other players").format(line=line))
        return NewIn(tuple(n.strip() for n in rest[0].split(",")) if rest else None, force)
    if head == "fix" or (len(words) == 1 and _is_number(head, 1)):
        # One digit alone (two are a tile, 64): the repair of that number, offered after
        # the last refusal.
        number = rest[0] if head == "fix" and len(rest) in (1, 2, 3) else head
        count = rest[1] if head == "fix" and len(rest) >= 2 else None
        at = rest[2] if head == "fix" and len(rest) == 3 else None
        if head == "fix" and len(rest) == 2 and "-" in rest[1]:
            # `fix 1 6-3`: the tile that lies on the table, where several fit.
            if not _is_number(number, 2) or int(number) < 1:
                raise InvalidMoveError(_("'{line}': write the number of a repair, e.g. 1").format(line=line))
            return FixIn(int(number), tile=str(parse_tile(rest[1])))
        if at is None and count is not None and count.count(".") == 1:
            at, count = count, None  # `fix 1 4.20`: where the draw was; `fix 1 3 4.20` with its count
        if at is not None and not (at.count(".") == 1 and all(_is_number(part, 4) for part in at.split("."))):
            raise InvalidMoveError(_("'{line}': write the number of a repair, e.g. 1").format(line=line))
        if not _is_number(number, 2) or int(number) < 1 or (count is not None and not _is_number(count, 2)):
            raise InvalidMoveError(_("'{line}': write the number of a repair, e.g. 1").format(line=line))
        return FixIn(int(number), int(count) if count is not None else None, at)
    if head == "hint":
        if not rest:
            raise InvalidMoveError(_("'{line}': name your tiles, e.g. hint 64 55").format(line=line))
        return HintIn(tuple(parse_tile(w) for w in rest))
    try:
        return play_input(words)
    except InvalidMoveError:
        if len(head) < 3 or not head.isalpha() or head in TYPED_END_WORDS:
            raise
        # A word, not a tile: most often a command mistyped (`hnads`), so the tile's
        # grammar is the wrong thing to explain.
        raise InvalidMoveError(unknown_word(head)) from None


def unknown_word(head: str) -> str:
    """The refusal of a line that starts with a word no command has, naming the nearest one."""
    import difflib

    commands = [w for w in (*_VIEWS, *DRAW_WORDS, *PASS_WORDS, *MUGGINS_WORDS, *_AMENDING) if len(w) >= 3]
    near = difflib.get_close_matches(head, commands, n=1, cutoff=0.7)
    if near:
        return _("'{word}' is not a command: did you mean {command}? (? for help)").format(word=head, command=near[0])
    return _("'{word}' is neither a tile nor a command: write a tile and its end, e.g. 64 e (? for help)").format(word=head)


_AMENDING = ("undo", "hands", "insert", "replace", "delete", "new", "fix", "hint")


def quoted(text: str) -> str:
    """`text` as one shell word, in double quotes where they are safe (as docs/guide.md writes
    moves), else in single quotes."""
    if text and not any(ch in text for ch in '"$`\\!'):
        return f'"{text}"'
    import shlex

    return shlex.quote(text)
