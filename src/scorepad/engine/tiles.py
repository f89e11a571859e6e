"""The double-six set and the four end names (docs/rules.md "Set and players", "End names")."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import Enum

from scorepad.errors import InvalidMoveError
from scorepad.i18n import _, pgettext

HIGHEST_PIP = 6


class End(str, Enum):
    """An open end: W and E are the line's two ends, N and S the spinner's side arms."""

    # 0..3 in the order W, E, N, S (not `index`: that would hide str.index)
    slot: int

    def __new__(cls, value: str, slot: int) -> End:
        end = str.__new__(cls, value)
        end._value_ = value
        end.slot = slot
        return end

    W = ("W", 0)
    E = ("E", 1)
    N = ("N", 2)
    S = ("S", 3)

    def __str__(self) -> str:
        return str(self.value)

    @property
    def label(self) -> str:
        """The end's name on screen, in the current language (E is O in German); the
        record and the JSON output keep `value`."""
        # One lookup per label (a log shows one per play), each written out for extraction.
        at = self.slot
        if at == 0:
            return pgettext("end name", "W")
        if at == 1:
            return pgettext("end name", "E")
        if at == 2:
            return pgettext("end name", "N")
        return pgettext("end name", "S")


ENDS = (End.W, End.E, End.N, End.S)
# Typed ends: any language's words are accepted whatever language scorepad speaks.
END_WORDS = {
    "w": End.W,
    "e": End.E,
    "n": End.N,
    "s": End.S,
    "left": End.W,
    "right": End.E,
    "up": End.N,
    "down": End.S,
    "west": End.W,
    "east": End.E,
    "north": End.N,
    "south": End.S,
    "o": End.E,
    "links": End.W,
    "rechts": End.E,
    "oben": End.N,
    "unten": End.S,
    "ost": End.E,
    "nord": End.N,
    "süd": End.S,
    "sued": End.S,
}


class Tile:
    """A domino. It remembers the order it was written in (the lead's first number faces
    West), but two tiles are equal when they are the same physical tile: 4-3 == 3-4."""

    __slots__ = ("a", "b", "id", "is_double", "pips")

    def __init__(self, a: int, b: int) -> None:
        if not (0 <= a <= HIGHEST_PIP and 0 <= b <= HIGHEST_PIP):
            raise InvalidMoveError(_("'{text}' is not a tile: numbers run from 0 to 6").format(text=f"{a}-{b}"))
        self.a = a
        self.b = b
        lo, hi = (a, b) if a <= b else (b, a)
        # 0..27, the same for both orders: used for sets of tiles kept as bit masks.
        self.id = hi * (hi + 1) // 2 + lo
        self.is_double = a == b
        self.pips = a + b

    def other(self, number: int) -> int:
        """The half that stays open when the tile is joined to `number`."""
        return self.b if self.a == number else self.a

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"

    def __repr__(self) -> str:
        return f"Tile({self.a}, {self.b})"


ALL_TILES = tuple(Tile(hi, lo) for hi in range(HIGHEST_PIP + 1) for lo in range(hi + 1))
assert [t.id for t in ALL_TILES] == list(range(len(ALL_TILES)))
SET_SIZE = len(ALL_TILES)  # 28: the whole set, every tile dealt or in the boneyard
SET_PIPS = sum(t.pips for t in ALL_TILES)  # 168: every tile of the set together


def mask_of(tiles: Iterable[Tile]) -> int:
    """The tiles as a bit mask, a bit t.id set for each (`Ends.best_of` takes a hand so)."""
    mask = 0
    for t in tiles:
        mask |= 1 << t.id
    return mask


_NUMBERS = range(HIGHEST_PIP + 1)
_STRICT: dict[str, Tile] = {f"{a}-{b}": Tile(a, b) for a in _NUMBERS for b in _NUMBERS}
_LOOSE: dict[str, Tile] = dict(_STRICT)
for _a in _NUMBERS:
    for _b in _NUMBERS:
        for _form in (f"{_a}{_b}", f"{_a}:{_b}", f"{_a}|{_b}"):
            _LOOSE[_form] = _STRICT[f"{_a}-{_b}"]


def parse_tile(text: str, *, strict: bool = False) -> Tile:
    """`6-4`, and unless `strict` (the record's own grammar) also `64`, `6:4`, `6|4`."""
    tile = (_STRICT if strict else _LOOSE).get(text.strip() if not strict else text)
    if tile is None:
        # '6|4' quoted: typed bare, a shell reads | as a pipe.
        if strict:
            message = _("'{text}' is not a tile: write two numbers 0-6, like 6-4")
        else:
            message = _("'{text}' is not a tile: write two numbers 0-6, like 6-4, 64, 6:4 or '6|4'")
        raise InvalidMoveError(message.format(text=text))
    return tile


# End(text) would do, but mypy reads End's __new__ as needing the slot too.
_END_BY_VALUE = {end.value: end for end in End}


def parse_end(text: str, *, strict: bool = False) -> End:
    """`W E N S`, and unless `strict` also any case, left/right/up/down, the compass
    words, and the German ones (o for East, links/rechts/oben/unten, ost, süd, ...)."""
    if strict:
        strict_end = _END_BY_VALUE.get(text)
        if strict_end is None:
            # The record's notation is English in every language: W E N S, never O.
            raise InvalidMoveError(_("'{text}' is not an end: W, E, N or S").format(text=text))
        return strict_end
    end = END_WORDS.get(unicodedata.normalize("NFC", text.strip().lower()))
    if end is None:
        raise InvalidMoveError(_("'{text}' is not an end: W, E, N, S (or left, right, up, down)").format(text=text))
    return end


def parse_tiles(text: str, *, strict: bool = False) -> list[Tile]:
    """A hand written as tiles: `4-3 5-0`, or on the command line also `43,50`."""
    parts = text.replace(",", " ").split() if not strict else text.split(" ")
    if not parts or (strict and "" in parts):
        raise InvalidMoveError(_("'{text}' is not a list of tiles like '4-3 5-0'").format(text=text))
    return [parse_tile(p, strict=strict) for p in parts]
