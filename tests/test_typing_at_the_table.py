"""What a table types loosely, and what it needs to be told, each in English and German:
the log of one round, amendments typed as loosely as moves, a hand that reads the same
either way, messages that say enough (the sums of each end; which move arrived from
elsewhere), German notation on screen, names without accents, whose tile count is whose,
the tally's key, and Ctrl-C at an empty prompt."""

import json

import pytest
from tests.helpers import flat, hand_over, live, ok, refused, run
from tests.helpers import moves_of as moves

from scorepad import i18n
from scorepad.cli.grammar import AmbiguousInputError, parse_line, parse_record_move, read_hand, resolve_player
from scorepad.engine.notation import Draw, Muggins, Pass, Play, collation_key, loose_name_key
from scorepad.engine.tiles import End, Tile
from scorepad.errors import IllegalMoveError
from scorepad.record.files import load

LANGS = ("en", "de")


def say(lang: str, *args):
    """Run a command in a language; returns the result."""
    return run(*args, lang=lang)


def game_of_three(*typed: str):
    ok("new", "--players", "Ann,Tom,Cy", "--opener", "Ann")
    for move in typed:
        ok("play", *move.split())


# --- log --round N, live `l N` -----------------------------------------------------------------


def two_rounds(here):
    hand_over(here)  # Tom, Ben, Priya; round 1: 4 moves, hand over
    ok("hands", "Ben=1-1", "Priya=2-2")
    ok("play", "5-4")


@pytest.mark.parametrize(
    ("lang", "title", "missing"),
    [
        ("en", "Round", "there is no round 7: the game has rounds 1 to 2"),
        ("de", "Runde", "es gibt keine Runde 7: die Partie hat die Runden 1 bis 2"),
    ],
)
def test_log_of_one_round(here, lang, title, missing):
    two_rounds(here)
    result = say(lang, "log", "--round", "1")
    assert result.exit_code == 0, result.output
    assert f"{title} 1" in result.output and f"{title} 2" not in result.output
    assert "Tom: 3-6" in result.output and "Tom: 5-4" not in result.output
    result = say(lang, "log", "-r", "2")
    assert f"{title} 2" in result.output and f"{title} 1" not in result.output
    data = json.loads(say(lang, "log", "--round", "2", "--json").output)
    assert [r["round"] for r in data] == [2] and data[0]["moves"][0]["move"] == "Tom: 5-4"
    result = say(lang, "log", "--round", "7")
    assert result.exit_code == 2 and flat(missing) in flat(result.output)
    assert "Traceback" not in result.output
    assert say(lang, "log", "--round", "0").exit_code == 2


@pytest.mark.parametrize(("lang", "title"), [("en", "Round"), ("de", "Runde")])
def test_live_l_with_a_round_number(here, lang, title):
    two_rounds(here)
    result = run("live", input="l 1\nl\nl 9\nq\n", lang=lang)
    assert result.exit_code == 1, result.output  # `l 9` was refused
    lines = [line.rpartition("> ")[2].strip() for line in result.output.splitlines()]  # without the prompt
    titles = [line for line in lines if line in (f"{title} 1", f"{title} 2")]
    assert titles == [f"{title} 1", f"{title} 2"]  # `l 1`, then `l`: the round being played
    assert "Tom: 3-6" in result.output
    missing = "there is no round 9: the game has rounds 1 to 2" if lang == "en" else "es gibt keine Runde 9"
    assert missing in flat(result.output)
    assert parse_line("l 2").round == 2 and parse_line("log 12").round == 12
    assert parse_line("l all").all


# --- amendments typed as loosely as moves ------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        ["Tom: draw 4"],
        ["tom", "draw", "4"],
        ["tom draw 4"],
        ["to", "d", "4"],
        ["draw", "4", "@tom"],
        ["TOM", "z", "4"],  # the German live word
    ],
)
def test_insert_typed_loosely_writes_the_same_move(here, typed):
    game_of_three("64", "44 e")
    ok("insert", "1.2", *typed)
    assert moves(here) == ["Ann: 6-4", "Tom: draw 4", "Tom: 4-4 E"]


@pytest.mark.parametrize(
    ("lang", "end", "echo"), [("en", "e", "Replaced 1.2: Tom: 4-3 E"), ("de", "o", "Ersetzt 1.2: Tom: 4-3 O")]
)
def test_replace_typed_loosely(here, lang, end, echo):
    game_of_three("64", "41 e", "62 w")
    result = say(lang, "replace", "1.2", "tom", "43", end)
    assert result.exit_code == 0, result.output
    assert echo in result.output
    assert moves(here) == ["Ann: 6-4", "Tom: 4-3 E", "Cy: 6-2 W"]  # the record keeps E


def test_loose_amendments_at_the_live_prompt(here):
    game_of_three("64", "44 e")
    result = live("insert 1.2 tom d 2\nreplace 1.3 45 e @tom\nq\n")
    assert result.exit_code == 0, result.output
    assert moves(here) == ["Ann: 6-4", "Tom: draw 2", "Tom: 4-5 E"]


def test_parse_record_move_forms():
    players = ("Ann", "Tom", "Özlem")
    assert parse_record_move("tom pass", players) == Pass("Tom")
    assert parse_record_move("ozlem m", players) == Muggins("Özlem")
    assert parse_record_move("ann 64 left =10", players) == Play("Ann", Tile(6, 4), End.W, 10)
    assert parse_record_move("64 e @oz", players) == Play("Özlem", Tile(6, 4), End.E)
    assert parse_record_move("Tom: passen", players) == Pass("Tom")
    assert parse_record_move("tom ziehen 3", players) == Draw("Tom", 3)


@pytest.mark.parametrize(
    ("typed", "code", "message"),
    [
        ("tom", 2, "'tom' is not a move: write it as in the record"),
        ("draw", 2, "'draw' is not a move"),
        ("@tom @ann 64", 2, "'@tom @ann 64' is not a move"),
        ("64 e", 1, "'64' is not playing: players are Ann, Tom, Cy"),
        ("zed draw", 1, "'zed' is not playing"),
        ("tom dance", 2, "'dance' is not a tile"),
    ],
)
def test_a_loose_amendment_that_says_too_little_is_refused(here, typed, code, message):
    game_of_three("64", "44 e")
    refused(["insert", "1.2", *typed.split()], here, code, message)


# --- a hand that reads the same either way -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_whose_readings_give_the_same_points_is_taken(here, lang):
    hand_over(here)  # Ben and Priya hold one tile each; 3-6 6-6 6-2 3-3 on the table
    result = say(lang, "hands", "Ben=05", "Priya=04")
    assert result.exit_code == 0, result.output
    game = load(here).game
    assert game.rounds[0].hands == {1: 5, 2: 4}  # pip totals
    # Tom's domino: round5(5 + 4) = 10; Ben's 6-6 E made 3 + 12 = 15, Priya's 6-2 E 3 + 2 = 5.
    assert game.scores == [10, 15, 5]


def test_read_hand_same_points_either_way_and_still_ambiguous_otherwise():
    on_table = {Tile(3, 6), Tile(6, 6)}
    assert read_hand("Bob", "05", 1, on_table) == 5
    assert read_hand("Bob", "0005", 2, on_table) == 5  # 0-0 and 0-5, or 5 pips
    with pytest.raises(AmbiguousInputError, match="Bob=1-1 or Bob=11p"):
        read_hand("Bob", "11", 1, on_table)  # the tile 1-1 is 2 pips, not 11


# --- messages that say enough ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "0-5 fits more than one end: W makes 15 (scores 15), E makes 0 (scores 0); say which end"),
        ("de", "0-5 passt an mehr als ein Ende: W ergibt 15 (bringt 15), O ergibt 0 (bringt 0)"),
    ],
)
def test_fits_more_than_one_end_shows_each_ends_sum(here, lang, message):
    ok("new", "--players", "Ann,Tom", "--opener", "Ann", "--spinner", "none")
    for move in ("55", "51 w", "10 w"):
        ok("play", *move.split())
    result = say(lang, "play", "05")
    assert result.exit_code == 1 and flat(message) in flat(result.output)


@pytest.mark.parametrize(
    ("lang", "arrived", "undone"),
    [
        ("en", "(Cy: 4-1 E was recorded elsewhere)", "(Tom: 4-4 E, Cy: 4-1 E were taken back elsewhere)"),
        ("de", "(Cy: 4-1 O wurde anderswo eingetragen)", "(Tom: 4-4 O, Cy: 4-1 O wurden anderswo zurückgenommen)"),
    ],
)
def test_a_stale_live_line_says_which_move_arrived_from_elsewhere(here, capsys, lang, arrived, undone):
    from scorepad.cli.live import live_command
    from scorepad.record.library import content

    def stale(elsewhere: tuple[str, ...], typed: str) -> str:
        """What live says to `typed` at a prompt drawn before `elsewhere` was done."""
        i18n.use("en")
        seen = content(here)
        ok(*elsewhere)
        after = here.read_bytes()
        i18n.use(lang)
        assert live_command(typed, here, seen) is None
        assert here.read_bytes() == after
        said = capsys.readouterr()
        return flat(said.out + said.err)

    game_of_three("64", "44 e")
    assert flat(arrived) in stale(("play", "41", "e"), "41 w")  # Cy's move, recorded elsewhere
    assert flat(undone) in stale(("undo", "2"), "d")  # two moves taken back elsewhere
    changed = "Ann: 6-4 was changed elsewhere to Ann: 6-5" if lang == "en" else "Ann: 6-4 wurde anderswo in Ann: 6-5 geändert"
    assert flat(changed) in stale(("replace", "1.1", "ann", "65"), "d")


# --- German notation on screen, the record as it is --------------------------------------------


def test_german_views_say_o_the_record_keeps_e(here):
    game_of_three("64", "41 e")
    result = say("de", "undo")
    assert "Zurückgenommen: Tom: 4-1 O" in result.output
    ok("play", "42", "e")
    log = say("de", "log").output
    assert "Tom: 4-2 O" in log and "4-2 E" not in log
    assert "Tom: 4-2 E" in say("en", "log").output
    assert moves(here) == ["Ann: 6-4", "Tom: 4-2 E"]
    assert '"Tom: 4-2 E"' in here.read_text()
    hint = say("de", "hint", "44", "26").output
    assert " E " not in hint and "O" in hint


# --- names without accents, lists in the language's order --------------------------------------


def test_names_match_without_accents_and_case_where_unique():
    players = ("Özlem", "Tom", "Jürgen")
    assert resolve_player("ozlem", players) == "Özlem"
    assert resolve_player("OZLEM", players) == "Özlem"
    assert resolve_player("oz", players) == "Özlem"
    assert resolve_player("j", players) == "Jürgen"
    assert resolve_player("jur", players) == "Jürgen"
    assert resolve_player("JÜR", players) == "Jürgen"
    # The stricter match wins: Zoe exactly in case, though Zoë is the same without accents.
    assert resolve_player("zoe", ("Zoe", "Zoë")) == "Zoe"
    assert resolve_player("zoë", ("Zoe", "Zoë")) == "Zoë"
    with pytest.raises(AmbiguousInputError, match="'zo' could be Zoe or Zoë"):
        resolve_player("zo", ("Zoe", "Zoë"))
    with pytest.raises(IllegalMoveError, match="'x' is not playing"):
        resolve_player("x", players)
    assert loose_name_key("Jürgen") == "jurgen" and loose_name_key("Straße") == "strasse"


@pytest.mark.parametrize("lang", LANGS)
def test_names_without_accents_on_the_command_line_and_live(here, lang):
    ok("new", "--players", "Özlem,Tom,Jürgen", "--opener", "Özlem", "--muggins")
    assert say(lang, "play", "55").exit_code == 0  # Özlem leads 5-5 and claims nothing
    result = run("live", input="m j\nq\n", lang=lang)
    assert result.exit_code == 0, result.output
    assert moves(here) == ["Özlem: 5-5", "Jürgen: muggins"]
    assert say(lang, "play", "50", "e", "--by", "tom").exit_code == 0
    assert moves(here)[-1] == "Tom: 5-0 E"


def test_lists_sort_by_collation(tmp_path):
    records = []
    for number, players in enumerate((["Tom", "Özlem"], ["zoe", "Anna"]), start=1):
        record = tmp_path / f"g{number}.toml"
        assert run("new", "--players", ",".join(players), "--opener", players[0], "-f", record).exit_code == 0
        assert run("play", "55", "-f", record).exit_code == 0
        records.append(record)
    rows = json.loads(run("stats", "--json", *records).output)
    assert [r["player"] for r in rows] == ["Anna", "Özlem", "Tom", "zoe"]
    assert sorted(["Tom", "Özlem", "Oz", "Zoë", "Zoe", "ann"], key=collation_key) == ["ann", "Oz", "Özlem", "Tom", "Zoe", "Zoë"]


# --- the status line, the tally, Ctrl-C ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["Ann & Cy   10  tiles: Ann 4, Cy 5", "Bob & Dee   0  tiles: Bob 5 ◀, Dee 5"]),
        ("de", ["Ann & Cy   10  Steine: Ann 4, Cy 5", "Bob & Dee   0  Steine: Bob 5 ◀, Dee 5"]),
    ],
)
def test_the_partnership_status_line_says_whose_count_is_whose(here, lang, lines):
    ok("new", "--players", "Ann,Bob,Cy,Dee", "--opener", "Ann", "--partners")
    result = say(lang, "play", "55")
    for line in lines:
        assert line in result.output.splitlines()
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--force")
    assert "Ann  0  7 tiles ◀" in say("en", "show").output  # alone: the count alone


@pytest.mark.parametrize(
    ("lang", "key"),
    [
        ("en", "key: | = 5 points; the large X with a small x in each field = 50 points; half points are noted apart"),
        ("de", "Legende: | = 5 Punkte; das große X mit einem kleinen x in jedem Feld = 50 Punkte; halbe Punkte stehen extra"),
    ],
)
def test_the_tally_shows_its_key(here, lang, key):
    game_of_three("55")
    result = say(lang, "tally")
    assert result.exit_code == 0 and flat(key) in flat(result.output)


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "(Ctrl-C drops the line being typed; q or Ctrl-D leaves, everything is saved)"),
        ("de", "(Strg-C verwirft die angefangene Zeile; q oder Strg-D beendet, alles ist gespeichert)"),
    ],
)
def test_ctrl_c_at_an_empty_live_prompt_says_how_to_leave(here, monkeypatch, capsys, lang, hint):
    from scorepad.cli import live

    game_of_three()
    typed = iter([KeyboardInterrupt, "q"])

    def prompt(text=""):
        line = next(typed)
        if line is KeyboardInterrupt:
            raise KeyboardInterrupt
        return line

    monkeypatch.setattr("builtins.input", prompt)
    i18n.use(lang)
    assert live.run(here) == 0
    assert flat(hint) in flat(capsys.readouterr().out)
    assert moves(here) == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "No end was typed: 4-2 went on W (W, E took it alike)."),
        ("de", "Kein Ende angegeben: 4-2 liegt an W (W, O nahmen ihn gleich an)."),
    ],
)
def test_a_play_without_its_end_on_ends_alike_says_which_end_it_took(here, lang, said):
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends")
    ok("play", "44", "--by", "Ann")
    out = ok("play", "42", lang=lang)
    assert said in flat(out)
