"""The exported page as a domino reader uses it, in headless Chromium at a phone's and a
desktop's width: where it opens and where a link lands, the race's labels whole, the keys
that keep the focus on the replay, the mark keys, the tile just placed, the round's score
in the move list. Skipped, saying so, where Chromium is not installed."""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest
from tests.helpers import EXAMPLES, ok
from tests.helpers import careless_muggins_game as long_game

from scorepad.engine.notation import Play
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.files import load
from scorepad.record.format import dumps

pytestmark = pytest.mark.slow  # a browser started for the page

SIZES = [(360, 740), (1280, 800)]


def ended_on_a_lead():
    """Two players to 61: the game is won by the lead of its third round."""
    game = play_game(["Ann", "Bob"], Rules.from_options("pagat", target=61), random.Random(1))
    last = game.rounds[-1]
    assert game.winner is not None and len(last.moves) == 1 and isinstance(last.moves[0], Play)
    return game


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reader")
    made = {}
    games = {"long": dumps(long_game()), "lead": dumps(ended_on_a_lead())}
    for name, text in games.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    for name in ("demo", "muggins"):
        (folder / f"{name}.toml").write_bytes((EXAMPLES / f"{name}.toml").read_bytes())
    for name in (*games, "demo", "muggins"):
        ok("export", folder / f"{name}.html", "-f", folder / f"{name}.toml")
        made[name] = ((folder / f"{name}.html").as_uri(), folder / f"{name}.toml")
    return made


CURRENT_IN_VIEW = """(() => { const list = document.querySelector('nav.moves'), now = list.querySelector('.current');
  const a = list.getBoundingClientRect(), b = now.getBoundingClientRect();
  return [now.id, b.top >= a.top - 0.5 && b.bottom <= a.bottom + 0.5]; })()"""


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("name", ["long", "demo", "muggins"])
def test_opened_without_an_address_the_current_move_is_in_the_list_s_view(browser, pages, name, width, height):
    url, record = pages[name]
    browser.open(url, width, height)
    # On a phone the list is under the board: the reader scrolls down to it.
    browser.evaluate("document.querySelector('nav.moves').scrollIntoView()")
    # The page looks for the entry over a few frames, as the rounds near it are laid out:
    # wait until it is in view, or, on a machine busy with other work, five seconds.
    browser.evaluate(f"""new Promise((done) => {{ const end = Date.now() + 5000;
      (function look() {{ if ({CURRENT_IN_VIEW}[1] || Date.now() > end) done(); else setTimeout(look, 50); }})(); }})""")
    last = load(record).game.rounds
    current, inside = browser.evaluate(CURRENT_IN_VIEW)
    assert current.startswith(f"r{max(r.number for r in last if r.moves)}m") and inside


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_move_link_opens_with_the_board_on_screen(browser, pages, width, height):
    url, _record = pages["long"]
    browser.open(url + "#r20m5", width, height)
    # As the page is read and after: the browser does not scroll to the entry of the list.
    for _ in range(2):
        where = browser.evaluate(
            "(() => { const b = document.querySelector('#replay .board svg').getBoundingClientRect();"
            " return [scrollY, b.top >= 0 && b.top < innerHeight, location.hash]; })()"
        )
        assert where == [0, True, "#r20m5"]
        browser.evaluate("new Promise((done) => setTimeout(done, 300))")
    current, inside = browser.evaluate(CURRENT_IN_VIEW)
    assert current == "r20m5" and (inside or width < 600)


def test_a_game_won_by_a_lead_opens_on_the_round_before_s_end(browser, pages):
    url, record = pages["lead"]
    game = load(record).game
    before = game.rounds[-2]
    for width, height in SIZES:
        browser.open(url, width, height)
        assert browser.evaluate("document.querySelector('#replay .where').textContent") == f"Round {before.number}: the hands"
        tiles = browser.evaluate("document.querySelectorAll('#replay g.tile[visibility=visible]').length")
        assert tiles == len(before.layout.placed) > 1


AXIS = """(() => { const c = document.querySelector('svg.race').getBoundingClientRect();
  return [...document.querySelectorAll('svg.race text.axis')].filter(t => t.getAttribute('visibility') !== 'hidden')
    .map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left >= c.left - 0.5, r.top, r.bottom]; }); })()"""


@pytest.mark.parametrize("text", [16, 32])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_race_s_scores_are_whole_and_apart(browser, pages, width, height, text):
    """At 360 px "200" read ".00", and with the text at 200 % the labels were "0 0 0 0"."""
    url, _record = pages["long"]
    browser.call("Page.setFontSizes", session=True, fontSizes={"standard": text, "fixed": 13})
    try:
        browser.open(url, width, height)
        browser.evaluate("document.getElementById('race').scrollIntoView()")
        browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shown = browser.evaluate(AXIS)
    finally:
        browser.call("Page.setFontSizes", session=True, fontSizes={"standard": 16, "fixed": 13})
    shown.sort(key=lambda label: label[2])  # from the top down
    assert len(shown) >= 3 and shown[0][0] == "100000"
    assert all(whole for _label, whole, _top, _bottom in shown)
    assert all(a[3] <= b[2] + 0.5 for a, b in pairwise(shown)), shown


KEY = "document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: '%s', bubbles: true}))"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_home_and_end_keep_the_focus_on_the_replay_s_buttons(browser, pages, width, height):
    url, record = pages["demo"]
    game = load(record).game
    browser.open(url, width, height)
    browser.evaluate("document.querySelector('[data-go=first]').click()")
    browser.evaluate("document.querySelector('[data-go=round-forward]').focus()")
    browser.evaluate(KEY % "End")
    last = game.rounds[-1]
    assert browser.evaluate("location.hash") == f"#r{last.number}m{len(last.moves) + 1}"
    assert browser.evaluate("document.activeElement.dataset.go") == "play"
    browser.evaluate(KEY % "Home")
    assert browser.evaluate("location.hash") == "#r1m0"
    assert browser.evaluate("document.activeElement.dataset.go") == "play"
    browser.evaluate(KEY % "End")
    assert browser.evaluate("[location.hash, scrollY]") == [f"#r{last.number}m{len(last.moves) + 1}", 0]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_mark_buttons_go_through_every_mark_and_rest_where_there_is_none(browser, pages, width, height):
    """The demo plays without muggins: its marks are the review's alone."""
    url, _record = pages["demo"]
    browser.open(url, width, height)
    marks = browser.evaluate("[...document.querySelectorAll('nav.moves .mark')].map(m => '#' + m.closest('[id]').id)")
    assert marks and browser.evaluate("document.querySelectorAll('nav.moves .mark.muggins').length") == 0
    browser.evaluate("document.querySelector('[data-go=first]').click()")
    disabled = "[...document.querySelectorAll('[data-go^=mark]')].filter(b => b.disabled).map(b => b.dataset.go)"
    assert browser.evaluate(disabled) == ["mark-back"]
    seen = []
    while not browser.evaluate("document.querySelector('[data-go=mark-forward]').disabled"):
        browser.evaluate("document.querySelector('[data-go=mark-forward]').click()")
        seen.append(browser.evaluate("location.hash"))
    assert seen == list(dict.fromkeys(marks))
    assert browser.evaluate(disabled) == ["mark-forward"]


def test_a_player_s_tally_goes_to_that_player_s_next_mark(browser, pages):
    url, _record = pages["muggins"]
    browser.open(url, 360, 740)
    browser.evaluate("document.querySelector('[data-go=first]').click()")
    checked = 0
    for kind, key in (("muggins", "a.tally"), ("review", "a.review-tally")):
        for p in range(2):
            marks = browser.evaluate(
                f"[...document.querySelectorAll('nav.moves .mark.{kind}.p{p}')].map(m => '#' + m.closest('[id]').id)"
            )
            marks = list(dict.fromkeys(marks))
            if not marks:
                continue
            browser.evaluate("document.querySelector('[data-go=first]').click()")
            seen = []
            for _ in range(min(len(marks), 4) + 1):
                browser.evaluate(f"document.querySelectorAll('header .players li')[{p}].querySelector('{key}').click()")
                seen.append(browser.evaluate("location.hash"))
            # Each in turn, and after the last the first again.
            expected = [*marks[:4], marks[0]] if len(marks) <= 4 else marks[:5]
            assert seen == expected
            assert browser.evaluate("document.querySelector('#replay .board').getBoundingClientRect().top") < 740
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_spinner_just_placed_shows_as_just_placed(browser, pages, width, height):
    url, record = pages["long"]
    game = load(record).game
    r = next(r for r in game.rounds if any(p.spinner for p in r.layout.placed[1:]))
    order = next(i for i, p in enumerate(r.layout.placed) if p.spinner)
    m = [i for i, move in enumerate(r.moves, 1) if isinstance(move, Play)][order]
    browser.open(url + f"#r{r.number}m{m}", width, height)
    edges = browser.evaluate(
        "(() => { const t = document.querySelector('#replay g.tile.just'), style = getComputedStyle(t);"
        " return [t.classList.contains('spinner'), style.getPropertyValue('--edge').trim(),"
        " style.getPropertyValue('--count').trim()]; })()"
    )
    assert edges[0] is True and edges[1] == edges[2]


def test_each_round_ends_in_the_list_with_its_points_and_the_score(tmp_path):
    out = tmp_path / "demo.html"
    ok("export", out, "-f", EXAMPLES / "demo.toml")
    html = out.read_text(encoding="utf-8")
    ends = re.findall(r'<p class="hands" id="(r\dm\d+)">.*?<span class=score>([^<]*)</span>', html)
    assert ends[:2] == [
        ("r1m21", "round: Ann 15, Bob 55, Cy 10; score: Ann 15, Bob 55, Cy 10"),
        ("r2m22", "round: Ann 15, Bob 10, Cy 35; score: Ann 30, Bob 65, Cy 45"),
    ]
    game = load(EXAMPLES / "demo.toml").game
    final = ", ".join(f"{name} {game.scores[s]}" for s, name in enumerate(game.players))
    assert ends[-1][1].endswith(f"; score: {final}")


def test_an_entry_without_marks_carries_no_empty_element(tmp_path):
    out = tmp_path / "demo.html"
    ok("export", out, "-f", EXAMPLES / "muggins.toml")
    html = out.read_text(encoding="utf-8")
    assert "<span class=marks></span>" not in html and "<span class=marks><span" in html


def test_the_help_names_every_key(tmp_path):
    out = tmp_path / "demo.html"
    ok("export", out, "-f", EXAMPLES / "demo.toml")
    help_text = re.search(r'<details class="help">(.*?)</details>', out.read_text(encoding="utf-8")).group(1)
    for key in ("Arrow keys", "Page Up", "Home", "M and Shift+M", "R and Shift+R", "P:"):
        assert key in help_text


def test_the_header_says_missed_once(tmp_path):
    """The muggins tally and the review's count different things: they are worded apart."""
    out = tmp_path / "demo.html"
    ok("export", out, "-f", EXAMPLES / "muggins.toml")
    header = re.search(r"<header>.*?</header>", out.read_text(encoding="utf-8"), re.DOTALL).group(0)
    for li in re.findall(r"<li.*?</li>", header):
        assert len(re.findall(r"missed", li)) <= 1, li


TRACKED = (
    "[...document.querySelectorAll('#replay .best, #replay .known, .tracker summary, .tracker .out, .tracker .lacks li')]"
    ".map(e => e.textContent)"
)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_known_hands_and_the_tracker_of_the_demo_s_round_2(browser, pages, width, height):
    """docs/review.md's worked example: Bob drew 2 at 2.10, so at 2.1 only the tiles he
    played before it are known; from 2.11 on his whole hand is."""
    url, _record = pages["demo"]
    browser.open(url + "#r2m1", width, height)
    assert browser.evaluate(TRACKED) == [
        "Best of the tiles known: 5-1 for 0",  # as good, and it would have left Cy less
        (
            "Known held: Ann 3-0 4-1 5-0 3-2 6-1 6-3 5-5 (the whole hand) · Bob 5-1 2-1 (2 of 6)"
            " · Cy 6-5 3-1 4-0 2-2 2-0 4-2 6-2 (the whole hand)"
        ),
        "Tiles: 1 on the table, 16 known held, 11 unseen",
        "On the table, of the 7 with each number: 0: 1 · 1: 0 · 2: 0 · 3: 0 · 4: 0 · 5: 0 · 6: 1",
    ]
    browser.open(url + "#r2m11", width, height)
    assert browser.evaluate(TRACKED) == [
        "Best of the whole hand: 5-4 E for 0",
        (
            "Known held: Ann 3-2 6-1 6-3 5-5 (the whole hand) · Bob 6-4 1-0 0-0 6-6 4-3 (the whole hand)"
            " · Cy 2-2 2-0 4-2 6-2 (the whole hand)"
        ),
        "Tiles: 10 on the table, 13 known held, 5 unseen",
        "On the table, of the 7 with each number: 0: 4 · 1: 4 · 2: 1 · 3: 2 · 4: 3 · 5: 4 · 6: 2",
        "Bob drew on 2 | 5: held no 2 and no 5",
    ]
    # The 28 tiles: on the table, known held (in the holder's colour), unseen (the boneyard).
    kinds = browser.evaluate("[...document.querySelectorAll('.all-tiles span')].map(s => s.className.split(' ')[0])")
    assert (len(kinds), kinds.count("on"), kinds.count("held"), kinds.count("unseen")) == (28, 10, 13, 5)
    # At the hands, each hand left is drawn as tiles: Ann's 5-5, Bob's 6-6 4-3.
    browser.open(url + "#r2m22", width, height)
    drawn = browser.evaluate(
        "[...document.querySelectorAll('#replay .hand-tiles p')].map(p => [p.textContent.trim(),"
        " [...p.querySelectorAll('g.tile')].map(t => t.querySelectorAll('circle').length)])"
    )
    assert drawn == [["Ann", [10]], ["Bob", [12, 7]]]
    assert browser.errors == []


def test_the_review_s_marks_stand_on_the_race(browser, pages):
    url, _record = pages["muggins"]
    browser.open(url, 1280, 800)
    marks = browser.evaluate("document.querySelectorAll('nav.moves .mark.review').length")
    ticks = browser.evaluate("[...document.querySelectorAll('svg.race path.review-tick')].map(t => t.textContent)")
    assert marks and len(ticks) == marks and all(t.startswith("review mark: ") for t in ticks)
