import pytest

from scorepad import Game, Rules, parse_move


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
