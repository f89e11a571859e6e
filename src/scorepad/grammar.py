"""What a player types, read the same way on the command line and at the live prompt:
tiles, ends, names and remaining hands in their forgiving forms. The record's own strict
grammar is `notation.py`; this module turns typing into the engine's moves and hands."""

from __future__ import annotations

from scorepad.errors import InvalidMoveError
from scorepad.i18n import _
from scorepad.tiles import Tile, parse_tiles


def parse_hand(text: str) -> tuple[str, int | list[Tile]]:
    """`Bob=8` (pips) or `Cy=4-3,5-0` (tiles)."""
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise InvalidMoveError(
            _("'{text}' is not a hand: write NAME=PIPS or NAME=TILES, e.g. Bob=8 or Cy=4-3,5-0").format(text=text)
        )
    value = value.strip()
    if value.isdigit():
        return name, int(value)
    return name, parse_tiles(value)
