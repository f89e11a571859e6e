import pytest

from scorepad import (
    Draw,
    End,
    InvalidMoveError,
    Muggins,
    Pass,
    Play,
    Tile,
    parse_end,
    parse_move,
    parse_tile,
)
from scorepad.engine.tiles import ALL_TILES, parse_tiles


@pytest.mark.parametrize("text", ["6-4", "64", "6:4", "6|4", " 6-4 "])
def test_tile_forms(text):
    tile = parse_tile(text)
    assert (tile.a, tile.b) == (6, 4)
    assert str(tile) == "6-4"


def test_tiles_are_physical_tiles():
    assert Tile(4, 3) == Tile(3, 4)
    assert str(Tile(4, 3)) == "4-3"
    assert len({t.id for t in ALL_TILES}) == 28
    assert sum(t.pips for t in ALL_TILES) == 168


@pytest.mark.parametrize("text", ["6-7", "64x", "", "6", "6-", "a-b", "6--4", "7|0"])
def test_bad_tiles_quote_the_input(text):
    with pytest.raises(InvalidMoveError, match=f"'{text}' is not a tile"):
        parse_tile(text)


def test_strict_tiles_take_only_the_record_form():
    assert parse_tile("6-4", strict=True) == Tile(6, 4)
    with pytest.raises(InvalidMoveError, match="'64' is not a tile"):
        parse_tile("64", strict=True)


@pytest.mark.parametrize(
    "text, end",
    [("W", End.W), ("e", End.E), ("left", End.W), ("RIGHT", End.E), ("up", End.N), ("Down", End.S)],
)
def test_end_names(text, end):
    assert parse_end(text) is end


@pytest.mark.parametrize(
    "text, end",
    [
        ("o", End.E),
        ("O", End.E),
        ("links", End.W),
        ("Rechts", End.E),
        ("oben", End.N),
        ("unten", End.S),
        ("west", End.W),
        ("Ost", End.E),
        ("nord", End.N),
        ("süd", End.S),
        ("Süd", End.S),
        ("su\u0308d", End.S),
        ("sued", End.S),
        ("east", End.E),
        ("south", End.S),
    ],
)
def test_german_and_compass_end_names_are_typed_input(text, end):
    assert parse_end(text) is end


@pytest.mark.parametrize("text", ["o", "O", "ost", "links"])
def test_the_record_keeps_w_e_n_s(text):
    with pytest.raises(InvalidMoveError, match=f"'{text}' is not an end: W, E, N or S"):
        parse_end(text, strict=True)


def test_bad_end():
    with pytest.raises(InvalidMoveError, match="'x' is not an end"):
        parse_end("x")
    with pytest.raises(InvalidMoveError, match="'w' is not an end"):
        parse_end("w", strict=True)


@pytest.mark.parametrize(
    "text, move",
    [
        ("Ann: 6-4 E =10", Play("Ann", Tile(6, 4), End.E, 10)),
        ("Ann: 1-4 =5", Play("Ann", Tile(1, 4), None, 5)),
        ("Bob: 1-1 W", Play("Bob", Tile(1, 1), End.W)),
        ("Cy: 3-6", Play("Cy", Tile(3, 6))),
        ("Ann: draw 2", Draw("Ann", 2)),
        ("Ann: draw", Draw("Ann", 1)),
        ("Ann: pass", Pass("Ann")),
        ("Ann: muggins", Muggins("Ann")),
        ("Mary Ann: 0-0 S =0", Play("Mary Ann", Tile(0, 0), End.S, 0)),
    ],
)
def test_moves_parse_and_round_trip(text, move):
    assert parse_move(text) == move
    assert parse_move(str(move)) == move
    assert str(parse_move(text)) == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("Ann 6-4", "write 'Name: action'"),
        ("Ann: 6-9", "'6-9' is not a tile"),
        ("Ann: 6-4 X", "'X' is not an end"),
        ("Ann: 6-4 e", "'e' is not an end"),
        ("Ann: draw 0", "at least 1"),
        ("Ann: draw two", "must be a whole number, not 'two'"),
        ("Ann: pass now", "pass takes nothing"),
        ("Ann: 6-4 E =ten", "must be a whole number"),
        ("Ann: 6-4 E =10 extra", "unexpected 'extra'"),
        ("Ann:  6-4", "is not a move"),
        (" Ann: 6-4", "is not a player name"),
        ("Ann: ", "is not a move"),
    ],
)
def test_bad_moves_quote_the_input(text, message):
    with pytest.raises(InvalidMoveError, match=message) as info:
        parse_move(text)
    assert f"'{text}'" in str(info.value)


def test_hands_as_tiles():
    assert parse_tiles("4-3 5-0") == [Tile(4, 3), Tile(5, 0)]
    assert parse_tiles("43,50") == [Tile(4, 3), Tile(5, 0)]
    with pytest.raises(InvalidMoveError):
        parse_tiles("4-3  5-0", strict=True)
