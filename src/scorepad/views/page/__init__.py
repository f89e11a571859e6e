"""The game as a page (`scorepad export`): one self-contained HTML file drawn for people, or
one SVG picture for a chat message. The templates and styles are files beside this module,
rendered by Jinja2 with every string escaped; the drawings come from `drawing`, which takes
its geometry from the layout module. Only `export` imports this package."""

from __future__ import annotations

import base64
import hashlib
import json
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from scorepad import __version__
from scorepad.engine.game import Game, Round
from scorepad.engine.layout import arm_lying, line_lying
from scorepad.engine.notation import Play
from scorepad.engine.tiles import End
from scorepad.i18n import _, language, ngettext, pgettext
from scorepad.views.console import clean
from scorepad.views.page.drawing import layout_picture, race, steps_of, tile_name
from scorepad.views.render import _needs, _side, hands_summary, points, score_race, sheet_rows
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


def _replay(game: Game, r: Round, totals: list[int | Fraction]) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    """The round step by step for the page's script: before the lead, after each move, after
    the hands. Each step: how many tiles lie, the end counts, the move and what it scored,
    the totals. Returns the muggins calls as (move index, side) as well."""
    marks = steps_of(r.layout)
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


def context(game: Game, title: str, saved: date | None) -> dict[str, Any]:
    """Everything the page shows, as plain values: the header, the sheet, the race, each
    round's layout, hands and points, and the replay's steps."""
    w = words()
    sides = [_side(game, s) for s in range(len(game.sides))]
    rows = sheet_rows(game)
    muggins = game.rules.muggins or any(c.source == "muggins" for r in game.rounds for c in r.credits)
    kinds = ["play", *(["muggins"] if muggins else []), "hands"]
    sheets = []
    for s, name in enumerate(sides):
        sheets.append(
            {
                "side": name,
                "rows": [
                    (label, [points(per_side[s][k]) for k in kinds], points(per_side[s]["total"])) for label, per_side in rows
                ],
                "needs": _needs(game, s),
            }
        )
    rounds = []
    replay = []
    totals: list[int | Fraction] = [0] * len(game.sides)
    calls_at: list[tuple[int, int, float]] = []
    steps, scores, starts = score_race(game)
    start_of = {number: step for step, number in starts}
    for r in played_rounds(game):
        picture = layout_picture(r.layout, w["spinner"]) if r.layout.placed else None
        line = []
        arms: dict[str, list[str]] = {}
        if picture is not None:
            line = [tile_name(t.first, t.second) for t in line_lying(r.layout)]
            for end in (End.N, End.S):
                if r.layout.arm(end):
                    arms[w["arm"].format(end=end.label)] = [tile_name(t.first, t.second) for t in arm_lying(r.layout, end)]
        steps_data, calls = _replay(game, r, totals)
        replay.append(steps_data)
        for move, side in calls:
            step = start_of[r.number] + move + 1
            calls_at.append((step, side, scores[side][step]))
        rounds.append(
            {
                "number": r.number,
                "picture": picture,
                "line": line,
                "arms": arms,
                "ends": " + ".join(f"{end.label} {n}" for end, n in r.layout.end_counts().items()),
                "end_sum": r.layout.end_sum,
                "hands": _hands(game, r),
                "summary": hands_summary(game, r) if r.award is not None else "",
                "points": ", ".join(f"{sides[s]} {points(p)}" for s, p in enumerate(r.side_points(len(game.sides))) if p),
            }
        )
    chart = race(steps, scores, starts, game.target, calls_at) if len(steps) > 1 else None
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
        "kinds": [w[k] for k in kinds],
        "sheets": sheets,
        "chart": chart,
        "rounds": rounds,
        "replay": _json({"rounds": replay, "sides": sides, "words": w}),
    }


def html_page(game: Game, title: str, saved: date | None = None) -> str:
    """The page: header, sheet, race, every round's final layout, and the replay."""
    values = context(game, clean(title), saved)
    style, script = _asset("page.css"), _asset("page.js")
    policy = (
        "default-src 'none'; "
        f"style-src {_digest(style)}; script-src {_digest(script)}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )
    page = environment().get_template("page.html")
    return page.render(**values, style=Markup(style), script=Markup(script), policy=policy)


def svg_picture(game: Game, title: str) -> str:
    """One picture for a chat message: the final standing and the last round's layout."""
    values = context(game, clean(title), None)
    shown = [r for r in values["rounds"] if r["picture"] is not None]
    last = shown[-1] if shown else None
    return environment().get_template("picture.svg").render(**values, last=last, style=Markup(_asset("picture.css")))
