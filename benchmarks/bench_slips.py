"""The repair search measured on games it had no hand in: a dealer and a player written
here from the rules text alone (docs/rules.md: the deal, the turn, the spinner, the round's
end), sharing nothing with scorepad's engine or its generators (engine/simulate.py,
tests/slips.py, benchmarks/bench_repair.py).

    python benchmarks/bench_slips.py [--games N] [--seed S]

Each game is one round dealt and played here at random but by the rules (a player who can
play plays; one who cannot draws a tile at a time and plays a drawn tile that fits at once;
with the boneyard empty, passes). It is then typed into scorepad as a keeper types it,
every move without a name (each goes to the player whose turn scorepad says it is) and
made as `play` makes it (record/library.py `play_move`: a play that proves an earlier
pass or draw wrong is refused there, where the keeper meets it), with one slip of one
kind:

    draw   a draw left out (of however many tiles the player drew)
    lead   the lead turned round (`13` typed for 3-1)
    swap   two plays by two players typed in the wrong order, each for the turn
    tile   a tile typed with one number wrong, on the end it went on
    end    a play typed on another end the tile fits
    pass   a pass left out (so the later moves go one seat off)

A slip refused at once is no hidden slip (the keeper sees it) and is not counted; one
that nothing refuses, the round's hands included, cannot be found by any search and is
counted apart. The first input refused (a move, or the true hands as tiles) goes through
scorepad's repair search as the library offers it to `fix` (record/repairs.py `repairs`,
the input typed without a name). Each offered
repair, with each count, place or tile it leaves open, is made through the record layer
(record/amend.py), then the refused input, and compared with the true game:

- the true repair: the round's moves are then the true ones, as the table played them
  (after the lead a tile has no direction: 4-5 on an end showing 5 is the 5-4 played);
- a repair the rules or the later record refuse: making it fails, `audit` reports a
  problem the record did not have, or the later plays prove a pass or a draw of it
  against "who can play must play" (engine/held.py).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from dataclasses import dataclass

from scorepad.cli.fixing import steps_of
from scorepad.engine.held import proven_faults
from scorepad.engine.notation import parse_move
from scorepad.engine.repair import Repair, as_typed, hands_refused
from scorepad.errors import ScorepadError
from scorepad.record.amend import amend_all
from scorepad.record.format import audit_text, dumps, loads
from scorepad.record.library import play_move
from scorepad.record.repairs import repairs as offered_for

# Shown in docs/benchmarks.md (scripts/benchmarks.py).
GOAL = (
    "none of its own: how often the true repair of a slip is offered, and first, on games"
    " scorepad had no hand in (docs/repair.md)"
)

KINDS = ("draw", "lead", "swap", "tile", "end", "pass")
NAMES = ("Ann", "Bob", "Cy", "Dee")
# docs/rules.md, the options and the presets: tiles dealt for 2 / 3 / 4 players, the
# spinner, and who leads round 1.
PRESETS = {
    "pagat": ((9, 7, 5), True, "lot"),
    "two-ends": ((7, 5, 5), False, "highest-double"),
    "fuenfer": ((7, 5, 5), True, "highest-double"),
}
TILES = [(a, b) for a in range(7) for b in range(a, 7)]


# --- a round dealt and played by the rules ------------------------------------------------------


class Table:
    """The line and, with a spinner, its arms: for each end, the number it shows."""

    def __init__(self, spinner_rule: bool) -> None:
        self.spinner_rule = spinner_rule
        self.shows: dict[str, int] = {}  # W and E, then N and S once the spinner opens them
        self.spinner: int | None = None  # the spinner's number, once the first double is down
        self.waiting: set[str] = set()  # the spinner's line sides not yet played on
        self.arms_open = False

    def lead(self, a: int, b: int) -> None:
        self.shows = {"W": a, "E": b}
        if a == b and self.spinner_rule:
            self.spinner = a
            self.waiting = {"W", "E"}

    def ends(self) -> list[str]:
        return list(self.shows)

    def fits(self, tile: tuple[int, int]) -> list[str]:
        return [end for end, n in self.shows.items() if n in tile]

    def play(self, tile: tuple[int, int], end: str) -> tuple[int, int]:
        """Lay `tile` on `end`; the tile as written, the half laid against the end first."""
        n = self.shows[end]
        a, b = (tile[0], tile[1]) if tile[0] == n else (tile[1], tile[0])
        self.shows[end] = b
        if self.spinner is not None and end in self.waiting:
            self.waiting.discard(end)
        if a == b and self.spinner_rule and self.spinner is None and end in ("W", "E"):
            # The first double is the spinner: the side it came from is taken already.
            self.spinner = a
            self.waiting = {end}
        if self.spinner is not None and not self.waiting and not self.arms_open:
            self.arms_open = True
            self.shows["N"] = self.spinner
            self.shows["S"] = self.spinner
        return a, b


@dataclass
class Round:
    players: list[str]
    preset: str
    opener: str
    moves: list[str]  # the record's notation
    hands: dict[str, list[tuple[int, int]]]  # what each holds at the end (the round ended)
    ended: bool


def deal_and_play(rng: random.Random, players: int, preset: str) -> Round | None:
    deal, spinner, first = PRESETS[preset]
    names = list(NAMES[:players])
    tiles = TILES[:]
    rng.shuffle(tiles)
    count = deal[players - 2]
    hands = {name: tiles[i * count : (i + 1) * count] for i, name in enumerate(names)}
    boneyard = tiles[players * count :]
    if first == "highest-double":
        doubles = [(t[0], name) for name in names for t in hands[name] if t[0] == t[1]]
        if not doubles:
            return None  # nobody holds a double: the rules name no opener
        top, opener = max(doubles)
        lead = (top, top)
    else:
        opener = rng.choice(names)
        lead = rng.choice(hands[opener])
        if rng.random() < 0.5:
            lead = (lead[1], lead[0])
    table = Table(spinner)
    table.lead(*lead)
    hands[opener].remove((min(lead), max(lead)))
    moves = [f"{opener}: {lead[0]}-{lead[1]}"]
    turn = (names.index(opener) + 1) % players
    passes = 0
    while True:
        name = names[turn]
        hand = hands[name]
        playable = [(t, end) for t in hand for end in table.fits(t)]
        drawn = 0
        while not playable and boneyard:
            tile = boneyard.pop()
            hand.append(tile)
            drawn += 1
            playable = [(tile, end) for end in table.fits(tile)]  # a drawn tile that fits: at once
        if drawn:
            moves.append(f"{name}: draw" + (f" {drawn}" if drawn > 1 else ""))
        if not playable:
            moves.append(f"{name}: pass")
            passes += 1
            if passes == players:
                return Round(names, preset, opener, moves, hands, True)
        else:
            passes = 0
            tile, end = rng.choice(playable)
            hand.remove(tile)
            a, b = table.play(tile, end)
            moves.append(f"{name}: {a}-{b} {end}")
            if not hand:
                return Round(names, preset, opener, moves, hands, True)
        turn = (turn + 1) % players


# --- the slips ------------------------------------------------------------------------------------


def slipped(kind: str, moves: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """The moves as typed with one slip of `kind`, and where the slip is (its index)."""
    parsed = [m.partition(": ") for m in moves]
    at = list(range(len(moves)))
    rng.shuffle(at)
    for i in at:
        name, _, action = parsed[i]
        words = action.split()
        if kind == "draw" and words[0] == "draw":
            return moves[:i] + moves[i + 1 :], i
        if kind == "pass" and words[0] == "pass" and i + 1 < len(moves):
            return moves[:i] + moves[i + 1 :], i
        if kind == "lead" and i == 0:
            a, b = words[0].split("-")
            if a != b:
                return [f"{name}: {b}-{a}", *moves[1:]], 0
            return None
        if words[0] in ("draw", "pass") or i == 0:
            continue
        if kind == "swap" and i + 1 < len(moves):
            other, _, next_action = parsed[i + 1]
            if other != name and next_action.split()[0] not in ("draw", "pass"):
                return [*moves[:i], f"{name}: {next_action}", f"{other}: {action}", *moves[i + 2 :]], i
        if kind == "tile":
            a, b = (int(n) for n in words[0].split("-"))
            other = rng.choice([n for n in range(7) if n != b])
            return [*moves[:i], f"{name}: {a}-{other} {words[1]}", *moves[i + 1 :]], i
        if kind == "end":
            others = [e for e in ("W", "E", "N", "S") if e != words[1]]
            return [*moves[:i], f"{name}: {words[0]} {rng.choice(others)}", *moves[i + 1 :]], i
    return None


@dataclass
class Revealed:
    kind: str
    table: str
    text: str  # the record before the refused input
    kept: dict  # the refused input as cli/fixing.py keeps it
    truth: list[str]  # the round's true moves up to the refused input (all of them, for hands)
    hands: dict | None  # the true hands, when the hands are the refused input


def header(r: Round) -> str:
    players = ", ".join(f'"{p}"' for p in r.players)
    return (
        f'format = "scorepad/1"\nplayers = [{players}]\n\n[rules]\npreset = "{r.preset}"\n\n'
        f'[[rounds]]\nopener = "{r.opener}"\nmoves = []\n'
    )


def reveal(kind: str, r: Round, typed: list[str], at: int) -> Revealed | str:
    """Type `typed` into scorepad, each move for the turn, until one is refused."""
    game = loads(header(r)).game
    table = f"{len(r.players)}/{r.preset}"
    # Where the typed moves meet the true ones again: a move left out shifts them by one.
    shift = 1 if kind in ("draw", "pass") else 0
    for j, text in enumerate(typed):
        move = as_typed(game, parse_move(text), False)
        before = dumps(game)
        try:
            # As the command line records it: a play that proves an earlier pass or draw
            # wrong is refused there (the keeper meets it), not later.
            out = play_move(game, move)
        except ScorepadError:
            if j <= at + (1 if kind == "swap" else 0) - shift and kind not in ("draw", "pass"):
                return "seen"  # refused at the slip itself: the keeper sees it
            kept = {"move": str(move), "claim": False, "named": False}
            truth = r.moves[: j + shift + 1]
            return Revealed(kind, table, before, kept, truth, None)
        if out.faults:
            return "seen"  # warned at once
    if not r.ended or game.current.result is None:
        return "silent"
    hands = {name: tuple(_tile(t) for t in tiles) for name, tiles in r.hands.items() if tiles}
    if not hands_refused(game, hands):
        return "silent"
    values = [f"{name}={','.join(f'{a}-{b}' for a, b in tiles)}" for name, tiles in r.hands.items() if tiles]
    return Revealed(kind, table, dumps(game), {"hands": values, "by": None}, list(r.moves), hands)


def _tile(t: tuple[int, int]):
    from scorepad.engine.tiles import Tile

    return Tile(*t)


# --- judging the offers -------------------------------------------------------------------------


def variants(repair: Repair) -> list[Repair]:
    """A repair with each count, place and tile it leaves to the table."""
    out = [repair.counted(c) for c in repair.counts] or [repair]
    out = [v.placed(p) for v in out for p in v.places] or out
    return [t for v in out for t in (v.alternatives if v.tiles else (v,))]


def judge(case: Revealed) -> tuple[int | None, int, int]:
    """(where the true repair ranks, None if not offered; repairs offered; of those, how
    many the rules or the later record refuse)."""
    refused = case.hands if case.hands is not None else parse_move(case.kept["move"])
    repairs = offered_for(loads(case.text).game, refused, named=False)
    had = len(audit_text(case.text).problems)
    rank, refused = None, 0
    for n, offered in enumerate(repairs):
        bad = False
        for repair in variants(offered):
            try:
                after = amend_all(case.text, steps_of(repair)).after
                if case.hands is not None:
                    after.end_round(case.hands)
                else:
                    typed = parse_move(case.kept["move"])
                    after.push(repair.instead or as_typed(after, typed, False))
                r = after.current if case.hands is None else after.rounds[0]
                if len(audit_text(dumps(after)).problems) > had or proven_faults(r, after.players):
                    bad = True
                    continue
            except ScorepadError:
                bad = True
                continue
            if rank is None and _played(r.moves) == _played(parse_move(m) for m in case.truth):
                rank = n
        refused += bad
    return rank, len(repairs), refused


def _played(moves) -> list[object]:
    """The moves as the table played them: after the lead a tile has no direction (5-4 on
    an end showing 5 is 4-5 there too), so a play is its player, its tile and its end."""
    return [
        (m.player, m.tile.id, m.end) if k and hasattr(m, "tile") and m.end is not None else str(m) for k, m in enumerate(moves)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="revealed slips per kind")
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows: dict[str, list[tuple[int | None, int, int]]] = defaultdict(list)
    unseen: dict[str, int] = defaultdict(int)
    started = time.perf_counter()
    for kind in KINDS:
        tries = 0
        while len(rows[kind]) < args.games and tries < 200 * args.games:
            tries += 1
            players = rng.choice((2, 3, 4))
            preset = rng.choice(list(PRESETS))
            r = deal_and_play(rng, players, preset)
            if r is None:
                continue
            made = slipped(kind, r.moves, rng)
            if made is None:
                continue
            case = reveal(kind, r, *made)
            if isinstance(case, str):
                unseen[f"{kind} {case}"] += 1
                continue
            rows[kind].append(judge(case))
    print(f"seed {args.seed}, {time.perf_counter() - started:.0f} s")
    print("| slip | revealed | true repair offered | first | offered refused by the rules or the later record |")
    print("|---|---|---|---|---|")
    every = []
    for kind in KINDS:
        every += rows[kind]
        _line(kind, rows[kind])
    _line("all", every)
    print("not revealed:", ", ".join(f"{k} {v}" for k, v in sorted(unseen.items())))


def _line(kind: str, rows: list[tuple[int | None, int, int]]) -> None:
    if not rows:
        print(f"| {kind} | 0 | | | |")
        return
    offered = sum(rank is not None for rank, _n, _bad in rows)
    first = sum(rank == 0 for rank, _n, _bad in rows)
    bad = sum(b for _rank, _n, b in rows)
    n = len(rows)
    print(f"| {kind} | {n} | {100 * offered / n:.0f}% | {100 * first / n:.0f}% | {bad} |")


if __name__ == "__main__":
    main()
