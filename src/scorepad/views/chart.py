"""The score race: each side's score after every move, counted once for the terminal's
chart (drawn by plotext) and the page's picture."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scorepad.engine.game import Game, Round
from scorepad.i18n import _
from scorepad.views.status import points, side_label

if TYPE_CHECKING:
    from rich.console import RenderableType


MARKERS = ("•", "x", "+", "o")  # one per side, so the race reads without colour too


COLOURS = ((0, 95, 215), (0, 135, 0), (215, 0, 0), (175, 95, 0))  # and one colour per side


class ScoreRace:
    """Each side's score after every move (and after each round's hands), counted from 0,
    with where each round starts and the muggins calls: made in one pass over the rounds
    and kept in arrays (a record at the size limit has 280,000 steps). `scores[s][i]` is
    side s's score after step `kept[i]`: every step, or with `changes_only` the first, the
    last and those where a score changed (a long game of blocked rounds scores nothing for
    thousands of steps; the page draws a point only where a score changes). `starts` gives
    (step, round number) per round played; `calls` (step, side) per muggins call."""

    def __init__(self, game: Game, *, read: bool = True, changes_only: bool = False) -> None:
        self.scores = [array("d", [0.0]) for _s in game.sides]
        self.changes_only = changes_only
        self.kept_steps = array("q", [0])  # with changes_only: the step of each score kept
        self.count = 1  # steps, the start (step 0) among them
        self._ended = False
        self.start_steps = array("i")
        self.numbers = array("i")
        self.calls: list[tuple[int, int]] = []
        self._totals = [0.0] * len(game.sides)
        if read:
            for r in game.rounds:
                self.take(r)

    def take(self, r: Round) -> None:
        """Add round `r`'s steps, the rounds given in order (`read=False`: the caller reads)."""
        if not r.moves and r.hands is None:
            return
        step = self.count - 1
        self.start_steps.append(step)
        self.numbers.append(r.number)
        moments: list[list[Any]] = [[] for _m in r.moves]
        hands = []
        # An annulled round counts nothing: the race stands still through it.
        for c in r.credits if r.annulled is None else ():
            if c.move is not None and 0 <= c.move < len(moments):
                moments[c.move].append(c)
            if c.source == "hands":
                hands.append(c)
        if r.hands is not None:
            moments.append(hands)
        if self._ended:  # the last step was kept only as the last
            self._ended = False
            self.kept_steps.pop()
            for ys in self.scores:
                ys.pop()
        totals = self._totals
        for credits in moments:
            step += 1
            for c in credits:
                totals[c.side] += float(c.points)
                if c.source == "muggins":
                    self.calls.append((step, c.side))
            if self.changes_only:
                if not credits:
                    continue
                self.kept_steps.append(step)
            for s, ys in enumerate(self.scores):
                ys.append(totals[s])
        self.count = step + 1

    @property
    def steps(self) -> range:
        """Every step."""
        return range(self.count)

    @property
    def starts(self) -> Iterator[tuple[int, int]]:
        return zip(self.start_steps, self.numbers, strict=True)

    def kept(self) -> tuple[Sequence[int], list[array[float]]]:
        """The steps kept, the last step among them, and each side's scores after them."""
        if not self.changes_only:
            return self.steps, self.scores
        if self.kept_steps[-1] != self.count - 1:
            self._ended = True
            self.kept_steps.append(self.count - 1)
            for ys in self.scores:
                ys.append(ys[-1])
        return self.kept_steps, self.scores

    def score_at(self, side: int, step: int) -> float:
        """Side `side`'s score after step `step`."""
        if not self.changes_only:
            return self.scores[side][step]
        from bisect import bisect_right

        return self.scores[side][bisect_right(self.kept_steps, step) - 1]


def score_race(game: Game) -> tuple[list[int], list[list[float]], list[tuple[int, int]]]:
    """Each side's score after every move (and after each round's hands), counted from 0,
    with where each round starts: (steps, scores per side, [(step, round number)])."""
    race = ScoreRace(game)
    return list(race.steps), [list(ys) for ys in race.scores], list(race.starts)


def chart(game: Game, width: int, height: int | None = None) -> RenderableType:
    """The score race drawn in the terminal: each side's score after every move, a line
    at the target, the rounds marked along the bottom. Drawn by plotext (imported here
    only, so no other command pays for it)."""
    import plotext  # type: ignore[import-untyped]  # plotext ships no type information
    from rich.console import Group
    from rich.text import Text

    steps, scores, starts = score_race(game)
    if len(steps) < 2:
        return Text(_("(no moves yet)"), style="dim")
    # Only round numbers that do not run into the one before: when many would, plotext
    # chose which to show differently from one run to the next.
    room = max(28, width) - len(str(int(max(game.target, *(max(ys) for ys in scores))))) - 2
    last = steps[-1] or 1
    marks: list[tuple[int, int]] = []
    for step, number in starts:
        at = step * room / last
        if not marks or at >= marks[-1][0] * room / last + len(str(marks[-1][1])) + 1:
            marks.append((step, number))
    top = max(game.target, *(max(ys) for ys in scores))
    every = 25 if top <= 100 else 50 if top <= 300 else 100
    # At most ten marks on the axis, whatever the target: with hundreds, plotext picked
    # which to show differently from one run to the next.
    larger = 0
    while top / every > 10:  # 100, 250, 500, 1000, 2500, ...
        larger += 1
        every = (100, 250, 500)[larger % 3] * 10 ** (larger // 3)
    ticks = list(range(0, int(top) + every, every))
    # Steps, not slopes: a score changes at a move and holds until the next.
    xs = [x for step in steps for x in (step, step)][1:]
    race = [[y for i, y in enumerate(ys) for y in ((ys[i - 1] if i else y), y)][1:] for ys in scores]
    size = (max(28, width), height or (12 if width < 60 else 18))
    drawn_race = _Race(
        size,
        xs,
        race,
        [step for step, _n in starts[1:]],
        [step for step, _n in marks],
        [str(n) for _s, n in marks],
        ticks,
        game.target,
        _("the race to {target}").format(target=game.target),
    )
    draw = _draw_6 if not hasattr(plotext, "clf") else _draw_5  # plotext 6 has figure objects instead
    drawn = draw(plotext, drawn_race).rstrip("\n")
    key = Text("  ").join(
        Text.assemble(
            (MARKERS[s % 4], "bold rgb({},{},{})".format(*COLOURS[s % 4])), f" {side_label(game, s)} {points(game.scores[s])}"
        )
        for s in range(len(game.sides))
    )
    lines = [Text.from_ansi(line) for line in drawn.split("\n")]
    for line in lines:
        line.rstrip()
    return Group(Text("\n").join(lines), key)


class _Race(NamedTuple):
    """What either plotext draws: the plot's size, the sides' steps, the lines, the labels."""

    size: tuple[int, int]
    xs: list[int]
    race: list[list[float]]  # each side's score at each x
    starts: list[int]  # the step where each round after the first starts
    xticks: list[int]
    xlabels: list[str]  # the round numbers under them
    ticks: list[int]  # the score axis
    target: int
    title: str


def _draw_5(plotext: Any, r: _Race) -> str:
    """The race drawn by plotext 5's functions of one global figure."""
    plotext.clf()
    plotext.limitsize(False, False)  # the page is drawn at its own width, not the terminal's
    plotext.plotsize(*r.size)
    plotext.theme("clear")  # no legend: inside the plot it hides the race on a narrow screen
    for s, ys in enumerate(r.race):
        plotext.plot(r.xs, ys, marker=MARKERS[s % 4], color=COLOURS[s % 4])
    plotext.hline(r.target)
    for step in r.starts:
        plotext.vline(step)
    plotext.xticks(r.xticks, r.xlabels)
    plotext.ylim(0, r.ticks[-1])
    plotext.yticks(r.ticks, [str(t) for t in r.ticks])
    plotext.xlabel(_("round"))
    plotext.title(r.title)
    drawn = str(plotext.build())
    plotext.clf()
    return drawn


def _draw_6(plotext: Any, r: _Race) -> str:
    """The same race drawn by plotext 6, whose figure is an object with methods."""
    figure = plotext.figure
    figure.clear()
    plotext.terminal.limit(False, False)
    figure.plot_size(*r.size)
    figure.theme("colorless")  # as plotext 5's "clear": only the sides' own colours
    for s, ys in enumerate(r.race):
        marker = plotext.marker(MARKERS[s % 4], plotext.pixel(COLOURS[s % 4]))
        figure.draw(figure.signal(r.xs, ys, marker=marker).lines())
    # The target and the rounds' starts in plotext 6's own line colour: a pixel given
    # here takes its unset colours from that one, so they cannot be left plain.
    figure.line(r.target)
    for step in r.starts:
        figure.line(step, "vertical")
    figure.ruler("x").ticks(r.xticks, r.xlabels)
    figure.ruler("y").lim(0, r.ticks[-1])
    figure.ruler("y").ticks(r.ticks, [str(t) for t in r.ticks])
    figure.label(_("round"))
    figure.title(r.title)
    drawn = str(figure.build().string())
    figure.clear()
    return drawn
