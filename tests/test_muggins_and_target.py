"""Muggins claims and calls (docs/rules.md "Muggins"), the target, and undo."""

import pytest

from conftest import play_all
from scorepad import Game, IllegalMoveError, Rules, parse_move


def muggins_game(**options):
    return Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", muggins=True, **options), opener="Ann")


def test_format_example_round():
    g = muggins_game()
    play_all(
        g,
        "Ann: 1-4 =5",
        "Bob: 1-1 W",
        "Cy: draw 2",
        "Cy: 4-4 E",
        "Ann: muggins",
        "Ann: 4-3 E =5",
        "Bob: 2-1 W =5",
        "Cy: 1-5 N =10",
    )
    # Ann: 5 + 10 (Cy's missed 4-4) + 5; Bob: 5; Cy: 10.
    assert g.scores == [20, 5, 10]
    assert g.current.uncalled == []


def test_correct_claim_scores():
    g = muggins_game()
    out = g.push(parse_move("Ann: 3-2 =5"))
    assert [c.points for c in out.credits] == [5]
    with pytest.raises(IllegalMoveError, match="Bob calls muggins, but there is nothing to take"):
        g.push(parse_move("Bob: muggins"))


def test_missed_score_goes_to_the_caller():
    g = muggins_game()
    play_all(g, "Ann: 3-2")
    assert g.scores == [0, 0, 0]
    with pytest.raises(IllegalMoveError, match="Ann cannot call muggins on their own side's play"):
        g.push(parse_move("Ann: muggins"))
    play_all(g, "Cy: muggins")
    assert g.scores == [0, 0, 5]
    with pytest.raises(IllegalMoveError, match="nothing to take"):
        g.push(parse_move("Bob: muggins"))  # taken once only


def test_claim_too_low_scores_nothing_and_the_caller_takes_the_whole_score():
    g = muggins_game()
    play_all(g, "Ann: 5-5 =5", "Bob: muggins")
    assert g.scores == [0, 10, 0]


def test_claim_too_high_is_a_penalty():
    g = muggins_game()
    play_all(g, "Ann: 5-4 =10")  # scores nothing (9), claims 10
    assert g.scores == [0, 0, 0]
    play_all(g, "Bob: muggins")
    assert g.scores == [0, 10, 0]
    g = muggins_game()
    play_all(g, "Ann: 5-5 =15", "Cy: muggins")  # 10 scores, 15 claimed: the claim is taken
    assert g.scores == [0, 0, 15]


def test_a_missed_score_nobody_calls_is_lost_and_noted():
    g = muggins_game()
    play_all(g, "Ann: 5-5", "Bob: 5-0 E =10")
    assert g.scores == [0, 10, 0]
    assert [(m.move, m.amount) for m in g.current.uncalled] == [(0, 10)]
    with pytest.raises(IllegalMoveError, match="nothing to take"):
        g.push(parse_move("Cy: muggins"))  # too late: a move was made


def test_partners_cannot_call_on_each_other():
    g = Game(["Ann", "Bob", "Cy", "Dee"], Rules.from_options("pagat", muggins=True), opener="Ann")
    play_all(g, "Ann: 5-5")
    with pytest.raises(IllegalMoveError, match="Cy cannot call muggins on their own side's play"):
        g.push(parse_move("Cy: muggins"))
    play_all(g, "Dee: muggins")
    assert g.scores == [0, 10]


def test_without_muggins_claims_are_only_checked():
    g = Game(["Ann", "Bob"], Rules.from_options("pagat"), opener="Ann")
    out = g.push(parse_move("Ann: 5-5 =15"))
    assert out.warnings == ("Ann claimed 15, but 5-5 scores 10",)
    assert g.scores == [10, 0]
    with pytest.raises(IllegalMoveError, match="Bob calls muggins, but this game is played without muggins"):
        g.push(parse_move("Bob: muggins"))


def test_muggins_after_the_last_tile_before_the_hands():
    g = muggins_game(deal=[1, 1, 1])
    play_all(g, "Ann: 5-5")  # Ann's only tile: domino, and 10 not claimed
    assert g.state == "hand-over"
    play_all(g, "Bob: muggins")
    assert g.scores == [0, 10, 0] and g.state == "hand-over"
    g.end_round({"Bob": 3, "Cy": 4})
    assert g.scores == [5, 10, 0]


def test_game_ends_at_the_target_mid_round():
    g = Game(["Ann", "Bob"], Rules.from_options("pagat", target=15), opener="Ann")
    play_all(g, "Ann: 5-5", "Bob: 5-0 E")
    assert g.state == "playing"
    play_all(g, "Ann: 0-0 E")  # 10 + 0: Ann has 20
    assert g.state == "over" and g.winners() == ["Ann"] and g.turn is None
    with pytest.raises(IllegalMoveError, match="the game is over: Ann won"):
        g.push(parse_move("Bob: 5-6 W"))


def test_game_ends_by_hand_points_and_by_muggins():
    g = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=20, deal=[2, 2, 2]), opener="Ann")
    play_all(g, "Ann: 3-6", "Bob: 6-6 E", "Cy: 6-2 E", "Ann: 3-3 W")
    g.end_round({"Bob": 8, "Cy": 9})
    assert g.scores == [15, 15, 5] and g.state == "playing"
    play_all(g, "Ann: 5-5")
    assert g.scores == [25, 15, 5] and g.winners() == ["Ann"]
    g = Game(["Ann", "Bob"], Rules.from_options("pagat", target=10, muggins=True), opener="Ann")
    play_all(g, "Ann: 5-5", "Bob: muggins")
    assert g.winners() == ["Bob"]


def test_shared_win_when_a_split_reaches_the_target_together():
    g = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=60, deal=[2, 2, 2]), opener="Ann")
    play_all(g, "Ann: 6-6", "Bob: 6-5 W", "Cy: draw 22", "Cy: pass", "Ann: pass", "Bob: pass")
    g.end_round({"Ann": 4, "Bob": 4, "Cy": 137})
    assert g.state == "over"
    assert g.winners() == ["Ann", "Bob"]


def test_higher_score_wins_when_two_reach_the_target():
    g = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=70, deal=[2, 2, 2]), opener="Ann")
    play_all(g, "Ann: 5-5", "Bob: 5-6 W", "Cy: draw 22", "Cy: pass", "Ann: pass", "Bob: pass")
    g.end_round({"Ann": 4, "Bob": 4, "Cy": 139})
    # round5(139) / 2 = 70 each: Ann (10 + 70) and Bob (70) both reach 70; Ann is higher.
    assert g.scores == [80, 70, 0]
    assert g.winners() == ["Ann"]


# --- undo -----------------------------------------------------------------------------------


def state_of(g: Game):
    r = g.current
    return (
        [str(m) for rr in g.rounds for m in rr.moves],
        list(g.scores),
        g.winner,
        g.turn,
        g.state,
        list(r.hand_sizes),
        r.boneyard,
        r.passes,
        r.pending,
        r.layout.end_counts(),
        [(p.tile, p.end) for p in r.layout.placed],
        len(g.rounds),
        r.uncalled,
    )


def test_undo_restores_exactly():
    g = muggins_game(deal=[2, 2, 2])
    moves = ["Ann: 3-6", "Bob: 6-6 E", "Cy: muggins", "Cy: 6-2 E =5", "Ann: 3-3 W"]
    states = [state_of(g)]
    for m in moves:
        g.push(parse_move(m))
        states.append(state_of(g))
    g.end_round({"Bob": 8, "Cy": 9})
    assert len(g.rounds) == 2
    g.pop()
    assert state_of(g) == states[-1]
    for expected in reversed(states[:-1]):
        g.pop()
        assert state_of(g) == expected
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.pop()


@pytest.mark.parametrize(
    "moves, reason",
    [
        (["Ann: 3-2 =5"], "Ann claimed 5, which is right"),
        (["Ann: 3-1"], "Ann's 3-1 scored nothing"),
        (["Ann: 3-2", "Bob: muggins"], "Bob has already called it"),
        (["Ann: 3-2", "Bob: draw"], "a move has been made since the last play"),
        ([], "no play to call it on"),
    ],
)
def test_a_call_with_nothing_to_take_says_why(moves, reason):
    g = muggins_game()
    play_all(g, *moves)
    with pytest.raises(IllegalMoveError) as info:
        g.push(parse_move("Cy: muggins"))
    assert str(info.value) == f"Cy calls muggins, but there is nothing to take: {reason}"
