"""Mistakes at the table: forgiving input, amending the past, undo N, edit, the next game,
the lot after a blocked round, and a live prompt that never misleads."""

import json
import os
import sys
from pathlib import Path

import pytest
from tests.helpers import HUNG, flat, hand_over, live, ok, pane_process, pane_until, refused, run, tmux, wait_for_input
from tests.helpers import moves_of as moves

from scorepad.cli import grammar
from scorepad.cli.grammar import AmbiguousInputError, PlayIn, parse_line, play_input, read_hand, resolve_player
from scorepad.engine.tiles import End, Tile
from scorepad.errors import IllegalMoveError, InvalidMoveError
from scorepad.record.files import load

# --- the grammar -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, tile, end",
    [
        ("1 4 w", (1, 4), End.W),
        ("14w", (1, 4), End.W),
        ("2-6e", (2, 6), End.E),
        ("1/4 w", (1, 4), End.W),
        ("14 west", (1, 4), End.W),
        ("26 r", (2, 6), End.E),
        ("6,4 UP", (6, 4), End.N),
        ("6:4 down", (6, 4), End.S),
        ("6|4 Left", (6, 4), End.W),
        ("64", (6, 4), None),
        ("6 4", (6, 4), None),
        ("6-4 North", (6, 4), End.N),
        ("6-4 l", (6, 4), End.W),
        ("64 d", (6, 4), End.S),
        ("64 u", (6, 4), End.N),
        ("64S", (6, 4), End.S),
    ],
)
def test_every_typed_tile_and_end_form(typed, tile, end):
    played = parse_line(typed)
    assert played == PlayIn(Tile(*tile), end)
    assert (played.tile.a, played.tile.b) == tile  # the order typed is kept: the lead's a faces W


def test_a_live_line_and_a_command_line_read_the_same():
    assert parse_line("14 west @bob =5") == play_input(["14", "west"], by="bob", claim=5)
    assert parse_line("1 4 w @Bob") == play_input(["1", "4", "w"], by="Bob")
    assert parse_line("d 2 @cy") == grammar.DrawIn(2, "cy")
    assert parse_line("hands Tom=37, Priya=4 @ann") == grammar.HandsIn(("Tom=37,", "Priya=4"), "ann")
    assert parse_line("insert 1.12 Tom: draw 4") == grammar.AmendIn("insert", (1, 12), "Tom: draw 4")
    assert parse_line("u 3") == grammar.UndoIn(3)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("zz", "'zz' is not a tile: write a tile (64, 6-4, 6 4, 6/4, 6,4, 6:4 or '6|4') and its end"),
        ("6-9", "'6-9' is not a tile: numbers run from 0 to 6"),
        ("64 x", "'x' is not an end: write w e n s, west east north south, left right up down or l r u d"),
        ("64 e =x", "a claim is one number, e.g. =10"),
        ("64 e =1001", "'=1001': a claim is at most 1000"),
        ("hnads Ann=3", "'hnads' is not a command: did you mean hands? (? for help)"),
        ("frob", "'frob' is neither a tile nor a command: write a tile and its end, e.g. 64 e"),
        ("64e=5000", "'=5000': a claim is at most 1000"),
        ("u x", "give a count of 1 or more, e.g. u 3"),
        ("delete 1", "'1' is not a position: write ROUND.MOVE as the log numbers them, e.g. 1.12"),
    ],
)
def test_refused_typing_says_what_would_be_accepted(typed, message):
    with pytest.raises(InvalidMoveError) as caught:
        parse_line(typed)
    assert message in str(caught.value)


def test_names_in_any_case_and_by_unique_prefix():
    players = ("Ann", "Abe", "Bob")
    assert resolve_player("bob", players) == "Bob"
    assert resolve_player("b", players) == "Bob"
    assert resolve_player("ANN", players) == "Ann"
    assert resolve_player("ab", players) == "Abe"
    with pytest.raises(AmbiguousInputError, match="'a' could be Ann or Abe: type more of the name"):
        resolve_player("a", players)
    with pytest.raises(IllegalMoveError, match="'Zed' is not playing: players are Ann, Abe, Bob"):
        resolve_player("Zed", players)
    # A slip of the keys is named back, never taken for the player.
    with pytest.raises(IllegalMoveError, match=r"'Bbo' is not playing: did you mean Bob\? Players are Ann, Abe, Bob"):
        resolve_player("Bbo", players)


TABLE = {Tile(3, 6), Tile(6, 6), Tile(6, 2), Tile(3, 3)}  # the largest unseen tile is 5-6


@pytest.mark.parametrize(
    "value, size, read",
    [
        ("22", 1, [Tile(2, 2)]),  # 22 pips cannot be one tile: the tile 2-2
        ("8", 1, 8),  # one digit is never a tile
        ("11p", 1, 11),
        ("45p", 1, 45),  # p: always pips (45 is then refused by the engine)
        ("1-1", 1, [Tile(1, 1)]),
        ("4-3,5-0", 2, [Tile(4, 3), Tile(5, 0)]),
        ("43 50", 2, [Tile(4, 3), Tile(5, 0)]),
        ("36", 1, 36),  # 3-6 is on the table, so not a tile; left to the engine as pips
        ("4350", 2, [Tile(4, 3), Tile(5, 0)]),  # 4350 pips cannot be two tiles
        ("0", 0, 0),
    ],
)
def test_hand_values(value, size, read):
    assert read_hand("Ben", value, size, TABLE) == read


@pytest.mark.parametrize(
    "value, size, readings",
    [
        ("11", 1, "Ben=11 can be read two ways: the tiles 1-1 or 11 pips; write Ben=1-1 or Ben=11p"),
        ("10", 1, "write Ben=1-0 or Ben=10p"),
        ("1203", 2, None),  # 1203 pips: impossible, so the tiles 1-2 0-3
        ("1020", 2, None),
    ],
)
def test_a_value_read_two_ways_is_refused_with_both(value, size, readings):
    if readings is None:
        assert isinstance(read_hand("Ben", value, size, TABLE), list)
        return
    with pytest.raises(AmbiguousInputError) as caught:
        read_hand("Ben", value, size, TABLE)
    assert readings in str(caught.value)


def test_two_tile_values_that_are_also_pip_totals_are_refused():
    # 12 for two tiles cannot be tiles (two digits): pips. For one tile it is both, unless
    # the tiles on the table rule one reading out.
    assert read_hand("Ben", "12", 2, TABLE) == 12
    assert read_hand("Ben", "12", 1, TABLE) == [Tile(1, 2)]  # 6-6 is on the table: 12 pips cannot be
    with pytest.raises(AmbiguousInputError, match="Ben=1-2 or Ben=12p"):
        read_hand("Ben", "12", 1, set())


# --- typing through the command line and live ----------------------------------------------------------


def test_the_typos_players_reported_are_recorded(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    for typed in (
        ["14"],
        ["1", "1", "w"],
        ["44e"],
        ["4-3e"],
        ["2/1", "left"],
        ["15", "north"],
        ["5,5", "UP"],
        ["50", "n"],
        ["1|3", "d"],
    ):
        ok("play", *typed)
    assert moves(here) == [
        "Ann: 1-4",
        "Bob: 1-1 W",
        "Cy: 4-4 E",
        "Ann: 4-3 E",
        "Bob: 2-1 W",
        "Cy: 1-5 N",
        "Ann: 5-5 N",
        "Bob: 5-0 N",
        "Cy: 1-3 S",
    ]
    ok("play", "3 6 s", "--by", "ann")  # a name in any case
    assert moves(here)[-1] == "Ann: 3-6 S"


def test_muggins_callers_in_any_case_and_by_prefix(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--muggins")
    ok("play", "55")
    assert "Muggins! Bob takes +10" in ok("muggins", "bob")
    ok("play", "5-0 e", "--claim", "10")  # Bob claims it
    out = live("m a\nq\n")
    assert out.exit_code == 1 and "nothing to take" in out.output  # refused, and said why
    ok("play", "0 0 e")  # Cy misses 10
    result = live("m a\nq\n")
    assert result.exit_code == 0, result.output
    assert "Muggins! Ann takes +10" in result.output


def test_hands_with_spaces_trailing_commas_and_both_readings(here):
    hand_over(here)
    out = refused(
        ["hands", "Ben=11", "Priya=22"],
        here,
        2,
        "Ben=11 can be read two ways: the tiles 1-1 or 11 pips; write Ben=1-1 or Ben=11p",
    )
    assert "Priya" not in out
    refused(["hands", "b=1-1", "p=22", "t=5"], here, 1, "Tom holds no tiles, so not 5 pips")
    result = run("hands", "ben", "=", "1-1,", "Priya=22,")  # Priya=22: one tile, so 2-2
    assert result.exit_code == 0, result.output
    assert load(here).game.rounds[0].hands == {1: (Tile(1, 1),), 2: (Tile(2, 2),)}


def test_hands_trailing_comma_pips(here):
    hand_over(here)
    result = run("hands", "Ben=11p,", "Priya=4,")
    assert result.exit_code == 0, result.output
    assert load(here).game.rounds[0].hands == {1: 11, 2: 4}


# --- amending the past ---------------------------------------------------------------------------------

FORGOT = ["new", "--players", "Ann,Tom", "--opener", "Ann", "--deal", "3,2,2"]
TOM = "Tom=5-5,3-0,2-0,5-3,0-0"


def forgotten_draw(here):
    """Tom drew 4 before his 4-4, but nobody typed it; Ann then made domino."""
    ok(*FORGOT)
    for typed in ("64", "44 e", "61 w", "42 e", "11 w"):
        ok("play", typed)


def forgotten_draw_then_hands(here):
    """As forgotten_draw, but Tom's second tile fitted no end at the draw: with 4-2 on E he
    would have held 4-4 and 4-2 right after it, both fitting E, and his hands are refused
    (only the last tile drawn may fit)."""
    ok(*FORGOT)
    for typed in ("64", "44 e", "61 w", "13 w", "33 w"):
        ok("play", typed)


def test_a_forgotten_draw_is_repaired_with_one_insert(here):
    forgotten_draw_then_hands(here)
    refused(["hands", TOM], here, 1, "Tom holds 1 tile, not 5")
    result = run("insert", "1.2", "Tom: draw 4")
    assert result.exit_code == 0, result.output
    assert "Inserted at 1.2: Tom: draw 4\nScores unchanged: Ann 10, Tom 0" in result.output
    assert moves(here) == ["Ann: 6-4", "Tom: draw 4", "Tom: 4-4 E", "Ann: 6-1 W", "Tom: 1-3 W", "Ann: 3-3 W"]
    result = run("hands", TOM)
    assert result.exit_code == 0, result.output
    assert "Ann +25: round5(Tom 23)" in result.output
    assert json.loads(run("show", "--json").output)["scores"] == {"Ann": 35, "Tom": 0}


def test_a_replace_that_makes_a_later_move_illegal_writes_nothing(here):
    forgotten_draw(here)
    refused(
        ["replace", "1.2", "Tom: 4-5 E"],
        here,
        1,
        "nothing changed: with that change, round 1, move 4: 'Tom: 4-2 E': 4-2 does not fit",
    )
    refused(["delete", "1.2"], here, 1, "round 1, move 2: 'Ann: 6-1 W': it is Tom's turn, not Ann's")
    refused(["insert", "1.7", "Tom: pass"], here, 2, "round 1 has positions 1.1 to 1.6 for insert")
    refused(["replace", "2.1", "Tom: pass"], here, 2, "there is no round 2: the record has rounds 1 to 1")
    refused(["insert", "1.2", "Zed: draw"], here, 1, "'Zed' is not playing")
    refused(["insert", "1x2", "Tom: draw"], here, 2, "'1x2' is not a position")


def test_a_replace_that_changes_points_says_so(here):
    forgotten_draw(here)
    ok("hands", "Tom=3-2")
    result = run("replace", "1.3", "ann: 6/1 left")  # typed loosely, written as the record's
    assert result.exit_code == 0, result.output
    assert "Replaced 1.3: Ann: 6-1 W\nScores unchanged: Ann 15, Tom 0" in result.output
    result = run("replace", "1.1", "Ann: 4-6")  # the lead the other way round: the line mirrors
    assert result.exit_code == 1, result.output  # 4-4 E no longer fits (E shows 6)
    assert "round 1, move 2" in result.output
    result = run("insert", "1.5", "Ann: draw")  # then 1-1 is not Ann's last tile
    assert result.exit_code == 1, result.output
    assert flat("round 1: 'hands' are given, but the round is not over") in flat(result.output)
    result = run("delete", "1.4")  # Tom's 4-2 taken away: Ann's 1-1 then comes out of turn
    assert result.exit_code == 1 and flat("round 1, move 4: 'Ann: 1-1 W': it is Tom's turn") in flat(result.output)


def test_an_amend_that_changes_the_scores_lists_the_rounds(here):
    ok("new", "--players", "Ann,Tom", "--opener", "Ann", "--deal", "3,2,2")
    for typed in ("64", "44 e", "61 w"):
        ok("play", typed)
    result = run("replace", "1.3", "Ann: 6-5 W")  # W 5 + 4|4 = 13: nothing; was 9
    assert result.exit_code == 0, result.output
    result = run("replace", "1.3", "Ann: 6-2 W")  # 2 + 8 = 10
    assert result.exit_code == 0, result.output
    assert "Scores: Ann 10 → 20, Tom 0" in result.output
    assert "Round 1: Ann 10 → 20, Tom 0" in result.output


def test_undo_n_lists_each_move(here):
    forgotten_draw(here)
    result = run("undo", "3")
    assert result.exit_code == 0, result.output
    assert "Undone: Ann: 1-1 W\nUndone: Tom: 4-2 E\nUndone: Ann: 6-1 W" in result.output
    assert moves(here) == ["Ann: 6-4", "Tom: 4-4 E"]
    refused(["undo", "3"], here, 1, "cannot undo 3: only 2 moves or hands entries to take back")
    result = live("u 2\ny\nq\n")
    assert result.exit_code == 0, result.output
    assert "Undone: Tom: 4-4 E\nUndone: Ann: 6-4" in result.output


def test_live_amends_with_the_same_words(here):
    forgotten_draw_then_hands(here)
    result = live("insert 1.2 tom: draw 4\nhands " + TOM + "\nq\n")
    assert result.exit_code == 0, result.output
    assert "Inserted at 1.2: Tom: draw 4" in result.output and "Ann +25: round5(Tom 23)" in result.output


# --- edit ------------------------------------------------------------------------------------------

EDITOR = """import sys, pathlib
count, *replacements, path = sys.argv[1:]  # the editor is given the file last
path, count = pathlib.Path(path), pathlib.Path(count)
n = int(count.read_text()) if count.exists() else 0
count.write_text(str(n + 1))
text = path.read_text().replace('"Tom: 4-5 E"', '"Tom: 4-4 E"')  # the edit before, again
path.write_text(text.replace('"Tom: 4-4 E"', replacements[min(n, len(replacements) - 1)]))
"""


def editor(tmp_path, *replacements):
    script = tmp_path / "editor.py"
    script.write_text(EDITOR)
    args = " ".join(f"'{r}'" for r in replacements)
    return {"VISUAL": "", "EDITOR": f"{sys.executable} {script} {tmp_path / 'count'} {args}"}


def test_edit_keeps_a_valid_record(here, tmp_path):
    forgotten_draw(here)
    # Tom later plays 4-2 on E with no draw between: he held it at the draw, where E showed
    # 4, so the draw went on past a playable tile; the table let it stand.
    result = run("edit", env=editor(tmp_path, '"Tom: draw 4 !stands", "Tom: 4-4 E"'))
    assert result.exit_code == 0, result.output
    assert "Saved the edited record." in result.output
    assert moves(here)[:3] == ["Ann: 6-4", "Tom: draw 4 !stands", "Tom: 4-4 E"]


def test_edit_shows_the_problem_and_offers_to_edit_again_or_discard(here, tmp_path):
    forgotten_draw(here)
    out = refused(
        ["edit"],
        here,
        1,
        "The edited record is not valid: round 1, move 4: 'Tom: 4-2 E'",
        "(e)dit again or (d)iscard the edit?",
        "Discarded",
        input="d\n",
    )
    assert "Saved" not in out
    (tmp_path / "count").unlink()
    result = run("edit", env=editor(tmp_path, '"Tom: 4-5 E"', '"Tom: draw 4 !stands", "Tom: 4-4 E"'), input="e\n")
    assert result.exit_code == 0, result.output
    assert "not valid" in result.output and "Saved the edited record." in result.output
    assert moves(here)[1] == "Tom: draw 4 !stands"


@pytest.fixture(autouse=True)
def bad_editor(monkeypatch, tmp_path):
    """Unless a test gives its own, an editor that writes a move that does not fit."""
    script = tmp_path / "editor.py"
    script.write_text(EDITOR)
    monkeypatch.setenv("VISUAL", f"{sys.executable} {script} {tmp_path / 'count'} '\"Tom: 4-5 E\"'")


# --- the next game ---------------------------------------------------------------------------------


def finished(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "--target", "10", "--rules", "two-ends")
    assert "Game over: Ann won.\nNext game: scorepad new" in ok("play", "55")
    refused(["draw"], here, 1, "the game is over: Ann won; for the next game type  scorepad new")


def test_the_next_game_keeps_the_finished_one(here):
    finished(here)
    old = here.read_bytes()
    output = ok("new", "--opener", "Bob")
    kept = sorted(here.parent.glob("scorepad-*.toml"))
    assert len(kept) == 1 and kept[0].read_bytes() == old
    assert f"The finished game is kept in {kept[0].name}." in flat(output)
    data = json.loads(run("show", "--json").output)
    assert data["players"] == ["Ann", "Bob"] and data["state"] == "playing" and data["turn"] == "Bob"
    assert 'preset = "two-ends"' in here.read_text() and "target = 10" in here.read_text()
    # Never over a game that is not over, without --force; with it, a backup is kept.
    refused(["new"], here, 2, "already holds a game that is not over: use --force")
    unfinished = here.read_bytes()
    output = ok("new", "--players", "Cy,Dee", "--force")
    backups = sorted(here.parent.glob("scorepad-*.toml"))
    assert len(backups) == 2 and unfinished in [b.read_bytes() for b in backups]
    assert "The game before is kept in" in output


def test_new_in_live_after_game_over(here):
    finished(here)
    result = live("64\nnew\n64 @bob\nq\n")
    assert result.exit_code == 1, result.output  # the first 64 is refused: the game is over
    assert flat("the game is over: Ann won; for the next game type  new") in flat(result.output)
    assert "Next game: new" in result.output and "scorepad new" not in result.output
    assert "The finished game is kept in" in result.output
    assert len(list(here.parent.glob("scorepad-*.toml"))) == 1
    assert moves(here) == ["Bob: 6-4"]


# --- the lot after a blocked round ---------------------------------------------------------------------


def blocked(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann", "--deal", "14,7,5")
    for typed in (["play", "66"], ["pass"], ["pass"]):
        ok(*typed)


def test_after_a_blocked_round_under_lot_rules_scorepad_draws_the_lot(here):
    blocked(here)
    output = ok("hands", "Ann=70p", "Bob=86p")
    assert "The lot:" in output and "opens round 2." in output
    data = json.loads(run("show", "--json").output)
    assert data["round"] == 2 and data["turn"] in ("Ann", "Bob")
    assert "Who leads" not in output


def test_the_table_may_name_the_opener_instead(here):
    blocked(here)
    output = ok("hands", "Ann=70p", "Bob=86p", "--by", "b")
    assert "Bob opens round 2." in output and "The lot" not in output
    assert json.loads(run("show", "--json").output)["turn"] == "Bob"
    assert 'opener = "Bob"' in here.read_text().split("[[rounds]]")[2]


def test_by_at_hands_is_refused_when_the_rules_name_the_opener(here):
    hand_over(here)
    refused(
        ["hands", "Ben=1-1", "Priya=2-2", "--by", "Ben"],
        here,
        1,
        "the rules name who opens round 2: Tom (domino-maker), not the table",
    )


# --- live never misleads -----------------------------------------------------------------------------


def test_live_hints_are_in_live_syntax(here):
    hand_over(here)
    result = live("s\nq\n")
    assert "Next: hands Ben=PIPS Priya=PIPS" in result.output
    assert "scorepad hands" not in result.output
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--force")
    result = live("s\n66\nq\n")
    assert "Type the lead with @NAME, e.g. 66 @Ann" in flat(result.output) and "--by" not in result.output
    assert flat("who leads round 1? Say who holds the highest double: type the lead with @NAME") in flat(result.output)


def test_live_log_shows_the_round_and_l_all_the_game(here):
    hand_over(here)
    ok("hands", "Ben=1-1", "Priya=2-2")
    ok("play", "5-4")
    result = live("l\nq\n")
    assert "Round 2" in result.output and "Round 1" not in result.output
    result = live("l all\nq\n")
    assert "Round 1" in result.output and "Round 2" in result.output


def test_a_line_typed_for_a_stale_prompt_records_nothing(here):
    """Two terminals: the prompt showed Cy's turn; meanwhile the other terminal recorded
    Cy's move. The line typed at `Cy>` is not taken as Ann's move."""
    from scorepad.cli.live import live_command
    from scorepad.record.library import content

    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "36")
    ok("play", "66 e")
    seen = content(here)  # the prompt `Cy> ` is drawn from this
    ok("play", "62 e")  # the other terminal
    after = here.read_bytes()
    assert live_command("32 w", here, seen) is None
    assert here.read_bytes() == after
    assert moves(here)[-1] == "Cy: 6-2 E"


def read_until(process, prompt: bytes) -> bytes:
    """What a live process printed, up to its prompt; fails rather than waits forever."""
    import select

    seen = b""
    while not seen.endswith(prompt):
        ready, _, _ = select.select([process.stdout], [], [], HUNG)
        assert ready, seen
        chunk = os.read(process.stdout.fileno(), 1)
        assert chunk, seen
        seen += chunk
    return seen


def test_two_terminals_through_a_pipe(here):
    """The same with two processes: a live prompt waiting at `Cy>`, and a command."""
    import subprocess

    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    ok("play", "36")
    ok("play", "66 e")
    env = {**os.environ, "COLUMNS": "40", "NO_COLOR": "1", "SCOREPAD_LANG": "en"}
    process = subprocess.Popen(
        [sys.executable, "-c", "from scorepad.cli.app import main; main()", "live"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=here.parent,
    )
    read_until(process, b"Cy> ")
    ok("play", "62 e")  # recorded elsewhere while Cy's prompt waits
    output, _ = process.communicate(b"32 w\nq\n", timeout=HUNG)
    text = output.decode()
    assert process.returncode == 1, text
    assert flat(
        "the record changed since this prompt was shown (Cy: 6-2 E was recorded elsewhere): nothing was recorded"
    ) in flat(text)
    assert "Ann to play." in text  # the new state is shown
    assert moves(here)[-1] == "Cy: 6-2 E"


@pytest.mark.skipif(sys.platform == "win32", reason="signals")
def test_ctrl_c_cancels_the_line_not_the_game(here):
    import signal
    import subprocess

    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    env = {**os.environ, "COLUMNS": "40", "NO_COLOR": "1", "SCOREPAD_LANG": "en"}
    # Ctrl-C as a terminal delivers it: a suite started in the background (`.ci/run &`)
    # hands its children SIGINT ignored, and Python then leaves it ignored.
    start = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from scorepad.cli.app import main; main()"
    process = subprocess.Popen(
        [sys.executable, "-c", start, "live"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=here.parent,
    )

    read_until(process, b"? for help, q to leave\nAnn> ")
    wait_for_input(process.pid)  # the prompt is written before input() reaches read(2)
    process.send_signal(signal.SIGINT)
    # What live says to Ctrl-C at an empty prompt, then a new prompt: live goes on.
    read_until(process, b"everything is saved)\nAnn> ")
    output, _ = process.communicate(b"55\nq\n", timeout=HUNG)
    assert process.returncode == 0, output.decode()
    assert moves(here) == ["Ann: 5-5"]


@pytest.mark.skipif(__import__("shutil").which("tmux") is None, reason="needs tmux")
def test_ctrl_c_in_a_terminal_and_history_between_starts(tmp_path):
    import shlex

    scorepad = shlex.quote(str(Path(sys.executable).parent / "scorepad"))
    record = tmp_path / "scorepad.toml"
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "-f", record).exit_code == 0
    state = tmp_path / "state"
    history = state / "scorepad" / "history"
    session = f"scorepad-ctrl-c-{id(tmp_path)}"
    start = f"cd {shlex.quote(str(tmp_path))} && XDG_STATE_HOME={shlex.quote(str(state))} NO_COLOR=1 {scorepad} live"
    tmux("new-session", "-d", "-s", session, "-x", "60", "-y", "30", f"{start}; {start}; sleep 60")

    def last_line(text):
        return text.rstrip().splitlines()[-1] if text.strip() else ""

    def screen(until, keys=(), enter=True):
        if keys:
            tmux("send-keys", "-t", session, *keys, *(["Enter"] if enter else []))
        return pane_until(session, lambda text: last_line(text) == until)

    try:
        screen("Ann>")
        screen("Ann> 64", ["64"], enter=False)
        wait_for_input(pane_process(session))  # readline waits again: Ctrl-C finds it there
        screen("Ann>", ["C-c"], enter=False)  # the line is dropped, the prompt stays
        screen("Bob>", ["55"])
        tmux("send-keys", "-t", session, "q", "Enter")  # leave; the second start opens the prompt again
        pane_until(session, lambda text: text.count("? for help, q to leave") == 2 and last_line(text) == "Bob>")
        screen("Bob> q", ["Up"], enter=False)  # history from the first start
        tmux("send-keys", "-t", session, "C-u")
        screen("Bob>")
        screen("Bob> 55", ["Up", "Up"], enter=False)
        tmux("send-keys", "-t", session, "C-u", "q", "Enter")
        pane_until(session, lambda text: history.exists() and history.read_text().splitlines() == ["55", "q", "q"])
    finally:
        tmux("kill-session", "-t", session)
    assert [str(m) for m in load(record).game.current.moves] == ["Ann: 5-5"]
    assert history.read_text().splitlines() == ["55", "q", "q"]


def test_live_without_a_record_says_how_to_start(here):
    result = live("q\n")
    assert result.exit_code == 2, result.output
    assert flat("no game in scorepad.toml: start one with scorepad new --players Ann,Bob") in flat(result.output)
    assert "Traceback" not in result.output


def test_live_hands_may_name_the_next_opener(here):
    blocked(here)
    result = live("hands ann=70p, bob = 86p @bob\n55\nq\n")
    assert result.exit_code == 0, result.output
    assert "Bob opens round 2." in result.output
    assert moves(here) == ["Bob: 5-5"]


def test_live_new_with_other_players(here):
    finished(here)
    result = live("new Cy,Dee\nq\n")
    assert result.exit_code == 0, result.output
    assert json.loads(run("show", "--json").output)["players"] == ["Cy", "Dee"]


def test_a_tile_named_for_another_player_is_not_a_reading(here):
    hand_over(here)
    result = run("hands", "Priya=1-1", "Ben=11")  # 1-1 is Priya's: Ben's 11 can only be pips
    assert result.exit_code == 0, result.output
    assert load(here).game.rounds[0].hands == {1: 11, 2: (Tile(1, 1),)}


def test_the_typos_players_reported_at_the_live_prompt(here):
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--muggins")
    forms = ["1 4 w", "14w", "1/4 w", "14 west", "2-6e", "26 r"]
    typed = "55\nm bob\n5 1 w =10\n56e\n" + "".join(f"{form}\nu\n" for form in forms) + "q\n"
    result = live(typed)
    assert result.exit_code == 0, result.output
    assert "Muggins! Bob takes +10" in result.output
    assert result.output.count("Undone: Ann: 1-4 W") == 4
    assert result.output.count("Undone: Ann: 2-6 E") == 2
    assert moves(here) == ["Ann: 5-5", "Bob: muggins", "Bob: 5-1 W =10", "Cy: 5-6 E"]


def test_a_history_file_that_cannot_be_written_is_no_reason_to_stop(tmp_path, monkeypatch):
    pytest.importorskip("readline")
    from scorepad.cli.live import _History, history_path

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    assert history_path() == blocker / "scorepad" / "history"
    history = _History()  # cannot be read
    history.add()  # cannot be written: nothing raised
    assert blocker.read_text() == ""


def test_live_new_force_starts_over_and_keeps_the_game(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    ok("play", "64")
    result = live("new\nnew --force\nq\n")
    assert result.exit_code == 1, result.output  # the first `new` is refused: the game is not over
    assert flat("start over with new --force") in flat(result.output)
    assert "scorepad new" not in result.output
    kept = [p for p in here.parent.glob("scorepad-*.toml")]
    assert len(kept) == 1 and "Ann: 6-4" in kept[0].read_text()
    assert moves(here) == []


def test_live_takes_a_tile_quoted_as_for_a_shell(here):
    ok("new", "--players", "Ann,Bob", "--opener", "Ann")
    result = live("'6|4'\nq\n")
    assert result.exit_code == 0, result.output
    assert moves(here) == ["Ann: 6-4"]


def test_a_word_that_is_no_command_is_explained_in_german_with_a_german_end(here):
    """German ends are w o n s: the example a German screen gives must be one it reads."""
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann").exit_code == 0
    out = flat(run("live", input="frob\nhnads\nq\n", lang="de", width=100).output)
    assert "'frob' ist weder ein Stein noch ein Befehl: schreibe einen Stein und sein Ende, z. B. 64 o" in out
    assert "'hnads' ist kein Befehl: hands gemeint?" in out
