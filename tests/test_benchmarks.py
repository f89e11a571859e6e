"""The benchmarks' figures live in their output and one generated page, docs/benchmarks.md
(scripts/benchmarks.py), not in prose: the page is what the saved runs make, every benchmark
has its goal and its row, and every row is a benchmark that exists. The figures themselves
are never checked (the machine's load moves them)."""

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "benchmarks.py"


def script():
    spec = importlib.util.spec_from_file_location("benchmarks_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_what_the_saved_runs_make():
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_benchmark_declares_what_it_measures_and_its_goal():
    benchmarks = script()
    found = benchmarks.benchmarks()
    assert len(found) >= 10
    for path in found:
        what, goal = benchmarks.declared(path)
        assert what and goal, f"{path.name}: its docstring's first line and its GOAL"


def test_every_row_is_a_benchmark_and_every_benchmark_a_row():
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[`(bench_\w+\.py)`\]", text, re.MULTILINE)
    assert rows == sorted(path.name for path in (ROOT / "benchmarks").glob("bench_*.py"))
    for saved in (ROOT / "benchmarks" / "results").glob("*.json"):
        run = json.loads(saved.read_text(encoding="utf-8"))
        assert run["benchmark"] == saved.stem + ".py" and (ROOT / "benchmarks" / run["benchmark"]).exists()
        assert {"arguments", "commit", "python", "load", "seconds", "status", "output"} <= set(run)


def test_a_run_saved_changes_its_row_and_nothing_else(tmp_path, monkeypatch):
    benchmarks = script()
    monkeypatch.setattr(benchmarks, "RESULTS", tmp_path)
    before = benchmarks.page()
    (tmp_path / "bench_engine.json").write_text(
        json.dumps(
            {
                "benchmark": "bench_engine.py",
                "arguments": ["--seconds", "0.1"],
                "date": "2026-01-01 00:00 UTC",
                "commit": "abc1234",
                "python": "3.11.7",
                "machine": "x86_64, 2 cores",
                "load": [1.0, 1.5],
                "seconds": 3,
                "status": 0,
                "output": "simulated: 4,321 rounds a second",
            }
        )
    )
    after = benchmarks.page()
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert any(
        line.startswith("| [`bench_engine.py`]") and "abc1234" in line and "load average 1.0 to 1.5" in line for line in changed
    )
    assert "simulated: 4,321 rounds a second" in after and "python benchmarks/bench_engine.py --seconds 0.1" in after
    assert all("bench_engine" in line or not line.startswith("| [") for line in changed)
