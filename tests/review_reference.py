"""A second review of every play, written from the rules text (docs/rules.md) and the
definition of the known hand (docs/review.md) alone, sharing no code with scorepad's
engine: a brute force over the known tiles, every tile tried at every end of a table
copied whole. Slow and plain on purpose; the property tests compare it with the engine.

    review_game({"preset": "pagat"}, ["Ann", "Bob"], rounds)

`rounds` is what a record holds, as for reference.score_game. Only this file's code and
tests/reference.py (the simple scorer, itself engine-free) are used.
"""

from __future__ import annotations

import copy

from reference import PRESETS, Table, score_game, tile

MISSED = 5  # docs/review.md "The marks"
LEFT = 10


def parse(text):
    """A move as (player, kind, tile, end, count)."""
    name, action = text.split(": ")
    words = action.split(" ")
    if words[0] in ("draw", "pass", "muggins"):
        return name, words[0], None, None, int(words[1]) if len(words) > 1 else 1
    end = words[1] if len(words) > 1 and not words[1].startswith("=") else None
    return name, "play", tile(words[0]), end, 0


def same(a, b):
    return sorted(a) == sorted(b)


def score_of(total):
    return total if total > 0 and total % 5 == 0 else 0


def placements(table, t):
    """Every (end, score) where tile `t` may go on `table` now (None: the lead)."""
    if table.lead is None:
        return [(None, score_of(t[0] + t[1]))]
    found = []
    for end in table.ends():
        if table.open_number(end) in t:
            trial = copy.deepcopy(table)
            oriented = t if t[0] == trial.open_number(end) else (t[1], t[0])
            trial.place(oriented, end)
            found.append((end, score_of(trial.count())))
    return found


def played(table, t, end):
    after = copy.deepcopy(table)
    if after.lead is None:
        after.place(t, None)
    else:
        oriented = t if t[0] == after.open_number(end) else (t[1], t[0])
        after.place(oriented, end)
    return after


def best_reply(table, tiles):
    return max((score for t in tiles for _, score in placements(table, t)), default=0)


def known_hand(moves, hands, before, i):
    """The tiles the player of move `i` certainly held, and whether that is the whole hand
    (as many tiles as they held then: `before[i]`)."""
    name = moves[i][0]
    tiles = [moves[i][2]]
    drew = False
    for later in moves[i + 1 :]:
        if later[0] != name:
            continue
        if later[1] == "draw":
            drew = True
            break
        if later[1] == "play":
            tiles.append(later[2])
    if not drew and hands is not None and isinstance(hands.get(name), str):
        tiles += [tile(x) for x in hands[name].split()]
    return tiles, len(tiles) == before[i]


def review_game(options, players, rounds):
    """Per round, per play: a dict of what the review must find."""
    options = dict(options)
    preset = options.get("preset", "pagat")
    rules = dict(PRESETS[preset])
    rules.update({k: v for k, v in options.items() if k != "preset"})
    n = len(players)
    deal = rules["deal"][n - 2]
    nexts = score_game(options, players, rounds)["next_opener"]
    out = []
    for number, rnd in enumerate(rounds, start=1):
        moves = [parse(m) for m in rnd["moves"]]
        hands = rnd.get("hands")
        # The rule that named this round's opener: the first round's, else who the round
        # before named (nobody named: the fallback).
        if number == 1:
            rule = rules["first_opener"]
        elif nexts[number - 2] is not None:
            rule = rules["next_opener"]
        else:
            rule = rules["fallback_opener"]
        held = {name: deal for name in players}
        # How many tiles each player held before each move, and the boneyard then.
        before = []
        yard, boneyards = 28 - n * deal, []
        for name, kind, _, _, count in moves:
            before.append(held[name])
            boneyards.append(yard)
            if kind == "draw":
                held[name] += count
                yard -= count
            elif kind == "play":
                held[name] -= 1

        table = Table(rules["spinner"] == "first-double")
        reviews = []
        for i, (name, kind, t, end, _) in enumerate(moves):
            if kind != "play":
                continue
            tiles, whole = known_hand(moves, hands, before, i)
            if table.lead is None and rule == "highest-double":
                options_ = [(t, None, score_of(t[0] + t[1]))]
            else:
                options_ = [(x, e, s) for x in tiles for e, s in placements(table, x)]
            after = played(table, t, end)
            scored = score_of(after.count())
            best = max(s for _, _, s in options_)
            left = best_left = None
            follower = players[(players.index(name) + 1) % n]
            j = next((k for k in range(i + 1, len(moves)) if moves[k][1] != "muggins"), None)
            if j is not None and moves[j][0] == follower and moves[j][1] == "play":
                theirs, their_whole = known_hand(moves, hands, before, j)
                if their_whole:
                    left = best_reply(after, theirs)
                    tops = [(x, e) for x, e, s in options_ if s == best]
                    # A reply is unknown where none of their tiles would fit and the boneyard
                    # holds tiles: they would draw (docs/review.md).
                    replies = [
                        best_reply(then, theirs) if boneyards[i] == 0 or any(placements(then, x) for x in theirs) else None
                        for then in (played(table, x, e) for x, e in tops)
                    ]
                    made = next((k for k, (x, e) in enumerate(tops) if same(x, t) and e == end), None)
                    known = [r for r in replies if r is not None]
                    if made is None:
                        best_left = min(known) if known else None  # not the best score: the least known left
                    else:
                        # The play itself, unless another as good leaves noticeably less.
                        lower = [r for k, r in enumerate(replies) if k != made and r is not None and r <= left - LEFT]
                        best_left = lower[0] if lower else left
            marks = []
            if best - scored >= MISSED:
                marks.append("missed")
            if left is not None and best_left is not None and left - best_left >= LEFT:
                marks.append("left")
            reviews.append(
                {
                    "move": i + 1,
                    "player": name,
                    "scored": scored,
                    "known": sorted(tuple(sorted(x)) for x in tiles),
                    "complete": whole,
                    "options": sorted((tuple(sorted(x)), e or "", s) for x, e, s in options_),
                    "best": best,
                    "missed": best - scored,
                    "left": left,
                    "best_left": best_left,
                    "marks": marks,
                }
            )
            table = after
        out.append(reviews)
    return out
