"""Start-up of the minimal Typer app under several typer releases, side by side.

    python benchmarks/bench_typer_versions.py [--versions 0.19.0,0.26.0,0.28.0,0.29.2] [--runs N]

Installs each typer release with what it pulls in (from the package index, so this needs
it) into its own fresh environment, then runs benchmarks/minimal_app.py in each, in
alternation with a bare `python -c pass` so that machine noise hits all alike. Prints the
median wall time, the time above bare Python, and the packages each release brought,
marking those that are not pure-Python wheels. This informed the upper bound on typer in
pyproject.toml (see docs/development.md, "Dependencies").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "none: it shows what each typer release costs at start-up, behind the bounds on typer (docs/development.md, Dependencies)"

HERE = Path(__file__).parent

LIST = """
import json
from importlib import metadata
print(json.dumps(sorted((d.metadata["Name"], d.version, "Root-Is-Purelib: true" in (d.read_text("WHEEL") or ""))
                        for d in metadata.distributions())))
"""


def environment(folder: Path, version: str) -> Path:
    venv.EnvBuilder(with_pip=False).create(folder)
    python = folder / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            f"typer=={version}",
        ],
        check=True,
    )
    return python


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", default="0.19.0,0.26.0,0.28.0,0.29.2")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a player's machine: compiled modules cached
    with tempfile.TemporaryDirectory() as folder:
        commands = {"python -c pass": [sys.executable, "-c", "pass"]}
        brought = {}
        for version in args.versions.split(","):
            python = environment(Path(folder) / version, version)
            commands[f"typer {version}"] = [str(python), str(HERE / "minimal_app.py")]
            listed = subprocess.run([str(python), "-c", LIST], capture_output=True, text=True, check=True)
            brought[version] = json.loads(listed.stdout)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file cache, write the bytecode caches
            timed(command, env)
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(timed(command, env))
    bare = statistics.median(times["python -c pass"])
    print(f"{args.runs} runs each, median")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:16} {median * 1000:7.1f} ms  {(median - bare) * 1000:7.1f} ms above python -c pass")
    for version, packages in brought.items():
        names = ", ".join(f"{n} {v}" + ("" if pure else " (COMPILED)") for n, v, pure in packages)
        print(f"typer {version}: {names}")


if __name__ == "__main__":
    main()
