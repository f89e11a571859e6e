"""Pictures for the page, as numbers for the templates: domino tiles with their pips where
the layout module's plan puts them, and the score race. No markup is written here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from scorepad.engine.layout import Layout, Plan, Spot, plan
from scorepad.engine.tiles import HIGHEST_PIP, End

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


def face(first: int, second: int, upright: bool) -> dict[str, Any]:
    """A tile's face as drawn at (0, 0): its box, the line between its halves, its pips.
    The page draws each face once and every tile as a use of it; `id` names it."""
    w, h = (UNIT, 2 * UNIT) if upright else (2 * UNIT, UNIT)
    divider = (4, UNIT, UNIT - 4, UNIT) if upright else (UNIT, 4, UNIT, UNIT - 4)
    second_at = (0, UNIT) if upright else (UNIT, 0)
    return {
        "id": f"{'u' if upright else 'f'}{first}{second}",
        "w": w,
        "h": h,
        "divider": [_n(v) for v in divider],
        "pips": pips(first, 0, 0, upright) + pips(second, *second_at, upright),
    }


FACES = {
    (a, b, upright): face(a, b, upright)
    for a in range(HIGHEST_PIP + 1)
    for b in range(HIGHEST_PIP + 1)
    for upright in (False, True)
}


class Tile(NamedTuple):
    """One tile for the template: its place, its face, whether it is the spinner, its name."""

    order: int
    x: str
    y: str
    face: dict[str, Any]
    spinner: bool
    name: str


def tile(spot: Spot, spinner_word: str) -> Tile:
    t = spot.lying
    name = tile_name(t.first, t.second)
    spinner = t.placed.spinner
    return Tile(
        t.order,
        _n(spot.x * UNIT),
        _n(spot.y * UNIT),
        FACES[t.first, t.second, spot.upright],
        spinner,
        f"{name}, {spinner_word}" if spinner else name,
    )


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


def layout_picture(layout: Layout, spinner_word: str, drawn: Plan | None = None) -> dict[str, Any]:
    """A round's layout for the template: its tiles, end counts and view boxes; `upright`
    is the view box of the same drawing turned (W at the top), given for a long layout,
    which a narrow screen shows turned. `drawn`: the layout's plan, if made already."""
    drawn = drawn or plan(layout)
    box, turned = _boxes(drawn)
    return {
        "tiles": [tile(spot, spinner_word) for spot in sorted(drawn.tiles, key=lambda s: s.lying.order)],
        "ends": end_marks(layout, drawn),
        "box": box,
        "upright": turned if float(box[2]) / UNIT > LONG + MARGIN else None,
    }


TENTHS = 10 * UNIT  # tenths of a pixel per half tile: every place in a plan is a whole number of them


def _tenths(value: float) -> int:
    return round(value * TENTHS)


def _px(tenths: int) -> float | int:
    """Tenths of a pixel as the replay's data gives pixels, as short as `_n` writes them."""
    return tenths / 10 if tenths % 10 else tenths // 10


def growth(layout: Layout, final: Plan | None = None) -> list[list[Any]]:
    """The layout after each of its tiles was placed, for the replay: [left, top, width,
    height, ends] in pixels, the view box of the layout so far (as `bounds`) and each open
    end as [end, count, x, y] (as `end_marks`). Tiles keep their places, so every earlier
    layout is part of the final drawing: its tiles are the final plan's first ones, and its
    end counts lie as far beyond its outer tiles as the final plan's lie beyond theirs. Made
    in one pass keeping the extents so far, in whole tenths of a pixel (planning the layout
    again after each tile, or measuring every tile again, took time growing with the square
    of the round's length). `final`: the layout's plan, if made already."""
    if not layout.placed:
        return []
    final = final or plan(layout)
    spots = sorted(final.tiles, key=lambda s: s.lying.order)
    marks = {mark.end: (_tenths(mark.x), _tenths(mark.y)) for mark in final.ends}
    edges = [
        (_tenths(s.x), _tenths(s.y), _tenths(s.x + (1 if s.upright else 2)), _tenths(s.y + (2 if s.upright else 1)))
        for s in spots
    ]
    line = [e for s, e in zip(spots, edges) if s.lying.placed.end not in (End.N, End.S)]
    west_gap = marks[End.W][0] - min(e[0] for e in line)
    east_gap = marks[End.E][0] - max(e[2] for e in line)
    spinner = next((e for s, e in zip(spots, edges) if s.lying.placed.spinner), None)
    arm_gap: dict[End, int] = {}
    if spinner is not None:
        for end, side, outer in ((End.N, 1, min), (End.S, 3, max)):
            if end in marks:
                arm = [e[side] for s, e in zip(spots, edges) if s.lying.placed.end is end]
                arm_gap[end] = marks[end][1] - outer([spinner[side], *arm])
    labels = {end: end.label for end in End}
    half = _tenths(MARGIN / 2)
    growing = Layout(layout.with_spinner, layout.counting)
    arm_edge: dict[End, int] = {}
    started: set[End] = set()
    grown = []
    west, east = edges[0][0], edges[0][2]
    low_x, low_y, high_x, high_y = edges[0]
    for p, (left, top, right, bottom) in zip(layout.placed, edges):
        growing.place(p.tile, p.end)
        low_x, low_y = min(low_x, left), min(low_y, top)
        high_x, high_y = max(high_x, right), max(high_y, bottom)
        if p.end is End.N or p.end is End.S:
            arm_edge[p.end] = top if p.end is End.N else bottom
            started.add(p.end)
        else:
            west, east = min(west, left), max(east, right)
        if p.spinner:
            arm_edge = {End.N: top, End.S: bottom}
        ends = []
        xs, ys = [low_x, high_x], [low_y, high_y]
        arms_drawn = spinner is not None and growing.side_arms_open()
        for end, count in growing.end_counts().items():
            if end is End.W:
                x, y, shown = west + west_gap, marks[end][1], str(count)
            elif end is End.E:
                x, y, shown = east + east_gap, marks[end][1], str(count)
            elif arms_drawn and end in arm_gap:
                x, y, shown = marks[end][0], arm_edge[end] + arm_gap[end], str(count) if end in started else "·"
            else:
                continue
            xs.append(x)
            ys.append(y)
            ends.append([labels[end], shown, _px(x), _px(y)])
        box_left, box_top = min(xs) - half, min(ys) - half
        grown.append([_px(box_left), _px(box_top), _px(max(xs) + half - box_left), _px(max(ys) + half - box_top), ends])
    return grown


# --- the score race ----------------------------------------------------------------------------

RACE_WIDTH, RACE_HEIGHT = 640, 280
RACE_LEFT, RACE_RIGHT, RACE_TOP, RACE_BOTTOM = 40, 12, 14, 30
CHARACTER = 7  # pixels, about, of a character of a round's name (12 pixels high)
ROUND_NAME_GAP = 8  # pixels at least between one round's name and the next


def race(
    steps: Sequence[int],
    scores: Sequence[Sequence[float]],
    starts: Iterable[tuple[int, int]],
    target: int,
    calls: Iterable[tuple[int, int, float]],
    word: str,
) -> dict[str, Any]:
    """The score race as stepped lines (SVG paths), one per side, with the target line, each round's
    start (named `word` and its number, where there is room) and the muggins calls (step,
    side, score) marked; with the grid's labels. The
    lines (each given in parts, to be written one after another), the rounds and the calls
    are made as they are read: a long game has hundreds of thousands of steps."""
    last = max(steps[-1], 1)
    top = max(target, *(max(ys) for ys in scores))
    every = 25 if top <= 100 else 50 if top <= 300 else 100
    if top > 1000:  # at most 10 lines, 250, 500, 1000, 2500, ... apart (a game to 100,000 had a thousand)
        every = next(int(step * 10**power) for power in range(2, 12) for step in (2.5, 5, 10) if top <= 10 * step * 10**power)
    ceiling = -(-int(top) // every) * every
    inner_w = RACE_WIDTH - RACE_LEFT - RACE_RIGHT
    inner_h = RACE_HEIGHT - RACE_TOP - RACE_BOTTOM

    def at(step: float, score: float) -> tuple[str, str]:
        return _n(RACE_LEFT + step / last * inner_w), _n(RACE_TOP + inner_h - score / ceiling * inner_h)

    def line(ys: Sequence[float]) -> Iterator[str]:
        # A path of steps: a score holds until the move that changes it, across to it
        # (H) and up (V), and no point between (a long game of blocked rounds scores
        # nothing for thousands of steps).
        x, y = at(steps[0], ys[0])
        parts = [f"M{x},{y}"]
        for i in range(1, len(steps)):
            if ys[i] != ys[i - 1]:
                x, y = at(steps[i], ys[i])
                parts.append(f"H{x}V{y}")
                if len(parts) >= 1024:
                    yield "".join(parts)
                    parts = []
        if len(steps) > 1 and ys[-1] == ys[-2]:  # the line runs on to the last step
            parts.append(f"H{at(steps[-1], ys[-1])[0]}")
        yield "".join(parts)

    def rounds() -> Iterator[tuple[str, str]]:
        # Only rounds whose name does not run into the one before: a long game has
        # thousands of rounds on one chart.
        free = -1.0
        for step, number in starts:
            x = RACE_LEFT + step / last * inner_w
            if x >= free:
                free = x + ROUND_NAME_GAP + CHARACTER * (len(word) + 1 + len(str(number)))
                yield str(number), _n(x)

    return {
        "width": RACE_WIDTH,
        "height": RACE_HEIGHT,
        "left": RACE_LEFT,
        "right": RACE_WIDTH - RACE_RIGHT,
        "bottom": _n(RACE_TOP + inner_h),
        "lines": [line(ys) for ys in scores],
        "grid": [(str(v), at(0, v)[1]) for v in range(0, ceiling + 1, every)],
        "target": at(0, target)[1],
        "rounds": rounds(),
        "calls": [(side, *at(step, score)) for step, side, score in calls],
        "at": at,  # where a (step, score) is drawn
        "last": last,  # the last step, at the right
    }
