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
        if r.annulled is not None:
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
