"""docs/rules.md's worked examples, literally, and the layout's refusals."""

import random

import pytest

from scorepad import AmbiguousMoveError, End, IllegalMoveError, Layout, Tile, parse_tile
from scorepad.engine.counting import play_score
from scorepad.engine.tiles import ALL_TILES


def lay(layout: Layout, *plays: str) -> list[tuple[int, int]]:
    """Place each play ("1-4" lead, then "1-1 W") and return (end sum, score) after each."""
    out = []
    for text in plays:
        tile, *end = text.split()
        t = parse_tile(tile)
        e = layout.resolve_end(t, End(end[0]) if end else None)
        total = layout.place(t, e)
        out.append((total, play_score(total)))
    return out


def test_pagat_nine_moves():
    layout = Layout(with_spinner=True)
    got = lay(layout, "1-4", "1-1 W", "4-4 E", "4-3 E", "2-1 W", "1-5 N", "5-5 N", "5-0 N", "1-3 S")
    assert got == [(5, 5), (6, 0), (10, 10), (5, 5), (5, 5), (10, 10), (15, 15), (5, 5), (8, 0)]
    assert layout.end_counts() == {End.W: 2, End.E: 3, End.N: 0, End.S: 3}


def test_seed_000_spinner_on_the_end():
    layout = Layout(with_spinner=True)
    assert lay(layout, "3-6", "6-6 E", "6-2 E") == [(9, 0), (15, 15), (5, 5)]
    # Side arms stay unstarted and count nothing.
    assert layout.end_counts() == {End.W: 3, End.E: 2, End.N: 0, End.S: 0}


@pytest.mark.parametrize("lead, total", [("5-5", 10), ("6-4", 10), ("6-6", 12)])
def test_lone_lead_counts_all_its_pips(lead, total):
    for spinner in (True, False):
        layout = Layout(with_spinner=spinner)
        assert lay(layout, lead)[0][0] == total


def test_seed_003_double_on_one_end_and_three_on_the_other():
    layout = Layout(with_spinner=False)
    assert lay(layout, "3-6", "6-6 E")[-1] == (15, 15)


def test_fosters_hoyle_without_spinner():
    layout = Layout(with_spinner=False)
    got = lay(layout, "5-5", "5-0 E", "0-0 E", "5-6 W", "0-4 E")
    assert got == [(10, 10), (10, 10), (10, 10), (6, 0), (10, 10)]


def test_lone_spinner_lead_counts_once_and_stays_outer():
    layout = Layout(with_spinner=True)
    assert lay(layout, "5-5", "5-0 E") == [(10, 10), (10, 10)]
    assert layout.spinner == Tile(5, 5)
    assert not layout.side_arms_open()
    lay(layout, "5-3 W")
    assert layout.side_arms_open()
    assert layout.end_counts() == {End.W: 3, End.E: 0, End.N: 0, End.S: 0}


def test_only_the_first_double_is_a_spinner():
    layout = Layout(with_spinner=True)
    lay(layout, "2-2", "2-3 W", "2-4 E", "4-4 E", "4-1 E")
    assert layout.spinner == Tile(2, 2)
    assert layout.end_counts() == {End.W: 3, End.E: 1, End.N: 0, End.S: 0}
    with pytest.raises(IllegalMoveError, match="does not fit"):
        layout.resolve_end(parse_tile("4-5"), End.N)


def test_no_spinner_game_refuses_side_arms():
    layout = Layout(with_spinner=False)
    lay(layout, "5-5", "5-1 W", "5-2 E")
    with pytest.raises(IllegalMoveError, match="this game has no spinner, only W and E"):
        layout.resolve_end(parse_tile("5-3"), End.N)


def test_side_arm_too_early():
    layout = Layout(with_spinner=True)
    lay(layout, "1-4", "1-1 W")
    with pytest.raises(IllegalMoveError, match="side arms open only once both line sides of the spinner 1-1"):
        layout.resolve_end(parse_tile("1-5"), End.N)


def test_side_arm_too_early_for_a_tile_that_could_never_join_one():
    layout = Layout(with_spinner=True)
    lay(layout, "1-4", "1-1 W")
    with pytest.raises(IllegalMoveError) as refused:
        layout.resolve_end(parse_tile("5-5"), End.S)
    assert str(refused.value) == (
        "5-5 cannot go S: side arms open only once both line sides of the spinner 1-1 are occupied, "
        "and only a tile with a 1 joins one"
    )


def test_side_arm_without_spinner_yet():
    layout = Layout(with_spinner=True)
    lay(layout, "1-4")
    with pytest.raises(IllegalMoveError, match="cannot go S: there is no spinner yet"):
        layout.resolve_end(parse_tile("1-5"), End.S)


def test_refusal_names_every_end():
    layout = Layout(with_spinner=True)
    lay(layout, "2-6")
    with pytest.raises(IllegalMoveError) as info:
        layout.resolve_end(parse_tile("5-3"), None)
    assert str(info.value) == "5-3 does not fit: W shows 2, E shows 6"
    with pytest.raises(IllegalMoveError) as info:
        layout.resolve_end(parse_tile("5-2"), End.E)
    assert str(info.value) == "5-2 does not fit E: W shows 2, E shows 6 (it fits W)"


def test_tile_already_on_the_table():
    layout = Layout()
    lay(layout, "3-6", "6-6 E")
    with pytest.raises(IllegalMoveError, match="6-3 is already on the table"):
        layout.resolve_end(parse_tile("6-3"), End.E)


def test_lead_takes_no_end():
    with pytest.raises(IllegalMoveError, match="lead"):
        Layout().resolve_end(parse_tile("6-4"), End.E)


def test_ambiguous_without_end_lists_each_score():
    layout = Layout(with_spinner=False)
    lay(layout, "5-5", "5-1 W", "1-0 W")  # W shows 0, E is the outer double 5-5 (counts 10)
    with pytest.raises(AmbiguousMoveError) as info:
        layout.resolve_end(parse_tile("0-5"), None)
    # On W: 5 + 10 = 15; on E: 0 + 0 = 0.
    assert str(info.value) == "0-5 fits more than one end: W makes 15 (scores 15), E makes 0 (scores 0); say which end"


def test_ambiguous_without_end_shows_the_sum_that_scores_nothing_too():
    layout = Layout(with_spinner=False)
    lay(layout, "6-4", "4-2 E")  # W shows 6, E shows 2
    with pytest.raises(AmbiguousMoveError) as info:
        layout.resolve_end(parse_tile("6-2"), None)
    # On W: 2 + 2 = 4; on E: 6 + 6 = 12. Neither scores, the sums tell the ends apart.
    assert str(info.value) == "6-2 fits more than one end: W makes 4 (scores 0), E makes 12 (scores 0); say which end"


def test_missing_end_is_fine_when_every_end_gives_the_same_sum():
    layout = Layout(with_spinner=False)
    lay(layout, "4-4")
    assert layout.resolve_end(parse_tile("4-1"), None) is End.W
    layout = Layout(with_spinner=True)
    lay(layout, "1-4", "1-1 W", "1-2 W")
    assert layout.resolve_end(parse_tile("1-6"), None) is End.N  # N and S alike


def test_placements_list_every_end_with_its_score():
    layout = Layout(with_spinner=True)
    lay(layout, "5-5", "5-0 E", "5-1 W")
    got = {(p.end, p.end_sum, p.score) for p in layout.placements(parse_tile("5-4"))}
    assert got == {(End.N, 5, 5), (End.S, 5, 5)}
    assert {(p.end, p.score) for p in layout.placements(parse_tile("0-4"))} == {(End.E, 5)}
    assert layout.placements(parse_tile("5-5")) == []


def test_four_outer_doubles():
    layout = Layout(with_spinner=True)
    lay(layout, "6-6", "6-5 W", "5-5 W", "6-4 E", "4-4 E", "6-3 N", "3-3 N", "6-2 S", "2-2 S")
    assert layout.end_sum == 10 + 8 + 6 + 4


def test_the_ends_kept_find_what_placements_find_then():
    # Round.stood keeps the layout's ends at each pass and draw; the fit proven hands are
    # judged on must be what the layout itself found then, for every tile, on or off the table.
    rng = random.Random(5)
    for with_spinner in (True, False):
        for _game in range(40):
            layout = Layout(with_spinner=with_spinner)
            kept = [(layout.ends(), layout.copy())]
            for _play in range(rng.randint(1, 20)):
                options = [(t, p.end) for t in ALL_TILES for p in layout.placements(t)]
                if not options:
                    break
                layout.place(*rng.choice(options))
                kept.append((layout.ends(), layout.copy()))
            for ends, then in kept:
                tiles = rng.sample(ALL_TILES, 28)
                expected = [(t, ends_) for t in tiles if (ends_ := [p.end for p in then.placements(t) if p.end is not None])]
                assert ends.fitting(tiles) == expected


def test_the_tiles_on_the_table_are_the_sets_own_whichever_way_laid():
    layout = Layout(with_spinner=True)
    assert layout.tiles_on_table() == set()
    lay(layout, "1-4", "1-1 W", "4-3 E")
    assert layout.tiles_on_table() == {parse_tile("4-1"), parse_tile("1-1"), parse_tile("3-4")}
    assert layout.tiles_on_table() <= set(ALL_TILES)
