"""The views, the live prompt and the typed forms in German, and the German words typed in
any language (grammar.py): what a German table reads and types."""

import io
import unicodedata
from pathlib import Path

import pytest
from rich.console import Console
from tests.conftest import play_all
from tests.helpers import flat, ok, run

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
    from scorepad.record.files import read_game

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
    assert lines[:3] == ["Ziel 150", "Ann", "Runde  Anlegen  Mugg  Hand     Stand"]
    assert lines[-1] == "Sieger: Ann."


# --- as a German table reads it -----------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_a_partnership_that_won_is_plural_on_the_page():
    page = ok("export", "-", "-f", EXAMPLES / "pagat-partners.toml", lang="de")
    assert "Ann &amp; Cy haben gewonnen: Ann &amp; Cy 210, Bob &amp; Dee 140" in page
    assert "hat gewonnen: Ann &amp; Cy" not in page


def test_the_turn_marker_stays_beside_the_partner_to_play_at_40_columns(here):
    ok("new", "--players", "Özlem,Anna,Bernd,Carl", "--opener", "Özlem")
    out = ok("play", "64", lang="de")
    # The line wraps at 40 columns; the marker goes with Anna, never to Carl's line.
    assert "Steine: Anna 5 ◀," in out
    assert "Carl 5 ◀" not in flat(out)
    out = ok("play", "41 o", lang="de")
    assert "Bernd 5 ◀" in out
    assert "Özlem 4 ◀" not in flat(out)
    # Too long for 40 columns: every side's tiles on a line of their own, indented, so no
    # name is parted from its count; at 100 columns each side is one line.
    lines = out.splitlines()
    assert max(map(len, lines)) <= 40
    assert "Özlem & Bernd  10" in lines and "  Steine: Özlem 4, Bernd 5 ◀" in lines
    assert "Anna & Carl     0" in lines and "  Steine: Anna 4, Carl 5" in lines
    wide = ok("show", lang="de", width=100).splitlines()
    assert "Özlem & Bernd  10  Steine: Özlem 4, Bernd 5 ◀" in wide


def test_the_example_for_a_highest_double_lead_is_a_double(here):
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends")
    out = flat(run("live", lang="de", input="64\nq\n").output)
    assert "z. B. 66 @Ann" in out
    assert "64 @Ann" not in out


def test_the_stale_prompt_says_the_record_changed_since_the_prompt_was_shown(german):
    from scorepad.i18n import _

    said = _("the record changed since this prompt was shown: nothing was recorded")
    assert said == "das Protokoll hat sich geändert, seit diese Eingabezeile angezeigt wurde: nichts wurde eingetragen"


def test_east_is_o_in_the_help_and_the_offers(here):
    assert "64 o, z 2" in run("live", "--help", lang="de", width=100).output
    assert 'Beispiel: scorepad replace 1.3 "Cy: 6-2 O"' in flat(run("replace", "--help", lang="de", width=100).output)
    assert "(w o n s, west ost" in flat(run("play", "--help", lang="de", width=100).output)
    assert "replace 1.3 Cy: 6-2 O" in live_help_text()
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    for line in ["44", "41 w", "43 o", "35 o", "54 o", "46 n", "12 w", "25 w"]:
        ok("play", *line.split(), lang="de")
    out = run("play", "06", "o", lang="de").output
    assert 'scorepad replace 1.6 "Cy: 4-6 O"' in out
    assert "4-6 E" not in out
    ok("fix", "1", lang="de")
    assert str(load(here).game.rounds[0].moves[5]) == "Cy: 4-6 E"
    assert str(load(here).game.rounds[0].moves[-1]) == "Cy: 0-6 E"  # the record keeps E


def live_help_text() -> str:
    i18n.use("de")
    try:
        return live_help()
    finally:
        i18n.use("en")


def test_rules_says_which_player_leads_the_next_round(here):
    out = flat(ok("rules", "fuenfer", lang="de", width=100))
    assert "next_opener wer Domino gemacht hat; nach einer blockierten Runde, wer von der siegreichen Seite" in out
    assert "die Seite, die die Runde gewonnen hat" not in out


def test_points_from_plays_have_one_name_in_sheet_stats_and_page():
    record = EXAMPLES / "pagat-partners.toml"
    sheet_head = ok("sheet", "-f", record, lang="de", width=100)
    stats_head = ok("stats", record, lang="de", width=120)
    page = ok("export", "-", "-f", record, lang="de")
    for shown in (sheet_head, stats_head, page):
        assert "Anlegen" in shown
    assert "Züge" not in sheet_head + stats_head
