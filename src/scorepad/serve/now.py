"""The game as a phone shows it, as plain data in the current language: whose turn, the
ends and their sum, each side's score and what it still needs, the last move with its
points and reason, a muggins chance while it is open, and what the player of the page may
call now. A call is done here too, through the engine and the record's lock, as the
keyboard's are."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from scorepad.engine.game import Game
from scorepad.engine.notation import Muggins, Play
from scorepad.errors import RecordChangedError
from scorepad.i18n import _, ngettext
from scorepad.record.library import claim, claimable, digest, play
from scorepad.views.latest import last_move
from scorepad.views.sheet import still_needs
from scorepad.views.status import ends_line, explain, muggins_offer, points, side_label
from scorepad.views.summary import game_json

CALLS = ("muggins", "claim")


def seen(text: str) -> str:
    """What a call names as the record it was made against: a digest of its whole text, so
    a call made before any change (a move, an undo, an edit) is refused after it."""
    return digest(text)


class Offer(NamedTuple):
    what: str  # one of CALLS
    label: str  # the button's words


def offers(game: Game, player: str | None) -> list[Offer]:
    """What `player` may call on the game as it stands (a watcher, None: nothing): muggins
    on an opponent's missed or too high claim, and a claim of their own play just made
    that nobody claimed."""
    r = game.current
    missed = r.pending
    if player not in game.players or missed is None or game.winner is not None or not game.rules.muggins:
        return []  # a watcher, or a player of an earlier game in the same file
    if game.side_of[game.players.index(player)] != missed.side:
        return [Offer("muggins", _("Muggins! Take {points}").format(points=missed.amount))]
    amount = claimable(game, player)
    last = r.moves[-1] if r.moves else None
    if amount is not None and isinstance(last, Play):
        return [Offer("claim", _("Claim {points} for {tile}").format(points=amount, tile=last.tile))]
    return []


def _turn_words(game: Game) -> str:
    r = game.current
    if game.turn is not None:
        return _("{player} to play").format(player=game.turn)
    winners = game.winners()
    if winners is not None:
        return ngettext("{names} wins", "{names} win", len(winners)).format(names=" & ".join(winners))
    if r.result is not None:
        return _("Round {round}: the hands").format(round=r.number)
    return _("Round {round}: before the lead").format(round=r.number)


def now(game: Game, player: str | None) -> dict[str, Any]:
    """The phone's view of `game` for `player` (None: a watcher; a player of an earlier
    game in the same file watches this one)."""
    if player not in game.players:
        player = None
    r = game.current
    offer = muggins_offer(game)
    return {
        "turn": game.turn,
        "turn_words": _("round {number}").format(number=r.number) + " · " + _turn_words(game),
        "your_turn": player is not None and game.turn == player,
        "ends": ends_line(r.layout).plain if r.layout.placed else "",
        "end_sum": r.layout.end_sum if r.layout.placed else None,
        "sides": [
            {
                "name": side_label(game, s),
                "score": points(game.scores[s]),
                "needs": _("needs {points}").format(points=still_needs(game, s))
                if game.winner is None or s not in game.winner
                else still_needs(game, s),
                "turn": game.turn is not None and game.players.index(game.turn) in side,
                "yours": player is not None and game.players.index(player) in side,
            }
            for s, side in enumerate(game.sides)
        ],
        "last": last_move(game),
        "chance": offer[0].rstrip(":") if offer is not None else None,
        "calls": [offer._asdict() for offer in offers(game, player)],
        "over": game.winner is not None,
    }


def state(game: Game) -> dict[str, Any]:
    """`state.json`: the object `show --json` prints."""
    return game_json(game)


class CallRefused(Exception):
    """A call the rules or the record as it stands refuse; the message is the player's."""


def call(file: Path, player: str, what: str, against: str) -> str:
    """`player` calls `what` (one of CALLS) on the record whose digest was `against`,
    through the library (under the record's lock, through the engine); returns what it
    did, in words."""
    try:
        if what == "muggins":
            done = play(file, Muggins(player), expect=against)
        else:
            done = claim(file, player, expect=against)
    except RecordChangedError:
        raise CallRefused(_("the game changed before the call arrived: nothing was recorded")) from None
    return explain(done.game, done.outcome).plain
