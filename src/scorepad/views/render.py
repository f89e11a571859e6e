"""What a player sees: rich renderables for the log, the sheet, the tally, the chart and
the rules; the status after a move is in `status.py` (built without rich) and shown from
here too. Nothing here changes a game; the CLI prints what these return."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING

from scorepad.engine.game import Game, Outcome, Round
from scorepad.engine.notation import Play, shown_move
from scorepad.i18n import _, ngettext, pgettext
from scorepad.views.status import points
from scorepad.views.summary import MugginsMark, muggins_marks

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import RenderableType


# Past this many rows, `log` and `sheet` write their tables line by line as plain text
# (`plain_table`): rich lays out a table at about 2 ms a row, and a record at the size
# limit has 400,000 moves. Below it, rich draws them (with styles, wrapped to the width).
STREAM_ROWS = 2000


SHOWN_MOVES = 4096  # moves' texts (and rounds' lines under the table) the log keeps, at most


class _LogRows:
    """A round's part of the log: its title, its rows (#, move, sum, points), and the
    lines under it (the hands and what they gave), or none. The rows are made a column at
    a time (a record at the size limit has 400,000 of them), the numbers and the moves'
    texts kept from round to round."""

    def __init__(self) -> None:
        self.numbers: list[str] = []  # "1", "2", …: the first column of every round
        # A move's text by the move's id (the move kept beside it, so the id stays its
        # own): the record's reader and a folded round share the objects of equal moves.
        self.shown: dict[int, tuple] = {}
        self.unders: dict[tuple, list[tuple[str, str]]] = {}  # see __call__

    def __call__(self, game: Game, r: Round) -> tuple[str, list[tuple[str, str, str, str]], list[tuple[str, str]]]:
        players, numbers, shown = game.players, self.numbers, self.shown
        moves = r.moves
        n = len(moves)
        while len(numbers) < n:
            numbers.append(str(len(numbers) + 1))
        texts = []
        for move in moves:
            known = shown.get(id(move))
            if known is None:
                known = (move, shown_move(move))
                if len(shown) < SHOWN_MOVES:
                    shown[id(move)] = known
            texts.append(known[1])
        sums = [""] * n
        plays = [i for i, move in enumerate(moves) if isinstance(move, Play)]
        for i, end_sum in zip(plays, r.sums, strict=True):
            sums[i] = str(end_sum)
        pts = [""] * n
        for c in r.credits:
            if c.move is not None:
                got = f"+{points(c.points)}" + (f" {players[c.player]}" if c.source == "muggins" else "")
                pts[c.move] = f"{pts[c.move]} {got}" if pts[c.move] else got
        for i, mark in muggins_marks(game, r).items():
            if 0 <= i < n:
                pts[i] = f"{pts[i]} {_muggins_mark(mark)}" if pts[i] else _muggins_mark(mark)
        under: list[tuple[str, str]] = []
        if r.award is not None and r.hands is not None:  # end_round sets both together
            # What the lines say depends on these alone: a long game meets the same often.
            key = (r.result, tuple(r.hands.items()), r.award)
            under = self.unders.get(key) or self._under(game, r)
            if len(self.unders) < SHOWN_MOVES:
                self.unders[key] = under
        return _("Round {number}").format(number=r.number), list(zip(numbers, texts, sums, pts)), under

    @staticmethod
    def _under(game: Game, r: Round) -> list[tuple[str, str]]:
        """The lines under a round's table: the hands, and what they gave and why."""
        assert r.award is not None and r.hands is not None
        # Under the table at the full width: in the move column they wrapped to slivers.
        hands = ", ".join(f"{game.players[p]} {h if isinstance(h, int) else ' '.join(map(str, h))}" for p, h in r.hands.items())
        won = [f"{side_label(game, s)} +{points(x)}" for s, x in enumerate(r.award.points) if x]
        why = award_reason(game, r)
        return [
            (_("hands: {hands}").format(hands=hands), ""),
            (_("{who}: {why}").format(who=", ".join(won), why=why) if won else why, "dim"),
        ]


def _logged(r: Round) -> bool:
    """Whether the log shows round `r`: not a round nobody has led yet."""
    return bool(r.moves) or r.hands is not None


def _log_rounds(game: Game, only_round: int | None = None):
    """Per round shown in the log: its title, its rows and the lines under it (`_LogRows`)."""
    rows = _LogRows()
    for r in game.rounds:
        if _logged(r) and (only_round is None or r.number == only_round):
            yield rows(game, r)


def _round_lines(columns: list[tuple[str, str, str]], logged: tuple, width: int) -> Iterator[str]:
    """A round's part of the log as plain lines (`log_lines`)."""
    from scorepad.views.console import wrapped

    title, rows, under = logged
    yield from plain_table(columns, rows, title=title, left=1, right=1)
    for line, _style in under:
        yield wrapped(line, width)


class LoggedRounds:
    """`log_lines` of a whole game made round by round while its record is read (the
    reader's `each_round`), each round when the reader has just laid it out, into `spool`
    (`console.Spool`): a long game is then not laid out a second time to be logged. A new
    game (the reader reading the text again) starts the spool again."""

    def __init__(self, width: int, spool) -> None:
        self.width, self.spool = width, spool
        self.game: Game | None = None
        self.columns = _log_columns()
        self.rows = _LogRows()

    def __call__(self, game: Game, r: Round) -> None:
        if game is not self.game:
            self.game, self.rows = game, _LogRows()
            self.spool.clear()
        if _logged(r):
            self.spool.add(_round_lines(self.columns, self.rows(game, r), self.width))


def _log_columns() -> list[tuple[str, str, str]]:
    """(header, justify, style) of each column of a round in the log."""
    return [
        ("#", "right", "dim"),
        (pgettext("log column", "move"), "left", ""),
        (pgettext("log column", "sum"), "right", ""),
        (pgettext("log column", "pts"), "right", ""),
    ]


def log_table(game: Game, only_round: int | None = None) -> RenderableType:
    """Every move with its end sum and points, round by round; with `only_round`, that
    round alone (live mode's `l` shows the round being played)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = []
    for title, rows, under in _log_rounds(game, only_round):
        table = Table(title=title, title_justify="left", box=None, padding=(0, 1), pad_edge=False)
        for head, justify, style in _log_columns():
            table.add_column(head, justify=justify, style=style)  # type: ignore[arg-type]
        for row in rows:
            table.add_row(*row)
        parts.append(table)
        parts.extend(Text(line, style=style) for line, style in under)
    return Group(*parts) if parts else Text(_("(no moves yet)"), style="dim")


def log_lines(game: Game, width: int, only_round: int | None = None):
    """The log as `log_table` draws it when nothing needs wrapping, as plain lines made
    one at a time: for games too long to lay out with rich (STREAM_ROWS)."""
    shown = False
    columns = _log_columns()
    for logged in _log_rounds(game, only_round):
        shown = True
        yield from _round_lines(columns, logged, width)
    if not shown:
        yield _("(no moves yet)")


def column_widths(columns: list[tuple[str, str, str]], rows: Iterable) -> list[int]:
    """Each column's width as rich gives it when the table fits: its widest cell or header line."""
    from rich.cells import cell_len

    widths = [max(cell_len(line) for line in column[0].split("\n")) for column in columns]
    for row in rows:
        for k, cell in enumerate(row):
            n = len(cell) if cell.isascii() else cell_len(cell)
            widths[k] = max(widths[k], n)
    return widths


def _one_cell_each(cells: Iterable[str]) -> bool:
    """Whether every character of `cells` takes one cell on the screen (so that padding
    by characters, as `%5s` does, pads by cells)."""
    from rich.cells import cell_len

    return all(cell.isascii() or cell_len(cell) == len(cell) for cell in cells)


@lru_cache(64)
def _heads(columns: tuple[tuple[str, str, str], ...]) -> tuple[tuple[int, ...], tuple[tuple[str, ...], ...], bool]:
    """A table's header: each column's width, its lines (drawn at the bottom), and
    whether each of their characters takes one cell. The same for every round of a log."""
    from rich.cells import cell_len

    heads = [column[0].split("\n") for column in columns]
    height = max(len(head) for head in heads)
    lines = tuple(tuple(head[h - height + len(head)] if h >= height - len(head) else "" for head in heads) for h in range(height))
    widths = tuple(max(cell_len(line) for line in head) for head in heads)
    return widths, lines, all(_one_cell_each(line) for line in lines)


def plain_table(
    columns: list[tuple[str, str, str]],
    rows: Iterable,
    *,
    title: str | None = None,
    left: int,
    right: int,
    widths: list[int] | None = None,
):
    """A table as rich draws one with `box=None, pad_edge=False` when it fits its width:
    each column as wide as its widest cell (`column_widths`, or `widths` when the caller
    found them: then `rows` is read once, as the lines are made), headers of several lines
    drawn at the bottom, `left`/`right` spaces of padding between columns, every line
    filled out to the table's width, the title left-justified above."""
    from rich.cells import cell_len

    head_widths, head_lines, heads_one_cell = _heads(tuple(columns))
    one_cell = False  # every cell's characters take one cell each (known for listed rows)
    if widths is None:
        rows = list(rows)
        widths = list(head_widths)
        one_cell = True
        for k, cells in enumerate(zip(*rows)):
            if "".join(cells).isascii():
                widths[k] = max(widths[k], *map(len, cells))
            else:
                one_cell = one_cell and _one_cell_each(cells)
                widths[k] = max(widths[k], *(len(cell) if cell.isascii() else cell_len(cell) for cell in cells))
    right_justified = [column[1] == "right" for column in columns]
    between = " " * (right + left)  # one column's right padding and the next one's left
    # A row whose characters each take one cell is laid out by one format string, in C.
    template = between.join(
        f"%{'' if justified else '-'}{width}s" for justified, width in zip(right_justified, widths, strict=True)
    )

    def line(cells) -> str:
        # str.rjust and ljust pad by characters; a wide character takes two cells.
        return between.join(
            [
                (cell.rjust if right_justified[k] else cell.ljust)(
                    width if cell.isascii() else width - cell_len(cell) + len(cell)
                )
                for k, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ]
        )

    if title is not None:
        yield title + " " * (table_width(widths, left=left, right=right) - (len(title) if title.isascii() else cell_len(title)))
    for cells in head_lines:
        yield template % cells if heads_one_cell else line(cells)
    if one_cell:
        yield from map(template.__mod__, map(tuple, rows))
        return
    for row in rows:
        yield template % tuple(row) if _one_cell_each(row) else line(row)


def table_width(widths: list[int], *, left: int, right: int) -> int:
    """How wide `plain_table` (and rich, for a table that fits) draws columns of `widths`."""
    return sum(widths) + (left + right) * (len(widths) - 1)


def _muggins_mark(mark: MugginsMark) -> str:
    """A play's muggins chance, on the play's row of the log."""
    if mark.caller is None:
        return _("missed {amount}, uncalled").format(amount=mark.amount)
    if mark.penalty:
        return _("too high, {caller} called").format(caller=mark.caller)
    return _("missed {amount}, {caller} called").format(amount=mark.amount, caller=mark.caller)


def _sums(game: Game, r) -> dict[int, str]:
    """The end sum after each play of a round, by move."""
    plays = (i for i, move in enumerate(r.moves) if isinstance(move, Play))
    return {i: str(end_sum) for i, end_sum in zip(plays, r.sums, strict=True)}


# --- the paper tally (seed 000) -------------------------------------------------------------

FIFTY = ("\\ x /", "x X x", "/ x \\")  # a large X, a small x in each of its four fields


def tally(game: Game, width: int) -> RenderableType:
    """Each side's score as the traditional paper tally: a 50-point sign for every 50, a
    stroke for every 5 left, and half points noted apart."""
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = []
    per_line = max(1, (width - 2) // 6)
    for s in range(len(game.sides)):
        score = game.scores[s]
        fives, rest = divmod(score, 5)  # rest: what a half point leaves over
        fifties, strokes = divmod(int(fives), 10)
        parts.append(Text(f"{' & '.join(game.side_names(s))}: {points(score)}", style="bold"))
        signs = list(range(fifties))
        for start in range(0, max(len(signs), 1), per_line):
            chunk = signs[start : start + per_line]
            rows = ["  " + " ".join(FIFTY[i] for _ in chunk) for i in range(3)]
            if start + per_line >= len(signs):
                rows[1] += ("  " if chunk else "") + "|" * strokes
            if any(r.strip() for r in rows):
                parts.append(Text("\n".join(r.rstrip() for r in rows) if chunk else rows[1].rstrip()))
        if rest:
            parts.append(Text("  " + _("apart: {points}").format(points=points(rest)), style="dim"))
    parts.append(Text(tally_legend(), style="dim"))
    return Group(*parts)


def tally_legend() -> str:
    """What the tally's marks mean, under it: the paper tally is not every table's habit."""
    return _("key: | = 5 points; the large X with a small x in each field = 50 points; half points are noted apart")


def rules_table(rules, players: int | None = None) -> RenderableType:
    """The options of a preset or a game, in words."""
    from rich.table import Table

    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name, words in rules.describe():
        if name == "target" and players is not None:
            words = _("{n} points").format(n=rules.target_for(players))
        if name == "partners" and players is not None and players != 4:
            # Partnerships need four players: at this table everyone plays for themselves.
            words = ngettext("no: {n} player plays alone", "no: {n} players play each for themselves", players).format(n=players)
        if name in rules.overridden:
            words = _("{words} (changed)").format(words=words)
        table.add_row(name, words)
    return table


def stats_view(rows: list[dict], width: int) -> RenderableType:
    """Per-player statistics: a table on a wide screen, a block per player on a narrow one."""
    from rich.console import Group
    from rich.text import Text

    if width >= 80:
        from rich.table import Table

        table = Table(box=None, padding=(0, 1), pad_edge=False)
        heads = (
            pgettext("stats column", "player"),
            pgettext("stats column", "games"),
            pgettext("stats column", "wins"),
            pgettext("stats column", "rounds"),
            pgettext("stats column", "points"),
            pgettext("stats column", "plays"),
            pgettext("stats column", "hands"),
            pgettext("stats column", "muggins"),
            pgettext("stats column", "best"),
            pgettext("stats column", "per round"),
        )
        for i, head in enumerate(heads):
            table.add_column(head, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(
                row["player"],
                *(
                    _decimal(row[k])
                    for k in (
                        "games",
                        "wins",
                        "rounds",
                        "points",
                        "from_plays",
                        "from_hands",
                        "from_muggins",
                        "best_play",
                        "average_per_round",
                    )
                ),
            )
        return table
    blocks = []
    for row in rows:
        games = ngettext("{n} game", "{n} games", row["games"]).format(n=row["games"])
        rounds = ngettext("{n} round", "{n} rounds", row["rounds"]).format(n=row["rounds"])
        blocks.append(
            Text(
                _("{player}: {games}, {wins} won, {rounds}").format(
                    player=row["player"], games=games, wins=row["wins"], rounds=rounds
                ),
                style="bold",
            )
        )
        row = {k: _decimal(v) if isinstance(v, float) else v for k, v in row.items()}
        blocks.append(
            Text(
                _("  {points} points: plays {plays},\n  hands {hands}, muggins {muggins}").format(
                    points=row["points"], plays=row["from_plays"], hands=row["from_hands"], muggins=row["from_muggins"]
                )
            )
        )
        blocks.append(
            Text(
                _("  best play {best}, {average} a round").format(best=row["best_play"], average=row["average_per_round"]),
                style="dim",
            )
        )
    return Group(*blocks)


def _decimal(value: object) -> str:
    """A statistic as the language writes it: 742.5 in English, 742,5 in German."""
    return str(value).replace(".", pgettext("decimal separator", ".")) if isinstance(value, float) else str(value)


def side_label(game: Game, side: int) -> str:
    """A side as its players' names: "Ann & Cy"."""
    return " & ".join(game.side_names(side))


def _hand_pips(game: Game, r) -> list[int]:
    """Each player's pips left at the end of round `r` (0 for who holds nothing)."""
    pips = [0] * len(game.players)
    for p, hand in (r.hands or {}).items():
        pips[p] = hand if isinstance(hand, int) else sum(t.pips for t in hand)
    return pips


def award_reason(game: Game, r) -> str:
    """Why the hands of round `r` gave what they gave, with the names and pips that went
    into it: `round5(Bob 8 + Cy 9)`, `15 split: round5(Cy 13)`. Built here from the rules
    and the hands; an award this does not know is explained by the engine's own words."""
    award, rules = r.award, game.rules
    pips = _hand_pips(game, r)
    names = game.players
    side_pips = [sum(pips[p] for p in side) for side in game.sides]

    def domino(winner: int) -> str | None:
        opponents = [p for s, side in enumerate(game.sides) if s != winner for p in side]
        if rules.domino_award == "round-total":
            return "round5({hands})".format(hands=" + ".join(f"{names[p]} {pips[p]}" for p in opponents))
        if rules.domino_award == "round-each":
            return " + ".join(f"round5({names[p]} {pips[p]})" for p in opponents)
        return None

    how: str | None = None
    if r.result == "domino" and award.winner is not None:
        how = domino(award.winner)
    elif award.winner is not None:
        own = award.winner
        others = [s for s in range(len(game.sides)) if s != own]
        fewest = ngettext(
            "blocked, {side} holds the fewest pips", "blocked, {side} hold the fewest pips", len(game.sides[own])
        ).format(side=side_label(game, own))
        if rules.blocked_award == "as-domino":
            how = domino(own)
        elif rules.blocked_award == "rounded-sides-minus-own":
            how = (
                " + ".join(f"round5({side_label(game, s)} {side_pips[s]})" for s in others)
                + f" - round5({side_label(game, own)} {side_pips[own]})"
            )
        elif rules.blocked_award == "difference":
            # The other sides' pips together, less the winner's own, rounded once.
            how = "round5({others} - {own})".format(
                others=" + ".join(f"{side_label(game, s)} {side_pips[s]}" for s in others),
                own=f"{side_label(game, own)} {side_pips[own]}",
            )
        if how is not None:
            how = _("{fewest}: {how}").format(fewest=fewest, how=how)
    elif any(award.points):
        third = next(s for s, n in enumerate(award.points) if not n)
        how = _("{points} split: round5({side} {pips})").format(
            points=points(sum(award.points)), side=side_label(game, third), pips=side_pips[third]
        )
    else:
        how = _("fewest pips tied: nobody scores")
    return how if how is not None else award.why


def hands_note(game: Game, out: Outcome) -> str:
    """Who received what for the hands just entered, and why:
    `Ann +15: round5(Bob 8 + Cy 9)`, `Ann +7½, Bob +7½: 15 split: round5(Cy 13)`."""
    assert out.award is not None  # called for the outcome of end_round only
    r = next(r for r in reversed(game.rounds) if r.award is out.award)
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(out.award.points) if p]
    reason = award_reason(game, r)
    if not won:
        return reason
    return _("{who}: {why}").format(who=", ".join(won), why=reason)


# --- the score sheet ------------------------------------------------------------------------


class SheetRows:
    """Per round played, its label and per side the points from plays, muggins and hands
    and the running total after it; the round being played is labelled `N*`. Made in one
    pass over the rounds (each folded round is laid again to be read) and kept as numbers,
    twice each value in an array (points are whole or halves): a record at the size limit
    has 70,000 rounds. Iterating gives `(label, [{"play", "muggins", "hands", "total"}
    per side])` again each time, the totals counted anew."""

    KINDS = ("play", "muggins", "hands")

    def __init__(self, game: Game, *, read: bool = True) -> None:
        from array import array

        self.game = game
        self.sides = len(game.sides)
        self.numbers = array("q")
        self.halves: array | list = array("q")  # per row and side: play, muggins, hands (x2)
        self.playing = False  # the last row is the round being played
        self.any_muggins = False
        if read:
            for r in game.rounds:
                self.take(r)

    def take(self, r: Round) -> None:
        """Keep round `r`'s row, the rounds given in order (`read=False`: the caller reads)."""
        game = self.game
        playing = r is game.current and r.hands is None and game.winner is None
        if not r.moves and r.hands is None and not (playing and len(game.rounds) > 1):
            return
        got: list[int | Fraction] = [0] * (3 * self.sides)
        for credit in r.credits:
            got[3 * credit.side + self.KINDS.index(credit.source)] += credit.points
            if credit.source == "muggins":
                self.any_muggins = True
        self.numbers.append(r.number)
        self._keep([2 * value for value in got])
        self.playing = playing

    def _keep(self, doubled: list) -> None:
        if isinstance(self.halves, list) or all(int(value) == value for value in doubled):
            self.halves.extend(int(value) if int(value) == value else value for value in doubled)
        else:  # not whole or halves: kept as they are, exactly
            self.halves = [*self.halves, *doubled]

    def __len__(self) -> int:
        return len(self.numbers)

    def __iter__(self) -> Iterator[tuple[str, list[dict[str, int | Fraction]]]]:
        width = 3 * self.sides
        totals: list[int | Fraction] = [0] * self.sides
        last = len(self.numbers) - 1
        for i, number in enumerate(self.numbers):
            doubled = self.halves[i * width : (i + 1) * width]
            per_side = []
            for s in range(self.sides):
                got = dict(zip(self.KINDS, map(_halved, doubled[3 * s : 3 * s + 3]), strict=True))
                totals[s] += sum(got.values())
                per_side.append({**got, "total": totals[s]})
            yield (f"{number}*" if self.playing and i == last else str(number)), per_side

    def side(self, s: int) -> Iterator[tuple[str, list[int | Fraction], int | Fraction]]:
        """Side `s`'s rows alone: (label, [play, muggins, hands], the total after it)."""
        width = 3 * self.sides
        total: int | Fraction = 0
        last = len(self.numbers) - 1
        halves = self.halves
        for i, number in enumerate(self.numbers):
            start = i * width + 3 * s
            # Whole points are most: halved without a call.
            got = [v >> 1 if type(v) is int and not v & 1 else _halved(v) for v in halves[start : start + 3]]
            total += got[0] + got[1] + got[2]
            yield (f"{number}*" if self.playing and i == last else str(number)), got, total


def _halved(doubled: int | Fraction) -> int | Fraction:
    if isinstance(doubled, int) and doubled % 2:
        from fractions import Fraction

        return Fraction(doubled, 2)
    return doubled // 2 if isinstance(doubled, int) else doubled / 2


class SheetRowsRead:
    """`SheetRows` made while a record is read (the reader's `each_round`), each round
    taken when the reader has just laid it out: a long game's folded rounds are then not
    laid out a second time for the sheet. A new game (the text read again) starts anew."""

    def __init__(self) -> None:
        self.rows: SheetRows | None = None

    def __call__(self, game: Game, r: Round) -> None:
        if self.rows is None or self.rows.game is not game:
            self.rows = SheetRows(game, read=False)
        self.rows.take(r)

    def of(self, game: Game) -> SheetRows | None:
        """The rows of `game`, if that is the game read."""
        return self.rows if self.rows is not None and self.rows.game is game else None


def sheet_rows(game: Game) -> SheetRows:
    """Per round played, its label and per side the points from plays, muggins and hands
    and the running total after it (`SheetRows`). The round being played is labelled `N*`."""
    return SheetRows(game)


def still_needs(game: Game, s: int) -> str:
    """What side `s` still needs to win, or that it won."""
    if game.winner is not None and s in game.winner:
        return _("won")
    return points(max(0, game.target - game.scores[s]))


class _SheetBody:
    """The sheet's rows of cells, made again from `SheetRows` each time it is iterated (a
    pass for the columns' widths, one to draw): a long game's cells are never all held."""

    def __init__(self, rows: SheetRows, sides: list[int], kinds: list[str]) -> None:
        self.rows, self.sides, self.kinds = rows, sides, kinds

    def __iter__(self) -> Iterator[list[str]]:
        kinds = self.kinds
        for label, per_side in self.rows:
            cells: list[str] = [label]
            for s in self.sides:
                got = per_side[s]
                cells.extend(points(got[kind]) if kind == "total" or got[kind] else "·" for kind in kinds)
            yield cells


def _sheet_cells(game: Game, rows: SheetRows, names: list[str], sides: list[int], muggins: bool):
    """The sheet's columns (header, justify), its rows of cells (`_SheetBody`), and the `needs` row."""
    kinds = ["play", *(["muggins"] if muggins else []), "hands", "total"]
    heads = {
        "play": pgettext("sheet column", "play"),
        "muggins": pgettext("sheet column", "mugg"),
        "hands": pgettext("sheet column", "hand"),
        "total": pgettext("sheet column", "total"),
    }
    columns = [(pgettext("sheet column", "round"), "right", "")]
    for s in sides:
        for k, kind in enumerate(kinds):
            head = f"{names[s]}\n{heads[kind]}" if k == 0 and len(sides) > 1 else heads[kind]
            columns.append((head, "right", "bold" if kind == "total" else ""))
    needs = [pgettext("sheet column", "needs")]
    for s in sides:
        needs.extend([""] * (len(kinds) - 1) + [still_needs(game, s)])
    return columns, _SheetBody(rows, sides, kinds), needs


def _sheet_table(columns: list[tuple[str, str, str]], body: Iterable[list[str]], needs: list, gap: int):
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, padding=(0, 0, 0, gap), pad_edge=False, show_edge=False)
    for head, justify, style in columns:
        table.add_column(head, justify=justify, style=style)  # type: ignore[arg-type]
    for cells in body:
        table.add_row(*cells)
    table.add_row(Text(needs[0], style="dim"), *needs[1:], style="dim")
    return table


def _sheet_parts(game: Game, width: int, rows: SheetRows | None = None):
    """What the sheet shows, in order: (text, style) lines and (columns, body, needs, gap,
    widths) tables; one table when it fits the width, else one per side (closer set if need
    be). The rounds are read once (or `rows` were made as the record was read); the
    tables' cells are made when drawn."""
    if rows is None:
        rows = sheet_rows(game)
    if not rows:
        return [(_("(no moves yet)"), "dim")]
    names = [side_label(game, s) for s in range(len(game.sides))]
    muggins = game.rules.muggins or rows.any_muggins
    parts: list = [(_("to {target}").format(target=game.target), "bold")]
    wide = _sheet_cells(game, rows, names, list(range(len(names))), muggins)
    # The widest cell of each column of the wide table, found in one pass; a table of one
    # side has the same columns but for the headers.
    cells = column_widths([("", "", "")] * len(wide[0]), chain(wide[1], [wide[2]]))

    def widths(columns: list[tuple[str, str, str]], picked: list[int]) -> list[int]:
        return [max(n, w) for n, w in zip(column_widths(columns, []), (cells[k] for k in picked), strict=True)]

    wide_widths = widths(wide[0], list(range(len(cells))))
    if table_width(wide_widths, left=2, right=0) <= width:
        parts.append((*wide, 2, wide_widths))
    else:
        per_side = (len(cells) - 1) // len(names)
        for s in range(len(names)):
            parts.append((names[s], "bold"))
            one = _sheet_cells(game, rows, names, [s], muggins)
            one_widths = widths(one[0], [0, *range(1 + s * per_side, 1 + (s + 1) * per_side)])
            parts.append((*one, 2 if table_width(one_widths, left=2, right=0) <= width else 1, one_widths))
    if rows.playing:
        parts.append((_("* being played"), "dim"))
    elif game.winner is not None:
        parts.append((_("{who} won.").format(who=" & ".join(game.winners() or [])), "bold green"))
    return parts


def sheet(game: Game, width: int, rows: SheetRows | None = None) -> RenderableType:
    """The score sheet as paper keeps it: a row per round with each side's points from
    plays, muggins (in muggins games) and hands, and the running totals; the round being
    played; what each side still needs to reach the target. One table when it fits the
    width, else one per side."""
    from rich.console import Group
    from rich.text import Text

    shown: list[RenderableType] = []
    for part in _sheet_parts(game, width, rows):
        shown.append(Text(part[0], style=part[1]) if len(part) == 2 else _sheet_table(*part[:4]))
    return Group(*shown) if len(shown) > 1 else shown[0]


def sheet_lines(game: Game, width: int, rows: SheetRows | None = None):
    """The sheet as `sheet` draws it, as plain lines made one at a time (see STREAM_ROWS)."""
    for part in _sheet_parts(game, width, rows):
        if len(part) == 2:
            yield part[0]
        else:
            columns, body, needs, gap, widths = part
            yield from plain_table(columns, chain(body, [needs]), left=gap, right=0, widths=widths)


# --- pictures ---------------------------------------------------------------------------------

MARKERS = ("•", "x", "+", "o")  # one per side, so the race reads without colour too
COLOURS = ((0, 95, 215), (0, 135, 0), (215, 0, 0), (175, 95, 0))  # and one colour per side


class ScoreRace:
    """Each side's score after every move (and after each round's hands), counted from 0,
    with where each round starts and the muggins calls: made in one pass over the rounds
    and kept in arrays (a record at the size limit has 280,000 steps). `scores[s][i]` is
    side s's score after step i; `starts` gives (step, round number) per round played;
    `calls` (step, side) per muggins call."""

    def __init__(self, game: Game, *, read: bool = True) -> None:
        from array import array

        self.scores = [array("d", [0.0]) for _s in game.sides]
        self.start_steps = array("q")
        self.numbers = array("q")
        self.calls: list[tuple[int, int]] = []
        self._totals = [0.0] * len(game.sides)
        if read:
            for r in game.rounds:
                self.take(r)

    def take(self, r: Round) -> None:
        """Add round `r`'s steps, the rounds given in order (`read=False`: the caller reads)."""
        if not r.moves and r.hands is None:
            return
        step = len(self.scores[0]) - 1
        self.start_steps.append(step)
        self.numbers.append(r.number)
        moments: list[list] = [[] for _m in r.moves]
        hands = []
        for c in r.credits:
            if c.move is not None and 0 <= c.move < len(moments):
                moments[c.move].append(c)
            if c.source == "hands":
                hands.append(c)
        if r.hands is not None:
            moments.append(hands)
        totals = self._totals
        for credits in moments:
            step += 1
            for c in credits:
                totals[c.side] += float(c.points)
                if c.source == "muggins":
                    self.calls.append((step, c.side))
            for s, ys in enumerate(self.scores):
                ys.append(totals[s])

    @property
    def steps(self) -> range:
        return range(len(self.scores[0]))

    @property
    def starts(self) -> Iterator[tuple[int, int]]:
        return zip(self.start_steps, self.numbers, strict=True)


def score_race(game: Game) -> tuple[list[int], list[list[float]], list[tuple[int, int]]]:
    """Each side's score after every move (and after each round's hands), counted from 0,
    with where each round starts: (steps, scores per side, [(step, round number)])."""
    race = ScoreRace(game)
    return list(race.steps), [list(ys) for ys in race.scores], list(race.starts)


def chart(game: Game, width: int, height: int | None = None) -> RenderableType:
    """The score race drawn in the terminal: each side's score after every move, a line
    at the target, the rounds marked along the bottom. Drawn by plotext (imported here
    only, so no other command pays for it)."""
    import plotext  # type: ignore[import-untyped]  # plotext ships no type information
    from rich.console import Group
    from rich.text import Text

    steps, scores, starts = score_race(game)
    if len(steps) < 2:
        return Text(_("(no moves yet)"), style="dim")
    plotext.clf()
    plotext.limitsize(False, False)  # the page is drawn at its own width, not the terminal's
    plotext.plotsize(max(28, width), height or (12 if width < 60 else 18))
    plotext.theme("clear")  # no legend: inside the plot it hides the race on a narrow screen
    # Steps, not slopes: a score changes at a move and holds until the next.
    xs = [x for step in steps for x in (step, step)][1:]
    for s, ys in enumerate(scores):
        stepped = [y for i, y in enumerate(ys) for y in ((ys[i - 1] if i else y), y)][1:]
        plotext.plot(xs, stepped, marker=MARKERS[s % 4], color=COLOURS[s % 4])
    plotext.hline(game.target)
    for step, _number in starts[1:]:
        plotext.vline(step)
    # Only round numbers that do not run into the one before: when many would, plotext
    # chose which to show differently from one run to the next.
    room = max(28, width) - len(str(int(max(game.target, *(max(ys) for ys in scores))))) - 2
    last = steps[-1] or 1
    marks: list[tuple[int, int]] = []
    for step, number in starts:
        at = step * room / last
        if not marks or at >= marks[-1][0] * room / last + len(str(marks[-1][1])) + 1:
            marks.append((step, number))
    plotext.xticks([step for step, _n in marks], [str(n) for _s, n in marks])
    top = max(game.target, *(max(ys) for ys in scores))
    every = 25 if top <= 100 else 50 if top <= 300 else 100
    # At most ten marks on the axis, whatever the target: with hundreds, plotext picked
    # which to show differently from one run to the next.
    larger = 0
    while top / every > 10:  # 100, 250, 500, 1000, 2500, ...
        larger += 1
        every = (100, 250, 500)[larger % 3] * 10 ** (larger // 3)
    ticks = list(range(0, int(top) + every, every))
    plotext.ylim(0, ticks[-1])
    plotext.yticks(ticks, [str(t) for t in ticks])
    plotext.xlabel(_("round"))
    plotext.title(_("the race to {target}").format(target=game.target))
    drawn = str(plotext.build()).rstrip("\n")
    plotext.clf()
    key = Text("  ").join(
        Text.assemble(
            (MARKERS[s % 4], "bold rgb({},{},{})".format(*COLOURS[s % 4])), f" {side_label(game, s)} {points(game.scores[s])}"
        )
        for s in range(len(game.sides))
    )
    lines = [Text.from_ansi(line) for line in drawn.split("\n")]
    for line in lines:
        line.rstrip()
    return Group(Text("\n").join(lines), key)


def hands_summary(game: Game, r) -> str:
    won = [f"{side_label(game, s)} +{points(p)}" for s, p in enumerate(r.award.points) if p]
    how = _("domino by {player}").format(player=game.players[r.domino_maker]) if r.result == "domino" else _("blocked")
    reason = award_reason(game, r)
    said = _("{who}: {why}").format(who=", ".join(won), why=reason) if won else reason
    return _("{how}; {said}").format(how=how, said=said)
