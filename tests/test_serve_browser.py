"""`scorepad serve` in headless Chromium at a phone's width, several pages open at once: a
move made by another process reaches every page without a reload, a player's page calls
muggins and the record holds the call, a watcher's page offers no call, and the QR code
printed in the terminal decodes back to its link. Skipped, saying so, where Chromium (or,
for the QR code, zbarimg) is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from tests.serving import scorepad, served

pytestmark = pytest.mark.slow  # a browser and a server started

PHONE = (360, 740)
# The guide's picture of a phone's page: written there when SCOREPAD_SCREENSHOTS is set
# (`SCOREPAD_SCREENSHOTS=1 pytest tests/test_serve_browser.py`), else beside the test.
SHOT = Path(__file__).resolve().parents[1] / "docs" / "serve-phone.png"


@pytest.fixture
def table(folder: Path) -> Path:
    """A muggins game in which Ann led 5-5 without claiming its 10: Bob may call muggins."""
    assert scorepad(folder, "new", "--players", "Ann,Bob", "--muggins").returncode == 0
    assert scorepad(folder, "play", "55", "--by", "Ann").returncode == 0
    return folder / "scorepad.toml"


def tab(browser, url: str) -> str:
    """A new tab of its own at a phone's width, showing `url`: its DevTools session."""
    target = browser.call("Target.createTarget", url="about:blank")["targetId"]
    browser.session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    browser.call("Page.enable", session=True)
    browser.call("Runtime.enable", session=True)
    browser.open(url, *PHONE)
    return browser.session


def until(browser, session: str, expression: str, within: float = 60) -> object:
    """The value of `expression` in the tab, once it is truthy (a deadline, no timing asserted)."""
    browser.session = session
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never true: {expression}")


def test_pages_follow_the_record_and_a_player_calls_muggins(browser, table, tmp_path):
    with served(table.parent) as server:
        pages = {
            "watch": tab(browser, server.watch),
            "Bob": tab(browser, server.players["Bob"]),
            "Ann": tab(browser, server.players["Ann"]),
            "watch again": tab(browser, server.watch),
        }
        for session in pages.values():
            until(browser, session, "document.querySelector('.turn').textContent.includes('Bob to play')")
            browser.evaluate("window.stays = true")  # gone if the page were loaded again
        browser.session = pages["watch"]
        assert browser.evaluate("document.querySelectorAll('.calls button').length") == 0
        assert "may call muggins" in browser.evaluate("document.querySelector('.chance').textContent")
        browser.session = pages["Ann"]
        assert browser.evaluate("[...document.querySelectorAll('.calls button')].map(b => b.dataset.call)") == ["claim"]

        # Bob calls from his phone: the record holds the call, every page shows it.
        browser.session = pages["Bob"]
        assert browser.evaluate("[...document.querySelectorAll('.calls button')].map(b => b.dataset.call)") == ["muggins"]
        browser.evaluate("document.querySelector('.calls button[data-call=muggins]').click()")
        until(browser, pages["Bob"], "document.querySelector('.answer').textContent.includes('Muggins! Bob takes +10')")
        assert '"Bob: muggins"' in table.read_text()
        for session in pages.values():
            until(browser, session, "document.querySelector('.last').textContent.startsWith('Muggins!')")

        # A move typed in another terminal reaches every page, none of them loaded again.
        assert scorepad(table.parent, "play", "50", "e").returncode == 0
        for session in pages.values():
            until(browser, session, "document.querySelector('.last').textContent.includes('5-0')")
            assert browser.evaluate("window.stays === true")

        # The whole game a tap away: the exported page in the frame, at the last move.
        browser.session = pages["Bob"]
        browser.evaluate("document.querySelector('details.game summary').click()")
        until(
            browser,
            pages["Bob"],
            "(() => { const d = document.querySelector('details.game iframe').contentDocument;"
            " return d && d.querySelectorAll('nav.moves li').length >= 3; })()",
        )
        browser.evaluate("document.querySelector('details.game').open = false")
        assert browser.errors == []
        (SHOT if os.environ.get("SCOREPAD_SCREENSHOTS") else tmp_path / SHOT.name).write_bytes(browser.screenshot())


def qr_image(lines: list[str], path: Path) -> None:
    """The terminal's half blocks as a picture (PGM): a block is the terminal's light
    foreground, a space its dark background, each character two modules high."""
    rows: list[list[int]] = []
    for line in lines:
        top = [255 if c in "█▀" else 0 for c in line]
        bottom = [255 if c in "█▄" else 0 for c in line]
        rows += [top, bottom]
    width = max(len(row) for row in rows)
    scale = 8
    pixels = bytearray()
    for row in rows:
        line = bytearray()
        for value in row + [0] * (width - len(row)):
            line += bytes([value]) * scale
        pixels += bytes(line) * scale
    path.write_bytes(f"P5 {width * scale} {len(rows) * scale} 255\n".encode() + bytes(pixels))


def test_the_terminals_qr_code_decodes_back_to_its_link(table, tmp_path):
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.skip("zbarimg is not installed (apt-get install zbar-tools): the QR code is not decoded")
    with served(table.parent, "--qr", "Ann") as server:
        output = server.output
    watch = output[output.index(next(line for line in output if line.startswith("Watch the game"))) + 1 :]
    drawn = [line for line in watch[: watch.index(next(line for line in watch if line.startswith("Ann: ")))]]
    qr_image(drawn, tmp_path / "watch.pgm")
    decoded = subprocess.run([zbarimg, "--raw", "-q", str(tmp_path / "watch.pgm")], capture_output=True, text=True)
    assert decoded.stdout.strip() == server.watch
    at = output.index(next(line for line in output if line.startswith("Ann: ")))
    ann = [line for line in output[at + 1 :] if line and line[0] in "█▀▄ "]
    qr_image(ann, tmp_path / "ann.pgm")
    decoded = subprocess.run([zbarimg, "--raw", "-q", str(tmp_path / "ann.pgm")], capture_output=True, text=True)
    assert decoded.stdout.strip() == server.players["Ann"]
