"""The kinds of slip as one table (engine/repair.py `SLIPS`): each kind has its entry there,
with the function that finds it, and its wording in views/repairs.py (`WORDS`). A new kind
fails here until it has both (docs/development.md, The repair search)."""

from scorepad.engine import repair
from scorepad.engine.notation import parse_move
from scorepad.engine.repair import ORDER, SLIP, SLIPS, Edit, Kind
from scorepad.views.repairs import WORDS


def test_every_kind_has_its_slip_and_its_wording():
    assert [slip.kind for slip in SLIPS] == list(Kind)
    assert set(SLIP) == set(WORDS) == set(Kind)
    assert ORDER[Kind.END_IN] == 0


def test_every_slip_is_found_by_a_function_of_the_search():
    for slip in SLIPS:
        assert getattr(repair, slip.found_by.__name__) is slip.found_by, slip.kind


def test_a_kind_is_kept_as_the_word_it_always_was():
    """The kinds are strings in what is kept beside a record and in the benchmarks' tables."""
    assert Kind.PASS_SEAT == "pass-seat" and Kind("swap-in") is Kind.SWAP_IN


def test_each_kind_worded_where_it_is_worded():
    play, other = parse_move("Ann: 6-4 E"), parse_move("Ann: 6-1 E")
    assert WORDS[Kind.DIGIT](2, Edit(Kind.DIGIT, 4, 5, (other,), (play,)), 9) == "if Ann played 6-1 at 2.5, not 6-4"
    draw = parse_move("Bob: draw 2")
    assert WORDS[Kind.DRAW](2, Edit(Kind.DRAW, 9, 9, (draw,), ()), 9) == "if Bob drew 2 tiles before this move"
    assert WORDS[Kind.SWAP](2, Edit(Kind.SWAP, 4, 6, (other, play), (play, other)), 9) == "if 6-1 (2.6) came before 6-4 (2.5)"


def test_each_kind_changes_only_what_its_check_says():
    """A kind's check in its `Slip` (`changes_plays`, `takes_tile`) is what lets the search
    leave it out, unmade, after a refusal by the layout: a kind that says it leaves the
    plays (their tiles, ends and order) as they were, or every tile on the table, must."""
    from scorepad.engine.notation import Play
    from scorepad.engine.repair import _edits, _states
    from slips import cases

    def plays(moves):
        return [(m.tile.a, m.tile.b, m.end) for m in moves if isinstance(m, Play)]

    seen = set()
    for case in cases(41, 3):
        states, _wrong = _states(case.record)
        for edit in _edits(states, list(case.record.current.moves)):
            seen.add(edit.kind)
            slip = SLIP[edit.kind]
            if not slip.changes_plays:
                assert plays(edit.moves) == plays(edit.was), edit
            if not slip.takes_tile:
                assert {t[:2] for t in plays(edit.was)} <= {t[:2] for t in plays(edit.moves)} | {
                    t[1::-1] for t in plays(edit.moves)
                }, edit
    searched = {slip.found_by for slip in SLIPS} - {repair._input_changes, repair.rulings}
    assert {SLIP[kind].found_by for kind in seen} == searched  # each function `_edits` calls was checked
