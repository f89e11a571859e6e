"""scorepad as a library (record/library.py, docs/library.md): whole games played, amended,
audited and reviewed through the names the package exports, in a process of their own that
imports no part of the command line (Typer, click, rich, scorepad.cli)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers import HUNG, ok, run
from tests.helpers import write_round as record

import scorepad
from scorepad.engine.review import review_game, totals
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_game
from scorepad.record.format import dumps

DOC = Path(__file__).resolve().parents[1] / "docs" / "library.md"

# Appended to each program run: what it imported, one name a line, after a marker.
MODULES = """
import sys as _sys
print("--- modules")
print("\\n".join(sorted(_sys.modules)))
"""


def run_alone(program: str, folder: Path) -> str:
    """`program` run by a Python of its own in `folder`: what it printed, the modules it
    had imported at its end checked to hold nothing of the command line."""
    done = subprocess.run(
        [sys.executable, "-c", program + MODULES],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "SCOREPAD_LANG": "en"},
        timeout=HUNG,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed, _marker, modules = done.stdout.partition("--- modules\n")
    loaded = modules.split()
    assert "scorepad.record.library" in loaded
    front = [
        m for m in loaded if m.split(".")[0] in ("typer", "click", "rich") or m.startswith(("scorepad.cli", "scorepad.views"))
    ]
    assert front == []
    return printed


def test_the_documented_example_runs_as_it_stands(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1
    run_alone(blocks[0], tmp_path)
    assert scorepad.load(tmp_path / "game.toml").scores == [10, 10]


def test_every_name_the_package_exports_is_there_without_the_command_line(tmp_path):
    run_alone("import scorepad\nfor name in scorepad.__all__:\n    getattr(scorepad, name)\n", tmp_path)
    assert {"load", "save", "play", "enter_hands", "undo", "amend", "audit", "review"} <= set(scorepad.__all__)


def test_no_exported_name_hides_a_module_of_the_package():
    """`from scorepad import start` must give the module start.py, never a function."""
    package = Path(scorepad.__file__).parent
    assert [name for name in scorepad.__all__ if (package / f"{name}.py").exists() or (package / name).is_dir()] == []


def test_the_check_for_the_command_line_finds_it(tmp_path):
    with pytest.raises(AssertionError):
        run_alone("import scorepad.cli.app", tmp_path)


WHOLE_GAME = """
import random
import scorepad
from scorepad.engine.simulate import play_game
from scorepad.record.format import dumps

seed = {seed}
source = play_game(["Ann", "Bob", "Cy"], scorepad.Rules.from_options({preset!r}, target=100), random.Random(seed))
scorepad.save(scorepad.Game(source.players, source.rules), "game.toml")
for r in source.rounds:
    if r.drawn or (r.number == 1 and r.opener is not None and r.opener_rule == "lot"):
        game = scorepad.load("game.toml")
        game.set_opener(source.players[r.opener], drawn=r.drawn)
        scorepad.save(game, "game.toml")
    for move in r.moves:
        scorepad.play("game.toml", move)
    if r.hands is not None:
        scorepad.enter_hands("game.toml", {{source.players[p]: hand for p, hand in r.hands.items()}})
assert dumps(scorepad.load("game.toml")) == dumps(source)
assert scorepad.audit("game.toml").problems == []
review = scorepad.review("game.toml")
print(len(review.rounds), review.totals, review.playing)
"""


@pytest.mark.parametrize(("seed", "preset"), [(1, "pagat"), (2, "two-ends"), (3, "fuenfer")])
def test_a_whole_game_played_audited_and_reviewed_through_the_library_alone(tmp_path, seed, preset):
    printed = run_alone(WHOLE_GAME.format(seed=seed, preset=preset), tmp_path)
    # The same game and review as the engine's own, made in this process.
    source = play_game(["Ann", "Bob", "Cy"], Rules.from_options(preset, target=100), __import__("random").Random(seed))
    assert dumps(scorepad.load(tmp_path / "game.toml")) == dumps(source)
    rounds = review_game(source)
    assert printed.strip() == f"{len(rounds)} {totals(rounds, 3)} None"


AMENDED = """
import scorepad

# Nobody named to open: whoever leads does (the table's own lot).
scorepad.save(scorepad.Game(["Ann", "Bob", "Cy"], scorepad.Rules.from_options("pagat")), "game.toml")
for move in ["Ann: 5-5", "Bob: 5-0 E", "Cy: 0-1 E", "Ann: 1-4 E"]:
    scorepad.play("game.toml", move)
before = open("game.toml", encoding="utf-8").read()

# Refused: the later moves are out of turn; the record as it was.
try:
    scorepad.replace("game.toml", (1, 1), "Bob: 5-5")
except scorepad.AmendError as refusal:
    print("refused:", refusal)
assert open("game.toml", encoding="utf-8").read() == before

# The lead was Bob's: the round re-seated from it, every later move a seat on.
done = scorepad.reseat_lead("game.toml", "Bob")
print([move.player for move in done.after.current.moves])
print(done.steps[0][0], done.before.scores, done.after.scores)

# Two changes legal only together (the 1-4 fits no end after 0-2), made at once.
done = scorepad.amend("game.toml", [("replace", (1, 3), "Ann: 0-2 E"), ("replace", (1, 4), "Bob: 2-3 E")])
print([str(move) for move in done.after.current.moves[2:]])
print(len(scorepad.audit("game.toml").problems))

# Taken back, the last first.
undone = scorepad.undo("game.toml", 2)
print([(taken.round, str(taken.entry)) for taken in undone.taken], len(scorepad.load("game.toml").current.moves))
try:
    scorepad.undo("game.toml", 3)
except scorepad.IllegalMoveError as refusal:
    print(refusal)
"""


def test_the_past_amended_through_the_library_alone(tmp_path):
    printed = run_alone(AMENDED, tmp_path).splitlines()
    assert printed[0].startswith("refused: ")
    assert printed[1:] == [
        "['Bob', 'Cy', 'Ann', 'Bob']",
        "lead-reseat [10, 10, 0] [0, 10, 10]",
        str(["Ann: 0-2 E", "Bob: 2-3 E"]),
        "0",
        "[(1, 'Bob: 2-3 E'), (1, 'Ann: 0-2 E')] 2",
        "cannot undo 3: only 2 moves or hands entries to take back",
    ]


def test_a_move_that_proves_an_earlier_pass_wrong_is_refused_there(tmp_path):
    """The library's play is the command line's: a play proving its player's pass against
    the rules is refused, the pass's place named (docs/rules.md "Irregularities")."""
    path = tmp_path / "game.toml"
    game = scorepad.Game(["Ann", "Bob"], scorepad.Rules.from_options("pagat"))
    game.set_opener("Ann")
    scorepad.save(game, path)
    for move in ["Ann: 5-5", "Bob: draw 10", "Bob: pass", "Ann: 5-0 E"]:
        scorepad.play(path, move)
    before = path.read_bytes()
    with pytest.raises(scorepad.ProvedByPlayError) as refused:
        scorepad.play(path, "Bob: 5-1 W")
    assert refused.value.at == (1, 3)
    assert path.read_bytes() == before


def test_a_save_never_replaces_a_file_that_is_not_a_record(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("the club's notes\n", encoding="utf-8")
    with pytest.raises(scorepad.RecordError):
        scorepad.save(scorepad.Game(["Ann", "Bob"], scorepad.Rules.from_options("pagat")), notes)
    assert notes.read_text(encoding="utf-8") == "the club's notes\n"


def test_a_refused_move_repaired_through_the_library_alone(tmp_path):
    """Ann's 3-2 N is refused: 2-2 W (Bob) came before 1-1 E (Ann), typed the other way
    round. The repairs come from the library, best first, and the first one made gives the
    game as the table played it, with no part of the command line imported."""
    printed = run_alone(
        """
import scorepad
game = scorepad.Game(["Ann", "Bob"], scorepad.Rules.from_options("pagat"))
game.set_opener("Ann")
scorepad.save(game, "game.toml")
for move in ("Ann: 2-1", "Bob: 1-1 E", "Ann: 2-2 W", "Bob: 4-2 W"):
    scorepad.play("game.toml", move)
game = scorepad.load("game.toml")
move = scorepad.parse_move("Ann: 3-2 N")
try:
    game.fork().push(move)
except scorepad.IllegalMoveError:
    print("refused")
offers = scorepad.repairs(game, move)
print(offers[0].commands[0].action, [str(m) for _at, m in offers[0].commands[0].at])
fixed = scorepad.repaired(game, move, offers[0])
print([str(m) for m in fixed.current.moves])
print([str(m) for m in game.current.moves])
""",
        tmp_path,
    )
    assert printed.splitlines() == [
        "refused",
        "replace ['Bob: 2-2 W', 'Ann: 1-1 E']",
        "['Ann: 2-1', 'Bob: 2-2 W', 'Ann: 1-1 E', 'Bob: 4-2 W', 'Ann: 3-2 N']",
        "['Ann: 2-1', 'Bob: 1-1 E', 'Ann: 2-2 W', 'Bob: 4-2 W']",
    ]


def test_refused_hands_repaired_through_the_library(tmp_path):
    """Bob drew 2 and then played 6-1; typed the other way round, the draw went to Ann, and
    Ann's domino left the record holding Bob at one tile: his three refuse the hands."""
    record = tmp_path / "game.toml"
    ok("new", "--players", "Ann,Bob", "--rules", "two-ends", "--deal", "3,7,5", "-f", record)
    for move in ("Ann: 6-6", "Bob: 6-1 E", "Ann: draw 2", "Ann: 1-2 E", "Bob: 2-5 E", "Ann: 5-3 E"):
        scorepad.play(record, move)
    game = scorepad.load(record)
    hands = {"Bob": tuple(scorepad.parse_tile(t) for t in ("5-5", "0-0", "3-4"))}
    with pytest.raises(scorepad.InvalidHandsError):
        game.fork().end_round(hands)
    offers = scorepad.repairs(game, hands)
    assert [str(m) for _at, m in offers[0].commands[0].at] == ["Bob: draw 2", "Bob: 6-1 E"]
    fixed = scorepad.repaired(game, hands, offers[0])
    assert [str(m) for m in fixed.rounds[0].moves][1:3] == ["Bob: draw 2", "Bob: 6-1 E"]
    assert fixed.rounds[0].hands is not None and len(game.rounds) == 1  # the game given is as it was
    with pytest.raises(scorepad.IllegalMoveError):
        scorepad.repaired(game, scorepad.parse_move("Bob: 6-6"), offers[0])


def test_a_new_game_keeps_the_game_before_and_never_replaces_one_unasked(tmp_path):
    path = tmp_path / "game.toml"
    with pytest.raises(scorepad.PlayersNeededError):
        scorepad.new_game(path)
    first = scorepad.new_game(path, ["Ann", "Bob"], "fuenfer", {"target": 150}, opener="Ann")
    assert first.before is None and first.drawn is None and first.game.turn == "Ann"
    scorepad.play(path, "Ann: 5-5")
    before = path.read_bytes()
    with pytest.raises(scorepad.GameNotOverError) as refused:
        scorepad.new_game(path, ["Cy", "Dee"])
    assert refused.value.readable and path.read_bytes() == before
    # Replaced when asked: the game before kept under a new name, its rules the new game's.
    again = scorepad.new_game(path, opener="lot", replace=True)
    assert again.before is not None and again.before.read_bytes() == before and not again.before_over
    assert again.drawn in ("Ann", "Bob") and again.game.players == ("Ann", "Bob")
    assert scorepad.load(path).rules == first.game.rules
    notes = tmp_path / "notes.txt"
    notes.write_text("the club's notes\n", encoding="utf-8")
    with pytest.raises(scorepad.RecordError, match="is not a scorepad record"):
        scorepad.new_game(notes, ["Ann", "Bob"])
    assert notes.read_text(encoding="utf-8") == "the club's notes\n"


def test_a_change_a_re_seat_would_make_legal_is_refused_with_the_re_seat(tmp_path):
    """The lead typed as Bob's was Ann's: replacing its player alone leaves every later move
    out of turn; the refusal carries the re-seated change, which makes it."""
    path = tmp_path / "game.toml"
    scorepad.new_game(path, ["Ann", "Bob"], "two-ends", {"deal": (3, 7, 5)})
    for move in ("Bob: 6-6", "Ann: 6-3 E", "Bob: 6-1 W", "Ann: 3-4 E", "Bob: 1-2 W"):
        scorepad.play(path, move)
    before = path.read_bytes()
    with pytest.raises(scorepad.ReseatNeededError) as refused:
        scorepad.replace(path, (1, 1), "Ann: 6-6")
    assert path.read_bytes() == before
    assert str(refused.value).endswith("it is Bob's turn, not Ann's")
    assert refused.value.instead == ("reseat", (1, 1), scorepad.parse_move("Ann: 6-6"))
    done = scorepad.amend(path, [refused.value.instead])
    assert [str(move) for move in done.after.current.moves] == [
        "Ann: 6-6",
        "Bob: 6-3 E",
        "Ann: 6-1 W",
        "Bob: 3-4 E",
        "Ann: 1-2 W",
    ]
    # A change no re-seat makes legal is refused plainly.
    with pytest.raises(scorepad.AmendError) as plainly:
        scorepad.replace(path, (1, 2), "Bob: 6-5 E")
    assert not isinstance(plainly.value, scorepad.ReseatNeededError)


def test_the_opener_named_and_a_round_annulled_through_the_library(tmp_path):
    path = tmp_path / "game.toml"
    scorepad.new_game(path, ["Ann", "Bob", "Cy"], "pagat")  # the rules draw the opener by lot
    named = scorepad.name_opener(path, "Cy")
    assert named.game.turn == "Cy" and scorepad.load(path).turn == "Cy"
    scorepad.play(path, "Cy: 5-5")
    with pytest.raises(scorepad.IllegalMoveError, match="has been led"):
        scorepad.name_opener(path, "Ann")
    annulled = scorepad.annul(path, "misdeal")
    assert annulled.game.rounds[0].annulled == "misdeal" and len(annulled.game.rounds) == 2
    assert scorepad.load(path).scores == [0, 0, 0]


def test_a_change_meant_for_the_record_as_it_was_is_refused_after_a_change_elsewhere(tmp_path):
    """`expect`: the record as the player last saw it, its bytes or their digest (a phone
    keeps that). Changed since, nothing is changed, and the bytes say what arrived."""
    path = tmp_path / "game.toml"
    scorepad.new_game(path, ["Ann", "Bob"], "pagat", opener="Ann")
    seen = scorepad.content(path)
    assert seen is not None and scorepad.digest(seen) == scorepad.digest(seen.decode("utf-8"))
    scorepad.play(path, "Ann: 5-5")  # from another terminal
    now = path.read_bytes()
    with pytest.raises(scorepad.RecordChangedError, match=r"\(Ann: 5-5 was recorded elsewhere\): nothing was recorded"):
        scorepad.play(path, "Ann: 6-6", expect=seen)
    with pytest.raises(scorepad.RecordChangedError, match=r"shown: nothing was recorded"):
        scorepad.insert(path, (1, 1), "Ann: draw 1", expect=scorepad.digest(seen))
    with pytest.raises(scorepad.RecordChangedError):
        scorepad.reseat_lead(path, "Bob", expect=seen)
    assert path.read_bytes() == now
    # The record as seen: the change is made.
    scorepad.play(path, "Bob: 5-0 E", expect=scorepad.content(path))
    undone = scorepad.undo(path, expect=scorepad.digest(path.read_bytes()))
    assert [str(taken.entry) for taken in undone.taken] == ["Bob: 5-0 E"]


def test_a_play_claimed_after_it_was_made_through_the_library(tmp_path):
    """Muggins on: Ann's 5-5 made without its 10 claimed; she may claim it (what a phone's
    button does), Bob may not claim her play."""
    path = tmp_path / "game.toml"
    scorepad.new_game(path, ["Ann", "Bob"], "pagat", {"muggins": True}, opener="Ann")
    scorepad.play(path, "Ann: 5-5")
    game = scorepad.load(path)
    assert scorepad.claimable(game, "Ann") == 10 and scorepad.claimable(game, "Bob") is None
    before = path.read_bytes()
    with pytest.raises(scorepad.IllegalMoveError, match="Bob has no play of their own to claim now"):
        scorepad.claim(path, "Bob")
    assert path.read_bytes() == before
    claimed = scorepad.claim(path, "Ann", expect=scorepad.digest(before))
    assert claimed.outcome.score == 10 and claimed.game.scores == [10, 0]
    assert str(scorepad.load(path).current.moves[-1]) == "Ann: 5-5 =10"
    assert scorepad.claimable(claimed.game, "Ann") is None


def test_who_moves_and_who_opens_after_the_hands_through_the_library_alone(tmp_path):
    """A move without a name is the turn's; before a lead the table finds nobody's, until
    the opener is said. After a blocked round under lot rules, the next opener is named by
    the table or drawn by lot; where the rules name them, the table may not."""
    printed = run_alone(
        """
import scorepad
from scorepad.record import library
game = scorepad.Game(["Ann", "Bob"], scorepad.Rules.from_options("pagat"))
try:
    scorepad.mover_of(game)
except scorepad.OpenerNeededError as needed:
    print(needed, "|", needed.round, needed.how)
print(scorepad.mover_of(game, "Bob"))
game.set_opener("Ann")
print(scorepad.mover_of(game))

def blocked(name):
    scorepad.new_game(name, ["Ann", "Bob"], "pagat", {"deal": (14, 7, 5)}, opener="Ann")
    for move in ("Ann: 6-6", "Bob: pass", "Ann: pass"):
        scorepad.play(name, move)

blocked("lot.toml")
library.draw_lot = lambda players: "Bob"
done = scorepad.enter_hands("lot.toml", {"Ann": 70, "Bob": 86}, opener="lot")
print(done.game.current.number, done.game.turn, done.game.current.drawn)
blocked("named.toml")
done = scorepad.enter_hands("named.toml", {"Ann": 70, "Bob": 86}, opener="Ann")
print(done.game.turn, done.game.current.drawn)
blocked("nobody.toml")
done = scorepad.enter_hands("nobody.toml", {"Ann": 70, "Bob": 86})
print(done.game.current.opener)

scorepad.new_game("domino.toml", ["Ann", "Bob"], "pagat", {"deal": (1, 7, 5)}, opener="Ann")
game = scorepad.load("domino.toml")
scorepad.play("domino.toml", "Ann: 6-6")
game = scorepad.load("domino.toml")
game.end_round({"Bob": 5})
try:
    scorepad.open_next_in(game, "Bob")
except scorepad.IllegalMoveError as refusal:
    print(refusal)
print(scorepad.open_next_in(game), game.turn)
""",
        tmp_path,
    )
    assert printed.splitlines() == [
        "who leads round 1? Say who won the lot | 1 won the lot",
        "Bob",
        "Ann",
        "2 Bob True",
        "Ann False",
        "None",
        "the rules name who opens round 2: Ann (domino-maker), not the table",
        "None Ann",
    ]


def test_a_record_edited_by_hand_through_the_library_alone(tmp_path):
    """An edit is checked as any amendment (no rule broken that the record kept) and saved
    only over the record it began from."""
    printed = run_alone(
        """
import scorepad
scorepad.new_game("game.toml", ["Ann", "Bob"], "pagat", opener="Ann")
scorepad.play("game.toml", "Ann: 5-5")
edit = scorepad.begin_edit("game.toml")
for text in ("not a record", edit.original.replace("Ann: 5-5", "Bob: 5-5")):
    try:
        edit.check(text)
    except scorepad.RecordError as refusal:
        print("refused:", refusal)
text = "# the lead was the 6-6\\n" + edit.original.replace("Ann: 5-5", "Ann: 6-6")
print(edit.check(text).scores)
edit.save(text)
print(scorepad.load("game.toml").scores, open("game.toml").read().startswith("# the lead"))
scorepad.play("game.toml", "Bob: 6-1 E")  # elsewhere, while a second edit is open
again = scorepad.begin_edit("game.toml")
scorepad.undo("game.toml")
try:
    again.save(again.original)
except scorepad.RecordChangedError as refusal:
    print(refusal)
""",
        tmp_path,
    ).splitlines()
    assert printed[0].startswith("refused: not a valid TOML file")
    assert printed[1] == "refused: round 1, move 1: 'Bob: 5-5': it is Ann's turn, not Bob's"
    assert printed[2:] == [
        "[0, 0]",
        "[0, 0] True",
        "the record changed while it was being edited: nothing was saved",
    ]


def test_a_repair_made_as_an_amendment_through_the_library_alone(tmp_path):
    """A repair's commands are one amendment's steps (`steps_of`); after it the input is no
    longer refused (`still_refused`, which refuses as `play` does: a play that proves an
    earlier pass wrong too, though the engine alone would take it)."""
    printed = run_alone(
        """
import scorepad
scorepad.new_game("game.toml", ["Ann", "Bob"], "pagat", opener="Ann")
for move in ("Ann: 2-1", "Bob: 1-1 E", "Ann: 2-2 W", "Bob: 4-2 W"):
    scorepad.play("game.toml", move)
game = scorepad.load("game.toml")
move = scorepad.parse_move("Ann: 3-2 N")
print(scorepad.still_refused(game, move), scorepad.still_refused(game, scorepad.parse_move("Ann: 4-3 W")))
steps = scorepad.steps_of(scorepad.repairs(game, move)[0])
print([(action, at, str(move)) for action, at, move in steps])
done = scorepad.amend("game.toml", steps)
print(scorepad.still_refused(done.after, move), len(scorepad.load("game.toml").current.moves))

game = scorepad.Game(["Ann", "Bob"], scorepad.Rules.from_options("pagat"))
game.set_opener("Ann")
for move in ("Ann: 5-5", "Bob: draw 10", "Bob: pass", "Ann: 5-0 E"):
    game.push(scorepad.parse_move(move))
proving = scorepad.parse_move("Bob: 5-1 W")
game.fork().push(proving)  # the engine alone takes it
print(scorepad.still_refused(game, proving), len(game.current.moves))
""",
        tmp_path,
    )
    assert printed.splitlines() == [
        "True False",
        "[('replace', (1, 2), 'Bob: 2-2 W'), ('replace', (1, 3), 'Ann: 1-1 E')]",
        "False 4",
        "True 4",
    ]


def test_a_repair_made_on_the_records_text_through_the_library_alone(tmp_path):
    """`made_on`: the repair's steps as one amendment of the record's text, then the input
    refused before, as `fix` makes them; None where the input still does not go."""
    printed = run_alone(
        """
import scorepad
scorepad.new_game("game.toml", ["Ann", "Bob"], "two-ends", {"deal": (3, 7, 5)})
for move in ("Ann: 6-6", "Bob: 6-1 E", "Ann: draw 2", "Ann: 1-2 E", "Bob: 2-5 E", "Ann: 5-3 E"):
    scorepad.play("game.toml", move)
game = scorepad.load("game.toml")
text = open("game.toml", encoding="utf-8").read()
hands = {"Bob": tuple(scorepad.parse_tile(t) for t in ("5-5", "0-0", "3-4"))}
steps = scorepad.steps_of(scorepad.repairs(game, hands)[0])
after, out, entered = scorepad.made_on(text, steps, hands)
print([str(m) for m in after.rounds[0].moves][1:3], after.rounds[0].hands is not None, out)
print(scorepad.made_on(text, steps, scorepad.parse_move("Bob: 6-6")))
print(open("game.toml", encoding="utf-8").read() == text)
""",
        tmp_path,
    )
    assert printed.splitlines() == ["['Bob: draw 2', 'Bob: 6-1 E'] True None", "None", "True"]


def test_a_kept_refusal_fixed_and_the_fix_undone_through_the_library_alone(here):
    """The refusal the command line kept (Ann's 3-0 W, after a draw of Tom's left out) is
    read, its repairs offered, repair 1 made with its count and place chosen, and the fix
    taken back whole, by a program that imports no part of the command line."""
    record(
        here,
        ["Ann", "Tom"],
        ["Ann: 6-4", "Tom: 4-4 E", "Ann: 6-1 W", "Tom: 4-2 E", "Ann: draw 2", "Ann: 1-3 W", "Tom: 2-5 E"],
        deal=[3, 2, 2],
    )
    before = here.read_text(encoding="utf-8")
    assert run("play", "30", "w", "--by", "ann").exit_code == 1  # refused, its repairs kept
    printed = run_alone(
        """
import scorepad
print(scorepad.kept_refusal("scorepad.toml"))
offers = scorepad.offers("scorepad.toml")
print(len(offers), offers[0].counts[:3], [offers[0].at_text(at) for at in offers[0].places])
try:
    scorepad.fix("scorepad.toml", 1)
except scorepad.IllegalMoveError as refusal:
    print(refusal)
made = scorepad.fix("scorepad.toml", 1, choose=lambda number, repair: repair.counted(1).placed(repair.places[0]))
print([(action, at, str(move)) for action, at, move in made.steps], made.outcome.move, made.undoable)
print([str(m) for m in scorepad.load("scorepad.toml").current.moves][-3:])
undone = scorepad.undo_fix("scorepad.toml")
print(undone.made, [str(m) for m in undone.game.current.moves][-1], undone.refused == made.refused)
print(len(scorepad.offers("scorepad.toml")) == len(offers))
""",
        here.parent,
    )
    assert printed.splitlines() == [
        "Refusal(move='Ann: 3-0 W', hands=None, by=None, named=True, claim=False, order=False)",
        "1 (1, 2, 3) ['1.7', '1.4']",
        "the repair leaves the count or the place of its draw open: choose one",
        "[('insert', (1, 7), 'Tom: draw')] Ann: 3-0 W True",
        "['Tom: draw', 'Tom: 2-5 E', 'Ann: 3-0 W']",
        "Ann: 3-0 W Tom: 2-5 E True",
        "True",
    ]
    assert here.read_text(encoding="utf-8") == before
