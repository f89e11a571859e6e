"""`scorepad review`: the marked plays of each round, what the record cannot tell, and each
player's points missed, as text (wrapped to the terminal) and as the JSON of docs/format.md."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from scorepad.engine.held import Unknown
from scorepad.engine.review import PlayerTotal, PlayReview, RoundReview
from scorepad.engine.tiles import End
from scorepad.fences import FAST
from scorepad.i18n import _, ngettext
from scorepad.views.console import escaped_json

INDENT = "  "  # a wrapped entry's continuation lines


# A tile as written (its halves in their order), quoted as JSON, and a placement as the
# record writes it (`5-5 N`, the lead without an end), looked up rather than formatted: the
# JSON of a long game names every known tile of every play. By a * 8 + b, and for a
# placement then by the end's slot (4: the lead).
_WRITTEN = [f"{a}-{b}" for a in range(8) for b in range(8)]
_QUOTED = [f'"{w}"' for w in _WRITTEN]
_NOTATION = [[f"{w} {end.value}" for end in End] + [w] for w in _WRITTEN]


# `review --json` (docs/format.md) is written piece by piece, as json.dumps writes the dict
# of each play (these keys in this order): a long game's review has thousands of plays, and
# joining the pieces once costs a fraction of building the dicts and encoding them, or of
# filling a template per play. Every piece is a string by then: a player's name as JSON
# (escaped as `escaped_json` escapes it), and the rest from tables (numbers, tiles, ends,
# marks, the reasons a hand is not known), none needing an escape. The tables hold each key
# with the text before it and, where they can, its value.
#
# Numbers as JSON, null for None. A score is an end sum, four ends of at most 6-6 (12)
# each, so every score and every points missed is among them; a move's number may not be.
_NUMBERS: dict[int | None, str] = {None: "null", **{n: str(n) for n in range(128)}}
_PLAYED = [[f', "play": "{w}", "scored": ' for w in placements] for placements in _NOTATION]  # by a * 8 + b, slot
_BEST_PLAY = [[f', "best_play": "{w}", "missed": ' for w in placements] for placements in _NOTATION]
_BEST = {n: ', "best": ' + text for n, text in _NUMBERS.items()}
_BEST_LEFT = {n: ', "best_left": ' + text for n, text in _NUMBERS.items()}
_MARKS_JSON: dict[tuple[str, ...], str] = {
    marks: ', "marks": ' + json_list + "}"
    for marks, json_list in (
        ((), "[]"),
        (("missed",), '["missed"]'),
        (("left",), '["left"]'),
        (("missed", "left"), '["missed", "left"]'),
    )
}
_WHOLE = ', "complete": true, "unknown": null'


def _number(value: int | None) -> str:
    text = _NUMBERS.get(value)
    return text if text is not None else str(value)


def review_json(rounds: Sequence[RoundReview], players: Sequence[str], totals: Sequence[PlayerTotal], ascii: bool = False) -> str:
    """`scorepad review --json` as one line of JSON: every play reviewed, and per player
    the points missed and how many were marked (JsonReview, all at once)."""
    written = JsonReview(players, ascii)
    return "".join([*written.head(), *written.rounds(rounds), *written.tail(totals)])


class JsonReview:
    """`scorepad review --json` written a few rounds at a time (a long game's review is
    larger than the game: it is not kept whole): `head()`, then `rounds(…)` for each batch
    in the order of the game, then `tail(totals)`; together one line of JSON. Each name is
    escaped as `escaped_json` escapes JSON text for a terminal; the rest needs no escape.
    `ascii`: every character beyond ASCII escaped, as json.dumps(..., ensure_ascii=True)
    writes it. With the fast paths off (scorepad.fences) json.dumps writes every play."""

    def __init__(self, players: Sequence[str], ascii: bool = False) -> None:
        from json.encoder import encode_basestring, encode_basestring_ascii

        self.players = players
        self.ascii = ascii
        encoded = encode_basestring_ascii if ascii else encode_basestring
        self.names = [escaped_json(encoded(name)) for name in players]
        self.player_key = [', "player": ' + name for name in self.names]
        self.next_key = [', "next": ' + name + ', "left": ' for name in self.names]
        self.comma = ""  # before every play but the first

    def head(self) -> list[str]:
        return ['{"plays": [']

    def tail(self, totals: Sequence[PlayerTotal], only: int | None = None) -> list[str]:
        """The end of the line (`only` changes nothing in JSON)."""
        if not FAST:
            import json

            data = {name: {"missed": t.missed, "marks": t.marks} for name, t in zip(self.players, totals)}
            return ["], " + escaped_json(json.dumps({"players": data}, ensure_ascii=self.ascii))[1:]]
        each = ", ".join(f'{name}: {{"missed": {t.missed}, "marks": {t.marks}}}' for name, t in zip(self.names, totals))
        return ['], "players": {' + each + "}}"]

    def rounds(self, rounds: Sequence[RoundReview], playing: int | None = None) -> list[str]:
        """The plays of `rounds` (`playing` changes nothing in JSON)."""
        if not FAST:
            return [self._dumped(rounds)]
        numbers, quoted = _NUMBERS, _QUOTED
        played, best_play, best_key, best_left_key, marks_key = _PLAYED, _BEST_PLAY, _BEST, _BEST_LEFT, _MARKS_JSON
        player_key, next_key = self.player_key, self.next_key
        pieces: list[str] = []
        put = pieces.extend
        comma = self.comma
        for review in rounds:
            head = '{"round": ' + str(review.number) + ', "move": '
            for play in review.plays:
                _round, move, player, tile, end, scored, known, unknown, best, missed, replier, left, best_left, marks, _laid = (
                    play
                )
                if unknown is None:
                    tiles = ', "known": [' + ", ".join([quoted[t.a * 8 + t.b] for t in known]) + "]" + _WHOLE
                else:
                    # Only the tile played: nothing is certain beyond it.
                    tiles = (
                        ', "known": '
                        + ("[" + ", ".join([quoted[t.a * 8 + t.b] for t in known]) + "]" if len(known) > 1 else "null")
                        + f', "complete": false, "unknown": {{"why": "{unknown.why}", "at": {_number(unknown.at)}, '
                        + f'"pips": {_number(unknown.pips)}}}'
                    )
                best_tile, best_end, best_score = best
                put(
                    (
                        comma,
                        head,
                        _number(move),
                        player_key[player],
                        played[tile.a * 8 + tile.b][4 if end is None else end.slot],
                        numbers[scored],
                        tiles,
                        best_key[best_score],
                        best_play[best_tile.a * 8 + best_tile.b][4 if best_end is None else best_end.slot],
                        numbers[missed],
                        ', "next": null, "left": ' if replier is None else next_key[replier],
                        numbers[left],
                        best_left_key[best_left],
                        marks_key[marks],
                    )
                )
                comma = ", "
        self.comma = comma
        return ["".join(pieces)]

    def _dumped(self, rounds: Sequence[RoundReview]) -> str:
        """What `rounds` writes, by json.dumps from the dict of each play (docs/format.md)."""
        import json

        # A play at a time, as a list's items are written (", " between them): no batch's
        # dicts held at once.
        plays = [json.dumps(_as_data(play, self.players), ensure_ascii=self.ascii) for review in rounds for play in review.plays]
        if not plays:
            return ""
        text = self.comma + escaped_json(", ".join(plays))
        self.comma = ", "
        return text


def _as_data(play: PlayReview, players: Sequence[str]) -> dict[str, object]:
    """One play of `review --json` as docs/format.md gives it."""
    number, move, player, tile, end, scored, known, unknown, best, missed, replier, left, best_left, marks, _laid = play
    best_tile, best_end, best_score = best
    whole = unknown is None
    return {
        "round": number,
        "move": move,
        "player": players[player],
        "play": _NOTATION[tile.a * 8 + tile.b][4 if end is None else end.slot],
        "scored": scored,
        "known": [_WRITTEN[t.a * 8 + t.b] for t in known] if whole or len(known) > 1 else None,
        "complete": whole,
        "unknown": None if unknown is None else {"why": unknown.why, "at": unknown.at, "pips": unknown.pips},
        "best": best_score,
        "best_play": _NOTATION[best_tile.a * 8 + best_tile.b][4 if best_end is None else best_end.slot],
        "missed": missed,
        "next": None if replier is None else players[replier],
        "left": left,
        "best_left": best_left,
        "marks": list(marks),
    }


def _positional(template: str, names: Sequence[str]) -> str:
    """A translated `template` with its fields `{name}` numbered in the order of `names`:
    str.format fills numbered fields twice as fast as named ones, and a review fills one
    per marked play."""
    for number, name in enumerate(names):
        template = template.replace("{" + name + "}", "{" + str(number) + "}")
    return template


_ENTRY = ("at", "player", "play", "scored", "best", "points", "next", "left", "reply")


class _Sentences:
    """The sentences of a review, indented, their texts looked up once for a whole review:
    the marked plays, and what the record cannot tell."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players
        # The ends as the screen names them (E is O in German), by slot; the lead has none.
        self.ends = [" " + end.label for end in End] + [""]  # `End.label` asks the translations
        self.alone = INDENT + _positional(_("{at} {player} {play} scored {scored}; {best} would have scored {points}"), _ENTRY)
        self.missed = INDENT + _positional(
            _(
                "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
                "{best} would have scored {points}, leaving {next} at most {reply}"
            ),
            _ENTRY,
        )
        self.also = INDENT + _positional(
            _(
                "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
                "{best} would also have scored {points}, leaving {next} at most {reply}"
            ),
            _ENTRY,
        )
        # The alternative would have left the next player no tile that fits, the boneyard
        # not empty: they would have drawn, and the record cannot tell their reply.
        self.drawing = INDENT + _positional(
            _(
                "{at} {player} {play} scored {scored}, leaving {next} at most {left}; "
                "{best} would have scored {points}, after which {next} would have had to draw (the reply unknown)"
            ),
            _ENTRY,
        )
        self.beyond = INDENT + _positional(
            _("{player}'s hand at {at} is not known beyond {tiles} ({why})"), ("player", "at", "tiles", "why")
        )
        self.drew = _positional(_("{player} drew at {at}"), ("player", "at"))
        self.playing = _("the round is still being played")
        self.unentered = _("the hands left at the end are not in the record")

    def entry(self, play: PlayReview) -> str:
        """A marked play and its better alternative in one sentence."""
        number, move, player, tile, end, scored, _known, _unknown, best, missed, replier, left, best_left, _marks, _laid = play
        ends, players = self.ends, self.players
        best_tile, best_end, best_score = best
        made = _WRITTEN[tile.a * 8 + tile.b] + ends[4 if end is None else end.slot]
        instead = _WRITTEN[best_tile.a * 8 + best_tile.b] + ends[4 if best_end is None else best_end.slot]
        where = f"{number}.{move}"
        if replier is None:
            return self.alone.format(where, players[player], made, scored, instead, best_score)
        sentence = self.drawing if best_left is None else self.missed if missed else self.also
        return sentence.format(where, players[player], made, scored, instead, best_score, players[replier], left, best_left)

    def untold(self, review: RoundReview, playing: bool = False) -> Iterator[str]:
        """What the record cannot tell in a round: for each run of a player's plays whose
        hand is not known whole for the same reason, the tiles known at its first play (the
        later plays of the run hold the rest of them) and why nothing more is known.
        `playing`: the round is still being played (its hands cannot be in the record yet)."""
        # In the order of their first plays, as the plays come: a dict keeps that order.
        runs: dict[tuple[int, Unknown], list[PlayReview]] = {}
        for play in review.plays:
            if play.unknown is not None:
                runs.setdefault((play.player, play.unknown), []).append(play)
        number = review.number
        for (p, unknown), plays in runs.items():
            first, last = plays[0].move, plays[-1].move
            where = f"{number}.{first}" if first == last else f"{number}.{first}–{number}.{last}"
            tiles = " ".join([_WRITTEN[t.a * 8 + t.b] for t in plays[0].known])
            player = self.players[p]
            if unknown.why == "drew":
                why = self.drew.format(player, f"{number}.{unknown.at}")
            elif unknown.why == "pips":
                pips = unknown.pips or 0
                why = ngettext(
                    "the hand left at the end was entered as {pips} pip",
                    "the hand left at the end was entered as {pips} pips",
                    pips,
                ).format(pips=pips)
            else:
                why = self.playing if playing else self.unentered
            yield self.beyond.format(player, where, tiles, why)


def wrap(text: str, columns: int) -> list[str]:
    """An entry (indented by INDENT) broken on spaces into lines of at most `columns`, its
    continuation lines indented once more; a word longer than a line stays whole. As
    console.wrapped breaks it, without textwrap's cost: a long game's review has thousands
    of entries, so each line is cut at the last space that fits, not built word by word."""
    if len(text) <= columns:
        return [text]
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
    short: bool = False,
) -> Iterator[str]:
    """The review as text, each entry wrapped to `columns`. `playing`: the number of the
    round still being played, if any; `only`: the round asked for (`--round`), headed also
    when nobody has led in it yet; `short` (`--short`): the marks alone."""
    shown = TextReview(players, columns, short)
    yield from shown.rounds(rounds, playing)
    yield from shown.tail(totals, only)


class TextReview:
    """The review as text a few rounds at a time (see JsonReview): `rounds(…)` for each
    batch in the order of the game, then `tail(totals, only)`. `short` (`--short`): the
    marks alone, what the record cannot tell said once, as a count, at the end."""

    def __init__(self, players: Sequence[str], columns: int, short: bool = False) -> None:
        self.players = players
        self.columns = columns
        self.short = short
        self.untold = 0  # plays whose hand is not known whole, counted where `short` leaves them out
        self.sentences = _Sentences(players)
        self.heading, self.unmarked = _("Round {number}"), INDENT + _("no marked play")
        self.any = False  # whether a round was shown

    def head(self) -> list[str]:
        return []

    def rounds(self, rounds: Sequence[RoundReview], playing: int | None = None) -> Iterator[str]:
        """`playing`: the number of the round still being played, if any."""
        columns, sentences = self.columns, self.sentences
        for review in rounds:
            self.any = True
            yield self.heading.format(number=review.number)
            marked = [play for play in review.plays if play.marks]
            if not marked:
                yield from wrap(self.unmarked, columns)
            for play in marked:
                yield from wrap(sentences.entry(play), columns)
            if self.short:
                self.untold += sum(1 for play in review.plays if play.unknown is not None)
                continue
            for line in sentences.untold(review, review.number == playing):
                yield from wrap(line, columns)

    def tail(self, totals: Sequence[PlayerTotal], only: int | None = None) -> Iterator[str]:
        """`only`: the round asked for (`--round`), headed also when nobody has led in it."""
        if not self.any:
            if only is not None:
                yield _("Round {number}").format(number=only)
                yield INDENT + _("(no moves yet)")
            else:
                yield _("(no moves yet)")
        if self.untold:
            yield from wrap(
                INDENT
                + ngettext(
                    "{n} play was weighed against part of its hand only: scorepad review without --short says which",
                    "{n} plays were weighed against part of their hands only: scorepad review without --short says which",
                    self.untold,
                ).format(n=self.untold),
                self.columns,
            )
        yield _("Points missed")
        for name, total in zip(self.players, totals):
            yield from wrap(
                INDENT
                + ngettext(
                    "{player}: {points} points missed, {n} marked play",
                    "{player}: {points} points missed, {n} marked plays",
                    total.marks,
                ).format(player=name, points=total.missed, n=total.marks),
                self.columns,
            )
