"""scorepad: scorekeeper and rules arbiter for the domino game All Fives.

The engine (tiles, notation, layout, rules, scoring, game) is pure Python and knows
nothing of the command line, the terminal or the record format.
"""

from scorepad.engine.game import Game
from scorepad.engine.layout import Layout
from scorepad.engine.notation import Draw, Move, Muggins, Pass, Play, parse_move
from scorepad.engine.rules import PRESETS, Rules
from scorepad.engine.tiles import End, Tile, parse_end, parse_tile
from scorepad.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidHandsError,
    InvalidMoveError,
    RulesError,
)

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "AmbiguousMoveError",
    "Draw",
    "End",
    "Game",
    "IllegalMoveError",
    "InvalidHandsError",
    "InvalidMoveError",
    "Layout",
    "Move",
    "Muggins",
    "Pass",
    "Play",
    "Rules",
    "RulesError",
    "Tile",
    "parse_end",
    "parse_move",
    "parse_tile",
]
