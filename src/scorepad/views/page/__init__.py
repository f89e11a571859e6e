"""The game as a page (`scorepad export`): one self-contained HTML file drawn for people, or
one SVG picture for a chat message. The templates and styles are files beside this module,
rendered by Jinja2 with every string escaped; the drawings come from `drawing`, which takes
its geometry from the layout module. Only `export` imports this package."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterator
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from scorepad import __version__
from scorepad.engine.game import Game, Round
from scorepad.engine.layout import Layout, arm_lying, line_lying
from scorepad.engine.notation import Play
from scorepad.engine.tiles import End
from scorepad.i18n import _, language, ngettext, pgettext
from scorepad.views.console import clean
from scorepad.views.page.drawing import layout_picture, race, steps_of, tile_name
from scorepad.views.render import SheetRows, _needs, _side, hands_summary, points, sheet_and_race
from scorepad.views.summary import played_rounds

HERE = Path(__file__).parent
# The first line of every file export writes: export may replace a file that has it.
MARK = "<!-- written by scorepad export; scorepad may write over this file -->"

_environment: Environment | None = None


def environment() -> Environment:
    global _environment
    if _environment is None:
        _environment = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=True,  # every template, .svg as well: names and moves come from a record
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
    return _environment


def _asset(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _digest(text: str) -> str:
    """The CSP source that allows exactly this inline style or script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _json(data: Any) -> Markup:
    """JSON to sit inside a <script> element: nothing in it can close the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def words() -> dict[str, str]:
    """Every word the page shows that does not come from the record, in the current language."""
    return {
        "sheet": _("Score sheet"),
        "race": _("The score race"),
        "rounds": _("The rounds"),
        "replay": _("Replay"),
        "round": pgettext("sheet column", "round"),
        "play": _("plays"),
        "muggins": _("muggins"),
        "hands": _("hands"),
        "total": pgettext("sheet column", "total"),
        "needs": pgettext("sheet column", "needs"),
        "spinner": _("spinner"),
        "target": _("target {target}"),
        "muggins_call": _("muggins call"),
        "line": _("The line from W to E"),
        "arm": _("The {end} arm from the spinner outwards"),
        "layout": _("Round {number}: the final layout"),
        "no_tiles": _("(no tile on the table yet)"),
        "ends": _("Open ends"),
        "hand_of": _("Hands left"),
        "first": _("Start of the game"),
        "back_round": _("Round before"),
        "back": _("Move before"),
        "forward": _("Next move"),
        "forward_round": _("Next round"),
        "last": _("End of the game"),
        "at": _("Round {round}, move {move} of {moves}"),
        "at_start": _("Round {round}: before the lead"),
        "at_hands": _("Round {round}: the hands"),
        "keys_help": _("Arrow keys or swipes: move by move; on the buttons, Page Up and Page Down: round by round."),
        "race_alt": _("Each side's score after every move; rounds marked along the bottom."),
        "made_by": _("Made by scorepad {version}").format(version=__version__),
        "nothing": _("(no moves yet)"),
        "points": _("Points this round"),
    }


def _result(game: Game) -> str:
    standing = ", ".join(f"{_side(game, s)} {points(game.scores[s])}" for s in range(len(game.sides)))
    if game.winner is not None:
        return _("{who} won: {standing}").format(who=" & ".join(game.winners() or []), standing=standing)
    return _("being played, round {number}: {standing}").format(number=game.current.number, standing=standing)


def _hands(game: Game, r: Round) -> list[tuple[str, str]]:
    """Each player's hand at the round's end: the tiles when given, else the pip total."""
    shown = []
    for p, hand in sorted((r.hands or {}).items()):
        if isinstance(hand, int):
            text = ngettext("{n} pip", "{n} pips", hand).format(n=hand)
        elif hand:
            pips = sum(t.pips for t in hand)
            text = "{tiles} ({pips})".format(
                tiles=" ".join(tile_name(t.a, t.b) for t in hand), pips=ngettext("{n} pip", "{n} pips", pips).format(n=pips)
            )
        else:
            text = _("no tiles")
        shown.append((game.players[p], text))
    return shown


def _replay(
    game: Game, r: Round, totals: list[int | Fraction], marks: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """The round step by step for the page's script: before the lead, after each move, after
    the hands. Each step: how many tiles lie, the end counts (`marks`: `steps_of` the
    round's layout), the move and what it scored, the totals. Returns the muggins calls as
    (move index, side) as well."""
    steps: list[dict[str, Any]] = [{"n": 0, "ends": [], "text": "", "got": "", "totals": [points(t) for t in totals]}]
    tiles = 0
    calls = []
    for i, move in enumerate(r.moves):
        if isinstance(move, Play):
            tiles += 1
        got = []
        for credit in r.credits:
            if credit.move == i:
                totals[credit.side] += credit.points
                got.append(f"{_side(game, credit.side)} +{points(credit.points)}")
                if credit.source == "muggins":
                    calls.append((i, credit.side))
        steps.append({"n": tiles, **(marks[tiles - 1] if tiles else {"ends": []}), "text": str(move), "got": ", ".join(got)})
        steps[-1]["totals"] = [points(t) for t in totals]
    if r.award is not None:
        for credit in r.credits:
            if credit.source == "hands":
                totals[credit.side] += credit.points
        steps.append(
            {
                "n": tiles,
                **(marks[-1] if marks else {"ends": []}),
                "text": hands_summary(game, r),
                "got": "",
                "totals": [points(t) for t in totals],
                "hands": True,
            }
        )
    return {"round": r.number, "steps": steps}, calls


def _facts(game: Game, title: str, saved: date | None, w: dict[str, str]) -> dict[str, Any]:
    """The page's head: title, players, rules, result; the words of both templates."""
    sides = [_side(game, s) for s in range(len(game.sides))]
    return {
        "lang": language(),
        "title": title,
        "mark": Markup(MARK),
        "words": w,
        "players": game.players,
        "sides": sides,
        "partners": any(len(side) > 1 for side in game.sides),
        "rules": _("{preset} rules, to {target}").format(preset=game.rules.preset, target=game.target),
        "saved": _("saved {date}").format(date=saved.isoformat()) if saved is not None else "",
        "result": _result(game),
        "target_label": w["target"].format(target=game.target),
    }


def _sheet(rows: SheetRows, s: int, kinds: list[str]) -> Iterator[tuple[str, list[str], str]]:
    for label, per_side in rows:
        yield label, [points(per_side[s][k]) for k in kinds], points(per_side[s]["total"])


class _Drawings:
    """Each round's drawing and replay marks as the page shows them, made once for each
    layout met again: a long game of blocked rounds lays the same tiles round after round.
    Holds the last few layouts only."""

    KEEP = 64
    ID, LABEL = "\x00", "\x01"  # stand for the round's own names while a drawing is kept

    def __init__(self, spinner: str) -> None:
        self.spinner = spinner
        self.pictures: dict[tuple, Markup] = {}
        self.marks: dict[tuple, list[dict[str, Any]]] = {}

    @staticmethod
    def _kept(kept: dict, layout: Layout, make):
        key = (layout.with_spinner, tuple(layout.placed))
        if key not in kept:
            if len(kept) >= _Drawings.KEEP:
                kept.clear()
            kept[key] = make(layout)
        return kept[key]

    def picture(self, layout: Layout, id: str, label: str) -> Markup:
        """The layout drawn as `layout.svg`'s `picture` draws it, named `id` and `label`."""

        def draw(layout: Layout) -> Markup:
            module: Any = environment().get_template("layout.svg").module
            return module.picture(layout_picture(layout, self.spinner), self.ID, self.LABEL)

        drawn = str(self._kept(self.pictures, layout, draw))
        return Markup(drawn.replace(self.ID, str(escape(id))).replace(self.LABEL, str(escape(label))))

    def steps(self, layout: Layout) -> list[dict[str, Any]]:
        """`steps_of` the layout."""
        return self._kept(self.marks, layout, steps_of)


def _rounds(game: Game, w: dict[str, str], sides: list[str], drawings: _Drawings) -> Iterator[dict[str, Any]]:
    """Each round played, for its article on the page: made one at a time."""
    for r in played_rounds(game):
        drawn = None
        line = []
        arms: dict[str, list[str]] = {}
        if r.layout.placed:
            label = w["layout"].format(number=r.number)
            drawn = drawings.picture(r.layout, f"r{r.number}", label)
            line = [tile_name(t.first, t.second) for t in line_lying(r.layout)]
            for end in (End.N, End.S):
                if r.layout.arm(end):
                    arms[w["arm"].format(end=end.label)] = [tile_name(t.first, t.second) for t in arm_lying(r.layout, end)]
        yield {
            "number": r.number,
            "drawn": drawn,
            "line": line,
            "arms": arms,
            "ends": " + ".join(f"{end.label} {n}" for end, n in r.layout.end_counts().items()),
            "end_sum": r.layout.end_sum,
            "hands": _hands(game, r),
            "summary": hands_summary(game, r) if r.award is not None else "",
            "points": ", ".join(f"{sides[s]} {points(p)}" for s, p in enumerate(r.side_points(len(game.sides))) if p),
        }


def _replay_json(game: Game, sides: list[str], w: dict[str, str], drawings: _Drawings) -> Iterator[Markup]:
    """The replay's data as `_json` writes it whole, written a round at a time."""
    totals: list[int | Fraction] = [0] * len(game.sides)
    yield Markup('{"rounds":[')
    gap = ""
    for r in played_rounds(game):
        steps, _calls = _replay(game, r, totals, drawings.steps(r.layout))
        yield Markup(gap) + _json(steps)
        gap = ","
    yield Markup('],"sides":') + _json(sides) + Markup(',"words":') + _json(w) + Markup("}")


def context(game: Game, title: str, saved: date | None) -> dict[str, Any]:
    """Everything the page shows: the header, the sheet, the race, each round's layout,
    hands and points, and the replay's steps. What grows with the game (the sheet's rows,
    the race's lines and rounds, the rounds, the replay's data) is given as iterators made
    as the page is written: each is one pass over the game's rounds."""
    w = words()
    values = _facts(game, title, saved, w)
    sides = values["sides"]
    rows, scores = sheet_and_race(game)
    muggins = game.rules.muggins or rows.any_muggins
    kinds = ["play", *(["muggins"] if muggins else []), "hands"]
    sheets = [{"side": name, "rows": _sheet(rows, s, kinds), "needs": _needs(game, s)} for s, name in enumerate(sides)]
    calls_at = [(step, side, scores.scores[side][step]) for step, side in scores.calls]
    chart = race(scores.steps, scores.scores, scores.starts, game.target, calls_at) if len(scores.steps) > 1 else None
    drawings = _Drawings(w["spinner"])
    return {
        **values,
        "kinds": [w[k] for k in kinds],
        "played": len(rows) > 0,
        "sheets": sheets,
        "chart": chart,
        "rounds": _rounds(game, w, sides, drawings),
        "replay": _replay_json(game, sides, w, drawings),
    }


def page_parts(game: Game, title: str, saved: date | None = None) -> Iterator[str]:
    """The page (header, sheet, race, every round's final layout, and the replay) in parts,
    made as they are read: written one after another they are `html_page`."""
    values = context(game, clean(title), saved)
    style, script = _asset("page.css"), _asset("page.js")
    policy = (
        "default-src 'none'; "
        f"style-src {_digest(style)}; script-src {_digest(script)}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )
    page = environment().get_template("page.html")
    return page.generate(**values, style=Markup(style), script=Markup(script), policy=policy)


def html_page(game: Game, title: str, saved: date | None = None) -> str:
    """The page: header, sheet, race, every round's final layout, and the replay."""
    return "".join(page_parts(game, title, saved))


def svg_picture(game: Game, title: str) -> str:
    """One picture for a chat message: the final standing and the last round's layout."""
    w = words()
    values = _facts(game, clean(title), None, w)
    r = next((r for r in reversed(game.rounds) if (r.moves or r.hands is not None) and r.layout.placed), None)
    last = {"number": r.number, "picture": layout_picture(r.layout, w["spinner"])} if r is not None else None
    return environment().get_template("picture.svg").render(**values, last=last, style=Markup(_asset("picture.css")))
