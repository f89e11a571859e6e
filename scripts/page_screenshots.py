#!/usr/bin/env python3
"""docs/guide.md's two pictures of the exported page, taken by headless Chromium (the Debian
package `chromium`): the demo game on a phone (360 x 740, the first screen as the page
opens: the board at the end of the game) and on a desktop (1280 x 800, the board and the
move list at round 2, move 12).

    python scripts/page_screenshots.py      # writes docs/page-phone.png and docs/page-desktop.png
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import Browser, find  # noqa: E402  (the tests' own driver)


def main() -> int:
    executable = find()
    if executable is None:
        print("Chromium is not installed: apt-get install chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "demo.html"
        subprocess.run(
            [sys.executable, "-m", "scorepad", "--lang", "en", "export", str(page), "-f", str(ROOT / "examples" / "demo.toml")],
            check=True,
        )
        browser = Browser(executable)
        try:
            for name, fragment, width, height in (("page-phone.png", "", 360, 740), ("page-desktop.png", "#r2m12", 1280, 800)):
                browser.open(page.as_uri() + fragment, width, height)
                (ROOT / "docs" / name).write_bytes(browser.screenshot())
                print(f"wrote docs/{name}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
