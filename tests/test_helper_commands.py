"""Audit, replay, live mode and the helpers at the table."""

import csv
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers import BROKEN, EXAMPLES, flat, pane_until, prompts, run, score_of, tmux

from scorepad.engine.notation import parse_move
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import parse_tile, parse_tiles
from scorepad.errors import InvalidMoveError
from scorepad.record.format import Problem, RecordError, audit_text, dumps, loads


def test_audit_reports_every_problem_with_its_round_and_move():
    record = audit_text(BROKEN.read_text())
    assert [(p.round, p.move, p.message) for p in record.problems] == [
        (1, 1, "'Ann: 6-4': Ann led 6-4, but the highest double must lead"),
        (1, 4, "'Bob: 2-1 E': it is Ann's turn, not Bob's"),
        (1, 5, "'Cy: 6-4 W': 6-4 is already on the table"),
        (1, 6, "'Ann: pass': Ann cannot pass: the boneyard still holds 19 tiles — draw instead"),
        (1, 7, "'Bob: draw 25': Bob cannot draw 25: the boneyard holds only 19"),
        (1, None, "hands: Ann holds 2 tiles, not 3: 5-5 0-0 1-0"),
        (1, None, "hands: Cy's 3-2 is already on the table"),
        (1, None, "hands: Bob's 19 tiles cannot hold 100 pips: the tiles nobody has named allow only 119"),
        (1, None, "points: Ann is written as 5, the count is 0"),
        (1, None, "points: Cy is written as 0, the count is 110"),
    ]
    # A muggins game: a missed score nobody called and a wrong claim are play, not errors.
    assert [(p.round, p.move, p.message) for p in record.notes] == [
        (1, 1, "'Ann: 6-4': Ann missed 10 and nobody called muggins (Bob or Cy could have)"),
        (1, 8, "'Bob: 1-1 E =5': Bob claimed 5, but 1-1 scores 0"),
    ]


def test_audit_json_lines_and_exit_codes(tmp_path):
    result = run("audit", "--json", BROKEN, EXAMPLES / "demo.toml")
    assert result.exit_code == 1, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["file"] for line in lines] == [str(BROKEN), str(EXAMPLES / "demo.toml")]
    assert set(lines[0]) == {"file", "ok", "scores", "rounds", "problems", "notes", "winner"}
    assert lines[0]["ok"] is False and len(lines[0]["problems"]) == 10 and len(lines[0]["notes"]) == 2
    assert lines[0]["rounds"] == [{"points": {"Ann": 0, "Bob": 0, "Cy": 110}, "result": "blocked", "winner": ["Cy"]}]
    assert lines[1]["ok"] is True and lines[1]["problems"] == [] and lines[1]["winner"] == ["Bob"]
    assert run("audit", EXAMPLES / "demo.toml").exit_code == 0
    (tmp_path / "junk.toml").write_text("players = [")
    result = run("audit", "--json", tmp_path / "junk.toml", tmp_path / "missing.toml")
    assert result.exit_code == 2, result.output
    junk, missing = (json.loads(line) for line in result.output.splitlines())
    assert "not a valid TOML file" in junk["problems"][0]["message"]
    assert missing["problems"] == [{"round": None, "move": None, "message": "cannot read the file: No such file or directory"}]


def test_audit_finds_a_played_tile_in_a_hand_and_a_bad_opener():
    text = (EXAMPLES / "two-ends.toml").read_text()
    game = loads(text).game
    first = game.rounds[0]
    played = str(first.layout.placed[0].tile)
    holder = next(game.players[p] for p, h in first.hands.items() if not isinstance(h, int))
    written = " ".join(map(str, first.hands[game.players.index(holder)]))
    broken = text.replace(f'{holder} = "{written}"', f'{holder} = "{played}{written[3:]}"', 1)
    broken = broken.replace(f'opener = "{game.players[game.rounds[1].opener]}"', 'opener = "Nobody"', 1)
    messages = [p.message for p in audit_text(broken).problems]
    assert f"hands: {holder}'s {played} is already on the table" in messages
    assert "'opener' must name a player, not 'Nobody'" in messages


# --- fuzzing: nothing a file contains may crash the reader or the audit ------------------------


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_notation(text):
    try:
        parse_move(text)
    except InvalidMoveError as error:
        assert f"'{text}'" in str(error)  # the message quotes what was given
    for parser in (parse_tile, parse_tiles):
        try:
            parser(text)
        except InvalidMoveError:
            pass


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_record_text(text):
    try:
        loads(text)
    except RecordError:
        pass
    assert isinstance(audit_text(text).problems, list)


VALID = [
    play_game(["Ann", "Bob", "Cy"], Rules.from_options(p, target=100, muggins=m), random.Random(s), careless=0.3)
    for s, (p, m) in enumerate([("pagat", True), ("two-ends", False), ("fuenfer", True)])
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID), st.randoms(use_true_random=False), st.integers(1, 4))
def test_fuzz_mutated_records(game, rng, mutations):
    """Valid records changed line by line: a move, a key, a value, a line dropped or
    duplicated. Every outcome is a clean report or a clean error."""
    lines = dumps(game).splitlines()
    pieces = [
        "Ann: 6-6 N",
        "Bob: draw 99",
        "Cy: pass",
        "Ann: muggins",
        "Zed: 1-1",
        "x = 1",
        "[rules]",
        "[[rounds]]",
        "deal = [1, 1]",
        'opener = "Cy"',
        "moves = 3",
        "Bob = -4",
        '  "Cy: 5-0 S =35",',
        "hands = 7",
        '"Ann" = "6-6 6-6"',
        "target = 0",
        "",
        "]",
        "format = 2",
    ]
    for _ in range(mutations):
        i = rng.randrange(len(lines))
        kind = rng.randrange(4)
        if kind == 0:
            lines.insert(i, rng.choice(pieces))
        elif kind == 1:
            del lines[i]
        elif kind == 2:
            lines[i] = rng.choice(pieces)
        else:
            lines.insert(i, lines[i])
    text = "\n".join(lines) + "\n"
    try:
        loads(text)
    except RecordError:
        pass
    record = audit_text(text)
    assert all(isinstance(p, Problem) and p.message for p in record.problems)


# --- replay, hint, rules, stats, tally ------------------------------------------------------


def test_replay_prints_every_move_when_not_in_a_terminal():
    result = run("replay", EXAMPLES / "pagat-split.toml", width=60)
    assert result.exit_code == 0, result.output
    game = loads((EXAMPLES / "pagat-split.toml").read_text()).game
    moves = sum(len(r.moves) for r in game.rounds)
    assert result.output.count(", move ") == moves
    assert "Ann +30: round5(Bob 4 + Cy 28)" in result.output and "Game over: Ann won." in result.output


def test_replay_from_a_round_and_move():
    result = run("replay", EXAMPLES / "pagat-split.toml", "--round", "2", "--move", "5", width=60)
    assert result.exit_code == 0, result.output
    assert "round 1, move" not in result.output
    assert "round 2, move 4\n" not in result.output and "round 2, move 5" in result.output
    result = run("replay", EXAMPLES / "pagat-split.toml", "--round", "9")
    assert result.exit_code == 2 and "--round 9: the game has rounds 1 to 2" in flat(result.output)


def test_hint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann").exit_code == 0
    assert run("play", "3-6").exit_code == 0
    result = run("hint", "66", "53", "11", "3-6", width=60)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "6-6 E: scores 15; next player up to 5 (6-2 E)",
        "5-3 W: scores 0; next player up to 10 (5-4 W)",
        "1-1: fits nowhere",
        "3-6: already on the table",
    ]
    assert run("hint", "9-9").exit_code == 2


def test_rules_in_words(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("rules", "fuenfer", width=100)
    assert result.exit_code == 0, result.output
    assert "round5 of the other sides' pips together, minus its own" in result.output
    assert run("rules", "nope").exit_code == 2
    assert run("new", "--players", "Ann,Bob", "--rules", "two-ends", "--target", "150", "--opener", "Ann").exit_code == 0
    result = run("rules", width=100)
    assert "150 points (changed)" in result.output and "no spinner" in result.output


def test_stats_json_and_csv():
    files = [EXAMPLES / "demo.toml", EXAMPLES / "pagat-split.toml"]
    result = run("stats", "--json", *files)
    assert result.exit_code == 0, result.output
    rows = {row["player"]: row for row in json.loads(result.output)}
    games = [loads(f.read_text()).game for f in files]
    for name in ("Ann", "Bob", "Cy"):
        assert rows[name]["games"] == 2
        assert rows[name]["points"] == sum(float(score_of(g, name)) for g in games)
        assert rows[name]["points"] == rows[name]["from_plays"] + rows[name]["from_hands"] + rows[name]["from_muggins"]
    assert rows["Ann"]["wins"] == 1 and rows["Bob"]["wins"] == 1
    result = run("stats", "--csv", *files)
    table = list(csv.DictReader(io.StringIO(result.output)))
    assert [r["player"] for r in table] == ["Ann", "Bob", "Cy"]
    assert run("stats", *files, width=100).exit_code == 0
    result = run("stats", "--json", EXAMPLES / "demo.toml", BROKEN)
    assert result.exit_code == 2 and "skipped" in result.output


def test_tally_strokes_signs_and_half_points():
    result = run("tally", "-f", EXAMPLES / "pagat-split.toml", width=40)
    assert result.exit_code == 0, result.output
    ann = result.output.split("Bob:")[0]
    assert ann.count("x X x") == 2  # 107½ = two 50-point signs,
    assert "|" in ann and ann.count("|") == 1  # one stroke for 5,
    assert "apart: 2½" in ann  # and the half point noted apart
    assert "Cy: 42½\n  ||||||||\n  apart: 2½" in result.output


# --- the live table mode ------------------------------------------------------------------------


def test_live_records_a_round_from_short_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "--deal", "2,2,2").exit_code == 0
    typed = "36\n66 e\n62 E =5\nzz\n?\nu\n62 e\n33 w\nhands Bob=8 Cy=45p\nhands Bob=8 Cy=4-5\nq\n"
    result = run("live", input=typed)
    assert result.exit_code == 1, result.output  # from a pipe: some lines were refused
    assert "'zz' is not a tile" in result.output
    assert "Cy's 1 tile cannot hold 45 pips" in flat(result.output)
    assert "Undone: Cy: 6-2 E =5" in result.output
    assert "Ann +15: round5(Bob 8 + Cy 9)" in result.output
    data = json.loads(run("show", "--json").output)
    assert data["round"] == 2 and data["turn"] == "Ann" and data["scores"] == {"Ann": 15, "Bob": 15, "Cy": 5}


# --- in a real terminal: tmux, at 40 and at 100 columns ------------------------------------------


@pytest.mark.skipif(__import__("shutil").which("tmux") is None, reason="needs tmux")
@pytest.mark.parametrize("columns", [40, 100])
def test_live_in_a_real_terminal(tmp_path, columns):
    import shlex
    import sys

    scorepad = shlex.quote(str(Path(sys.executable).parent / "scorepad"))
    record = tmp_path / "scorepad.toml"
    assert run("new", "--players", "Ann,Bob,Cy", "--opener", "Ann", "-f", record).exit_code == 0
    session = f"scorepad-test-{columns}-{id(tmp_path)}"
    tmux(
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        str(columns),
        "-y",
        "30",
        f"cd {shlex.quote(str(tmp_path))} && XDG_STATE_HOME=. NO_COLOR=1 {scorepad} live; sleep 5",
    )

    def screen_after(keys=None):
        """The screen once the line typed is answered: one more prompt, waiting empty.
        Only the part from the last answer on, as a terminal of 30 rows shows it."""
        before = 0  # at the start: the first prompt
        if keys is not None:
            before = prompts(pane_until(session, lambda text: True))
            tmux("send-keys", "-t", session, keys, "Enter")
        text = pane_until(session, lambda text: prompts(text) > before and text.rstrip().endswith(">"))
        return "\n".join(text.rstrip().splitlines()[-30:])

    try:
        screen_after()
        screen_after("36")
        screen = screen_after("66 e")
        assert "Bob 6-6 E +15: 3 + 6|6 = 15" in screen
        assert screen.rstrip().endswith("Cy>")
        screen = screen_after("53 n")
        assert "5-3 cannot go N" in screen
        tmux("send-keys", "-t", session, "Up")  # readline history: the last line comes back
        pane_until(session, lambda text: text.rstrip().endswith("Cy> 53 n"))
        tmux("send-keys", "-t", session, "C-u")
        pane_until(session, lambda text: text.rstrip().endswith("Cy>"))
        for move in ("62 e", "53 w", "21 e", "54 w", "14 e", "43 w"):
            screen_after(move)
        screen = screen_after("42 e")
        rows = screen.splitlines()
        at = max(i for i, row in enumerate(rows) if row.startswith("W3 "))
        line = rows[at]
        if columns == 40:
            # 43 columns of line: tiles beside the spinner give way; it and the ends stay.
            assert line == "W3 3-4 4-5 5-3 … {6|6} … 2-1 1-4 4-2 E2"
            assert rows[at - 1] == " " * 18 + "N·"  # the side arm, drawn above the spinner
        else:
            assert line == "W3 3-4 4-5 5-3 3-6 {6|6} 6-2 2-1 1-4 4-2 E2"
            assert rows[at - 1] == " " * 20 + "N·"
        screen = screen_after("?")
        assert "q         leave (all is saved)" in screen
        tmux("send-keys", "-t", session, "q", "Enter")
    finally:
        tmux("kill-session", "-t", session)
    moves = [str(m) for m in loads(record.read_text()).game.current.moves]
    assert moves[:2] == ["Ann: 3-6", "Bob: 6-6 E"] and moves[-1] == "Cy: 4-2 E" and len(moves) == 9
