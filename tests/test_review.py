"""`scorepad review`: the known hand of every play, its review from the tiles its player
certainly held, and the command in both languages (docs/review.md)."""

import functools
import json

import pytest

# A spinner with its arms: 5-5 leads, both line sides are taken, then Bob opens an arm.
from tests.helpers import DRAWS, PARTNERS, code_words, flat, json_keys, ok, refused, run

from scorepad.engine.held import Held, held_hands
from scorepad.engine.notation import Play
from scorepad.engine.review import Unknown, review_round
from scorepad.engine.tiles import mask_of, parse_tiles
from scorepad.record.format import loads, loads_for_review

SPINNER = """format = "scorepad/1"
players = ["Ann", "Bob"]

[rules]
preset = "pagat"
deal = [3, 3, 3]

[[rounds]]
opener = "Ann"
moves = ["Ann: 5-5", "Bob: 5-1 W", "Ann: 5-3 E", "Bob: 5-4 N", "Ann: 3-2 E"]
hands = { Bob = "5-6" }
"""

# The highest double must lead round 1; round 2 (led by the domino maker) is free.
HIGHEST_DOUBLE = """format = "scorepad/1"
players = ["Ann", "Bob"]

[rules]
preset = "two-ends"
deal = [3, 3, 3]

[[rounds]]
opener = "Ann"
moves = ["Ann: 3-3", "Bob: 3-5 E", "Ann: 3-6 W", "Bob: 5-2 E", "Ann: 6-4 W"]
hands = { Bob = "1-1" }

[[rounds]]
opener = "Ann"
moves = ["Ann: 3-3", "Bob: 3-5 E", "Ann: 3-6 W", "Bob: 5-2 E", "Ann: 6-4 W"]
hands = { Bob = "1-1" }
"""


# Bob's hand is entered as pips: nothing is deduced from them.
PIPS = """format = "scorepad/1"
players = ["Ann", "Bob"]

[rules]
preset = "pagat"
spinner = "none"
deal = [2, 3, 3]

[[rounds]]
opener = "Ann"
moves = ["Ann: 5-0", "Bob: 0-1 E", "Ann: 5-5 W"]
hands = { Bob = 8 }
"""


def known_hands(r, players) -> list[Held | None]:
    """Per move of round `r`: for a play, its known hand (the played tile first) and why it
    is not the whole hand (None when it is); None for every other move."""
    return [h if isinstance(m, Play) else None for m, h in zip(r.moves, held_hands(r, players))]


def game_of(text: str):
    return loads(text).game


def names(tiles) -> list[str]:
    return [str(t) for t in tiles]


# --- the known hand -------------------------------------------------------------------------


def test_a_known_hand_stops_at_the_players_next_draw():
    game = game_of(DRAWS)
    r = game.rounds[0]
    hands = known_hands(r, game.players)
    # Moves 1, 3 (Ann before her draw at 5), 2 and 4 (Bob before his at 7), 6 (Ann before
    # her draw at 9), 8 and 11 (Bob: nothing left at the end), 10 (Ann: 2-2 left).
    assert [(i + 1, names(h[0]), h[1]) for i, h in enumerate(hands) if h is not None] == [
        (1, ["6-1", "6-4"], Unknown("drew", at=5)),
        (2, ["1-4", "4-3"], Unknown("drew", at=7)),
        (3, ["6-4"], Unknown("drew", at=5)),
        (4, ["4-3"], Unknown("drew", at=7)),
        (6, ["3-2"], Unknown("drew", at=9)),
        (8, ["2-0", "0-5"], None),
        (10, ["4-5", "2-2"], None),
        (11, ["0-5"], None),
    ]


def test_a_hand_of_pips_names_no_tile():
    game = game_of(PIPS)
    hands = known_hands(game.rounds[0], game.players)
    assert (hands[1].tiles, hands[1].unknown) == (tuple(parse_tiles("0-1")), Unknown("pips", pips=8))
    # Ann played her last tile: her hand is known whole from the start.
    assert (hands[0].tiles, hands[0].unknown) == (tuple(parse_tiles("5-0 5-5")), None)
    # The same tiles as a bit mask, and whose they are.
    assert (hands[0].mask, hands[0].player) == (mask_of(parse_tiles("5-0 5-5")), 0)


def test_a_partners_tiles_are_never_the_players():
    game = game_of(PARTNERS)
    hands = known_hands(game.rounds[0], game.players)
    assert names(hands[0][0]) == ["5-0", "4-1"]  # not Cy's 0-6 or 3-3
    assert names(hands[2][0]) == ["0-6", "3-3"]


def test_a_round_without_hands_is_known_only_from_its_plays():
    game = game_of(DRAWS.replace('hands = { Ann = "2-2" }\n', "").replace(', "Bob: 0-5 W"', ""))
    hands = known_hands(game.current, game.players)
    assert (hands[9].tiles, hands[9].unknown) == (tuple(parse_tiles("4-5")), Unknown("unentered"))


# --- the review of a play ---------------------------------------------------------------------


def test_a_spinner_arm_is_among_the_placements():
    game = game_of(SPINNER)
    review = review_round(game.rounds[0], game.players)
    bob = review.plays[3]
    assert (bob.move, str(bob.tile), bob.end.value, bob.scored) == (4, "5-4", "N", 0)
    # 5-4 and 5-6 on either side arm (the line's ends show 1 and 3): N and S alike.
    assert sorted((str(tile), end.value, score) for tile, end, score in bob.options) == [
        ("5-4", "N", 0),
        ("5-4", "S", 0),
        ("5-6", "N", 10),
        ("5-6", "S", 10),
    ]
    assert (str(bob.best.tile), bob.best.end.value, bob.missed, bob.marks) == ("5-6", "N", 10, ("missed",))
    # Before both line sides were taken no arm was open: Bob's 5-1 had only W and E.
    assert {end.value for _tile, end, _score in review.plays[1].options} == {"W", "E"}


def test_a_highest_double_lead_has_one_legal_placement():
    game = game_of(HIGHEST_DOUBLE)
    first, second = (review_round(r, game.players).plays[0] for r in game.rounds[:2])
    assert [(str(tile), score) for tile, _end, score in first.options] == [("3-3", 0)]
    assert first.missed == 0 and not first.marks
    # Led by the domino maker, any tile may lead: 6-4 would have scored 10.
    assert [(str(tile), score) for tile, _end, score in second.options] == [("3-3", 0), ("3-6", 0), ("6-4", 10)]
    assert (second.best.score, second.missed, second.marks) == (10, 10, ("missed",))


# --- the command --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (
            DRAWS,
            """Round 1
  1.1 Ann 6-1 scored 0; 6-4 would have scored 10
  Ann's hand at 1.1–1.3 is not known beyond 6-1 6-4 (Ann drew at 1.5)
  Bob's hand at 1.2–1.4 is not known beyond 1-4 4-3 (Bob drew at 1.7)
  Ann's hand at 1.6 is not known beyond 3-2 (Ann drew at 1.9)
Points missed
  Ann: 10 points missed, 1 marked play
  Bob: 0 points missed, 0 marked plays
""",
        ),
        (
            SPINNER,
            """Round 1
  1.4 Bob 5-4 N scored 0, leaving Ann at most 0; 5-6 N would have scored 10, leaving Ann at most 0
Points missed
  Ann: 0 points missed, 0 marked plays
  Bob: 10 points missed, 1 marked play
""",
        ),
        (
            HIGHEST_DOUBLE,
            """Round 1
  no marked play
Round 2
  2.1 Ann 3-3 scored 0, leaving Bob at most 0; 6-4 would have scored 10, after which Bob would have
    had to draw (the reply unknown)
Points missed
  Ann: 10 points missed, 1 marked play
  Bob: 0 points missed, 0 marked plays
""",
        ),
        (
            PARTNERS,
            """Round 1
  1.1 Ann 5-0 scored 5, leaving Bob at most 10; 4-1 would also have scored 5, leaving Bob at most 0
Points missed
  Ann: 0 points missed, 1 marked play
  Bob: 0 points missed, 0 marked plays
  Cy: 0 points missed, 0 marked plays
  Dee: 0 points missed, 0 marked plays
""",
        ),
        (
            PIPS,
            """Round 1
  1.1 Ann 5-0 scored 5; 5-5 would have scored 10
  Bob's hand at 1.2 is not known beyond 0-1 (the hand left at the end was entered as 8 pips)
Points missed
  Ann: 5 points missed, 1 marked play
  Bob: 0 points missed, 0 marked plays
""",
        ),
    ],
    ids=["draws", "spinner", "highest-double", "partners", "pips"],
)
def test_worked_rounds(here, record, expected):
    here.write_text(record, encoding="utf-8")
    assert ok("review", width=100) == expected


def test_at_40_columns_every_line_fits(here):
    here.write_text(DRAWS, encoding="utf-8")
    out = ok("review", width=40)
    assert all(len(line) <= 40 for line in out.splitlines())
    assert out.splitlines()[:3] == ["Round 1", "  1.1 Ann 6-1 scored 0; 6-4 would have", "    scored 10"]
    assert flat(out) == flat(ok("review", width=100))


GERMAN = """Runde 1
  1.4 Bob 5-4 N brachte 0 und ließ Ann höchstens 0; 5-6 N hätte 10 gebracht und Ann höchstens 0
    gelassen
Verpasste Punkte
  Ann: 0 Punkte verpasst, 0 markierte Züge
  Bob: 10 Punkte verpasst, 1 markierter Zug
"""


def test_in_german_at_100_and_40_columns(here):
    here.write_text(SPINNER, encoding="utf-8")
    assert ok("review", width=100, lang="de") == GERMAN
    narrow = ok("review", width=40, lang="de")
    assert all(len(line) <= 40 for line in narrow.splitlines())
    assert flat(narrow) == flat(GERMAN)


def test_in_german_what_the_record_cannot_tell(here):
    here.write_text(PIPS, encoding="utf-8")
    out = flat(ok("review", width=100, lang="de"))
    assert "Die Hand von Bob bei 1.2 ist über 0-1 hinaus nicht bekannt (die Resthand wurde als 8 Augen eingetragen)" in out
    here.write_text(DRAWS, encoding="utf-8")
    out = flat(ok("review", width=40, lang="de"))
    assert "Die Hand von Ann bei 1.1–1.3 ist über 6-1 6-4 hinaus nicht bekannt (Ann zog bei 1.5)" in out
    assert "1.1 Ann 6-1 brachte 0; 6-4 hätte 10 gebracht" in out


@pytest.mark.parametrize(
    ("lang", "playing", "over"),
    [
        ("en", "the round is still being played", "the hands left at the end are not in the record"),
        ("de", "die Runde läuft noch", "die Resthände stehen nicht im Protokoll"),
    ],
)
def test_a_round_still_being_played_is_said_so(here, lang, playing, over):
    """Its hands cannot be in the record yet: the review does not say they are missing."""
    here.write_text(DRAWS.replace('hands = { Ann = "2-2" }\n', "").replace(', "Bob: 0-5 W"', ""), encoding="utf-8")
    out = flat(ok("review", width=40, lang=lang))
    assert f"4-5 ({playing})" in out.replace(" hinaus nicht bekannt", "") and over not in out
    here.write_text(DRAWS.replace('hands = { Ann = "2-2" }\n', ""), encoding="utf-8")  # Bob went out
    out = flat(ok("review", width=40, lang=lang))
    assert f"4-5 ({over})" in out.replace(" hinaus nicht bekannt", "") and playing not in out


PLAY_KEYS = {
    "round",
    "move",
    "player",
    "play",
    "scored",
    "known",
    "complete",
    "unknown",
    "best",
    "best_play",
    "missed",
    "next",
    "left",
    "best_left",
    "marks",
}


def test_the_json_keys(here):
    here.write_text(DRAWS, encoding="utf-8")
    data = json.loads(ok("review", "--json"))
    assert set(data) == {"plays", "players"}
    assert all(set(play) == PLAY_KEYS for play in data["plays"])
    first, bob = data["plays"][0], data["plays"][1]
    assert first == {
        "round": 1,
        "move": 1,
        "player": "Ann",
        "play": "6-1",
        "scored": 0,
        "known": ["6-1", "6-4"],
        "complete": False,
        "unknown": {"why": "drew", "at": 5, "pips": None},
        "best": 10,
        "best_play": "6-4",
        "missed": 10,
        "next": None,
        "left": None,
        "best_left": None,
        "marks": ["missed"],
    }
    assert (bob["move"], bob["best_play"], bob["missed"]) == (2, "1-4 E", 0)
    # Moves count draws: Ann's 3-2 after her draw at move 5 is move 6, known no further.
    later = next(p for p in data["plays"] if p["play"] == "3-2 W")
    assert (later["move"], later["known"], later["unknown"]) == (6, None, {"why": "drew", "at": 9, "pips": None})
    assert data["players"] == {"Ann": {"missed": 10, "marks": 1}, "Bob": {"missed": 0, "marks": 0}}


@pytest.mark.parametrize("ascii", [False, True])
def test_the_json_is_what_json_dumps_writes_of_it(ascii):
    """views.review.review_json writes its text itself, from a template: it must be what
    json.dumps writes for the same data, names with quotes, backslashes and letters beyond
    ASCII included, and hold each play's fields as the engine reviewed them."""
    import random

    from scorepad.engine.review import review_game, totals
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.views.review import review_json

    for seed in range(9):
        players = [["Ann", 'B"o\\b', "Zoë ✓"], ["x", "y"], ["Ann", "Bob", "Cy", "Dee"]][seed % 3]
        rules = Rules.from_options(("pagat", "fuenfer", "two-ends")[seed % 3], target=150)
        game = play_game(players, rules, random.Random(seed))
        rounds = review_game(game)
        text = review_json(rounds, players, totals(rounds, len(players)), ascii)
        data = json.loads(text)
        assert json.dumps(data, ensure_ascii=ascii) == text
        assert text.isascii() or not ascii
        plays = [play for r in rounds for play in r.plays]
        assert len(data["plays"]) == len(plays) > 0
        for got, play in zip(data["plays"], plays):
            assert set(got) == PLAY_KEYS
            assert (got["round"], got["move"], got["player"]) == (play.round, play.move, players[play.player])
            assert (got["scored"], got["best"], got["missed"], got["left"], got["best_left"]) == (
                play.scored,
                play.best.score,
                play.missed,
                play.left,
                play.best_left,
            )
            assert got["next"] == (None if play.replier is None else players[play.replier])
            assert got["marks"] == list(play.marks)
            assert got["complete"] is (play.unknown is None)
            if play.unknown is not None and len(play.known) == 1:
                assert got["known"] is None
            else:
                assert got["known"] == [str(t) for t in play.known]


def test_json_of_one_round(here):
    here.write_text(HIGHEST_DOUBLE, encoding="utf-8")
    data = json.loads(ok("review", "--json", "--round", "2"))
    assert {p["round"] for p in data["plays"]} == {2}
    assert data["players"]["Ann"] == {"missed": 10, "marks": 1}
    # The last tile, known whole: the hand is that tile and nothing else.
    last = data["plays"][-1]
    assert (last["play"], last["known"], last["complete"]) == ("6-4 W", ["6-4"], True)


def test_a_json_of_pips_says_so(here):
    here.write_text(PIPS, encoding="utf-8")
    bob = json.loads(ok("review", "--json"))["plays"][1]
    assert (bob["known"], bob["unknown"]) == (None, {"why": "pips", "at": None, "pips": 8})


def test_a_round_that_is_not_there_is_refused(here):
    here.write_text(PIPS, encoding="utf-8")
    refused(("review", "--round", "5"), here, 2, "there is no round 5")
    refused(("review", "--round", "0"), here, 2)


def test_a_broken_record_is_refused_plainly(here):
    here.write_text(PIPS.replace("5-5 W", "6-6 W"), encoding="utf-8")
    refused(("review",), here, 2, "6-6")
    here.unlink()
    result = run("review")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_the_format_doc_names_every_key_of_the_review(here):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc[doc.index("### `scorepad review --json`") : doc.index("## Exit statuses")]
    named = code_words(section)
    for record in (DRAWS, PIPS, PARTNERS):
        here.write_text(record, encoding="utf-8")
        data = json.loads(ok("review", "--json"))
        missing = sorted(json_keys(data) - named)
        assert not missing, missing
    for why in ('"drew"', '"pips"', '"unentered"', '"missed"', '"left"'):
        assert why in section


def test_the_review_guide_shows_what_runs_today():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "transcripts.py"), "--check", str(root / "docs" / "review.md")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr + "\nrun: python scripts/transcripts.py docs/review.md"


@pytest.mark.parametrize("seeds", [range(3), pytest.param(range(3, 12), marks=pytest.mark.slow)], ids=["3", "9"])
def test_a_placements_sum_is_what_the_layout_counts_once_the_tile_is_down(seeds):
    """Layout.placements, and the layout kept as Ends (scores_of, reaching, best_of,
    best_after), work the sums out without laying the tile: checked against laying it, on
    every layout of random games (spinner, arms and lone leads included). A game of each
    preset in the quick suite, nine more in the whole one."""
    import random

    from scorepad.engine.layout import Layout
    from scorepad.engine.notation import Play
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.engine.tiles import ALL_TILES, mask_of

    all_tiles = mask_of(ALL_TILES)
    checked = 0
    for seed in seeds:
        rules = Rules.from_options(("pagat", "two-ends", "fuenfer")[seed % 3], target=300)
        game = play_game(["Ann", "Bob", "Cy"], rules, random.Random(seed))
        for r in game.rounds:
            layout = Layout(r.layout.with_spinner)
            for move in r.moves:
                if not isinstance(move, Play):
                    continue
                ends = layout.ends()
                scores = []
                some = mask_of(ALL_TILES[move.tile.id % 5 :: 2])
                for tile in ALL_TILES:
                    for at in layout.placements(tile):
                        trial = layout.copy()
                        assert trial.place(tile, at.end) == at.end_sum, (seed, r.number, tile, at)
                        for hand in (all_tiles, some):
                            assert ends.best_after(tile, at.end, hand) == trial.ends().best_of(hand), (seed, r.number, tile, at)
                        scores.append(at.score)
                        checked += 1
                assert [(t, at.end, at.score) for t in ALL_TILES for at in layout.placements(t)] == ends.scores_of(ALL_TILES)
                assert ends.best_of(all_tiles) == max(scores, default=0)
                listed = ends.scores_of(ALL_TILES)
                held = ALL_TILES[move.tile.id % 7 :: 3]  # a hand of some tiles, not all
                for score in {0, *scores}:
                    assert ends.reaching(ALL_TILES, score, all_tiles) == [o for o in listed if o[2] == score]
                    assert ends.reaching(held, score, mask_of(held)) == [o for o in ends.scores_of(held) if o[2] == score]
                assert ends.best_of(mask_of(held)) == max((o[2] for o in ends.scores_of(held)), default=0)
                layout.place(move.tile, move.end)
    assert checked > 1000


@pytest.mark.parametrize("columns", [20, 40, 41, 60, 100])
def test_entries_break_as_every_other_screen_breaks_them(columns):
    from scorepad.views.console import wrapped
    from scorepad.views.review import INDENT, wrap

    text = INDENT + "2.14 Bob 6-4 E scored 0, leaving Cy at most 15; 4-3 W would also have scored 0, leaving Cy at most 0"
    assert wrap(text, columns) == wrapped(text, columns, INDENT).split("\n")
    long = INDENT + "Bob's hand at 2.1–2.7 is not known beyond 6-0 5-1 2-1 (Bob drew at 2.10) " + "x" * 50
    assert wrap(long, columns) == wrapped(long, columns, INDENT).split("\n")


def test_entries_break_as_words_are_added_one_by_one():
    """wrap cuts each line at the last space that fits: the same lines as putting the words
    on one by one (the simple way, kept here as the reference), for any spacing and width."""
    import random

    from scorepad.views.review import INDENT, wrap

    def one_by_one(text, columns):
        if len(text) <= columns:
            return [text]
        words = text[len(INDENT) :].split(" ")
        lines, line = [], INDENT + words[0]
        for word in words[1:]:
            if len(line) + 1 + len(word) <= columns:
                line += " " + word
            else:
                lines.append(line)
                line = INDENT + INDENT + word
        return [*lines, line]

    rng = random.Random(7)
    for _ in range(20_000):
        words = [rng.choice(["", "a", "bb", "1.13", "leaving", "x" * rng.randint(1, 30)]) for _ in range(rng.randint(0, 12))]
        text, columns = INDENT + " ".join(words), rng.randint(1, 45)
        assert wrap(text, columns) == one_by_one(text, columns), (text, columns)


def test_a_game_without_moves_says_so(here):
    ok("new", "--players", "Ann,Bob")
    assert ok("review").splitlines()[0] == "(no moves yet)"
    assert json.loads(ok("review", "--json"))["plays"] == []
    # The round asked for is named, though nobody has led in it.
    assert ok("review", "--round", "1").splitlines()[:2] == ["Round 1", "  (no moves yet)"]


def test_a_review_leaves_no_reference_cycles():
    """`scorepad review` turns the cycle collector off while it reads, reviews and shows a
    record (record/library.py, `replaying`): all that the read with its stages, the
    review and its text and JSON make must be freed without it."""
    import gc
    import random

    from scorepad.engine.review import totals
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps
    from scorepad.record.library import Reviews

    texts = [DRAWS, PIPS, PARTNERS, SPINNER, HIGHEST_DOUBLE]
    for seed in range(3):
        rules = Rules.from_options(("pagat", "two-ends", "fuenfer")[seed], target=150)
        texts.append(dumps(play_game(["Ann", "Bob", "Cy"], rules, random.Random(seed))))
    from scorepad.views.review import review_json, review_lines

    def review(text: str) -> tuple:
        each = Reviews()
        game = loads_for_review(text, each).game
        rounds = each.rounds()
        sums = totals(rounds, len(game.players))
        shown = list(review_lines(rounds, game.players, sums, 40, game.current.number)), review_json(rounds, game.players, sums)
        return game, rounds, shown

    for text in texts:  # caches filled before counting
        review(text)
    gc.collect()
    gc.disable()
    try:
        reviewed = [review(text) for text in texts]
        assert sum(len(rounds) for _game, rounds, _shown in reviewed) > 20
        del reviewed
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


def test_the_stages_the_replay_keeps_are_the_round_laid_again():
    """A review read with `stages` (as `scorepad review` reads, `loads_for_review`) weighs
    each play on the layout the replay kept before it (`Round.stages`); any other review
    lays the round again. Both must be the same layouts and reviews, over random games of
    every preset, the current round still being played included."""
    import random

    from scorepad.engine.review import stages
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps

    compared = playing = 0
    for seed in range(12):
        rules = Rules.from_options(("pagat", "two-ends", "fuenfer")[seed % 3], target=150)
        game = play_game(["Ann", "Bob", "Cy", "Dee"][: 2 + seed % 3], rules, random.Random(seed), max_rounds=3 + seed % 4)
        for _undo in range(seed % 3 * 2):  # the hands and a move taken back: a round still being played
            game.pop()
        text = dumps(game)
        kept: list = []
        laid: list = []
        loads_for_review(text, lambda game, r, into=kept: into.append((game, r)) if r.moves else None)
        loads(text, lambda game, r, into=laid: into.append((game, r)) if r.moves else None)
        assert len(kept) == len(laid) > 0
        for (game_kept, r_kept), (game_laid, r_laid) in zip(kept, laid):
            assert r_kept.stages is not None and r_laid.stages is None
            assert r_kept.stages == stages(r_laid)
            assert review_round(r_kept, game_kept.players) == review_round(r_laid, game_laid.players)
            compared += 1
            playing += r_kept.hands is None
    assert compared > 30 and playing > 3


@pytest.mark.parametrize("ascii", [False, True])
def test_the_json_escapes_a_name_as_every_json_line_is_escaped(ascii):
    """review_json escapes only the names (the rest comes from tables), where json_line
    escapes whole lines: a name no record can hold (a control, DEL, a bidirectional mark,
    a zero-width space) still comes out exactly as json_line's escaping would write it."""
    import random

    from scorepad.engine.review import review_game, totals
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.views.console import escaped_json
    from scorepad.views.review import review_json

    game = play_game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=150), random.Random(4))
    rounds = review_game(game)
    hostile = ["A\x1b[2Jnn", "B\x7fob\u202e", "C\u200by\x85"]
    text = review_json(rounds, hostile, totals(rounds, 3), ascii)
    data = json.loads(text)
    assert [p["player"] for p in data["plays"]][:3] == [hostile[p.player] for p in rounds[0].plays[:3]]
    assert text == escaped_json(json.dumps(data, ensure_ascii=ascii))
    assert "\x1b" not in text and "\x7f" not in text and "\u202e" not in text and "\u200b" not in text


@pytest.mark.slow
def test_the_command_reviews_as_a_review_of_the_game_laid_again(tmp_path):
    """`scorepad review` reads for a review (stages and proven hands kept by the replay),
    reviews rounds eight at a time, and turns the cycle collector off: its JSON and text
    must be those of the rounds laid again and reviewed one by one, for the bundled
    examples, long muggins games with careless claims, hands typed as tiles, pips or mixed,
    and a record over 64 KB whose [rules] table comes after its rounds (read round by
    round first, then again whole). The collector is on again after every run."""
    import gc
    import random
    from pathlib import Path

    import tomli_w
    from tests.helpers import record_text, written_rounds

    from scorepad.engine.review import review_game, totals
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps
    from scorepad.views.review import review_json, review_lines

    texts = [path.read_text(encoding="utf-8") for path in sorted((Path(__file__).parent.parent / "examples").glob("*.toml"))]
    rng = random.Random(26)
    for preset, players in (
        ("pagat", ["Ann", "Bob", "Cy"]),
        ("two-ends", ["Ann", "Bob", "Cy", "Dee"]),
        ("fuenfer", ["Ann", "Bob"]),
    ):
        rules = Rules.from_options(preset, target=100_000, muggins=True)
        game = play_game(players, rules, rng, max_rounds=12, careless=0.3)
        options = {"preset": preset, "target": 100_000, "muggins": True}
        texts.append(record_text(options, players, written_rounds(game, rng)))
    game = play_game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=100_000), rng, max_rounds=160)
    data = tomli_w.dumps({"format": "scorepad/1", "players": ["Ann", "Bob", "Cy"], "rounds": tomllib_rounds(dumps(game))})
    data += '\n[rules]\npreset = "pagat"\ntarget = 100000\n'
    assert len(data) > 64 * 1024
    texts.append(data)
    for number, text in enumerate(texts):
        path = tmp_path / f"game{number}.toml"
        path.write_text(text, encoding="utf-8")
        game = loads(text).game
        rounds = review_game(game)
        sums = totals(rounds, len(game.players))
        assert flat(ok("review", "--json", "-f", path)) == flat(review_json(rounds, game.players, sums)), path
        assert gc.isenabled()
        playing = game.current.number if game.state == "playing" else None
        expected = "\n".join(review_lines(rounds, game.players, sums, 40, playing)) + "\n"
        assert ok("review", "-f", path) == expected, path
        assert gc.isenabled()
    assert sum(len(loads(text).game.rounds) > 8 for text in texts) >= 4


def tomllib_rounds(text: str) -> list:
    import tomllib

    return tomllib.loads(text)["rounds"]


# --- a batch at a time: the review's memory does not grow with its text ----------------------


@functools.cache
def _long_game(seed: int = 1, players=("Ann", "Bob"), rounds: int = 200) -> str:
    """A game of `rounds` rounds (its target out of reach), as its record; made once."""
    import random

    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps

    rules = Rules.from_options("pagat", target=30000)
    return dumps(play_game(list(players), rules, random.Random(seed), max_rounds=rounds))


def _reviewed_in_batches(text: str, as_json: bool, only=None, columns: int = 60, out=None) -> str:
    """What `scorepad review` writes, made as the command makes it (a batch of rounds at a
    time, into a spool), standard output captured (or written into `out`)."""
    import contextlib
    import io

    from scorepad.cli.commands.checking import Reviewed
    from scorepad.views.console import Spool
    from scorepad.views.review import JsonReview, TextReview

    spool = Spool(raw=as_json)
    reviewed = Reviewed(only, (lambda p: JsonReview(p)) if as_json else (lambda p: TextReview(p, columns)), spool)
    game = loads_for_review(text, reviewed.reviews).game
    playing = game.current.number if game.state == "playing" else None
    captured = io.StringIO()
    assert reviewed.finish(playing, only)
    with contextlib.redirect_stdout(out or captured):
        assert spool.show()
    return captured.getvalue()


@pytest.fixture
def small_batches(monkeypatch):
    """A long game's review, scaled down: batches of a few rounds, spools that go to their
    file after a few KB, so a game of a few hundred rounds behaves as a record at the size
    limit does."""
    from scorepad.record.library import Reviews
    from scorepad.views.console import Spool

    monkeypatch.setattr(Reviews, "BATCH", 256)
    monkeypatch.setattr(Spool, "BATCH", 256)
    monkeypatch.setattr(Spool, "RAW_BATCH", 16 * 1024)


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_review_s_memory_stays_within_10_times_the_record(small_batches, as_json):
    """Its peak while the record is read, reviewed and written (issue 39: `review --json`
    peaked at 57 times the record's size, the text at 24 times: every round's review and
    the whole text were kept). Figures for whole commands: docs/review.md, "Memory"."""
    import os
    import tracemalloc

    text = _long_game()
    with open(os.devnull, "w", encoding="utf-8") as out:
        _reviewed_in_batches(text, as_json, out=out)  # caches and tables made before counting
        tracemalloc.start()
        try:
            _reviewed_in_batches(text, as_json, out=out)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak <= 10 * len(text.encode())


@pytest.mark.parametrize("seed", range(6))
def test_the_review_a_batch_at_a_time_is_the_review_made_whole(small_batches, seed):
    """Rounds held back and written a batch at a time, the last one told whether it is
    still being played: the same text and JSON as the review of the whole game."""
    from scorepad.engine.review import review_game, totals
    from scorepad.record.library import Reviews
    from scorepad.views.review import review_json, review_lines

    # 60 rounds: a few thousand moves, many batches of the fixture's 256 (what is tested)
    text = _long_game(seed, ("Ann", 'B"o\\b', "Zoë ✓")[: 2 + seed % 2], rounds=60)
    if seed % 3 == 0:  # a round under way: half its moves, its hands not in the record yet
        rounds = text.split("\n[[rounds]]\n")
        while "moves = []" in rounds[-1]:
            rounds.pop()
        start = rounds[-1].index("moves = [\n") + len("moves = [\n")
        moves = rounds[-1][start : rounds[-1].index("\n]", start)].split("\n")
        rounds[-1] = rounds[-1][:start] + "\n".join(moves[: max(1, len(moves) // 2)]) + "\n]\n"
        text = "\n[[rounds]]\n".join(rounds)
    game = loads_for_review(text).game
    assert sum(len(r.moves) for r in game.rounds) > 4 * Reviews.BATCH
    playing = game.current.number if game.state == "playing" else None
    for only in (None, 1, len(game.rounds)):
        rounds = review_game(game, only)
        sums = totals(rounds, len(game.players))
        whole = "\n".join(review_lines(rounds, game.players, sums, 60, playing, only)) + "\n"
        assert _reviewed_in_batches(text, False, only) == whole
        assert _reviewed_in_batches(text, True, only) == review_json(rounds, game.players, sums) + "\n"


NAMES = [  # a player's name holds no control, format or right-to-left character (engine/game.py)
    ["Ann", 'B"o\\b', "Zoë ✓"],
    ["😀 emoji", "Łukasz", "名前", "x'y"],
    ["a/b", "<Ω>", "&amp;"],
    ["x", "y"],
]


@pytest.mark.parametrize("ascii", [False, True])
def test_the_review_s_json_is_json_dumps_s_with_the_fast_paths_off(monkeypatch, ascii):
    """The fence over the JSON written piece by piece (views/review.py): with the fast
    paths off json.dumps writes every play; both give the same text, names of every kind
    included, a round at a time or whole."""
    import random

    from scorepad.engine.review import review_game, totals
    from scorepad.engine.rules import Rules
    from scorepad.engine.simulate import play_game
    from scorepad.views import review

    for seed in range(12):
        players = NAMES[seed % len(NAMES)]
        rules = Rules.from_options(("pagat", "fuenfer", "two-ends")[seed % 3], target=150)
        game = play_game(players, rules, random.Random(seed))
        rounds = review_game(game)
        sums = totals(rounds, len(players))
        fast = review.review_json(rounds, players, sums, ascii)
        written = review.JsonReview(players, ascii)
        batched = "".join([*written.head(), *(p for r in rounds for p in written.rounds([r])), *written.tail(sums)])
        monkeypatch.setattr(review, "FAST", False)
        library = review.review_json(rounds, players, sums, ascii)
        monkeypatch.setattr(review, "FAST", True)
        assert fast == library == batched
        assert json.loads(library)["players"].keys() == set(players)


@pytest.mark.parametrize("args", [["review"], ["review", "--json"]], ids=["text", "json"])
def test_a_review_that_cannot_be_kept_in_a_file_is_made_again_whole(small_batches, tmp_path, monkeypatch, args):
    """A full disk under the spool: the review is made again from the game, the same."""
    import tempfile

    from scorepad.views import console

    path = tmp_path / "long.toml"
    path.write_text(_long_game(), encoding="utf-8")
    kept = run(*args, "-f", path, width=80)
    spools = []
    spool_init = console.Spool.__init__

    def watched(self, raw=False):
        spool_init(self, raw)
        spools.append(self)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(console.Spool, "__init__", watched)
    monkeypatch.setattr(tempfile, "TemporaryFile", full_disk)
    again = run(*args, "-f", path, width=80)
    assert again.exit_code == kept.exit_code == 0
    assert again.output == kept.output and "Ann" in kept.output
    assert [spool.failed for spool in spools] == [True]


@pytest.mark.parametrize("args", [["review"], ["review", "--json"]], ids=["text", "json"])
def test_a_record_refused_late_reviews_nothing_but_why(small_batches, tmp_path, args):
    """Nothing of the review is written before the record has been read whole."""
    text = _long_game()
    at = text.rindex('moves = [\n  "') + len('moves = [\n  "')
    path = tmp_path / "late.toml"
    path.write_text(text[:at] + "Zed: 6-6" + text[at + len("Ann: 0-0") :], encoding="utf-8")
    result = run(*args, "-f", path, width=80)
    assert result.exit_code != 0
    assert "Round 1" not in result.output and '"plays"' not in result.output, result.output


# Ann leads 5-0 and Bob answers 5-5 for 10. Her 3-2 would have scored 5 as well, but no tile
# of Bob's (5-5 5-6 6-6, known whole) takes a 3 or a 2: with 22 tiles in the boneyard he
# would have drawn, and what he drew the record cannot tell.
UNTOLD_REPLY = """format = "scorepad/1"
players = ["Ann", "Bob"]

[rules]
preset = "pagat"
spinner = "none"
deal = [3, 3, 3]

[[rounds]]
opener = "Ann"
moves = ["Ann: 5-0", "Bob: 5-5 W", "Ann: 0-3 E", "Bob: 5-6 W", "Ann: 3-2 E"]
hands = { Bob = "6-6" }
"""


def test_a_reply_after_which_the_next_player_would_draw_is_never_guessed(here):
    here.write_text(UNTOLD_REPLY, encoding="utf-8")
    lead = json.loads(ok("review", "--json"))["plays"][0]
    # Not "3-2 would also have scored 5, leaving Bob at most 0, not 10" (a guess): no left mark.
    assert (lead["play"], lead["next"], lead["left"], lead["best_play"], lead["best_left"], lead["marks"]) == (
        "5-0",
        "Bob",
        10,
        "5-0",
        10,
        [],
    )
    assert "at most 0" not in ok("review")


def test_the_short_review_is_the_marks_alone(here):
    """For a phone: at 40 columns the lines of what the record cannot tell swamped the marks."""
    here.write_text(DRAWS, encoding="utf-8")
    assert ok("review", "--short") == (
        "Round 1\n"
        "  1.1 Ann 6-1 scored 0; 6-4 would have\n"
        "    scored 10\n"
        "  5 plays were weighed against part of\n"
        "    their hands only: scorepad review\n"
        "    without --short says which\n"
        "Points missed\n"
        "  Ann: 10 points missed, 1 marked play\n"
        "  Bob: 0 points missed, 0 marked plays\n"
    )
    full = ok("review").splitlines()
    assert [line for line in full if "not known" not in line and not line.startswith("    beyond")][:3] == ok(
        "review", "-s"
    ).splitlines()[:3]
    # A review where every hand is known says nothing of the kind.
    here.write_text(UNTOLD_REPLY, encoding="utf-8")
    assert ok("review", "--short") == ok("review")
