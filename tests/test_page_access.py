"""The exported page for everyone: no axe-core violation (light and dark, a phone's and
a desktop's width, the first, a middle and the last step), nothing off the side at 360
pixels with text at 200 %, the board named for screen readers as the final layouts are,
the race's labels readable, the race and autoplay as ways to move. In headless Chromium;
axe-core comes from npm at a pinned version into a cache folder of the tests. Each part
skips, saying why, when Chromium, npm or the package cannot be had."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from itertools import pairwise
from pathlib import Path

import pytest
from tests.helpers import EXAMPLES, HUNG, ok
from tests.helpers import careless_muggins_game as long_game

from scorepad.record.files import load
from scorepad.record.format import dumps

AXE_VERSION = "4.10.3"
CACHE = Path(__file__).parent / ".cache" / f"axe-core-{AXE_VERSION}"
NAMES = sorted(p.name for p in EXAMPLES.glob("*.toml"))


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script, installed once into the tests' cache folder."""
    script = CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip(f"npm is not installed: axe-core {AXE_VERSION} cannot be had, the page is not checked by it")
        done = subprocess.run(
            [npm, "install", "--prefix", str(CACHE), f"axe-core@{AXE_VERSION}", "--no-save", "--no-audit", "--no-fund"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0 or not script.exists():
            pytest.skip(f"axe-core {AXE_VERSION} could not be installed from npm: {done.stderr.strip()[-300:]}")
    return script.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("access")
    record = folder / "long.toml"
    record.write_text(dumps(long_game()), encoding="utf-8")
    made = {}
    for name, path in [*((n, EXAMPLES / n) for n in NAMES), ("long.toml", record)]:
        out = folder / f"{name}.html"
        ok("export", out, "-f", path)
        made[name] = (out.as_uri(), load(path).game)
    return made


def middle(game) -> str:
    r = game.rounds[len(game.rounds) // 2]
    return f"#r{r.number}m{max(1, len(r.moves) // 2)}"


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [412, 1280])
@pytest.mark.parametrize("name", ["demo.toml", "muggins.toml", "pagat-partners.toml", "long.toml"])
def test_axe_finds_no_violation(browser, axe, pages, name, width, scheme):
    url, game = pages[name]
    found = {}
    for where in ("first", middle(game), "last"):
        browser.open(url + (where if where.startswith("#") else ""), width, 800)
        browser.call("Emulation.setEmulatedMedia", session=True, features=[{"name": "prefers-color-scheme", "value": scheme}])
        if not where.startswith("#"):
            browser.evaluate(f"document.querySelector('[data-go={where}]').click()")
        browser.evaluate(axe)
        violations = browser.evaluate(
            "axe.run(document).then(r => r.violations.map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' '))]))"
        )
        if violations:
            found[where] = violations
    browser.call("Emulation.setEmulatedMedia", session=True, features=[])
    assert found == {}, json.dumps(found)[:2000]


OFF_THE_SIDE = """[...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect();
  if (r.width <= 1 || (r.right <= innerWidth + 0.5 && r.left >= -0.5)) return false;
  for (let up = e.parentElement; up; up = up.parentElement) {  // inside a box that scrolls: its own
    if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return false;
  }
  return true;
}).map(e => e.tagName + '.' + e.getAttribute('class'))"""


@pytest.mark.slow
@pytest.mark.parametrize("name", [*NAMES, "long.toml"])
def test_nothing_runs_off_the_side_at_360_with_text_at_200_percent(browser, pages, name):
    url, _game = pages[name]
    browser.call("Page.setFontSizes", session=True, fontSizes={"standard": 32, "fixed": 26})
    try:
        for where in ("", "#r1m1"):
            browser.open(url + where, 360, 740)
            assert browser.evaluate("getComputedStyle(document.body).fontSize") == "32px"
            assert browser.evaluate("document.documentElement.scrollWidth") <= 360
            assert browser.evaluate(OFF_THE_SIDE) == []
    finally:
        browser.call("Page.setFontSizes", session=True, fontSizes={"standard": 16, "fixed": 13})


LABELS = """(() => { const c = document.querySelector('svg.race'); const scale = c.clientWidth / c.viewBox.baseVal.width;
  return [...c.querySelectorAll('text')].filter(t => t.getAttribute('visibility') !== 'hidden')
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale); })()"""


def test_the_race_labels_are_12_pixels_at_least_and_follow_the_text_size(browser, pages):
    url, _game = pages["long.toml"]
    browser.open(url, 360, 740)
    sizes = browser.evaluate(LABELS)
    assert sizes and min(sizes) >= 12 - 0.01
    browser.call("Page.setFontSizes", session=True, fontSizes={"standard": 32, "fixed": 26})
    try:
        browser.open(url, 360, 740)
        assert min(browser.evaluate(LABELS)) >= 24 - 0.01
    finally:
        browser.call("Page.setFontSizes", session=True, fontSizes={"standard": 16, "fixed": 13})
    # No round's name runs into the next one.
    boxes = browser.evaluate(
        "[...document.querySelectorAll('svg.race text.round-name')].filter(t => t.getAttribute('visibility') !== 'hidden')"
        ".map(t => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert all(a[1] <= b[0] for a, b in pairwise(boxes))


def test_the_race_marks_the_step_and_a_click_goes_there(browser, pages):
    url, game = pages["demo.toml"]
    browser.open(url + "#r2m5", 1280, 800)
    marker = "(() => { const l = document.querySelector('svg.race line.now'); return [l.getAttribute('visibility'), Number(l.getAttribute('x1'))]; })()"
    shown, x = browser.evaluate(marker)
    assert shown == "visible"
    browser.evaluate("document.querySelector('[data-go=forward]').click()")
    assert browser.evaluate(marker)[1] > x
    # A click a third of the way along the chart: the step there, its address, its marker.
    spot = browser.evaluate(
        "(() => { const c = document.querySelector('svg.race'); c.scrollIntoView(); const r = c.getBoundingClientRect();"
        " const s = r.width / c.viewBox.baseVal.width; const left = Number(c.dataset.left) * s, right = Number(c.dataset.right) * s;"
        " return [r.left + left + (right - left) / 3, r.top + r.height / 2]; })()"
    )
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", session=True, type=kind, x=spot[0], y=spot[1], button="left", clickCount=1)
    steps = 1 + sum(len(r.moves) + (r.hands is not None) for r in game.rounds)
    third = round((steps - 1) / 3)
    seen = 0
    for r in game.rounds:
        n = len(r.moves) + (r.hands is not None)
        if third <= seen + n:
            expected = f"#r{r.number}m{third - seen}"
            break
        seen += n
    assert browser.evaluate("location.hash") == expected
    assert (
        abs(
            browser.evaluate(marker)[1]
            - browser.evaluate(
                "(() => { const c = document.querySelector('svg.race');"
                " return Number(c.dataset.left) + (Number(c.dataset.right) - Number(c.dataset.left)) / 3; })()"
            )
        )
        < 2
    )


@pytest.mark.parametrize("name", ["demo.toml", "two-ends.toml", "pagat-partners.toml"])
def test_the_board_is_named_as_the_final_layouts_are(browser, pages, name):
    url, game = pages[name]
    browser.open(url, 1280, 800)
    for r in game.rounds:
        if not r.layout.placed:
            continue
        browser.evaluate(f"document.querySelector('#r{r.number}m{len(r.moves)} a').click()")
        board = browser.evaluate("document.getElementById('board-name').textContent")
        final = browser.evaluate(
            f"[...document.querySelectorAll('#round-{r.number} .tile-list p')].map(p => p.textContent).join('. ')"
        )
        assert board == final
        assert ("spinner" in board) == (r.layout.spinner is not None)
        # Its view box, worked out from the tiles shown, is the final layout's.
        box = browser.evaluate("document.querySelector('#replay svg.layout').getAttribute('viewBox')")
        drawn = browser.evaluate(f"document.querySelector('#round-{r.number} svg.layout.flat').getAttribute('viewBox')")
        assert [float(v) for v in box.split()] == [float(v) for v in drawn.split()]
    browser.evaluate("document.querySelector('#r1m1 a').click()")
    first = game.rounds[0].moves[0]
    assert browser.evaluate("document.getElementById('board-name').textContent") == f"The line from W to E: {first.tile}" or (
        "spinner" in browser.evaluate("document.getElementById('board-name').textContent")
    )


def test_autoplay_plays_and_pauses(browser, pages):
    url, _game = pages["demo.toml"]
    browser.open(url + "#r1m1", 1280, 800)
    browser.evaluate("document.querySelector('[data-go=play]').click()")
    assert browser.evaluate("document.querySelector('[data-go=play]').getAttribute('aria-pressed')") == "true"
    deadline = time.monotonic() + HUNG  # the page's timer on a loaded machine: no fixed wait
    while browser.evaluate("location.hash") in ("#r1m1", ""):
        assert time.monotonic() < deadline, "autoplay never moved on"
        time.sleep(0.05)
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'p'}))")
    paused = browser.evaluate("location.hash")
    assert browser.evaluate("document.querySelector('[data-go=play]').getAttribute('aria-pressed')") == "false"
    time.sleep(1.5)
    assert browser.evaluate("location.hash") == paused
    # The help says how to move, and what Back does.
    help_text = browser.evaluate("document.querySelector('#replay details.help').textContent")
    assert "Back returns to where you jumped from" in help_text and "P: play or pause" in help_text
