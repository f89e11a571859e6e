"""A second scorer for All Fives, written straight from the rules text and sharing no code
with scorepad's engine: small and obvious rather than fast. The property tests compare it
with the engine over many games.

    score_game({"preset": "pagat", "muggins": True}, ["Ann", "Bob"], rounds)

`rounds` is what a record holds: per round {"opener": name, "moves": ["Ann: 6-4", ...],
"hands": {name: pips or "6-4 3-3"} or None, "annulled": reason (optional)}. Only this
file's own code is used here.

The irregularities (docs/rules.md "Irregularities: what the table lets stand"): a move written
with " !stands" counts as it lies, and each side against its player scores `penalty`; a
tile laid on an end whose number it does not show joins with its first half, its second
is the end's new open number; an exposed tile changes nothing; an annulled round counts
nothing and its opener leads the next round.
"""

from __future__ import annotations

from fractions import Fraction

PRESETS = {
    "pagat": {
        "deal": [9, 7, 5],
        "partners": True,
        "spinner": "first-double",
        "target": None,
        "first_opener": "lot",
        "next_opener": "domino-maker",
        "fallback_opener": "lot",
        "domino_award": "round-total",
        "blocked_award": "as-domino",
        "blocked_tie": "split-third",
        "muggins": False,
        "penalty": 0,
    },
    "two-ends": {
        "deal": [7, 5, 5],
        "partners": True,
        "spinner": "none",
        "target": None,
        "first_opener": "highest-double",
        "next_opener": "domino-maker",
        "fallback_opener": "highest-double",
        "domino_award": "round-each",
        "blocked_award": "rounded-sides-minus-own",
        "blocked_tie": "nothing",
        "muggins": False,
        "penalty": 0,
    },
    "fuenfer": {
        "deal": [7, 5, 5],
        "partners": False,
        "spinner": "first-double",
        "target": None,
        "first_opener": "highest-double",
        "next_opener": "round-winner",
        "fallback_opener": "highest-double",
        "domino_award": "round-total",
        "blocked_award": "difference",
        "blocked_tie": "nothing",
        "muggins": False,
        "penalty": 0,
    },
}


def round5(n):
    """Remainder 1 or 2 rounds down, 3 or 4 rounds up."""
    rest = n % 5
    return n - rest if rest <= 2 else n - rest + 5


def tile(text):
    a, b = text.split("-")
    return int(a), int(b)


def pips_of(hand):
    if isinstance(hand, int):
        return hand
    return sum(a + b for a, b in map(tile, hand.split()))


class Table:
    """The tiles on the table: the lead, and the tiles beyond it on each end (W and E along
    the line, N and S the spinner's side arms), each as (number joined, number open)."""

    def __init__(self, with_spinner):
        self.with_spinner = with_spinner
        self.lead = None
        self.arms = {"W": [], "E": [], "N": [], "S": []}
        self.spinner = None  # "lead", or (end, position on that end)

    def spinner_number(self):
        if self.spinner == "lead":
            return self.lead[0]
        end, at = self.spinner
        return self.arms[end][at][1]

    def spinner_is_interior(self):
        if self.spinner is None:
            return False
        if self.spinner == "lead":
            return bool(self.arms["W"]) and bool(self.arms["E"])
        end, at = self.spinner
        return len(self.arms[end]) > at + 1  # the line continues past it

    def open_number(self, end):
        if self.arms[end]:
            return self.arms[end][-1][1]
        if end == "W":
            return self.lead[0]
        if end == "E":
            return self.lead[1]
        return self.spinner_number()

    def ends(self):
        ends = ["W", "E"]
        if self.spinner_is_interior():
            ends += ["N", "S"]
        return ends

    def place(self, t, end, misplay=False):
        a, b = t
        if self.lead is None:
            self.lead = (a, b)
            if a == b and self.with_spinner:
                self.spinner = "lead"
            return
        assert end in self.ends(), (t, end)
        n = self.open_number(end)
        if misplay and n not in (a, b):
            self.arms[end].append((a, b))  # laid against the end with its first half
        else:
            assert n in (a, b), (t, end, n)
            self.arms[end].append((n, b if a == n else a))
        if a == b and self.with_spinner and self.spinner is None:
            self.spinner = (end, len(self.arms[end]) - 1)

    def count(self):
        """Add up the ends after a play."""
        if not any(self.arms.values()):
            return self.lead[0] + self.lead[1]  # a lone lead counts all its pips
        total = 0
        for end in ("W", "E"):
            if self.arms[end]:
                joined, open_ = self.arms[end][-1]
                total += 2 * open_ if joined == open_ else open_
            elif self.lead[0] == self.lead[1]:
                total += 2 * self.lead[0]  # the lead double is the outer tile on this side
            else:
                total += self.lead[0] if end == "W" else self.lead[1]
        if self.spinner_is_interior():
            for end in ("N", "S"):
                if self.arms[end]:
                    joined, open_ = self.arms[end][-1]
                    total += 2 * open_ if joined == open_ else open_
        return total


def score_game(options, players, rounds):
    options = dict(options)
    preset = options.pop("preset", "pagat")
    rules = dict(PRESETS[preset])
    rules.update(options)
    n = len(players)
    partners = n == 4 and rules["partners"]
    sides = [[0, 2], [1, 3]] if partners else [[p] for p in range(n)]
    side_of = {p: s for s, side in enumerate(sides) for p in side}
    target = rules["target"]
    if target is None:  # the preset's own target for 2, 3 or 4 players
        if preset == "fuenfer":
            target = 150
        elif preset == "two-ends":
            target = 250 if n == 2 or partners else 200
        else:
            target = 250 if n == 2 else 200
    deal = rules["deal"][n - 2]
    scores = [0] * len(sides)
    winners = None
    result = {
        "plays": [],
        "credits": [],
        "hand_points": [],
        "round_winner": [],
        "next_opener": [],
        "results": [],
        "missed": [],  # per round: (move, player, amount) of every missed score nobody called
    }

    def credit(side, points, where):
        scores[side] += points
        where[side] = where.get(side, 0) + points

    def penalise(p, got):
        for s in range(len(sides)):
            if s != side_of[p] and rules["penalty"]:
                credit(s, rules["penalty"], got)
        reached()

    def reached():
        nonlocal winners
        if winners is None:
            at = [s for s in range(len(sides)) if scores[s] >= target]
            if at:
                best = max(scores[s] for s in at)
                winners = [s for s in at if scores[s] == best]

    for rnd in rounds:
        if winners is not None:
            break
        table = Table(rules["spinner"] == "first-double")
        held = [deal] * n
        passes = 0
        pending = None  # (side that missed, amount an opponent may take, move, player, penalty)
        missed = []
        ended = None  # ("domino", player) or ("blocked", None)
        leader = None
        plays, credits = [], []
        before = list(scores)
        for number, text in enumerate(rnd["moves"], start=1):
            name, action = text.split(": ")
            p = players.index(name)
            words = action.split(" ")
            stands = words[-1] == "!stands"
            if stands:
                words.pop()
            got = {}
            credits.append(got)
            if words[0] == "exposes":
                plays.append(None)  # shown by accident: no score, no turn
                continue
            if words[0] == "muggins":
                side, amount = pending[:2]
                assert side_of[p] != side
                credit(side_of[p], amount, got)
                pending = None
                plays.append(None)
                reached()
                continue
            if pending is not None and not pending[4]:
                missed.append((*pending[2:4], pending[1]))  # the next move closed the chance
            pending = None
            if words[0] == "draw":
                held[p] += int(words[1]) if len(words) > 1 else 1
                plays.append(None)
                if stands:
                    penalise(p, got)
                continue
            if words[0] == "pass":
                passes += 1
                plays.append(None)
                if passes == n:
                    ended = ("blocked", None)
                if stands:
                    penalise(p, got)
                continue
            t = tile(words[0])
            end = words[1] if len(words) > 1 and not words[1].startswith("=") else None
            claim = int(words[-1][1:]) if words[-1].startswith("=") else None
            if leader is None:
                leader = p
            table.place(t, end, misplay=stands)
            total = table.count()
            score = total if total > 0 and total % 5 == 0 else 0
            plays.append(score)
            passes = 0
            held[p] -= 1
            if not rules["muggins"]:
                if score:
                    credit(side_of[p], score, got)
            else:
                said = claim or 0
                if said == score:
                    if score:
                        credit(side_of[p], score, got)
                elif said < score:
                    pending = (side_of[p], score, number, name, False)  # the whole score
                else:
                    pending = (side_of[p], said, number, name, True)
            reached()
            if stands:
                penalise(p, got)
            if held[p] == 0:
                ended = ("domino", p)
            reached()
            if winners is not None:
                break
        if rnd.get("annulled"):
            # It counts nothing; the same opener leads the next round.
            scores[:] = before
            winners = None
            result["plays"].append(plays)
            result["credits"].append(credits)
            result["results"].append(None)
            result["missed"].append([])
            result["hand_points"].append(None)
            result["round_winner"].append(None)
            result["next_opener"].append(players[leader] if leader is not None else rnd["opener"])
            continue
        result["plays"].append(plays)
        result["credits"].append(credits)
        result["results"].append(ended[0] if ended else None)
        hands = rnd.get("hands")
        if hands is not None and pending is not None and not pending[4]:
            missed.append((*pending[2:4], pending[1]))  # a call may come until the hands
        result["missed"].append(missed)
        if winners is not None or hands is None:
            result["hand_points"].append(None)
            result["round_winner"].append(None)
            result["next_opener"].append(None)
            continue
        pips = [pips_of(hands.get(players[p], 0)) for p in range(n)]
        points = [0] * len(sides)
        if ended[0] == "domino":
            won = side_of[ended[1]]
            points[won] = domino_points(rules, sides, pips, won)
        else:
            side_pips = [sum(pips[p] for p in side) for side in sides]
            low = min(side_pips)
            tied = [s for s in range(len(sides)) if side_pips[s] == low]
            won = tied[0] if len(tied) == 1 else None
            if won is not None:
                others = [side_pips[s] for s in range(len(sides)) if s != won]
                if rules["blocked_award"] == "as-domino":
                    points[won] = domino_points(rules, sides, pips, won)
                elif rules["blocked_award"] == "rounded-sides-minus-own":
                    points[won] = sum(round5(o) for o in others) - round5(low)
                else:
                    points[won] = round5(sum(others) - low)
            elif rules["blocked_tie"] == "split-third" and len(sides) == 3 and len(tied) == 2:
                third = next(side_pips[s] for s in range(3) if s not in tied)
                for s in tied:
                    points[s] = Fraction(round5(third), 2)
        got = {}
        for s, x in enumerate(points):
            if x:
                credit(s, x, got)
        reached()
        result["hand_points"].append(points)
        result["round_winner"].append(won)
        # Who leads next: the domino maker; after a blocked round under round-winner the
        # winning side's player with fewer pips (equal: the first of them in turn order
        # starting with the player seated after this round's opener, the opener coming
        # last); else nobody (the table draws a lot or finds the highest double).
        if ended[0] == "domino":
            nxt = ended[1]
        elif rules["next_opener"] == "round-winner" and won is not None:
            order = [(leader + k) % n for k in range(1, n + 1)]
            nxt = min(sides[won], key=lambda q: (pips[q], order.index(q)))
        else:
            nxt = None
        result["next_opener"].append(None if nxt is None else players[nxt])
    result["scores"] = {players[p]: scores[side_of[p]] for p in range(n)}
    result["winners"] = None if winners is None else [players[p] for s in winners for p in sides[s]]
    result["sides"] = sides
    return result


def domino_points(rules, sides, pips, won):
    opponents = [p for s, side in enumerate(sides) if s != won for p in side]
    if rules["domino_award"] == "round-total":
        return round5(sum(pips[p] for p in opponents))
    return sum(round5(pips[p]) for p in opponents)
