"""`scorepad export`: the page read with an HTML parser (every round, every tile and pip,
the sheet's numbers, nothing remote, the CSP, hostile names as text), the SVG picture, and
export's refusals (never over a record or a file it did not write; atomic)."""

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from tests.helpers import EXAMPLES, flat, run

from scorepad import Game, parse_move
from scorepad.record.files import load
from scorepad.record.format import dumps
from scorepad.views.page.drawing import growth

DEMO = EXAMPLES / "demo.toml"


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children: list = []  # Nodes and strings

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find_all(self, tag, cls=None):
        return [n for n in self.walk() if n.tag == tag and (cls is None or cls in n.attrs.get("class", "").split())]

    def find(self, tag, cls=None):
        found = self.find_all(tag, cls)
        assert found, (tag, cls)
        return found[0]


VOID = {"meta", "link", "br", "img", "input", "hr", "area", "base", "col", "embed", "source", "track", "wbr"}
SVG_EMPTY = {"rect", "line", "circle", "polyline", "path", "use"}


class Tree(HTMLParser):
    """The page as a browser would build it: elements with their attributes and text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.at = self.root
        self.comments: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        if tag == "li" and self.at.tag == "li":  # an li ends the one before (the move list leaves out </li>)
            self.at = self.at.parent
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, attrs, self.at))

    def handle_endtag(self, tag):
        node = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.at = node.parent

    def handle_data(self, data):
        self.at.children.append(data)

    def handle_comment(self, data):
        self.comments.append(data)


def export(tmp_path, *args, name="page.html", record=DEMO):
    out = tmp_path / name
    result = run("export", out, "-f", record, *args)
    assert result.exit_code == 0, result.output
    return out, out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory):
    _out, html = export(tmp_path_factory.mktemp("page"))
    return html, Tree(html).root


def faces(page) -> dict[str, Node]:
    """The tile faces the page draws once, by id: each tile is a use of one."""
    (drawn,) = page.find_all("svg", "faces")
    return {face.attrs["id"]: face for face in drawn.find_all("g", "face")}


def test_every_round_is_drawn_with_every_tile_and_pip(demo_page):
    _html, page = demo_page
    game = load(DEMO).game
    face = faces(page)
    # Each face is a tile's box, the line between its halves and its pips: f63 lies flat
    # with 6 west, u63 upright with 6 north.
    for id, drawn in face.items():
        assert re.fullmatch(r"[fu][0-6][0-6]", id)
        assert len(drawn.find_all("rect")) == 1 and len(drawn.find_all("line")) == 1
        assert len(drawn.find_all("circle")) == int(id[1]) + int(id[2])
    articles = page.find_all("article", "round")
    assert [a.attrs["id"] for a in articles] == [f"round-{r.number}" for r in game.rounds if r.moves]
    for article, r in zip(articles, game.rounds):
        drawing = article.find("svg", "flat")
        tiles = drawing.find_all("g", "tile")
        assert len(tiles) == len(r.layout.placed)
        uses = [t.find("use").attrs["href"] for t in tiles]
        assert all(href[0] == "#" and href[1:] in face for href in uses)
        assert sum(len(face[href[1:]].find_all("circle")) for href in uses) == sum(p.tile.pips for p in r.layout.placed)
        # The face drawn is the tile named.
        assert sorted(f"{href[2]}-{href[3]}" for href in uses) == sorted(t.find("title").text()[:3] for t in tiles)
        # Each tile named in text, as the table shows it; the spinner says so.
        names = sorted(t.find("title").text() for t in tiles)
        assert len(names) == len(r.layout.placed) and all(re.fullmatch(r"\d-\d(, spinner)?", n) for n in names)
        assert sum(n.endswith("spinner") for n in names) == (r.layout.spinner is not None)
        assert sorted(n[:3] for n in names) == sorted(
            n[:3]
            for n in " ".join(p.text() for p in article.find("div", "tile-list").find_all("p")).replace(",", " ").split()
            if re.fullmatch(r"\d-\d", n[:3])
        )
        # The count at each open end, as `show` counts them.
        written = [t.text() for t in drawing.find("g", "ends").find_all("text")]
        counts = r.layout.end_counts()
        assert written == [f"{end.label} {n if end.value in 'WE' or r.layout.arm(end) else '·'}" for end, n in counts.items()]
        assert "…" not in article.text()
        hands = article.find("dl", "hands").text()
        for p in r.hands or {}:
            assert game.players[p] in hands
        assert article.find("p", "why").text()


def test_the_sheet_has_the_numbers_of_show_and_audit_json(demo_page, tmp_path):
    _html, page = demo_page
    shown = json.loads(run("show", "--json", "-f", DEMO).output)
    audit = json.loads(run("audit", "--json", DEMO).output.splitlines()[0])
    tables = page.find_all("table", "sheet")
    assert [t.find("caption").text() for t in tables] == [side[0] for side in shown["sides"]]
    for table, player in zip(tables, shown["players"]):
        assert [th.text() for th in table.find("thead").find_all("th")] == ["round", "plays", "hands", "total"]
        rows = table.find("tbody").find_all("tr")
        assert len(rows) == len(audit["rounds"])
        running = 0
        for row, round_ in zip(rows, audit["rounds"]):
            cells = [td.text() for td in row.find_all("td")]
            got = sum(int(c) for c in cells[:-1] if c != "·")
            assert got == round_["points"][player]
            running += got
            assert int(cells[-1]) == running
        assert running == shown["scores"][player]


def test_nothing_remote_and_a_csp_that_says_so(demo_page):
    _html, page = demo_page
    policy = [m.attrs["content"] for m in page.find_all("meta") if m.attrs.get("http-equiv") == "Content-Security-Policy"]
    assert len(policy) == 1
    rules = dict(rule.strip().split(" ", 1) for rule in policy[0].split(";"))
    assert rules["default-src"] == "'none'" and rules["img-src"] == "'none'"
    # The one style and the one script are allowed by their hashes, nothing else.
    (style,) = page.find_all("style")
    scripts = [s for s in page.find_all("script") if s.attrs.get("type") != "application/json"]
    assert len(scripts) == 1 and "src" not in scripts[0].attrs

    def digest(text):
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert rules["style-src"] == digest(style.text()) and rules["script-src"] == digest(scripts[0].text())
    for node in page.walk():
        for key, value in node.attrs.items():
            if key in ("src", "href", "xlink:href", "action", "srcset", "poster", "data"):
                if node.attrs.get("id") == "record" and key == "href":  # the record, held in the page: no request
                    assert value.startswith("data:application/toml;base64,") and "download" in node.attrs
                    continue
                assert (value or "").startswith("#"), (node.tag, key, value)
    assert not page.find_all("link") and not page.find_all("img") and not page.find_all("iframe")
    for text in (style.text(), scripts[0].text()):
        assert not re.search(r"url\(|@import|fetch\(|XMLHttpRequest|WebSocket|import\(|https?://(?!www\.w3\.org/2000/svg)", text)
    # Without scripts the board and its buttons stay hidden; the move list, the sheet and
    # the layouts are there.
    assert "hidden" in page.find("div", "stage").attrs and page.find("nav", "moves").find_all("li")


def carried(changed):
    """The open ends after each tile, from the ends each tile changed (as page.js reads them)."""
    ends, grown = [], []
    for step in changed:
        ends = list(ends)
        for end in step:
            at = next((i for i, before in enumerate(ends) if before[0] == end[0]), None)
            if at is None:
                ends.append(end)
            else:
                ends[at] = end
        grown.append(ends)
    return grown


def test_the_replay_has_every_move_of_every_round(demo_page):
    """The move list has a part for each round: an entry for every move and one for the
    hands, each an element with its address as id and a link to it; and the round's steps
    (before the lead, after each move, after the hands: the tiles on the table then, the
    totals when they changed) with the layout after each tile."""
    _html, page = demo_page
    game = load(DEMO).game
    (nav,) = page.find_all("nav", "moves")
    parts = nav.find_all("section", "list-round")
    articles = page.find_all("article", "round")
    totals = None
    assert len(parts) == len(articles) == len(game.rounds)
    for part, article, r in zip(parts, articles, game.rounds, strict=True):
        entries = part.find("ol").find_all("li")
        assert [e.attrs["id"] for e in entries] == [f"r{r.number}m{m}" for m in range(1, len(r.moves) + 1)]
        assert [e.find("a").attrs["href"] for e in entries] == [f"#r{r.number}m{m}" for m in range(1, len(r.moves) + 1)]
        assert [e.find("a").text() for e in entries] == [str(m) for m in r.moves]
        # A span.marks only where there are marks: an empty one on every move was 27 KB of a long game's page.
        assert all(not e.find_all("span", "marks") or e.find_all("span", "mark") for e in entries)
        hands = part.find_all("p", "hands")
        assert [h.attrs["id"] for h in hands] == ([f"r{r.number}m{len(r.moves) + 1}"] if r.hands is not None else [])
        (script,) = part.find_all("script")
        assert script.attrs == {"type": "application/json", "class": "steps"}
        replay = json.loads(script.text())
        assert replay["round"] == r.number
        steps = replay["steps"]
        assert len(steps) == len(r.moves) + 1 + (r.hands is not None)
        assert [s[0] for s in steps[1 : len(r.moves) + 1]] == [
            sum(1 for m in r.moves[: i + 1] if hasattr(m, "tile")) for i in range(len(r.moves))
        ]
        assert steps[-1][0] == len(r.layout.placed) == len(replay["grown"])
        assert steps[0][1] == (totals or [0] * len(game.sides))  # the totals before the lead
        for step in steps:
            if step[1]:
                totals = step[1]
        assert (steps[-1][5:] == [1]) == (r.hands is not None)
        assert steps[-1][2] == r.hand_sizes and steps[-1][3] == r.boneyard
        # Each tile carries the ends it changed; carried over as the script does, they are
        # the ends after every tile, and after the last the final layout's drawn beneath.
        grown = carried(replay["grown"])
        assert grown == [step[4] for step in growth(r.layout)]
        drawn = article.find("svg", "flat")
        assert [f"{end} {count}" for end, count, _x, _y in grown[-1]] == [
            t.text() for t in drawn.find("g", "ends").find_all("text")
        ]
    assert [str(t) for t in totals] == [str(s) for s in game.scores]
    data = json.loads(next(s for s in page.find_all("script") if s.attrs.get("id") == "replay-data").text())
    assert data["sides"] == ["Ann", "Bob", "Cy"] and data["words"]["replay"] == "Replay"


def test_language_and_words_follow_lang(tmp_path):
    _out, html = export(tmp_path)
    assert '<html lang="en">' in html and "Score sheet" in html
    result = run("--lang", "de", "export", tmp_path / "de.html", "-f", DEMO)
    assert result.exit_code == 0, result.output
    german = (tmp_path / "de.html").read_text(encoding="utf-8")
    page = Tree(german).root
    assert page.find("html").attrs["lang"] == "de"
    assert (
        "Score sheet" not in german
        and "Punkte" in next(s for s in page.find_all("section") if s.attrs.get("id") == "sheet").text()
    )


@pytest.mark.parametrize(("lang", "blocked", "domino"), [("en", "blocked", "domino by"), ("de", "gesperrt", "Domino gemacht")])
def test_a_rounds_end_and_points_are_said_once(tmp_path, lang, blocked, domino):
    """The two-ends example's round 2 is blocked, Bob holding the fewest pips: the reason
    names the block itself, and the move list shows the points beside it already."""
    out = tmp_path / f"{lang}.html"
    assert run("--lang", lang, "export", out, "-f", EXAMPLES / "two-ends.toml").exit_code == 0
    page = Tree(out.read_text(encoding="utf-8")).root
    listed = {p.attrs["id"]: p for p in page.find_all("p", "hands")}
    whys = [p.text() for p in page.find_all("p", "why")]
    assert listed["r2m31"].find("b").text() == "Bob +15"
    assert listed["r2m31"].find("i").text().startswith(f"{blocked}, Bob ")
    assert whys[1].startswith(f"Bob +15: {blocked}, Bob ")
    assert whys[0].startswith(f"{domino} Bob; Bob +15: " if lang == "en" else f"Bob hat {domino}; Bob +15: ")
    for text in [p.text() for p in listed.values()] + whys:
        won = re.findall(r"\S+ \+[\d½]+", text)
        assert text.count(blocked) <= 1 and len(won) == len(set(won)), text


def hostile_record(tmp_path, name):
    game = Game(["<script>alert(1)</script>", "<img src onerror>"], opener="<script>alert(1)</script>")
    for move in ("<script>alert(1)</script>: 6-6", "<img src onerror>: 6-4 E", "<script>alert(1)</script>: 6-1 W"):
        game.push(parse_move(move))
    record = tmp_path / name
    record.write_text(dumps(game), encoding="utf-8")
    return record


@pytest.mark.parametrize("kind", ["html", "svg"])
def test_hostile_names_are_text(tmp_path, kind):
    record = hostile_record(tmp_path, "evil\u202e\u2066lmth.\x1b[31m.toml")
    _out, text = export(tmp_path, name=f"out.{kind}", record=record)
    # No character of the file name reaches the page raw: each shows as its escape (in
    # the name the record is offered under).
    assert "\u202e" not in text and "\u2066" not in text and "\x1b" not in text
    assert kind == "svg" or ("\\u202e" in text and "\\x1b" in text)
    assert "<script>alert" not in text and "<img src" not in text
    if kind == "svg":
        svg = ElementTree.fromstring(text)
        words = "".join(svg.itertext())
        assert "<script>alert(1)</script>" in words and "<img src onerror>" in words
        assert not [e for e in svg.iter() if e.tag.endswith("script") or e.tag.endswith("image")]
        return
    page = Tree(text).root
    # Data only, but the page's own script: the round's steps, the replay's words.
    scripts = page.find_all("script")
    assert [(s.attrs.get("type"), s.attrs.get("class") or s.attrs.get("id")) for s in scripts] == [
        ("application/json", "steps"),
        ("application/json", "replay-data"),
        (None, None),
    ]
    assert not page.find_all("img")
    assert "<script>alert(1)</script>" in page.find("header").text()
    assert "<img src onerror>" in page.find("table").find("caption").text() or "<img src onerror>" in page.text()
    steps, words = (s.text() for s in scripts[:2])
    assert "</" not in steps and "</" not in words
    assert json.loads(words)["sides"] == ["<script>alert(1)</script>", "<img src onerror>"]
    assert [entry.find("a").text() for entry in page.find("nav").find_all("li")] == [
        "<script>alert(1)</script>: 6-6",
        "<img src onerror>: 6-4 E",
        "<script>alert(1)</script>: 6-1 W",
    ]


def test_svg_picture_is_the_standing_and_the_last_layout(tmp_path):
    _out, svg = export(tmp_path, name="demo.svg")
    assert svg.startswith("<!-- written by scorepad export")
    root = ElementTree.fromstring(svg)
    words = " ".join("".join(root.itertext()).split())
    assert "Bob won: Ann 50, Bob 125, Cy 85" in words and "Round 5: the final layout" in words
    last = load(DEMO).game.rounds[-1]
    ns = "{http://www.w3.org/2000/svg}"
    tiles = [g for g in root.iter(f"{ns}g") if "tile" in g.get("class", "").split()]
    assert len(tiles) == len(last.layout.placed)
    assert sum(len(list(g.iter(f"{ns}circle"))) for g in tiles) == sum(p.tile.pips for p in last.layout.placed)
    assert not re.search(r"url\(|href=\"(?!#)|https?://(?!www\.w3\.org/2000/svg)", svg)


def test_the_demo_page_is_small(demo_page):
    html, _page = demo_page
    assert len(html.encode("utf-8")) < 250 * 1024


def test_a_page_written_over_is_said_to_be_replaced(tmp_path, monkeypatch):
    """Export may write over a page it wrote (perhaps another game's): it says so."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann").exit_code == 0
    assert run("export", "page.html", width=100).output.startswith("Wrote page.html (HTML, ")
    assert run("export", "page.html", width=100).output.startswith("Replaced page.html (HTML, ")
    assert run("--lang", "de", "export", "page.html", width=100).output.startswith("page.html ersetzt (HTML, ")


def test_a_game_not_yet_started(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann").exit_code == 0
    result = run("export", "page.html", width=100)
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"Wrote page\.html \(HTML, \d+ KB\): 0 rounds, round 1 begun, Ann, Bob\n", result.output)
    page = Tree((tmp_path / "page.html").read_text(encoding="utf-8")).root
    assert "(no moves yet)" in page.text() and "being played, round 1:" in page.text()
    assert run("play", "5-5").exit_code == 0
    result = run("export", "page.svg", width=100)
    assert re.fullmatch(r"Wrote page\.svg \(SVG, \d+ KB\): 1 round, Ann, Bob\n", result.output)


@pytest.mark.parametrize(
    ("lang", "begun", "header"),
    [("en", "1 round, round 2 begun", "being played, round 2:"), ("de", "1 Runde, Runde 2 begonnen", "Runde 2")],
)
def test_a_round_dealt_but_not_led_is_counted_as_the_page_shows_it(tmp_path, monkeypatch, lang, begun, header):
    """Round 1 over and its hands in, round 2 dealt and nobody has led it: the page's header
    says round 2 is being played, its list and layouts hold round 1 alone; export and import
    say both."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    for args in (("new", "--players", "Ann,Bob", "--opener", "Ann", "--deal", "1,7,5"), ("play", "64"), ("hands", "Bob=1-2")):
        assert run(*args).exit_code == 0
    result = run("export", "page.html", width=100, lang=lang)
    assert result.exit_code == 0 and f"KB): {begun}, Ann, Bob\n" in result.output, result.output
    page = Tree((tmp_path / "page.html").read_text(encoding="utf-8")).root
    assert header in page.find("header").text()
    assert [h.text() for h in page.find_all("h3") if h.attrs.get("id", "").endswith("m0")] == [
        "Round 1" if lang == "en" else "Runde 1"
    ]
    said = run("import", "page.html", "-f", "back.toml", width=100, lang=lang)
    assert said.exit_code == 0 and f": {begun}, Ann, Bob\n" in said.output, said.output
    assert run("play", "11").exit_code == 0
    assert "KB): 2 rounds, Ann, Bob\n" in run("export", "page.html", width=100).output


# --- export never destroys anything -----------------------------------------------------------


def export_refused(args, out: Path, message: str):
    before = out.read_bytes() if out.is_file() else None
    result = run("export", *args, width=200)
    assert result.exit_code == 2, result.output
    assert message in flat(result.output) and "Traceback" not in result.output
    assert (out.read_bytes() if out.is_file() else None) == before
    assert not [p for p in out.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.fixture
def record(tmp_path):
    copy = tmp_path / "tonight.toml"
    copy.write_bytes(DEMO.read_bytes())
    return copy


def test_export_never_writes_over_the_record(tmp_path, record):
    export_refused([record, "-f", record], record, "ends in .toml")
    export_refused([record, "--html", "--force", "-f", record], record, "ends in .toml")
    link = tmp_path / "page.html"
    link.symlink_to(record)
    export_refused([link, "-f", record], record, "is the game record itself")
    export_refused([link, "--force", "-f", record], record, "is the game record itself")
    hard = tmp_path / "hard.html"
    os.link(record, hard)
    export_refused([hard, "--force", "-f", record], record, "is the game record itself")


def test_export_never_writes_over_another_record(tmp_path, record):
    other = tmp_path / "club.html"
    other.write_bytes(DEMO.read_bytes())  # a record under any name
    export_refused([other, "--force", "-f", record], other, "is a scorepad record")


def test_forgetting_f_destroys_nothing(tmp_path, record, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    export_refused(["tonight.toml"], record, "ends in .toml")  # no scorepad.toml here either
    (tmp_path / "scorepad.toml").write_bytes(DEMO.read_bytes())
    export_refused(["tonight.toml"], record, "ends in .toml")
    export_refused(["tonight.toml", "--html"], record, "ends in .toml")


def test_export_writes_over_its_own_page_only(tmp_path, record):
    notes = tmp_path / "notes.html"
    notes.write_text("<p>my notes</p>\n", encoding="utf-8")
    export_refused([notes, "-f", record], notes, "was not written by scorepad export")
    out = tmp_path / "page.html"
    assert run("export", out, "-f", record).exit_code == 0
    assert run("export", out, "-f", record).exit_code == 0  # its own page: replaced
    assert run("export", out, "--svg", "-f", record).exit_code == 0
    assert run("export", notes, "--force", "-f", record).exit_code == 0  # asked for
    assert notes.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.html", "page.html", "tonight.toml"]


def test_export_refuses_folders_and_dangling_links(tmp_path, record):
    folder = tmp_path / "pages"
    folder.mkdir()
    export_refused([folder, "--force", "-f", record], folder, "is a folder")
    dangling = tmp_path / "gone.html"
    dangling.symlink_to(tmp_path / "nothing-here.html")
    export_refused([dangling, "--force", "-f", record], dangling, "is a link to nothing")
    assert not (tmp_path / "nothing-here.html").exists()
    export_refused([tmp_path / "x.html", "--html", "--svg", "-f", record], tmp_path / "x.html", "choose one")


def test_a_failed_export_leaves_the_old_file_whole(tmp_path, record):
    """A file-size limit stops the write half-way: the old page stays as it was, and no
    temporary file is left behind."""
    out = tmp_path / "page.html"
    old = "<!-- written by scorepad export; scorepad may write over this file -->\n<p>the old page</p>\n"
    out.write_text(old, encoding="utf-8")
    code = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
        "from scorepad.cli.app import main\n"
        "sys.argv = ['scorepad', 'export', sys.argv[1], '-f', sys.argv[2]]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(out), str(record)], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert "cannot write" in done.stderr and "Traceback" not in done.stderr
    assert out.read_text(encoding="utf-8") == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html", "tonight.toml"]


def test_a_record_whose_name_is_not_utf8(tmp_path):
    name = os.fsdecode(b"caf\xe9\xff.toml")
    record = tmp_path / name
    record.write_bytes(DEMO.read_bytes())
    out = tmp_path / os.fsdecode(b"page\xe9.html")
    result = run("export", out, "-f", record, width=200)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    html = out.read_text(encoding="utf-8")
    assert 'download="caf\\udce9\\udcff.toml"' in html


# export's memory: the traced peak of the command as a process of its own, less that of the
# same command on a record of one round (the modules and templates): what the record adds.
TRACED_EXPORT = (
    "import sys, tracemalloc\n"
    "tracemalloc.start()\n"
    "from scorepad.start import main\n"
    "sys.argv = ['scorepad', 'export', sys.argv[1], '-f', sys.argv[2]]\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as end:\n"
    "    assert not end.code, end.code\n"
    "print(tracemalloc.get_traced_memory()[1], file=sys.stderr)\n"
)


def _traced_export(record: Path, page: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", TRACED_EXPORT, str(page), str(record)],
        capture_output=True,
        text=True,
        env={**os.environ, "SCOREPAD_LANG": "en", "COLUMNS": "80"},
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return int(done.stderr.split()[-1])


@pytest.mark.slow
def test_export_of_a_large_record_holds_little_more_than_its_text(tmp_path):
    """A record of 2 MB of blocked rounds: its text, read, then put aside as the page will
    carry it, the game, and the page made and written a part at a time, never the whole
    base64 of the record nor the race at every step."""
    from tests.helpers import blocked_rounds

    one, large = tmp_path / "one.toml", tmp_path / "large.toml"
    one.write_text(blocked_rounds(1), encoding="utf-8")
    large.write_text(blocked_rounds(14_000), encoding="utf-8")
    size = large.stat().st_size
    added = _traced_export(large, tmp_path / "large.html") - _traced_export(one, tmp_path / "one.html")
    assert (tmp_path / "large.html").read_bytes().startswith(b"<!DOCTYPE html>")
    assert added < 2 * size, added / size
