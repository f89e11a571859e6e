"""`scorepad review`: the marked plays of each round, what the record cannot tell, and each
player's points missed, as text (wrapped to the terminal) and as the JSON of docs/format.md."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from scorepad.engine.review import PlayerTotal, PlayReview, RoundReview, Unknown
from scorepad.engine.tiles import End, Tile
from scorepad.i18n import _, ngettext

INDENT = "  "  # a wrapped entry's continuation lines


# A tile as written (its halves in their order), quoted as JSON, and a placement as the
# record writes it (`5-5 N`, the lead without an end), looked up rather than formatted: the
# JSON of a long game names every known tile of every play. By a * 8 + b, and for a
# placement then by the end's slot (4: the lead).
_WRITTEN = [f"{a}-{b}" for a in range(8) for b in range(8)]
_QUOTED = [f'"{w}"' for w in _WRITTEN]
_NOTATION = [[f"{w} {end.value}" for end in End] + [w] for w in _WRITTEN]


def written(tile: Tile) -> str:
    """`str(tile)`, from a table."""
    return _WRITTEN[tile.a * 8 + tile.b]


def notation(tile: Tile, end: End | None) -> str:
    """A placement as the record writes it: `5-5 N`, the lead without an end."""
    return _NOTATION[tile.a * 8 + tile.b][4 if end is None else end.slot]


def on_screen(tile: Tile, end: End | None, labels: Sequence[str] | None = None) -> str:
    """A placement as the screen names ends (E is O in German). `labels`: the ends' labels
    by slot, looked up once for a whole review (`End.label` asks the translations)."""
    if end is None:
        return _WRITTEN[tile.a * 8 + tile.b]
    return _WRITTEN[tile.a * 8 + tile.b] + " " + (end.label if labels is None else labels[end.slot])


def at(play: PlayReview) -> str:
    """Where a play is: round.move, the move counted as in #rRmM."""
    return f"{play.round}.{play.move}"


# One play of `review --json` (docs/format.md), written as json.dumps writes the dict of
# these keys in this order: a long game's review has thousands of plays, and filling one
# template each costs a third of building the dicts and encoding them. Every value is a
# string by then: a player's name as JSON, and the rest from tables (numbers, tiles, ends,
# marks, the reasons a hand is not known), none needing an escape. The round's number is
# written once for all its plays.
_PLAY = (
    '%s%s, "player": %s, "play": "%s", "scored": %s, "known": %s, "complete": %s, '
    '"unknown": %s, "best": %s, "best_play": "%s", "missed": %s, "next": %s, "left": %s, "best_left": %s, '
    '"marks": %s}'
)
_MARKS_JSON = {(): "[]", ("missed",): '["missed"]', ("left",): '["left"]', ("missed", "left"): '["missed", "left"]'}
# Numbers as JSON, null for None. A score is an end sum, four ends of at most 6-6 (12)
# each, so every score and every points missed is among them; a move's number may not be.
_NUMBERS: dict[int | None, str] = {None: "null", **{n: str(n) for n in range(128)}}


def _number(value: int | None) -> str:
    text = _NUMBERS.get(value)
    return text if text is not None else str(value)


def review_json(rounds: Sequence[RoundReview], players: Sequence[str], totals: Sequence[PlayerTotal], ascii: bool = False) -> str:
    """`scorepad review --json` as one line of JSON: every play reviewed, and per player
    the points missed and how many plays were marked. `ascii`: every character beyond ASCII
    escaped, as json.dumps(..., ensure_ascii=True) writes it."""
    from json.encoder import encode_basestring, encode_basestring_ascii

    string = encode_basestring_ascii if ascii else encode_basestring
    names = [string(name) for name in players]
    numbers = _NUMBERS
    plays = []
    for review in rounds:
        head = '{"round": ' + str(review.number) + ', "move": '
        for play in review.plays:
            unknown = play.unknown
            if unknown is None:
                known, why = "[" + ", ".join([_QUOTED[t.a * 8 + t.b] for t in play.known]) + "]", "null"
            else:
                # Only the tile played: nothing is certain beyond it.
                known = "[" + ", ".join([_QUOTED[t.a * 8 + t.b] for t in play.known]) + "]" if len(play.known) > 1 else "null"
                why = f'{{"why": "{unknown.why}", "at": {_number(unknown.at)}, "pips": {_number(unknown.pips)}}}'
            tile, end, best = play.tile, play.end, play.best
            plays.append(
                _PLAY
                % (
                    head,
                    _number(play.move),
                    names[play.player],
                    _NOTATION[tile.a * 8 + tile.b][4 if end is None else end.slot],
                    numbers[play.scored],
                    known,
                    "true" if unknown is None else "false",
                    why,
                    numbers[best.score],
                    _NOTATION[best.tile.a * 8 + best.tile.b][4 if best.end is None else best.end.slot],
                    numbers[play.missed],
                    "null" if play.replier is None else names[play.replier],
                    numbers[play.left],
                    numbers[play.best_left],
                    _MARKS_JSON[play.marks],
                )
            )
    each = ", ".join(f'{name}: {{"missed": {t.missed}, "marks": {t.marks}}}' for name, t in zip(names, totals))
    return '{"plays": [' + ", ".join(plays) + '], "players": {' + each + "}}"


class _Entries:
    """The sentences of marked plays, their texts looked up once for a whole review."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players
        self.labels = [end.label for end in End]  # by slot: `End.label` asks the translations
        self.alone = _("{at} {player} {play} scored {scored}; {best} would have scored {points}")
        self.missed = _(
            "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
            "{best} would have scored {points}, leaving {next} at most {reply}"
        )
        self.also = _(
            "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
            "{best} would also have scored {points}, leaving {next} at most {reply}"
        )

    def entry(self, play: PlayReview) -> str:
        """A marked play and its better alternative in one sentence."""
        players, labels, best = self.players, self.labels, play.best
        made = on_screen(play.tile, play.end, labels)
        instead = on_screen(best.tile, best.end, labels)
        where = f"{play.round}.{play.move}"
        if play.left is None or play.replier is None:
            return self.alone.format(
                at=where, player=players[play.player], play=made, scored=play.scored, best=instead, points=best.score
            )
        return (self.missed if play.missed else self.also).format(
            at=where,
            player=players[play.player],
            play=made,
            scored=play.scored,
            next=players[play.replier],
            left=play.left,
            best=instead,
            points=best.score,
            reply=play.best_left,
        )


def _why(unknown: Unknown, round_number: int, player: str, playing: bool) -> str:
    if unknown.why == "drew":
        return _("{player} drew at {at}").format(player=player, at=f"{round_number}.{unknown.at}")
    if unknown.why == "pips":
        pips = unknown.pips or 0
        return ngettext(
            "the hand left at the end was entered as {pips} pip",
            "the hand left at the end was entered as {pips} pips",
            pips,
        ).format(pips=pips)
    if playing:
        return _("the round is still being played")
    return _("the hands left at the end are not in the record")


def untold(review: RoundReview, players: Sequence[str], playing: bool = False) -> Iterator[str]:
    """What the record cannot tell in a round: for each run of a player's plays whose hand
    is not known whole for the same reason, the tiles known at its first play (the later
    plays of the run hold the rest of them) and why nothing more is known. `playing`: the
    round is still being played (its hands cannot be in the record yet)."""
    runs: dict[tuple[int, Unknown], list[PlayReview]] = {}
    for play in review.plays:
        if play.unknown is not None:
            runs.setdefault((play.player, play.unknown), []).append(play)
    for (p, unknown), plays in sorted(runs.items(), key=lambda item: item[1][0].move):
        first, last = plays[0], plays[-1]
        where = at(first) if first is last else f"{at(first)}–{at(last)}"
        tiles = " ".join(map(written, first.known))
        yield _("{player}'s hand at {at} is not known beyond {tiles} ({why})").format(
            player=players[p], at=where, tiles=tiles, why=_why(unknown, review.number, players[p], playing)
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
    rounds: Sequence[RoundReview],
    players: Sequence[str],
    totals: Sequence[PlayerTotal],
    columns: int,
    playing: int | None = None,
    only: int | None = None,
) -> Iterator[str]:
    """The review as text, each entry wrapped to `columns`. `playing`: the number of the
    round still being played, if any; `only`: the round asked for (`--round`), headed also
    when nobody has led in it yet."""

    def put(text: str) -> Iterator[str]:
        yield from wrap(text, columns)

    entries = _Entries(players)
    if not rounds:
        if only is not None:
            yield _("Round {number}").format(number=only)
            yield INDENT + _("(no moves yet)")
        else:
            yield _("(no moves yet)")
    for review in rounds:
        yield _("Round {number}").format(number=review.number)
        marked = [play for play in review.plays if play.marks]
        if not marked:
            yield from put(INDENT + _("no marked play"))
        for play in marked:
            yield from put(INDENT + entries.entry(play))
        for line in untold(review, players, review.number == playing):
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
