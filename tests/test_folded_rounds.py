"""Long games in little memory: a large record is parsed a round at a
time, and a game keeps its older rounds folded (what was played in them) and lays them
again when they are looked at. Every test compares with the plain way: the record parsed
whole, the game with every round laid out."""

import random
import tomllib
import tracemalloc
from pathlib import Path

import pytest
from tests.helpers import HEAD, blocked_rounds, fast_paths_only, long_game
from tests.helpers import large_record as large

from scorepad import fences
from scorepad.engine.game import Folded, Game
from scorepad.engine.notation import parse_move
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_round
from scorepad.record import chunks, plain
from scorepad.record.format import RecordError, audit_text, dumps, is_record, loads
from scorepad.record.plain import read_round

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def rounds_of(game: Game) -> list[tuple]:
    """Everything a round holds, for every round, in comparable form."""
    return [
        (
            r.number,
            r.opener,
            r.turn,
            r.result,
            r.domino_maker,
            r.boneyard,
            r.passes,
            list(r.hand_sizes),
            list(r.moves),
            r.hands,
            r.award,
            list(r.credits),
            list(r.uncalled),
            list(r.warnings),
            r.pending,
            list(r.layout.placed),
            r.layout.end_sum if r.layout else None,
        )
        for r in game.rounds
    ]


def unfolded(monkeypatch) -> None:
    """Games made from now on keep every round laid out, as before folding."""
    monkeypatch.setattr(Game, "_fold", lambda self, index: None)


def whole(monkeypatch) -> None:
    """Records read from now on are parsed whole, as before reading round by round."""
    monkeypatch.setattr(chunks, "CHUNKED_FROM", 1 << 40)


# --- folded rounds ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("preset", ["pagat", "two-ends", "fuenfer"])
def test_a_folded_game_shows_every_round_as_the_game_laid_out(monkeypatch, seed, preset):
    folded = long_game(seed, preset=preset, rounds=12)
    assert sum(isinstance(r, Folded) for r in folded._rounds) == len(folded._rounds) - 2
    unfolded(monkeypatch)
    plain = long_game(seed, preset=preset, rounds=12)
    assert not any(isinstance(r, Folded) for r in plain._rounds)
    assert rounds_of(folded) == rounds_of(plain)
    assert dumps(folded) == dumps(plain)
    assert folded.scores == plain.scores


def test_a_folded_round_is_written_without_laying_it_again(monkeypatch):
    """A save writes every round: a folded one is written from what was played in it (its
    opener, moves, hands and points), never laid again, and as the round laid out writes."""
    games = [loads(path.read_text(encoding="utf-8")).game for path in sorted(EXAMPLES.glob("*.toml"))]
    games += [long_game(seed, preset=preset, rounds=8) for seed in range(3) for preset in ("pagat", "two-ends", "fuenfer")]
    laid = []
    monkeypatch.setattr(Game, "_unfold", lambda *args: laid.append(args))
    written = [dumps(game) for game in games]
    assert laid == []
    monkeypatch.undo()
    unfolded(monkeypatch)
    assert written == [dumps(loads(text).game) for text in written]


def test_the_folded_rounds_read_from_a_record_are_its_rounds(monkeypatch):
    text = (EXAMPLES / "two-ends.toml").read_text(encoding="utf-8")
    game = loads(text).game
    assert len(game.rounds) > 3 and isinstance(game._rounds[0], Folded)
    assert dumps(game) == text
    unfolded(monkeypatch)
    assert rounds_of(game) == rounds_of(loads(text).game)


def test_undo_takes_a_folded_game_back_to_its_start_as_a_laid_out_one(monkeypatch):
    folded = long_game(3, rounds=8)
    unfolded(monkeypatch)
    plain = long_game(3, rounds=8)
    steps = 0
    while True:
        assert rounds_of(folded) == rounds_of(plain), steps
        assert (folded.scores, folded.winner, folded.turn) == (plain.scores, plain.winner, plain.turn)
        try:
            item = plain.pop()
        except ValueError:
            break
        assert folded.pop() == item
        steps += 1
    assert steps > 100 and len(folded.rounds) == 1
    with pytest.raises(ValueError, match="nothing to undo"):
        folded.pop()


def test_undo_of_hands_then_the_same_hands_again_gives_the_same_game():
    game = long_game(5, rounds=6)
    before = dumps(game)
    hands = game.pop()  # the next round has not started: the last thing done was the hands
    assert isinstance(hands, dict)
    game.end_round({game.players[p]: h for p, h in hands.items()})
    assert dumps(game) == before


def test_a_round_an_audit_bent_to_carry_on_stays_laid_out():
    # Bob plays out of turn in round 1: the audit carries on as if the record were right.
    text = blocked_rounds(4).replace('"Ann: 0-0", "Bob: pass", "Ann: pass"', '"Ann: 0-0", "Ann: pass", "Bob: pass"', 1)
    record = audit_text(text)
    assert record.problems and record.problems[0].round == 1
    game = record.game
    assert game is not None and not isinstance(game._rounds[0], Folded)
    assert isinstance(game._rounds[1], Folded)


# --- parsing a round at a time ------------------------------------------------------------


@fast_paths_only
def test_a_large_record_is_parsed_a_round_at_a_time(monkeypatch):
    text = large()
    parsed = []
    real = plain.read_round
    monkeypatch.setattr(plain, "read_round", lambda part: parsed.append(part) or real(part))
    game = loads(text).game
    assert len(parsed) > 600 and max(map(len, parsed)) < 200
    whole(monkeypatch)
    assert dumps(loads(text).game) == dumps(game)


@pytest.mark.slow
def test_a_played_game_reads_the_same_parsed_whole_or_by_rounds(monkeypatch):
    rules = Rules.from_options("pagat", target=100_000)
    game = Game(["Ann", "Bob", "Cy", "Dee"], rules, opener="Ann")
    rng = random.Random(9)
    while len(dumps(game)) < chunks.CHUNKED_FROM * 2:
        play_round(game, rng)
    text = dumps(game)
    by_rounds = loads(text).game
    audited = audit_text(text)
    whole(monkeypatch)
    assert dumps(by_rounds) == dumps(loads(text).game) == text
    again = audit_text(text)
    assert (audited.problems, audited.notes) == (again.problems, again.notes)


@pytest.mark.slow
@pytest.mark.parametrize(
    "change",
    [
        # A table of the top level after the rounds: not a round of its own.
        lambda text: text + "\n[rules]\ntarget = 5\n",
        # A header written with blanks inside: the same TOML, but not split there.
        lambda text: text.replace("\n[[rounds]]\n", "\n[[ rounds ]]\n", 1),
        # A multi-line string holding a line that looks like a header.
        lambda text: text.replace('opener = "Ann"', 'opener = "Ann"\nremark = """\n[[rounds]]\n"""', 1),
        # Not TOML in the last round: said as for the whole text (the same line).
        lambda text: text + "\n[[rounds]]\nopener = \n",
        # A broken move early and broken TOML late: the TOML is said first, as before.
        lambda text: text.replace('"Bob: pass"', '"Bob: 9-9"', 1) + "\n[[rounds]]\nmoves = [\n",
        # Rounds defined twice: as an array in the head, then as tables.
        lambda text: text.replace("[rules]", "rounds = []\n[rules]", 1),
        # An array of rounds inside a round.
        lambda text: text + "\n[[rounds]]\n[[rounds.moves]]\nx = 1\n",
    ],
)
def test_a_record_that_is_not_one_round_per_part_reads_as_when_parsed_whole(monkeypatch, change):
    text = change(large())
    audited = audit_text(text)
    try:
        loaded = ("loaded", dumps(loads(text).game))
    except RecordError as error:
        loaded = ("refused", str(error))
    record = is_record(text)
    whole(monkeypatch)
    again = audit_text(text)
    assert [(p.round, p.move, p.message) for p in audited.problems] == [(p.round, p.move, p.message) for p in again.problems]
    assert audited.notes == again.notes
    try:
        assert loaded == ("loaded", dumps(loads(text).game))
    except RecordError as error:
        assert loaded == ("refused", str(error))
    assert record == is_record(text)


def test_a_large_file_that_is_not_toml_at_its_end_is_not_a_record():
    assert is_record(large())
    assert not is_record(large() + "\n[[rounds]]\nmoves = [\n")
    assert not is_record(large().replace(HEAD, HEAD.replace("scorepad/1", "other/1")))


# Reading a round at a time, in the plain form, is the fast path's (docs/development.md,
# "Fast paths and their fences"): with SCOREPAD_NO_FAST_PATHS=1 tomllib parses a record of
# up to 1 MB whole, at 10 to 30 times its size, as it always has.
FAST_PATH_ONLY = pytest.mark.skipif(
    not fences.FAST, reason="the fast readers' memory: SCOREPAD_NO_FAST_PATHS=1 hands the record to tomllib"
)


@pytest.mark.slow
@FAST_PATH_ONLY
def test_reading_a_large_record_holds_at_most_five_times_its_size():
    """Memory at most five times the record's size, for the reading itself (the parsed
    parts, the game): traced
    Python allocations, which do not vary with the machine's load."""
    text = blocked_rounds(7000)  # 1 MB
    tracemalloc.start()
    try:
        game = loads(text).game
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(game.rounds) == 7001
    assert peak < 5 * len(text), peak / len(text)


# --- the quick reader of a round's plain form -------------------------------------------------


def parts_of(text: str) -> list[str]:
    starts = [i for i in range(len(text)) if text.startswith("[[rounds]]\n", i) and (i == 0 or text[i - 1] == "\n")]
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)])]


def written_parts() -> list[str]:
    """Round parts as scorepad writes them (every example, games of every preset), and
    as the tests and benchmarks write them by hand (inline tables, one-line arrays)."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.toml"))]
    texts += [dumps(long_game(seed, preset=preset, rounds=3)) for seed in range(2) for preset in ("pagat", "fuenfer")]
    texts.append(blocked_rounds(3, points=5))
    texts.append(
        HEAD + '\n[[rounds]]\nopener = "Ann"\nmoves = [\n  "Ann: 0-0",\n  "Bob: pass",\n  "Ann: pass"\n]\n'
        'hands = { "Ann" = 84,Bob=84.5 }\n\n[rounds.points]\nAnn = -0\n'
    )
    return [part for text in texts for part in parts_of(text)]


PARTS = written_parts()
NOISE = [" ", "\t", "\n", "\r", '"', "'", "\\", "#", ",", "=", "[", "]", "{", "}", ".", "-", "+", "0", "7", "a", "é", "\x01", "_"]


def tomllib_round(part: str):
    try:
        data = tomllib.loads(part)
    except (tomllib.TOMLDecodeError, ValueError):
        return "refused"
    return data


def test_the_quick_reader_reads_every_round_scorepad_writes():
    for part in PARTS:
        quick = read_round(part)
        assert quick is not None, part
        assert tomllib.loads(part) == {"rounds": [quick]}


def edited(part: str, rng: random.Random) -> str:
    """`part` with one to three characters put in, taken out or a line doubled: anywhere, or
    beside a character that means something (a digit, a quote, an equals sign...)."""
    for _edit in range(rng.randint(1, 3)):
        beside = rng.choice(["", *'0123456789"=,[]{}\n -.'])
        places = [i for i, c in enumerate(part) if c == beside] if beside else []
        at = rng.choice(places) + rng.randint(0, 1) if places else rng.randrange(len(part) + 1)
        how = rng.choice(["insert", "insert", "delete", "double"])
        if how == "insert":
            part = part[:at] + rng.choice(NOISE) + part[at:]
        elif how == "delete":
            part = part[:at] + part[at + 1 :]
        else:
            part = part[:at] + part[at:].split("\n", 1)[0] + "\n" + part[at:]
    return part


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_the_quick_reader_reads_what_tomllib_reads_or_leaves_it_to_tomllib(seed):
    rng = random.Random(seed)
    read = 0
    for _trial in range(6000):
        part = edited(rng.choice(PARTS), rng)
        quick = read_round(part)
        if quick is not None:
            read += 1
            assert tomllib_round(part) == {"rounds": [quick]}, part
    assert read > 1000  # edits that keep the plain form (a blank more, a comma at the end) are read too


def test_the_quick_reader_reads_a_head_as_scorepad_writes_it_as_tomllib_does():
    # The text before the first round: format, players, [rules] with every kind of value.
    games = [long_game(seed, preset=preset, rounds=1) for seed in range(2) for preset in ("pagat", "fuenfer")]
    for options in ({"target": 60, "muggins": True}, {"partners": False, "spinner": "none"}, {"deal": [7, 5, 5]}):
        games.append(Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", **options)))
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.toml"))] + [dumps(g) for g in games]
    heads = [text.split("\n[[rounds]]\n")[0] + "\n" for text in texts]
    assert sum(plain.read_head(head) is not None for head in heads) >= len(heads) - 1  # the deal's list goes to tomllib
    rng = random.Random(3)
    read = 0
    for head in heads + [edited(rng.choice(heads), rng) for _trial in range(3000)]:
        quick = plain.read_head(head)
        if quick is not None:
            read += 1
            assert tomllib_round(head) == quick, head
    assert read > 200  # edits within a string or a number keep the form


def test_a_round_as_scorepad_writes_it_is_matched_whole_and_read_as_line_by_line():
    # Matching a round whole is a shortcut for the form scorepad writes: every round it
    # writes takes it, and whatever it reads (edits too), the line by line reader reads alike.
    rng = random.Random(7)
    for text in [dumps(long_game(seed, preset=preset, rounds=3)) for seed in range(3) for preset in ("pagat", "two-ends")]:
        for part in parts_of(text):
            assert plain._WRITTEN.fullmatch(part) is not None, part
    whole = 0
    for part in PARTS + [edited(rng.choice(PARTS), rng) for _trial in range(3000)]:
        if plain._WRITTEN.fullmatch(part) is not None:
            whole += 1
            assert read_round(part) == plain._read_lines(part), part
    assert whole > 300  # edits within a string or a number keep the form


@pytest.mark.parametrize(
    "line",
    [
        "hands = { Ann = 1" + " " * 100_000 + "x",
        "moves = [" + ' "a",' * 20_000 + " " * 100_000 + "x",
        'moves = ["a"' + " " * 100_000,
        "points = {" + " Ann = 1," * 20_000,
        "Ann" + " " * 100_000 + "= 1 x",
    ],
)
def test_the_quick_reader_refuses_long_blank_runs_in_one_pass(line):
    # A pattern that tried every way to share out a run of blanks would not return.
    assert read_round("[[rounds]]\n" + line + "\n") is None
    assert read_round("[[rounds]]\n[rounds.hands]\n" + line + "\n") is None


def test_folded_short_rounds_that_repeat_are_kept_once():
    game = loads(blocked_rounds(10)).game
    folded = [r for r in game._rounds if isinstance(r, Folded)]
    assert len(folded) == 9  # all but the last two of 11 (the next round has begun)
    # Ann leads the odd rounds, Bob the even ones: two kinds of moves, one of hands.
    assert len({id(r.moves) for r in folded}) == 2
    assert len({id(r.hands) for r in folded}) == 1
    assert rounds_of(game)[2][8] == [parse_move("Ann: 0-0"), parse_move("Bob: pass"), parse_move("Ann: pass")]
    # Whole rounds played alike are one folded round, numbered by their place.
    assert len({id(r) for r in folded}) == 2
    assert [r.number for r in game.rounds] == list(range(1, 12))
    assert [r.number for r in reversed(game.rounds)] == list(range(11, 0, -1))
    assert [game.rounds[i].number for i in (0, 4, 5, -1, -11)] == [1, 5, 6, 11, 1]
    assert game.move_count(5) == 3 and game.move_count() == 30


@pytest.mark.slow  # a 1 MB record read and traced: five seconds
def test_a_long_game_of_blocked_rounds_is_kept_in_little_memory():
    """70,000 rounds played alike are a few folded rounds and a list: what the game keeps
    of a record is a small part of its text."""
    text = blocked_rounds(7000)  # 1 MB
    tracemalloc.start()
    try:
        game = loads(text).game
        kept, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(game.rounds) == 7001
    assert kept < len(text) / 2, kept / len(text)


def test_a_short_round_laid_again_that_repeats_one_before_is_that_round_under_its_own_number(monkeypatch):
    """Laying a repeated short round again copies the one laid before: the same as
    replaying it, numbered as itself, and a round given out and changed by who took it
    changes no other."""
    text = blocked_rounds(12)
    game = loads(text).game
    replays = []
    push = Game.push
    monkeypatch.setattr(Game, "push", lambda self, move: replays.append(move) or push(self, move))
    first = rounds_of(game)
    assert len(replays) == 2 * 3  # each opener's round replayed once, then copied
    given = game.rounds[0]
    given.moves.clear()  # a view that changes the round it was given
    given.layout.placed.clear()
    third = game.rounds[2]  # Ann's round again
    assert third is not given and rounds_of(game)[2] == first[2]
    unfolded(monkeypatch)
    assert first == rounds_of(loads(text).game)
    assert [r[0] for r in first] == list(range(1, 14))


@pytest.mark.slow
@FAST_PATH_ONLY
def test_reading_a_played_game_holds_at_most_five_times_its_size():
    rules = Rules.from_options("pagat", target=100_000)
    game = Game(["Ann", "Bob", "Cy", "Dee"], rules, opener="Ann")
    rng = random.Random(4)
    while len(game.rounds) < 300:
        play_round(game, rng)
    text = dumps(game)
    tracemalloc.start()
    try:
        loads(text)
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5 * len(text), peak / len(text)


def test_a_copy_that_undoes_into_folded_rounds_leaves_the_game_as_it_was():
    game = long_game(7, rounds=8)
    before = rounds_of(game)
    steps = sum(len(r.moves) for r in game.rounds[-4:]) + 4
    game.rounds[-3]  # looked at: the game keeps that round laid out for the next look
    copy = game.fork(with_undo=True)
    for _step in range(steps):
        copy.pop()
    looked = game.rounds[-3]  # looked at again, straight away
    assert (looked.hands, list(looked.moves), looked.award) == (before[-3][9], before[-3][8], before[-3][10])
    assert rounds_of(game) == before
    assert dumps(game) == dumps(long_game(7, rounds=8))


def test_a_lead_lies_as_it_was_led_and_is_written_so_again():
    """A tile led as 3-6 after another round led it as 6-3 lies 3 to the west, and the
    record keeps each as written (found by review: one shared lead, and equal moves kept
    once, turned the later lead and rewrote it)."""
    rounds = "".join(
        f'\n[[rounds]]\nopener = "Ann"\nmoves = ["Ann: {lead}", "Bob: pass", "Ann: pass"]\n'
        "hands = { Ann = 75, Bob = 84 }\npoints = { Ann = 0, Bob = 0 }\n"
        for lead in ("6-3", "3-6", "6-3", "3-6", "6-3")
    )
    text = HEAD + rounds
    game = loads(text).game
    assert [(r.layout.placed[0].inner, r.layout.placed[0].outer) for r in game.rounds[:5]] == [(6, 3), (3, 6)] * 2 + [(6, 3)]
    assert [str(r.moves[0]) for r in game.rounds[:5]] == ["Ann: 6-3", "Ann: 3-6"] * 2 + ["Ann: 6-3"]
    saved = dumps(game)
    assert saved.count('"Ann: 3-6"') == 2 and saved.count('"Ann: 6-3"') == 3
