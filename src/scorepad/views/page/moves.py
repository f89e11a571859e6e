"""The page's move list and the replay's steps: every move of a round as an entry of the
list (its address `rRmM`, its points, its marks), ended by the round's hands, and the state
of the round after each step (the tiles on the table, the totals, each player's tiles, the
boneyard, whose turn) for the page's script. Muggins marks are made here; the list leaves
room for marks of other kinds in each entry (see docs/page.md)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from scorepad.engine.game import Credit, Game, Round
from scorepad.engine.notation import Draw, Exposes, Muggins, Pass, Play, shown_move
from scorepad.engine.review import PlayReview, review_round
from scorepad.engine.tiles import SET_SIZE
from scorepad.i18n import _
from scorepad.views.status import points
from scorepad.views.summary import muggins_marks


class Mark(NamedTuple):
    """A mark on an entry: its kind (the class names `mark FAMILY KIND pPLAYER`), its glyph
    and its words; the family is `muggins`, or `review` for a play `scorepad review` marks;
    the player is the one whose play is marked."""

    kind: str
    glyph: str
    words: str
    family: str = "muggins"
    player: int = 0


class Entry(NamedTuple):
    """One entry of the move list: step `m` of its round (1 for the first move; the hands
    come after the last move), its text, what it scored, its marks and why it scored."""

    m: int
    text: str
    got: str
    marks: list[Mark]
    why: str
    hands: bool = False
    score: str = ""


# The glyphs of docs/page.md: a missed score is a question, nobody calling it a second one;
# a claim too high an exclamation.
GLYPHS = {
    "miss-called": "?",
    "miss-uncalled": "??",
    "low-called": "?",
    "low-uncalled": "??",
    "high-called": "!",
    "high-uncalled": "!?",
}


def _mark_words(kind: str, amount: int, caller: str | None) -> str:
    """A mark's words: those of `log` where it has them."""
    if kind == "miss-called":
        return _("missed {amount}, {caller} called").format(amount=amount, caller=caller)
    if kind == "miss-uncalled":
        return _("missed {amount}, uncalled").format(amount=amount)
    if kind == "low-called":
        return _("claim too low: missed {amount}, {caller} called").format(amount=amount, caller=caller)
    if kind == "low-uncalled":
        return _("claim too low: missed {amount}, uncalled").format(amount=amount)
    if kind == "high-called":
        return _("too high, {caller} called").format(caller=caller)
    return _("claim too high ({amount}), uncalled").format(amount=amount)


def round_marks(game: Game, r: Round) -> dict[int, Mark]:
    """The muggins marks of round `r` by move (0-based): every muggins chance `log --json`
    names, and a claim too high that nobody called (which `log` leaves out: it took
    nothing from anyone, but the play scored nothing)."""
    if not game.rules.muggins:
        return {}
    marks: dict[int, Mark] = {}
    chances = muggins_marks(game, r)
    plays = (i for i, move in enumerate(r.moves) if isinstance(move, Play))
    for i, end_sum in zip(plays, r.sums, strict=False):
        play = r.moves[i]
        assert isinstance(play, Play)
        claim = play.claim or 0
        score = r.layout.counting.score(end_sum)
        player = game.players.index(play.player)
        chance = chances.get(i)
        if chance is not None:
            how = "high" if chance.penalty else "low" if claim else "miss"
            kind = f"{how}-{'called' if chance.caller else 'uncalled'}"
            marks[i] = Mark(kind, GLYPHS[kind], _mark_words(kind, chance.amount, chance.caller), player=player)
        elif claim > score:
            marks[i] = Mark("high-uncalled", GLYPHS["high-uncalled"], _mark_words("high-uncalled", claim, None), player=player)
    return marks


def review_mark(play: PlayReview, players: tuple[str, ...]) -> Mark:
    """The review's mark on a play (docs/review.md): what a known tile would have scored,
    what the play left the next player where the alternative would have left another
    reply; its glyph the points missed (or ↑ for a play that only left too much), so it
    never reads as a muggins mark."""
    best = f"{play.best.tile} {play.best.end.label}" if play.best.end is not None else str(play.best.tile)
    if play.missed:
        words = _("review: {best} would have scored {points}").format(best=best, points=play.best.score)
    else:
        words = _("review: {best} would also have scored {points}").format(best=best, points=play.best.score)
    if play.replier is not None and play.left is not None and play.best_left is not None and play.best_left != play.left:
        # Where both would have left the same, the reply tells nothing: not "at most 0, not 0".
        words = _("{words}, leaving {next} at most {reply}, not {left}").format(
            words=words, next=players[play.replier], reply=play.best_left, left=play.left
        )
    elif play.replier is not None and play.best_left is None:
        # No tile of theirs would have fitted: they would have drawn, their reply unknown.
        words = _("{words}, after which {next} would have had to draw").format(words=words, next=players[play.replier])
    glyph = f"−{play.missed}" if play.missed else "↑"
    return Mark(" ".join(play.marks), glyph, words, "review", play.player)


def review_tally(missed: list[int], marks: list[int], r: Round, players: tuple[str, ...]) -> tuple[dict[int, Mark], list[str]]:
    """Round `r`'s review marks by move (0-based), each player's points missed and marked
    plays added to `missed` and `marks`; and the best of every play for the page's script,
    as `best_written` writes it."""
    found = {}
    best = []
    for play in review_round(r, players).plays:
        missed[play.player] += play.missed
        if play.marks:
            marks[play.player] += 1
            found[play.move - 1] = review_mark(play, players)
        best.append(best_written(play))
    return found, best


def best_written(play: PlayReview) -> str:
    """The best a play's known tiles could have scored, for the page's script: the score,
    the tile's halves and its end (none for the lead), and `?` where the hand was not known
    whole (the best of the tiles known): `15 64W`, `0 31?`."""
    tile, end, score = play.best
    return f"{score} {tile.a}{tile.b}{'' if end is None else end.value}{'' if play.unknown is None else '?'}"


def round_facts(r: Round, players: Sequence[str]) -> dict[str, Any]:
    """What the page's script works each player's known tiles and the numbers they lack
    out from, besides the steps: the hands at the round's end as tiles (`hands`, per
    player: the tiles' halves run together, "" for none, None for a pip total or no hands),
    the numbers open at each draw and pass (`lacks`: the step, the numbers run together)
    and the tiles shown by accident (`shown`: the step, the player, the tile's halves, the
    higher first). A player who draws or passes holds none of the numbers open then
    (unless the table let the move stand); one who showed a tile holds it until played,
    and since their last draw before it."""
    hands: list[str | None] | None = None
    if r.hands is not None:
        hands = ["" if n == 0 else None for n in r.hand_sizes]  # one who went out holds nothing
        for p, hand in r.hands.items():
            hands[p] = None if isinstance(hand, int) else "".join(f"{t.a}{t.b}" for t in hand)
    lacks = []
    stood = iter(r.stood)
    for i, move in enumerate(r.moves):
        if isinstance(move, (Draw, Pass)):
            ends = next(stood, None)
            if ends is not None and not move.stands:  # one let stand was made holding a tile that fits
                lacks.append([i + 1, "".join(str(n) for n in sorted({n for n in ends.numbers if n >= 0}))])
    shown = [
        [i + 1, players.index(move.player), f"{max(move.tile.a, move.tile.b)}{min(move.tile.a, move.tile.b)}"]
        for i, move in enumerate(r.moves)
        if isinstance(move, Exposes)
    ]
    return {"hands": hands, "lacks": lacks, "shown": shown}


def muggins_tally(game: Game) -> list[tuple[int, int]] | None:
    """Per player, the points missed (scores they did not claim, or claimed too low: the
    opponents could take them) and the points they took by calling muggins; None when the
    game plays without muggins."""
    if not game.rules.muggins:
        return None
    tally = [[0, 0] for _p in game.players]
    for r in game.rounds:
        for i, chance in muggins_marks(game, r).items():
            if not chance.penalty:
                tally[game.players.index(r.moves[i].player)][0] += chance.amount
        for credit in r.credits:
            if credit.source == "muggins":
                tally[credit.player][1] += int(credit.points)
    return [(missed, taken) for missed, taken in tally]


def total_shown(total: int | Fraction) -> int | str:
    """A total for the page's script: a whole number as a number, a half as written (7½)."""
    if isinstance(total, int):
        return total
    return int(total) if total.denominator == 1 else points(total)


def side_name(game: Game, side: int) -> str:
    return " & ".join(game.side_names(side))


def _got(game: Game, credits: list[Credit]) -> str:
    return ", ".join(f"{side_name(game, credit.side)} +{points(credit.points)}" for credit in credits)


def round_score(game: Game, r: Round, totals: list[int | Fraction]) -> str:
    """What round `r` gave each side, and the score after it (`totals`): the line a
    scorer writes under a round."""
    sides = range(len(game.sides))
    got = r.side_points(len(game.sides))
    return _("round: {points}; score: {totals}").format(
        points=", ".join(f"{side_name(game, s)} {points(got[s])}" for s in sides),
        totals=", ".join(f"{side_name(game, s)} {points(totals[s])}" for s in sides),
    )


def round_list(
    game: Game,
    r: Round,
    totals: list[int | Fraction],
    summary: str,
    hands: list[tuple[str, str]],
    reviewed: dict[int, Mark] | None = None,
) -> tuple[list[Entry], list[list[Any]]]:
    """Round `r`'s entries of the move list and its steps for the page's script (`page.js`
    reads them): before the lead, after each move, after the hands. A step is [tiles on
    the table, the totals after it (0 where they did not change), each player's tiles in
    hand, the boneyard, whose turn (-1: nobody's)], and 1 more for the hands' step.
    `totals` is carried from round to round; `reviewed` holds the round's review marks
    (`review_tally`), which stand after any muggins mark of the same play."""
    n = len(game.players)
    scored: dict[int, list[Credit]] = {}
    for credit in r.credits if r.annulled is None else ():  # an annulled round counts nothing
        if credit.move is not None:
            scored.setdefault(credit.move, []).append(credit)
    marks = round_marks(game, r)
    stood = {ruling.move: ruling.broke for ruling in r.rulings}
    held = [game.deal] * n
    boneyard = SET_SIZE - n * game.deal
    turn = r.start_opener if r.start_opener is not None else -1
    if turn == -1 and r.moves:
        turn = game.players.index(r.moves[0].player)
    steps: list[list[Any]] = [[0, [total_shown(t) for t in totals], held.copy(), boneyard, turn]]
    entries: list[Entry] = []
    tiles = passes = 0
    last = len(r.moves) - 1
    for i, move in enumerate(r.moves):
        p = game.players.index(move.player)
        if isinstance(move, Play):
            tiles += 1
            held[p] -= 1
            turn, passes = (p + 1) % n, 0
            if not held[p]:
                turn = -1
        elif isinstance(move, Draw):
            held[p] += move.count
            boneyard -= move.count
        elif isinstance(move, Pass):
            turn, passes = (p + 1) % n, passes + 1
            if passes == n:
                turn = -1
        if i == last and (r.result is not None or game.winner is not None):
            turn = -1  # the round is over (or the game, on a score reached mid-round)
        credits = scored.get(i, [])
        shown: list[int | Fraction] | int = 0
        for credit in credits:
            totals[credit.side] += credit.points
        if credits:
            shown = [total_shown(t) for t in totals]  # type: ignore[misc]
        why = ""
        if isinstance(move, Muggins) and i > 0 and i - 1 in marks:
            why = marks[i - 1].words
        elif i in stood:
            why = _("stands by the table's ruling: {ruling}").format(ruling=stood[i])
        elif isinstance(move, Exposes):
            why = _("{player} showed {tile}: known to everyone from now on").format(player=move.player, tile=move.tile)
        listed = [marks[i]] if i in marks else []
        if reviewed and i in reviewed:
            listed.append(reviewed[i])
        entries.append(Entry(i + 1, shown_move(move), _got(game, credits), listed, why))
        steps.append([tiles, shown, held.copy(), boneyard, turn])
    if r.award is not None:
        got = [c for c in r.credits if c.source == "hands"]
        for credit in got:
            totals[credit.side] += credit.points
        text = _("hands: {hands}").format(hands="; ".join(f"{player}: {hand}" for player, hand in hands))
        entries.append(Entry(len(r.moves) + 1, text, _got(game, got), [], summary, True, round_score(game, r, totals)))
        steps.append([tiles, [total_shown(t) for t in totals], held.copy(), boneyard, -1, 1])
    return entries, steps
