"""One exception type per kind of failure. All are ValueErrors, and every message quotes
what was given, so a player sees at once what scorepad understood."""


class ScorepadError(ValueError):
    """Base class of every error scorepad raises on purpose."""


class InvalidMoveError(ScorepadError):
    """Text that is not a tile, an end or a move in scorepad's notation."""


class IllegalMoveError(ScorepadError):
    """A well-formed move that the rules do not allow here (tile does not fit, wrong turn, …)."""


class AmbiguousMoveError(IllegalMoveError):
    """A play without an end where the ends it fits would score differently."""


class InvalidHandsError(ScorepadError):
    """Remaining hands at the end of a round that cannot be right."""


class RulesError(ScorepadError):
    """An unknown rules option, a value it does not take, or a bad list of players."""
