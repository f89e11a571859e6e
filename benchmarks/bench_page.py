"""The exported page's size and speed, in headless Chromium (the Debian package), on a
generated game of 50 rounds (careless players, muggins on) beside the demo game:

- the 50-round game's page: at most 500 KB;
- a step of its replay (a click on "Next move" and the layout after it, the page drawing
  two frames between steps as between a player's key presses): at most 16 ms, one frame
  at 60 Hz;
- its first render (the load event, and the first paint with content): at most 3x the
  demo page's, the two opened in turn in one run.

    python benchmarks/bench_page.py [--runs 5] [--steps 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import Browser, find  # noqa: E402  (the tests' own driver)
from scorepad.engine.rules import Rules  # noqa: E402
from scorepad.engine.simulate import play_game  # noqa: E402
from scorepad.record.format import dumps  # noqa: E402

# A step: the click's work and the layout after it, timed at once; between steps the page
# draws two frames, as it would between a player's key presses.
STEP = """(async () => { const button = document.querySelector('[data-go=forward]'); const times = [];
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  document.querySelector('[data-go=first]').click();
  for (let i = 0; i < %d && !button.disabled; i += 1) {
    await frame(); await frame();
    const start = performance.now(); button.click(); void document.body.offsetHeight;
    times.push(performance.now() - start);
  }
  return times; })()"""

RENDER = """(() => { const n = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByType('paint').find(p => p.name === 'first-contentful-paint');
  return [n.loadEventEnd, paint ? paint.startTime : null]; })()"""


def export(record: Path, page: Path) -> int:
    subprocess.run(
        [sys.executable, "-m", "scorepad", "--lang", "en", "export", str(page), "-f", str(record)],
        check=True,
        capture_output=True,
    )
    return page.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="times each page is opened")
    parser.add_argument("--steps", type=int, default=300, help="steps timed")
    args = parser.parse_args()
    executable = find()
    if executable is None:
        print("Chromium is not installed: apt-get install chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "long.toml"
        game = play_game(
            ["Ann", "Bob", "Cy"],
            Rules.from_options("pagat", target=100_000, muggins=True),
            random.Random(50),
            max_rounds=50,
            careless=0.1,
        )
        record.write_text(dumps(game), encoding="utf-8")
        long_page, demo_page = Path(folder) / "long.html", Path(folder) / "demo.html"
        size = export(record, long_page)
        demo_size = export(ROOT / "examples" / "demo.toml", demo_page)
        moves = sum(len(r.moves) for r in game.rounds)
        print(
            f"50-round game: {len(game.rounds)} rounds, {moves} moves; its page {size:,} bytes (goal <= 500,000, 1 KB = 1,000 bytes); "
            f"the demo's {demo_size:,} bytes"
        )
        browser = Browser(executable)
        try:
            loads: dict[str, list[float]] = {"demo": [], "long": []}
            paints: dict[str, list[float]] = {"demo": [], "long": []}
            for _run in range(args.runs):
                for name, page in (("demo", demo_page), ("long", long_page)):
                    browser.open(page.as_uri(), 1280, 800)
                    load, paint = browser.evaluate(RENDER)
                    loads[name].append(load)
                    if paint is not None:
                        paints[name].append(paint)
            for what, measured in (("load event", loads), ("first contentful paint", paints)):
                if not measured["demo"] or not measured["long"]:
                    continue
                demo, long = statistics.median(measured["demo"]), statistics.median(measured["long"])
                print(
                    f"first render, {what}: demo {demo:.0f} ms, 50 rounds {long:.0f} ms: {long / demo:.1f}x (goal <= 3x), "
                    f"median of {args.runs}"
                )
            browser.open(long_page.as_uri(), 1280, 800)
            times = sorted(browser.evaluate(STEP % args.steps))
            p95 = times[int(0.95 * (len(times) - 1))]
            print(
                f"a step on the 50-round page: median {statistics.median(times):.1f} ms, 95th percentile {p95:.1f} ms, "
                f"worst {times[-1]:.1f} ms over {len(times)} steps (goal <= 16 ms)"
            )
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
