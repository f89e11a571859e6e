"""The exported page looked at as a person would: headless Chromium at a phone's and a
desktop's width, in English and German, with the page's own script running. Skipped, with
the reason shown, where Chromium is not installed (`.ci/run` installs it)."""

import struct

import pytest
from tests.helpers import EXAMPLES, run

from scorepad.record.files import load

pytestmark = pytest.mark.slow  # a browser started for the page

SIZES = [(360, 800), (1280, 800)]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pages")
    made = {}
    for lang in ("en", "de"):
        out = folder / f"demo-{lang}.html"
        result = run("--lang", lang, "export", out, "-f", EXAMPLES / "demo.toml")
        assert result.exit_code == 0, result.output
        made[lang] = out.as_uri()
    return made


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_sideways_scrolling(browser, pages, tmp_path, lang, width, height):
    browser.open(pages[lang], width, height)
    measured = browser.evaluate("[document.documentElement.scrollWidth, innerWidth, document.documentElement.lang]")
    assert measured[0] <= measured[1] == width
    assert measured[2] == lang
    # The script ran (the replay shows) and every element stays inside the width.
    assert browser.evaluate("document.querySelector('#replay .stage').hidden") is False
    wider = browser.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)"
        ".map(e => e.tagName + '.' + e.getAttribute('class'))"
    )
    assert wider == []
    # A long layout is drawn turned on a phone, flat on a desktop.
    shown = browser.evaluate(
        "['svg.layout.flat.turns', 'svg.layout.upright'].map(s => [...document.querySelectorAll(s)]"
        ".map(e => getComputedStyle(e).display !== 'none'))"
    )
    assert shown[0] and len(shown[0]) == len(shown[1])
    assert set(shown[0]) == {width > 640} and set(shown[1]) == {width <= 640}
    shot = browser.screenshot()
    assert png_size(shot) == (width, height)
    (tmp_path / f"demo-{lang}-{width}.png").write_bytes(shot)


def state(browser):
    return browser.evaluate(
        "({where: document.querySelector('#replay .where').textContent,"
        " move: document.querySelector('#replay .move').textContent,"
        " tiles: [...document.querySelectorAll('#replay g.tile')].filter(t => t.getAttribute('visibility') === 'visible').length,"
        " hash: location.hash})"
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_fragment_opens_a_move_and_moving_updates_it(browser, pages, width, height):
    browser.open(pages["en"], width, height)
    assert browser.evaluate("location.hash") == ""  # opening the page changes no address
    browser.open(pages["en"] + "#r1m3", width, height)
    third = state(browser)
    browser.open(pages["en"] + "#r1m9", width, height)
    ninth = state(browser)
    game = load(EXAMPLES / "demo.toml").game
    first, last_round = game.rounds[0], game.rounds[-1]
    assert third["where"] == f"Round 1, move 3 of {len(first.moves)}" and third["move"].startswith(str(first.moves[2]))
    assert ninth["where"] == f"Round 1, move 9 of {len(first.moves)}" and ninth["move"].startswith(str(first.moves[8]))
    assert (third["tiles"], ninth["tiles"]) == (3, 9)
    assert third["hash"] == "#r1m3" and ninth["hash"] == "#r1m9"
    browser.evaluate("document.querySelector('[data-go=forward]').click()")
    assert state(browser)["hash"] == "#r1m10"
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
    assert state(browser)["hash"] == "#r1m9"
    # The keys that scroll the page keep doing so, unless the replay has the focus.
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown'}))")
    assert state(browser)["hash"] == "#r1m9"
    browser.evaluate("document.querySelector('[data-go=forward]').focus()")
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown'}))")
    assert state(browser)["where"] == "Round 2: before the lead"
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'}))")
    last = state(browser)
    # After the last move, the hands: one step more.
    assert last["where"] == "Round 5: the hands" and last["hash"] == f"#r5m{len(last_round.moves) + 1}"


def test_the_printed_sheet_fits_one_a4_page(browser, pages):
    """A4 less the page's 12 mm margins, at 96 CSS pixels to the inch: 703 x 1032."""
    browser.open(pages["en"], 703, 1032)
    browser.call("Emulation.setEmulatedMedia", session=True, media="print", features=[])
    box = browser.evaluate(
        "(() => { const r = document.getElementById('sheet').getBoundingClientRect();"
        " return [r.right, r.bottom + scrollY, document.documentElement.scrollWidth,"
        " getComputedStyle(document.getElementById('sheet')).breakAfter]; })()"
    )
    browser.call("Emulation.setEmulatedMedia", session=True, media="", features=[])
    right, bottom, width, after = box
    assert right <= 703 and width <= 703 and bottom <= 1032 and after == "page"


def test_dark_and_print(browser, pages):
    browser.open(pages["en"], 1280, 800)
    background = "getComputedStyle(document.body).backgroundColor"
    light = browser.evaluate(background)
    browser.call("Emulation.setEmulatedMedia", session=True, features=[{"name": "prefers-color-scheme", "value": "dark"}])
    dark = browser.evaluate(background)
    browser.call("Emulation.setEmulatedMedia", session=True, media="print", features=[])
    # On paper the board and its buttons go; the move list stays, whole.
    replay = browser.evaluate("getComputedStyle(document.querySelector('#replay .stage')).display")
    listed = browser.evaluate(
        "(() => { const n = document.querySelector('nav.moves'); return n.scrollHeight <= n.clientHeight + 1; })()"
    )
    browser.call("Emulation.setEmulatedMedia", session=True, media="", features=[])
    assert light != dark and replay == "none" and listed


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_every_example_fits_a_phone(browser, tmp_path, example):
    out = tmp_path / "page.html"
    result = run("export", out, "-f", EXAMPLES / example)
    assert result.exit_code == 0, result.output
    browser.open(out.as_uri(), 360, 800)
    assert browser.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # The replay reaches the end of the game without a script error.
    browser.evaluate("document.getElementById('replay').querySelector('[data-go=last]').click()")
    browser.evaluate("document.getElementById('replay').querySelector('[data-go=back]').click()")
    assert browser.evaluate("location.hash").startswith("#r")
    assert browser.errors == []


def test_a_swipe_steps(browser, pages):
    browser.open(pages["en"] + "#r1m3", 360, 800)
    x, y = browser.evaluate(
        "(() => { const b = document.querySelector('#replay .board'); b.scrollIntoView();"
        " const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height, 600) / 2]; })()"
    )

    def swipe(dx):
        browser.call("Input.dispatchTouchEvent", session=True, type="touchStart", touchPoints=[{"x": x, "y": y}])
        browser.call("Input.dispatchTouchEvent", session=True, type="touchMove", touchPoints=[{"x": x + dx, "y": y}])
        browser.call("Input.dispatchTouchEvent", session=True, type="touchEnd", touchPoints=[])

    swipe(-120)  # to the left: the next move
    assert browser.evaluate("location.hash") == "#r1m4"
    swipe(120)
    swipe(120)
    assert browser.evaluate("location.hash") == "#r1m2"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_sheet_fits_a_phone_that_shows_a_scrollbar(browser, tmp_path, lang):
    """345 pixels: a 360-pixel phone less a classic scrollbar. The muggins column makes the
    widest sheet; its words are never broken inside (found by play-testing: 'muggin/s')."""
    out = tmp_path / "page.html"
    result = run("--lang", lang, "export", out, "-f", EXAMPLES / "muggins.toml")
    assert result.exit_code == 0, result.output
    browser.open(out.as_uri(), 345, 800)
    assert browser.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Every header and footer cell of the sheet is one line high: no word broken or wrapped.
    assert browser.evaluate(
        "[...document.querySelectorAll('table.sheet thead th, table.sheet tfoot > tr > *')]"
        ".every(c => c.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(c).lineHeight))"
    )
