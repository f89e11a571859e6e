"""What a player sees: rich renderables for the layout, the scores and the log. Nothing
here changes a game; the CLI prints what these return."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group, RenderableType
from rich.text import Text

from scorepad.game import Game, Outcome
from scorepad.i18n import _
from scorepad.layout import Layout, Placed
from scorepad.notation import Draw, Muggins, Pass, Play
from scorepad.summary import MugginsMark, muggins_marks
from scorepad.tiles import End


def points(value: int | Fraction) -> str:
    """Scores as a player writes them: 15, 7½."""
    whole = int(value)
    return str(whole) if value == whole else f"{whole}½" if whole or value > 0 else "½"


def _tile(p: Placed, spinner: bool, left: int, right: int) -> Text:
    if p.tile.is_double:
        text = f"{{{left}|{right}}}" if spinner else f"[{left}|{right}]"
        return Text(text, style="bold magenta" if spinner else "bold")
    return Text(f"{left}-{right}")


def _outer_tiles(tiles: list[Text], room: int) -> Text:
    """As many tiles from both ends of the line as fit in `room` columns, taken from each
    end in turn (the outer tiles are what the next plays depend on), with … between."""
    west: list[Text] = []
    east: list[Text] = []
    used = 1  # the ellipsis
    i, j = 0, len(tiles) - 1
    from_east = True
    while i <= j:
        tile = tiles[j] if from_east else tiles[i]
        if used + len(tile) + 1 > room:
            break
        used += len(tile) + 1
        if from_east:
            east.insert(0, tile)
            j -= 1
        else:
            west.append(tile)
            i += 1
        from_east = not from_east
    return Text(" ").join([*west, Text("…", style="dim"), *east])


def draw_layout(layout: Layout, width: int) -> RenderableType:
    """The layout as it lies: the W-E line, and the spinner's N arm above it and S arm
    below. A line too wide for the terminal loses tiles from its middle."""
    if not layout.placed:
        return Text("(no tile on the table yet)", style="dim")
    lead = layout.placed[0]
    pieces: list[tuple[Text, bool]] = []  # W to E, with "is the spinner"
    for p in reversed(layout.arm(End.W)):
        pieces.append((_tile(p, p.spinner, p.outer, p.inner), p.spinner))
    pieces.append((_tile(lead, lead.spinner, lead.tile.a, lead.tile.b), lead.spinner))
    for p in layout.arm(End.E):
        pieces.append((_tile(p, p.spinner, p.inner, p.outer), p.spinner))
    counts = layout.end_counts()
    west, east = Text(f"W{counts[End.W]} ", style="cyan"), Text(f" E{counts[End.E]}", style="cyan")
    line = Text(" ").join(t for t, _ in pieces)
    room = width - len(west) - len(east)
    spinner_at = None
    if len(line) <= room:
        offset = 0
        for text, is_spinner in pieces:
            if is_spinner:
                spinner_at = len(west) + offset + len(text) // 2
            offset += len(text) + 1
    else:
        line = _outer_tiles([t for t, _ in pieces], room)
    rows: list[Text] = []
    north = layout.arm(End.N)
    south = layout.arm(End.S)
    if layout.side_arms_open():
        n_tiles = [f"{p.outer}|{p.inner}" if not p.tile.is_double else f"[{p.outer}|{p.outer}]" for p in reversed(north)]
        s_tiles = [f"{p.inner}|{p.outer}" if not p.tile.is_double else f"[{p.outer}|{p.outer}]" for p in south]
        n_label = f"N{counts[End.N]}" if north else "N·"
        s_label = f"S{counts[End.S]}" if south else "S·"
        if spinner_at is not None:
            def column(text: str, style: str = "") -> Text:
                return Text.assemble(" " * max(0, spinner_at - len(text) // 2), (text, style))

            rows.append(column(n_label, "cyan"))
            rows.extend(column(t) for t in n_tiles)
            rows.append(Text.assemble(west, line, east))
            rows.extend(column(t) for t in s_tiles)
            rows.append(column(s_label, "cyan"))
            return Group(*rows)
        rows.append(Text.assemble((f"{n_label} ", "cyan"), " ".join(n_tiles) or "(open)"))
        rows.append(Text.assemble(west, line, east))
        rows.append(Text.assemble((f"{s_label} ", "cyan"), " ".join(s_tiles) or "(open)"))
        return Group(*rows)
    return Text.assemble(west, line, east)


def ends_line(layout: Layout) -> Text:
    """`W 2 + E 3 + N 0 = 5`, highlighted when the sum scores."""
    if not layout.placed:
        return Text("")
    counts = layout.end_counts()
    total = layout.end_sum
    parts = " + ".join(f"{end.value} {n}" for end, n in counts.items())
    text = Text(f"ends {parts} = ")
    scores = total > 0 and total % 5 == 0
    text.append(str(total), style="bold black on yellow" if scores else "bold")
    return text


def explain(game: Game, out: Outcome) -> Text:
    """What the move just recorded did, in one line: `Bob 6-6 E +15: 3 + 6|6 = 15`
    (an outer double shows both its halves)."""
    move = out.move
    text = Text()
    if isinstance(move, Play):
        where = f" {move.end.value}" if move.end else " (lead)"
        text.append(f"{move.player} {move.tile}{where} ", style="bold")
        if out.credits:
            text.append(f"+{points(out.credits[0].points)}", style="bold green")
        elif out.score and game.rules.muggins:
            text.append(f"{out.score} missed", style="yellow")
        elif move.claim and game.rules.muggins:
            text.append(f"claimed {move.claim}!", style="yellow")
        else:
            text.append("+0", style="dim")
        terms = " + ".join(f"{n}|{n}" if doubled else str(n) for _, n, doubled in game.current.layout.counted_ends())
        text.append(f": {terms} = {out.end_sum}")
    elif isinstance(move, Draw):
        text.append(f"{move.player} drew {move.count}", style="bold")
    elif isinstance(move, Pass):
        text.append(f"{move.player} passed", style="bold")
    elif isinstance(move, Muggins):
        text.append(f"Muggins! {move.player} takes +{points(out.credits[0].points)}", style="bold green")
    for warning in out.warnings:
        text.append(f"\n! {warning}", style="bold red")
    return text


def scores_lines(game: Game) -> Text:
    """One line per side: names, score, tiles held, and a marker on whose turn it is."""
    r = game.current
    rows = []
    for s, side in enumerate(game.sides):
        names = " & ".join(game.players[p] for p in side)
        if game.winner is not None and s in game.winner:
            names += " wins"
        held = ", ".join(str(r.hand_sizes[p]) for p in side)
        unit = "tile" if held == "1" else "tiles"
        turn = game.turn is not None and game.players.index(game.turn) in side
        rows.append((names, points(game.scores[s]), f"{held} {unit}" + (" ◀" if turn else ""), turn))
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
    parts.append(draw_layout(r.layout, width))
    if r.layout.placed:
        parts.append(ends_line(r.layout))
    parts.append(Text(f"round {r.number} · target {game.target} · boneyard {r.boneyard}", style="dim"))
    parts.append(scores_lines(game))
    parts.append(next_step(game, live))
    return Group(*parts)


def next_step(game: Game, live: bool = False) -> Text:
    """What happens next, with the command to type: `live` in the live prompt's syntax."""
    from scorepad.i18n import _

    r = game.current
    command = "" if live else "scorepad "
    if game.winner is not None:
        return Text(
            _("Game over: {names} won.\nNext game: {command}new").format(
                names=" & ".join(game.winners() or []), command=command),
            style="bold green",
        )
    if r.result is not None:
        how = f"{game.players[r.domino_maker]} made domino" if r.result == "domino" else "blocked"
        holders = [game.players[p] for p, n in enumerate(r.hand_sizes) if n]
        return Text(
            f"Round over: {how}.\n"
            + _("Next: {command}hands {hands}").format(command=command, hands=" ".join(f"{h}=PIPS" for h in holders)),
            style="bold",
        )
    if r.turn is None:
        how = "the highest double" if r.opener_rule == "highest-double" else "the lot"
        if live:
            return Text(_("Who leads? ({how}) Type the lead with @NAME, e.g. 64 @{name}").format(
                how=how, name=game.players[0]), style="bold")
        return Text(f"Who leads? ({how}) Record the lead with --by NAME.", style="bold")
    return Text(f"{game.players[r.turn]} to play.", style="bold")


def log_table(game: Game, round_number: int | None = None) -> RenderableType:
    """Every move with its sum and points, round by round; only one round if given."""
    from rich.table import Table

    parts: list[RenderableType] = []
    for r in game.rounds:
        if round_number is not None and r.number != round_number:
            continue
        if not r.moves and r.hands is None:
            continue
        table = Table(title=f"Round {r.number}", title_justify="left", box=None, padding=(0, 1), pad_edge=False)
        table.add_column("#", justify="right", style="dim")
        table.add_column("move")
        table.add_column("sum", justify="right")
        table.add_column("pts", justify="right")
        sums = _sums(game, r)
        marks = muggins_marks(game, r)
        for i, move in enumerate(r.moves):
            got = [c for c in r.credits if c.move == i]
            pts = " ".join(f"+{points(c.points)}" + (f" {game.players[c.player]}" if c.source == "muggins" else "") for c in got)
            if i in marks:
                pts = " ".join(filter(None, [pts, _muggins_mark(marks[i])]))
            table.add_row(str(i + 1), str(move), sums.get(i, ""), pts)
        if r.award is not None:
            hands = ", ".join(f"{game.players[p]} {h if isinstance(h, int) else ' '.join(map(str, h))}" for p, h in r.hands.items())
            won = [points(x) for x in r.award.points]
            table.add_row("", f"hands: {hands}", "", " ".join(f"+{w}" for w in won if w != "0"))
            table.add_row("", Text(r.award.why, style="dim"), "", "")
        parts.append(table)
    return Group(*parts) if parts else Text("(no moves yet)", style="dim")


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
            chunk = signs[start:start + per_line]
            rows = ["  " + " ".join(FIFTY[i] for _ in chunk) for i in range(3)]
            if start + per_line >= len(signs):
                rows[1] += ("  " if chunk else "") + "|" * strokes
            if any(r.strip() for r in rows):
                parts.append(Text("\n".join(r.rstrip() for r in rows) if chunk else rows[1].rstrip()))
        if rest:
            parts.append(Text(f"  apart: {points(rest)}", style="dim"))
    return Group(*parts)


def rules_table(rules, players: int | None = None) -> RenderableType:
    """The options of a preset or a game, in words."""
    from rich.table import Table

    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name, words in rules.describe():
        if name == "target" and players is not None:
            words = f"{rules.target_for(players)} points"
        changed = " (changed)" if name in rules.overridden else ""
        table.add_row(name, words + changed)
    return table


def stats_view(rows: list[dict], width: int) -> RenderableType:
    """Per-player statistics: a table on a wide screen, a block per player on a narrow one."""
    if width >= 80:
        from rich.table import Table

        table = Table(box=None, padding=(0, 1), pad_edge=False)
        for column in ("player", "games", "wins", "rounds", "points", "plays", "hands", "muggins", "best", "per round"):
            table.add_column(column, justify="left" if column == "player" else "right")
        for row in rows:
            table.add_row(row["player"], *(str(row[k]) for k in (
                "games", "wins", "rounds", "points", "from_plays", "from_hands", "from_muggins",
                "best_play", "average_per_round")))
        return table
    blocks = []
    for row in rows:
        blocks.append(Text(f"{row['player']}: {row['games']} games, {row['wins']} won, {row['rounds']} rounds", style="bold"))
        blocks.append(Text(f"  {row['points']} points: plays {row['from_plays']},\n"
                           f"  hands {row['from_hands']}, muggins {row['from_muggins']}"))
        blocks.append(Text(f"  best play {row['best_play']}, {row['average_per_round']} a round", style="dim"))
    return Group(*blocks)


def hands_note(game: Game, out: Outcome) -> str:
    won = [f"{' & '.join(game.side_names(s))} +{points(p)}" for s, p in enumerate(out.award.points) if p]
    return f"Hands: {', '.join(won) or 'nobody scores'}  ({out.award.why})"
