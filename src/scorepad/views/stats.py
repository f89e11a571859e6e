"""Statistics over many records (`scorepad stats`): per player, games, wins, points by
source and the best play, and the table (or a block per player) that shows them. Apart
from summary.py, which every `--json` command imports,
so that they do not define this dataclass for nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorepad.engine.game import Game
from scorepad.engine.notation import Play
from scorepad.i18n import _, ngettext, pgettext
from scorepad.record.format import points_number as number
from scorepad.views.summary import played_rounds

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import RenderableType


# What a move let stand broke (engine/game.py `Ruling.kinds`) -> its count's key.
RULING_KEYS = {
    "out-of-turn": "out_of_turn",
    "misplay": "misplays",
    "wrong-lead": "wrong_leads",
    "draw": "draws_standing",
    "pass": "passes_standing",
}


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    rounds: int = 0
    from_plays: int | Fraction = 0
    from_hands: int | Fraction = 0
    from_muggins: int | Fraction = 0
    # What moves of the other side that stood against the rules gave (the `penalty` option).
    from_penalties: int | Fraction = 0
    best_play: int = 0
    best_play_move: str = ""
    best_play_file: str = ""  # the record of that play: "round N" of which game
    # The table's rulings (docs/rules.md "Irregularities"): the player's moves let stand,
    # by what they broke (engine/game.py `Ruling.kinds`), the tiles they showed, and the
    # rounds annulled in their games.
    out_of_turn: int = 0
    misplays: int = 0
    wrong_leads: int = 0
    draws_standing: int = 0
    passes_standing: int = 0
    tiles_shown: int = 0
    rounds_annulled: int = 0
    stood: int = 0  # the player's moves let stand (one both out of turn and misplayed is one)

    @property
    def points(self) -> int | Fraction:
        return self.from_plays + self.from_hands + self.from_muggins + self.from_penalties

    def as_dict(self, name: str) -> dict[str, Any]:
        return {
            "player": name,
            "games": self.games,
            "wins": self.wins,
            "rounds": self.rounds,
            "points": number(self.points),
            "from_plays": number(self.from_plays),
            "from_hands": number(self.from_hands),
            "from_muggins": number(self.from_muggins),
            "best_play": self.best_play,
            "best_play_move": self.best_play_move,
            "average_per_round": round(float(self.points) / self.rounds, 2) if self.rounds else 0,
            # Last, after the columns a spreadsheet made from an older scorepad has.
            "best_play_file": self.best_play_file,
            "from_penalties": number(self.from_penalties),
            "stood": self.stood,
            **{kind: getattr(self, kind) for kind in RULING_KEYS.values()},
            "tiles_shown": self.tiles_shown,
            "rounds_annulled": self.rounds_annulled,
        }


def add_game(stats: dict[str, PlayerStats], game: Game, source: str = "") -> None:
    """Count one game into per-player statistics. Points are the player's own: a play or
    a muggins call counts for who made it; hand points for the players of the side.
    `source`: the record's path as messages name it, kept with a best play (`best_play_file`)."""
    played = game.played_count()
    if not played:
        return  # a record nobody has played in yet (a fresh start, one abandoned) is no game
    winners = set(game.winners() or [])
    # A player is the same person in every record whatever the case of the name ("bob" and
    # "Bob"); the first spelling met is shown.
    known = {key.casefold(): key for key in stats}
    row = {name: known.get(name.casefold(), name) for name in game.players}
    for name in game.players:
        s = stats.setdefault(row[name], PlayerStats())
        s.games += 1
        s.wins += name in winners
        s.rounds += played
    for r in played_rounds(game):
        for ruling in r.rulings:  # what happened in an annulled round happened too
            s = stats[row[r.moves[ruling.move].player]]
            s.stood += 1
            for kind in ruling.kinds:
                setattr(s, RULING_KEYS[kind], getattr(s, RULING_KEYS[kind]) + 1)
        for _index, exposed in r.exposed:
            stats[row[exposed.player]].tiles_shown += 1
        if r.annulled is not None:
            for name in game.players:
                stats[row[name]].rounds_annulled += 1
            continue  # it counts nothing
        for credit in r.credits:
            if credit.source in ("hands", "penalty"):
                for p in game.sides[credit.side]:
                    if credit.source == "hands":
                        stats[row[game.players[p]]].from_hands += credit.points
                    else:
                        stats[row[game.players[p]]].from_penalties += credit.points
                continue
            s = stats[row[game.players[credit.player]]]
            if credit.source == "muggins":
                s.from_muggins += credit.points
                continue
            s.from_plays += credit.points
            assert credit.move is not None  # only hand credits have no move
            move = r.moves[credit.move]
            if isinstance(move, Play) and credit.points > s.best_play:
                s.best_play, s.best_play_move = int(credit.points), f"round {r.number}: {move}"
                s.best_play_file = source


def stats_view(rows: list[dict[str, Any]], width: int) -> RenderableType:
    """Per-player statistics: a table on a wide screen, a block per player on a narrow one."""
    from rich.console import Group
    from rich.text import Text

    if width >= 80:
        from rich.table import Table

        table = Table(box=None, padding=(0, 1), pad_edge=False)
        heads: tuple[str, ...] = (
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
        keys = ["games", "wins", "rounds", "points", "from_plays", "from_hands", "from_muggins", "best_play", "average_per_round"]
        if any(row.get("from_penalties") for row in rows):  # the `penalty` option's points, where any were given
            heads = (*heads[:8], pgettext("stats column", "pen"), *heads[8:])
            keys.insert(7, "from_penalties")
        for i, head in enumerate(heads):
            table.add_column(head, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(row["player"], *(_decimal(row[k]) for k in keys))
        return Group(table, *_rulings(rows))
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
        if row.get("from_penalties"):  # the `penalty` option's points: part of `points`
            blocks.append(Text(_("  penalties {penalties}").format(penalties=_decimal(row["from_penalties"]))))
        blocks.append(
            Text(
                _("  best play {best}, {average} a round").format(best=row["best_play"], average=row["average_per_round"]),
                style="dim",
            )
        )
    return Group(*blocks, *_rulings(rows))


def _rulings(rows: list[dict[str, Any]]) -> list[RenderableType]:
    """A line per player the table ruled on: the moves let stand by what they broke, the
    tiles shown, the rounds annulled in their games; nothing where there were none."""
    from rich.text import Text

    lines: list[RenderableType] = []
    for row in rows:
        said = [_ruling_words(key, row[key]) for key in RULING_WORDS if row.get(key)]
        if said:
            lines.append(Text(_("{player}: {rulings}").format(player=row["player"], rulings=", ".join(said)), style="dim"))
    if lines:
        lines.insert(0, Text(_("The table's rulings (moves let stand, tiles shown, rounds annulled):"), style="bold"))
    return lines


RULING_WORDS = ("out_of_turn", "misplays", "wrong_leads", "draws_standing", "passes_standing", "tiles_shown", "rounds_annulled")


def _ruling_words(key: str, n: int) -> str:
    """`n` rulings of the kind `key` (a key of RULING_WORDS) in words."""
    if key == "out_of_turn":
        said = ngettext("{n} play out of turn", "{n} plays out of turn", n)
    elif key == "misplays":
        said = ngettext("{n} misplay", "{n} misplays", n)
    elif key == "wrong_leads":
        said = ngettext("{n} lead by the wrong player", "{n} leads by the wrong player", n)
    elif key == "draws_standing":
        said = ngettext("{n} draw holding a playable tile", "{n} draws holding a playable tile", n)
    elif key == "passes_standing":
        said = ngettext("{n} pass holding a playable tile", "{n} passes holding a playable tile", n)
    elif key == "tiles_shown":
        said = ngettext("{n} tile shown", "{n} tiles shown", n)
    else:
        said = ngettext("{n} round annulled", "{n} rounds annulled", n)
    return said.format(n=n)


def _decimal(value: object) -> str:
    """A statistic as the language writes it: 742.5 in English, 742,5 in German."""
    return str(value).replace(".", pgettext("decimal separator", ".")) if isinstance(value, float) else str(value)
