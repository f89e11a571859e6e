"""`scorepad review`: the marked plays of each round, what the record cannot tell, and each
player's points missed, as text (wrapped to the terminal) and as the JSON of docs/format.md."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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


# One play of `review --json` (docs/format.md), written as json.dumps writes the dict of
# these keys in this order: a long game's review has thousands of plays, and filling one
# template each costs a third of building the dicts and encoding them. Every value but the
# players' names is a number, null, true, false or a string from a table (tiles, ends,
# marks, the reasons a hand is not known), none needing an escape.
_PLAY = (
    '{"round": %d, "move": %d, "player": %s, "play": "%s", "scored": %d, "known": %s, "complete": %s, '
    '"unknown": %s, "best": %d, "best_play": "%s", "missed": %d, "next": %s, "left": %s, "best_left": %s, '
    '"marks": %s}'
)
_MARKS_JSON = {(): "[]", ("missed",): '["missed"]', ("left",): '["left"]', ("missed", "left"): '["missed", "left"]'}


def _number(value: int | None) -> str:
    return "null" if value is None else int.__repr__(value)


def review_json(rounds: Sequence[RoundReview], players: Sequence[str], totals: Sequence[PlayerTotal], ascii: bool = False) -> str:
    """`scorepad review --json` as one line of JSON: every play reviewed, and per player
    the points missed and how many plays were marked. `ascii`: every character beyond ASCII
    escaped, as json.dumps(..., ensure_ascii=True) writes it."""
    from json.encoder import encode_basestring, encode_basestring_ascii

    string = encode_basestring_ascii if ascii else encode_basestring
    names = [string(name) for name in players]
    plays = []
    for review in rounds:
        for play in review.plays:
            unknown = play.unknown
            if unknown is None:
                known, why = '["' + '", "'.join([_WRITTEN[t.a * 8 + t.b] for t in play.known]) + '"]', "null"
            else:
                # Only the tile played: nothing is certain beyond it.
                known = (
                    '["' + '", "'.join([_WRITTEN[t.a * 8 + t.b] for t in play.known]) + '"]' if len(play.known) > 1 else "null"
                )
                why = f'{{"why": "{unknown.why}", "at": {_number(unknown.at)}, "pips": {_number(unknown.pips)}}}'
            best = play.best
            plays.append(
                _PLAY
                % (
                    play.round,
                    play.move,
                    names[play.player],
                    notation(play.tile, play.end),
                    play.scored,
                    known,
                    "true" if unknown is None else "false",
                    why,
                    best.score,
                    notation(best.tile, best.end),
                    play.missed,
                    "null" if play.replier is None else names[play.replier],
                    _number(play.left),
                    _number(play.best_left),
                    _MARKS_JSON[play.marks],
                )
            )
    each = ", ".join(f'{name}: {{"missed": {t.missed}, "marks": {t.marks}}}' for name, t in zip(names, totals))
    return '{"plays": [' + ", ".join(plays) + '], "players": {' + each + "}}"


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
    of entries, so each line is cut at the last space that fits, not built word by word."""
    head, rest = INDENT, text[len(INDENT) :]
    lines = []
    while len(head) + len(rest) > columns:
        cut = rest.rfind(" ", 0, max(0, columns - len(head) + 1))
        if cut < 0:  # the first word does not fit: it stays whole
            cut = rest.find(" ")
            if cut < 0:
                break
        lines.append(head + rest[:cut])
        head, rest = INDENT + INDENT, rest[cut + 1 :]
    lines.append(head + rest)
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
