"""The status a player sees after each move: what the move did, the layout, the ends, the
scores and whose turn it is. Built as `Styled` text, not rich's: recording a move draws
this and nothing else, and `views/console.py` writes it without importing rich where it
can (see `views/styled.py`). Nothing here changes a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.engine.game import Game, Outcome
from scorepad.engine.layout import Layout, Placed, arm_lying, line_lying
from scorepad.engine.notation import Draw, Exposes, Muggins, Pass, Play
from scorepad.engine.tiles import End
from scorepad.i18n import _, either, ngettext
from scorepad.views.styled import Styled, StyledLines

if TYPE_CHECKING:
    from fractions import Fraction

    from scorepad.engine.layout import Lying


def points(value: int | Fraction) -> str:
    """Scores as a player writes them: 15, 7½."""
    whole = int(value)
    return str(whole) if value == whole else f"{whole}½" if whole or value > 0 else "½"


def side_label(game: Game, side: int) -> str:
    """A side as its players' names: "Ann & Cy"."""
    return " & ".join(game.side_names(side))


def rounds_said(game: Game) -> str:
    """The rounds of a game, as `export` and `import` say them: those played or started,
    and a round dealt that nobody has led yet named apart, `1 round, round 2 begun`, as
    the page's header says it is being played while its list and layouts have none of it."""
    played = game.played_count()
    said = ngettext("{n} round", "{n} rounds", played).format(n=played)
    if game.winner is None and not game.current.moves and game.current.hands is None:
        said = _("{rounds}, round {number} begun").format(rounds=said, number=game.current.number)
    return said


def _tile(p: Placed, left: int, right: int) -> Styled:
    if p.tile.is_double:
        return Styled(f"{{{left}|{right}}}" if p.spinner else f"[{left}|{right}]", style="bold magenta" if p.spinner else "bold")
    return Styled(f"{left}-{right}")


ELLIPSIS = "…"
ARM_TILES = 4  # a side arm longer than this shows its outer tiles only (in the status)


def _joined(parts: list[Styled | None], tight: bool) -> tuple[Styled, list[int]]:
    """The parts of a line joined by spaces, a None drawn as `…`; with the start column
    of each part. `tight` leaves out the spaces around `…` where room is short."""
    line = Styled()
    starts: list[int] = []
    for i, part in enumerate(parts):
        if i and not (tight and (part is None or parts[i - 1] is None)):
            line.append(" ")
        starts.append(len(line))
        line.append_text(Styled(ELLIPSIS, style="dim") if part is None else part)
    return line, starts


def _fit(pieces: list[Styled], keep: set[int], tight: bool = False) -> tuple[Styled, list[int]]:
    """The line with only the pieces in `keep`; each run of pieces left out becomes `…`.
    Returns the line and, per piece kept, its start column (-1 for one left out)."""
    parts: list[Styled | None] = []
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


def _line_in(pieces: list[Styled], spinner: int | None, room: int) -> tuple[Styled, list[int]]:
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


def draw_layout(layout: Layout, width: int, arm_tiles: int | None = None) -> Styled | StyledLines:
    """The layout as it lies: the W-E line with each end's count at its outer end, and the
    spinner's N arm above it and S arm below, drawn outward from the spinner with their
    counts at the top and the bottom. Where room is short the spinner and the outer tiles
    stay and `…` stands for the tiles between them: in a line too wide for `width`, and in
    a side arm longer than `arm_tiles`."""
    if not layout.placed:
        return Styled(_("(no tile on the table yet)"), style="dim")
    pieces: list[Styled] = []  # W to E
    spinner = None
    for i, t in enumerate(line_lying(layout)):
        if t.placed.spinner:
            spinner = i
        pieces.append(_tile(t.placed, t.first, t.second))
    counts = layout.end_counts()
    west = Styled(f"{End.W.label}{counts[End.W]} ", style="cyan")
    east = Styled(f" {End.E.label}{counts[End.E]}", style="cyan")
    drawn, columns = _line_in(pieces, spinner, max(1, width - len(west) - len(east)))
    row = Styled.assemble(west, drawn, east)
    if not layout.side_arms_open() or spinner is None:
        return row
    centre = len(west) + columns[spinner] + len(pieces[spinner]) // 2

    def column(text: str, style: str = "") -> Styled:
        return Styled.assemble(" " * max(0, centre - len(text) // 2), (text, style))

    def arm(end: End) -> list[Styled]:
        """The arm's rows from the spinner outwards, its count last."""
        rows = [column(_arm_tile(t), "bold" if t.placed.tile.is_double else "") for t in arm_lying(layout, end)]
        if arm_tiles is not None and len(rows) > arm_tiles:
            rows = [column(ELLIPSIS, "dim"), *rows[len(rows) - arm_tiles + 1 :]]
        label = f"{end.label}{counts[end]}" if layout.arm(end) else f"{end.label}·"
        return [*rows, column(label, "cyan")]

    return StyledLines([*reversed(arm(End.N)), row, *arm(End.S)])


def ends_line(layout: Layout) -> Styled:
    """`W 2 + E 3 + N 0 = 5`, highlighted when the sum scores."""
    if not layout.placed:
        return Styled("")
    counts = layout.end_counts()
    total = layout.end_sum
    parts = " + ".join(f"{end.label} {n}" for end, n in counts.items())
    text = Styled(_("ends {terms} = ").format(terms=parts))
    scores = layout.counting.score(total) > 0
    text.append(str(total), style="bold black on yellow" if scores else "bold")
    return text


def explain(game: Game, out: Outcome) -> Styled:
    """What the move just recorded did, in one line: `Bob 6-6 E +15: 3 + 6|6 = 15`
    (an outer double shows both its halves). In a muggins game a play whose claim was
    not right reads plainly: `Cy 3-5 W: claimed 5, counts 4: nothing scores`."""
    move = out.move
    text = Styled()
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
    elif isinstance(move, Exposes):
        text.append(_("{player} showed {tile}: known to everyone").format(player=move.player, tile=move.tile), style="bold")
    if out.ruling is not None:
        text.append("\n" + _("Stands by the table's ruling: {ruling}").format(ruling=out.ruling))
    for warning in out.warnings:
        text.append(f"\n! {warning}", style="bold red")
    return text


def muggins_offer(game: Game) -> tuple[str, list[str]] | None:
    """Who may call muggins on the play just made and what it takes, in words ending in a
    colon (the way to call it follows), and those players; None when nobody may."""
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
    return what, callers


def muggins_chance(game: Game, live: bool = False) -> Styled | None:
    """Who may call muggins on the play just made, what it takes, and how to say it:
    `m Ann` at the live prompt, `scorepad muggins Ann` on the command line."""
    offer = muggins_offer(game)
    if offer is None:
        return None
    what, callers = offer
    how = f"m {callers[0]}" if live else f"scorepad muggins {callers[0]}"
    # The command on a line of its own, so a narrow screen never breaks it.
    return Styled.assemble((what, "yellow"), "\n  ", (how, "bold"))


def lead_example(opener_rule: str | None) -> str:
    """A lead as typed, for an example: a double where the highest double must lead."""
    return "66" if opener_rule == "highest-double" else "64"


def how_to_lead(game: Game, live: bool) -> str:
    """How the table says who leads the round not yet led: the next-opener prompt's
    instruction, at the live prompt (the lead typed with @NAME) or on the command line."""
    if live:
        return _("type the lead with @NAME, e.g. {tile} @{name}").format(
            tile=lead_example(game.current.opener_rule), name=game.players[0]
        )
    return _("add --by NAME")


def scores_lines(game: Game, width: int | None = None) -> Styled:
    """One line per side: names, score, tiles held, and a marker on whose turn it is. A
    line longer than `width` puts the tiles held on lines of their own, indented, on every
    side alike, broken only between players: a player's count and the marker stay beside
    their name."""
    r = game.current
    rows = []
    for s, side in enumerate(game.sides):
        names = " & ".join(game.players[p] for p in side)
        if game.winner is not None and s in game.winner:
            names = ngettext("{names} wins", "{names} win", len(side)).format(names=names)
        if len(side) == 1:
            tiles = ngettext("{held} tile", "{held} tiles", r.hand_sizes[side[0]]).format(held=r.hand_sizes[side[0]])
        else:
            # Partners: each count next to its player's name, so nobody has to know the seats;
            # the marker beside the partner to move, where a narrow screen cannot part them.
            held = ", ".join(
                f"{game.players[p]} {r.hand_sizes[p]}" + (" ◀" if game.players[p] == game.turn else "") for p in side
            )
            tiles = _("tiles: {held}").format(held=held)
        turn = game.turn is not None and game.players.index(game.turn) in side
        marker = " ◀" if turn and len(side) == 1 else ""
        rows.append((names, points(game.scores[s]), tiles + marker, turn))
    name_width = max(len(n) for n, *_ in rows)
    score_width = max(len(p) for _, p, *_ in rows)
    # Names and scores take the same room on every line: the longest line decides.
    room = name_width + 2 + score_width + 2
    folded = width is not None and any(room + len(held) > width for *_, held, _turn in rows)
    text = Styled()
    for i, (names, score, held, turn) in enumerate(rows):
        if i:
            text.append("\n")
        text.append(f"{names:<{name_width}}  {score:>{score_width}}", style="bold" if turn else "")
        if not folded:
            text.append(f"  {held}", style="dim")
            continue
        assert width is not None
        lines = [""]
        for piece in held.split(", "):
            joined = f"{lines[-1]}, {piece}" if lines[-1] else piece
            if lines[-1] and 2 + len(joined) > width:
                lines[-1] += ","
                lines.append(piece)
            else:
                lines[-1] = joined
        text.append("".join(f"\n  {line}" for line in lines), style="dim")
    return text


def status(game: Game, width: int, out: Outcome | None = None, live: bool = False) -> StyledLines:
    """Everything a player needs after a move, from the top: what the move did, the
    layout, the ends, the scores and hands, and whose turn it is. `live`: hints in the
    live prompt's syntax rather than the command line's."""
    r = game.current
    parts: list[Styled | StyledLines] = []
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
    parts.append(Styled(_dotted(facts, width), style="dim"))
    parts.append(scores_lines(game, width))
    chance = muggins_chance(game, live)
    if chance is not None:
        parts.append(chance)
    parts.append(next_step(game, live))
    return StyledLines(parts)


def _dotted(facts: list[str], width: int) -> str:
    """Facts joined by ` · `, a line broken between facts rather than inside one."""
    lines = [facts[0]]
    for fact in facts[1:]:
        if len(lines[-1]) + 3 + len(fact) <= width:
            lines[-1] += " · " + fact
        else:
            lines.append(fact)
    return "\n".join(lines)


def next_step(game: Game, live: bool = False) -> Styled:
    r = game.current
    command = "" if live else "scorepad "
    if game.winner is not None:
        return Styled(
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
        return Styled(
            over
            + "\n"
            + _("Next: {command}hands {hands}").format(command=command, hands=" ".join(f"{h}={pips}" for h in holders)),
            style="bold",
        )
    if r.turn is None:
        how = _("the highest double") if r.opener_rule == "highest-double" else _("the lot")
        if live:
            how_to = how_to_lead(game, live)
            return Styled(_("Who leads? ({how}) {how_to}").format(how=how, how_to=how_to[:1].upper() + how_to[1:]), style="bold")
        return Styled(_("Who leads? ({how}) Record the lead with --by NAME.").format(how=how), style="bold")
    return Styled(_("{name} to play.").format(name=game.players[r.turn]), style="bold")
