"""Helpers at the table: where a tile can go and what it would leave the next player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.engine.layout import Layout
from scorepad.engine.tiles import ALL_TILES, End, Tile


class Reply(NamedTuple):
    """The best score the next player could make, with which tile and where."""

    score: int
    tile: Tile | None
    end: End | None


class Option(NamedTuple):
    tile: Tile
    end: End | None
    score: int
    reply: Reply


def best_reply(layout: Layout, unseen: Sequence[Tile]) -> Reply:
    best = Reply(0, None, None)
    for tile in unseen:
        for placement in layout.placements(tile):
            if placement.score > best.score:
                best = Reply(placement.score, tile, placement.end)
    return best


def hint(layout: Layout, tiles: Sequence[Tile]) -> dict[Tile, list[Option]]:
    """For each of `tiles` (the asker's hand), every place it fits now with its score, and
    the best the next player could answer from the tiles nobody has seen: those not on the
    table and not in `tiles`."""
    mine = {t.id for t in tiles}
    unseen = [t for t in ALL_TILES if t.id not in mine and not layout.on_table(t)]
    result: dict[Tile, list[Option]] = {}
    for tile in tiles:
        options = []
        for placement in layout.placements(tile):
            after = layout.copy()
            after.place(tile, placement.end)
            options.append(Option(tile, placement.end, placement.score, best_reply(after, unseen)))
        result[tile] = options
    return result
