"""The game record `scorepad/1` (FORMAT.md): TOML read with tomllib, written with tomli-w.

`loads`/`dumps` turn text into a replayed `Game` and back; `load`/`save` do the same for
files, saving atomically under a lock. Scores are never read from a record: they come from
replaying its moves and hands through the engine.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from scorepad.errors import ScorepadError
from scorepad.game import Game
from scorepad.notation import parse_move
from scorepad.rules import OPTION_ORDER, Rules
from scorepad.tiles import parse_tiles

FORMAT = "scorepad/1"
TOP_KEYS = ("format", "players", "rules", "rounds")
ROUND_KEYS = ("opener", "moves", "hands", "points")


class RecordError(ScorepadError):
    """A record that cannot be read: not TOML, an unknown key or version, or a move or hand
    the rules refuse. The message names the round and move, or the key and its line."""

    def __init__(self, message: str, *, round: int | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.round = round
        self.move = move


@dataclass
class Record:
    """A record read and replayed: the game, and every written `points` that disagrees
    with the count (1-based round, player, written, counted)."""

    game: Game
    point_differences: list[tuple[int, str, Any, int | Fraction]]


# --- reading --------------------------------------------------------------------------------

def loads(text: str) -> Record:
    """Read a record and replay it. Raises RecordError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(f"not a valid TOML file: {error}") from None
    _known(data, TOP_KEYS, text, "")
    if "format" not in data:
        raise RecordError(f"no 'format' key: a scorepad record starts with format = \"{FORMAT}\"")
    if data["format"] != FORMAT:
        raise RecordError(f"unknown format {data['format']!r} (line {_line(text, 'format')}): this scorepad reads {FORMAT}")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("'players' must be a list of names, e.g. players = [\"Ann\", \"Bob\"]")
    options = data.get("rules", {})
    if not isinstance(options, dict):
        raise RecordError("'rules' must be a table: [rules]")
    _known(options, ("preset", *OPTION_ORDER), text, "rules")
    options = dict(options)
    preset = options.pop("preset", "pagat")
    try:
        rules = Rules.from_options(preset, **options)
    except ScorepadError as error:
        raise RecordError(f"[rules]: {error}") from None
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise RecordError("'rounds' must be an array of tables: [[rounds]]")
    first = rounds[0].get("opener") if rounds else None
    try:
        game = Game(players, rules, opener=first if isinstance(first, str) and first in players else None)
    except ScorepadError as error:
        raise RecordError(str(error)) from None
    differences: list[tuple[int, str, Any, int | Fraction]] = []
    for number, table in enumerate(rounds, start=1):
        _replay_round(game, number, table, text, differences, last=number == len(rounds))
    return Record(game, differences)


def _replay_round(game: Game, number: int, table: dict, text: str,
                  differences: list, *, last: bool) -> None:
    _known(table, ROUND_KEYS, text, "rounds")
    where = f"round {number}"
    if len(game.rounds) != number:
        raise RecordError(f"{where}: the game was already over", round=number)
    r = game.current
    opener = table.get("opener")
    if not isinstance(opener, str):
        raise RecordError(f"{where}: 'opener' must name the player who led", round=number)
    if opener not in game.players:
        raise RecordError(f"{where}: opener '{opener}' is not playing", round=number)
    if r.opener is None:
        try:
            game.set_opener(opener)
        except ScorepadError as error:
            raise RecordError(f"{where}: {error}", round=number) from None
    elif game.players[r.opener] != opener:
        raise RecordError(
            f"{where}: opener is {opener}, but the rules ({r.opener_rule}) give {game.players[r.opener]}",
            round=number,
        )
    moves = table.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(f"{where}: 'moves' must be a list of strings like \"Ann: 6-4 E\"", round=number)
    for index, text_move in enumerate(moves, start=1):
        try:
            game.push(parse_move(text_move))
        except ScorepadError as error:
            raise RecordError(f"{where}, move {index} ({text_move!r}): {error}", round=number, move=index) from None
    hands = table.get("hands")
    if hands is not None:
        if not isinstance(hands, dict):
            raise RecordError(f"{where}: 'hands' must be a table of player = pips or \"tiles\"", round=number)
        try:
            game.end_round({name: _hand(name, value) for name, value in hands.items()})
        except ScorepadError as error:
            raise RecordError(f"{where}, hands: {error}", round=number) from None
    elif not last:
        raise RecordError(f"{where} has no 'hands': only the last round may be unfinished", round=number)
    points = table.get("points")
    if points is not None:
        if not isinstance(points, dict):
            raise RecordError(f"{where}: 'points' must be a table of player = points", round=number)
        counted = game.rounds[number - 1].side_points(len(game.sides))
        for name, written in points.items():
            if name not in game.players:
                raise RecordError(f"{where}, points: '{name}' is not playing", round=number)
            count = counted[game.side_of[game.players.index(name)]]
            if isinstance(written, bool) or not isinstance(written, (int, float)) or written != count:
                differences.append((number, name, written, count))


def _hand(name: str, value: Any) -> int | list:
    if isinstance(value, str):
        return parse_tiles(value, strict=True)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RecordError(f"{name}'s hand must be a pip total or tiles like \"4-3 5-0\", not {value!r}")


def _known(table: dict, keys: tuple[str, ...], text: str, parent: str) -> None:
    for key in table:
        if key not in keys:
            where = f"[{parent}]" if parent else "the top level"
            line = _line(text, key)
            at = f" (line {line})" if line else ""
            raise RecordError(f"unknown key '{key}' in {where}{at}: known keys are {', '.join(keys)}")


def _line(text: str, key: str) -> int | None:
    """The first line where `key` is set or opens a table, for messages about it."""
    name = re.escape(key)
    pattern = re.compile(rf'^\s*(?:{name}|"{name}"|\'{name}\')\s*=|^\s*\[+[^\]]*\b{name}\]+\s*$')
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.search(line):
            return number
    return None


# --- writing --------------------------------------------------------------------------------

def to_dict(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "players": list(game.players)}
    data["rules"] = {"preset": game.rules.preset, **game.rules.options()}
    rounds = []
    for r in game.rounds:
        if r.opener is None and not r.moves:
            continue  # the table has not said who opens it yet
        table: dict[str, Any] = {"opener": game.players[r.opener], "moves": [str(m) for m in r.moves]}
        if r.hands is not None:
            table["hands"] = {
                game.players[p]: h if isinstance(h, int) else " ".join(str(t) for t in h)
                for p, h in sorted(r.hands.items())
            }
        if r.hands is not None or (game.winner is not None and r is game.current):
            points = r.side_points(len(game.sides))
            table["points"] = {name: _number(points[game.side_of[p]]) for p, name in enumerate(game.players)}
        rounds.append(table)
    if rounds:
        data["rounds"] = rounds
    return data


def dumps(game: Game) -> str:
    import tomli_w  # only writing commands pay for it

    return tomli_w.dumps(to_dict(game), indent=2)


def _number(points: int | Fraction) -> int | float:
    """Whole points as integers, half points as x.5 (FORMAT.md)."""
    return int(points) if points == int(points) else float(points)


# --- files ----------------------------------------------------------------------------------

def load(path: str | os.PathLike) -> Record:
    """Read and replay a record file. Raises RecordError (or OSError)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file") from None
    try:
        return loads(text)
    except RecordError as error:
        raise RecordError(f"{path}: {error}", round=error.round, move=error.move) from None


def save(game: Game, path: str | os.PathLike) -> None:
    """Write atomically: a temporary file in the same folder, flushed and fsynced, then
    renamed over the record, so a crash leaves either the old or the new record whole."""
    path = Path(path)
    text = dumps(game)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable
        dir_fd = os.open(path.parent or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


class LockedError(ScorepadError):
    """Another scorepad is writing the same record."""


@contextmanager
def locked(path: str | os.PathLike, timeout: float = 5.0) -> Iterator[None]:
    """Hold the record's lock (a `.NAME.lock` file beside it) while reading, changing and
    saving, so two terminals recording at once cannot interleave."""
    import fcntl

    path = Path(path)
    lock_path = path.parent / f".{path.name}.lock"
    handle = open(lock_path, "a")
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LockedError(f"{path} is being written by another scorepad; try again") from None
                time.sleep(0.02)
        yield
    finally:
        handle.close()
