"""What a refused input proves before the repair search replays anything (engine/repair.py,
`_proven`): every change it leaves out, or calls hopeless, is one whose replay the refused
input does not follow, so the search offers what it would offer replaying every change."""

import random

import pytest

from scorepad.engine.game import Game
from scorepad.engine.notation import Draw, Pass, Play, parse_move
from scorepad.engine.repair import search
from scorepad.engine.rules import Rules
from scorepad.engine.tiles import ALL_TILES, ENDS, Tile
from scorepad.errors import ScorepadError
from slips import cases


def refusals(game: Game, rng: random.Random, tries: int = 8):
    """Inputs the record refuses: the slips' own, and plays of random tiles on random ends
    (on the table, fitting no end, fitting another), draws and passes, by the turn or not."""
    if game.winner is not None or game.current.result is not None or game.turn is None:
        return
    for _ in range(tries):
        tile = rng.choice(ALL_TILES)
        if rng.random() < 0.5:
            tile = Tile(tile.b, tile.a)
        player = game.turn if rng.random() < 0.8 else rng.choice(game.players)
        move = rng.choice(
            [Play(player, tile, rng.choice([None, *ENDS]), None)] * 3 + [Draw(player, rng.randint(1, 3)), Pass(player)]
        )
        try:
            game.fork().push(move)
        except ScorepadError:
            yield move


def leaves_out_only_the_hopeless(game: Game, refused, named: bool = True) -> int:
    """Checks every change of the round against the proof; returns how many it spared."""
    from scorepad.engine.repair import _acceptance, _edits, _proven, _replay, _states, _Work

    states, _wrong = _states(game)
    moves = list(game.current.moves)
    accepts = _acceptance(refused, False, named)
    proof = _proven(states, moves, refused, False)
    kept = [] if proof is None else list(_edits(states, moves, proof))
    spared = 0
    for edit in _edits(states, moves):
        left_out = proof is None or edit not in kept or proof.hopeless(edit)
        if left_out:
            spared += 1
            assert _replay(states[edit.start], edit, moves, accepts, _Work()) is None, (refused, edit)
    return spared


@pytest.mark.slow
def test_every_change_the_refusal_leaves_out_is_refused_when_replayed():
    rng = random.Random(5)
    spared = checked = 0
    for case in cases(23, 8):
        game = case.record
        if game.current.moves and not isinstance(case.refused, dict):
            spared += leaves_out_only_the_hopeless(game, case.refused)
            checked += 1
        for refused in refusals(game, rng):
            spared += leaves_out_only_the_hopeless(game, refused, named=rng.random() < 0.5)
            checked += 1
    assert checked > 200
    assert spared > 10 * checked  # it spares most replays: the proof is not vacuous


def played(moves: list[str], **options) -> Game:
    game = Game(["Ann", "Bob", "Cy"], Rules.from_options("pagat", **options), opener="Ann")
    for move in moves:
        game.push(parse_move(move))
    return game


# W shows 1, E 3, N 5, S 6 (the spinner's arm not yet started); Ann to play, 7 in the boneyard.
ROUND = ["Ann: 6-4", "Bob: 4-2 E", "Cy: 6-6 W", "Ann: 6-1 W", "Bob: 2-3 E", "Cy: 6-5 N"]


@pytest.mark.parametrize(
    "refused",
    [
        "Ann: 2-0 S",  # S shows 6
        "Ann: 2-0 W",  # W shows 1
        "Ann: 5-0 E",  # E shows 3
        "Ann: 4-2",  # on the table
        "Ann: 0-0",  # fits no end
    ],
)
def test_a_play_the_layout_refuses_is_tried_only_against_changes_of_plays(refused):
    game = played(ROUND)
    assert leaves_out_only_the_hopeless(game, parse_move(refused)) > 0


def test_a_draw_the_boneyard_cannot_give_is_explained_by_no_change():
    game = played(ROUND)
    too_many = parse_move(f"Ann: draw {game.current.boneyard + 1}")
    assert leaves_out_only_the_hopeless(game, too_many) > 0
    assert search(game, too_many) == []
