"""The exported page's size and speed, in headless Chromium (the Debian package), on a
generated game of 50 rounds (careless players, muggins on) beside the demo game:

- the 50-round game's page: at most 500 KB;
- a step of its replay (a click on "Next move" and the layout after it, the page drawing
  two frames between steps as between a player's key presses): at most 16 ms, one frame
  at 60 Hz;
- its first render (the load event, and the first paint with content): at most 3x the
  demo page's, the two opened in turn in one run;
- with `--export MB`, first: `export` of a record of MB megabytes (bench_size.py's
  blocked rounds) side by side with a tomllib parse of it, alternating (`--repeat` pairs,
  the faster of each counts): at most 3x the parse's time and 5x the file's size in memory (peak
  resident size less a bare interpreter's); `--src OLD/src` runs an older tree's export
  beside this one's, in the same alternation.

    python benchmarks/bench_page.py [--runs 5] [--steps 300]
    python benchmarks/bench_page.py --export 5 [--repeat 2] [--src OLD/src …]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser import Browser, find  # noqa: E402  (the tests' own driver)
from scorepad.engine.rules import Rules  # noqa: E402
from scorepad.engine.simulate import play_game  # noqa: E402
from scorepad.record.format import dumps  # noqa: E402

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "the 50-round game's page at most 500 KB; a step of its replay at most 16 ms; its "
    "first render at most 3x the demo page's; with `--export MB`, export at most 3x a "
    "tomllib parse's time and 5x the file's size in memory"
)

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


MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)\n"
    "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def measured(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak resident MB of a process of its own."""
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def export_against_parse(megabytes: float, repeat: int, trees: list[str]) -> int:
    from bench_size import blocked

    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "record.toml"
        record.write_text(blocked(int(megabytes * 1_000_000)), encoding="utf-8")
        size = record.stat().st_size / (1 << 20)
        bare = measured([sys.executable, "-c", "import tomllib"])[1]
        parse = [
            sys.executable,
            "-c",
            "import sys, tomllib; tomllib.loads(open(sys.argv[1], encoding='utf-8').read())",
            str(record),
        ]
        export = [sys.executable, "-m", "scorepad", "export", str(Path(folder) / "page.html"), "-f", str(record)]
        # This tree, and each --src tree first on the path in a run of its own.
        sides = [("this tree", None)] + [(tree, {**os.environ, "PYTHONPATH": tree}) for tree in trees]
        parsed: list[tuple[float, float]] = []
        exported: dict[str, list[tuple[float, float]]] = {name: [] for name, _env in sides}
        for _pair in range(repeat):  # alternating, so that a slow spell of the machine hits each
            parsed.append(measured(parse))
            for name, env in sides:
                exported[name].append(measured(export, env))
        p_time, p_mem = min(t for t, _m in parsed), min(m for _t, m in parsed) - bare
        print(f"a {size:.1f} MiB record: parse {p_time:.2f} s, {p_mem:.0f} MiB (a bare interpreter {bare:.1f} MiB)")
        for name, runs in exported.items():
            e_time, e_mem = min(t for t, _m in runs), min(m for _t, m in runs) - bare
            print(
                f"  export, {name}: {e_time:.2f} s = {e_time / p_time:.1f}x the parse (goal <= 3x), "
                f"{e_mem:.1f} MiB = {e_mem / size:.1f}x the file (goal <= 5x)"
            )
        print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="times each page is opened")
    parser.add_argument("--steps", type=int, default=300, help="steps timed")
    parser.add_argument("--export", type=float, help="time export of a record of this many MB against a parse")
    parser.add_argument("--repeat", type=int, default=2, help="parse and export pairs, with --export")
    parser.add_argument("--src", action="append", default=[], help="with --export: another source tree, run beside this one")
    args = parser.parse_args()
    if args.export:  # first, then the page's figures: one run saves both
        export_against_parse(args.export, args.repeat, args.src)
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
            f"50-round game: {len(game.rounds)} rounds, {moves} moves; its page {size:,} bytes "
            "(goal <= 500,000, 1 KB = 1,000 bytes); "
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
