"""`scorepad serve`'s speed goals (docs/development.md, "Benchmarks"), each measured side by
side with a reference where one exists, on the loopback address:

- the links printed within 1 s of starting: `scorepad serve` until its last line of links,
  in alternation with `scorepad show` on the same record (a command's start-up);
- a change reaches every one of 30 open pages within 1 s, median at most 250 ms: 30 pushes
  (Server-Sent Events) open, the record replaced (as a save does) by one more move or one
  less, the time until each page has the new game;
- state.json answers 30 clients at once within 100 ms at the 95th percentile, in
  alternation with the standard library's `http.server` answering the same bytes from a file;
- idle with 30 pages open: the server's CPU time over some seconds when nothing changes
  (goal at most 1 % of a core);
- `--long ROUNDS`: the same change on a long game (a random game of that many rounds),
  reaching 30 pages, then 30 pages that have "the whole game" open: each loads the
  exported page again after the push, as its frame does (taking gzip, as browsers do),
  and the time until all 30 have it is noted, with the bytes sent and the server's CPU
  time per change; the code of `--old REV` and this checkout's, side by side, alternating.

Run: .venv/bin/python benchmarks/bench_serve.py [--changes 20] [--rounds 5] [--long 50 [--old REV]]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "the links within 1 s of starting; a change on every one of 30 open pages within 1 s,"
    " median at most 250 ms; idle at most 1 % of a core; `state.json` for 30 clients at "
    "once at most 100 ms at the 95th percentile"
)

SCOREPAD = [sys.executable, "-m", "scorepad"]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ENV = {
    **os.environ,
    "SCOREPAD_LANG": "en",
    "COLUMNS": "40",
    "NO_COLOR": "1",
    "PYTHONUNBUFFERED": "1",
}
ENV.pop("SCOREPAD_FILE", None)


def record(folder: Path) -> tuple[Path, str, str]:
    """A game of two rounds and the same game one move on: the two texts a change swaps."""
    file = folder / "scorepad.toml"
    file.write_text((EXAMPLES / "demo.toml").read_text(encoding="utf-8"), encoding="utf-8")
    before = file.read_text(encoding="utf-8")
    subprocess.run([*SCOREPAD, "undo", "-f", str(file)], env=ENV, check=True, capture_output=True)
    less = file.read_text(encoding="utf-8")
    file.write_text(before, encoding="utf-8")
    return file, before, less


def long_record(folder: Path, rounds: int) -> tuple[Path, str, str]:
    """A random game of `rounds` played rounds, and the same game one move back."""
    import random

    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps

    game = play_game(
        ["Ann", "Bob", "Cy"],
        Rules.from_options("pagat", target=100_000),
        random.Random(50),
        max_rounds=rounds - 1,
    )
    file = folder / "long.toml"
    more = dumps(game)
    game.pop()
    less = dumps(game)
    file.write_text(more, encoding="utf-8")
    return file, more, less


def replace(file: Path, text: str) -> None:
    temporary = file.with_name(".bench.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, file)


def start(folder: Path) -> tuple[subprocess.Popen, str, float]:
    began = time.perf_counter()
    process = subprocess.Popen(
        [*SCOREPAD, "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=folder,
        env=ENV,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    watch = ""
    for line in process.stdout:
        if line.startswith("Watch the game: "):
            watch = line.split(": ", 1)[1].strip()
        if line.startswith("Listening"):
            break
    return process, watch, time.perf_counter() - began


def stop(process: subprocess.Popen) -> None:
    process.send_signal(2)
    process.wait(30)


class Page(threading.Thread):
    """One open page's push: the time each version arrived; with `whole` (the whole game
    open in its frame), the time the exported page of each version had been loaded again,
    and its bytes."""

    def __init__(self, port: int, path: str, whole: bool = False) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET {path}events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.arrived: dict[int, float] = {}
        self.loaded: dict[int, float] = {}
        self.bytes: dict[int, int] = {}
        self.whole, self.port, self.path = whole, port, path
        if whole:
            self.frame = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.start()

    def load(self, version: int) -> None:
        self.frame.request("GET", f"{self.path}game?v={version}", headers={"Accept-Encoding": "gzip"})
        response = self.frame.getresponse()
        body = response.read()
        self.loaded[version] = time.perf_counter()
        self.bytes[version] = len(body)

    def run(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                while (found := re.search(rb"\ndata: (.*?)\n", buffer)) is not None:
                    buffer = buffer[found.end() :]
                    version = json.loads(found.group(1))["version"]
                    self.arrived[version] = time.perf_counter()
                    if self.whole:
                        self.load(version)
        except OSError:
            return


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def concurrent_gets(port: int, path: str, clients: int = 30) -> list[float]:
    times: list[float] = []
    gate = threading.Barrier(clients)

    def one() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        gate.wait()
        began = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        times.append(time.perf_counter() - began)
        assert response.status == 200
        connection.close()

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle measured")
    parser.add_argument(
        "--long",
        type=int,
        default=0,
        help="also a change on a game of this many rounds",
    )
    parser.add_argument(
        "--old",
        default="33133fa",
        help="with --long: the git revision to set beside this checkout",
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        file, more, less = record(folder)

        starts, shows = [], []
        for _ in range(args.rounds):
            process, _watch, took = start(folder)
            starts.append(took)
            stop(process)
            began = time.perf_counter()
            subprocess.run([*SCOREPAD, "show", "-f", str(file)], env=ENV, capture_output=True)
            shows.append(time.perf_counter() - began)
        print(
            f"links printed after: median {ms(statistics.median(starts))}, worst {ms(max(starts))} "
            f"(goal ≤ 1 s); `scorepad show` beside it: median {ms(statistics.median(shows))}"
        )

        process, watch, _took = start(folder)
        port = int(watch.split(":")[2].split("/")[0])
        path = "/" + watch.split("/", 3)[3]
        pages = [Page(port, path) for _ in range(30)]
        while any(1 not in page.arrived for page in pages):
            time.sleep(0.01)
        reached: list[float] = []
        for change in range(args.changes):
            time.sleep(0.3)
            version = change + 2
            replace(file, less if change % 2 == 0 else more)
            made = time.perf_counter()
            deadline = made + 10
            while any(version not in page.arrived for page in pages) and time.perf_counter() < deadline:
                time.sleep(0.005)
            reached += [page.arrived.get(version, float("inf")) - made for page in pages]
        print(
            f"a change reached 30 pages: median {ms(statistics.median(reached))}, 95th percentile {ms(p95(reached))}, "
            f"worst {ms(max(reached))} over {args.changes} changes (goal: every page within 1 s, median ≤ 250 ms)"
        )

        time.sleep(1)
        before = cpu_seconds(process.pid)
        time.sleep(args.idle)
        idle = (cpu_seconds(process.pid) - before) / args.idle
        print(f"idle with 30 pages open: {idle * 100:.2f} % of a core over {args.idle:.0f} s (goal ≤ 1 %)")

        state = folder / "state.json"
        status = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        status.request("GET", path + "state.json")
        state.write_bytes(status.getresponse().read())
        status.close()
        reference = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "0"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # its log of each request, never read: a full pipe would stop it
            text=True,
            env=ENV,
        )
        assert reference.stdout is not None
        reference_port = int(re.search(r"port (\d+)", reference.stdout.readline()).group(1))  # type: ignore[union-attr]
        served, static = [], []
        for _ in range(args.rounds):
            served += concurrent_gets(port, path + "state.json")
            static += concurrent_gets(reference_port, "/state.json")
        reference.terminate()
        reference.wait()
        print(
            f"state.json, 30 clients at once: 95th percentile {ms(p95(served))}, median {ms(statistics.median(served))} "
            f"(goal ≤ 100 ms); http.server with the same file: {ms(p95(static))}, {ms(statistics.median(static))}"
        )
        for page in pages:
            page.sock.close()
        stop(process)
        if args.long:
            # Side by side: the code of `--old` (a git revision's src) and this checkout's.
            sys.path.insert(0, str(Path(__file__).parent))
            from bench_live import export

            old = export(args.old, folder / "old")
            for run in range(2):
                for side, src in (
                    ("old", old),
                    ("new", Path(__file__).resolve().parents[1] / "src"),
                )[:: 1 if run == 0 else -1]:
                    print(f"{side} ({args.old if side == 'old' else 'this checkout'}):")
                    long_game(folder, args.long, args.changes, src)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


def long_game(folder: Path, rounds: int, changes: int, src: Path) -> None:
    """A change on a long game: to 30 pages, then to 30 pages with the whole game open,
    with the code of `src`."""
    file, more, less = long_record(folder, rounds)
    process = subprocess.Popen(
        [*SCOREPAD, "serve", "--host", "127.0.0.1", "--port", "0", "-f", str(file)],
        cwd=folder,
        env={**ENV, "PYTHONPATH": str(src)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    watch = ""
    for line in process.stdout:
        if line.startswith("Watch the game: "):
            watch = line.split(": ", 1)[1].strip()
        if line.startswith("Listening"):
            break
    port = int(watch.split(":")[2].split("/")[0])
    path = "/" + watch.split("/", 3)[3]
    version = 1
    for whole in (False, True):
        pages = [Page(port, path, whole) for _ in range(30)]
        while any(version not in page.arrived for page in pages):
            time.sleep(0.01)
        reached: list[float] = []
        cpu: list[float] = []
        sent: list[int] = []
        for _change in range(changes):
            time.sleep(0.3)
            version += 1
            before = cpu_seconds(process.pid)
            replace(file, less if version % 2 == 0 else more)
            made = time.perf_counter()
            deadline = made + 60
            while (
                not all(version in (page.loaded if whole else page.arrived) for page in pages) and time.perf_counter() < deadline
            ):
                time.sleep(0.005)
            cpu.append(cpu_seconds(process.pid) - before)
            reached += [(page.loaded if whole else page.arrived).get(version, float("inf")) - made for page in pages]
            sent.append(sum(page.bytes.get(version, 0) for page in pages))
        what = "30 pages with the whole game open had it again" if whole else "a change reached 30 pages"
        print(
            f"{rounds} rounds ({file.stat().st_size:,} bytes of record): {what}: median {ms(statistics.median(reached))}, "
            f"worst {ms(max(reached))}; server CPU {ms(statistics.median(cpu))} a change (median)"
            + (f"; {statistics.median(sent) / 1000:,.0f} KB sent a change" if whole else "")
        )
        for page in pages:
            page.sock.close()
            if whole:
                page.frame.close()
    stop(process)


if __name__ == "__main__":
    main()
