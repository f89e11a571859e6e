"""Size and shape as weapons: keys nested by dots, typed lines of
any length, audits with thousands of problems, names that look like other names, and
records at the size limit. Behaviour is asserted, never time (speed is in benchmarks/)."""

import json
from pathlib import Path

import pytest
from tests.helpers import HEAD, blocked_rounds, run
from tests.helpers import rich_plain as _rich_plain

from scorepad import Game, fences
from scorepad.cli import grammar
from scorepad.engine.notation import MAX_MARKS_PER_LETTER, check_player_name, look_alike_key
from scorepad.errors import InvalidMoveError, RulesError
from scorepad.record.format import MAX_KEY_PARTS, MAX_PROBLEMS, RecordError, audit_text, loads

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


# --- 14: keys nested by dots are refused before parsing ------------------------------------


@pytest.mark.parametrize(
    "deep",
    [
        "a" + ".a" * 60_000 + " = 1",  # minutes in tomllib before the bound
        "[" + '"x".' * 60_000 + "x]",
        "[[ rounds . a . b . c . d . e . f . g . h ]]",
        "players = { a.b.c.d.e.f.g.h.i = 1 }",
    ],
)
def test_a_key_of_too_many_dotted_parts_is_refused_before_parsing(deep):
    text = HEAD + deep + "\n"
    with pytest.raises(RecordError, match=f"more than {MAX_KEY_PARTS} dotted parts \\(line 8\\)"):
        loads(text)
    assert [p.message for p in audit_text(text).problems] == [
        f"not a record: a key of more than {MAX_KEY_PARTS} dotted parts (line 8)"
    ]


def test_keys_within_the_bound_and_dots_in_strings_are_read_as_before():
    within = HEAD + "[[rounds]]\n" + ".".join("abcdefgh") + " = 1\n"
    with pytest.raises(RecordError, match="unknown key 'a' in \\[rounds\\]"):
        loads(within)
    in_a_string = HEAD + 'x = "a.b.c.d.e.f.g.h.i.j.k"\n'
    with pytest.raises(RecordError, match="unknown key 'x'"):
        loads(in_a_string)


# --- 16: typed lines are bounded, and read without backtracking ----------------------------


LONG = "64 x" + " " * 60_000 + "y"


@pytest.mark.parametrize(
    "read",
    [
        lambda: grammar.parse_line(LONG),
        lambda: grammar.parse_line("hands " + "a" * 60_000),
        lambda: grammar.play_input(LONG.split(" ")),
        lambda: grammar.parse_tile(LONG),
        lambda: grammar.split_hands(["a" * 60_000]),
        lambda: grammar.parse_record_move("Ann: " + LONG, ["Ann", "Bob"]),
        lambda: grammar.resolve_player("a" * 60_000, ["Ann", "Bob"]),
    ],
)
def test_a_typed_line_longer_than_the_bound_is_refused_unread(read):
    with pytest.raises(InvalidMoveError, match=f"at most {grammar.MAX_TYPED} are read") as refused:
        read()
    assert len(str(refused.value)) < 200  # the text is not repeated back


@pytest.mark.parametrize("command", [["play", LONG], ["hint", LONG], ["hands", "Ann=" + "1" * 60_000]])
def test_the_commands_refuse_a_huge_argument_with_a_short_message(folder, command):
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann", width=80).exit_code == 0
    before = (folder / "scorepad.toml").read_bytes()
    result = run(*command, width=80)
    assert result.exit_code == 2, result.output
    assert "at most 1000 are read" in result.output and len(result.output) < 300
    assert (folder / "scorepad.toml").read_bytes() == before


def test_lines_within_the_bound_read_as_before():
    spaced = "6 4" + " " * 900 + "east"
    assert grammar.parse_line(spaced) == grammar.PlayIn(grammar.Tile(6, 4), grammar.End.E)
    assert grammar.parse_tile("  6-4  ") == grammar.Tile(6, 4)
    assert grammar.split_hands(["Tom=37,", "Priya", "=", "4-2,", "a==b"]) == [("Tom", "37"), ("Priya", "4-2"), ("a", "=b")]
    with pytest.raises(InvalidMoveError, match="is not a hand"):
        grammar.split_hands(["b" * 999])


# --- 17: the audit cap holds for every kind of finding -------------------------------------


def test_the_audit_caps_points_mismatches_and_says_how_many_more(folder):
    (folder / "wrong.toml").write_text(blocked_rounds(1200, points=5), encoding="utf-8")
    record = audit_text((folder / "wrong.toml").read_text(encoding="utf-8"))
    assert len(record.problems) == MAX_PROBLEMS + 1
    assert record.problems[-1].message == "and 1400 more problems, not listed: an audit lists at most 1000"
    assert record.game is not None  # counted to the end, not stopped
    result = run("audit", "wrong.toml", width=80)
    assert result.exit_code == 1
    assert result.output.count("\n") == MAX_PROBLEMS + 1
    out = json.loads(run("audit", "--json", "wrong.toml", width=80).output)
    assert len(out["problems"]) == MAX_PROBLEMS + 1 and not out["ok"]


def test_notes_are_capped_the_same_way():
    """Without muggins every wrong claim is a note: a claim of 3 for a lead that scores 0."""
    text = HEAD.replace("target = 100000", "target = 100000\nmuggins = false")
    rounds = "".join(
        '\n[[rounds]]\nopener = "Ann"\nmoves = ["Ann: 0-0 =3", "Bob: pass", "Ann: pass"]\nhands = { Ann = 84, Bob = 84 }\n'
        for _ in range(MAX_PROBLEMS + 5)
    )
    record = audit_text(text + rounds)
    assert not record.problems
    assert len(record.notes) == MAX_PROBLEMS + 1
    assert record.notes[-1].message == "and 5 more notes, not listed: an audit lists at most 1000"


# --- 18: names that look alike, and marks stacked on a letter -------------------------------


@pytest.mark.parametrize(
    "players",
    [
        ["Ann", "\u0410nn"],  # Cyrillic A
        ["Bob", "\u0412\u041e\u0412"],  # Cyrillic VE O VE
        ["Kim", "\u039a\u0399\u039c"],  # Greek KAPPA IOTA MU
        ["Tom", "T\u043em"],  # Cyrillic o
    ],
)
def test_names_that_look_alike_across_alphabets_are_one_player(folder, players):
    with pytest.raises(RulesError, match="can be mistaken for each other"):
        Game(players)
    result = run("new", "--players", ",".join(players), "--opener", players[0], width=80)
    assert result.exit_code == 2 and "look different" in result.output
    assert not (folder / "scorepad.toml").exists()


def test_names_in_other_alphabets_that_do_not_look_alike_are_fine():
    cyrillic_ann = "\u0410\u043d\u043d"  # reads "ahh" by its skeleton, not "ann"
    assert Game(["Ann", cyrillic_ann]).players == ("Ann", cyrillic_ann)
    assert len(Game(["\u0396\u03c9\u03ae", "Zoe", "\u0401\u0432\u0430", "Eva"]).players) == 4
    assert look_alike_key("\u0410nn") == look_alike_key("ANN") == "ann"


@pytest.mark.parametrize("marks", [MAX_MARKS_PER_LETTER + 1, 40])
def test_marks_stacked_on_one_letter_are_refused(marks):
    name = ("Zx" + "\u0301" * marks)[:40]  # no letter x with an acute: NFC keeps every mark
    with pytest.raises(InvalidMoveError, match="combining marks on one letter"):
        check_player_name(name)
    with pytest.raises(RulesError):
        Game([name, "Bob"])


@pytest.mark.parametrize("name", ["Nguy\u1ec5n", "Tr\u1ea7n", "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35", "Zo\u00eb"])
def test_accented_names_of_real_languages_are_fine(name):
    assert check_player_name(name) == name


# --- 15: large records: the same output, without rich's per-row layout ----------------------


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
@pytest.mark.parametrize("width", [80, 400])
def test_plain_lines_are_what_rich_draws_when_the_table_fits(example, width):
    from scorepad.views import log as log_view
    from scorepad.views import sheet as sheet_view

    game = loads((EXAMPLES / example).read_text(encoding="utf-8")).game
    assert list(log_view.log_lines(game, width)) == _rich_plain(log_view.log_table(game), width)
    assert list(sheet_view.sheet_lines(game, width)) == _rich_plain(sheet_view.sheet(game, width), width)


@pytest.mark.parametrize("example", ["muggins.toml", "pagat-partners.toml"])
@pytest.mark.parametrize("names", [("李雷", "韩梅梅"), ("Zoë", "Ünal")])
def test_plain_lines_pad_wide_and_accented_names_as_rich_does(example, names):
    from scorepad.views import log as log_view
    from scorepad.views import sheet as sheet_view

    text = (EXAMPLES / example).read_text(encoding="utf-8")
    for old, new in zip(("Ann", "Bob"), names, strict=True):
        text = text.replace(f'"{old}', f'"{new}').replace(f"\n{old} =", f'\n"{new}" =')
    game = loads(text).game
    assert names[0] in game.players
    assert list(log_view.log_lines(game, 80)) == _rich_plain(log_view.log_table(game), 80)
    assert list(sheet_view.sheet_lines(game, 80)) == _rich_plain(sheet_view.sheet(game, 80), 80)


@pytest.mark.slow
@pytest.mark.skipif(not fences.FAST, reason="plain lines are a fast path: SCOREPAD_NO_FAST_PATHS=1 has rich lay the log out")
def test_a_large_record_is_shown_and_logged_line_by_line(folder, monkeypatch):
    """2,000 blocked rounds (6,000 moves): `log` and `sheet` write plain lines, and never
    lay a table out with rich (slow for thousands of rows); `show` and `audit` read it whole."""
    import rich.table

    from scorepad.views import tables as tables_view

    (folder / "big.toml").write_text(blocked_rounds(2000), encoding="utf-8")
    built = []
    monkeypatch.setattr(rich.table.Table, "add_row", lambda *args, **kwargs: built.append(args))
    result = run("log", "-f", "big.toml", width=80)
    assert result.exit_code == 0, result.output
    assert result.output.split("\n")[:7] == [
        "Round 1               ",
        "#  move       sum  pts",
        "1  Ann: 0-0     0     ",
        "2  Bob: pass          ",
        "3  Ann: pass          ",
        "hands: Ann 84 pips, Bob 84 pips",
        "fewest pips tied: nobody scores",
    ]
    assert result.output.count("Round ") == 2000 and result.output.count("nobody scores") == 2000
    sheet = run("sheet", "-f", "big.toml", width=80)
    assert sheet.exit_code == 0 and "2001*" in sheet.output and sheet.output.count("\n") == 2000 + 6
    assert built == []  # no rich table row for either
    assert run("show", "-f", "big.toml", width=80).exit_code == 0
    assert run("audit", "big.toml", width=80).output == "big.toml: ok\n"
    game = loads((folder / "big.toml").read_text(encoding="utf-8")).game
    assert len(game.rounds) == 2001 and sum(len(r.moves) for r in game.rounds) > tables_view.STREAM_ROWS
