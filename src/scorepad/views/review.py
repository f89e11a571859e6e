"""`scorepad review`: the marked plays of each round, what the record cannot tell, and each
player's points missed, as text (wrapped to the terminal) and as the JSON of docs/format.md."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from scorepad.engine.review import PlayerTotal, PlayReview, RoundReview, Unknown
from scorepad.engine.tiles import End, Tile
from scorepad.i18n import _, ngettext

INDENT = "  "  # a wrapped entry's continuation lines


# A tile as written (its halves in their order) and an end as the record names it, looked
# up rather than formatted: the JSON of a long game names every known tile of every play.
_WRITTEN = [f"{a}-{b}" for a in range(8) for b in range(8)]
_RECORDED = {end: end.value for end in End}


def written(tile: Tile) -> str:
    """`str(tile)`, from a table."""
    return _WRITTEN[tile.a * 8 + tile.b]


def notation(tile: Tile, end: End | None) -> str:
    """A placement as the record writes it: `5-5 N`, the lead without an end."""
    return _WRITTEN[tile.a * 8 + tile.b] + " " + _RECORDED[end] if end is not None else _WRITTEN[tile.a * 8 + tile.b]


def on_screen(tile: Tile, end: End | None) -> str:
    """A placement as the screen names ends (E is O in German)."""
    return f"{tile} {end.label}" if end is not None else str(tile)


def at(play: PlayReview) -> str:
    """Where a play is: round.move, the move counted as in #rRmM."""
    return f"{play.round}.{play.move}"


def play_json(play: PlayReview, players: Sequence[str]) -> dict[str, Any]:
    """One play of the review (docs/format.md "review --json")."""
    known = None if play.unknown is not None and len(play.known) == 1 else [_WRITTEN[t.a * 8 + t.b] for t in play.known]
    unknown = None
    if play.unknown is not None:
        unknown = {"why": play.unknown.why, "at": play.unknown.at, "pips": play.unknown.pips}
    return {
        "round": play.round,
        "move": play.move,
        "player": players[play.player],
        "play": notation(play.tile, play.end),
        "scored": play.scored,
        "known": known,
        "complete": play.unknown is None,
        "unknown": unknown,
        "best": play.best.score,
        "best_play": notation(play.best.tile, play.best.end),
        "missed": play.missed,
        "next": players[play.replier] if play.replier is not None else None,
        "left": play.left,
        "best_left": play.best_left,
        "marks": list(play.marks),
    }


def review_json(rounds: Sequence[RoundReview], players: Sequence[str], totals: Sequence[PlayerTotal]) -> dict[str, Any]:
    """`scorepad review --json`: every play reviewed, and per player the points missed and
    how many plays were marked."""
    return {
        "plays": [play_json(play, players) for r in rounds for play in r.plays],
        "players": {name: {"missed": t.missed, "marks": t.marks} for name, t in zip(players, totals)},
    }


def _entry(play: PlayReview, players: Sequence[str]) -> str:
    """A marked play and its better alternative in one sentence."""
    player = players[play.player]
    made = on_screen(play.tile, play.end)
    best = on_screen(play.best.tile, play.best.end)
    if play.left is None or play.replier is None:
        text = _("{at} {player} {play} scored {scored}; {best} would have scored {points}")
        return text.format(at=at(play), player=player, play=made, scored=play.scored, best=best, points=play.best.score)
    if play.missed:
        text = _(
            "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
            "{best} would have scored {points}, leaving {next} at most {reply}"
        )
    else:
        text = _(
            "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
            "{best} would also have scored {points}, leaving {next} at most {reply}"
        )
    return text.format(
        at=at(play),
        player=player,
        play=made,
        scored=play.scored,
        next=players[play.replier],
        left=play.left,
        best=best,
        points=play.best.score,
        reply=play.best_left,
    )


def _why(unknown: Unknown, round_number: int, player: str) -> str:
    if unknown.why == "drew":
        return _("{player} drew at {at}").format(player=player, at=f"{round_number}.{unknown.at}")
    if unknown.why == "pips":
        pips = unknown.pips or 0
        return ngettext(
            "the hand left at the end was entered as {pips} pip",
            "the hand left at the end was entered as {pips} pips",
            pips,
        ).format(pips=pips)
    return _("the hands left at the end are not in the record")


def untold(review: RoundReview, players: Sequence[str]) -> Iterator[str]:
    """What the record cannot tell in a round: for each run of a player's plays whose hand
    is not known whole for the same reason, the tiles known at its first play (the later
    plays of the run hold the rest of them) and why nothing more is known."""
    runs: dict[tuple[int, Unknown], list[PlayReview]] = {}
    for play in review.plays:
        if play.unknown is not None:
            runs.setdefault((play.player, play.unknown), []).append(play)
    for (p, unknown), plays in sorted(runs.items(), key=lambda item: item[1][0].move):
        first, last = plays[0], plays[-1]
        where = at(first) if first is last else f"{at(first)}–{at(last)}"
        tiles = " ".join(map(written, first.known))
        yield _("{player}'s hand at {at} is not known beyond {tiles} ({why})").format(
            player=players[p], at=where, tiles=tiles, why=_why(unknown, review.number, players[p])
        )


def wrap(text: str, columns: int) -> list[str]:
    """An entry (indented by INDENT) broken on spaces into lines of at most `columns`, its
    continuation lines indented once more; a word longer than a line stays whole. As
    console.wrapped breaks it, without textwrap's cost: a long game's review has thousands
    of entries."""
    if len(text) <= columns:
        return [text]
    words = text[len(INDENT) :].split(" ")
    lines = []
    line = INDENT + words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) <= columns:
            line += " " + word
        else:
            lines.append(line)
            line = INDENT + INDENT + word
    lines.append(line)
    return lines


def review_lines(
    rounds: Sequence[RoundReview], players: Sequence[str], totals: Sequence[PlayerTotal], columns: int
) -> Iterator[str]:
    """The review as text, each entry wrapped to `columns`."""

    def put(text: str) -> Iterator[str]:
        yield from wrap(text, columns)

    if not rounds:
        yield _("(no moves yet)")
    for review in rounds:
        yield _("Round {number}").format(number=review.number)
        marked = [play for play in review.plays if play.marks]
        if not marked:
            yield from put(INDENT + _("no marked play"))
        for play in marked:
            yield from put(INDENT + _entry(play, players))
        for line in untold(review, players):
            yield from put(INDENT + line)
    yield _("Points missed")
    for name, total in zip(players, totals):
        yield from put(
            INDENT
            + ngettext(
                "{player}: {points} points missed, {n} marked play",
                "{player}: {points} points missed, {n} marked plays",
                total.marks,
            ).format(player=name, points=total.missed, n=total.marks)
        )
