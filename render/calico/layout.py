"""Pixel geometry of the quilt image: hex sizes, the board outline and each cell's center.

Hexes are pointy-top, ``HEX_W`` x ``HEX_H`` pixels (70 x 80: integer vertices, rows every 60 px,
within 1% of a regular hexagon). Row ``r`` is ``ROW_STEP`` below row ``r - 1`` and odd rows are
shifted right by half a hex, as in :mod:`calico_bot.games.calico.engine.geometry`.
"""

from __future__ import annotations

from calico_bot.games.calico.engine.geometry import SIZE, rc

HEX_W = 70
HEX_H = 80
ROW_STEP = HEX_H * 3 // 4
TILE_INSET = 1.5  # each patch is drawn this much inside its hex, leaving a seam between patches

PAD = 16  # card margin
HEADER_H = 66  # name, board and score above the board
FRAME = 12  # the board's colored frame
CLIP_X = round(HEX_W * 0.30)  # how much of the outermost border hexes lies off the board
CLIP_Y = round(HEX_H * 0.30)

GRID_W = HEX_W * SIZE + HEX_W // 2  # bounding box of the full 7x7 hex grid
GRID_H = ROW_STEP * (SIZE - 1) + HEX_H
GRID_X = PAD + FRAME - CLIP_X  # where the grid's bounding box starts in the quilt image
GRID_Y = HEADER_H + FRAME - CLIP_Y

BOARD_BOX = (GRID_X + CLIP_X, GRID_Y + CLIP_Y, GRID_X + GRID_W - CLIP_X, GRID_Y + GRID_H - CLIP_Y)
FRAME_BOX = (BOARD_BOX[0] - FRAME, BOARD_BOX[1] - FRAME, BOARD_BOX[2] + FRAME, BOARD_BOX[3] + FRAME)

QUILT_W = FRAME_BOX[2] + PAD
QUILT_H = FRAME_BOX[3] + PAD
HAND_TOP = QUILT_H - 6  # top of the hand panel (it overlaps the quilt's bottom margin)
HAND_PANEL_H = 126
HAND_H = HAND_PANEL_H - 6 + 12  # extra image height when the hand is shown
HAND_TILE_W = 76
HAND_STEP = 220  # distance between the two hand tiles


def cell_center(cell: int) -> tuple[int, int]:
    """Pixel center of a cell in the image returned by ``render_quilt`` (with or without hand)."""
    r, c = rc(cell)
    x = GRID_X + c * HEX_W + HEX_W // 2 + (HEX_W // 2 if r & 1 else 0)
    y = GRID_Y + r * ROW_STEP + HEX_H // 2
    return x, y


def hand_tile_center(index: int) -> tuple[int, int]:
    """Pixel center of hand tile ``index`` (0-based) in ``render_quilt(..., show_hand=True)``."""
    return PAD + 24 + HAND_TILE_W // 2 + index * HAND_STEP, HAND_TOP + 32 + hex_height(HAND_TILE_W) // 2


def hex_height(width: int) -> int:
    """Height of a stamp ``width`` wide (same proportions as the quilt hexes, rounded to 4 px)."""
    return max(4, round(width * HEX_H / HEX_W / 4) * 4)
