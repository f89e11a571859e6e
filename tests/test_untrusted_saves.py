"""Whatever a player types, what scorepad saves reads back: every value the grammar lets
through, driven into a record by the same layer the command line and the live prompt use,
leaves a record the strict reader takes; a refusal leaves it byte for byte as it was. The
save reads back what it adds with the record's own grammar, and refuses what does not read
as the game holds it (the net under each bound of the typed grammar)."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers import ok, refused

from scorepad.cli.actions import new_game
from scorepad.cli.grammar import HandsIn, PlayIn, parse_line
from scorepad.cli.perform import perform
from scorepad.engine.notation import MAX_CLAIM
from scorepad.engine.tiles import ALL_TILES, Tile
from scorepad.errors import ScorepadError
from scorepad.record import format as record_format
from scorepad.record.format import RecordError, loads

TILES = [f"{t.a}{t.b}" for t in ALL_TILES]
NUMBERS = st.one_of(st.integers(0, 60), st.integers(0, 3 * MAX_CLAIM), st.text("0123456789", min_size=1, max_size=7))
CLAIM = st.one_of(st.just(""), NUMBERS.map(" ={}".format))
PLAY = st.builds("{}{}{}".format, st.sampled_from(TILES), st.sampled_from(["", " e", " w", " n", " s"]), CLAIM)
NAME = st.sampled_from(["Ann", "Bob", "bob", "A", "Cy"])
AT = st.builds("{}.{}".format, st.integers(1, 3), st.integers(1, 6))
LINE = st.one_of(
    PLAY,
    PLAY,
    PLAY,
    st.builds("d {}".format, NUMBERS),
    st.just("pass"),
    st.builds("m {}".format, NAME),
    st.builds("u {}".format, st.integers(0, 3)),
    st.builds("hands {}={}".format, NAME, st.one_of(NUMBERS, NUMBERS.map("{}p".format), st.sampled_from(TILES))),
    st.builds("replace {} {}: {}".format, AT, NAME, PLAY),
    st.builds("insert {} {}: draw {}".format, AT, NAME, NUMBERS),
    st.builds("delete {}".format, AT),
)


def a_game(players=("Ann", "Bob"), **options) -> Path:
    """A new record of its own, in a folder of its own (hypothesis runs many in one test)."""
    file = Path(tempfile.mkdtemp(prefix="scorepad-saves-")) / "scorepad.toml"
    new_game(file, list(players), "pagat", {"deal": [2, 3, 3], "muggins": True, **options}, players[0], False)
    return file


def likely_line(data, file: Path) -> str:
    """A line the game could take now: a tile where it fits (any claim), a draw, a pass,
    or the hands once the round is over, each with values drawn up to and past the bounds."""
    game = loads(file.read_text(encoding="utf-8")).game
    r = game.current
    if r.result is not None:
        value = data.draw(st.one_of(NUMBERS, NUMBERS.map("{}p".format), st.sampled_from(TILES)))
        return f"hands {game.players[1 - (r.domino_maker or 0)]}={value}"
    fits = [
        f"{t.a}{t.b}" + (f" {place.end.value}" if place.end is not None else "")
        for t in ALL_TILES
        if not r.layout.on_table(t)
        for place in r.layout.placements(t)
    ]
    if not fits:
        return data.draw(st.sampled_from(["d 1", "pass"]))
    return data.draw(st.sampled_from(fits)) + data.draw(CLAIM)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_whatever_is_typed_the_record_saved_reads_back(data):
    file = a_game()
    for _step in range(data.draw(st.integers(1, 16))):
        line = data.draw(LINE) if data.draw(st.booleans()) else likely_line(data, file)
        before = file.read_bytes()
        try:
            perform(file, parse_line(line))
        except ScorepadError:
            assert file.read_bytes() == before, line
        loads(file.read_text(encoding="utf-8"))  # raises if the save left what cannot be read


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=5), target=st.integers(-5, 200_000))
def test_whatever_names_and_target_a_new_game_takes_read_back(names, target):
    file = Path(tempfile.mkdtemp(prefix="scorepad-saves-")) / "scorepad.toml"
    try:
        new_game(file, names, "pagat", {"target": target}, names[0], False)
    except ScorepadError:
        assert not file.exists()
        return
    assert list(loads(file.read_text(encoding="utf-8")).game.players) == names


def test_a_move_the_record_cannot_read_is_not_saved(here):
    """Past the typed grammar's bounds (as a typed input that skipped them would be), the
    engine takes the move, but the record's grammar would not read it back: the save is
    refused and the record is as it was."""
    file = a_game(players=("Ann", "Bob", "Cy"), deal=[7, 5, 5])
    ok("play", "66", "-f", file)
    before = file.read_bytes()
    try:
        perform(file, PlayIn(Tile(6, 5), None, MAX_CLAIM + 1, None))
    except RecordError as error:
        assert "would be written as 'Bob: 6-5 W =1001', which scorepad cannot read back" in str(error)
        assert "the record is as it was" in str(error)
    else:
        pytest.fail("saved")
    assert file.read_bytes() == before
    assert loads(file.read_text(encoding="utf-8")).game.current.moves[-1].player == "Ann"


def test_the_command_line_says_why_it_did_not_save(here, monkeypatch):
    """The refusal reaches the player as any bad input does: a message, exit 2, the record
    untouched (a grammar that let a claim too large through, as it once did)."""
    from scorepad.cli import grammar

    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "66")
    monkeypatch.setattr(grammar, "MAX_CLAIM", 10**6)
    refused(["play", "65", "=5000"], here, 2, "would be written as 'Bob: 6-5 W =5000'", "the record is as it was")


def test_a_hand_the_record_cannot_read_is_not_saved(here):
    file = a_game(deal=[1, 1, 1])
    ok("play", "55", "-f", file)
    before = file.read_bytes()
    with pytest.raises(RecordError, match="would be written as Bob = 169"):
        # The engine bounds a hand by the tiles unseen; past that the reader's 168 refuses it.
        game = _with_hand(file, 169)
        record_format.read_back(record_format.dumps_parts(game), game, 1)
    assert file.read_bytes() == before


def _with_hand(file: Path, pips: int):
    game = loads(file.read_text(encoding="utf-8")).game
    game.current.hands = {1: pips}
    return game


def test_a_save_reads_back_only_what_it_adds(here, monkeypatch):
    """The rounds the record held when read are not read again: a move on a record of many
    rounds reads back its own round only."""
    file = a_game(deal=[1, 1, 1])
    for _round in range(6):
        ok("play", "55", "--by", "Ann", "-f", file)
        ok("hands", "Bob=0", "-f", file)
    checked = []
    real = record_format._check_round
    monkeypatch.setattr(
        record_format, "_check_round", lambda game, number, *rest: checked.append(number) or real(game, number, *rest)
    )
    perform(file, parse_line("44"))
    assert checked == [7]
    perform(file, HandsIn(("Bob=0",), None))
    assert checked == [7, 7, 8]


@pytest.mark.parametrize("typed", [["insert", "1.2", "Bob: draw 29"], ["replace", "1.2", "Bob: draw 99"]])
def test_an_amended_draw_past_the_set_is_refused_as_typed(here, typed):
    """The record's grammar reads a draw of at most 28 tiles; a larger count typed in an
    amendment is bad input (exit 2), said as `draw 29` says it, not a replay's refusal."""
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "66")
    ok("draw", "1")
    refused(typed, here, 2, f"'{typed[2]}': the draw count can be at most 28")
    refused(["insert", "1.2", "Bob: draw 28"], here, 1, "cannot draw 28")  # at the bound: the engine's to judge
