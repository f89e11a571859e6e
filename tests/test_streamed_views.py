"""Views of long games made a round at a time, so that a long record fits in little
memory: the sheet's plain lines
and the exported page are the same as when everything was held at once; only how they are
made differs. Every test compares with the plain way."""

import random
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest
from tests.helpers import blocked_rounds, long_game, run
from tests.helpers import rich_plain as _rich_plain

from scorepad import fences
from scorepad.engine.game import Game
from scorepad.record.format import dumps, loads
from scorepad.views import chart as chart_view
from scorepad.views import log as log_view
from scorepad.views import sheet as sheet_view
from scorepad.views import status as status_view

# Reading a round at a time and writing plain lines are fast paths (docs/development.md,
# "Fast paths and their fences"): with SCOREPAD_NO_FAST_PATHS=1 tomllib reads a record of up to
# 1 MB whole and rich lays the tables out, so what these tests check of them does not apply.
FAST_PATH_ONLY = pytest.mark.skipif(not fences.FAST, reason="a fast path's own behaviour: SCOREPAD_NO_FAST_PATHS=1 turns it off")


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
MARK = "<!-- written by scorepad export; scorepad may write over this file -->"


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
            got: dict = {"play": 0, "muggins": 0, "hands": 0, "penalty": 0}
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
    kept = sheet_view.sheet_rows(game)
    assert list(kept) == sheet_rows_held(game)
    assert list(kept) == list(kept)  # made again, the same
    assert len(kept) == len(sheet_rows_held(game))


def test_sheet_rows_keep_half_points_and_points_that_are_not_halves():
    game = long_game(1, rounds=3)
    rows = sheet_view.SheetRows(game)
    rows._keep([2 * Fraction(1, 2), 2 * 7, 2 * Fraction(15, 2)] * 3)
    assert [type(v) for v in rows.halves[-3:]] == [int, int, int]
    rows._keep([2 * Fraction(1, 3), 0, 0] * 3)  # not a half: kept exactly
    assert rows.halves[-9] == Fraction(2, 3)
    assert sheet_view._halved(rows.halves[-9]) == Fraction(1, 3)
    assert sheet_view._halved(15) == Fraction(15, 2) and sheet_view._halved(14) == 7


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy", "Di")])
@pytest.mark.parametrize("width", [30, 60, 80, 200])
def test_the_sheet_streamed_is_what_rich_draws(seed, players, width):
    game = long_game(seed, players=players, preset=random.Random(seed).choice(["pagat", "fuenfer", "two-ends"]), rounds=8)
    assert list(sheet_view.sheet_lines(game, width)) == _rich_plain(sheet_view.sheet(game, width), width)


def test_the_sheet_lines_are_made_as_they_are_read(monkeypatch):
    """The lines come one at a time: a row's line is out as soon as its cells are made."""
    game = long_game(2, rounds=6)
    made = []
    body = sheet_view._SheetBody.__iter__

    def counting(self):
        for cells in body(self):
            made.append(cells)
            yield cells

    monkeypatch.setattr(sheet_view._SheetBody, "__iter__", counting)
    lines = sheet_view.sheet_lines(game, 200)
    next(lines)  # the title; the columns' widths are found before it
    widths_pass = len(made)
    assert widths_pass == len(sheet_view.sheet_rows(game))
    next(lines), next(lines), next(lines)  # the header's two lines, the first row
    assert len(made) == widths_pass + 1


# --- the page, made as it is written ----------------------------------------------------------


def grown_planned_again(layout):
    """`growth` as it was first made: the layout planned again after each tile, its view
    box and end counts measured on that plan (as strings, as the page's SVG writes them)."""
    from scorepad.engine.layout import Layout, plan
    from scorepad.views.page.drawing import _boxes, end_marks

    growing = Layout(layout.with_spinner)
    steps = []
    for p in layout.placed:
        growing.place(p.tile, p.end)
        drawn = plan(growing)
        box, _turned = _boxes(drawn)
        steps.append([*box, [list(mark) for mark in end_marks(growing, drawn)]])
    return steps


def as_written(grown):
    """`growth`'s numbers as the SVG writes them."""
    return [[*(f"{v:g}" for v in step[:4]), [[end, count, f"{x:g}", f"{y:g}"] for end, count, x, y in step[4]]] for step in grown]


def example_games() -> dict[str, Game]:
    from scorepad.record.format import loads

    games = {p.stem: loads(p.read_text(encoding="utf-8")).game for p in sorted(EXAMPLES.glob("*.toml"))}
    for seed in range(3):
        for players, preset in [
            (("Ann", "Bob"), "pagat"),
            (("Ann", "Bob", "Cy"), "fuenfer"),
            (("Ann", "Bob", "Cy", "Di"), "two-ends"),
        ]:
            games[f"{preset}-{len(players)}-{seed}"] = long_game(seed, players=players, preset=preset, rounds=10)
    return games


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("preset", ["pagat", "fuenfer", "two-ends"])
def test_the_replay_marks_from_the_final_plan_are_the_layouts_planned_again(seed, preset):
    from scorepad.views.page.drawing import growth

    game = long_game(seed, players=("Ann", "Bob"), preset=preset, rounds=10)
    arms = 0
    for r in game.rounds:
        assert as_written(growth(r.layout)) == grown_planned_again(r.layout)
        arms += r.layout.side_arms_open()
    if preset == "pagat":
        assert arms  # the spinner's side arms were drawn


def race_every_step(steps, ys):
    """A side's race line as it was first drawn: a point at every step, and a corner
    before each step that changes the score."""
    points = [(steps[0], ys[0])]
    for i in range(1, len(steps)):
        if ys[i] != ys[i - 1]:
            points.append((steps[i], ys[i - 1]))
        points.append((steps[i], ys[i]))
    return points


def blocked_game():
    from scorepad.record.format import loads

    return loads(blocked_rounds(300)).game


@pytest.mark.slow
@pytest.mark.parametrize("name", [*sorted(example_games()), "blocked"])
def test_each_article_is_the_article_made_afresh(name):
    """An article kept for a round met again (and a drawing kept for a layout met again)
    is, under its own number and with its own steps, what the round's article is when made
    on its own; the page reads the articles back from its spool whole and in order. The
    race's lines leave out only points on a level run, between two of the same height."""
    from scorepad.views import page
    from scorepad.views.page.drawing import race

    game = blocked_game() if name == "blocked" else example_games()[name]
    w = page.words()
    sides = [status_view.side_label(game, s) for s in range(len(game.sides))]
    kept = page._Articles(game, w, sides)
    totals, alone = [0] * len(game.sides), [0] * len(game.sides)
    made = []
    listed = []
    for r in game.rounds:
        if r.moves or r.hands is not None:
            article, moves = kept.article(r, totals)
            made.append(article)
            listed.append(moves)
            assert (article, moves) == page._Articles(game, w, sides).article(r, alone)
    assert totals == alone == list(game.scores)
    if name == "blocked":
        assert len(kept.kept) == 1  # one article written for the 300 rounds, each under its own number
    values = page.context(game, name, None)
    assert "".join(values["rounds"]) == "".join(made)
    assert "".join(values["listed"]) == "".join(listed)
    steps, scores, starts = chart_view.score_race(game)
    if len(steps) > 1:
        chart = race(steps, scores, starts, game.target, [], w["round"])
        for ys, line in zip(scores, chart["lines"], strict=True):
            every = [",".join(chart["at"](x, y)) for x, y in race_every_step(steps, ys)]
            drawn = path_points("".join(line))
            kept_at = iter(range(len(every)))
            indices = [next(i for i in kept_at if every[i] == point) for point in drawn]  # in order, a subsequence
            assert indices[0] == 0 and indices[-1] == len(every) - 1
            for i, j in pairwise(indices):
                assert all(every[k].split(",")[1] == every[i].split(",")[1] for k in range(i, j))
        numbers = [number for number, _x in chart["rounds"]]
        assert numbers[0] == "1" and numbers == sorted(set(numbers), key=int)
    assert "".join(page.page_parts(game, name)) == page.html_page(game, name)


def path_points(d: str) -> list[str]:
    """The corners of a race line's path (M x,y then H x V y steps, an H at the end), as "x,y"."""
    import re

    x, y = re.match(r"M([-\d.]+),([-\d.]+)", d).groups()
    points = [f"{x},{y}"]
    for across, up in re.findall(r"H([-\d.]+)(?:V([-\d.]+))?", d):
        points.append(f"{across},{y}")
        if up:
            y = up
            points.append(f"{across},{y}")
    return points


def test_a_long_race_line_comes_in_parts_that_join_to_the_whole():
    from scorepad.views.page.drawing import race

    steps = range(10_000)
    scores = [[float(i // 3) for i in steps], [float(i // 7) for i in steps]]
    chart = race(steps, scores, [(0, 1)], 100, [], "round")
    parts = [list(line) for line in chart["lines"]]
    assert len(parts[0]) > 1
    assert all(part.startswith("H") for line in parts for part in line[1:])
    points = path_points("".join(parts[0]))
    assert all(len(point.split(",")) == 2 for point in points)
    assert len(points) == 1 + 2 * 3_333  # the start, and two corners for each of the 3,333 rises
    at = chart["at"]
    rises = [i for i in steps[1:] if i % 3 == 0]
    assert points == [",".join(at(0, 0))] + [",".join(at(i, y)) for i in rises for y in (i // 3 - 1, i // 3)]


def run_export(tmp_path, *args):

    return run("export", *args, width=200)


def test_export_writes_the_page_as_it_is_made(tmp_path, monkeypatch):
    """The page goes to the file in parts, never as one string; the file is the page, and
    the size reported is the file's."""
    from scorepad.record import files
    from scorepad.views import page

    record = tmp_path / "game.toml"
    record.write_text(blocked_rounds(300), encoding="utf-8")
    given = []
    save = files.save_export

    def watching(text, *args, **kwargs):
        given.append(text)
        return save(text, *args, **kwargs)

    monkeypatch.setattr(files, "save_export", watching)
    out = tmp_path / "page.html"
    result = run_export(tmp_path, out, "-f", record)
    assert result.exit_code == 0, result.output
    assert len(given) == 1 and not isinstance(given[0], str) and iter(given[0]) is given[0]
    html = out.read_text(encoding="utf-8")
    from scorepad.record.format import loads

    text = record.read_text(encoding="utf-8")
    assert html == page.html_page(loads(text).game, "game", saved=_saved(record), record=text)
    assert f"(HTML, {-(-out.stat().st_size // 1024)} KB)" in result.output


def _saved(record):
    import os
    from datetime import date

    return date.fromtimestamp(os.stat(record).st_mtime)


def test_an_old_page_is_not_read_whole_to_tell_it_is_no_record(tmp_path, monkeypatch):
    """Markup is no TOML: a page export wrote before (tens of MB for a long game) is
    replaced after reading its head only, not parsed as a possible record, before the page
    is made and again before the rename. A record under a page's name is still refused."""
    from scorepad.record import files

    record = tmp_path / "game.toml"
    record.write_text(blocked_rounds(20), encoding="utf-8")
    out = tmp_path / "page.html"
    out.write_text(MARK + "\n<p>" + "an old page " * 100_000 + "</p>\n", encoding="utf-8")
    read = []
    read_text = files.read_text
    monkeypatch.setattr(files, "read_text", lambda path, *a, **k: read.append(Path(path).name) or read_text(path, *a, **k))
    assert run_export(tmp_path, out, "-f", record).exit_code == 0
    assert "page.html" not in read
    out.write_text(blocked_rounds(2), encoding="utf-8")
    result = run_export(tmp_path, out, "--force", "-f", record)
    assert result.exit_code == 2 and "is a scorepad record" in result.output


def test_a_page_that_fails_half_made_leaves_the_old_file_whole(tmp_path, monkeypatch):
    from scorepad.views import page

    record = tmp_path / "game.toml"
    record.write_text(blocked_rounds(300), encoding="utf-8")
    out = tmp_path / "page.html"
    old = MARK + "\n<p>the old page</p>\n"
    out.write_text(old, encoding="utf-8")
    made = page.page_parts

    def failing(*args, **kwargs):
        for i, part in enumerate(made(*args, **kwargs)):
            if i == 2:  # of 4 parts
                raise OSError(28, "No space left on device")
            yield part

    monkeypatch.setattr(page, "page_parts", failing)
    result = run_export(tmp_path, out, "-f", record)
    assert result.exit_code == 2 and "cannot write" in result.output and "Traceback" not in result.output
    assert out.read_text(encoding="utf-8") == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml", "page.html"]


def test_a_record_put_where_the_page_goes_while_it_is_made_is_not_replaced(tmp_path, monkeypatch):
    """The checks are made again before the page is renamed into place: a record (or any
    file export did not write) that appeared meanwhile stays."""
    from scorepad.views import page

    record = tmp_path / "game.toml"
    record.write_text(blocked_rounds(300), encoding="utf-8")
    out = tmp_path / "page.html"
    other = blocked_rounds(2)
    made = page.page_parts

    def meanwhile(*args, **kwargs):
        for i, part in enumerate(made(*args, **kwargs)):
            if i == 1:
                out.write_text(other, encoding="utf-8")
            yield part

    monkeypatch.setattr(page, "page_parts", meanwhile)
    result = run_export(tmp_path, out, "-f", record)
    assert result.exit_code == 2 and "is a scorepad record" in result.output
    assert out.read_text(encoding="utf-8") == other
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml", "page.html"]


# --- views made while the record is read (`log` and `sheet` of a long record) ---------------


def muggins_game(seed: int, rounds: int = 12) -> Game:
    """A game with muggins and careless players: calls, missed scores, wrong claims."""
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game

    rules = Rules.from_options("pagat", target=100_000, muggins=True)
    return play_game(["Ann", "Bob", "Cy"], rules, random.Random(seed), careless=0.5, max_rounds=rounds)


def log_rows_row_by_row(game: Game) -> list:
    """The log's rows as they were made before, a row at a time."""
    from scorepad.engine.notation import Play, shown_move
    from scorepad.views.status import points
    from scorepad.views.summary import muggins_marks

    rounds = []
    for r in game.rounds:
        if not r.moves and r.hands is None:
            continue
        plays = (i for i, move in enumerate(r.moves) if isinstance(move, Play))
        sums = {i: str(end_sum) for i, end_sum in zip(plays, r.sums, strict=True)}
        marks = muggins_marks(game, r)
        rows = []
        for i, move in enumerate(r.moves):
            got = [c for c in r.credits if c.move == i]
            pts = " ".join(f"+{points(c.points)}" + (f" {game.players[c.player]}" if c.source == "muggins" else "") for c in got)
            if i in marks:
                pts = " ".join(filter(None, [pts, log_view._muggins_mark(marks[i])]))
            rows.append((str(i + 1), shown_move(move), sums.get(i, ""), pts))
        rounds.append(rows)
    return rounds


def texts_read_in_every_way() -> list[str]:
    from tests.helpers import large_record as large

    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.toml"))]
    texts += [dumps(muggins_game(seed)) for seed in range(3)]
    texts.append(large())  # read a round at a time
    # Begun a round at a time; its last part holds two rounds, so it is read again whole.
    head, _sep, tail = large().rpartition("\n[[rounds]]\n")
    texts.append(f"{head}\n[[ rounds ]]\n{tail}")
    return texts


@pytest.mark.parametrize("seed", range(4))
def test_the_log_rows_made_a_column_at_a_time_are_the_rows_made_a_row_at_a_time(seed):
    for game in (muggins_game(seed), long_game(seed, rounds=10)):
        made = [rows for _title, rows, _under in log_view._log_rounds(game)]
        assert made == log_rows_row_by_row(game)
        assert any(len(rows) > 1 for rows in made)
    assert any("called" in row[3] for rows in made_muggins(seed) for row in rows)  # the marks are there


@pytest.mark.parametrize("seed", range(4))
def test_the_lines_under_a_round_kept_for_rounds_alike_are_its_own(seed):
    for game in (muggins_game(seed, rounds=30), long_game(seed, rounds=30), long_game(seed, preset="fuenfer", rounds=30)):
        played = [r for r in game.rounds if r.hands is not None]
        made = [under for _title, _rows, under in log_view._log_rounds(game)]
        assert made[: len(played)] == [log_view._LogRows._under(game, r) for r in played]
        assert len({tuple(under) for under in made}) > 3


def made_muggins(seed: int) -> list:
    return [rows for _title, rows, _under in log_view._log_rounds(muggins_game(seed))]


@pytest.mark.slow
@FAST_PATH_ONLY
@pytest.mark.parametrize("batch", [7, 4096])
@pytest.mark.parametrize("case", range(len(texts_read_in_every_way())))
def test_the_log_made_while_the_record_is_read_is_the_log_made_after(monkeypatch, capsys, batch, case):
    """Each round logged as the reader lays it out, kept (in a file past a batch of
    lines), is what the log of the game read writes; a text read again from its start
    (not a round per part after all) is logged once."""
    from scorepad.views import console

    text = texts_read_in_every_way()[case]
    monkeypatch.setattr(console.Spool, "BATCH", batch)
    spool = console.Spool()
    games = []
    logged = log_view.LoggedRounds(80, spool)

    def each_round(game, r):
        games.append(game)
        logged(game, r)

    game = loads(text, each_round).game
    assert games[-1] is game and games.count(game) == len(game.rounds)
    assert len(set(map(id, games))) == 1 + ("[[ rounds ]]" in text)
    assert spool.show()
    made = capsys.readouterr().out
    console.lines(log_view.log_lines(game, 80))
    assert made == capsys.readouterr().out
    assert spool.file is None and not spool.batch


@pytest.mark.parametrize("case", range(len(texts_read_in_every_way())))
def test_the_sheet_rows_taken_while_the_record_is_read_are_the_rows_of_the_game_read(case):
    text = texts_read_in_every_way()[case]
    taken = sheet_view.SheetRowsRead()
    game = loads(text, taken).game
    rows = taken.of(game)
    assert rows is not None and list(rows) == list(sheet_view.sheet_rows(game)) == sheet_rows_held(game)
    assert rows.playing == sheet_view.sheet_rows(game).playing
    for width in (40, 200):
        assert list(sheet_view.sheet_lines(game, width, rows)) == list(sheet_view.sheet_lines(game, width))
    assert taken.of(loads(text).game) is None  # another game's rows are not taken for it


@pytest.mark.slow
@FAST_PATH_ONLY
def test_log_and_sheet_of_a_large_record_lay_no_round_out_again(tmp_path, monkeypatch):
    path = tmp_path / "big.toml"
    path.write_text(blocked_rounds(2500), encoding="utf-8")
    shown = {name: run(name, "-f", path, width=80).output for name in ("log", "sheet")}
    monkeypatch.setattr(Game, "_unfold", lambda self, folded: pytest.fail("a folded round laid out again"))
    for name, output in shown.items():
        result = run(name, "-f", path, width=80)
        assert result.exit_code == 0 and result.output == output
    assert shown["log"].count("Round ") == 2500 and shown["sheet"].count("\n") > 2500


@pytest.mark.slow
@FAST_PATH_ONLY
def test_a_log_that_cannot_be_kept_in_a_file_is_made_again_from_the_game(tmp_path, monkeypatch):
    import tempfile

    from scorepad.views import console

    path = tmp_path / "big.toml"
    path.write_text(blocked_rounds(2500), encoding="utf-8")
    kept = run("log", "-f", path, width=80)
    failed = []
    spool_init = console.Spool.__init__

    def watched(self):
        spool_init(self)
        failed.append(self)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(console.Spool, "__init__", watched)
    monkeypatch.setattr(tempfile, "TemporaryFile", full_disk)
    again = run("log", "-f", path, width=80)
    assert again.exit_code == kept.exit_code == 0
    assert again.output == kept.output and kept.output.count("Round ") == 2500
    assert [spool.failed for spool in failed] == [True]


@pytest.mark.slow
def test_a_record_refused_halfway_logs_nothing_but_why(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(blocked_rounds(2500).replace('"Bob: pass"', '"Bob: 6-6"', 1500), encoding="utf-8")
    result = run("log", "-f", path, width=80)
    assert result.exit_code == 2
    assert "Round " not in result.stdout and "6-6" in result.output
