"""Random games with hidden hands that scorepad never sees: the workload of the property
tests and the benchmark. The simulator knows the hands; the Game it drives does not."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorepad.engine.game import Game
from scorepad.engine.notation import Draw, Muggins, Pass, Play
from scorepad.engine.rules import Rules
from scorepad.engine.tiles import ALL_TILES


def play_round(game: Game, rng: random.Random, *, careless: float = 0.0) -> None:
    """Deal, play the current round to its end with random legal moves, and enter the
    remaining hands as tiles. `careless` (muggins games) is the chance that a player
    forgets to claim, and that an opponent then calls muggins."""
    n = len(game.players)
    uniform = rng.random
    tiles = sorted(ALL_TILES, key=lambda _: uniform())  # a shuffle, in fewer steps than rng.shuffle
    hands = [tiles[p * game.deal : (p + 1) * game.deal] for p in range(n)]
    boneyard = tiles[n * game.deal :]
    r = game.current
    if r.opener is None:
        if r.opener_rule == "highest-double":
            holders = [(max((t.a for t in h if t.is_double), default=-1), p) for p, h in enumerate(hands)]
            best, holder = max(holders)
            opener = holder if best >= 0 else rng.randrange(n)
        else:
            opener = rng.randrange(n)
    else:
        opener = r.opener
    hand = hands[opener]
    doubles = [t for t in hand if t.is_double]
    lead = max(doubles, key=lambda t: t.a) if r.opener_rule == "highest-double" and doubles else rng.choice(hand)
    hand.remove(lead)
    _push_play(game, rng, Play(game.players[opener], lead), careless)
    players, push, layout = game.players, game.push, r.layout
    muggins = game.rules.muggins
    while game.winner is None and r.result is None:
        p = r.turn
        assert p is not None  # a round still being played has a player to move
        hand = hands[p]
        name = players[p]
        at = layout.showing()
        playable = [i for i, t in enumerate(hand) if t.a in at or t.b in at]
        drawn = 0
        while not playable and boneyard:
            tile = boneyard.pop()
            hand.append(tile)
            drawn += 1
            if tile.a in at or tile.b in at:
                playable = [len(hand) - 1]
        if drawn:
            push(Draw(name, drawn))
        if not playable:
            push(Pass(name))
            continue
        tile = hand.pop(playable[int(uniform() * len(playable))])
        ends = at.get(tile.a, [])
        if not tile.is_double and tile.b in at:
            ends = ends + at[tile.b]
        end = ends[0] if len(ends) == 1 else ends[int(uniform() * len(ends))]
        if muggins:
            _push_play(game, rng, Play(name, tile, end), careless)
        else:
            push(Play(name, tile, end))
    if game.winner is None:
        game.end_round({game.players[p]: tuple(h) for p, h in enumerate(hands) if h})


def _push_play(game: Game, rng: random.Random, play: Play, careless: float) -> None:
    if game.rules.muggins:
        layout = game.current.layout
        if layout:
            score = next(pl.score for pl in layout.placements(play.tile) if pl.end is play.end)
        else:
            score = layout.placements(play.tile)[0].score
        if rng.random() >= careless:
            play = Play(play.player, play.tile, play.end, score or None)  # nobody claims 0
        elif rng.random() < 0.5:
            play = Play(play.player, play.tile, play.end, score + 5)  # claims too much
    game.push(play)
    r = game.current
    if r.pending is not None and game.winner is None and rng.random() < careless:
        side = game.side_of[game.players.index(play.player)]
        callers = [p for p in range(len(game.players)) if game.side_of[p] != side]
        game.push(Muggins(game.players[rng.choice(callers)]))


def play_game(players: Sequence[str], rules: Rules, rng: random.Random, *, max_rounds: int = 200, careless: float = 0.0) -> Game:
    """A whole random game, to the target (or `max_rounds` rounds)."""
    game = Game(players, rules)
    while game.winner is None and len(game.rounds) <= max_rounds:
        play_round(game, rng, careless=careless)
    return game
