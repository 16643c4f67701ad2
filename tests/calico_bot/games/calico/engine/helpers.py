"""Small builders for rules tests: tiles by name and quilts filled space by space."""

from __future__ import annotations

from calico_bot.games.calico.engine.components import COLOR_INDEX, PATTERN_INDEX, board_borders, tile_of
from calico_bot.games.calico.engine.geometry import LABELS
from calico_bot.games.calico.engine.quilt import Award, Quilt

C = COLOR_INDEX
P = PATTERN_INDEX


def t(color: str, pattern: str) -> int:
    return tile_of(C[color], P[pattern])


def blank_quilt() -> Quilt:
    """A quilt with no printed border, so a test sees only the tiles it places."""
    return Quilt.new({})


def board_quilt(board: str) -> Quilt:
    return Quilt.new(board_borders()[board])


def place_all(quilt: Quilt, tiles: dict[str, int], cats: dict[int, str] | None = None) -> list[Award]:
    """Place tiles in the given order; return every award earned along the way."""
    awards: list[Award] = []
    for space, tile in tiles.items():
        awards += quilt.place(LABELS[space], tile, cats or {})
    return awards
