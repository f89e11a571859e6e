"""scorepad: scorekeeper and rules arbiter for the domino game All Fives.

The engine (tiles, notation, layout, rules, scoring, game) is pure Python and knows
nothing of the command line, the terminal or the record format. The library under the
command line (`record/library.py`: load, save, play, amend, audit, review a record file)
is exported here too; docs/library.md shows a game played through it.

The names below are imported when first used, not with the package: every run of the
`scorepad` command imports this package, and `scorepad --version` needs none of them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.4.0"

# Each public name and the module it comes from.
_EXPORTS = {
    "PRESETS": "scorepad.engine.rules",
    "Rules": "scorepad.engine.rules",
    "Game": "scorepad.engine.game",
    "Layout": "scorepad.engine.layout",
    "Draw": "scorepad.engine.notation",
    "Move": "scorepad.engine.notation",
    "Muggins": "scorepad.engine.notation",
    "Pass": "scorepad.engine.notation",
    "Play": "scorepad.engine.notation",
    "parse_move": "scorepad.engine.notation",
    "End": "scorepad.engine.tiles",
    "Tile": "scorepad.engine.tiles",
    "parse_end": "scorepad.engine.tiles",
    "parse_tile": "scorepad.engine.tiles",
    "AmbiguousMoveError": "scorepad.errors",
    "IllegalMoveError": "scorepad.errors",
    "InvalidHandsError": "scorepad.errors",
    "InvalidMoveError": "scorepad.errors",
    "RulesError": "scorepad.errors",
    "ProvedByPlayError": "scorepad.errors",
    "ProvenFaultError": "scorepad.errors",
    "GameNotOverError": "scorepad.errors",
    "NotARecordError": "scorepad.errors",
    "PlayersNeededError": "scorepad.errors",
    "RecordChangedError": "scorepad.errors",
    "OpenerNeededError": "scorepad.errors",
    "RecordError": "scorepad.record.format",
    "Problem": "scorepad.record.format",
    "AmendError": "scorepad.record.amend",
    "Amendment": "scorepad.record.results",
    "Changed": "scorepad.record.results",
    "ReseatNeededError": "scorepad.record.library",
    "Audit": "scorepad.record.results",
    "Played": "scorepad.record.results",
    "Review": "scorepad.record.results",
    "amend": "scorepad.record.library",
    "annul": "scorepad.record.library",
    "name_opener": "scorepad.record.library",
    "audit": "scorepad.record.library",
    "delete": "scorepad.record.library",
    "enter_hands": "scorepad.record.library",
    "insert": "scorepad.record.library",
    "load": "scorepad.record.library",
    "play": "scorepad.record.library",
    "replace": "scorepad.record.library",
    "reseat_lead": "scorepad.record.library",
    "review": "scorepad.record.library",
    "save": "scorepad.record.library",
    "undo": "scorepad.record.library",
    "claim": "scorepad.record.library",
    "mover_of": "scorepad.record.library",
    "Edit": "scorepad.record.library",
    "begin_edit": "scorepad.record.library",
    "open_next_in": "scorepad.record.library",
    "claimable": "scorepad.record.library",
    "content": "scorepad.record.library",
    "arrived": "scorepad.record.library",
    "check_unchanged": "scorepad.record.library",
    "digest": "scorepad.record.library",
    "new_game": "scorepad.record.library",
    "Started": "scorepad.record.results",
    "Undone": "scorepad.record.results",
    "Repair": "scorepad.engine.repair",
    "repairs": "scorepad.record.repairs",
    "repaired": "scorepad.record.repairs",
    "still_refused": "scorepad.record.repairs",
    "steps_of": "scorepad.record.repairs",
    "made_on": "scorepad.record.repairs",
    "kept_refusal": "scorepad.record.repairs",
    "offers": "scorepad.record.repairs",
    "fix": "scorepad.record.repairs",
    "undo_fix": "scorepad.record.repairs",
    "Fix": "scorepad.record.repairs",
    "FixUndone": "scorepad.record.repairs",
    "Refusal": "scorepad.record.sidecar",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'scorepad' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next lookup is a plain one
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


if TYPE_CHECKING:  # what __getattr__ gives, for type checkers
    from scorepad.engine.game import Game  # noqa: F401
    from scorepad.engine.layout import Layout  # noqa: F401
    from scorepad.engine.notation import Draw, Move, Muggins, Pass, Play, parse_move  # noqa: F401
    from scorepad.engine.repair import Repair  # noqa: F401
    from scorepad.engine.rules import PRESETS, Rules  # noqa: F401
    from scorepad.engine.tiles import End, Tile, parse_end, parse_tile  # noqa: F401
    from scorepad.errors import (  # noqa: F401
        AmbiguousMoveError,
        GameNotOverError,
        IllegalMoveError,
        InvalidHandsError,
        InvalidMoveError,
        NotARecordError,
        OpenerNeededError,
        PlayersNeededError,
        ProvedByPlayError,
        ProvenFaultError,
        RecordChangedError,
        RulesError,
    )
    from scorepad.record.amend import AmendError  # noqa: F401
    from scorepad.record.format import Problem, RecordError  # noqa: F401
    from scorepad.record.library import (  # noqa: F401
        Edit,
        ReseatNeededError,
        amend,
        annul,
        arrived,
        audit,
        begin_edit,
        check_unchanged,
        claim,
        claimable,
        content,
        delete,
        digest,
        enter_hands,
        insert,
        load,
        mover_of,
        name_opener,
        new_game,
        open_next_in,
        play,
        replace,
        reseat_lead,
        review,
        save,
        undo,
    )
    from scorepad.record.repairs import (  # noqa: F401
        Fix,
        FixUndone,
        fix,
        kept_refusal,
        made_on,
        offers,
        repaired,
        repairs,
        steps_of,
        still_refused,
        undo_fix,
    )
    from scorepad.record.results import Amendment, Audit, Changed, Played, Review, Started, Undone  # noqa: F401
    from scorepad.record.sidecar import Refusal  # noqa: F401
