"""What a player sees: rich renderables for the layout, the scores and the log. Nothing
here changes a game; the CLI prints what these return."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from scorepad.engine.game import Game, Outcome
from scorepad.engine.layout import Layout, Lying, Placed, arm_lying, line_lying
from scorepad.engine.notation import Draw, Muggins, Pass, Play, shown_move
from scorepad.engine.tiles import End
from scorepad.i18n import _, either, ngettext, pgettext
from scorepad.views.summary import MugginsMark, muggins_marks

if TYPE_CHECKING:
    from fractions import Fraction


def points(value: int | Fraction) -> str:
    """Scores as a player writes them: 15, 7½."""
    whole = int(value)
    return str(whole) if value == whole else f"{whole}½" if whole or value > 0 else "½"


def _tile(p: Placed, left: int, right: int) -> Text:
    if p.tile.is_double:
        return Text(f"{{{left}|{right}}}" if p.spinner else f"[{left}|{right}]", style="bold magenta" if p.spinner else "bold")
    return Text(f"{left}-{right}")


ELLIPSIS = "…"
ARM_TILES = 4  # a side arm longer than this shows its outer tiles only (in the status)


def _joined(parts: list[Text | None], tight: bool) -> tuple[Text, list[int]]:
    """The parts of a line joined by spaces, a None drawn as `…`; with the start column
    of each part. `tight` leaves out the spaces around `…` where room is short."""
    line = Text()
    starts: list[int] = []
    for i, part in enumerate(parts):
        if i and not (tight and (part is None or parts[i - 1] is None)):
            line.append(" ")
        starts.append(len(line))
        line.append_text(Text(ELLIPSIS, style="dim") if part is None else part)
    return line, starts


def _fit(pieces: list[Text], keep: set[int], tight: bool = False) -> tuple[Text, list[int]]:
    """The line with only the pieces in `keep`; each run of pieces left out becomes `…`.
    Returns the line and, per piece kept, its start column (-1 for one left out)."""
    parts: list[Text | None] = []
    index: list[int] = []
    for i, piece in enumerate(pieces):
        if i in keep:
            parts.append(piece)
            index.append(i)
        elif not parts or parts[-1] is not None:
            parts.append(None)
            index.append(-1)
    line, starts = _joined(parts, tight)
    columns = [-1] * len(pieces)
    for i, start in zip(index, starts):
        if i >= 0:
            columns[i] = start
    return line, columns


def _line_in(pieces: list[Text], spinner: int | None, room: int) -> tuple[Text, list[int]]:
    """The W-E line in `room` columns. The spinner and both outer tiles always stay; then
    tiles are kept from each outer end inwards, E and W in turn, and what is left out is
    shown as `…` between the spinner (or the middle) and the outer tiles."""
    everything = set(range(len(pieces)))
    line, columns = _fit(pieces, everything)
    if len(line) <= room:
        return line, columns
    keep = {0, len(pieces) - 1} | ({spinner} if spinner is not None else set())
    line, columns = _fit(pieces, keep)
    if len(line) > room:
        return _fit(pieces, keep, tight=True)  # the least that must show: never fewer tiles
    west, east = 1, len(pieces) - 2
    from_east = True
    while True:
        # The next tile inwards on each side, stopping at the spinner or the other side.
        candidates = []
        if east >= 0 and east not in keep and (spinner is None or east > spinner):
            candidates.append(("E", east))
        if west < len(pieces) and west not in keep and (spinner is None or west < spinner):
            candidates.append(("W", west))
        if not candidates:
            break
        side, i = next((c for c in candidates if (c[0] == "E") == from_east), candidates[0])
        if spinner is None and west > east:
            break
        trial, trial_columns = _fit(pieces, keep | {i})
        if len(trial) > room:
            break
        keep.add(i)
        line, columns = trial, trial_columns
        if side == "E":
            east -= 1
        else:
            west += 1
        from_east = not from_east
    return line, columns


def _arm_tile(t: Lying) -> str:
    """A side-arm tile as it reads from top to bottom."""
    return f"[{t.first}|{t.second}]" if t.placed.tile.is_double else f"{t.first}|{t.second}"


def draw_layout(layout: Layout, width: int, arm_tiles: int | None = None) -> RenderableType:
    """The layout as it lies: the W-E line with each end's count at its outer end, and the
    spinner's N arm above it and S arm below, drawn outward from the spinner with their
    counts at the top and the bottom. Where room is short the spinner and the outer tiles
    stay and `…` stands for the tiles between them: in a line too wide for `width`, and in
    a side arm longer than `arm_tiles`."""
    if not layout.placed:
        return Text(_("(no tile on the table yet)"), style="dim")
    pieces: list[Text] = []  # W to E
    spinner = None
    for i, t in enumerate(line_lying(layout)):
        if t.placed.spinner:
            spinner = i
        pieces.append(_tile(t.placed, t.first, t.second))
    counts = layout.end_counts()
    west = Text(f"{End.W.label}{counts[End.W]} ", style="cyan")
    east = Text(f" {End.E.label}{counts[End.E]}", style="cyan")
    drawn, columns = _line_in(pieces, spinner, max(1, width - len(west) - len(east)))
    row = Text.assemble(west, drawn, east)
    if not layout.side_arms_open() or spinner is None:
        return row
    centre = len(west) + columns[spinner] + len(pieces[spinner]) // 2

    def column(text: str, style: str = "") -> Text:
        return Text.assemble(" " * max(0, centre - len(text) // 2), (text, style))

    def arm(end: End) -> list[Text]:
        """The arm's rows from the spinner outwards, its count last."""
        rows = [column(_arm_tile(t), "bold" if t.placed.tile.is_double else "") for t in arm_lying(layout, end)]
        if arm_tiles is not None and len(rows) > arm_tiles:
            rows = [column(ELLIPSIS, "dim"), *rows[len(rows) - arm_tiles + 1 :]]
        label = f"{end.label}{counts[end]}" if layout.arm(end) else f"{end.label}·"
        return [*rows, column(label, "cyan")]

    return Group(*reversed(arm(End.N)), row, *arm(End.S))


def ends_line(layout: Layout) -> Text:
    """`W 2 + E 3 + N 0 = 5`, highlighted when the sum scores."""
    if not layout.placed:
        return Text("")
    counts = layout.end_counts()
    total = layout.end_sum
    parts = " + ".join(f"{end.label} {n}" for end, n in counts.items())
    text = Text(_("ends {terms} = ").format(terms=parts))
    scores = total > 0 and total % 5 == 0
    text.append(str(total), style="bold black on yellow" if scores else "bold")
    return text


def explain(game: Game, out: Outcome) -> Text:
    """What the move just recorded did, in one line: `Bob 6-6 E +15: 3 + 6|6 = 15`
    (an outer double shows both its halves). In a muggins game a play whose claim was
    not right reads plainly: `Cy 3-5 W: claimed 5, counts 4: nothing scores`."""
    move = out.move
    text = Text()
    if isinstance(move, Play):
        where = f" {move.end.label}" if move.end else _(" (lead)")
        terms = " + ".join(f"{n}|{n}" if doubled else str(n) for _e, n, doubled in game.current.layout.counted_ends())
        claim_wrong = game.rules.muggins and not out.credits and (out.score or move.claim)
        if claim_wrong:
            text.append(f"{move.player} {move.tile}{where}: ", style="bold")
            said = _("claimed {claim}").format(claim=move.claim) if move.claim is not None else _("not claimed")
            text.append(_("{said}, counts {sum}: nothing scores").format(said=said, sum=out.end_sum), style="yellow")
        else:
            text.append(f"{move.player} {move.tile}{where} ", style="bold")
            if out.credits:
                text.append(f"+{points(out.credits[0].points)}", style="bold green")
            else:
                text.append("+0", style="dim")
            text.append(f": {terms} = {out.end_sum}")
    elif isinstance(move, Draw):
        text.append(_("{player} drew {count}").format(player=move.player, count=move.count), style="bold")
    elif isinstance(move, Pass):
        text.append(_("{player} passed").format(player=move.player), style="bold")
    elif isinstance(move, Muggins):
        taken = points(out.credits[0].points)
        text.append(_("Muggins! {player} takes +{points}").format(player=move.player, points=taken), style="bold green")
    for warning in out.warnings:
        text.append(f"\n! {warning}", style="bold red")
    return text


def muggins_chance(game: Game, live: bool = False) -> Text | None:
    """Who may call muggins on the play just made, what it takes, and how to say it:
    `m Ann` at the live prompt, `scorepad muggins Ann` on the command line."""
    r = game.current
    missed = r.pending
    if missed is None or game.winner is not None:
        return None
    callers = [game.players[p] for s, side in enumerate(game.sides) if s != missed.side for p in side]
    who = either(callers)
    if missed.penalty:
        what = _("{who} may call muggins for {points} (the claim was too high):").format(who=who, points=missed.amount)
    else:
        what = _("{who} may call muggins for the missed {points}:").format(who=who, points=missed.amount)
    how = f"m {callers[0]}" if live else f"scorepad muggins {callers[0]}"
    # The command on a line of its own, so a narrow screen never breaks it.
    return Text.assemble((what, "yellow"), "\n  ", (how, "bold"))


def scores_lines(game: Game) -> Text:
    """One line per side: names, score, tiles held, and a marker on whose turn it is."""
    r = game.current
    rows = []
    for s, side in enumerate(game.sides):
        names = " & ".join(game.players[p] for p in side)
        if game.winner is not None and s in game.winner:
            names = ngettext("{names} wins", "{names} win", len(side)).format(names=names)
        if len(side) == 1:
            tiles = ngettext("{held} tile", "{held} tiles", r.hand_sizes[side[0]]).format(held=r.hand_sizes[side[0]])
        else:
            # Partners: each count next to its player's name, so nobody has to know the seats.
            held = ", ".join(f"{game.players[p]} {r.hand_sizes[p]}" for p in side)
            tiles = _("tiles: {held}").format(held=held)
        turn = game.turn is not None and game.players.index(game.turn) in side
        rows.append((names, points(game.scores[s]), tiles + (" ◀" if turn else ""), turn))
    name_width = max(len(n) for n, *_ in rows)
    score_width = max(len(p) for _, p, *_ in rows)
    text = Text()
    for i, (names, score, held, turn) in enumerate(rows):
        if i:
            text.append("\n")
        text.append(f"{names:<{name_width}}  {score:>{score_width}}", style="bold" if turn else "")
        text.append(f"  {held}", style="dim")
    return text


def status(game: Game, width: int, out: Outcome | None = None, live: bool = False) -> RenderableType:
    """Everything a player needs after a move, from the top: what the move did, the
    layout, the ends, the scores and hands, and whose turn it is. `live`: hints in the
    live prompt's syntax rather than the command line's."""
    r = game.current
    parts: list[RenderableType] = []
    if out is not None:
        parts.append(explain(game, out))
    parts.append(draw_layout(r.layout, width, ARM_TILES))
    if r.layout.placed:
        parts.append(ends_line(r.layout))
    facts = [
        _("round {number}").format(number=r.number),
        _("target {target}").format(target=game.target),
        _("boneyard {boneyard}").format(boneyard=r.boneyard),
    ]
    if game.rules.muggins:
        facts.append(_("muggins on"))
    parts.append(Text(_dotted(facts, width), style="dim"))
    parts.append(scores_lines(game))
    chance = muggins_chance(game, live)
    if chance is not None:
        parts.append(chance)
    parts.append(next_step(game, live))
    return Group(*parts)


def _dotted(facts: list[str], width: int) -> str:
    """Facts joined by ` · `, a line broken between facts rather than inside one."""
    lines = [facts[0]]
    for fact in facts[1:]:
        if len(lines[-1]) + 3 + len(fact) <= width:
            lines[-1] += " · " + fact
        else:
            lines.append(fact)
    return "\n".join(lines)


def next_step(game: Game, live: bool = False) -> Text:
    r = game.current
    command = "" if live else "scorepad "
    if game.winner is not None:
        return Text(
            _("Game over: {names} won.\nNext game: {command}new").format(names=" & ".join(game.winners() or []), command=command),
            style="bold green",
        )
    if r.result is not None:
        if r.result == "domino":
            assert r.domino_maker is not None  # push() names the maker of every domino
            over = _("Round over: {name} made domino.").format(name=game.players[r.domino_maker])
        else:
            over = _("Round over: blocked.")
        holders = [game.players[p] for p, n in enumerate(r.hand_sizes) if n]
        pips = _("PIPS")
        return Text(
            over
            + "\n"
            + _("Next: {command}hands {hands}").format(command=command, hands=" ".join(f"{h}={pips}" for h in holders)),
            style="bold",
        )
    if r.turn is None:
        how = _("the highest double") if r.opener_rule == "highest-double" else _("the lot")
        if live:
            return Text(
                _("Who leads? ({how}) Type the lead with @NAME, e.g. 64 @{name}").format(how=how, name=game.players[0]),
                style="bold",
            )
        return Text(_("Who leads? ({how}) Record the lead with --by NAME.").format(how=how), style="bold")
    return Text(_("{name} to play.").format(name=game.players[r.turn]), style="bold")


# Past this many rows, `log` and `sheet` write their tables line by line as plain text
# (`plain_table`): rich lays out a table at about 2 ms a row, and a record at the size
# limit has 400,000 moves. Below it, rich draws them (with styles, wrapped to the width).
STREAM_ROWS = 2000


def _log_rounds(game: Game, only_round: int | None = None):
    """Per round shown in the log: its title, its rows (#, move, sum, points), and the
    lines under it (the hands and what they gave), or none."""
    for r in game.rounds:
        if not r.moves and r.hands is None:
            continue
        if only_round is not None and r.number != only_round:
            continue
        sums = _sums(game, r)
        marks = muggins_marks(game, r)
        by_move: dict[int | None, list] = {}
        for c in r.credits:
            by_move.setdefault(c.move, []).append(c)
        rows = []
        for i, move in enumerate(r.moves):
            got = by_move.get(i, ())
            pts = " ".join(f"+{points(c.points)}" + (f" {game.players[c.player]}" if c.source == "muggins" else "") for c in got)
            if i in marks:
                pts = " ".join(filter(None, [pts, _muggins_mark(marks[i])]))
            rows.append((str(i + 1), shown_move(move), sums.get(i, ""), pts))
        under: list[tuple[str, str]] = []
        if r.award is not None and r.hands is not None:  # end_round sets both together
            # Under the table at the full width: in the move column they wrapped to slivers.
            hands = ", ".join(
                f"{game.players[p]} {h if isinstance(h, int) else ' '.join(map(str, h))}" for p, h in r.hands.items()
            )
            won = [f"{_side(game, s)} +{points(x)}" for s, x in enumerate(r.award.points) if x]
            under.append((_("hands: {hands}").format(hands=hands), ""))
            why = award_reason(game, r)
            under.append((_("{who}: {why}").format(who=", ".join(won), why=why) if won else why, "dim"))
        yield _("Round {number}").format(number=r.number), rows, under


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
    from rich.table import Table

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
    from scorepad.views.console import wrapped

    shown = False
    for title, rows, under in _log_rounds(game, only_round):
        shown = True
        yield from plain_table(_log_columns(), rows, title=title, left=1, right=1)
        for line, _style in under:
            yield wrapped(line, width)
    if not shown:
        yield _("(no moves yet)")


def column_widths(columns: list[tuple[str, str, str]], rows: list) -> list[int]:
    """Each column's width as rich gives it when the table fits: its widest cell or header line."""
    from rich.cells import cell_len

    widths = [max(cell_len(line) for line in column[0].split("\n")) for column in columns]
    for row in rows:
        for k, cell in enumerate(row):
            n = len(cell) if cell.isascii() else cell_len(cell)
            widths[k] = max(widths[k], n)
    return widths


def plain_table(columns: list[tuple[str, str, str]], rows: list, *, title: str | None = None, left: int, right: int):
    """A table as rich draws one with `box=None, pad_edge=False` when it fits its width:
    each column as wide as its widest cell (`column_widths`), headers of several lines
    drawn at the bottom, `left`/`right` spaces of padding between columns, every line
    filled out to the table's width, the title left-justified above."""
    from rich.cells import cell_len

    widths = column_widths(columns, rows)
    n = len(columns)
    right_justified = [column[1] == "right" for column in columns]
    before = ["" if k == 0 else " " * left for k in range(n)]
    after = [" " * right if k < n - 1 else "" for k in range(n)]

    def line(cells) -> str:
        out = []
        for k, cell in enumerate(cells):
            pad = " " * (widths[k] - (len(cell) if cell.isascii() else cell_len(cell)))
            out.append(before[k] + (pad + cell if right_justified[k] else cell + pad) + after[k])
        return "".join(out)

    if title is not None:
        yield title + " " * (table_width(widths, left=left, right=right) - cell_len(title))
    heads = [column[0].split("\n") for column in columns]
    height = max(len(head) for head in heads)
    for h in range(height):
        yield line([head[h - height + len(head)] if h >= height - len(head) else "" for head in heads])
    for row in rows:
        yield line(row)


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
    """The end sum after each play of a round, re-laid on a fresh layout."""
    layout = Layout(game.rules.spinner == "first-double")
    sums = {}
    for i, move in enumerate(r.moves):
        if isinstance(move, Play):
            sums[i] = str(layout.place(move.tile, move.end))
    return sums


# --- the paper tally (seed 000) -------------------------------------------------------------

FIFTY = ("\\ x /", "x X x", "/ x \\")  # a large X, a small x in each of its four fields


def tally(game: Game, width: int) -> RenderableType:
    """Each side's score as the traditional paper tally: a 50-point sign for every 50, a
    stroke for every 5 left, and half points noted apart."""
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


def _side(game: Game, side: int) -> str:
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
        ).format(side=_side(game, own))
        if rules.blocked_award == "as-domino":
            how = domino(own)
        elif rules.blocked_award == "rounded-sides-minus-own":
            how = (
                " + ".join(f"round5({_side(game, s)} {side_pips[s]})" for s in others)
                + f" - round5({_side(game, own)} {side_pips[own]})"
            )
        elif rules.blocked_award == "difference":
            # The other sides' pips together, less the winner's own, rounded once.
            how = "round5({others} - {own})".format(
                others=" + ".join(f"{_side(game, s)} {side_pips[s]}" for s in others), own=f"{_side(game, own)} {side_pips[own]}"
            )
        if how is not None:
            how = _("{fewest}: {how}").format(fewest=fewest, how=how)
    elif any(award.points):
        third = next(s for s, n in enumerate(award.points) if not n)
        how = _("{points} split: round5({side} {pips})").format(
            points=points(sum(award.points)), side=_side(game, third), pips=side_pips[third]
        )
    else:
        how = _("fewest pips tied: nobody scores")
    return how if how is not None else award.why


def hands_note(game: Game, out: Outcome) -> str:
    """Who received what for the hands just entered, and why:
    `Ann +15: round5(Bob 8 + Cy 9)`, `Ann +7½, Bob +7½: 15 split: round5(Cy 13)`."""
    assert out.award is not None  # called for the outcome of end_round only
    r = next(r for r in reversed(game.rounds) if r.award is out.award)
    won = [f"{_side(game, s)} +{points(p)}" for s, p in enumerate(out.award.points) if p]
    reason = award_reason(game, r)
    if not won:
        return reason
    return _("{who}: {why}").format(who=", ".join(won), why=reason)


# --- the score sheet ------------------------------------------------------------------------


def sheet_rows(game: Game) -> list[tuple[str, list[dict[str, int | Fraction]]]]:
    """Per round played, its label and per side the points from plays, muggins and hands
    and the running total after it. The round being played is labelled `N*`."""
    rows = []
    totals: list[int | Fraction] = [0] * len(game.sides)
    for r in game.rounds:
        playing = r is game.current and r.hands is None and game.winner is None
        if not r.moves and r.hands is None and not (playing and len(game.rounds) > 1):
            continue
        per_side = []
        for s in range(len(game.sides)):
            got: dict[str, int | Fraction] = {"play": 0, "muggins": 0, "hands": 0}
            for credit in r.credits:
                if credit.side == s:
                    got[credit.source] += credit.points
            totals[s] += sum(got.values())
            per_side.append({**got, "total": totals[s]})
        rows.append((f"{r.number}*" if playing else str(r.number), per_side))
    return rows


def _needs(game: Game, s: int) -> str:
    if game.winner is not None and s in game.winner:
        return _("won")
    return points(max(0, game.target - game.scores[s]))


def _sheet_cells(game: Game, rows: list, names: list[str], sides: list[int], muggins: bool):
    """The sheet's columns (header, justify), a row of cells per round, and the `needs` row."""
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
    body = []
    for label, per_side in rows:
        cells: list[str] = [label]
        for s in sides:
            got = per_side[s]
            cells.extend(points(got[kind]) if kind == "total" or got[kind] else "·" for kind in kinds)
        body.append(cells)
    needs = [pgettext("sheet column", "needs")]
    for s in sides:
        needs.extend([""] * (len(kinds) - 1) + [_needs(game, s)])
    return columns, body, needs


def _sheet_table(columns: list[tuple[str, str, str]], body: list, needs: list, gap: int):
    from rich.table import Table

    table = Table(box=None, padding=(0, 0, 0, gap), pad_edge=False, show_edge=False)
    for head, justify, style in columns:
        table.add_column(head, justify=justify, style=style)  # type: ignore[arg-type]
    for cells in body:
        table.add_row(*cells)
    table.add_row(Text(needs[0], style="dim"), *needs[1:], style="dim")
    return table


def _sheet_parts(game: Game, width: int):
    """What the sheet shows, in order: (text, style) lines and (columns, body, needs, gap)
    tables; one table when it fits the width, else one per side (closer set if need be)."""
    rows = sheet_rows(game)
    if not rows:
        return [(_("(no moves yet)"), "dim")]
    names = [_side(game, s) for s in range(len(game.sides))]
    muggins = game.rules.muggins or any(c.source == "muggins" for r in game.rounds for c in r.credits)
    parts: list = [(_("to {target}").format(target=game.target), "bold")]

    def fits(cells, gap: int) -> bool:
        columns, body, needs = cells
        return table_width(column_widths(columns, [*body, needs]), left=gap, right=0) <= width

    wide = _sheet_cells(game, rows, names, list(range(len(names))), muggins)
    if fits(wide, 2):
        parts.append((*wide, 2))
    else:
        for s in range(len(names)):
            parts.append((names[s], "bold"))
            one = _sheet_cells(game, rows, names, [s], muggins)
            parts.append((*one, 2 if fits(one, 2) else 1))
    if any(label.endswith("*") for label, _ in rows):
        parts.append((_("* being played"), "dim"))
    elif game.winner is not None:
        parts.append((_("{who} won.").format(who=" & ".join(game.winners() or [])), "bold green"))
    return parts


def sheet(game: Game, width: int) -> RenderableType:
    """The score sheet as paper keeps it: a row per round with each side's points from
    plays, muggins (in muggins games) and hands, and the running totals; the round being
    played; what each side still needs to reach the target. One table when it fits the
    width, else one per side."""
    shown: list[RenderableType] = []
    for part in _sheet_parts(game, width):
        shown.append(Text(part[0], style=part[1]) if len(part) == 2 else _sheet_table(*part))
    return Group(*shown) if len(shown) > 1 else shown[0]


def sheet_lines(game: Game, width: int):
    """The sheet as `sheet` draws it, as plain lines (see STREAM_ROWS)."""
    for part in _sheet_parts(game, width):
        if len(part) == 2:
            yield part[0]
        else:
            columns, body, needs, gap = part
            yield from plain_table(columns, [*body, needs], left=gap, right=0)


# --- pictures ---------------------------------------------------------------------------------

MARKERS = ("•", "x", "+", "o")  # one per side, so the race reads without colour too
COLOURS = ((0, 95, 215), (0, 135, 0), (215, 0, 0), (175, 95, 0))  # and one colour per side


def score_race(game: Game) -> tuple[list[int], list[list[float]], list[tuple[int, int]]]:
    """Each side's score after every move (and after each round's hands), counted from 0,
    with where each round starts: (steps, scores per side, [(step, round number)])."""
    steps = [0]
    scores: list[list[float]] = [[0.0] for _s in game.sides]
    totals = [0.0] * len(game.sides)
    starts = []
    step = 0
    for r in game.rounds:
        if not r.moves and r.hands is None:
            continue
        starts.append((step, r.number))
        moments = [[c for c in r.credits if c.move == i] for i in range(len(r.moves))]
        if r.hands is not None:
            moments.append([c for c in r.credits if c.source == "hands"])
        for credits in moments:
            step += 1
            for c in credits:
                totals[c.side] += float(c.points)
            steps.append(step)
            for s in range(len(game.sides)):
                scores[s].append(totals[s])
    return steps, scores, starts


def chart(game: Game, width: int, height: int | None = None) -> RenderableType:
    """The score race drawn in the terminal: each side's score after every move, a line
    at the target, the rounds marked along the bottom. Drawn by plotext (imported here
    only, so no other command pays for it)."""
    import plotext  # type: ignore[import-untyped]  # plotext ships no type information

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
    plotext.xticks([step for step, _n in starts], [str(n) for _s, n in starts])
    top = max(game.target, *(max(ys) for ys in scores))
    every = 25 if top <= 100 else 50 if top <= 300 else 100
    ticks = list(range(0, int(top) + every, every))
    plotext.ylim(0, ticks[-1])
    plotext.yticks(ticks, [str(t) for t in ticks])
    plotext.xlabel(_("round"))
    plotext.title(_("the race to {target}").format(target=game.target))
    drawn = str(plotext.build()).rstrip("\n")
    plotext.clf()
    key = Text("  ").join(
        Text.assemble(
            (MARKERS[s % 4], "bold rgb({},{},{})".format(*COLOURS[s % 4])), f" {_side(game, s)} {points(game.scores[s])}"
        )
        for s in range(len(game.sides))
    )
    lines = [Text.from_ansi(line) for line in drawn.split("\n")]
    for line in lines:
        line.rstrip()
    return Group(Text("\n").join(lines), key)


def hands_summary(game: Game, r) -> str:
    won = [f"{_side(game, s)} +{points(p)}" for s, p in enumerate(r.award.points) if p]
    how = _("domino by {player}").format(player=game.players[r.domino_maker]) if r.result == "domino" else _("blocked")
    reason = award_reason(game, r)
    said = _("{who}: {why}").format(who=", ".join(won), why=reason) if won else reason
    return _("{how}; {said}").format(how=how, said=said)
