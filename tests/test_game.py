"""Rounds and games: turns, draws and passes, the end of a round, hands, the next opener,
the target, muggins and undo."""

from fractions import Fraction

import pytest

from conftest import play_all
from scorepad import (
    Game,
    IllegalMoveError,
    InvalidHandsError,
    Rules,
    RulesError,
    parse_move,
)
from scorepad.engine.tiles import parse_tiles


def small(preset="pagat", players=("Ann", "Bob", "Cy"), opener="Ann", **options):
    """A game where each player gets two tiles, so rounds end after a few moves."""
    options.setdefault("deal", [2, 2, 2])
    return Game(players, Rules.from_options(preset, **options), opener=opener)


# --- players, sides and options ---------------------------------------------------------


def test_players_and_sides():
    g = Game(["Ann", "Bob", "Cy", "Dee"], Rules.from_options("pagat"))
    assert g.sides == ((0, 2), (1, 3))
    assert g.target == 200
    g = Game(["Ann", "Bob", "Cy", "Dee"], Rules.from_options("fuenfer"))
    assert g.sides == ((0,), (1,), (2,), (3,))
    assert g.target == 150


@pytest.mark.parametrize(
    "preset, players, partners, target",
    [
        ("pagat", 2, True, 250),
        ("pagat", 3, True, 200),
        ("pagat", 4, True, 200),
        ("two-ends", 2, True, 250),
        ("two-ends", 3, True, 200),
        ("two-ends", 4, True, 250),
        ("two-ends", 4, False, 200),
        ("fuenfer", 2, False, 150),
        ("fuenfer", 4, True, 150),
    ],
)
def test_targets_by_preset_and_table(preset, players, partners, target):
    rules = Rules.from_options(preset, partners=partners)
    assert Game(["A", "B", "C", "D"][:players], rules).target == target


def test_deal_and_boneyard():
    for n, hand, boneyard in [(2, 9, 10), (3, 7, 7), (4, 5, 8)]:
        g = Game(["A", "B", "C", "D"][:n], Rules.from_options("pagat"))
        assert g.current.hand_sizes == [hand] * n
        assert g.current.boneyard == boneyard


@pytest.mark.parametrize(
    "players, message",
    [
        (["Ann"], "needs 2 to 4 players, not 1: Ann$"),
        ([""], "needs 2 to 4 players: name them, e.g. Ann,Bob$"),  # `new --players ""`
        ([], "needs 2 to 4 players: name them"),
        (["A", "B", "C", "D", "E"], "not 5"),
        (["Ann", "Ann"], "names must differ"),
        (["Ann", "B:b"], "'B:b' is not a player name"),
        (["Ann", " Bob"], "' Bob' is not a player name"),
    ],
)
def test_bad_players(players, message):
    with pytest.raises(RulesError, match=message):
        Game(players)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"spinner": "two"}, "spinner must be one of first-double, none, not 'two'"),
        ({"target": 0}, "target must be a positive whole number"),
        ({"target": "150"}, "target must be a positive whole number"),
        ({"muggins": "yes"}, "muggins must be true or false"),
        ({"deal": [9, 7]}, "deal must be three whole numbers"),
        ({"deal": [15, 7, 5]}, "15 tiles each for 2 players does not fit"),
        ({"spiner": "none"}, "unknown rules option 'spiner'"),
        ({"blocked_tie": "split"}, "blocked_tie must be one of nothing, split-third"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_options("pagat", **options)
    with pytest.raises(RulesError, match="unknown preset 'pagot'"):
        Rules.from_options("pagot")


def test_options_remember_what_was_changed():
    rules = Rules.from_options("two-ends", target=150, muggins=True)
    assert rules.options() == {"muggins": True, "target": 150}
    assert rules.spinner == "none"


# --- turns, draws, passes -----------------------------------------------------------------


def test_turn_order_and_wrong_turn(three):
    play_all(three, "Ann: 1-4")
    with pytest.raises(IllegalMoveError, match="it is Bob's turn, not Cy's"):
        three.push(parse_move("Cy: 4-4 E"))
    play_all(three, "Bob: 1-1 W")
    assert three.turn == "Cy"


def test_draw_keeps_the_turn_and_grows_the_hand(three):
    play_all(three, "Ann: 1-4", "Bob: draw 3")
    r = three.current
    assert three.turn == "Bob"
    assert r.hand_sizes == [6, 10, 7]
    assert r.boneyard == 4
    with pytest.raises(IllegalMoveError, match="Bob cannot draw 5: the boneyard holds only 4"):
        three.push(parse_move("Bob: draw 5"))
    with pytest.raises(IllegalMoveError, match="Bob cannot pass: the boneyard still holds 4 tiles"):
        three.push(parse_move("Bob: pass"))
    play_all(three, "Bob: draw 4")
    with pytest.raises(IllegalMoveError, match="the boneyard is empty"):
        three.push(parse_move("Bob: draw"))
    play_all(three, "Bob: pass")
    assert three.turn == "Cy"


def test_blocked_after_every_player_passed():
    g = small(deal=[2, 2, 2])  # 22 tiles in the boneyard
    play_all(g, "Ann: 6-6", "Bob: draw 22", "Bob: pass", "Cy: pass")
    assert g.state == "playing"
    play_all(g, "Ann: pass")
    assert g.state == "hand-over"
    assert g.current.result == "blocked"
    assert g.turn is None
    with pytest.raises(IllegalMoveError, match="round 1 is over \\(blocked\\): enter the remaining hands"):
        g.push(parse_move("Bob: pass"))


def test_a_play_resets_the_passes():
    g = small(deal=[2, 2, 2])
    play_all(g, "Ann: 6-6", "Bob: draw 22", "Bob: 6-5 E", "Cy: pass", "Ann: pass", "Bob: 5-4 E", "Cy: pass", "Ann: pass")
    assert g.state == "playing"


def test_domino_ends_the_round(three):
    g = small()
    play_all(g, "Ann: 3-6", "Bob: 6-6 E", "Cy: 6-2 E", "Ann: 3-3 W")
    assert g.state == "hand-over"
    assert g.current.result == "domino"
    assert g.current.domino_maker == 0
    assert g.scores == [0, 15, 5]


def test_the_opener_leads_first():
    g = small(opener="Ann")
    with pytest.raises(IllegalMoveError, match="Ann opens round 1: lead a tile first"):
        g.push(parse_move("Ann: draw"))
    g = small(opener=None, first_opener="highest-double")
    assert g.turn is None
    with pytest.raises(IllegalMoveError, match="round 1 has not started"):
        g.push(parse_move("Bob: pass"))
    out = g.push(parse_move("Bob: 6-6"))
    assert g.current.opener == 1 and g.turn == "Cy"
    assert out.warnings == ()


def test_highest_double_lead_that_is_not_a_double_is_flagged():
    g = small(opener="Bob", first_opener="highest-double")
    out = g.push(parse_move("Bob: 6-5"))
    assert out.warnings == ("Bob led 6-5, but the highest double must lead",)
    assert g.current.warnings == [(0, "Bob led 6-5, but the highest double must lead")]


# --- hands and the next round --------------------------------------------------------------


def domino_round(g: Game):
    play_all(g, "Ann: 3-6", "Bob: 6-6 E", "Cy: 6-2 E", "Ann: 3-3 W")  # Ann out; Bob, Cy hold 1


def test_hands_award_and_next_round():
    g = small()
    domino_round(g)
    out = g.end_round({"Bob": 8, "Cy": parse_tiles("4-5")})
    # pagat: round5(8 + 9) = 15 to Ann, who made domino and opens round 2.
    assert out.award.points == (15, 0, 0)
    assert g.scores == [15, 15, 5]
    assert len(g.rounds) == 2 and g.current.opener == 0 and g.turn == "Ann"
    assert g.rounds[0].side_points(3) == [15, 15, 5]


@pytest.mark.parametrize(
    "hands, message",
    [
        ({"Bob": 8}, "Cy still holds 1 tile: give Cy's hand"),
        ({"Bob": 8, "Cy": 9, "Dee": 3}, "'Dee' is not playing"),
        ({"Bob": 8, "Cy": 9, "Ann": 4}, "Ann holds no tiles, so not 4 pips"),
        ({"Bob": 8, "Cy": parse_tiles("4-5 1-1")}, "Cy holds 1 tile, not 2: 4-5 1-1"),
        ({"Bob": 8, "Cy": parse_tiles("6-2")}, "Cy's 6-2 is already on the table"),
        ({"Bob": parse_tiles("4-5"), "Cy": parse_tiles("5-4")}, "5-4 is named twice in the hands"),
        ({"Bob": 13, "Cy": 9}, "Bob's 1 tile cannot hold 13 pips: the tiles nobody has named allow 0 to 11"),
        # 0-0 is in Bob's hand: Cy's one tile holds at least 1.
        ({"Bob": parse_tiles("0-0"), "Cy": 0}, "Cy's 1 tile cannot hold 0 pips: the tiles nobody has named allow 1 to 11"),
        ({"Bob": -1, "Cy": 9}, "cannot hold -1 pips"),
    ],
)
def test_bad_hands(hands, message):
    g = small()
    domino_round(g)
    with pytest.raises(InvalidHandsError, match=message):
        g.end_round(hands)
    assert g.state == "hand-over" and g.scores == [0, 15, 5]


def test_hands_only_when_the_round_is_over():
    g = small()
    with pytest.raises(InvalidHandsError, match="round 1 is still being played"):
        g.end_round({"Bob": 3})


def blocked_round(g: Game):
    play_all(g, "Ann: 6-6", "Bob: draw 7", "Bob: pass", "Cy: pass", "Ann: pass")


@pytest.mark.parametrize(
    "preset, points, opener, rule",
    [
        ("pagat", 145, None, "lot"),  # as-domino: round5(100 + 44); nobody made domino
        ("two-ends", 135, None, "highest-double"),  # round5(100) + round5(44) - round5(12)
        ("fuenfer", 130, 0, "round-winner"),  # round5(100 + 44 - 12); the round's winner opens
    ],
)
def test_blocked_round_award_and_next_opener(preset, points, opener, rule):
    g = small(preset, deal=[7, 7, 7])
    blocked_round(g)
    # The boneyard is empty: the 27 tiles off the table (156 pips) are all in the hands.
    g.end_round({"Ann": 12, "Bob": 100, "Cy": 44})
    assert g.scores[0] == points
    assert g.current.opener == opener and g.current.opener_rule == rule


def test_round_winner_partnership_leads_with_fewer_pips():
    g = small("fuenfer", players=("Ann", "Bob", "Cy", "Dee"), partners=True, deal=[5, 5, 5], opener="Bob")
    play_all(g, "Bob: 6-6", "Cy: draw 8", "Cy: pass", "Dee: pass", "Ann: pass", "Bob: pass")
    g.end_round({"Ann": 30, "Bob": 10, "Cy": 86, "Dee": 30})
    # Bob and Dee (40) beat Ann and Cy (116): difference round5(76) = 75; Bob holds fewer.
    assert g.scores == [0, 75]
    assert g.current.opener == 1
    g = small("fuenfer", players=("Ann", "Bob", "Cy", "Dee"), partners=True, deal=[5, 5, 5], opener="Bob")
    play_all(g, "Bob: 6-6", "Cy: draw 8", "Cy: pass", "Dee: pass", "Ann: pass", "Bob: pass")
    g.end_round({"Ann": 30, "Bob": 20, "Cy": 86, "Dee": 20})
    # Equal: the one seated first after the last opener (Bob): Cy, Dee, Ann, Bob -> Dee.
    assert g.current.opener == 3


def test_split_third_is_exact_and_nobody_opens():
    g = small("pagat")
    play_all(g, "Ann: 6-6", "Bob: 6-5 W", "Cy: draw 22", "Cy: pass", "Ann: pass", "Bob: pass")
    g.end_round({"Ann": 4, "Bob": 4, "Cy": 137})
    # Ann 4, Bob 4, Cy 137: round5(137) / 2 = 67½ each.
    assert g.scores == [Fraction(135, 2), Fraction(135, 2), 0]
    assert g.rounds[0].award.winner is None
    assert g.current.opener is None


def test_next_opener_is_the_domino_maker():
    g = small("two-ends", opener="Bob")
    play_all(g, "Bob: 3-6", "Cy: 6-6 E", "Ann: 6-2 E", "Bob: 3-3 W")
    g.end_round({"Ann": 3, "Cy": 5})
    assert g.current.opener == 1 and g.turn == "Bob"


def test_in_a_highest_double_round_whoever_leads_opens():
    # The table said Ann, but Bob turns out to hold the highest double and leads it.
    g = small(opener="Ann", first_opener="highest-double")
    out = g.push(parse_move("Bob: 6-6"))
    assert out.warnings == ()
    assert g.current.opener == 1 and g.turn == "Cy"
    g.pop()
    assert g.current.opener == 0 and g.turn == "Ann"


def test_a_lot_opener_must_lead():
    g = small(opener="Ann", first_opener="lot")
    with pytest.raises(IllegalMoveError, match="it is Ann's turn, not Bob's"):
        g.push(parse_move("Bob: 6-6"))


@pytest.mark.parametrize("keeps_layouts", [False, True])
def test_a_copy_of_a_round_has_every_slot_and_changes_apart(keeps_layouts):
    """Every slot is copied, and every list apart; a game that keeps its layouts (read for
    a review) keeps its stages, a list copied apart."""
    from scorepad.engine.game import Round

    game = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", muggins=True), opener="Ann")
    if keeps_layouts:
        game.keep_layouts()
    for move in ["Ann: 6-4", "Bob: 4-1 E", "Cy: draw 2", "Cy: 6-6 W =10"]:
        game.push(parse_move(move))
    r = game.current
    copy = r.copy()
    for name in Round.__slots__:
        assert getattr(copy, name) == getattr(r, name) or name == "layout", name
        if isinstance(getattr(r, name), list):
            assert getattr(copy, name) is not getattr(r, name), name
    assert (copy.stages is not None) == keeps_layouts and len(copy.stages or [1, 2, 3]) == 3
    assert copy.layout is not r.layout and copy.layout.placed == r.layout.placed
    game.push(parse_move("Ann: 1-2 E"))
    assert len(copy.moves) == 4 and len(copy.sums) == 3 and copy.layout.end_sum != r.layout.end_sum
    assert len(copy.stages or [1, 2, 3]) == 3 and len(r.stages or [1, 2, 3, 4]) == 4


def test_a_round_read_for_a_review_keeps_its_layouts_through_undo():
    """A game read for a review keeps the layout before each play (`Game.keep_layouts`),
    in its next rounds too; undoing the hands, and then a move, lays the round again with
    a stage per play left."""
    import random

    from scorepad.engine.simulate import play_game
    from scorepad.record.format import dumps, loads_for_review

    played = play_game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", target=1000), random.Random(3), max_rounds=1)
    game = loads_for_review(dumps(played)).game
    r = game.rounds[0]
    stages = list(r.stages or [])
    assert len(stages) == len(r.sums) > 0 and game.current.number == 2 and game.current.stages == []
    game.pop()  # the hands (and the next round, not yet led)
    again = game.current
    assert again.number == 1 and again.hands is None and again.stages == stages
    game.pop()  # the last move: the round laid again keeps a stage per play left
    assert game.current.stages == stages[: len(game.current.sums)] and len(game.current.sums) < len(stages) + 1
