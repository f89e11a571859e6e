"""The audit after docs/format.md's update: problems (a broken record) apart from notes (play
that breaks no rule), the round in which the game ends audited like every other, the log's
muggins marks, and a lenient replay that never ends in a traceback."""

import gc
import json
import random
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.helpers import BROKEN, EXAMPLES, messages, run
from tests.helpers import record_of_rounds as record

from scorepad.engine.notation import parse_move
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import parse_tile, parse_tiles
from scorepad.errors import InvalidMoveError
from scorepad.record.format import Problem, RecordError, audit_text, dumps, loads
from scorepad.views.summary import audit_json, log_json

# --- the round in which the game ends ----------------------------------------------------------


def test_the_game_ending_rounds_written_points_are_compared():
    text = record('opener = "Ann"\nmoves = ["Ann: 5-5"]\npoints = { Ann = 5, Bob = 0 }', rules='preset = "pagat"\ntarget = 10')
    audited = audit_text(text)
    assert audited.game.winners() == ["Ann"]
    assert messages(audited.problems) == [(1, None, "points: Ann is written as 5, the count is 10")]


def test_hands_written_for_the_round_in_which_the_game_ended_are_a_problem():
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5"]\nhands = { Ann = 20, Bob = 30 }\npoints = { Ann = 10, Bob = 0 }',
        rules='preset = "pagat"\ntarget = 10',
    )
    assert messages(audit_text(text).problems) == [
        (1, None, "'hands' are given, but the game ended at move 1: no hands are entered after that"),
    ]
    with pytest.raises(RecordError, match="the game ended at move 1"):
        loads(text)


def test_a_missed_score_in_the_game_ending_round_is_noted():
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5", "Bob: 5-0 E =10"]\npoints = { Ann = 0, Bob = 10 }',
        rules='preset = "pagat"\ntarget = 10\nmuggins = true',
    )
    audited = audit_text(text)
    assert audited.problems == [] and audited.game.winners() == ["Bob"]
    assert messages(audited.notes) == [
        (1, 1, "'Ann: 5-5': Ann missed 10 and nobody called muggins (Bob could have)"),
    ]


def test_the_game_ending_round_is_domino_when_the_last_play_was_the_players_last_tile():
    domino = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5"]\npoints = { Ann = 10, Bob = 0 }',
        rules='preset = "pagat"\ntarget = 10\ndeal = [1, 1, 1]',
    )
    audited = audit_text(domino)
    assert audited.problems == []
    line = audit_json("f", audited.game, audited.problems, audited.notes)
    assert line["rounds"] == [{"points": {"Ann": 10, "Bob": 0}, "result": "domino", "winner": ["Ann"]}]
    mid_round = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5"]\npoints = { Ann = 10, Bob = 0 }', rules='preset = "pagat"\ntarget = 10'
    )
    audited = audit_text(mid_round)
    line = audit_json("f", audited.game, audited.problems, audited.notes)
    assert line["rounds"] == [{"points": {"Ann": 10, "Bob": 0}, "result": "unfinished", "winner": None}]


# --- notes --------------------------------------------------------------------------------------


def test_without_muggins_a_wrong_claim_is_a_note_and_the_true_score_counts():
    text = record('opener = "Ann"\nmoves = ["Ann: 5-5 =5", "Bob: 5-1 E"]')
    audited = audit_text(text)
    assert audited.problems == [] and audited.game.scores == [10, 0]
    assert messages(audited.notes) == [(1, 1, "'Ann: 5-5 =5': Ann claimed 5, but 5-5 scores 10")]


MUGGINS = record(
    'opener = "Ann"\nmoves = ["Ann: 5-5", "Bob: 5-0 E", "Ann: muggins", "Cy: 0-0 E =15", "Bob: muggins", "Ann: 5-3 W"]',
    players=("Ann", "Bob", "Cy"),
    rules='preset = "pagat"\nmuggins = true',
)


def test_muggins_notes_name_who_missed_what_and_who_could_have_called():
    audited = audit_text(MUGGINS)
    assert audited.problems == []
    assert audited.game.scores == [10, 15, 0]  # Ann called Bob's 10; Bob took Cy's claim of 15
    assert messages(audited.notes) == [
        (1, 1, "'Ann: 5-5': Ann missed 10 and nobody called muggins (Bob or Cy could have)"),
        (1, 4, "'Cy: 0-0 E =15': Cy claimed 15, but 0-0 scores 10"),
    ]


def test_audit_text_and_json_keep_notes_apart_and_exit_0(tmp_path):
    path = tmp_path / "muggins.toml"
    path.write_text(MUGGINS)
    result = run("audit", path, width=200)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{path}: ok",
        f"{path}: note: round 1, move 1: 'Ann: 5-5': Ann missed 10 and nobody called muggins (Bob or Cy could have)",
        f"{path}: note: round 1, move 4: 'Cy: 0-0 E =15': Cy claimed 15, but 0-0 scores 10",
    ]
    result = run("audit", "--json", path)
    assert result.exit_code == 0, result.output
    line = json.loads(result.output)
    assert line["ok"] is True and line["problems"] == []
    assert line["notes"][1] == {"round": 1, "move": 4, "message": "'Cy: 0-0 E =15': Cy claimed 15, but 0-0 scores 10"}


def test_a_problem_and_a_note_in_one_record_exit_1(tmp_path):
    path = tmp_path / "both.toml"
    path.write_text(MUGGINS.replace('"Ann: 5-3 W"', '"Ann: 6-6 W"'))
    result = run("audit", path, width=200)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[0] == f"{path}: round 1, move 6: 'Ann: 6-6 W': 6-6 does not fit W: W shows 5, E shows 0"
    assert sum(line.startswith(f"{path}: note: ") for line in result.output.splitlines()) == 2


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_audit_json_of_every_example_is_ok(name):
    result = run("audit", "--json", EXAMPLES / name)
    assert result.exit_code == 0, result.output
    line = json.loads(result.output)
    assert line["ok"] is True and line["problems"] == []
    assert bool(line["notes"]) == (name == "muggins.toml")


def test_the_log_marks_a_muggins_call_and_an_uncalled_miss_on_the_plays_row(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text(MUGGINS)
    result = run("log", "-f", path, width=80)
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()]
    assert rows[2] == ["1", "Ann:", "5-5", "10", "missed", "10,", "uncalled"]
    assert rows[3] == ["2", "Bob:", "5-0", "E", "10", "missed", "10,", "Ann", "called"]
    assert rows[4] == ["3", "Ann:", "muggins", "+10", "Ann"]
    assert rows[5] == ["4", "Cy:", "0-0", "E", "=15", "10", "too", "high,", "Bob", "called"]
    result = run("log", "--json", "-f", path)
    moves = json.loads(result.output)[0]["moves"]
    assert moves[0]["muggins"] == {"amount": 10, "penalty": False, "called_by": None}
    assert moves[1]["muggins"] == {"amount": 10, "penalty": False, "called_by": "Ann"}
    assert moves[3]["muggins"] == {"amount": 15, "penalty": True, "called_by": "Bob"}
    assert "muggins" not in moves[2] and "muggins" not in moves[5]


# --- the lenient replay carries on or reports, never a traceback ---------------------------------


def test_an_opener_who_draws_more_than_the_boneyard_before_the_lead():
    text = record('opener = "Ann"\nmoves = ["Ann: draw 20", "Ann: 6-4", "Bob: 4-4 E"]')
    audited = audit_text(text)
    assert messages(audited.problems) == [(1, 1, "'Ann: draw 20': Ann opens round 1: lead a tile first")]
    assert audited.game.scores == [10, 0]  # the replay went on from the lead


GAMES = [
    play_game(
        ["Ann", "Bob", "Cy", "Dee"][:n],
        Rules.from_options(preset, target=60, muggins=muggins, partners=True),
        random.Random(seed),
        careless=0.3,
    )
    for seed, (n, preset, muggins) in enumerate(
        [(2, "pagat", True), (3, "two-ends", False), (4, "fuenfer", True), (4, "pagat", False), (3, "fuenfer", True)]
    )
]


@st.composite
def a_move(draw, players):
    who = draw(st.sampled_from([*players, "Zed"]))
    kind = draw(st.sampled_from(["play", "draw", "pass", "muggins"]))
    if kind == "play":
        tile = f"{draw(st.integers(0, 6))}-{draw(st.integers(0, 6))}"
        end = draw(st.sampled_from(["", " W", " E", " N", " S"]))
        claim = draw(st.sampled_from(["", " =0", " =5", " =10", " =35"]))
        return f"{who}: {tile}{end}{claim}"
    if kind == "draw":
        return f"{who}: draw {draw(st.integers(1, 30))}"
    return f"{who}: {kind}"


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.data())
def test_fuzz_moves_hands_and_openers_of_real_records(game, data):
    """Valid records changed where a table errs: moves inserted, dropped, swapped or given
    to another player, hands in another form or wrong, openers and points changed."""
    import tomllib

    table = tomllib.loads(dumps(game))
    rounds = table["rounds"]
    players = list(game.players)
    for _ in range(data.draw(st.integers(1, 4))):
        r = rounds[data.draw(st.integers(0, len(rounds) - 1))]
        moves = r["moves"]
        kind = data.draw(st.sampled_from(["insert", "drop", "swap", "player", "hands", "opener", "points", "round"]))
        at = data.draw(st.integers(0, max(0, len(moves) - 1)))
        if kind == "insert" or not moves:
            moves.insert(at, data.draw(a_move(players)))
        elif kind == "drop":
            del moves[at]
        elif kind == "swap" and len(moves) > 1:
            moves[at - 1], moves[at] = moves[at], moves[at - 1]
        elif kind == "player":
            moves[at] = data.draw(st.sampled_from(players)) + moves[at][moves[at].index(":") :]
        elif kind == "hands":
            hands = r.setdefault("hands", {})
            name = data.draw(st.sampled_from(players))
            hands[name] = data.draw(st.one_of(st.integers(-3, 170), st.sampled_from(["6-6", "0-0 1-1", "5-5 5-5"])))
        elif kind == "opener":
            r["opener"] = data.draw(st.sampled_from(players))
        elif kind == "points":
            r["points"] = {data.draw(st.sampled_from(players)): data.draw(st.integers(0, 50))}
        else:
            fresh = data.draw(st.lists(a_move(players), max_size=3))
            rounds.insert(at % (len(rounds) + 1), {"opener": data.draw(st.sampled_from(players)), "moves": fresh})
    text = tomli_w.dumps(table)
    audited = audit_text(text)
    assert all(p.message for p in audited.problems + audited.notes)
    line = audit_json("f", audited.game, audited.problems, audited.notes)
    assert line["ok"] == (audited.game is not None and not audited.problems)
    if audited.game is not None:
        json.dumps(log_json(audited.game))
    try:
        loads(text)
    except RecordError:
        pass


# --- decisions where the rules text is silent ------------------------------------------------------


def test_a_muggins_call_after_a_domino_that_ends_the_game_leaves_the_round_a_domino():
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5", "Bob: muggins"]\npoints = { Ann = 0, Bob = 10 }',
        rules='preset = "pagat"\ntarget = 10\ndeal = [1, 1, 1]\nmuggins = true',
    )
    audited = audit_text(text)
    assert audited.problems == [] and audited.notes == [] and audited.game.winners() == ["Bob"]
    line = audit_json("f", audited.game, audited.problems, audited.notes)
    assert line["rounds"] == [{"points": {"Ann": 0, "Bob": 10}, "result": "domino", "winner": ["Ann"]}]


def test_a_claim_too_low_that_nobody_called_gives_two_notes():
    text = record('opener = "Ann"\nmoves = ["Ann: 5-5 =5", "Bob: 5-1 E"]', rules='preset = "pagat"\nmuggins = true')
    assert messages(audit_text(text).notes) == [
        (1, 1, "'Ann: 5-5 =5': Ann claimed 5, but 5-5 scores 10"),
        (1, 1, "'Ann: 5-5 =5': Ann missed 10 and nobody called muggins (Bob could have)"),
    ]


def test_an_audit_leaves_no_reference_cycles():
    """`scorepad audit` turns the cycle collector off while it audits a record
    (record/library.py, `replaying`): all that an audit makes, of a sound record or a broken one,
    must be freed without it."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.toml"))]
    texts.append((Path(__file__).parent / "broken.toml").read_text(encoding="utf-8"))
    rng = random.Random(11)
    for text in [dumps(game) for game in GAMES[:4]]:
        lines = text.split("\n")
        for _edit in range(20):  # a line dropped or doubled: moves out of turn, refused, hands wrong
            at = rng.randrange(len(lines))
            texts.append("\n".join(lines[:at] + lines[at + 1 :] if rng.random() < 0.5 else lines[: at + 1] + lines[at:]))
    texts += ["not = [toml", 'format = "scorepad/9"', record('opener = "Ann"\nmoves = ["Ann: 5-5", "Ann: 5-4 E"]')]
    for text in texts:  # patterns compiled and caches filled before counting
        audit_text(text)
    gc.collect()
    gc.disable()
    try:
        audited = [audit_text(text) for text in texts]
        del audited
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


# --- a broken record: every problem with its round and move ------------------------------------


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
