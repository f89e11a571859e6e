"""The repairs of a slip in words: what each assumes was true at the table ("if 4-6 went on
E, not N"). One wording per kind of slip (`WORDS`, keyed as engine/repair.py's `SLIPS`):
a new kind is worded here, and tests/test_repair_kinds.py fails until it is."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorepad.engine.notation import Draw, Move, Muggins, Pass, Play, shown_move
from scorepad.engine.repair import Edit, Kind, Repair
from scorepad.engine.tiles import End
from scorepad.i18n import _, ngettext


def assumes(repair: Repair) -> str:
    """What the repair takes to be true, in words: 'if 4-6 went on E, not N'."""
    if repair.places and repair.counts:
        return _("if {player} drew tiles before {places}: how many and where, the record cannot tell (N: {counts})").format(
            player=repair.drawer, places=places_text(repair), counts=counts_text(repair.counts)
        )
    if repair.tiles:
        edit = repair.edits[0]
        old = edit.was[0]
        assert isinstance(old, Play)
        return _("if {player} played {tiles} at {at}, not {old}: which, the table shows").format(
            player=old.player, tiles=tiles_text(repair), at=repair.at_text(edit.start), old=old.tile
        )
    if repair.alternatives:
        return _(
            "if a pass was left out ({passers}), and every later move followed the turn from there: which, the table saw"
        ).format(passers=passers_text(repair))
    if repair.places:
        draw = repair.edits[0].moves[0]
        assert isinstance(draw, Draw)
        return ngettext(
            "if {player} drew {n} tile before {places}: which, the table saw",
            "if {player} drew {n} tiles before {places}: which, the table saw",
            draw.count,
        ).format(player=draw.player, n=draw.count, places=places_text(repair))
    if repair.counts:
        edit = repair.edits[0]
        draw = edit.moves[0]
        if edit.start == repair.length:
            text = _("if {player} drew tiles before this move: how many, the record cannot tell (N: {counts})")
        else:
            text = _("if {player} drew tiles before {at}: how many, the record cannot tell (N: {counts})")
        return text.format(player=draw.player, at=repair.at_text(edit.start), counts=counts_text(repair.counts))
    if repair.input is not None:
        # The refused input was part of the slip: worded by the change made to it, a swap
        # with the last recorded play by both.
        if repair.input.kind is Kind.SWAP_IN:
            return _swap_in(repair.round, repair.edits[0], repair.input)
        return WORDS[repair.input.kind](repair.round, repair.input, repair.length)
    return _(" and ").join(WORDS[edit.kind](repair.round, edit, repair.length) for edit in repair.edits)


def places_text(repair: Repair) -> str:
    """The places a draw may have been, as the log numbers moves: '4.20 or 4.23'."""
    return _or([repair.at_text(start) for start in sorted(repair.places)])


def passers_text(repair: Repair) -> str:
    """Who would have passed at each place a pass left out fits: 'Cy before 1.11 or Dee
    before 1.12'."""
    return _or(
        [
            _("{player} before {at}").format(player=repair.mover_at(start), at=repair.at_text(start))
            for start in sorted(repair.places)
        ]
    )


def tiles_text(repair: Repair) -> str:
    """The tiles that fit a play typed with one number wrong: '6-1, 6-3 or 6-4'."""
    return _or([str(tile) for tile in repair.tiles])


def counts_text(counts: Sequence[int]) -> str:
    """The counts a draw may have been, for the player: '1 to 5', or '1, 2 or 4'."""
    counts = sorted(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return _("{low} to {high}").format(low=counts[0], high=counts[-1])
    if len(counts) == 1:
        return str(counts[0])
    return _("{counts} or {last}").format(counts=", ".join(str(c) for c in counts[:-1]), last=counts[-1])


def _or(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{counts} or {last}").format(counts=", ".join(words[:-1]), last=words[-1])


# --- one wording per kind: (round, edit, the round's moves as recorded) -> words ----------------


def _end(number: int, edit: Edit, length: int) -> str:
    old, new = edit.was[0], edit.moves[0]
    assert isinstance(old, Play) and isinstance(new, Play)
    if new.end is None:
        return _("if {player} led {new}, not {old} (its {number} facing {west})").format(
            player=new.player, new=new.tile, old=old.tile, number=new.tile.a, west=End.W.label
        )
    assert old.end is not None
    return _("if {tile} went on {end}, not {old}").format(tile=new.tile, end=new.end.label, old=old.end.label)


def _claim(number: int, edit: Edit, length: int) -> str:
    old = edit.was[0]
    assert isinstance(old, Play)
    return _("if {player} claimed nothing for {tile} at {at}, not {claim}").format(
        player=old.player, tile=old.tile, at=_at(number, edit), claim=old.claim
    )


def _digit(number: int, edit: Edit, length: int) -> str:
    old, new = edit.was[0], edit.moves[0]
    assert isinstance(old, Play) and isinstance(new, Play)
    return _("if {player} played {new} at {at}, not {old}").format(
        player=new.player, new=new.tile, at=_at(number, edit), old=old.tile
    )


def _draw(number: int, edit: Edit, length: int) -> str:
    draw = edit.moves[0]
    assert isinstance(draw, Draw)
    if edit.start == length:
        return ngettext(
            "if {player} drew {n} tile before this move", "if {player} drew {n} tiles before this move", draw.count
        ).format(player=draw.player, n=draw.count)
    return ngettext("if {player} drew {n} tile before {at}", "if {player} drew {n} tiles before {at}", draw.count).format(
        player=draw.player, n=draw.count, at=_at(number, edit)
    )


def _moved(number: int, edit: Edit, length: int) -> str:
    draw: Move
    if isinstance(edit.moves[0], Draw) and edit.moves[0] == edit.was[-1]:
        draw, before, was_at = edit.moves[0], edit.start + 1, edit.stop  # moved earlier
    else:
        draw, before, was_at = edit.was[0], edit.stop + 1, edit.start + 1  # moved later
    assert isinstance(draw, Draw)
    return ngettext(
        "if {player} drew {n} tile before {at}, not at {old}",
        "if {player} drew {n} tiles before {at}, not at {old}",
        draw.count,
    ).format(player=draw.player, n=draw.count, at=f"{number}.{before}", old=f"{number}.{was_at}")


def _pass(number: int, edit: Edit, length: int) -> str:
    if edit.start == length:
        return _("if {player} passed before this move").format(player=edit.moves[0].player)
    return _("if {player} passed before {at}").format(player=edit.moves[0].player, at=_at(number, edit))


def _pass_seat(number: int, edit: Edit, length: int) -> str:
    if edit.start == length:
        return _("if {player} passed before this move").format(player=edit.moves[0].player)
    return _("if {player} passed before {at}, and every later move followed the turn from there").format(
        player=edit.moves[0].player, at=_at(number, edit)
    )


def _after(number: int, edit: Edit, length: int) -> str:
    draw, play = edit.moves
    assert isinstance(draw, Draw) and isinstance(play, Play)
    return ngettext(
        "if {player} drew {n} tile before playing {tile} at {at}, not {other} after it",
        "if {player} drew {n} tiles before playing {tile} at {at}, not {other} after it",
        draw.count,
    ).format(player=play.player, n=draw.count, tile=play.tile, at=_at(number, edit), other=edit.was[1].player)


def _lot(number: int, edit: Edit, length: int) -> str:
    old, new = edit.was[0], edit.moves[0]
    return _("if the table's lot chose {player}, not scorepad's ({old}), and every later move followed the turn").format(
        player=new.player, old=old.player
    )


def _seat(number: int, edit: Edit, length: int) -> str:
    old, new = edit.was[0], edit.moves[0]
    assert isinstance(new, Play)
    return _("if {player} led {tile} at {at}, not {old}, and every later move followed the turn from there").format(
        player=new.player, tile=new.tile, at=_at(number, edit), old=old.player
    )


def _player(number: int, edit: Edit, length: int) -> str:
    old, new = edit.was[0], edit.moves[0]
    at = _at(number, edit)
    if isinstance(new, Play):
        return _("if {player} played {tile} at {at}, not {old}").format(player=new.player, tile=new.tile, at=at, old=old.player)
    if isinstance(new, Muggins):
        return _("if {player} called muggins at {at}, not {old}").format(player=new.player, at=at, old=old.player)
    return _("if {player} made the move at {at}, not {old}").format(player=new.player, at=at, old=old.player)


def _swap(number: int, edit: Edit, length: int) -> str:
    first, second = edit.was
    return _("if {later} ({later_at}) came before {earlier} ({at})").format(
        later=_what(second), later_at=f"{number}.{edit.start + 2}", earlier=_what(first), at=_at(number, edit)
    )


def _swap_in(number: int, edit: Edit, changed: Edit) -> str:
    """The refused play and the last recorded one in the wrong order: worded by both."""
    return _("if {later} (this move) came before {earlier} ({at})").format(
        later=_what(changed.was[0]), earlier=_what(edit.was[0]), at=_at(number, edit)
    )


def _mover(number: int, changed: Edit, length: int) -> str:
    new, old = changed.moves[0], changed.was[0]
    if isinstance(new, Play):
        return _("if {player} played {tile}, not {old}").format(player=new.player, tile=new.tile, old=old.player)
    if isinstance(new, Muggins):
        return _("if {player} called muggins, not {old}").format(player=new.player, old=old.player)
    return _("if {player} made this move, not {old}").format(player=new.player, old=old.player)


def _stands(number: int, edit: Edit, length: int) -> str:
    """What a ruling takes to be true: the table let the move stand against the rules."""
    move = edit.moves[0]
    if isinstance(move, Draw):
        return _("or a ruling: the table lets {player}'s draw stand against the rules").format(player=move.player)
    if isinstance(move, Pass):
        return _("or a ruling: the table lets {player}'s pass stand against the rules").format(player=move.player)
    assert isinstance(move, Play)  # a ruling lets a play, a draw or a pass stand
    if move.end is None:
        return _("or a ruling: the table lets {player}'s lead {tile} stand against the rules").format(
            player=move.player, tile=move.tile
        )
    return _("or a ruling: the table lets {player}'s {tile} on {end} stand against the rules").format(
        player=move.player, tile=move.tile, end=move.end.label
    )


def _unworded(number: int, edit: Edit, length: int) -> str:
    raise AssertionError(f"{edit.kind} is worded with the refused input")  # pragma: no cover


WORDS: dict[Kind, Callable[[int, Edit, int], str]] = {
    Kind.END_IN: _end,
    Kind.MOVER: _mover,
    Kind.END: _end,
    Kind.DIGIT: _digit,
    Kind.CLAIM: _claim,
    Kind.DRAW: _draw,
    Kind.PASS: _pass,
    Kind.MOVE: _moved,
    Kind.PASS_SEAT: _pass_seat,
    Kind.PLAYER: _player,
    Kind.SEAT: _seat,
    Kind.LOT: _lot,
    Kind.SWAP: _swap,
    Kind.SWAP_IN: _unworded,
    Kind.AFTER: _after,
    Kind.STANDS: _stands,
}


def _at(number: int, edit: Edit) -> str:
    return f"{number}.{edit.start + 1}"


def _what(move: Move) -> str:
    """A move named in a sentence: a play by its tile, anything else as the screen shows it."""
    return str(move.tile) if isinstance(move, Play) else shown_move(move)
