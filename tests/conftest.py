import os

import pytest

from scorepad import Game, Rules, parse_move


def pytest_configure(config):
    """typer.rich_utils decides once, when it is first imported, whether its panels are
    coloured (FORCE_COLOR, PY_COLORS, GITHUB_ACTIONS, _TYPER_FORCE_DISABLE_TERMINAL), as a
    run of scorepad imports it once. Tests run scorepad many times in one process, some of
    them with FORCE_COLOR set: imported first during one of those, it would colour every
    later test's usage errors. So it is imported here, before any test, without them."""
    names = ("FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS", "_TYPER_FORCE_DISABLE_TERMINAL")
    kept = {name: os.environ.pop(name) for name in names if name in os.environ}
    try:
        import typer.rich_utils  # noqa: F401
    finally:
        os.environ.update(kept)


def play_all(game: Game, *moves: str):
    """Push each move of a record and return the outcomes."""
    return [game.push(parse_move(m)) for m in moves]


@pytest.fixture
def three():
    return Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they ask for another language, whatever the machine's locale."""
    from scorepad import i18n

    monkeypatch.setenv("SCOREPAD_LANG", "en")
    i18n.use("en")
    yield
    i18n.use("en")


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A record folder of the test's own, as the working folder: the record's path."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    return tmp_path / "scorepad.toml"


@pytest.fixture(scope="module")
def source_trees():
    """The trees `helpers.source_tree` parsed for a test file, let go after its tests rather
    than kept (and walked by every garbage collection) for the rest of the run."""
    yield
    from tests.helpers import parsed

    parsed.cache_clear()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The same folder as `here`, given as the folder itself."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    return tmp_path


def pytest_collection_modifyitems(config, items):
    """A test that looks at a page in Chromium is a browser test, and a slow one, whether or
    not its module says so: the quick suite (`-m "not slow"`) starts no browser, and
    `-m browser` runs the page's tests alone."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for the page's tests (tests/browser.py), one per test file; the
    test skips, saying why, where Chromium is not installed."""
    from browser import Browser, find

    executable = find()
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install chromium): the page is not looked at in a browser")
    b = Browser(executable)
    yield b
    b.close()
