"""The commands that help at the table beside recording: replay, hint, rules, stats and
tally."""

import csv
import io
import json

from tests.helpers import BROKEN, EXAMPLES, flat, run, score_of

from scorepad.record.format import loads


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
