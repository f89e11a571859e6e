"""Views of long games made a round at a time (issue 16, item 15): the sheet's plain lines
and the exported page are the same as when everything was held at once; only how they are
made differs. Every test compares with the plain way."""

import random
from fractions import Fraction

import pytest
from tests.test_hostile_size import _rich_plain
from tests.test_large_records import long_game

from scorepad.engine.game import Game
from scorepad.views import render


def sheet_rows_held(game: Game) -> list:
    """The sheet's rows as they were made before: every round's dicts in one list."""
    rows = []
    totals: list = [0] * len(game.sides)
    for r in game.rounds:
        playing = r is game.current and r.hands is None and game.winner is None
        if not r.moves and r.hands is None and not (playing and len(game.rounds) > 1):
            continue
        per_side = []
        for s in range(len(game.sides)):
            got: dict = {"play": 0, "muggins": 0, "hands": 0}
            for credit in r.credits:
                if credit.side == s:
                    got[credit.source] += credit.points
            totals[s] += sum(got.values())
            per_side.append({**got, "total": totals[s]})
        rows.append((f"{r.number}*" if playing else str(r.number), per_side))
    return rows


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("players", "preset"), [(("Ann", "Bob", "Cy"), "pagat"), (("Ann", "Bob", "Cy", "Di"), "fuenfer")])
def test_the_sheet_rows_kept_as_numbers_are_the_rows_held_whole(seed, players, preset):
    game = long_game(seed, players=players, preset=preset, rounds=15)
    kept = render.sheet_rows(game)
    assert list(kept) == sheet_rows_held(game)
    assert list(kept) == list(kept)  # made again, the same
    assert len(kept) == len(sheet_rows_held(game))


def test_sheet_rows_keep_half_points_and_points_that_are_not_halves():
    game = long_game(1, rounds=3)
    rows = render.SheetRows(game)
    rows._keep([2 * Fraction(1, 2), 2 * 7, 2 * Fraction(15, 2)] * 3)
    assert [type(v) for v in rows.halves[-3:]] == [int, int, int]
    rows._keep([2 * Fraction(1, 3), 0, 0] * 3)  # not a half: kept exactly
    assert rows.halves[-9] == Fraction(2, 3)
    assert render._halved(rows.halves[-9]) == Fraction(1, 3)
    assert render._halved(15) == Fraction(15, 2) and render._halved(14) == 7


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy", "Di")])
@pytest.mark.parametrize("width", [30, 60, 80, 200])
def test_the_sheet_streamed_is_what_rich_draws(seed, players, width):
    game = long_game(seed, players=players, preset=random.Random(seed).choice(["pagat", "fuenfer", "two-ends"]), rounds=8)
    assert list(render.sheet_lines(game, width)) == _rich_plain(render.sheet(game, width), width)


def test_the_sheet_lines_are_made_as_they_are_read(monkeypatch):
    """The lines come one at a time: a row's line is out as soon as its cells are made."""
    game = long_game(2, rounds=6)
    made = []
    body = render._SheetBody.__iter__

    def counting(self):
        for cells in body(self):
            made.append(cells)
            yield cells

    monkeypatch.setattr(render._SheetBody, "__iter__", counting)
    lines = render.sheet_lines(game, 200)
    next(lines)  # the title; the columns' widths are found before it
    widths_pass = len(made)
    assert widths_pass == len(render.sheet_rows(game))
    next(lines), next(lines), next(lines)  # the header's two lines, the first row
    assert len(made) == widths_pass + 1
