import pytest

from scorepad import Game, Rules, parse_move


def play_all(game: Game, *moves: str):
    """Push each move of a record and return the outcomes."""
    return [game.push(parse_move(m)) for m in moves]


@pytest.fixture
def three():
    return Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")
