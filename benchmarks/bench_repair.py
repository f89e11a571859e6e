"""The repair search as a table meets it: how often the true repair is offered and first,
whether every offered repair holds, and what the search costs beside a plain `play`.

    python benchmarks/bench_repair.py [--per-cell N] [--seed S] [--timing N]
    valgrind --tool=callgrind python benchmarks/bench_repair.py --count slip

Slips: a generator of its own (not tests/slips.py, and not tuned by the tests): random
real games (engine/simulate.py: hidden hands, legal random moves) are recorded again as a
recorder types them at a table, with one slip, and the rest of the round typed as it was
played, the way that recorder types it, until an input is refused (or, for a claim, is
recorded with a claim scorepad counts otherwise). The kinds:

    end     a play typed on another end it fits (the lead: turned round)
    digit   a tile typed with one number wrong (any other number), on the same end
    draw    a draw of 1 to 6 tiles not typed (the count is in the row of the figures)
    pass    a pass not typed
    player  a lead under highest-double typed `--by` the wrong player (named moves after)
    seat    the same lead slip with the later moves typed without names, so each went to
            the player scorepad's turn named: the whole round one seat off
    after   a draw typed after the play it came before (so credited to the next player)
    swap    two plays typed in the wrong order, each credited to the turn
    claim   with muggins off and plays typed with their claims: a play typed on another
            end, revealed by a later claim scorepad counts otherwise

Tables: 2, 3 and 4 players under each of the three presets (pagat, two-ends, fuenfer).
Each revealed slip goes through the command line's own search (cli/fixing.py: the engine's
candidates, each made as `fix` makes it). Counted: the true repair (the record and the
input then what the table played, in all scorepad knows) offered, and first; offered
repairs that fail to apply, that `audit` then reports, or after which the refused input is
still refused (each made again here through the record layer, independently of the search).

Time: a 40-move round of a 4-player game, in the record's own folder, through the command
line in this process: a plain accepted `play`, and a refused input with its search and
offer, side by side, alternating, the best of N runs of each, in wall time and in this
process's CPU time. `--count CASE` (`none`, `plain`, `slip`, `worst`) runs every case once,
then CASE five times, and times nothing: callgrind's count of instructions less that of
`none`, divided by five, is one run's, a measure the machine's load does not move.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scorepad.engine.game import Game, Outcome
from scorepad.engine.notation import Draw, Move, Muggins, Pass, Play
from scorepad.engine.repair import _state_key
from scorepad.engine.rules import Rules
from scorepad.engine.simulate import play_round
from scorepad.engine.tiles import Tile
from scorepad.errors import ScorepadError
from scorepad.record.format import audit_text, dumps

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = "a revealed slip's refused input with its search and offer within 1.5x a plain accepted `play`"

KINDS = ("end", "digit", "draw", "pass", "player", "seat", "after", "swap", "claim")
PRESETS = ("pagat", "two-ends", "fuenfer")
NAMES = ("Ann", "Bob", "Cy", "Dee")


@dataclass
class Typed:
    """One input as the recorder types it: a move, named (`--by`) or the turn's."""

    move: Move
    named: bool


@dataclass
class Slip:
    kind: str
    detail: str  # e.g. the count of a forgotten draw
    table: str
    text: str  # the record as scorepad wrote it, slip included, before the revealing input
    kept: dict  # the revealing input as cli/fixing.py keeps it
    truth: tuple  # _state_key of the true game with the input made (hands: before them)
    hands: dict | None  # the true remaining hands, when hands reveal it


def _push(game: Game, typed: Typed) -> tuple[Move, Outcome]:
    """What scorepad records for `typed` (an unnamed move is the turn's), and its outcome."""
    move = typed.move
    if not typed.named and not isinstance(move, Muggins) and game.turn is not None:
        move = move._replace(player=game.turn)
    return move, game.push(move)


def _typing(round_moves: list[Move], named: bool, table_names_opener: bool) -> list[Typed]:
    """The true moves as this recorder types them: muggins calls always by name, the lead
    by name where the table names the opener, the rest by name only for a `named` recorder."""
    out = []
    for i, move in enumerate(round_moves):
        by_name = named or isinstance(move, Muggins) or (i == 0 and table_names_opener)
        out.append(Typed(move, by_name))
    return out


def _one_off(tile: Tile, rng: random.Random) -> list[Tile]:
    others = [Tile(v, tile.b) for v in range(7) if v != tile.a] + [Tile(tile.a, v) for v in range(7) if v != tile.b]
    rng.shuffle(others)
    return others


def _slipped(kind: str, k: int, typed: list[Typed], record: Game, rng: random.Random) -> Iterator[tuple[list[Typed], str]]:
    """The round's typed inputs from k on with a slip of `kind` at k (record: the game
    before input k), each with a detail."""
    here, rest = typed[k], typed[k + 1 :]
    move = here.move
    layout = record.current.layout
    if kind in ("end", "claim") and isinstance(move, Play):
        if move.end is None:
            if not move.tile.is_double:
                yield [Typed(Play(move.player, Tile(move.tile.b, move.tile.a), None, move.claim), here.named), *rest], ""
        else:
            for end in layout.ends_for(move.tile):
                if end is not move.end:
                    yield [Typed(Play(move.player, move.tile, end, move.claim), here.named), *rest], ""
    elif kind == "digit" and isinstance(move, Play):
        for tile in _one_off(move.tile, rng)[:4]:
            yield [Typed(Play(move.player, tile, move.end, move.claim), here.named), *rest], ""
    elif kind == "draw" and isinstance(move, Draw):
        yield rest, str(move.count)
    elif kind == "pass" and isinstance(move, Pass):
        yield rest, ""
    elif kind in ("player", "seat") and k == 0 and isinstance(move, Play):
        others = [p for p in record.players if p != move.player]
        yield [Typed(move._replace(player=rng.choice(others)), True), *rest], ""
    elif kind == "after" and isinstance(move, Draw) and rest and isinstance(rest[0].move, Play):
        yield [rest[0], Typed(move, False), *rest[1:]], str(move.count)
    elif kind == "swap" and isinstance(move, Play) and rest and isinstance(rest[0].move, Play) and k > 0:
        yield [rest[0], here, *rest[1:]], ""


def _claims(moves: list[Move], before: Game) -> list[Move]:
    """The plays with the claims a table that claims gives (muggins off): each play's score."""
    game = before.fork(with_undo=True)
    out = []
    for move in moves:
        result = game.push(move)
        if isinstance(move, Play) and result.score:
            move = Play(move.player, move.tile, move.end, result.score)
        out.append(move)
    return out


def slips(seed: int, per_cell: int) -> Iterator[Slip]:
    """Revealed slips: for every table (players x preset) and kind, up to `per_cell`."""
    rng = random.Random(seed)
    for players in (2, 3, 4):
        for preset in PRESETS:
            names = NAMES[:players]
            table = f"{players}/{preset}"
            found = dict.fromkeys(KINDS, 0)
            for _attempt in range(400):
                if all(n >= per_cell for n in found.values()):
                    break
                rules = Rules.from_options(preset)
                game = Game(names, rules)
                rounds_done = rng.randrange(0, 3)
                for _round in range(rounds_done + 1):
                    if game.winner is not None:
                        break
                    if game.current.opener is None and game.current.opener_rule == "lot":
                        game.set_opener(rng.choice(names), drawn=True)  # as `new` and `hands` draw it
                    if _round < rounds_done:
                        play_round(game, rng)
                if game.winner is not None:
                    continue
                before = game.fork(with_undo=True)
                play_round(game, rng)
                r = game.rounds[before.current.number - 1]
                moves = list(r.moves)
                hands = {names[p]: h for p, h in (r.hands or {}).items()}
                open_kinds = [kind for kind in KINDS if found[kind] < per_cell]
                kind = rng.choice(open_kinds)
                slip = _make(kind, table, before, moves, hands, r.hands is not None, rng)
                if slip is not None:
                    found[kind] += 1
                    yield slip


def _make(kind: str, table: str, before: Game, moves: list[Move], hands: dict, ended: bool, rng) -> Slip | None:
    table_names = before.current.opener is None or before.current.drawn
    if kind == "claim":
        moves = _claims(moves, before)
    named = kind == "player"
    typed = _typing(moves, named, table_names)
    positions = list(range(len(typed)))
    rng.shuffle(positions)
    if kind == "draw" and rng.random() < 0.5:
        # Half the forgotten draws are the round's largest, so that draws of 4 to 6 are
        # met as often as a table meets them at the end of a long round.
        positions.sort(key=lambda k: -moves[k].count if isinstance(moves[k], Draw) else 0)
    for k in positions[:12]:
        record = before.fork(with_undo=True)
        try:
            for t in typed[:k]:
                _push(record, t)
        except ScorepadError:
            return None
        for written, detail in _slipped(kind, k, typed, record, rng):
            slip = _reveal(kind, detail, table, record, written, typed, moves, k, hands, ended, before)
            if slip is not None:
                return slip
    return None


def _reveal(kind, detail, table, record: Game, written, typed, moves, k, hands, ended, before) -> Slip | None:
    """Type `written` (the inputs from k on, slip first) until one is refused."""
    game = record.fork(with_undo=True)
    slipped = {"draw": 0, "pass": 0, "after": 2, "swap": 2}.get(kind, 1)
    try:
        for t in written[:slipped]:
            _push(game, t)
    except ScorepadError:
        return None  # refused at once: the table sees it
    if game.current.faults != record.current.faults:
        return None  # warned at once (a lead that is not the highest double): the table sees it
    true_index = k + {"draw": 1, "pass": 1}.get(kind, slipped)
    for j, t in enumerate(written[slipped:]):
        text = dumps(game)
        try:
            made, out = _push(game, t)
        except ScorepadError:
            truth = _truth(before, moves[: true_index + j], t.move)
            kept = {"move": str(t.move if t.named else _as_turn(game, t.move)), "claim": False, "named": t.named}
            return Slip(kind, detail, table, text, kept, truth, None)
        if out.wrong_claim is not None:
            if kind != "claim":
                return None
            truth = _truth(before, moves[: true_index + j], t.move)
            return Slip(kind, detail, table, dumps(game), {"move": str(made), "claim": True}, truth, None)
    if game.winner is not None or not ended:
        return None
    try:
        game.check_hands(hands)
    except ScorepadError:
        values = [f"{name}={','.join(str(t) for t in hand)}" for name, hand in hands.items()]
        truth = _truth(before, moves, None)
        return Slip(kind, detail, table, dumps(game), {"hands": values, "by": None}, truth, hands)
    return None


def _as_turn(game: Game, move: Move) -> Move:
    if isinstance(move, Muggins) or game.turn is None:
        return move
    return move._replace(player=game.turn)


def _truth(before: Game, moves: list[Move], last: Move | None) -> tuple:
    game = before.fork(with_undo=True)
    for move in moves:
        game.push(move)
    if last is not None:
        game.push(last)
    return _state_key(game)


# --- judging the offers ---------------------------------------------------------------------


def judge(slip: Slip) -> tuple[int | None, int, int]:
    """(where the true repair ranks, None if not offered; how many offered; how many of
    those fail: do not apply, audit reports, or the input still refused)."""
    from scorepad.cli import fixing
    from scorepad.engine.repair import as_typed
    from scorepad.record.amend import amend_all
    from scorepad.record.repairs import kept_offers, steps_of
    from scorepad.record.sidecar import Refusal

    kept = Refusal.read(slip.kept)
    assert kept is not None
    found = kept_offers(slip.text, kept, read_hands=fixing.read_kept_hands, enter=fixing.entering(False))
    repairs, refused = found.repairs, found.refused
    had = len(audit_text(slip.text).problems)
    rank, bad = None, 0
    for n, offered in enumerate(repairs):
        # A repair is made with each count, place and tile it leaves to the table.
        made = [offered.counted(c) for c in offered.counts] or [offered]
        made = [v.placed(p) for v in made for p in v.places] or made
        for repair in [t for v in made for t in (v.alternatives if v.tiles else (v,))]:
            steps = steps_of(repair)
            try:
                after = amend_all(slip.text, steps).after
                if slip.hands is not None:
                    key = _state_key(after)
                    after.end_round(slip.hands)
                elif slip.kept.get("claim"):
                    key = _state_key(after)
                else:
                    assert not isinstance(refused, dict)
                    # The refused input, or the move the repair records in its place.
                    after.push(repair.instead or as_typed(after, refused, slip.kept.get("named") is not False))
                    key = _state_key(after)
                if len(audit_text(dumps(after)).problems) > had:
                    bad += 1
                    continue
            except ScorepadError:
                bad += 1
                continue
            if rank is None and key == slip.truth:
                rank = n
    return rank, len(repairs), bad


# --- time beside a plain play ------------------------------------------------------------------


def long_round(seed: int) -> tuple[str, list[str], str, list[str], list[str]]:
    """A 4-player record whose current round holds 40 moves, and the true 41st move it
    accepts; the same round with a slip (a play typed on another end) revealed by a later
    move, and that move; and an input no change explains (a draw the boneyard cannot give,
    which no change gives back: the refusal proves it, and nothing is replayed)."""
    rng = random.Random(seed)
    while True:
        rules = Rules.from_options("two-ends", deal=[7, 5, 3])
        game = Game(NAMES, rules)
        play_round(game, rng)
        if game.winner is not None:
            continue
        moves = list(game.rounds[0].moves)
        if len(moves) <= 41 or not isinstance(moves[40], Play):
            continue
        true = Game(NAMES, rules)
        for move in moves[:40]:
            true.push(move)
        if true.turn != moves[40].player:
            continue
        for k in range(39, 30, -1):
            move = moves[k]
            if not isinstance(move, Play) or move.end is None:
                continue
            before = Game(NAMES, rules)
            for m in moves[:k]:
                before.push(m)
            for end in before.current.layout.ends_for(move.tile):
                if end is move.end:
                    continue
                slipped = before.fork(with_undo=True)
                slipped.push(move._replace(end=end))
                for j in range(k + 1, 41):
                    text = dumps(slipped)
                    try:
                        slipped.push(moves[j])
                    except ScorepadError:
                        refused = moves[j]
                        assert isinstance(refused, Play)
                        worst = ["draw", str(true.current.boneyard + 1)]
                        return dumps(true), _words(moves[40]), text, _words(refused), worst


def _words(move: Play) -> list[str]:
    return ["play", str(move.tile), *([move.end.value] if move.end else [])]


def _cases(seed: int) -> dict[str, tuple[str, list[str], int]]:
    text, accepted, slipped, refused, worst = long_round(seed)
    return {"plain": (text, accepted, 0), "slip": (slipped, refused, 1), "worst": (text, worst, 1)}


def _invoke(runner, app, record: Path, case: tuple[str, list[str], int], name: str) -> None:
    record_text, args, code = case
    record.write_text(record_text, encoding="utf-8")
    env = {"COLUMNS": "80", "NO_COLOR": "1", "SCOREPAD_LANG": "en", "SCOREPAD_FILE": None}
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == code, result.output
    assert name != "slip" or "Perhaps a slip" in result.output, result.output


def bench_time(runs: int, seed: int, count: str | None = None) -> None:
    from typer.testing import CliRunner

    from scorepad.cli.app import app

    runner = CliRunner()
    cases = _cases(seed)
    wall: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "scorepad.toml"
        old = os.getcwd()
        os.chdir(folder)
        try:
            if count is not None:
                for name, case in cases.items():
                    _invoke(runner, app, record, case, name)  # every import made, as in the timed runs
                for _ in range(5 if count != "none" else 0):
                    _invoke(runner, app, record, cases[count], count)
                return
            for _ in range(runs):
                for name, case in cases.items():
                    start, start_cpu = time.perf_counter(), time.process_time()
                    _invoke(runner, app, record, case, name)
                    cpu[name].append(time.process_time() - start_cpu)
                    wall[name].append(time.perf_counter() - start)
        finally:
            os.chdir(old)
    plain, slip, slowest = (min(wall[name]) * 1000 for name in cases)
    plain_cpu, slip_cpu, slowest_cpu = (min(cpu[name]) * 1000 for name in cases)
    print(
        f"40-move round, 4 players, best of {runs} (in this process, as the command line runs), "
        f"load average {os.getloadavg()[0]:.1f}:\n"
        f"  plain accepted play {plain:.1f} ms wall, {plain_cpu:.1f} ms CPU\n"
        f"  a revealed slip's refused play with its search and offer {slip:.1f} ms ({slip / plain:.2f}x) wall, "
        f"{slip_cpu:.1f} ms ({slip_cpu / plain_cpu:.2f}x) CPU\n"
        f"  an input nothing explains {slowest:.1f} ms ({slowest / plain:.2f}x) wall, "
        f"{slowest_cpu:.1f} ms ({slowest_cpu / plain_cpu:.2f}x) CPU"
    )


def bench_slips(per_cell: int, seed: int) -> None:
    rows: dict[str, list] = defaultdict(list)
    tables: dict[str, list] = defaultdict(list)
    details: dict[str, list] = defaultdict(list)
    spent_all = []
    for slip in slips(seed, per_cell):
        start = time.perf_counter()
        rank, offered, bad = judge(slip)
        spent_all.append(time.perf_counter() - start)
        row = (rank, offered, bad)
        rows[slip.kind].append(row)
        tables[slip.table].append(row)
        if slip.kind == "draw":
            details[f"draw {slip.detail}"].append(row)
    print(f"slips (seed {seed}, up to {per_cell} revealed per kind and table):")
    print("kind        cases  offered  first  bad")
    everything = []
    for kind in KINDS:
        everything += rows[kind]
        _line(kind, rows[kind])
    for detail in sorted(details):
        _line(detail, details[detail])
    for table in sorted(tables):
        _line(table, tables[table])
    _line("all", everything)
    print(f"judged in {statistics.mean(spent_all) * 1000:.0f} ms on average")


def _line(kind: str, rows: list) -> None:
    n = len(rows)
    if not n:
        print(f"{kind:<11} {0:>5}")
        return
    offered = sum(rank is not None for rank, *_rest in rows)
    first = sum(rank == 0 for rank, *_rest in rows)
    bad = sum(b for *_rest, b in rows)
    print(f"{kind:<11} {n:>5}  {100 * offered / n:>6.0f}%  {100 * first / n:>4.0f}%  {bad:>3}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--per-cell", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing", type=int, default=15)
    parser.add_argument("--count", choices=["none", "plain", "slip", "worst"], help="for callgrind: run CASE five times, untimed")
    args = parser.parse_args()
    if args.count:
        bench_time(0, args.seed, args.count)
        return
    print(f"Python {platform.python_version()} on {platform.machine()}")
    bench_time(args.timing, args.seed)
    bench_slips(args.per_cell, args.seed)


if __name__ == "__main__":
    main()
