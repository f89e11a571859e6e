"""The places where the rules text and the record format were clarified, as known
positions with literal results, each checked against the engine and the independent
reference scorer (tests/reference.py): the missed score on a round's last tile, hands
written after a game-ending domino, a round whose hands are not yet written, the opener
after a blocked round with partners' pips equal, and muggins on a claim too low."""

import json

import pytest
from tests.helpers import messages, run
from tests.helpers import record_of_rounds as record

from reference import score_game
from scorepad.record.format import audit_text, loads
from scorepad.views.summary import audit_json

MUGGINS = 'preset = "pagat"\nmuggins = true\ndeal = [2, 2, 2]'


def test_a_missed_score_on_the_rounds_last_tile_is_noted_with_who_could_have_called():
    # 5-5 (10) and 5-0 E (10) claimed right; Ann's last tile 0-0 E makes 10 unclaimed.
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5 =10", "Bob: 5-0 E =10", "Ann: 0-0 E"]\nhands = { Bob = 3 }',
        rules=MUGGINS,
    )
    audited = audit_text(text)
    assert audited.problems == []
    assert messages(audited.notes) == [
        (1, 3, "'Ann: 0-0 E': Ann missed 10 and nobody called muggins (Bob could have)"),
    ]
    # The scores are right: the 10 is lost, Ann's hand points are round5(3) = 5.
    assert audited.game.scores == [15, 10]
    rounds = [{"opener": "Ann", "moves": ["Ann: 5-5 =10", "Bob: 5-0 E =10", "Ann: 0-0 E"], "hands": {"Bob": 3}}]
    ref = score_game({"preset": "pagat", "muggins": True, "deal": [2, 2, 2]}, ["Ann", "Bob"], rounds)
    assert ref["missed"] == [[(3, "Ann", 10)]]
    assert ref["scores"] == {"Ann": 15, "Bob": 10}


def test_a_missed_score_on_the_last_tile_of_three_players_names_both_callers():
    # 5-0 E: 10 (the spinner, one line side empty) + 0; 0-3 E: 10 + 3 = 13, nothing;
    # Ann's last tile 5-2 W: the spinner is interior, 2 + 3 = 5, unclaimed.
    moves = ["Ann: 5-5 =10", "Bob: 5-0 E =10", "Cy: 0-3 E", "Ann: 5-2 W"]
    listed = ", ".join(f'"{m}"' for m in moves)
    text = record(
        f'opener = "Ann"\nmoves = [{listed}]\nhands = {{ Bob = 6, Cy = 4 }}', players=("Ann", "Bob", "Cy"), rules=MUGGINS
    )
    audited = audit_text(text)
    assert audited.problems == []
    assert messages(audited.notes) == [
        (1, 4, "'Ann: 5-2 W': Ann missed 5 and nobody called muggins (Bob or Cy could have)"),
    ]
    # Ann: 10, then hand points round5(6 + 4) = 10; Bob 10; Cy 0.
    assert audited.game.scores == [20, 10, 0]
    rounds = [{"opener": "Ann", "moves": moves, "hands": {"Bob": 6, "Cy": 4}}]
    ref = score_game({"preset": "pagat", "muggins": True, "deal": [2, 2, 2]}, ["Ann", "Bob", "Cy"], rounds)
    assert ref["missed"] == [[(4, "Ann", 5)]]
    assert ref["scores"] == {"Ann": 20, "Bob": 10, "Cy": 0}


def test_the_last_tiles_missed_score_is_not_noted_while_a_call_may_still_come():
    # The hands are not written yet: Bob may still call muggins.
    text = record('opener = "Ann"\nmoves = ["Ann: 5-5 =10", "Bob: 5-0 E =10", "Ann: 0-0 E"]', rules=MUGGINS)
    audited = audit_text(text)
    assert audited.problems == [] and audited.notes == []
    called = text.replace('"Ann: 0-0 E"', '"Ann: 0-0 E", "Bob: muggins"').replace("moves", "hands = { Bob = 3 }\nmoves")
    audited = audit_text(called)
    assert audited.problems == [] and audited.notes == []
    assert audited.game.scores == [15, 20]


def test_hands_written_after_a_game_ending_domino_are_a_note_and_count_for_nothing(tmp_path):
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5"]\nhands = { Bob = 6 }\npoints = { Ann = 10, Bob = 0 }',
        rules='preset = "pagat"\ntarget = 10\ndeal = [1, 1, 1]',
    )
    audited = audit_text(text)
    assert audited.problems == []
    assert messages(audited.notes) == [
        (1, None, "'hands' are given, but the game ended at move 1 on Ann's last tile: they count for nothing"),
    ]
    assert audited.game.scores == [10, 0]  # no hand points: round5(6) = 5 is not added
    assert loads(text).game.scores == [10, 0]  # a command reads the record too
    path = tmp_path / "over.toml"
    path.write_text(text)
    result = run("audit", "--json", str(path))
    assert result.exit_code == 0
    line = json.loads(result.stdout)
    assert line["ok"] is True
    assert line["rounds"] == [{"points": {"Ann": 10, "Bob": 0}, "result": "domino", "winner": ["Ann"]}]


def test_hands_written_after_the_game_ended_mid_round_stay_a_problem():
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 5-5"]\nhands = { Ann = 20, Bob = 30 }\npoints = { Ann = 10, Bob = 0 }',
        rules='preset = "pagat"\ntarget = 10',
    )
    assert messages(audit_text(text).problems) == [
        (1, None, "'hands' are given, but the game ended at move 1: no hands are entered after that"),
    ]


@pytest.mark.parametrize(
    ("deal", "moves", "state", "points"),
    [
        # Ann's last tile 0-0 E: domino, the hands not yet written.
        (2, '["Ann: 5-5", "Bob: 5-0 E", "Ann: 0-0 E"]', "hand-over", {"Ann": 20, "Bob": 10}),
        # The whole set dealt, both pass: blocked, the hands not yet written.
        (14, '["Ann: 5-5", "Bob: pass", "Ann: pass"]', "hand-over", {"Ann": 10, "Bob": 0}),
        (2, '["Ann: 5-5", "Bob: 5-0 E"]', "playing", {"Ann": 10, "Bob": 10}),
    ],
)
def test_a_round_whose_play_ended_without_hands_is_unfinished(deal, moves, state, points):
    text = record(f'opener = "Ann"\nmoves = {moves}', rules=f'preset = "pagat"\ndeal = [{deal}, 2, 2]')
    audited = audit_text(text)
    assert audited.problems == []
    assert audited.game.state == state
    line = audit_json("f", audited.game, audited.problems, audited.notes)
    assert line["rounds"] == [{"points": points, "result": "unfinished", "winner": None}]


# Four players in partnership under fuenfer (round-winner), the whole set dealt (7 each, the
# boneyard empty): a lead, then four passes block the round. Ann and Cy hold 20 pips each,
# Bob and Dee 64: Ann and Cy win round5(128 - 40) = 90, and the partners' pips are equal.
PARTNERS = 'preset = "fuenfer"\npartners = true\ndeal = [7, 7, 7]'


@pytest.mark.parametrize(
    ("opener", "lead", "passes", "next_opener"),
    [
        # Turn order after Ann: Bob, Cy, Dee, Ann (the opener last): Cy comes first.
        ("Ann", "Ann: 0-0", ["Bob", "Cy", "Dee", "Ann"], "Cy"),
        # After Cy: Dee, Ann, Bob, Cy: Ann comes first.
        ("Cy", "Cy: 0-0", ["Dee", "Ann", "Bob", "Cy"], "Ann"),
    ],
)
def test_after_a_blocked_round_equal_partners_the_first_after_the_opener_leads(opener, lead, passes, next_opener):
    moves = [lead, *(f"{p}: pass" for p in passes)]
    hands = {"Ann": 20, "Bob": 64, "Cy": 20, "Dee": 64}
    listed = ", ".join(f'"{m}"' for m in moves)
    written = ", ".join(f"{k} = {v}" for k, v in hands.items())
    text = record(
        f'opener = "{opener}"\nmoves = [{listed}]\nhands = {{ {written} }}',
        players=("Ann", "Bob", "Cy", "Dee"),
        rules=PARTNERS,
    )
    game = loads(text).game
    assert game.rounds[0].result == "blocked"
    assert game.scores == [90, 0]
    assert game.players[game.current.opener] == next_opener
    assert game.current.opener_rule == "round-winner"
    ref = score_game(
        {"preset": "fuenfer", "partners": True, "deal": [7, 7, 7]},
        ["Ann", "Bob", "Cy", "Dee"],
        [{"opener": opener, "moves": moves, "hands": hands}],
    )
    assert ref["next_opener"] == [next_opener]
    assert ref["scores"] == {"Ann": 90, "Bob": 0, "Cy": 90, "Dee": 0}


def test_after_a_blocked_round_the_partner_with_fewer_pips_leads_whoever_sits_first():
    text = record(
        'opener = "Ann"\nmoves = ["Ann: 0-0", "Bob: pass", "Cy: pass", "Dee: pass", "Ann: pass"]\n'
        "hands = { Ann = 15, Bob = 64, Cy = 25, Dee = 64 }",
        players=("Ann", "Bob", "Cy", "Dee"),
        rules=PARTNERS,
    )
    game = loads(text).game
    assert game.players[game.current.opener] == "Ann"  # fewer pips: Ann, though Cy sits first


@pytest.mark.parametrize(
    ("claim", "caller_gets"),
    [
        ("=5", 10),  # a claim too low: the caller takes the whole score, not the 5 left over
        ("", 10),  # no claim: the whole score
        ("=15", 15),  # a claim too high: the caller takes the claim as a penalty
    ],
)
def test_a_muggins_call_takes_the_whole_score_of_a_claim_too_low(claim, caller_gets):
    lead = f"Ann: 5-5 {claim}".strip()
    text = record(f'opener = "Ann"\nmoves = ["{lead}", "Bob: muggins"]', rules='preset = "pagat"\nmuggins = true')
    audited = audit_text(text)
    assert audited.problems == []
    assert audited.game.scores == [0, caller_gets]
    ref = score_game({"preset": "pagat", "muggins": True}, ["Ann", "Bob"], [{"opener": "Ann", "moves": [lead, "Bob: muggins"]}])
    assert ref["scores"] == {"Ann": 0, "Bob": caller_gets}
