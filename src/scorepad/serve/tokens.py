"""The links' tokens: one for the watchers, one per player, each its link's only secret."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class Links:
    """The tokens of one run: the watchers' and one per player. A token is its link's
    only secret; they live as long as the server."""

    watch: str
    players: dict[str, str]  # token -> player

    @classmethod
    def made(cls, players: list[str]) -> Links:
        return cls(new_token(), {new_token(): player for player in players})

    def find(self, token: str) -> tuple[bool, str | None]:
        """Whether `token` is one of the links, and its player (None: the watchers')."""
        found: tuple[bool, str | None] = (False, None)
        # Compared with every token in constant time: an answer's delay tells nothing of them.
        if hmac.compare_digest(token.encode(), self.watch.encode()):
            found = (True, None)
        for known, player in self.players.items():
            if hmac.compare_digest(token.encode(), known.encode()):
                found = (True, player)
        return found

    def of(self, player: str) -> str:
        return next(token for token, name in self.players.items() if name == player)
