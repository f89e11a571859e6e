"""Pictures for the page, as numbers for the templates: domino tiles with their pips where
the layout module's plan puts them, and the score race. No markup is written here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from scorepad.engine.layout import EndMark, Layout, Plan, Spot, plan
from scorepad.engine.tiles import End

UNIT = 24  # pixels per half tile at the drawing's natural size
MARGIN = 1.5  # half tiles around a layout, room for the counts at the ends
LONG = 17  # half tiles: a layout wider than this is drawn upright on a narrow screen

_CORNERS = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))
# Pips on a half as seen with the tile flat; an upright tile's halves are turned.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.25, 0.75), (0.75, 0.25)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: _CORNERS,
    5: (*_CORNERS, (0.5, 0.5)),
    6: (*_CORNERS, (0.5, 0.25), (0.5, 0.75)),
}


def _n(value: float) -> str:
    """A coordinate as short as it is exact enough: 12, 7.5, -3.6."""
    return f"{round(value, 1):g}"


def pips(number: int, x: float, y: float, upright: bool) -> list[tuple[str, str]]:
    """The pip centres of one half whose top-left corner is at (x, y), in pixels."""
    return [(_n(x + (py if upright else px) * UNIT), _n(y + (px if upright else py) * UNIT)) for px, py in _PIPS[number]]


def tile_name(first: int, second: int) -> str:
    return f"{first}-{second}"


def tile(spot: Spot, spinner_word: str) -> dict[str, Any]:
    """One tile for the template: its box, the line between its halves, its pips, its name."""
    t = spot.lying
    x, y = spot.x * UNIT, spot.y * UNIT
    w, h = (UNIT, 2 * UNIT) if spot.upright else (2 * UNIT, UNIT)
    second = (x, y + UNIT) if spot.upright else (x + UNIT, y)
    if spot.upright:
        divider = (x + 4, y + UNIT, x + UNIT - 4, y + UNIT)
    else:
        divider = (x + UNIT, y + 4, x + UNIT, y + UNIT - 4)
    name = tile_name(t.first, t.second)
    return {
        "order": t.order,
        "x": _n(x),
        "y": _n(y),
        "w": w,
        "h": h,
        "divider": [_n(v) for v in divider],
        "pips": pips(t.first, x, y, spot.upright) + pips(t.second, *second, spot.upright),
        "pip_count": t.first + t.second,
        "spinner": t.placed.spinner,
        "name": f"{name}, {spinner_word}" if t.placed.spinner else name,
    }


def bounds(drawn: Plan) -> tuple[float, float, float, float]:
    """The smallest box around every tile and end count, with a margin: x, y, width, height
    in pixels."""
    xs = [s.x for s in drawn.tiles] + [s.x + (1 if s.upright else 2) for s in drawn.tiles] + [m.x for m in drawn.ends]
    ys = [s.y for s in drawn.tiles] + [s.y + (2 if s.upright else 1) for s in drawn.tiles] + [m.y for m in drawn.ends]
    left, top = min(xs) - MARGIN / 2, min(ys) - MARGIN / 2
    return left * UNIT, top * UNIT, (max(xs) + MARGIN / 2 - left) * UNIT, (max(ys) + MARGIN / 2 - top) * UNIT


def end_marks(layout: Layout, drawn: Plan) -> list[tuple[str, str, str, str]]:
    """Each open end's count where the plan writes it: (end, count, x, y) in pixels; a side
    arm that is open but not started shows `·`."""
    counts = layout.end_counts()
    marks = []
    for mark in drawn.ends:
        started = mark.end in (End.W, End.E) or layout.arm(mark.end)
        marks.append((mark.end.label, str(counts[mark.end]) if started else "·", _n(mark.x * UNIT), _n(mark.y * UNIT)))
    return marks


def _boxes(drawn: Plan) -> tuple[list[str], list[str]]:
    """The view box of a drawing, flat and turned a quarter to the right (rotate(90) takes
    (x, y) to (-y, x), so W comes to the top)."""
    left, top, width, height = bounds(drawn)
    return [_n(left), _n(top), _n(width), _n(height)], [_n(-(top + height)), _n(left), _n(height), _n(width)]


def layout_picture(layout: Layout, spinner_word: str) -> dict[str, Any]:
    """A round's layout for the template: its tiles, end counts and view boxes; `upright`
    is the view box of the same drawing turned (W at the top), given for a long layout,
    which a narrow screen shows turned."""
    drawn = plan(layout)
    box, turned = _boxes(drawn)
    return {
        "tiles": [tile(spot, spinner_word) for spot in sorted(drawn.tiles, key=lambda s: s.lying.order)],
        "ends": end_marks(layout, drawn),
        "box": box,
        "upright": turned if float(box[2]) / UNIT > LONG + MARGIN else None,
    }


def steps_of(layout: Layout) -> list[dict[str, Any]]:
    """After each tile of the round was placed: the end counts where the plan writes them
    then, and the view boxes of the layout so far. Tiles keep their places, so every
    earlier layout is part of the final drawing: its tiles are the final plan's first ones,
    and its end marks lie as far beyond its outer tiles as the final plan's lie beyond
    theirs (planning the layout again after each tile took time growing with the square of
    the round's length)."""
    if not layout.placed:
        return []
    final = plan(layout)
    spots = sorted(final.tiles, key=lambda s: s.lying.order)
    marks = {mark.end: mark for mark in final.ends}

    def edges(spot: Spot) -> tuple[float, float, float, float]:  # left, top, right, bottom
        return spot.x, spot.y, spot.x + (1 if spot.upright else 2), spot.y + (2 if spot.upright else 1)

    line = [edges(s) for s in spots if s.lying.placed.end not in (End.N, End.S)]
    west_gap = marks[End.W].x - min(e[0] for e in line)
    east_gap = marks[End.E].x - max(e[2] for e in line)
    spinner = next((s for s in spots if s.lying.placed.spinner), None)
    arm_gap: dict[End, float] = {}
    if spinner is not None:
        for end, outer in ((End.N, min), (End.S, max)):
            if end in marks:
                arm = [edges(s)[1 if end is End.N else 3] for s in spots if s.lying.placed.end is end]
                own = edges(spinner)[1 if end is End.N else 3]
                arm_gap[end] = marks[end].y - outer([own, *arm])
    growing = Layout(layout.with_spinner)
    west = east = 0.0
    arm_edge: dict[End, float] = {}
    steps = []
    for k, spot in enumerate(spots):
        p = layout.placed[k]
        growing.place(p.tile, p.end)
        left, top, right, bottom = edges(spot)
        if p.end in (End.N, End.S):
            arm_edge[p.end] = top if p.end is End.N else bottom
        else:
            west, east = (left, right) if k == 0 else (min(west, left), max(east, right))
        if p.spinner:
            arm_edge = {End.N: top, End.S: bottom}
        ends = [EndMark(End.W, west + west_gap, marks[End.W].y), EndMark(End.E, east + east_gap, marks[End.E].y)]
        if spinner is not None and growing.side_arms_open():
            ends.extend(EndMark(end, marks[end].x, arm_edge[end] + gap) for end, gap in arm_gap.items())
        counts = growing.end_counts()
        drawn = Plan(spots[: k + 1], [mark for mark in ends if mark.end in counts])
        box, turned = _boxes(drawn)
        steps.append({"ends": end_marks(growing, drawn), "box": box, "turned": turned})
    return steps


# --- the score race ----------------------------------------------------------------------------

RACE_WIDTH, RACE_HEIGHT = 640, 280
RACE_LEFT, RACE_RIGHT, RACE_TOP, RACE_BOTTOM = 40, 12, 14, 30


def race(
    steps: Sequence[int],
    scores: Sequence[Sequence[float]],
    starts: Iterable[tuple[int, int]],
    target: int,
    calls: Iterable[tuple[int, int, float]],
) -> dict[str, Any]:
    """The score race as stepped lines, one per side, with the target line, each round's
    start and the muggins calls (step, side, score) marked; with the grid's labels. The
    lines (each given in parts, to be written one after another), the rounds and the calls
    are made as they are read: a long game has hundreds of thousands of steps."""
    last = max(steps[-1], 1)
    top = max(target, *(max(ys) for ys in scores))
    every = 25 if top <= 100 else 50 if top <= 300 else 100
    ceiling = -(-int(top) // every) * every
    inner_w = RACE_WIDTH - RACE_LEFT - RACE_RIGHT
    inner_h = RACE_HEIGHT - RACE_TOP - RACE_BOTTOM

    def at(step: float, score: float) -> tuple[str, str]:
        return _n(RACE_LEFT + step / last * inner_w), _n(RACE_TOP + inner_h - score / ceiling * inner_h)

    def line(ys: Sequence[float]) -> Iterator[str]:
        points = [at(steps[0], ys[0])]
        gap = ""
        for i in range(1, len(steps)):
            if ys[i] != ys[i - 1]:
                points.append(at(steps[i], ys[i - 1]))  # a score holds until the move that changes it
            points.append(at(steps[i], ys[i]))
            if len(points) >= 4096:
                yield gap + " ".join(f"{x},{y}" for x, y in points)
                points, gap = [], " "
        if points:
            yield gap + " ".join(f"{x},{y}" for x, y in points)

    return {
        "width": RACE_WIDTH,
        "height": RACE_HEIGHT,
        "left": RACE_LEFT,
        "right": RACE_WIDTH - RACE_RIGHT,
        "bottom": _n(RACE_TOP + inner_h),
        "lines": [line(ys) for ys in scores],
        "grid": [(str(v), at(0, v)[1]) for v in range(0, ceiling + 1, every)],
        "target": at(0, target)[1],
        "rounds": ((str(number), at(step, 0)[0]) for step, number in starts),
        "calls": [(side, *at(step, score)) for step, side, score in calls],
    }
