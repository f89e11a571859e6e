"""Statistics over many records (`scorepad stats`): per player, games, wins, points by
source and the best play. Apart from summary.py, which every `--json` command imports,
so that they do not define this dataclass for nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorepad.engine.game import Game
from scorepad.engine.notation import Play
from scorepad.record.format import points_number as number
from scorepad.views.summary import played_rounds

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    rounds: int = 0
    from_plays: int | Fraction = 0
    from_hands: int | Fraction = 0
    from_muggins: int | Fraction = 0
    best_play: int = 0
    best_play_move: str = ""
    files: list[str] = field(default_factory=list)

    @property
    def points(self) -> int | Fraction:
        return self.from_plays + self.from_hands + self.from_muggins

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
        }


def add_game(stats: dict[str, PlayerStats], game: Game) -> None:
    """Count one game into per-player statistics. Points are the player's own: a play or
    a muggins call counts for who made it; hand points for the players of the side."""
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
        for credit in r.credits:
            if credit.source == "hands":
                for p in game.sides[credit.side]:
                    stats[row[game.players[p]]].from_hands += credit.points
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
