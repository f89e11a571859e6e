"""The views, the live prompt and the typed forms in German, and the German words typed in
any language (grammar.py): what a German table reads and types."""

import io
import unicodedata
from pathlib import Path

import pytest
from rich.console import Console
from tests.conftest import play_all
from tests.helpers import ok, run

from scorepad import Game, Rules, i18n
from scorepad.cli.grammar import DrawIn, PassIn, PlayIn, ViewIn, parse_end, parse_line
from scorepad.cli.live import live_command, live_help
from scorepad.engine.tiles import End, Tile
from scorepad.record.files import load
from scorepad.views.status import ends_line, next_step, status


def text(renderable, width: int = 40) -> str:
    screen = Console(width=width, record=True, color_system=None, file=io.StringIO())
    screen.print(renderable)
    return "\n".join(line.rstrip() for line in screen.export_text().splitlines())


@pytest.fixture
def german():
    i18n.use("de")


@pytest.fixture
def started(here):
    """A game for Ann, Bob and Cy in the test's own folder, Ann to lead: the record's path."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    return here


# --- German words typed, in any language --------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "word, end",
    [
        ("o", End.E),
        ("O", End.E),
        ("ost", End.E),
        ("Ost", End.E),
        ("rechts", End.E),
        ("links", End.W),
        ("oben", End.N),
        ("unten", End.S),
        ("nord", End.N),
        ("süd", End.S),
        ("Süd", End.S),
        ("sued", End.S),
        (unicodedata.normalize("NFD", "süd"), End.S),
    ],
)
def test_german_end_words_in_any_language(language, word, end):
    i18n.use(language)
    assert parse_end(word) is end
    assert parse_line(f"6-4 {word}") == PlayIn(Tile(6, 4), end)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "typed, meant",
    [
        ("z", DrawIn(1)),
        ("Z 2", DrawIn(2)),
        ("ziehen", DrawIn(1)),
        ("ziehen 3 @Bob", DrawIn(3, "Bob")),
        ("d", DrawIn(1)),
        ("p", PassIn()),
        ("passen", PassIn()),
        ("passen @cy", PassIn("cy")),
        ("pass", PassIn()),
        ("hilfe", ViewIn("help")),
        ("zeigen", ViewIn("show")),
        ("regeln", ViewIn("rules")),
    ],
)
def test_german_live_words_in_any_language(language, typed, meant):
    i18n.use(language)
    assert parse_line(typed) == meant


def test_german_words_take_nothing_unexpected():
    i18n.use("de")
    with pytest.raises(ValueError, match="nach passen folgt nichts mehr"):
        parse_line("passen 2")
    with pytest.raises(ValueError, match=r"gib eine Anzahl ab 1 an, z\. B\. z 2"):
        parse_line("z 0")


def test_german_ends_on_the_command_line(started):
    before = started.read_bytes()
    assert run("play", "40").exit_code == 0
    result = run("play", "41", "links")
    assert result.exit_code == 0, result.output
    result = run("play", "0|5", "o")
    assert result.exit_code == 0, result.output
    result = run("play", "55", "ost", "--by", "Ann")
    assert result.exit_code == 0, result.output
    assert [str(m) for m in load(started).game.current.moves] == ["Ann: 4-0", "Bob: 4-1 W", "Cy: 0-5 E", "Ann: 5-5 E"]
    assert before != started.read_bytes()  # the record keeps E and W: the notation is English


def test_german_words_at_the_live_prompt(started):
    result = run("live", input="64 @Ann\nz\npassen\nq\n")
    assert result.exit_code == 1, result.output  # refused lines from a pipe
    assert [str(m) for m in load(started).game.current.moves] == ["Ann: 6-4", "Bob: draw"]
    assert "Bob cannot pass: the boneyard still holds 6 tiles" in " ".join(result.output.split())


# --- what a German table reads ------------------------------------------------------------------


def test_the_live_help_fits_40_columns_in_both_languages():
    for language in ("en", "de"):  # German last: its lines are checked below
        i18n.use(language)
        lines = live_help().splitlines()
        assert max(len(line) for line in lines) <= 40, language
    assert "z, z 2    einen ziehen, zwei ziehen" in lines
    assert "p         passen (auch pass, passen)" in lines


def test_a_german_status_at_40_columns(german):
    game = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat"), opener="Ann")
    outs = play_all(game, "Ann: 5-5", "Bob: 5-0 E", "Cy: 0-2 E")
    assert text(status(game, 40, outs[-1], live=True)) == (
        "Cy 0-2 O +0: 5|5 + 2 = 12\n"
        "W10 {5|5} 5-0 0-2 O2\n"
        "Enden W 10 + O 2 = 12\n"
        "Runde 1 · Ziel 200 · Talon 7\n"
        "Ann  10  6 Steine ◀\n"
        "Bob  10  6 Steine\n"
        "Cy    0  6 Steine\n"
        "Ann ist am Zug."
    )


def test_german_round_end_and_hands(german):
    game = Game(["Ann", "Bob"], Rules.from_options("pagat"), opener="Ann")
    assert str(ends_line(game.current.layout)) == ""
    assert text(status(game, 40)).startswith("(noch kein Stein auf dem Tisch)\n")
    assert text(next_step(game, live=True)) == "Ann ist am Zug."
    game.current.result = "blocked"  # as the engine leaves a blocked round
    assert text(next_step(game)).startswith("Runde zu Ende: gesperrt.\nWeiter: scorepad hands")
    assert "AUGEN" in text(next_step(game))


def test_german_hands_note():
    i18n.use("de")
    path = Path(__file__).resolve().parents[1] / "examples" / "demo.toml"
    game = load(path).game
    r = game.rounds[0]
    from scorepad.views.award import award_reason, hands_summary

    assert award_reason(game, r) == "round5(Ann 30 + Cy 10)"
    assert hands_summary(game, r) == "Bob hat Domino gemacht; Bob +40: round5(Ann 30 + Cy 10)"


def test_german_live_refusal_and_hint(started, capsys, german):
    assert live_command("hint 55 12", started) is True
    said = " ".join(capsys.readouterr().out.split())
    assert "5-5 Eröffnung: bringt 10; nächster Spieler bis zu 10 (5-0 W)" in said
    before = started.read_bytes()
    assert live_command("64 x", started) is None
    shown = capsys.readouterr()
    said = " ".join((shown.out + shown.err).split())
    assert "'x' ist kein Ende: schreibe w o n s, west ost nord süd oder links rechts oben unten" in said
    assert started.read_bytes() == before


def test_german_statistics_write_a_decimal_comma():
    from scorepad.views.stats import stats_view

    row = {
        "player": "Cy",
        "games": 1,
        "wins": 0,
        "rounds": 5,
        "points": 87.5,
        "from_plays": 55,
        "from_hands": 32.5,
        "from_muggins": 0,
        "best_play": 20,
        "average_per_round": 17.5,
    }
    i18n.use("en")
    assert text(stats_view([row], 40)).splitlines()[1:] == [
        "  87.5 points: plays 55,",
        "  hands 32.5, muggins 0",
        "  best play 20, 17.5 a round",
    ]
    i18n.use("de")
    assert text(stats_view([row], 40)).splitlines() == [
        "Cy: 1 Partie, 0 gewonnen, 5 Runden",
        "  87,5 Punkte: Anlegen 55,",
        "  Resthände 32,5, Muggins 0",
        "  bester Zug 20, 17,5 je Runde",
    ]


def test_a_missing_record_is_said_once_in_german(tmp_path):
    from scorepad.cli.actions import read_game

    i18n.use("de")
    with pytest.raises(ValueError) as refused:
        read_game(tmp_path / "none.toml")
    assert str(refused.value) == (f"keine Partie in {tmp_path / 'none.toml'}: beginne eine mit scorepad new --players Ann,Bob")
    (tmp_path / "bad.toml").write_text("format = 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^das Protokoll lässt sich nicht lesen: .*bad\.toml: "):
        read_game(tmp_path / "bad.toml")


def test_the_german_sheet_names_the_target():
    from scorepad.views.sheet import sheet

    i18n.use("de")
    game = load(Path(__file__).resolve().parents[1] / "examples" / "muggins.toml").game
    lines = text(sheet(game, 40)).splitlines()
    assert lines[:3] == ["Ziel 150", "Ann", "Runde  Züge  Mugg  Hand     Stand"]
    assert lines[-1] == "Sieger: Ann."
