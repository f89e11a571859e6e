"""Games summed up as plain data: the JSON of docs/format.md (`show --json`, `audit --json`)
and the log (statistics over many records: stats.py). No terminal, no TOML."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from scorepad.engine.game import Game, Round, Settled
from scorepad.engine.notation import Play
from scorepad.record.format import points_number as number


def scores(game: Game) -> dict[str, int | float]:
    return {p: number(game.scores[game.side_of[i]]) for i, p in enumerate(game.players)}


def game_json(game: Game) -> dict[str, Any]:
    """`scorepad show --json` (docs/format.md)."""
    r = game.current
    return {
        "players": list(game.players),
        "sides": [game.side_names(s) for s in range(len(game.sides))],
        "scores": scores(game),
        "round": r.number,
        "state": game.state,
        "turn": game.turn,
        "ends": {end.value: n for end, n in r.layout.end_counts().items()},
        "end_sum": r.layout.end_sum,
        "boneyard": r.boneyard,
        "hand_sizes": {p: r.hand_sizes[i] for i, p in enumerate(game.players)},
        "winner": game.winners(),
    }


def round_result(game: Game, r: Round) -> tuple[str, list[str] | None]:
    """ "domino", "blocked" or "unfinished", and the players of the side that won it."""
    if r.hands is None:
        if r.result == "domino" and game.winner is not None and r is game.rounds[-1]:
            # The game ended with a player's last tile (or a muggins call right after it):
            # the round was won by domino, though no hands are entered.
            assert r.domino_maker is not None  # push() names the maker of every domino
            return "domino", game.side_names(game.side_of[r.domino_maker])
        return "unfinished", None
    winner = r.award.winner if r.award is not None else None
    return r.result or "unfinished", game.side_names(winner) if winner is not None else None


def played_rounds(game: Game) -> Iterator[Round]:
    """The rounds that were played or started (not a next round nobody has led yet), one
    at a time: a long game's folded rounds are laid again as they are reached."""
    return (r for r in game.rounds if r.moves or r.hands is not None)


def round_points(game: Game, r: Round) -> dict[str, int | float]:
    points = r.side_points(len(game.sides))
    return {p: number(points[game.side_of[i]]) for i, p in enumerate(game.players)}


def audit_json(path: str, game: Game | None, problems: Iterable[Any], notes: Iterable[Any] = ()) -> dict[str, Any]:
    """One line of `scorepad audit --json` (docs/format.md). Notes never make `ok` false."""
    problems = list(problems)
    rounds = []
    if game is not None:
        for r in game.settled_rounds():
            if isinstance(r, Settled):
                points, result = r.points, r.result or "unfinished"
                winner = game.side_names(r.winner) if r.winner is not None else None
            else:
                points, (result, winner) = tuple(r.side_points(len(game.sides))), round_result(game, r)
            by_player = {p: number(points[game.side_of[i]]) for i, p in enumerate(game.players)}
            rounds.append({"points": by_player, "result": result, "winner": winner})
    return {
        "file": path,
        "ok": game is not None and not problems,
        "scores": scores(game) if game is not None else {},
        "rounds": rounds,
        "problems": [{"round": p.round, "move": p.move, "message": p.message} for p in problems],
        "notes": [{"round": n.round, "move": n.move, "message": n.message} for n in notes],
        "winner": game.winners() if game is not None else None,
    }


class MugginsMark(NamedTuple):
    """A play's muggins chance: `amount` went, or could have gone, to `caller`."""

    amount: int
    penalty: bool  # the claim was too high: the caller takes the claim
    caller: str | None  # None: nobody called


def muggins_marks(game: Game, r: Round) -> dict[int, MugginsMark]:
    """Per play (0-based move index) of a round: the muggins call on it, or the missed
    score nobody called."""
    marks = {m.move: MugginsMark(m.amount, False, None) for m in r.uncalled}
    for credit in r.credits:
        if credit.source == "muggins" and credit.move:
            # A call comes right after the play it takes from.
            play = r.moves[credit.move - 1]
            penalty = isinstance(play, Play) and play.claim == credit.points
            marks[credit.move - 1] = MugginsMark(int(credit.points), penalty, game.players[credit.player])
    return marks


def log_json(game: Game) -> list[dict[str, Any]]:
    """Every move of every round with the points it credited; a play with a muggins
    chance also says what was missed and who called it (`called_by` null: nobody)."""
    rounds = []
    for r in played_rounds(game):
        moves = []
        marks = muggins_marks(game, r)
        stood = {ruling.move: ruling.kinds for ruling in r.rulings}
        for i, move in enumerate(r.moves):
            credits = [c for c in r.credits if c.move == i]
            entry = {"move": str(move), "points": {game.players[c.player]: number(c.points) for c in credits}}
            if i in marks:
                mark = marks[i]
                entry["muggins"] = {"amount": mark.amount, "penalty": mark.penalty, "called_by": mark.caller}
            if i in stood:
                entry["stands"] = list(stood[i])
            moves.append(entry)
        result, winner = round_result(game, r)
        rounds.append(
            {
                "round": r.number,
                "opener": game.players[r.opener] if r.opener is not None else None,
                "moves": moves,
                "result": result,
                "winner": winner,
                "hands": None
                if r.hands is None
                else {game.players[p]: h if isinstance(h, int) else " ".join(map(str, h)) for p, h in r.hands.items()},
                "points": round_points(game, r),
                "annulled": r.annulled,
            }
        )
    return rounds
