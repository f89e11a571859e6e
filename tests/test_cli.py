"""The scorepad command as a player uses it, under a fixed terminal width."""

import csv
import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from tests.helpers import EXAMPLES, flat, ok, process, refused, run

from scorepad.engine.notation import Draw, Muggins, Pass, Play
from scorepad.record.files import load


@pytest.fixture
def game(here):
    """A pagat game for Ann, Bob and Cy in ./scorepad.toml, Ann to lead."""
    ok("new", "--players", "Ann,Bob,Cy", "--opener", "Ann")
    return here


# --- new -----------------------------------------------------------------------------------


def test_new_draws_the_lot(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("new", "--players", "Ann,Bob")
    assert result.exit_code == 0, result.output
    assert "The lot:" in result.output and "opens." in result.output
    data = json.loads(run("show", "--json").output)
    assert data["turn"] in ("Ann", "Bob") and data["state"] == "playing"


def test_new_refuses_to_overwrite(game):
    refused(["new", "--players", "Dee,Eve"], game, 2, "already holds a game that is not over: use --force")
    result = run("new", "--players", "Dee,Eve", "--opener", "Eve", "--force")
    assert result.exit_code == 0, result.output
    assert json.loads(run("show", "--json").output)["players"] == ["Dee", "Eve"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rules", "pagot"], "'pagot' is not one of 'pagat', 'two-ends', 'fuenfer'"),  # Typer checks choices
        (["--spinner", "two"], "'two' is not one of 'first-double', 'none'"),
        (["--deal", "9,x"], "--deal '9,x'"),
        (["--opener", "Zed"], "'Zed' is not playing"),
    ],
)
def test_new_bad_options(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run("new", "--players", "Ann,Bob", *args, width=200)
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert not (tmp_path / "scorepad.toml").exists()


def test_new_with_options_writes_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(
        "new",
        "--players",
        "Ann,Bob,Cy,Dee",
        "--rules",
        "two-ends",
        "--no-partners",
        "--target",
        "150",
        "--muggins",
        "--opener",
        "Bob",
        "--blocked-tie",
        "split-third",
    )
    assert result.exit_code == 0, result.output
    text = (tmp_path / "scorepad.toml").read_text()
    assert 'preset = "two-ends"' in text and "muggins = true" in text and "target = 150" in text
    data = json.loads(run("show", "--json").output)
    assert data["sides"] == [["Ann"], ["Bob"], ["Cy"], ["Dee"]] and data["turn"] == "Bob"


def test_highest_double_opener_comes_from_the_first_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob", "--rules", "two-ends").exit_code == 0
    record = tmp_path / "scorepad.toml"
    refused(["play", "6-6"], record, 2, "who leads round 1? Say who holds the highest double: add --by NAME")
    result = run("play", "6-6", "--by", "Bob")
    assert result.exit_code == 0, result.output
    assert json.loads(run("show", "--json").output)["turn"] == "Ann"


# --- recording a round ----------------------------------------------------------------------


def test_a_round_by_hand(game):
    result = run("play", "3-6")
    assert result.exit_code == 0, result.output
    result = run("play", "66", "right")
    assert result.exit_code == 0, result.output
    assert "Bob 6-6 E +15: 3 + 6|6 = 15" in result.output
    result = run("play", "6:2", "e", "--claim", "5")
    assert result.exit_code == 0, result.output
    data = json.loads(run("show", "--json").output)
    assert data == {
        "players": ["Ann", "Bob", "Cy"],
        "sides": [["Ann"], ["Bob"], ["Cy"]],
        "scores": {"Ann": 0, "Bob": 15, "Cy": 5},
        "round": 1,
        "state": "playing",
        "turn": "Ann",
        "ends": {"W": 3, "E": 2, "N": 0, "S": 0},
        "end_sum": 5,
        "boneyard": 7,
        "hand_sizes": {"Ann": 6, "Bob": 6, "Cy": 6},
        "winner": None,
    }
    assert run("draw", "2").exit_code == 0
    assert run("play", "2-2", "E").exit_code == 0
    assert json.loads(run("show", "--json").output)["hand_sizes"] == {"Ann": 7, "Bob": 6, "Cy": 6}
    moves = [str(m) for m in load(game).game.current.moves]
    assert moves == ["Ann: 3-6", "Bob: 6-6 E", "Cy: 6-2 E =5", "Ann: draw 2", "Ann: 2-2 E"]


def test_refusals_leave_the_record_untouched(game):
    assert run("play", "2-6").exit_code == 0
    refused(["play", "5-3"], game, 1, "5-3 does not fit: W shows 2, E shows 6")
    refused(["play", "6-9"], game, 2, "'6-9' is not a tile")
    refused(["play", "6-4", "X"], game, 2, "'X' is not an end")
    refused(["play", "6-4", "E", "--by", "Cy"], game, 1, "it is Bob's turn, not Cy's")
    refused(["play", "6-2", "E"], game, 1, "6-2 is already on the table")
    refused(["play", "6-1", "N"], game, 1, "cannot go N: there is no spinner yet")
    refused(["pass"], game, 1, "Bob cannot pass: the boneyard still holds 7 tiles")
    refused(["draw", "8"], game, 1, "the boneyard holds only 7")
    refused(["draw", "0"], game, 2, "at least 1")
    refused(["muggins", "Cy"], game, 1, "played without muggins")
    refused(["hands", "Bob=3"], game, 1, "round 1 is still being played")
    refused(["hands", "Bob"], game, 2, "'Bob' is not a hand")
    refused(["play", "6-4", "--by", "Zed"], game, 1, "'Zed' is not playing")


def test_ambiguous_end_lists_each_score(game):
    for move in (["5-5"], ["5-1", "W"], ["1-0", "W"]):
        assert run("play", *move).exit_code == 0
    # W shows 0, E is the outer double 5-5: 0-5 on W makes 5 + 10, on E 0 + 0.
    refused(["play", "0-5"], game, 1, "0-5 fits more than one end: W makes 15 (scores 15), E makes 0 (scores 0); say which end")


def test_undo_takes_back_moves_and_hands(game):
    assert run("play", "3-6").exit_code == 0
    before = game.read_bytes()
    assert run("play", "6-6", "E").exit_code == 0
    result = run("undo")
    assert result.exit_code == 0, result.output
    assert "Undone: Bob: 6-6 E" in result.output
    assert game.read_bytes() == before
    assert run("undo").exit_code == 0
    refused(["undo"], game, 1, "nothing to undo")


def test_missing_and_broken_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("show")
    assert result.exit_code == 2 and "no game in scorepad.toml" in result.output
    broken = tmp_path / "scorepad.toml"
    broken.write_text('format = "scorepad/1"\nplayers = ["Ann", "Bob"\n')
    refused(["play", "6-4"], broken, 2, "not a valid TOML file")
    broken.write_text('format = "scorepad/1"\nplayers = ["Ann", "Bob"]\nplayer = 3\n')
    refused(["draw"], broken, 2, "unknown key 'player' in the top level (line 3)")
    broken.write_text('format = "scorepad/2"\nplayers = ["Ann", "Bob"]\n')
    refused(["show"], broken, 2, "unknown format 'scorepad/2' (line 1)")


def test_file_option_and_environment(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann", "-f", "club.toml").exit_code == 0
    assert run("play", "6-4", env={"SCOREPAD_FILE": "club.toml"}).exit_code == 0
    assert json.loads(run("show", "--json", "--file", "club.toml").output)["end_sum"] == 10


def test_audit_without_a_file_audits_the_game_the_other_commands_use(folder):
    missing = run("audit")
    assert missing.exit_code == 2 and missing.output == "scorepad.toml: cannot read the file: No such file or directory\n"
    assert run("new", "--players", "Ann,Bob", "--opener", "Ann").exit_code == 0
    (folder / "club.toml").write_text((EXAMPLES / "demo.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert ok("audit") == "scorepad.toml: ok\n"
    assert ok("audit", env={"SCOREPAD_FILE": "club.toml"}) == "club.toml: ok\n"
    assert json.loads(ok("audit", "--json", "-f", "club.toml"))["file"] == "club.toml"
    assert (
        ok("audit", "club.toml", "scorepad.toml", env={"SCOREPAD_FILE": "nowhere.toml"}) == "club.toml: ok\nscorepad.toml: ok\n"
    )
    (folder / "scorepad.toml").write_text(
        'format = "scorepad/1"\nplayers = ["Ann", "Bob"]\n[[rounds]]\nmoves = ["Ann: 6-4", "Ann: 4-4 E"]\n'
    )
    bad = run("audit")
    assert bad.exit_code == 1 and bad.output.startswith("scorepad.toml: round 1, move 2: ") and "Traceback" not in bad.output


def test_stats_without_a_file_counts_the_game_the_other_commands_use(folder):
    missing = run("stats", "--json")
    assert missing.exit_code == 2 and "scorepad.toml" in missing.output and "Traceback" not in missing.output
    (folder / "club.toml").write_text((EXAMPLES / "demo.toml").read_text(encoding="utf-8"), encoding="utf-8")
    named = json.loads(ok("stats", "--json", "club.toml"))
    assert json.loads(ok("stats", "--json", "-f", "club.toml")) == named
    assert json.loads(ok("stats", "--json", env={"SCOREPAD_FILE": "club.toml"})) == named
    assert named and all(row["games"] == 1 for row in named)


@pytest.mark.parametrize("width", [40, 100])
def test_status_fits_the_terminal(game, width):
    for move in (
        ["1-4"],
        ["1-1", "W"],
        ["4-4", "E"],
        ["4-3", "E"],
        ["2-1", "W"],
        ["1-5", "N"],
        ["5-5", "N"],
        ["5-0", "N"],
        ["1-3", "S"],
    ):
        result = run("play", *move, width=width)
        assert result.exit_code == 0, result.output
    assert all(len(line) <= width for line in result.output.splitlines()), result.output
    assert "ends W 2 + E 3 + N 0 + S 3 = 8" in result.output
    assert "{1|1}" in result.output  # the spinner


def test_log(game):
    for move in (["5-5"], ["5-0", "E"]):
        run("play", *move)
    result = run("log", width=100)
    assert result.exit_code == 0, result.output
    assert "Ann: 5-5" in result.output and "+10" in result.output
    data = json.loads(run("log", "--json").output)
    assert data[0]["moves"][1] == {"move": "Bob: 5-0 E", "points": {"Bob": 10}}
    assert data[0]["result"] == "unfinished"


def test_demo_plays_the_bundled_game():
    result = run("demo", width=60)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


# --- whole games through the CLI, one per example record ------------------------------------


def cli_script(path: Path):
    """The commands that record the game of an example record, from `new` on."""
    game = load(path).game
    rules = game.rules
    new = ["new", "--players", ",".join(game.players), "--rules", rules.preset]
    for name, value in rules.options().items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            new.append(flag if value else flag.replace("--", "--no-"))
        else:
            new += [flag, ",".join(map(str, value)) if isinstance(value, list) else str(value)]
    new += ["--opener", game.players[game.rounds[0].opener]]
    yield new
    for number, r in enumerate(game.rounds, start=1):
        for m in r.moves:
            if isinstance(m, Play):
                yield [
                    "play",
                    str(m.tile),
                    *([m.end.value] if m.end else []),
                    "--by",
                    m.player,
                    *(["--claim", str(m.claim)] if m.claim is not None else []),
                ]
            elif isinstance(m, Draw):
                yield ["draw", str(m.count), "--by", m.player]
            elif isinstance(m, Pass):
                yield ["pass", "--by", m.player]
            elif isinstance(m, Muggins):
                yield ["muggins", m.player]
        if r.hands is not None:
            # When the table finds the next opener, name the one the record has (else a lot).
            following = game.rounds[number] if number < len(game.rounds) else None
            by = (
                ["--by", game.players[following.opener]]
                if following and following.opener_rule in ("lot", "highest-double")
                else []
            )
            yield [
                "hands",
                *(f"{game.players[p]}={h if isinstance(h, int) else ','.join(map(str, h))}" for p, h in r.hands.items()),
                *by,
            ]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_whole_game_through_the_cli(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    for command in cli_script(EXAMPLES / name):
        result = run(*command)
        assert result.exit_code == 0, (command, result.output)
    assert "Game over" in result.output
    assert (tmp_path / "scorepad.toml").read_text() == (EXAMPLES / name).read_text()


def test_colour_only_when_wanted(game):
    assert run("play", "5-5").exit_code == 0
    coloured = run("show", env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[36m" in coloured.output  # end names in cyan
    plain = run("show", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[3" not in plain.output and "\x1b[4" not in plain.output  # no colour at all


def test_undoing_a_lead_lets_another_player_lead_a_highest_double_round(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "--players", "Ann,Bob,Cy", "--rules", "two-ends").exit_code == 0
    assert run("play", "6-6", "--by", "Bob").exit_code == 0
    assert run("undo").exit_code == 0  # a later command: the record now names Bob
    result = run("play", "5-5", "--by", "Cy")  # the table now says Cy holds the highest double
    assert result.exit_code == 0, result.output
    data = json.loads(run("show", "--json").output)
    assert data["turn"] == "Ann"
    assert 'opener = "Cy"' in (tmp_path / "scorepad.toml").read_text()


def test_an_undone_highest_double_lead_leaves_the_opener_open(tmp_path, monkeypatch):
    """Under highest-double the lead names the opener: once it is taken back, the table
    must say again who leads (the next lead is not credited to the one who led by mistake)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    assert run("new", "--players", "Tom,Sue", "--rules", "two-ends").exit_code == 0
    assert run("play", "66", "--by", "tom").exit_code == 0
    assert run("undo").exit_code == 0
    assert json.loads(run("show", "--json").output)["turn"] is None
    result = run("play", "55")
    assert result.exit_code == 2, result.output
    assert "who leads round 1?" in flat(result.output)
    result = run("play", "55", "--by", "sue")
    assert result.exit_code == 0, result.output
    assert json.loads(run("show", "--json").output)["turn"] == "Tom"


def test_stats_skip_unplayed_records_and_merge_a_name_written_in_two_cases(tmp_path):
    played = tmp_path / "a.toml"
    played.write_text((EXAMPLES / "two-ends.toml").read_text())
    other = tmp_path / "b.toml"
    text = (EXAMPLES / "two-ends.toml").read_text()
    names = json.loads(run("show", "--json", "-f", played).output)["players"]
    other.write_text(re.sub(rf"\b{names[0]}\b", names[0].lower(), text))
    empty = tmp_path / "c.toml"
    assert run("new", "--players", "Zed,Yan", "--opener", "Zed", "-f", empty).exit_code == 0
    rows = json.loads(run("stats", "--json", played, other, empty).output)
    assert [r["player"] for r in rows] == sorted({names[0], names[1]}, key=str.casefold)
    assert all(r["games"] == 2 for r in rows)


def test_stats_name_the_record_of_each_best_play(tmp_path, monkeypatch):
    """Over several games "round 4" names no game: the best play's record is named as it
    was given, in the JSON and as the CSV's last column, where a name a spreadsheet would
    run as a formula starts with '."""
    monkeypatch.chdir(tmp_path)
    Path("demo.toml").write_text((EXAMPLES / "demo.toml").read_text())
    Path("=HYPERLINK(1).toml").write_text((EXAMPLES / "muggins.toml").read_text())
    both = {r["player"]: r for r in json.loads(ok("stats", "--json", "demo.toml", "=HYPERLINK(1).toml"))}
    demo = {r["player"]: r for r in json.loads(ok("stats", "--json", "demo.toml"))}
    other = {r["player"]: r for r in json.loads(ok("stats", "--json", "=HYPERLINK(1).toml"))}
    assert {r["best_play_file"] for r in demo.values()} == {"demo.toml"}
    for name, row in both.items():
        # The higher of the two games' best plays; the first game's on a tie.
        first = demo.get(name, {}).get("best_play", -1)
        second = other.get(name, {}).get("best_play", -1)
        assert row["best_play"] == max(first, second)
        assert row["best_play_file"] == ("demo.toml" if first >= second else "=HYPERLINK(1).toml"), name
    assert {r["best_play_file"] for r in both.values()} == {"demo.toml", "=HYPERLINK(1).toml"}
    sheet = list(csv.reader(io.StringIO(ok("stats", "--csv", "demo.toml", "=HYPERLINK(1).toml"))))
    # The columns an older scorepad wrote keep their places; newer ones come after them.
    assert sheet[0][10:13] == ["average_per_round", "best_play_file", "from_penalties"]
    assert {row[11] for row in sheet[1:]} == {"demo.toml", "'=HYPERLINK(1).toml"}


def test_scorepad_alone_shows_the_help_and_no_error():
    """Typing `scorepad` alone asks for the help: it is shown, with no usage line and no
    empty error after it, and the exit status is a success."""
    done = process([], subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "[OPTIONS] COMMAND [ARGS]" in done.stdout and "One prompt for the whole game" in done.stdout


@pytest.mark.parametrize("typed", [["64", "=1001"], ["64e=5000"], ["64", "--claim", "1001"]])
def test_a_claim_the_record_cannot_hold_is_refused_before_it_is_saved(game, typed):
    """The record's grammar reads claims up to 1000: a larger one saved would leave a
    game no command can read."""
    refused(["play", *typed], game, 2, "a claim is at most 1000")
    assert "+" in ok("play", "64", "=1000")  # at the limit: recorded, and read back
    assert ok("show")
