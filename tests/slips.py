"""Recorder's slips injected into random real games, for the repair tests and benchmark.

A game is played by `scorepad.engine.simulate` (hidden hands, legal random moves). One round
of it is then recorded again with one slip a recorder makes and the table would not notice
(the slipped move is accepted): a play on another end, a tile with one number changed, a
draw or a pass left out, a move credited to the wrong player, two moves in the wrong order.
The later true moves follow until one is refused: that input reveals the slip. Slips that
are refused at once, or that no later input reveals, are not cases."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from scorepad.engine.game import Game
from scorepad.engine.notation import Draw, Move, Muggins, Pass, Play
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_round
from scorepad.engine.tiles import Tile
from scorepad.errors import ScorepadError
from scorepad.record.format import dumps, loads

KINDS = ("end", "digit", "draw", "pass", "player", "swap")
TABLES = (  # players, preset, options: the presets, a partnership, muggins
    (("Ann", "Bob", "Cy"), "pagat", {}),
    (("Ann", "Bob"), "two-ends", {}),
    (("Ann", "Bob", "Cy", "Dee"), "fuenfer", {}),
    (("Ann", "Bob", "Cy", "Dee"), "pagat", {}),
    (("Ann", "Bob", "Cy"), "fuenfer", {"muggins": True}),
    (("Ann", "Bob"), "pagat", {}),
)


@dataclass
class Case:
    kind: str
    record: Game  # the game as recorded, slip included, up to the refused input
    refused: Move | dict  # the true input that is refused: a move, or the hands
    truth: list[Move]  # the round's true moves up to the refused input
    slipped: list[Move]  # the round's moves as recorded
    position: int  # 0-based index of the slip in the round


def _slips(kind: str, k: int, moves: Sequence[Move], before: Game, rng: random.Random) -> list[list[Move]]:
    """The ways `moves[k]` can be slipped as `kind`: each the round's moves from k on as written."""
    move, rest = moves[k], list(moves[k + 1 :])
    r = before.current
    options: list[list[Move]] = []
    if kind == "end" and isinstance(move, Play):
        if move.end is None:
            if not move.tile.is_double:
                options.append([Play(move.player, Tile(move.tile.b, move.tile.a), None, move.claim), *rest])
        else:
            for end in r.layout.ends_for(move.tile):
                if end is not move.end:
                    options.append([Play(move.player, move.tile, end, move.claim), *rest])
    elif kind == "digit" and isinstance(move, Play):
        t = move.tile
        for value in range(7):
            for new in (Tile(value, t.b), Tile(t.a, value)):
                if new != t:
                    options.append([Play(move.player, new, move.end, move.claim), *rest])
    elif (kind == "draw" and isinstance(move, Draw)) or (kind == "pass" and isinstance(move, Pass)):
        options.append(rest)
    elif kind == "player":
        for player in before.players:
            if player != move.player:
                options.append([move._replace(player=player), *rest])
    elif kind == "swap" and rest:
        second = rest.pop(0)
        options.append([second, move, *rest])
        if second.player != move.player:
            options.append([second._replace(player=move.player), move._replace(player=second.player), *rest])
    rng.shuffle(options)
    return options


def _accepted(game: Game, moves: Sequence[Move]) -> bool:
    try:
        for move in moves:
            game.push(move)
    except ScorepadError:
        return False
    return True


def cases(seed: int, wanted: int, kinds: Sequence[str] = KINDS, games: int = 10_000) -> Iterator[Case]:
    """Up to `wanted` revealed slips of each kind, from random games under `TABLES`."""
    rng = random.Random(seed)
    found = dict.fromkeys(kinds, 0)
    for number in range(games):
        if all(n >= wanted for n in found.values()):
            return
        players, preset, options = TABLES[number % len(TABLES)]
        rules = Rules.from_options(preset, **options)
        game = Game(players, rules)
        history = []  # (round moves, hands) of each finished round
        while game.winner is None and len(game.rounds) <= 30:
            replay = Game(players, rules)
            for moves, hands in history:
                for move in moves:
                    replay.push(move)
                replay.end_round(hands)
            play_round(game, rng, careless=0.2 if rules.muggins else 0.0)
            done = game.rounds[len(history)]
            if done.hands is None:
                break  # the game ended in this round
            hands = {game.players[p]: h for p, h in done.hands.items()}
            history.append((list(done.moves), hands))
            open_kinds = [k for k in kinds if found[k] < wanted]
            if not open_kinds:
                return
            kind = rng.choice(open_kinds)
            case = _inject(kind, replay, list(done.moves), hands, rng)
            if case is not None:
                found[kind] += 1
                yield case


def _inject(kind: str, start: Game, moves: list[Move], hands: dict, rng: random.Random) -> Case | None:
    positions = list(range(len(moves) - (1 if kind == "swap" else 0)))
    rng.shuffle(positions)
    if kind == "player":
        # Only a lead the table names (highest-double), or a muggins call, may be anyone's;
        # a lot's opener is written in the record before the lead.
        table_names = start.current.opener_rule == "highest-double"
        positions = [k for k in positions if (k == 0 and table_names) or isinstance(moves[k], Muggins)]
    elif kind == "draw" or kind == "pass":
        positions = [k for k in positions if isinstance(moves[k], Draw if kind == "draw" else Pass)]
    for k in positions[: 8 if kind != "swap" else None]:
        before = start.fork(with_undo=True)
        if not _accepted(before, moves[:k]):
            return None
        for written in _slips(kind, k, moves, before, rng):
            record = before.fork(with_undo=True)
            slipped = 2 if kind == "swap" else 0 if kind in ("draw", "pass") else 1
            if not _accepted(record, written[:slipped]):
                continue  # refused at once: the table notices
            true_next = k + (2 if kind == "swap" else 1)
            pushed = slipped
            refused: Move | dict | None = None
            for j in range(true_next, len(moves)):
                try:
                    record.push(written[pushed])
                except ScorepadError:
                    refused = moves[j]
                    truth = moves[:j]
                    break
                pushed += 1
            else:
                try:
                    record.check_hands(hands)
                except ScorepadError:
                    refused = hands
                    truth = moves
            if refused is None or record.winner is not None:
                continue  # never revealed (or the game ended on the slip)
            recorded = [*moves[:k], *written[:pushed]]
            # As the command line sees it: read from the record it would be saved as.
            return Case(kind, loads(dumps(record)).game, refused, truth, recorded, k)
    return None
