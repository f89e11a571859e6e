"""scorepad must install where a table is: a phone terminal (Termux, iSH) has no compiler,
so every package it brings must be a pure-Python wheel, and the lowest versions
pyproject.toml allows must really work."""

import json
import os
import subprocess
import sys
import tomllib
import venv
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

import scorepad

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"


def runtime_tree(name: str) -> dict[str, metadata.Distribution]:
    """The installed distributions `name` needs at run time (no extras), by normalised name."""
    found: dict[str, metadata.Distribution] = {}
    todo = [name]
    while todo:
        key = todo.pop().lower().replace("_", "-")
        if key in found:
            continue
        dist = metadata.distribution(key)
        found[key] = dist
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return found


def compiled_parts(dist: metadata.Distribution) -> list[str]:
    """Why `dist` is not a pure-Python wheel: its WHEEL tags, or compiled files it holds."""
    wheel = dist.read_text("WHEEL") or ""
    problems = []
    if "Root-Is-Purelib: true" not in wheel:
        problems.append("Root-Is-Purelib is not true")
    problems += [line for line in wheel.splitlines() if line.startswith("Tag:") and not line.endswith("-none-any")]
    problems += [str(f) for f in dist.files or [] if f.suffix in (".so", ".pyd", ".dylib", ".dll")]
    return problems


def lowest_allowed() -> dict[str, str]:
    """Each runtime dependency of pyproject.toml pinned to its lower bound."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    pins = {}
    for text in project["dependencies"]:
        requirement = Requirement(text)
        lower = [s.version for s in requirement.specifier if s.operator == ">="]
        assert len(lower) == 1, f"{text}: give exactly one lower bound (>=)"
        pins[requirement.name] = lower[0]
    return pins


# Packages whose compiled part is optional: their source builds into a pure-Python wheel
# where there is no compiler (the lowest-versions test below installs them so), with the
# pure module that is used instead.
OPTIONAL_SPEEDUPS = {"markupsafe": "markupsafe/_native.py"}


def test_the_runtime_tree_is_pure_python_wheels():
    tree = runtime_tree("scorepad")
    assert {"typer", "rich", "tomli-w", "jinja2"} <= set(tree), sorted(tree)
    assert "pydantic-core" not in tree and "pydantic" not in tree, sorted(tree)
    problems = {name: why for name, dist in tree.items() if (why := compiled_parts(dist)) and name not in OPTIONAL_SPEEDUPS}
    assert problems == {}
    for name, fallback in OPTIONAL_SPEEDUPS.items():
        assert fallback in {str(f) for f in tree[name].files or []}, name


def test_the_version_is_written_once():
    assert metadata.version("scorepad") == scorepad.__version__
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]


def test_the_wheel_check_sees_a_compiled_package():
    """The check above is only worth something if it can fail: a WHEEL with a platform tag."""

    class Compiled(metadata.Distribution):
        def read_text(self, filename):
            return "Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: cp311-cp311-manylinux_2_17_x86_64\n"

        def locate_file(self, path):
            return Path(path)

        @property
        def files(self):
            return [metadata.PackagePath("pydantic_core/_pydantic_core.cpython-311-x86_64-linux-gnu.so")]

    assert compiled_parts(Compiled()) == [
        "Root-Is-Purelib is not true",
        "Tag: cp311-cp311-manylinux_2_17_x86_64",
        "pydantic_core/_pydantic_core.cpython-311-x86_64-linux-gnu.so",
    ]


# Run inside the fresh environment: the versions installed there, and the same purity check.
PROBE = """
import json, sys
from importlib import metadata
print(json.dumps({d.metadata["Name"].lower().replace("_", "-"): [d.version, d.read_text("WHEEL") or ""]
                  for d in metadata.distributions()}))
"""


def pip(*args: str, cache: Path, timeout: float, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """pip with a cache of its own in `cache`: the user's cache may hold a wheel built with
    a compiler (markupsafe's speedups), which pip would take rather than build without one."""
    environment = {**os.environ, "PIP_NO_INPUT": "1", **(env or {}), "PIP_CACHE_DIR": str(cache)}
    environment.pop("PIP_NO_CACHE_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environment,
        check=False,
    )


def test_pip_here_uses_a_cache_of_its_own(tmp_path, monkeypatch):
    pytest.importorskip("pip")
    monkeypatch.setenv("PIP_CACHE_DIR", str(tmp_path / "the user's"))
    done = pip("cache", "dir", cache=tmp_path / "own", timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(tmp_path / "own")


@pytest.mark.slow
@pytest.mark.install
def test_the_lowest_allowed_versions_install_and_run(tmp_path):
    """Installs scorepad with each dependency at its lower bound (and click, which typer
    brings below 0.26, at the lowest typer allows) into a fresh environment, then plays a
    few moves there."""
    pytest.importorskip("pip")
    pins = lowest_allowed()
    probe = pip(
        "download",
        "--no-deps",
        "--timeout",
        "10",
        "--retries",
        "0",
        "--dest",
        str(tmp_path / "probe"),
        f"tomli-w=={pins['tomli-w']}",
        cache=tmp_path / "pip-cache",
        timeout=60,
    )
    if probe.returncode != 0:
        pytest.skip("the package index is unreachable: " + (probe.stderr.strip().splitlines() or ["?"])[-1])

    constraints = tmp_path / "lowest.txt"
    constraints.write_text("".join(f"{name}=={version}\n" for name, version in {**pins, "click": "8.0.0"}.items()))
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    # As on a phone: no compiler, so a package with optional speedups is built from source without them.
    no_binary = [f"--no-binary={name}" for name in OPTIONAL_SPEEDUPS]
    installed = pip(
        *("--python", str(python), "install", "--quiet", "--timeout", "30", *no_binary),
        *("--constraint", str(constraints), str(ROOT)),
        cache=tmp_path / "pip-cache",
        timeout=300,
        env={"CC": "false", "CXX": "false"},
    )
    assert installed.returncode == 0, installed.stderr

    found = json.loads(subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True, check=True).stdout)
    assert {name: Version(found[name][0]) for name in pins} == {name: Version(v) for name, v in pins.items()}
    assert {name for name, (_, wheel) in found.items() if "Root-Is-Purelib: true" not in wheel} == set()

    game = tmp_path / "game.toml"
    scorepad_cmd = [str(env_dir / "bin" / "scorepad")]
    env = {**os.environ, "SCOREPAD_FILE": str(game), "COLUMNS": "60", "NO_COLOR": "1", "SCOREPAD_LANG": "en"}

    def installed(*args: str) -> subprocess.CompletedProcess:
        """The installed program, not this checkout's."""
        return subprocess.run([*scorepad_cmd, *args], capture_output=True, text=True, env=env, timeout=60, check=False)

    for args in (["new", "--players", "Ann,Bob,Cy", "--opener", "Ann"], ["play", "54"], ["play", "40", "e"]):
        result = installed(*args)
        assert result.returncode == 0, (args, result.stdout, result.stderr)
    assert "Bob 4-0 E +5: 5 + 0 = 5" in result.stdout
    shown = installed("show", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["scores"] == {"Ann": 0, "Bob": 5, "Cy": 0}
    before = game.read_bytes()
    refused = installed("play", "66", "w")
    assert refused.returncode == 1, (refused.stdout, refused.stderr)
    assert refused.stderr.startswith("scorepad: ") and "Traceback" not in refused.stderr
    assert game.read_bytes() == before
    for args in (["--help"], ["new", "--help"], ["demo"], ["export", str(tmp_path / "game.html")]):
        result = installed(*args)
        assert result.returncode == 0, (args, result.stdout, result.stderr)


# The contributors' documentation and the package index's page stay in the source: the wheel
# carries the user's (tests/test_docs.py checks every file under docs/ is one or the other).
NOT_SHIPPED_DOCS = {"docs/development.md", "docs/translating.md", "docs/benchmarks.md", "docs/package.md", "docs/scorepad.1"}


@pytest.mark.slow
@pytest.mark.install
def test_the_wheel_carries_the_package_its_licence_the_manual_once_and_the_users_docs(tmp_path):
    import zipfile

    pytest.importorskip("pip")
    built = pip(
        "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_path), str(ROOT), cache=tmp_path / "pip-cache", timeout=300
    )
    if built.returncode != 0 and "hatchling" in built.stderr:
        pytest.skip("the package index is unreachable for the build backend: " + built.stderr.strip().splitlines()[-1])
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("scorepad-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    docs = {name.removeprefix("scorepad/") for name in names if name.startswith("scorepad/docs/")}
    shipped = {path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").rglob("*") if path.is_file()} - NOT_SHIPPED_DOCS
    assert docs == shipped
    assert [name for name in names if name.endswith("scorepad.1")] == [
        "scorepad-" + wheel.name.split("-")[1] + ".data/data/share/man/man1/scorepad.1"
    ]
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert "scorepad/cli/app.py" in names and "scorepad/locale/de/LC_MESSAGES/scorepad.mo" in names
    assert not [name for name in names if name.endswith(".po") or "__pycache__" in name]
