"""The engine against an independent second scorer (tests/reference.py, written from the
rules text alone) over many random games under random option mixes, with the remaining
hands entered in every form a table may choose: all tiles, all pips, a mix, a partner's
hand, zero pips given for an empty hand or a hand of 0-0."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import FORMS, NAMES, random_table, record_text, seen, written_rounds

from reference import score_game
from scorepad import Game, Rules, parse_move
from scorepad.engine.notation import Play
from scorepad.engine.simulate import play_game
from scorepad.engine.tiles import parse_tiles
from scorepad.record.format import audit_text, loads

pytestmark = pytest.mark.slow  # a comparison with the reference scorer over many games

# Every option of the rules text with every value it takes (written here, not taken from
# the engine, so an option the engine forgot shows up).


def check_notes(text: str, options: dict, players: list[str], rounds: list[dict], replay: Game) -> None:
    """Every missed score nobody called is an audit note, the round's last tile included."""
    noted = [(n.round, n.move, n.message) for n in audit_text(text).notes if "nobody called muggins" in n.message]
    expected = [
        (number, move, f"{player} missed {amount} and nobody called muggins")
        for number, missed in enumerate(score_game(options, players, rounds)["missed"], start=1)
        for move, player, amount in missed
    ]
    assert [(r, m) for r, m, _ in noted] == [(r, m) for r, m, _ in expected]
    assert all(what in message for (_, _, message), (_, _, what) in zip(noted, expected))
    for number, move, _message in noted:
        r = replay.rounds[number - 1]
        seen["a missed score on a round's last tile"] += r.hands is not None and move == len(r.moves)


def check_game(seed: int) -> None:
    rng = random.Random(seed)
    options, players = random_table(rng)
    rules = Rules.from_options(options["preset"], **{k: v for k, v in options.items() if k != "preset"})
    game = play_game(players, rules, rng, careless=rng.choice([0.0, 0.3]) if rules.muggins else 0.0)
    rounds = written_rounds(game, rng)

    # The engine, fed the record as a table would have typed it.
    replay = Game(players, rules)
    scores = []
    for written in rounds:
        if replay.current.opener is None:
            replay.set_opener(written["opener"])
        scores.append([])
        for text in written["moves"]:
            move = parse_move(text)
            out = replay.push(move)
            scores[-1].append(out.score if isinstance(move, Play) else None)
        if written["hands"] is not None:
            replay.end_round({k: v if isinstance(v, int) else parse_tiles(v) for k, v in written["hands"].items()})
    if seed % 4 == 0 or rules.muggins:  # ... and read from the record file, the hands as typed
        text = record_text(options, players, rounds)
        assert loads(text).game.scores == replay.scores
        check_notes(text, options, players, rounds, replay)
    ref = score_game(options, players, rounds)
    assert ref["sides"] == [list(s) for s in replay.sides]
    assert ref["plays"] == scores
    for i, _written in enumerate(rounds):
        r = replay.rounds[i]
        credits = [{} for _ in r.moves]
        for c in r.credits:
            if c.source != "hands":
                credits[c.move][c.side] = credits[c.move].get(c.side, 0) + c.points
        assert ref["credits"][i] == credits, (seed, i)
        assert ref["results"][i] == r.result, (seed, i)
        if r.award is None:
            assert ref["hand_points"][i] is None
            continue
        assert ref["hand_points"][i] == list(r.award.points), (seed, i)
        assert ref["round_winner"][i] == r.award.winner, (seed, i)
        seen[f"{r.result}, next opener {'named' if ref['next_opener'][i] else 'by the table'}"] += 1
        if i + 1 < len(replay.rounds):
            following = replay.rounds[i + 1]
            if ref["next_opener"][i] is None:
                assert following.opener_rule == rules.fallback_opener, (seed, i)
            else:
                assert following.opener_rule == rules.next_opener, (seed, i)
                assert replay.players[following.opener] == ref["next_opener"][i], (seed, i)
    assert ref["scores"] == {p: replay.scores[replay.side_of[i]] for i, p in enumerate(players)}
    assert ref["winners"] == replay.winners()


def test_the_engine_agrees_with_the_reference_over_many_seeded_games():
    seen.clear()
    for seed in range(1000):
        check_game(seed)
    # Every form of entering hands, and every way a round ends, was gone through.
    for corner in (
        *FORMS,
        "a partner's hand",
        "a hand of 0 pips given as 0",
        "domino, next opener named",
        "blocked, next opener named",
        "blocked, next opener by the table",
    ):
        assert seen[corner] > 0, (corner, seen)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1000, 2**32 - 1))
def test_the_engine_agrees_with_the_reference(seed):
    check_game(seed)


def test_every_missed_score_nobody_called_is_noted_as_the_reference_finds_it():
    """Careless muggins games, where many scores go unclaimed and uncalled: the audit notes
    exactly the reference's missed scores, those on a round's last tile included."""
    seen.clear()
    for seed in range(200):
        rng = random.Random(seed)
        players = NAMES[: rng.choice([2, 3, 4])]
        options = {"preset": rng.choice(["pagat", "two-ends", "fuenfer"]), "muggins": True, "target": 100}
        rules = Rules.from_options(options["preset"], muggins=True, target=100)
        game = play_game(players, rules, rng, careless=0.9)
        rounds = written_rounds(game, rng)
        replay = loads(record_text(options, players, rounds)).game
        check_notes(record_text(options, players, rounds), options, players, rounds, replay)
    assert seen["a missed score on a round's last tile"] > 0, seen
