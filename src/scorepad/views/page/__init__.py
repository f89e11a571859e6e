"""The game as a page (`scorepad export`): one self-contained HTML file drawn for people, or
one SVG picture for a chat message. The templates and styles are files beside this module,
rendered by Jinja2 with every string escaped; the drawings come from `drawing`, which takes
its geometry from the layout module. Only `export` imports this package."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import tempfile
from collections.abc import Callable, Iterator
from datetime import date
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple, TypeVar

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from scorepad import __version__
from scorepad.engine.game import Game, Round
from scorepad.engine.layout import Layout, Lying, Plan, arm_lying, line_lying, plan
from scorepad.engine.tiles import End
from scorepad.i18n import _, language, ngettext, pgettext
from scorepad.record.pages import Carried, carried_pieces
from scorepad.views.award import hands_summary
from scorepad.views.chart import ScoreRace
from scorepad.views.console import clean
from scorepad.views.page.drawing import growth, layout_picture, race, tile_name
from scorepad.views.page.moves import muggins_tally, review_tally, round_facts, round_list
from scorepad.views.sheet import SheetRows, still_needs
from scorepad.views.status import points, side_label

HERE = Path(__file__).parent
# The first line of every file export writes: export may replace a file that has it.
MARK = "<!-- written by scorepad export; scorepad may write over this file -->"

TEMPLATES = HERE / "templates"  # the serve's phone page extends document.html here too
_environment: Environment | None = None


def environment() -> Environment:
    global _environment
    if _environment is None:
        _environment = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=True,  # every template, .svg as well: names and moves come from a record
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
    return _environment


def _asset(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def csp_source(text: str) -> str:
    """The CSP source that allows exactly this inline style or script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


# One encoder for every call: json.dumps with options builds a new one each time.
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _json(data: Any) -> Markup:
    """JSON to sit inside a <script> element: nothing in it can close the element."""
    text = _encode(data)
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
        "penalty": _("penalty"),
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
        "race_alt": _("Each side's score after every move; rounds marked along the bottom."),
        "made_by": _("Made by scorepad {version}").format(version=__version__),
        "nothing": _("(no moves yet)"),
        "points": _("Points this round"),
        "round_title": _("Round {number}"),
        "moves": _("Moves"),
        "held": _("Tiles in hand: {list}"),
        "boneyard": _("boneyard {n}"),
        "to_play": _("{player} to play"),
        "play_auto": _("Play the moves one by one"),
        "pause": _("Pause"),
        "next_mark": _("Next mark"),
        "known": _("Known held: {list}"),
        "known_whole": _("{tiles} (the whole hand)"),
        "known_part": _("{tiles} ({n} of {held})"),
        "none_known": _("none known"),
        "tracker": _("Tiles: {table} on the table, {held} known held, {unseen} unseen"),
        "out": _("On the table, of the 7 with each number: {list}"),
        "drew_on": _("{player} drew on {ends}: held no {numbers}"),
        "passed_on": _("{player} passed on {ends}: holds no {numbers}"),
        "and_no": _(" and no "),
        "best": _("Best of the whole hand: {tile} for {points}"),
        "best_known": _("Best of the tiles known: {tile} for {points}"),
        "on_table": _("on the table"),
        "unseen": _("unseen"),
        "review_mark": _("review mark"),
        "back_mark": _("Mark before"),
        "download": _("Download the record ({name})"),
        "help": _("Help"),
        "help_keys": _(
            "Arrow keys or swipes: move by move. Page Up and Page Down: round by round; Home and End: the start "
            "and the end (on the buttons). M and Shift+M: the next and the previous muggins mark; R and Shift+R: the "
            "next and the previous review mark; the mark buttons go through both; P: play or pause. A click on a "
            "move or on the score race goes there, one on a player's tally in the header to that player's next mark."
        ),
        "help_history": _(
            "The address always names the move shown, to share or to come back to. A jump (a click on a move, "
            "on the race or on a mark key) is a step in the browser's history, so Back returns to where you "
            "jumped from; stepping move by move is not, so Back never walks the game move by move."
        ),
        "opens_at": _("Opened without an address, the page shows the end of the game (or of the round being played)."),
        "marks_key": _(
            "Marks: ? a missed score an opponent called, ?? a missed score nobody called, "
            "! a claim too high that was called, !? one nobody called."
        ),
        "review_key": _(
            "Review marks (scorepad review): −10 a play that scored 10 less than a tile its player certainly "
            "held, ↑ one that left the next player a reply 10 or more better than the best play would have. "
            "A play without a mark was weighed only against the tiles the record proves its player held: "
            "scorepad review says where those were not the whole hand. R and Shift+R: the next and the "
            "previous review mark."
        ),
    }


def _result(game: Game) -> str:
    standing = ", ".join(f"{side_label(game, s)} {points(game.scores[s])}" for s in range(len(game.sides)))
    if game.winner is not None:
        winners = game.winners() or []
        # A partnership is plural: "Özlem & Bernd haben gewonnen".
        won = ngettext("{who} won: {standing}", "{who} won: {standing}", len(winners))
        return won.format(who=" & ".join(winners), standing=standing)
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


def _orders(layout: Layout) -> tuple[list[int], list[list[Any]]]:
    """When each tile of the line (from W to E) and of each side arm (from the spinner
    outwards) was placed: the board names the tiles placed so far in the same order as
    the final layout does, and tiles never move once placed."""
    line = [t.order for t in line_lying(layout)]
    arms = [[end.value, [t.order for t in arm_lying(layout, end)]] for end in (End.N, End.S) if layout.arm(end)]
    return line, arms


def page_title(game: Game, saved: date | None) -> str:
    """The page's title and heading: the players (by side) and the day the record was saved."""
    sides = " – ".join(side_label(game, s) for s in range(len(game.sides)))
    return _("{sides}, {date}").format(sides=sides, date=saved.isoformat()) if saved is not None else sides


def _facts(game: Game, title: str, saved: date | None, w: dict[str, str]) -> dict[str, Any]:
    """The page's head: title, players, rules, result; the words of both templates."""
    sides = [side_label(game, s) for s in range(len(game.sides))]
    tally = muggins_tally(game)
    # "unclaimed", not "missed": the review's tally beside it counts points missed against
    # the best play, another thing.
    players = [
        (name, _("muggins: {missed} unclaimed, {taken} taken").format(missed=tally[p][0], taken=tally[p][1]) if tally else "")
        for p, name in enumerate(game.players)
    ]
    return {
        "lang": language(),
        "title": title,
        "mark": Markup(MARK),
        "words": SimpleNamespace(**w),  # read by attribute: the templates look a word up often
        "players": players,
        "sides": sides,
        "side_of": game.side_of,
        "partners": any(len(side) > 1 for side in game.sides),
        "rules": _("{preset} rules, to {target}").format(preset=game.rules.preset, target=game.target),
        "saved": _("saved {date}").format(date=saved.isoformat()) if saved is not None else "",
        "result": _result(game),
        "target_label": w["target"].format(target=game.target),
    }


def _sheet(rows: SheetRows, s: int, muggins: bool) -> Iterator[tuple[str, list[str], str]]:
    """Side `s`'s rows of the sheet as written: nothing scored shows as `·`."""
    shown = [0, *([1] if muggins else []), 2, *([3] if rows.any_penalty else [])]
    for label, got, total in rows.side(s):
        yield label, ["·" if not got[k] else points(got[k]) for k in shown], points(total)


_Drawn = TypeVar("_Drawn")  # what _Drawings keeps of a layout: its picture or its tiles' names


class _Drawings:
    """Each round's drawing and growth as the page shows them, made once for each layout
    met again: a long game of blocked rounds lays the same tiles round after round. Holds
    the last few layouts only; `faces` gathers every face a drawing used, for the page to
    draw each once."""

    KEEP = 64
    ID, LABEL = "\x00", "\x01"  # stand for the round's own names while a drawing is kept

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words
        self.spinner = words["spinner"]
        self.names: dict[tuple[Any, ...], tuple[str, list[tuple[str, str]], str]] = {}
        self.pictures: dict[tuple[Any, ...], Markup] = {}
        self.grown: dict[tuple[Any, ...], Markup] = {}
        self.faces: dict[str, dict[str, Any]] = {}
        self.planned: tuple[Layout, Plan] | None = None

    @staticmethod
    def _kept(kept: dict[tuple[Any, ...], _Drawn], layout: Layout, make: Callable[[Layout], _Drawn]) -> _Drawn:
        key = (layout.with_spinner, tuple(layout.placed))
        if key not in kept:
            if len(kept) >= _Drawings.KEEP:
                kept.clear()
            kept[key] = make(layout)
        return kept[key]

    def picture(self, layout: Layout, id: str, label: str) -> Markup:
        """The layout drawn as `layout.svg`'s `picture` draws it, named `id` and `label`."""

        def draw(layout: Layout) -> Markup:
            drawing = layout_picture(layout, self.spinner, self._plan(layout))
            for t in drawing["tiles"]:
                self.faces.setdefault(t.face["id"], t.face)
            module: Any = environment().get_template("layout.svg").module
            picture: Markup = module.picture(drawing, self.ID, self.LABEL)
            return picture

        drawn = str(self._kept(self.pictures, layout, draw))
        return Markup(drawn.replace(self.ID, str(escape(id))).replace(self.LABEL, str(escape(label))))

    def named(self, layout: Layout) -> tuple[str, list[tuple[str, str]], str]:
        """The layout in words: the line's tiles, each side arm's, and the open ends' counts
        with their sum."""

        def name(layout: Layout) -> tuple[str, list[tuple[str, str]], str]:
            # Named as each tile's own title names it (the spinner says so): the board of
            # the replay names the tiles on it the same way.
            line = ", ".join(self._name(t) for t in line_lying(layout))
            arms = [
                (self.words["arm"].format(end=end.label), ", ".join(self._name(t) for t in arm_lying(layout, end)))
                for end in (End.N, End.S)
                if layout.arm(end)
            ]
            ends = " + ".join(f"{end.label} {n}" for end, n in layout.end_counts().items())
            return line, arms, f"{ends} = {layout.end_sum}"

        return self._kept(self.names, layout, name)

    def _name(self, t: Lying) -> str:
        name = tile_name(t.first, t.second)
        return f"{name}, {self.spinner}" if t.placed.spinner else name

    def growth(self, layout: Layout) -> Markup:
        """The open ends of `growth` of the layout, as JSON."""
        # The open ends only: the page's script works each view box out from the tiles
        # shown and these ends (a box for every tile was a twentieth of a long game's page);
        # and of those only the ones a tile changed (every end after every tile was a
        # seventh).
        return self._kept(self.grown, layout, lambda layout: _json(changed_ends(growth(layout, self._plan(layout)))))

    def _plan(self, layout: Layout) -> Plan:
        """The layout's plan: the picture and the growth of a layout both need it."""
        if self.planned is None or self.planned[0] is not layout:
            self.planned = (layout, plan(layout))
        return self.planned[1]


def changed_ends(grown: list[list[Any]]) -> list[list[Any]]:
    """The open ends of `growth` after each tile, only those the tile changed or opened:
    an end, once open, stays open, and the page's script carries the others over."""
    changed, before = [], []
    for step in grown:
        ends = step[4]
        changed.append([end for end in ends if end not in before])
        before = ends
    return changed


class _Article(NamedTuple):
    """One round played as its article shows it (`templates/rounds.html`)."""

    number: str
    title: str
    drawn: Markup | None
    line: str
    arms: list[tuple[str, str]]
    ends: str
    hands: list[tuple[str, str]]
    summary: str
    points: str


class _Articles:
    """Each round played as its article: its final layout drawn and named in text, its
    hands and points, and its replay's steps. An article is written once for each round
    met again with the same layout, hands and points, with its number and its steps left
    open: a long game of blocked rounds is the same round over and over, and the template
    is most of the work. Holds the last few only."""

    KEEP = 64
    NUMBER = "\x02"  # stands for the round's own while an article is kept

    def __init__(self, game: Game, w: dict[str, str], sides: list[str]) -> None:
        self.game, self.w, self.sides = game, w, sides
        self.words = SimpleNamespace(**w)
        self.drawings = _Drawings(w)
        module: Any = environment().get_template("rounds.html").module
        self.template = module.article
        listed: Any = environment().get_template("moves.html").module
        self.moves = listed.moves
        self.kept: dict[tuple[Any, ...], str] = {}
        self.listed_kept: dict[
            tuple[Any, ...], tuple[str, list[int | Fraction], list[int], list[int], list[tuple[str, int, int]]]
        ] = {}
        # Each player's points missed and plays marked by the review, as the rounds go by;
        # the first entry with a mark of each family for each player.
        self.missed = [0] * len(game.players)
        self.marked = [0] * len(game.players)
        self.first: dict[tuple[str, int], str] = {}

    def article(self, r: Round, totals: list[int | Fraction]) -> tuple[str, str]:
        """Round `r`'s article and its part of the move list (`totals` before it, carried
        on to after it)."""
        game, layout = self.game, r.layout
        hands = _hands(game, r)
        summary = hands_summary(game, r) if r.award is not None else ""
        scored = ", ".join(f"{self.sides[s]} {points(p)}" for s, p in enumerate(r.side_points(len(game.sides))) if p)
        listed = self.listed(r, totals, hands, summary)
        key = (layout.with_spinner, tuple(layout.placed), tuple(hands), summary, scored)
        made = self.kept.get(key)
        if made is None:
            title = self.w["layout"].format(number=self.NUMBER)
            drawn = self.drawings.picture(layout, f"r{self.NUMBER}", title) if layout.placed else None
            line, arms, ends = self.drawings.named(layout) if layout.placed else ("", [], "")
            a = _Article(self.NUMBER, title, drawn, line, arms, ends, hands, summary, scored)
            made = str(self.template(a, self.words))
            if len(self.kept) >= self.KEEP:
                self.kept.clear()
            self.kept[key] = made
        return made.replace(self.NUMBER, str(r.number)), listed

    def listed(self, r: Round, totals: list[int | Fraction], hands: list[tuple[str, str]], summary: str) -> str:
        """Round `r`'s part of the move list, with its steps. Written once for each round
        met again with the same moves, hands and totals before it (a long game of blocked
        rounds), its number left open, with what it adds to the players' tallies."""
        game, layout = self.game, r.layout
        last = game.winner is not None and r.number == game.current.number  # the game ended in it
        key = (tuple(r.moves), tuple(hands), summary, tuple(totals), r.start_opener, r.opener_rule, layout.with_spinner, last)
        kept = self.listed_kept.get(key)
        if kept is None:
            missed, marked = [0] * len(game.players), [0] * len(game.players)
            reviewed, best = review_tally(missed, marked, r, game.players) if r.moves else ({}, [])
            listed_why = hands_summary(game, r, with_points=False) if r.award is not None else ""
            entries, replay = round_list(game, r, totals, listed_why, hands, reviewed)
            firsts = [(m.family, m.player, e.m) for e in entries for m in e.marks]
            line_order, arm_orders = _orders(layout)
            orders = f'"line":{_json(line_order)},"arms":{_json(arm_orders)}'
            facts = round_facts(r, game.players)
            known = f'"hands":{_json(facts["hands"])},"lacks":{_json(facts["lacks"])},"best":{_json(best)}'
            if facts["shown"]:  # rare: a round without a tile shown carries no key for it
                known += f',"shown":{_json(facts["shown"])}'
            number = self.NUMBER
            steps = f'{{"round":{number},"grown":{self.drawings.growth(layout)},{orders},{known},"steps":{_json(replay)}}}'
            title = self.w["round_title"].format(number=number)
            if r.annulled is not None:
                title = _("{round}: annulled by the table ({reason}), counts nothing").format(round=title, reason=r.annulled)
            made = str(self.moves(SimpleNamespace(number=number, title=title, entries=entries), Markup(steps), self.words))
            kept = (made, list(totals), missed, marked, firsts)
            if len(self.listed_kept) >= self.KEEP:
                self.listed_kept.clear()
            self.listed_kept[key] = kept
        made, after, missed, marked, firsts = kept
        totals[:] = after
        for p in range(len(game.players)):
            self.missed[p] += missed[p]
            self.marked[p] += marked[p]
        for family, player, m in firsts:
            self.first.setdefault((family, player), f"r{r.number}m{m}")
        return made.replace(self.NUMBER, str(r.number))


SPOOLED = 1 << 16  # characters read back from the spool at a time: large strings cost memory several times over


class _Spool:
    """Text written now and read back later: an unnamed temporary file, gone with the
    process. Written a few parts at a time: each write costs."""

    def __init__(self) -> None:
        self.file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115 (read back later)
        self.made: list[str] = []

    def write(self, part: str) -> None:
        self.made.append(part)
        if len(self.made) >= 64:
            self.file.write("".join(self.made))
            self.made.clear()

    def close(self) -> None:
        # A spool cut by a full disk or a size limit still holds text to flush: closing
        # must not raise again, nor leave the flush to the interpreter's finalizer.
        with contextlib.suppress(OSError):
            self.file.close()

    def __del__(self) -> None:
        self.close()

    def read_back(self) -> Iterator[Markup]:
        self.file.write("".join(self.made))
        self.made.clear()
        self.file.seek(0)
        with self.file:
            while part := self.file.read(SPOOLED):
                yield Markup(part)  # written by the template, escaped there


def _articles(
    game: Game, w: dict[str, str], sides: list[str]
) -> tuple[SheetRows, ScoreRace, _Articles, Iterator[Markup], Iterator[Markup]]:
    """One pass over the rounds: the sheet's rows and the race taken from each round, and
    each round played written as its part of the move list and its article into two
    spools, read back when the page comes to them. The sheet and the race need every
    round: this way a folded round is laid again once, and the list and the articles, the
    largest parts of the page, are never held."""
    rows, race = SheetRows(game, read=False), ScoreRace(game, read=False, changes_only=True)
    articles = _Articles(game, w, sides)
    totals: list[int | Fraction] = [0] * len(game.sides)
    listed, written = _Spool(), _Spool()
    try:
        for r in game.rounds:
            rows.take(r)
            race.take(r)
            if r.moves or r.hands is not None:
                article, moves = articles.article(r, totals)
                written.write(article)
                listed.write(moves)
    except BaseException:
        listed.close()
        written.close()
        raise
    return rows, race, articles, listed.read_back(), written.read_back()


def context(game: Game, title: str, saved: date | None) -> dict[str, Any]:
    """Everything the page shows: the header, the sheet, the race, each round's layout,
    hands, points and replay steps (read back from the spool `_articles` wrote), and the
    words the replay's script shows. Each of the sheet's rows and the race's lines is made
    as the page is written."""
    w = words()
    values = _facts(game, title, saved, w)
    sides = values["sides"]
    rows, scores, made, listed, articles = _articles(game, w, sides)
    drawings = made.drawings
    # Each tally is a key to the player's marks of its kind: a link to the first (the
    # page's script goes to the next from the step shown).
    values["players"] = [
        SimpleNamespace(
            name=name,
            tally=tally,
            muggins=made.first.get(("muggins", p)),
            review=ngettext(
                "review: {n} marked play, {missed} below the best", "review: {n} marked plays, {missed} below the best", k
            ).format(missed=m, n=k),
            reviewed=made.first.get(("review", p)),
        )
        for p, ((name, tally), m, k) in enumerate(zip(values["players"], made.missed, made.marked))
    ]
    muggins = game.rules.muggins or rows.any_muggins
    kinds = ["play", *(["muggins"] if muggins else []), "hands", *(["penalty"] if rows.any_penalty else [])]
    sheets = [{"side": name, "rows": _sheet(rows, s, muggins), "needs": still_needs(game, s)} for s, name in enumerate(sides)]
    calls_at = [(step, side, scores.score_at(side, step)) for step, side in scores.calls]
    chart = race(*scores.kept(), scores.starts, game.target, calls_at, w["round"]) if scores.count > 1 else None
    layout: Any = environment().get_template("layout.svg").module
    return {
        **values,
        "kinds": [w[k] for k in kinds],
        "played": len(rows) > 0,
        "sheets": sheets,
        "chart": chart,
        "faces": layout.faces(sorted(drawings.faces.values(), key=lambda f: f["id"])) if drawings.faces else "",
        "rounds": articles,
        "listed": listed,
        "replay": _json(
            {"sides": sides, "players": list(game.players), "ends": {end.value: end.label for end in End}, "words": w}
        ),
    }


def page_parts(game: Game, name: str, saved: date | None = None, record: str | Carried | None = None) -> Iterator[str]:
    """The page (header, the replay with its move list, sheet, race, every round's final
    layout, and the record `record`, its text or as `Carried`, offered as NAME.toml) in
    parts, made as they are read (after one pass over the rounds): written one after
    another they are `html_page`."""
    values = context(game, page_title(game, saved), saved)
    style, script = _asset("page.css") + _asset("tiles.css"), _asset("page.js")
    policy = (
        "default-src 'none'; "
        f"style-src {csp_source(style)}; script-src {csp_source(script)}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )
    # The record's base64 in pieces (the alphabet needs no escaping): a large record's
    # whole base64, escaped and joined with the header, took five times the file.
    download = None
    if record:
        pieces = carried_pieces(record) if isinstance(record, str) else record.pieces()
        download = {"name": clean(name) + ".toml", "data": map(Markup, pieces)}
    page = (
        environment()
        .get_template("page.html")
        .generate(**values, style=Markup(style), script=Markup(script), policy=policy, download=download)
    )
    return _gathered(page)


GATHERED = 1 << 16  # characters, about, written at a time


def _gathered(parts: Iterator[str]) -> Iterator[str]:
    """`parts` joined into pieces of about GATHERED characters: the template gives many
    small ones, and each write costs; a large one (the spool's) passes as it is."""
    gathered: list[str] = []
    size = 0
    for part in parts:
        gathered.append(part)
        size += len(part)
        if size >= GATHERED:
            yield "".join(gathered)
            gathered.clear()
            size = 0
    if gathered:
        yield "".join(gathered)


def html_page(game: Game, name: str, saved: date | None = None, record: str | None = None) -> str:
    """The page of `page_parts`, whole."""
    return "".join(page_parts(game, name, saved, record))


def svg_picture(game: Game, title: str | None = None) -> str:
    """One picture for a chat message: the final standing and the last round's layout."""
    w = words()
    values = _facts(game, page_title(game, None) if title is None else clean(title), None, w)
    values["totals"] = [f"{side}: {points(game.scores[s])}" for s, side in enumerate(values["sides"])]
    r = next((r for r in reversed(game.rounds) if (r.moves or r.hands is not None) and r.layout.placed), None)
    last = {"number": r.number, "picture": layout_picture(r.layout, w["spinner"])} if r is not None else None
    return (
        environment()
        .get_template("picture.svg")
        .render(**values, last=last, style=Markup(_asset("picture.css") + _asset("tiles.css")))
    )
